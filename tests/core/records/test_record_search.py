"""Near-duplicate records in real files: groups, a query's nearest, what cannot be read."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from simfind.core.base.errors import InputError, InputProblem, SkipCause, SkipReason
from simfind.core.compare.pair_table import EXACT_FROM, PairTable
from simfind.core.compare.verify import comparable, shares
from simfind.core.fingerprint.simhash import hamming
from simfind.core.index.candidates import widest_radius
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.records.collect import RecordOptions, fingerprint_piece
from simfind.core.records.cutting import Piece, RecordSpec, default_threshold, piece_settings
from simfind.core.records.identifiers import NameKind
from simfind.core.records.search import (
    RecordGroupsResult,
    find_record_groups,
    rank_records,
    regroup_records,
)
from simfind.core.scan.context import ScanContext
from tests.places import TESTS
from tests.texts import EN_DOCS

SETTINGS = RecordOptions(RecordSpec.parse("lines")).features

QUOTES = [
    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？",
    "知之为知之，不知为不知，是知也。",
    "The only way to do great work is to love what you do.",
    "温故而知新，可以为师矣。",
    "Stay hungry, stay foolish.",
    "Simplicity is the ultimate sophistication.",
    "学而时习之，不亦悦乎？有朋自远方来，不亦乐乎？",  # 说 -> 悦: line 7
    "}",
    "The only way to do great work is to love what you do!",  # line 9
    "知之为知之，不知为不知，是知也。",  # an exact repeat: line 10
    "Talk is cheap. Show me the code.",
]


#: A verse, its Song-dynasty variant and an edited copy: the copy and the variant are not
#: similar (0.40), each is similar to the verse (0.67, 0.86).
VERSE = "床前明月光，疑是地上霜。"
VARIANT = "床前看月光，疑是地上霜。"
COPY = "床前明月光，好像地上霜。"


def groups_as_lines(result: RecordGroupsResult) -> list[set[int]]:
    return [{result.records[m.record].line for m in group.members} for group in result.groups]


def test_near_duplicate_lines_of_one_file(tmp_path: Path, untouched) -> None:
    quotes = tmp_path / "quotes.txt"
    quotes.write_text("\n".join(QUOTES) + "\n", encoding="utf-8")
    check = untouched(tmp_path)
    result = find_record_groups([quotes], RecordOptions(RecordSpec.parse("lines")))
    check()
    assert result.threshold == default_threshold(RecordSpec.parse("lines")) == 0.55
    assert sorted(groups_as_lines(result), key=min) == [{1, 7}, {2, 10}, {3, 9}]
    assert len(result.records) == len(QUOTES) - 1  # "}" is too short to be a record
    for group in result.groups:
        centre, *rest = group.members
        # One character of a Chinese line changes a word (说乎 -> 悦乎): 0.71, as a diff
        # of the lines' words says.
        assert centre.similarity == 1.0 and all(0.7 <= (m.similarity or 0) < 1 or
                                                 m.similarity == 1.0 for m in rest)  # fmt: skip
    assert result.files[0].path == quotes and result.files[0].rel == ""


def test_a_line_similar_to_one_variant_of_a_verse_is_not_left_out(tmp_path: Path) -> None:
    # Line 3 is a variant of line 1, line 5 an edited copy of it; 3 and 5 are not similar
    # (0.40), so no group can hold all three: line 1 is in two groups, one with each.
    poems = tmp_path / "poems.txt"
    lines = [VERSE, "飞流直下三千尺，疑是银河落九天。", VARIANT, "举头望明月，低头思故乡。", COPY]
    poems.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = find_record_groups([poems], RecordOptions(RecordSpec.parse("lines")))
    assert sorted(groups_as_lines(result), key=sorted) == [{1, 3}, {1, 5}]
    assert all(group.members[0].similarity == 1.0 for group in result.groups)
    assert all((m.similarity or 0) >= 0.5 for g in result.groups for m in g.members)


def test_records_of_every_file_in_a_folder_in_gbk_too(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("\n".join(QUOTES[:4]), encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_bytes("\n".join(QUOTES[4:8]).encode("gb18030"))
    (tmp_path / "image.bin").write_bytes(bytes(range(256)) * 8)
    result = find_record_groups([tmp_path], RecordOptions(RecordSpec.parse("lines")))
    group = result.groups[0]
    where = {(result.files[result.records[m.record].file].rel, result.records[m.record].line)
             for m in group.members}  # fmt: skip
    assert where == {("a.txt", 1), ("sub/b.txt", 3)}
    assert result.files[1].encoding == "gb18030"
    assert [(s.rel, s.reason) for s in result.skipped] == [("image.bin", SkipReason.BINARY)]


def test_csv_column_near_duplicates_and_files_without_it(tmp_path: Path) -> None:
    rows = ["who,quote"] + [f'"someone {i}","{q}"' for i, q in enumerate(QUOTES)]
    (tmp_path / "quotes.csv").write_text("\n".join(rows), encoding="utf-8")
    (tmp_path / "other.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    result = find_record_groups([tmp_path], RecordOptions(RecordSpec.parse("csv:quote")))
    assert sorted(groups_as_lines(result), key=min) == [{2, 8}, {3, 11}, {4, 10}]
    [skipped] = result.skipped
    assert skipped.rel == "other.csv" and skipped.reason is SkipReason.NO_RECORDS
    assert skipped.detail is not None and skipped.detail.cause is SkipCause.NO_COLUMN
    assert skipped.detail.columns == ("a", "b")
    with pytest.raises(InputError) as caught:
        find_record_groups([tmp_path / "other.csv"], RecordOptions(RecordSpec.parse("csv:quote")))
    assert caught.value.problem is InputProblem.INPUT_UNUSABLE
    assert caught.value.detail is not None and caught.value.detail.column == "quote"


def test_identifiers_near_copies_once_per_name_with_their_places(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(
        "def get_user_name(user):\n    return user\n\nMAX_RETRIES = 3\n", encoding="utf-8"
    )
    (tmp_path / "b.js").write_text(
        "function getUserName(u) { return u; }\nconst maxRetries = 4;\n", encoding="utf-8"
    )
    (tmp_path / "c.py").write_text(
        "def get_user_name(u):\n    pass\n\n\ndef get_usr_name(u):\n    pass\n"
        "def parse_config(path):\n    pass\n",
        encoding="utf-8",
    )
    (tmp_path / "notes.txt").write_text("get_user_name = 1\n", encoding="utf-8")
    spec = RecordSpec.parse("identifiers")
    result = find_record_groups([tmp_path], RecordOptions(spec))
    assert result.threshold == default_threshold(spec) == 0.8  # names' own, when none is asked
    names = {r.text: r for r in result.records}
    assert names["get_user_name"].places == 2 and names["get_user_name"].line == 1
    assert result.files[names["get_user_name"].file].rel == "a.py"
    assert names["getUserName"].kind is NameKind.FUNCTION
    assert names["MAX_RETRIES"].kind is NameKind.CONSTANT
    as_names = [{result.records[m.record].text for m in g.members} for g in result.groups]
    assert {"get_user_name", "getUserName", "get_usr_name"} in as_names
    assert not any("parse_config" in group for group in as_names)
    assert [(s.rel, s.detail.cause if s.detail else None) for s in result.skipped] == [
        ("notes.txt", SkipCause.NO_LEXER)
    ]


def test_a_query_ranks_its_near_duplicates_first(tmp_path: Path) -> None:
    (tmp_path / "quotes.txt").write_text("\n".join(QUOTES), encoding="utf-8")
    result = rank_records(
        "The only way to do great work is to love what you do",
        [tmp_path],
        RecordOptions(RecordSpec.parse("lines")),
    )
    first, second, third = result.matches[:3]
    assert {result.records[first.record].line, result.records[second.record].line} == {3, 9}
    assert first.similar and second.similar and not third.similar
    assert all(m.similarity is not None for m in result.matches)  # few records: all verified
    names = rank_records("getUserNames", [tmp_path / "quotes.txt"],
                         RecordOptions(RecordSpec.parse("lines")))  # fmt: skip
    assert names.matches[0].similarity is not None and names.matches[0].similarity < 0.5


def test_a_query_without_words_is_refused(tmp_path: Path) -> None:
    (tmp_path / "quotes.txt").write_text("\n".join(QUOTES), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        rank_records("   ", [tmp_path], RecordOptions(RecordSpec.parse("lines")))
    assert caught.value.problem is InputProblem.QUERY_EMPTY


def test_missing_inputs_are_named(tmp_path: Path) -> None:
    with pytest.raises(InputError) as caught:
        find_record_groups([tmp_path / "nope.txt"], RecordOptions(RecordSpec.parse("lines")))
    assert caught.value.problem is InputProblem.INPUT_MISSING
    assert caught.value.path == tmp_path / "nope.txt"


def test_a_cancel_keeps_what_was_read(tmp_path: Path) -> None:
    for index in range(5):
        (tmp_path / f"{index}.txt").write_text("\n".join(QUOTES), encoding="utf-8")
    cancel = threading.Event()
    cancel.set()
    result = find_record_groups(
        [tmp_path], RecordOptions(RecordSpec.parse("lines")), context=ScanContext(cancel=cancel)
    )
    assert result.cancelled and result.groups == []


#: Unrelated names of one codebase, and near-copies of some of them.
UNRELATED_NAMES = [
    "parse_config_file", "render_template_string", "get_user_permissions", "MAX_RETRY_COUNT",
    "HttpResponseRedirect", "build_query_params", "on_window_resize", "flush_write_buffer",
    "DatabaseConnectionPool", "validate_email_address", "compute_checksum", "LazyObjectProxy",
    "remove_stale_entries", "default_timeout_seconds", "TokenizerState", "collect_garbage_stats",
    "format_exception_chain", "load_plugin_modules", "is_valid_identifier", "SessionMiddleware",
]  # fmt: skip
NEAR_NAMES = [
    ("parse_config_file", "parse_confg_file"),
    ("get_user_permissions", "getUserPermissions"),
    ("HttpResponseRedirect", "HttpResponseRedirects"),
    ("compute_checksum", "_compute_checksum"),
]


def test_names_are_fingerprinted_so_unrelated_names_lie_apart() -> None:
    # By single characters all names looked alike (26 letters): most pairs fell
    # within the radius and the search for pairs among 100,000 names never ended.
    options = RecordOptions(RecordSpec.parse("identifiers"))
    radius = widest_radius(options.features.bits)

    def value(name: str) -> int:
        found = fingerprint_piece(Piece(1, name, NameKind.VARIABLE), options.features)
        assert found is not None
        return found

    values = [value(name) for name in UNRELATED_NAMES]
    close = sum(hamming(a, b) <= radius for k, a in enumerate(values) for b in values[k + 1 :])
    assert close <= 2, close
    for original, copy in NEAR_NAMES:
        assert hamming(value(original), value(copy)) <= radius, (original, copy)


def test_lines_in_an_alphabet_are_fingerprinted_so_unrelated_lines_lie_apart() -> None:
    # By single letters every English line looked like every other: all pairs fell
    # within the radius, and the search among 120,000 lines never ended.
    options = RecordOptions(RecordSpec.parse("lines"))
    radius = widest_radius(options.features.bits)

    def value(text: str) -> int:
        found = fingerprint_piece(Piece(1, text), options.features)
        assert found is not None
        return found

    lines = [s.strip() + "." for doc in EN_DOCS for s in doc.split(".") if len(s.split()) >= 6]
    assert len(lines) >= 10
    values = [value(line) for line in lines]
    pairs = len(values) * (len(values) - 1) // 2
    close = sum(hamming(a, b) <= radius for k, a in enumerate(values) for b in values[k + 1 :])
    assert close <= pairs // 10, (close, pairs)
    for line in lines:
        words = line.split()
        words[len(words) // 2] = "elephant"
        assert hamming(value(line), value(" ".join(words))) <= radius, line
    # Chinese lines keep their single characters (each ideograph nearly a word).
    chinese = "床前明月光，疑是地上霜。"
    assert piece_settings(chinese, options.features) == options.features


def test_records_compared_together_score_as_compared_one_by_one() -> None:
    long_text = " ".join(EN_DOCS[0].split()[:80])
    texts = [*QUOTES, long_text, long_text.replace("the", "a"), "ab", "a b a b a b", "a b"]
    table = PairTable(texts, RecordOptions(RecordSpec.parse("lines")).features)
    first, second = np.indices((len(texts), len(texts))).reshape(2, -1)
    together = table.similarities(first, second).tolist()
    alone = [
        shares(comparable(texts[a], SETTINGS), comparable(texts[b], SETTINGS)).similarity
        for a, b in zip(first, second, strict=True)
    ]
    assert alone == [table.pair(a, b) for a, b in zip(first, second, strict=True)]
    for value, exact in zip(together, alone, strict=True):
        if value >= EXACT_FROM:  # measured exactly, as one by one
            assert value == exact
        else:  # an upper bound (the words shared in any order), under any threshold
            assert exact <= value + 1e-9 and value - exact < 0.15
    assert len(table.similarities(first[:0], second[:0])) == 0
    assert 0.6 < table.similarities(np.array([len(QUOTES)]), np.array([len(QUOTES) + 1]))[0] < 1.0


def test_regrouping_records_gives_what_a_new_search_would(tmp_path: Path) -> None:
    quotes = tmp_path / "quotes.txt"
    quotes.write_text("\n".join(QUOTES) + "\n", encoding="utf-8")
    options = RecordOptions(RecordSpec.parse("lines"))
    first = find_record_groups([quotes], options, GroupingOptions(threshold=0.5))
    for threshold in (0.5, 0.85, 0.99):
        again = regroup_records(first, threshold)
        fresh = find_record_groups([quotes], options, GroupingOptions(threshold=threshold))
        assert groups_as_lines(again) == groups_as_lines(fresh)
        assert again.threshold == threshold
    assert len(regroup_records(first, 0.85).groups) < len(first.groups)


def test_pairs_whose_runs_are_in_order_are_measured_exactly_without_a_call_each() -> None:
    """Real lines (two releases of a Debian manual's Chinese pages, and sayings sharing
    their attributions, so with boilerplate): every pair that could be similar scores
    what verify.shares gives it, most of them without shares being called."""
    data = TESTS / "data"
    texts = [
        line
        for path in [*sorted((data / "zh_manual").glob("*.txt")), data / "sayings" / "sayings.txt"]
        for line in path.read_text(encoding="utf-8").splitlines()
        if len(line.strip()) >= 4
    ]
    table = PairTable(texts, SETTINGS)
    assert not table.boilerplate().empty and table.weights is not None
    first, second = np.triu_indices(len(texts), 1)
    calls: list[tuple[int, int]] = []
    exact = table.pair
    table.pair = lambda a, b: calls.append((a, b)) or exact(a, b)  # type: ignore[method-assign]
    together = table.similarities(first, second)
    measured = np.flatnonzero(together >= EXACT_FROM)
    assert len(measured) >= 20
    for at in measured.tolist():
        assert abs(together[at] - exact(int(first[at]), int(second[at]))) < 1e-9
    # Of the pairs of texts of three words or more, about half need shares: where the
    # shared words are in order and none repeats (or the two are the same words), the
    # count is the measure's own (24 of these 46 pairs; 12 of 34 while a lone pair of
    # common words was boilerplate too: fewer pairs could reach EXACT_FROM then).
    worded = [
        (int(first[at]), int(second[at]))
        for at in measured.tolist()
        if min(table.words[first[at]], table.words[second[at]]) >= 3
    ]
    assert len(worded) >= 10
    assert len(set(worded) & set(calls)) <= len(worded) * 0.55

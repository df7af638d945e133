"""Shared passages of two texts: where they are, how long, and what is not one."""

from __future__ import annotations

import numpy as np
import pytest

from simfind.core.compare.passages import (
    MIN_WORDS,
    TextSpan,
    line_bounds,
    line_marks,
    shared_passages,
)
from simfind.core.text.tokens import token_hashes, token_spans, tokenize
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def _words(text: str) -> int:
    return len(tokenize(text))


@pytest.mark.parametrize(
    "text",
    [
        EN_DOCS[0],
        ZH_DOCS[1] + " mixed with English, ﬁle … straße",
        CODE,
        "e\u0301cole 한국어 ＡＢＣ",
        "",
    ],
)
def test_token_spans_are_the_engines_tokens_in_place(text: str) -> None:
    starts, ends, hashes = token_spans(text)
    assert np.array_equal(hashes, token_hashes(text))
    tokens = tokenize(text)
    assert len(starts) == len(ends) == len(tokens)
    for start, end, token in zip(starts.tolist(), ends.tolist(), tokens, strict=True):
        assert tokenize(text[start:end]) == [token]


def test_an_excerpt_inside_a_file_ten_times_longer() -> None:
    source = " ".join(EN_DOCS)
    excerpt = source[40:340]  # 300 characters, the last word cut ("ou" of "out")
    assert excerpt.endswith(" ou")
    # The file holds the whole source, the excerpt's part in capitals and broken into lines.
    changed = source[:40] + excerpt.upper().replace(" ", "\n  ") + source[340:]
    file = "\n".join([*ZH_DOCS[:3], changed, CODE, *ZH_DOCS[3:], *ZH_DOCS])
    assert len(file) >= 10 * len(excerpt)
    result = shared_passages(excerpt, file)
    assert len(result.passages) == 1
    passage = result.passages[0]
    assert passage.words == _words(excerpt) - 1  # all but the cut word
    assert result.left_share == pytest.approx(passage.words / _words(excerpt))
    assert result.right_share == pytest.approx(passage.words / _words(file))
    # From the first word to the last whole one: punctuation is not a word.
    assert passage.left == TextSpan(1, excerpt.index("anyway,") + 6, 0, 0)
    inside = file[passage.right.start : passage.right.end]
    assert inside.startswith("STAIRS\n") and inside.endswith("ANYWAY")
    first = file.index("STAIRS")
    lines = file.splitlines()
    assert lines[passage.right.first_line] == "  STAIRS"
    assert lines[passage.right.first_line - 1] == "The lighthouse keeper climbed the spiral"
    assert passage.right.first_line == file[:first].count("\n")
    assert lines[passage.right.last_line] == "  ANYWAY,"


def test_a_moved_block_is_found_where_it_went() -> None:
    paragraphs = [*EN_DOCS, CODE]
    moved = [paragraphs[3], paragraphs[1], paragraphs[0], paragraphs[2]]
    left, right = "\n\n".join(paragraphs), "\n\n".join(moved)
    result = shared_passages(left, right)
    assert result.left_share == pytest.approx(1.0)
    assert result.right_share == pytest.approx(1.0)
    # In the right text's order: the code first, found at the end of the left text.
    first = result.passages[0]
    assert left[first.left.start : first.left.end].startswith("def parse_config")
    assert right[first.right.start : first.right.end].startswith("def parse_config")
    assert first.right.first_line == 0
    assert first.left.first_line == left[: first.left.start].count("\n")
    starts = {left[p.left.start : p.left.start + 12] for p in result.passages}
    assert {"def parse_co", "To configure", "The lighthou", "Bees communi"} <= starts


def test_chinese_passages_survive_punctuation_and_spacing() -> None:
    left = ZH_DOCS[0] + ZH_DOCS[1]
    copied = ZH_DOCS[1].replace("，", ", ").replace("。", "。\n")
    right = ZH_DOCS[3] + "\n" + copied + "\n" + ZH_DOCS[2]
    result = shared_passages(left, right)
    assert len(result.passages) == 1
    passage = result.passages[0]
    assert passage.words == _words(ZH_DOCS[1])
    assert left[passage.left.start : passage.left.end] == ZH_DOCS[1].rstrip("。")
    assert passage.right.first_line == 1
    assert passage.right.last_line == ZH_DOCS[1].count("。")  # a line per sentence from line 1


def test_unrelated_texts_share_no_passage() -> None:
    for left, right in [
        (EN_DOCS[0], EN_DOCS[1]),
        (ZH_DOCS[0], ZH_DOCS[2]),
        (CODE, EN_DOCS[2]),
        ("\n".join(ZH_DOCS), "\n".join(EN_DOCS)),
    ]:
        result = shared_passages(left, right)
        assert result.passages == ()
        assert result.left_share == result.right_share == 0.0


def test_the_minimum_length() -> None:
    sentence = EN_DOCS[2].split(". ")[1]  # "The angle of the dance ..." (29 words)
    words = _words(sentence)
    assert words >= MIN_WORDS
    line = "# you may not use this file except in compliance with the License."
    assert _words(line) < MIN_WORDS  # one line of a licence header is no passage
    left = f"{EN_DOCS[0]}\n{line}\nreturn None\n{sentence}.\n"
    right = f"{line}\n{EN_DOCS[1]}\nreturn None\nanswer = 42\n{sentence}!\n"
    result = shared_passages(left, right)
    assert [p.words for p in result.passages] == [words]
    shorter = " ".join(sentence.split()[: MIN_WORDS - 1])
    assert shared_passages(left, f"{EN_DOCS[1]} {shorter}").passages == ()
    assert len(shared_passages(left, right, min_words=8).passages) == 2
    with pytest.raises(ValueError):
        shared_passages(left, right, min_words=0)


def test_a_block_held_twice_is_marked_twice() -> None:
    right = "\n".join([EN_DOCS[0], EN_DOCS[2], EN_DOCS[0]])
    result = shared_passages(EN_DOCS[0], right)
    assert len(result.passages) == 2
    assert result.left_covered == _words(EN_DOCS[0])  # counted once on the left
    assert result.right_covered == 2 * _words(EN_DOCS[0])
    assert result.words == 2 * _words(EN_DOCS[0])


def test_repeated_boilerplate_does_not_cut_a_passage() -> None:
    # A run of words the left text holds many times is not matched by itself, but
    # the words around it join over it into one passage.
    boiler = "the same line again and again " * 40
    left = f"{EN_DOCS[0]} {boiler} {EN_DOCS[1]} {boiler}"
    right = f"{EN_DOCS[0]} {boiler} {EN_DOCS[1]}"
    result = shared_passages(left, right)
    assert result.right_share == pytest.approx(1.0)
    assert len(result.passages) == 1


def test_line_marks_follow_splitlines() -> None:
    text = "one\r\ntwo three\x0cfour\u2028five six\nseven"
    starts, ends = line_bounds(text)
    assert [text[a:b] for a, b in zip(starts, ends, strict=True)] == text.splitlines()
    token_starts, token_ends, _ = token_spans(text)
    # From "three" to "five": the end of line 1, all of line 2, the start of line 3.
    span = TextSpan(int(token_starts[2]), int(token_ends[4]), 1, 3)
    marks = line_marks([span], (starts, ends))
    assert marks == {1: [(4, 9)], 2: [(0, 4)], 3: [(0, 4)]}


def test_two_copies_of_a_repetitive_text_line_up() -> None:
    # Every run of words here is frequent: it pairs with its own copy, not with all others.
    text = "\n".join(f"INFO worker started job queue poll interval {i % 3}" for i in range(300))
    result = shared_passages(text, text)
    assert len(result.passages) == 1
    assert result.left_share == result.right_share == 1.0
    excerpt = "\n".join(text.splitlines()[100:160])
    result = shared_passages(excerpt, text)
    assert result.left_share == 1.0


def test_token_spans_of_a_long_text_go_piece_by_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    from simfind.core.text import long_text

    text = "\n".join([*ZH_DOCS, *EN_DOCS, CODE] * 3)
    whole = token_spans(text)
    monkeypatch.setattr(long_text, "PIECE_CHARS", 500)  # many pieces, cut at line breaks
    pieces = token_spans(text)
    for a, b in zip(whole, pieces, strict=True):
        assert np.array_equal(a, b)


def test_texts_too_long_are_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    from simfind.core.compare import passages

    monkeypatch.setattr(passages, "MAX_CHARS", len(EN_DOCS[0]) * 2 - 1)
    result = shared_passages(EN_DOCS[0], EN_DOCS[0])
    assert result.too_large and result.passages == ()
    monkeypatch.setattr(passages, "MAX_CHARS", len(EN_DOCS[0]) * 2)
    assert shared_passages(EN_DOCS[0], EN_DOCS[0]).passages

"""The diff model on real pairs: Chinese edits, moved code, line endings, huge lines."""

from __future__ import annotations

import time

from simfind.core.base.errors import DiffNotice, DiffNoticeKind, LineEnding
from simfind.core.compare.diff import DiffOptions, Kind, diff_texts, inline_spans, split_words
from tests.texts import CODE, ZH_DOCS


def changed_words(text: str, spans) -> list[str]:  # type: ignore[no-untyped-def]
    return [text[a:b] for a, b in spans]


def test_identical_texts_are_all_equal() -> None:
    result = diff_texts(CODE, CODE)
    assert {row.kind for row in result.rows} == {Kind.EQUAL}
    assert result.changes() == []


def test_chinese_edit_highlights_the_changed_words() -> None:
    left = ZH_DOCS[1]
    right = left.replace("最重要的", "最关键的")
    result = diff_texts(left, right)
    (row,) = [r for r in result.rows if r.kind is Kind.CHANGED]
    assert changed_words(left, row.left_spans) == ["重要"]
    assert changed_words(right, row.right_spans) == ["关键"]


def test_inserted_and_deleted_lines_are_aligned_against_gaps() -> None:
    left = "a\nb\nc\nd\n"
    right = "a\nc\nd\nnew\n"
    rows = diff_texts(left, right).rows
    assert [(r.kind, r.left, r.right) for r in rows] == [
        (Kind.EQUAL, 0, 0),
        (Kind.DELETED, 1, None),
        (Kind.EQUAL, 2, 1),
        (Kind.EQUAL, 3, 2),
        (Kind.INSERTED, None, 3),
    ]


def test_code_with_a_moved_block() -> None:
    lines = CODE.splitlines()
    moved = lines[:2] + lines[10:] + lines[2:10]
    result = diff_texts(CODE, "\n".join(moved))
    kinds = [r.kind for r in result.rows]
    assert kinds.count(Kind.EQUAL) >= len(lines) - 10
    assert len(result.changes()) >= 1
    assert {r.left for r in result.rows if r.left is not None} == set(range(len(lines)))


def test_crlf_against_lf_is_not_a_change_but_is_noted() -> None:
    result = diff_texts(CODE.replace("\n", "\r\n"), CODE)
    assert {row.kind for row in result.rows} == {Kind.EQUAL}
    assert result.notices == [
        DiffNotice(DiffNoticeKind.LINE_ENDINGS_DIFFER, left=LineEnding.CRLF, right=LineEnding.LF)
    ]


def test_missing_final_newline_is_not_a_change() -> None:
    result = diff_texts(CODE.rstrip("\n"), CODE)
    assert {row.kind for row in result.rows} == {Kind.EQUAL}


def test_trailing_whitespace_is_a_change_unless_ignored() -> None:
    right = CODE.replace("sections = {}", "sections = {}   ")
    assert any(r.kind is Kind.CHANGED for r in diff_texts(CODE, right).rows)
    relaxed = diff_texts(CODE, right, DiffOptions(ignore_whitespace=True))
    assert {r.kind for r in relaxed.rows} == {Kind.EQUAL}


def test_case_and_blank_lines_can_be_ignored() -> None:
    right = CODE.upper().replace("\n", "\n\n", 3)
    options = DiffOptions(ignore_case=True, ignore_blank_lines=True)
    result = diff_texts(CODE, right, options)
    assert {r.kind for r in result.rows} == {Kind.EQUAL}
    assert {r.right for r in result.rows if r.right is not None} == set(
        range(len(right.splitlines()))
    )


def test_empty_against_non_empty() -> None:
    rows = diff_texts("", CODE).rows
    assert {r.kind for r in rows} == {Kind.INSERTED}
    assert len(rows) == len(CODE.splitlines())
    assert diff_texts("", "").rows == []


def test_a_single_20_mb_line_degrades_to_line_level_quickly() -> None:
    left = "word " * 4_000_000
    right = left[:-10] + "different"
    started = time.perf_counter()
    result = diff_texts(left, right)
    assert time.perf_counter() - started < 10  # a stall guard, not a benchmark
    (row,) = result.rows
    assert row.kind is Kind.CHANGED and row.left_spans == ()
    assert [n.kind for n in result.notices] == [DiffNoticeKind.LONG_LINES_PLAIN]
    assert result.notices[0].count == 1


def test_hundred_thousand_lines() -> None:
    left = "\n".join(f"line {i} of many" for i in range(100_000))
    right = left.replace("line 5000 of", "line five thousand of")
    result = diff_texts(left, right)
    assert [r.left for r in result.rows if r.kind is Kind.CHANGED] == [5000]


def test_inline_spans_for_latin_words() -> None:
    left_spans, right_spans = inline_spans("the quick brown fox", "the quick red fox")
    assert changed_words("the quick brown fox", left_spans) == ["brown"]
    assert changed_words("the quick red fox", right_spans) == ["red"]


def test_ideographs_beyond_the_first_plane_are_words_of_their_own() -> None:
    # Extension B ideographs are CJK to the diff as to the fingerprint: cut apart from Latin.
    pieces = split_words("𠀀𠀁abc")
    assert "".join(pieces) == "𠀀𠀁abc"
    assert pieces[-1] == "abc"

"""A side-by-side diff as data: aligned rows, and the changed words inside changed lines.

No Qt here: the view only paints what this returns. Lines are aligned with an
edit-distance alignment over line keys (rapidfuzz, bit-parallel, in C++);
inside a changed line the changed spans come from the same alignment over
words (jieba words for Chinese). Past a size budget it degrades instead of
stalling: no inline spans for very long lines, and no line alignment at all
for two huge texts, each time with a notice saying so.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from simfind.core.base.errors import DiffNotice, DiffNoticeKind, LineEnding
from simfind.core.text.scripts import fold_scripts
from simfind.core.text.segment import CJK, cut_cjk

#: Lines longer than this get no word-level highlighting (as Meld does past 20,000).
MAX_INLINE_CHARS = 20_000
#: Above this product of differing line counts, lines are not aligned one by one.
MAX_ALIGN_CELLS = 20_000_000_000

_PIECES = re.compile(rf"[{CJK}]+|[^\W{CJK}]+|\s+|.", re.DOTALL)
_CJK_RUN = re.compile(f"[{CJK}]+")
_SPACE = re.compile(r"\s+")


class Kind(str, Enum):
    EQUAL = "equal"
    CHANGED = "changed"
    INSERTED = "inserted"  # only on the right
    DELETED = "deleted"  # only on the left


Span = tuple[int, int]


@dataclass(frozen=True)
class DiffOptions:
    ignore_whitespace: bool = False
    ignore_case: bool = False
    ignore_blank_lines: bool = False
    #: Traditional Chinese compared as Simplified (scripts.fold_scripts), shown as written.
    fold_scripts: bool = False


@dataclass(frozen=True)
class Row:
    """One aligned row: a line on either side (None where that side has a gap)."""

    kind: Kind
    left: int | None  # 0-based line number on the left, or None for a gap
    right: int | None
    left_spans: tuple[Span, ...] = ()
    right_spans: tuple[Span, ...] = ()


@dataclass
class DiffResult:
    left_lines: list[str]
    right_lines: list[str]
    rows: list[Row] = field(default_factory=list)
    notices: list[DiffNotice] = field(default_factory=list)

    def changes(self) -> list[int]:
        """Row indices where each run of differing rows starts (for next/previous)."""
        starts = []
        for index, row in enumerate(self.rows):
            if row.kind is not Kind.EQUAL and (
                index == 0 or self.rows[index - 1].kind is Kind.EQUAL
            ):
                starts.append(index)
        return starts


def _line_endings(text: str) -> LineEnding | None:
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    if crlf and lf:
        return LineEnding.MIXED
    return LineEnding.CRLF if crlf else LineEnding.LF if lf else None


def _key(line: str, options: DiffOptions) -> str:
    line = line.replace(_JOINED, "")  # a line break unwrapped between Chinese characters
    if options.fold_scripts:
        line = fold_scripts(line)
    if options.ignore_whitespace:
        line = _SPACE.sub("", line)
    if options.ignore_case:
        line = line.casefold()
    return line


def split_words(line: str) -> list[str]:
    """Words, runs of space and single symbols, with Chinese runs cut by jieba."""
    pieces: list[str] = []
    for piece in _PIECES.findall(line):
        if _CJK_RUN.fullmatch(piece):
            pieces.extend(cut_cjk(piece))
        else:
            pieces.append(piece)
    return pieces


def inline_spans(
    left: str, right: str, options: DiffOptions = DiffOptions()
) -> tuple[tuple[Span, ...], tuple[Span, ...]]:
    """Character spans of the words that differ between two lines (the words of their
    folded forms, which keep every character where it was)."""
    if options.fold_scripts:
        left, right = fold_scripts(left), fold_scripts(right)
    a, b = split_words(left), split_words(right)
    a_keys = [_key(w, options) for w in a]
    b_keys = [_key(w, options) for w in b]
    a_at = _offsets(a)
    b_at = _offsets(b)
    left_spans: list[Span] = []
    right_spans: list[Span] = []
    for op in Levenshtein.opcodes(a_keys, b_keys):
        if op.tag == "equal":
            continue
        if options.ignore_whitespace and all(
            not k for k in a_keys[op.src_start : op.src_end] + b_keys[op.dest_start : op.dest_end]
        ):
            continue
        if op.src_end > op.src_start:
            _extend(left_spans, (a_at[op.src_start], a_at[op.src_end]))
        if op.dest_end > op.dest_start:
            _extend(right_spans, (b_at[op.dest_start], b_at[op.dest_end]))
    return tuple(left_spans), tuple(right_spans)


def _offsets(words: list[str]) -> list[int]:
    at = [0]
    for word in words:
        at.append(at[-1] + len(word))
    return at


def _extend(spans: list[Span], span: Span) -> None:
    """Append, merging with the previous span when they touch."""
    if spans and spans[-1][1] >= span[0]:
        spans[-1] = (spans[-1][0], max(spans[-1][1], span[1]))
    else:
        spans.append(span)


#: Code and data, whose lines keep their shape: a diff shows them unwrapped. Other text
#: (prose, notes, Markdown, no extension) wraps.
CODE_SUFFIXES = frozenset(
    {
        ".py",
        ".pyi",
        ".c",
        ".h",
        ".cc",
        ".cpp",
        ".cxx",
        ".hpp",
        ".hh",
        ".cs",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".go",
        ".rs",
        ".swift",
        ".m",
        ".mm",
        ".js",
        ".mjs",
        ".cjs",
        ".ts",
        ".tsx",
        ".jsx",
        ".vue",
        ".php",
        ".rb",
        ".pl",
        ".pm",
        ".lua",
        ".r",
        ".jl",
        ".sh",
        ".bash",
        ".zsh",
        ".fish",
        ".ps1",
        ".bat",
        ".cmd",
        ".sql",
        ".json",
        ".jsonl",
        ".xml",
        ".yaml",
        ".yml",
        ".toml",
        ".ini",
        ".cfg",
        ".conf",
        ".csv",
        ".tsv",
        ".css",
        ".scss",
        ".less",
        ".html",
        ".htm",
        ".svg",
        ".po",
        ".pot",
        ".properties",
        ".gradle",
        ".cmake",
        ".mk",
        ".makefile",
        ".dockerfile",
        ".log",
        ".diff",
        ".patch",
    }
)


def wraps_by_default(*paths: str | os.PathLike[str]) -> bool:
    """Whether a diff of these files wraps its long lines unless told: prose does, code not."""
    return not any(Path(path).suffix.lower() in CODE_SUFFIXES for path in paths)


#: What a line break between two Chinese characters becomes once unwrapped: no space.
_JOINED = "\u200b"
_CJK_CHAR = re.compile(f"[{CJK}\u3000-\u303f\uff00-\uffef]")
#: A line break inside a paragraph: between two lines that are not blank.
_WRAPPED = re.compile(r"(?<=\S)([ \t]*)(\r\n|\n|\r)(?=[ \t]*\S)")


def unwrapped(text: str) -> str:
    """The text with each paragraph on one line: a break between two lines that are not
    blank becomes spaces, as many as its characters, so every character keeps its place
    (between two Chinese characters, where a break is no space, zero-width spaces that
    the diff does not see). A document's text has a line per paragraph; a text file of
    the same words wraps them (at 72 columns, say), and line by line the two would differ
    on every line."""

    def joined(match: re.Match[str]) -> str:
        before, after = text[match.start() - 1], text[match.end() : match.end() + 1]
        cjk = bool(_CJK_CHAR.match(before)) and bool(_CJK_CHAR.match(after))
        return match.group(1) + (_JOINED if cjk else " ") * len(match.group(2))

    return _WRAPPED.sub(joined, text)


def as_paragraphs(texts: list[str], formats: list[str]) -> list[str]:
    """Texts to diff: a plain text beside a document's text unwrapped (``unwrapped``), so
    that the same words line up paragraph by paragraph; any other pair as they are."""
    documents = [fmt != "text" for fmt in formats]
    if any(documents) and not all(documents):
        return [
            text if document else unwrapped(text)
            for text, document in zip(texts, documents, strict=True)
        ]
    return texts


def diff_texts(left: str, right: str, options: DiffOptions = DiffOptions()) -> DiffResult:
    """Align two texts line by line; changed lines carry their changed word spans."""
    result = DiffResult(left.splitlines(), right.splitlines())
    left_end, right_end = _line_endings(left), _line_endings(right)
    if left_end is not None and right_end is not None and left_end != right_end:
        notice = DiffNotice(DiffNoticeKind.LINE_ENDINGS_DIFFER, left=left_end, right=right_end)
        result.notices.append(notice)
    a_index = [
        i
        for i, line in enumerate(result.left_lines)
        if not (options.ignore_blank_lines and not line.strip())
    ]
    b_index = [
        i
        for i, line in enumerate(result.right_lines)
        if not (options.ignore_blank_lines and not line.strip())
    ]
    a_keys = [_key(result.left_lines[i], options) for i in a_index]
    b_keys = [_key(result.right_lines[i], options) for i in b_index]
    rows: list[Row] = []
    skipped_inline = 0
    if len(a_keys) * len(b_keys) > MAX_ALIGN_CELLS and a_keys != b_keys:
        result.notices.append(DiffNotice(DiffNoticeKind.TOO_LARGE_TO_ALIGN))
        opcodes = [("replace", 0, len(a_keys), 0, len(b_keys))]
    else:
        opcodes = [
            (op.tag, op.src_start, op.src_end, op.dest_start, op.dest_end)
            for op in Levenshtein.opcodes(a_keys, b_keys)
        ]
    for tag, a0, a1, b0, b1 in opcodes:
        if tag == "equal":
            rows.extend(Row(Kind.EQUAL, a_index[a0 + k], b_index[b0 + k]) for k in range(a1 - a0))
            continue
        paired = min(a1 - a0, b1 - b0)
        for k in range(paired):
            li, ri = a_index[a0 + k], b_index[b0 + k]
            ltext, rtext = result.left_lines[li], result.right_lines[ri]
            if max(len(ltext), len(rtext)) > MAX_INLINE_CHARS:
                skipped_inline += 1
                rows.append(Row(Kind.CHANGED, li, ri))
                continue
            lspans, rspans = inline_spans(ltext, rtext, options)
            rows.append(Row(Kind.CHANGED, li, ri, lspans, rspans))
        rows.extend(Row(Kind.DELETED, a_index[a0 + k], None) for k in range(paired, a1 - a0))
        rows.extend(Row(Kind.INSERTED, None, b_index[b0 + k]) for k in range(paired, b1 - b0))
    result.rows = _with_ignored_blank_lines(rows, result, options)
    if skipped_inline:
        result.notices.append(
            DiffNotice(
                DiffNoticeKind.LONG_LINES_PLAIN, count=skipped_inline, limit=MAX_INLINE_CHARS
            )
        )
    return result


def _with_ignored_blank_lines(
    rows: list[Row], result: DiffResult, options: DiffOptions
) -> list[Row]:
    """Put back the blank lines left out of the alignment, as equal rows with a gap."""
    if not options.ignore_blank_lines:
        return rows
    out: list[Row] = []
    next_left = next_right = 0
    for row in rows:
        if row.left is not None:
            out.extend(Row(Kind.EQUAL, i, None) for i in range(next_left, row.left))
            next_left = row.left + 1
        if row.right is not None:
            out.extend(Row(Kind.EQUAL, None, i) for i in range(next_right, row.right))
            next_right = row.right + 1
        out.append(row)
    out.extend(Row(Kind.EQUAL, i, None) for i in range(next_left, len(result.left_lines)))
    out.extend(Row(Kind.EQUAL, None, i) for i in range(next_right, len(result.right_lines)))
    return out

"""Records: the items of one file that are compared with each other instead of whole files.

A file's text (decoded by text.reading, as for a scan) is cut into records of one kind:

* ``lines``: every line;
* ``paragraphs``: runs of lines between blank lines;
* ``csv:COLUMN``: the cells of one column of a CSV file, named by its header
  or by its 1-based number (the first row is the header, never a record);
* ``identifiers``: the names of functions, classes, constants and variables
  defined in source code (identifiers.py).

Each record keeps its 1-based line in the file (a CSV row's first line, a
paragraph's first line, a name's first definition). Two texts go with it:
what its fingerprint is made of (a name's words: ``getUserName`` and
``get_user_name`` both read "get user name") and what the edit distance is
measured on (the text itself; the name as written).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from enum import Enum

from simfind.core.base.defaults import DEFAULT_MIN_CHARS, NAME_THRESHOLD, RECORD_THRESHOLD
from simfind.core.base.errors import SkipCause
from simfind.core.records.identifiers import NameKind, definitions, lexer_for, name_words
from simfind.core.text.features import FeatureSettings
from simfind.core.text.folding import normalize
from simfind.core.text.segment import CJK

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DELIMITERS = (",", "\t", ";", "|")
# CSV cells may be long (a quotation with its source); the csv module's own limit is 128 KiB.
_CSV_FIELD_LIMIT = 16 * 1024 * 1024


class RecordKind(str, Enum):
    LINES = "lines"
    PARAGRAPHS = "paragraphs"
    CSV = "csv"
    IDENTIFIERS = "identifiers"


@dataclass(frozen=True)
class RecordSpec:
    """What a record is: a kind, and for CSV the column (a header name or a 1-based number)."""

    kind: RecordKind
    column: str = ""

    @classmethod
    def parse(cls, text: str) -> RecordSpec:
        """``lines``, ``paragraphs``, ``identifiers`` or ``csv:COLUMN``; ValueError otherwise."""
        kind, colon, column = text.partition(":")
        try:
            parsed = RecordKind(kind.strip().lower())
        except ValueError:
            raise ValueError(text) from None
        if parsed is RecordKind.CSV:
            if not colon or not column.strip():
                raise ValueError(text)
            return cls(parsed, column.strip())
        if colon:
            raise ValueError(text)
        return cls(parsed)

    def __str__(self) -> str:
        return f"csv:{self.column}" if self.kind is RecordKind.CSV else self.kind.value


class RecordsError(Exception):
    """A file that gives no records of the kind asked for, and why (a SkipCause)."""

    def __init__(
        self, cause: SkipCause, column: str = "", columns: tuple[str, ...] = (), error: str = ""
    ) -> None:
        super().__init__(cause, column, columns, error)
        self.cause = cause
        self.column = column
        self.columns = columns
        self.error = error


@dataclass(frozen=True)
class Piece:
    """One record as cut from a text: where, what, and (names) of what kind."""

    line: int
    text: str
    kind: NameKind | None = None


def record_settings(
    bits: int = 128, kind: RecordKind | None = None, fold_scripts: bool = True
) -> FeatureSettings:
    """How records are fingerprinted: single characters and single words, 128 bits.

    A record is a line or a name: a dozen characters. One edit in it changes a
    quarter of its character trigrams and half its word pairs, and its
    fingerprint moved 18 of 64 bits (median; 29 at the 98th percentile) for
    planted one- or two-edit copies of Chinese poem lines, while unrelated lines
    lie 19 bits apart at the 1st percentile. Characters and words one by one
    change least; among 120,000 lines the original was among the 64 nearest
    of its copy for 0.98 of them, against 0.61 with the files' features at 64
    bits (bench_records).

    Names (``kind`` IDENTIFIERS) take character pairs instead of single
    characters: names are made of 26 letters, so by their single characters
    every name looks like every other, and 1,140 of pytest's 2,789 names fell
    within the radius (41 bits) of each name, so that among 108,000 names the
    search for pairs never ended. With character pairs, 17 did, and 300
    planted near-copies of them (typo, plural, case style...) still moved at
    most 38 bits (98th percentile; none beyond 41).
    """
    pairs = 2 if kind is RecordKind.IDENTIFIERS else 1
    return FeatureSettings(bits=bits, shingle=1, char_ngram=pairs, fold_scripts=fold_scripts)


#: Characters per n-gram for a record in an alphabet (see ``piece_settings``).
ALPHABET_NGRAM = 3
_IDEOGRAPH = re.compile(f"[{CJK}]")
_LETTER = re.compile(r"\w")


def piece_settings(text: str, settings: FeatureSettings) -> FeatureSettings:
    """The settings a record's own text is fingerprinted with.

    Single characters suit ideographs, each nearly a word; in an alphabet they
    make every record look like every other (by their letters, each of 1,500
    real English sentences of Django's documentation lay within the radius of
    all 1,499 others, so the search for pairs became all pairs and never ended
    among 120,000 lines). A record mostly in an alphabet (ideographs less than a
    third of its letters) takes character trigrams instead, as a short file
    does: then 4 others lie within the radius (median), and a copy with one or
    two edits or a quarter of its words edited stays within it for 0.997 of 300
    queries and among its 64 nearest for all of them (bench_accuracy's
    short_texts_en, not the held-out records_en). Two records fingerprinted
    differently are far apart, as an English line and a Chinese one are anyway.
    """
    if settings.char_ngram != 1:
        return settings
    letters = len(_LETTER.findall(text))
    if 3 * len(_IDEOGRAPH.findall(text)) >= letters:
        return settings
    return replace(settings, char_ngram=ALPHABET_NGRAM)


def default_threshold(spec: RecordSpec) -> float:
    """The similarity from which two records are near-duplicates, by default."""
    return NAME_THRESHOLD if spec.kind is RecordKind.IDENTIFIERS else RECORD_THRESHOLD


def feature_text(piece: Piece) -> str:
    """What a record's fingerprint is made of: a name's words, else the text."""
    return " ".join(name_words(piece.text)) if piece.kind is not None else piece.text


def long_enough(piece: Piece, min_chars: int) -> bool:
    """Whether a record is at least ``min_chars`` characters (a text's, normalised)."""
    if piece.kind is not None:
        return len(piece.text) >= min_chars
    text = piece.text
    if len(text) < min_chars:
        return False
    return len(normalize(text)) >= min_chars


def lines(text: str) -> list[Piece]:
    return [Piece(number, line) for number, line in enumerate(_LINE_BREAK.split(text), start=1)]


def paragraphs(text: str) -> list[Piece]:
    """Runs of lines that are not blank, each at its first line, its lines joined by newlines."""
    found: list[Piece] = []
    block: list[str] = []
    start = 0
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if line.strip():
            if not block:
                start = number
            block.append(line)
        elif block:
            found.append(Piece(start, "\n".join(block)))
            block = []
    if block:
        found.append(Piece(start, "\n".join(block)))
    return found


def _delimiter(first_line: str, filename: str) -> str:
    if filename.lower().endswith((".tsv", ".tab")):
        return "\t"
    counts = [first_line.count(d) for d in _DELIMITERS]
    best = max(range(len(_DELIMITERS)), key=lambda i: (counts[i], -i))
    return _DELIMITERS[best] if counts[best] else ","


def _column_index(header: list[str], column: str) -> int:
    names = [cell.strip() for cell in header]
    if column in names:
        return names.index(column)
    folded = [name.casefold() for name in names]
    if column.casefold() in folded:
        return folded.index(column.casefold())
    if column.isdigit() and 1 <= int(column) <= len(header):
        return int(column) - 1
    raise RecordsError(SkipCause.NO_COLUMN, column=column, columns=tuple(names))


def csv_cells(text: str, column: str, filename: str = "") -> list[Piece]:
    """The cells of one column, each at the first line of its row; the header row is not one.

    The delimiter is the one of , tab ; | that the header line holds most
    (tab for .tsv); quoted cells may span lines.
    """
    first = _LINE_BREAK.split(text, maxsplit=1)[0]
    dialect_delimiter = _delimiter(first, filename)
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, _CSV_FIELD_LIMIT))
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=dialect_delimiter)
        header = next(reader, None)
        if header is None:
            raise RecordsError(SkipCause.NO_COLUMN, column=column)
        index = _column_index(header, column)
        found: list[Piece] = []
        start = reader.line_num + 1
        for row in reader:
            if index < len(row):
                found.append(Piece(start, row[index]))
            start = reader.line_num + 1
        return found
    except csv.Error as exc:
        raise RecordsError(SkipCause.NOT_CSV, error=str(exc)) from exc
    finally:
        csv.field_size_limit(limit)


def names(text: str, filename: str) -> list[Piece]:
    """Every name defined in a source file, at its first definition in the file."""
    lexer = lexer_for(filename)
    if lexer is None:
        raise RecordsError(SkipCause.NO_LEXER)
    first: dict[str, Piece] = {}
    for line, name, kind in definitions(text, lexer):
        first.setdefault(name, Piece(line, name, kind))
    return list(first.values())


def can_have_records(spec: RecordSpec, filename: str) -> bool:
    """False when a file of this name surely has none (identifiers: no lexer knows it)."""
    return spec.kind is not RecordKind.IDENTIFIERS or lexer_for(filename) is not None


def cut(text: str, spec: RecordSpec, filename: str = "") -> list[Piece]:
    """A file's records of the kind asked for, in order (RecordsError when it can have none)."""
    if spec.kind is RecordKind.LINES:
        return lines(text)
    if spec.kind is RecordKind.PARAGRAPHS:
        return paragraphs(text)
    if spec.kind is RecordKind.CSV:
        return csv_cells(text, spec.column, filename)
    return names(text, filename)


__all__ = [
    "DEFAULT_MIN_CHARS",
    "Piece",
    "RecordKind",
    "RecordSpec",
    "RecordsError",
    "can_have_records",
    "csv_cells",
    "cut",
    "default_threshold",
    "feature_text",
    "lines",
    "long_enough",
    "names",
    "paragraphs",
    "record_settings",
]

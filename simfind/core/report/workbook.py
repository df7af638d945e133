"""Rows as an Excel workbook, every value kept: what a sheet cannot hold is said and kept.

A cell holds at most 32,767 characters and a sheet 1,048,576 rows (Excel's limits,
which XlsxWriter enforces by cutting the text or dropping the cell, and says so
only in a return value). Here a longer text is cut in its cell with a note on
it, and written whole on a sheet of its own, in parts that join to it; rows past
a sheet's last go on in another sheet, under the same header; a date before
1900, which Excel cannot count, is written as text. The cells cut are returned,
for the caller to say so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple

if TYPE_CHECKING:
    from xlsxwriter.worksheet import Worksheet

#: Excel's limits: the characters (UTF-16 code units) of a cell, the rows of a sheet.
CELL_CHARACTERS = 32_767
SHEET_ROWS = 1_048_576

# The first day Excel counts (1900-01-01 is day 1; it has no day 0 nor negative days).
_FIRST_DAY = datetime(1900, 1, 1)


@dataclass(frozen=True)
class WorkbookWords:
    """The words a workbook adds to the caller's header, in one language."""

    #: The sheet that holds the texts cut in their cells, whole.
    whole_sheet: str
    #: Its header: where the cell is, how long its text is, the text in parts.
    sheet: str
    row: str
    column: str
    characters: str
    parts: str
    #: The note on a cut cell; {characters}, {sheet}, {row}: the whole text and where it is.
    cut_note: str


class CutCell(NamedTuple):
    """A text longer than a cell holds: cut in its cell, whole on ``WorkbookWords.whole_sheet``."""

    sheet: str
    row: int  # as the sheet numbers it: the header is row 1
    column: str  # its title in the header
    characters: int


def _units(text: str) -> int:
    """The text's length as Excel counts it: in UTF-16 code units."""
    if len(text) <= CELL_CHARACTERS // 2:  # short enough whatever it holds: no encoding
        return len(text)
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def parts(text: str, size: int = CELL_CHARACTERS) -> list[str]:
    """``text`` in consecutive parts of at most ``size`` UTF-16 code units each, no
    character split between two (their join is the text)."""
    if _units(text) <= size:
        return [text]
    out: list[str] = []
    start = 0
    while start < len(text):
        stop = min(len(text), start + size)  # at most size characters: at most size*2 units
        while _units(text[start:stop]) > size:
            stop -= max(1, (_units(text[start:stop]) - size) // 2)
        out.append(text[start:stop])
        start = stop
    return out


class _Sheets:
    """The result's sheets, one after another: each with the header, at most SHEET_ROWS."""

    def __init__(self, book: Any, header: Sequence[str], rows_per_sheet: int) -> None:
        self.book, self.header, self.rows_per_sheet = book, list(header), rows_per_sheet
        self.bold = book.add_format({"bold": True})
        self.when = book.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
        self.sheet: Worksheet | None = None
        self.row = 0  # the current sheet's last row written (0: the header)
        self.widths: list[int] = []

    def open(self) -> Worksheet:
        """A new sheet, its header written (rows go out in order: constant memory)."""
        self.close()
        sheet: Worksheet = self.book.add_worksheet()
        sheet.write_row(0, 0, self.header, self.bold)
        self.sheet, self.row = sheet, 0
        self.widths = [max(8, len(title) + 2) for title in self.header]
        return sheet

    def next_row(self) -> Worksheet:
        """The sheet the next row goes to (a new one when the current one is full)."""
        sheet = self.sheet
        if sheet is None or self.row == self.rows_per_sheet - 1:
            sheet = self.open()
        self.row += 1
        return sheet

    def close(self) -> None:
        """The current sheet's column widths, frozen header and filter."""
        if self.sheet is None:
            return
        for column, width in enumerate(self.widths):
            self.sheet.set_column(column, column, width)
        self.sheet.freeze_panes(1, 0)
        self.sheet.autofilter(0, 0, self.row, max(len(self.header) - 1, 0))


def write_xlsx(
    stream: BinaryIO,
    header: Sequence[str],
    rows: Iterable[Sequence[Any]],
    words: WorkbookWords,
    rows_per_sheet: int = SHEET_ROWS,
) -> list[CutCell]:
    """An Excel workbook: numbers, booleans and dates as such, text as text (never run as a
    formula), the header frozen and filterable; returns the cells whose text was cut."""
    import xlsxwriter  # only when a workbook is asked for

    book = xlsxwriter.Workbook(stream, {"constant_memory": True, "strings_to_urls": False})
    sheets = _Sheets(book, header, rows_per_sheet)
    whole_sheet = words.whole_sheet[:31]  # Excel's longest sheet name
    cut: list[tuple[CutCell, str]] = []
    for values in rows:
        sheet = sheets.next_row()
        number, widths = sheets.row, sheets.widths
        for column, value in enumerate(values):
            if value is None:
                continue
            if isinstance(value, bool):
                sheet.write_boolean(number, column, value)
            elif isinstance(value, int | float):
                sheet.write_number(number, column, value)
            elif isinstance(value, datetime) and value >= _FIRST_DAY:
                sheet.write_datetime(number, column, value, sheets.when)
                widths[column] = max(widths[column], 20)
            else:
                text = value.isoformat(" ") if isinstance(value, datetime) else str(value)
                whole = parts(text)
                sheet.write_string(number, column, whole[0])
                widths[column] = min(60, max(widths[column], len(whole[0]) + 2))
                if len(whole) > 1:  # noted now: a row written is gone (constant memory)
                    cell = CutCell(sheet.name, number + 1, sheets.header[column], len(text))
                    cut.append((cell, text))
                    where = {"sheet": whole_sheet, "row": len(cut) + 1}
                    note = words.cut_note.format(characters=f"{len(text):,}", **where)
                    sheet.write_comment(number, column, note)
    if sheets.sheet is None:
        sheets.open()  # the header alone
    sheets.close()
    if cut:
        _whole_values(book.add_worksheet(whole_sheet), cut, words)
    book.close()
    return [cell for cell, _ in cut]


def _whole_values(whole: Worksheet, cut: list[tuple[CutCell, str]], words: WorkbookWords) -> None:
    """The sheet of texts cut in their cells, whole: one row each, its parts side by side."""
    whole.write_row(0, 0, [words.sheet, words.row, words.column, words.characters, words.parts])
    whole.freeze_panes(1, 0)
    for number, (cell, text) in enumerate(cut, start=1):
        whole.write_row(number, 0, [cell.sheet, cell.row, cell.column, cell.characters])
        for offset, part in enumerate(parts(text)):
            whole.write_string(number, 4 + offset, part)


__all__ = ["CELL_CHARACTERS", "SHEET_ROWS", "CutCell", "WorkbookWords", "parts", "write_xlsx"]

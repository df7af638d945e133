"""Workbooks change no value silently: a text longer than a cell holds is cut there with a
note and kept whole on a sheet of its own; rows past a sheet's last go on in another; a
date Excel cannot count is written as text (core.report.workbook)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from simfind.cli.base.words import WORKBOOK
from simfind.core.report.workbook import CELL_CHARACTERS, SHEET_ROWS, CutCell, parts, write_xlsx
from tests.workbook_read import read_workbook


def written(target: Path, header: list[str], rows: list[list[object]], **options: int):  # type: ignore[no-untyped-def]
    with target.open("wb") as stream:
        return write_xlsx(stream, header, rows, WORKBOOK, **options)


def test_two_texts_alike_for_a_cell_stay_apart_whole(tmp_path: Path) -> None:
    common = "word " * 8_000  # 40,000 characters
    first, second = common + "alpha", common + "omega"
    target = tmp_path / "long.xlsx"
    cut = written(target, ["path", "record"], [["a.txt", first], ["b.txt", second], ["c", "x"]])
    assert cut == [
        CutCell("Sheet1", 2, "record", len(first)),
        CutCell("Sheet1", 3, "record", len(second)),
    ]
    results, whole = read_workbook(target)
    assert results.cells["B2"] == results.cells["B3"] == first[:CELL_CHARACTERS]  # the cut
    assert (
        "40,005 characters" in results.notes["B2"]
        and '"Whole values", row 2' in (results.notes["B2"])
    )
    assert "B4" not in results.notes and results.cells["B4"] == "x"
    assert whole.name == "Whole values"
    assert whole.row(1) == ["Sheet", "Row", "Column", "Characters", "Text, in parts (join them)"]
    kept = [whole.row(number) for number in (2, 3)]
    assert [row[:4] for row in kept] == [["Sheet1", "2", "record", "40005"],
                                         ["Sheet1", "3", "record", "40005"]]  # fmt: skip
    assert ["".join(row[4:]) for row in kept] == [first, second]


def test_a_cell_counts_what_excel_counts_utf16_units(tmp_path: Path) -> None:
    emoji = "\U0001f600" * 20_000  # 20,000 characters, 40,000 UTF-16 code units
    assert len(emoji) < CELL_CHARACTERS
    pieces = parts(emoji)
    assert "".join(pieces) == emoji and len(pieces) == 2
    assert all(len(p.encode("utf-16-le")) // 2 <= CELL_CHARACTERS for p in pieces)
    target = tmp_path / "emoji.xlsx"
    assert written(target, ["text"], [[emoji]]) == [CutCell("Sheet1", 2, "text", 20_000)]
    results, whole = read_workbook(target)
    assert results.cells["A2"] == pieces[0]
    assert "".join(whole.row(2)[4:]) == emoji


def test_rows_past_a_sheets_last_go_on_in_another_sheet(tmp_path: Path) -> None:
    assert SHEET_ROWS == 1_048_576  # Excel's own (the sheets below hold 3 to be quick)
    target = tmp_path / "rows.xlsx"
    rows: list[list[object]] = [[f"f{n}.txt", n] for n in range(5)]
    assert written(target, ["path", "n"], rows, rows_per_sheet=3) == []
    sheets = read_workbook(target)
    assert [s.name for s in sheets] == ["Sheet1", "Sheet2", "Sheet3"]
    assert all(s.row(1) == ["path", "n"] for s in sheets)
    values = [s.row(n) for s in sheets for n in (2, 3) if s.row(n)]
    assert values == [[f"f{n}.txt", str(n)] for n in range(5)]


def test_a_date_excel_cannot_count_is_written_as_text(tmp_path: Path) -> None:
    target = tmp_path / "dates.xlsx"
    old, new = datetime(1601, 1, 1, 0, 0, 1), datetime(2024, 5, 1, 14, 3, 9)
    written(target, ["modified"], [[old], [new]])
    (sheet,) = read_workbook(target)
    assert sheet.cells["A2"] == "1601-01-01 00:00:01"  # was day -109,206: "#####"
    assert float(sheet.cells["A3"]) == 45413 + (14 * 3600 + 3 * 60 + 9) / 86400

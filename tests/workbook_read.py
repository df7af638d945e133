"""A workbook (.xlsx) read back with the standard library: each sheet's cells as text, and
the notes on them, as a spreadsheet would show them."""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_RELATIONS = "http://schemas.openxmlformats.org/package/2006/relationships"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_NS = {"x": _MAIN, "p": _RELATIONS}
# A character XML cannot hold, as the workbook writes it (_x000D_), and a literal "_x".
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


@dataclass
class Sheet:
    name: str
    #: Each cell's text (a number as written), by its reference: "A1", "B2".
    cells: dict[str, str] = field(default_factory=dict)
    #: The note on a cell, by its reference.
    notes: dict[str, str] = field(default_factory=dict)

    def row(self, number: int) -> list[str]:
        """The cells of a row (1 = the header), in column order, up to its last."""
        found = {}
        for ref, text in self.cells.items():
            letters, digits = re.fullmatch(r"([A-Z]+)(\d+)", ref).groups()  # type: ignore[union-attr]
            if int(digits) == number:
                found[_column(letters)] = text
        return [found.get(k, "") for k in range(max(found, default=-1) + 1)]


def _column(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number - 1


def _text(element: ET.Element | None) -> str:
    if element is None:
        return ""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), "".join(element.itertext()))


def _targets(book: zipfile.ZipFile, part: str) -> dict[str, str]:
    """A part's relationships: id -> the part it points to."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in book.namelist():
        return {}
    root = ET.fromstring(book.read(rels))
    return {
        rel.get("Id", ""): posixpath.normpath(posixpath.join(folder, rel.get("Target", "")))
        for rel in root.iterfind("p:Relationship", _NS)
    }


def read_workbook(path: Path) -> list[Sheet]:
    """The workbook's sheets in order."""
    with zipfile.ZipFile(path) as book:
        shared: list[str] = []
        if "xl/sharedStrings.xml" in book.namelist():
            strings = ET.fromstring(book.read("xl/sharedStrings.xml"))
            shared = [_text(item) for item in strings.iterfind("x:si", _NS)]
        parts = _targets(book, "xl/workbook.xml")
        workbook = ET.fromstring(book.read("xl/workbook.xml"))
        sheets = []
        for entry in workbook.iterfind("x:sheets/x:sheet", _NS):
            part = parts[entry.get(f"{{{_R}}}id", "")]
            sheet = Sheet(entry.get("name", ""))
            for cell in ET.fromstring(book.read(part)).iterfind(".//x:c", _NS):
                if cell.get("t") == "s":
                    text = shared[int(cell.findtext("x:v", namespaces=_NS) or 0)]
                elif cell.get("t") == "inlineStr":
                    text = _text(cell.find("x:is", _NS))
                else:
                    text = cell.findtext("x:v", namespaces=_NS) or ""
                sheet.cells[cell.get("r", "")] = text
            for target in _targets(book, part).values():
                if posixpath.basename(target).startswith("comments"):
                    notes = ET.fromstring(book.read(target))
                    for note in notes.iterfind(".//x:comment", _NS):
                        sheet.notes[note.get("ref", "")] = _text(note.find("x:text", _NS))
            sheets.append(sheet)
    return sheets


def workbook_cells(path: Path) -> dict[str, str]:
    """The first sheet's cells as text (numbers as written)."""
    return read_workbook(path)[0].cells

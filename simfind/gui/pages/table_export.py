"""File → Export: the table as shown, for people who open it in a spreadsheet.

The header is in the interface language, similarity in percent as the table
shows it, the modification time as a date a spreadsheet reads, sizes in bytes,
each path as it is and, where that text does not read back as it, its bytes
(paths.path_fields). (The command line keeps its machine-readable columns:
simfind/core/report/export.row.) Also the words a workbook adds, and the warning
when a cell's text was too long for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject

from simfind.core.base.paths import PATH_BYTES, display_path, path_fields, percent
from simfind.core.report.export import spreadsheet_time
from simfind.core.report.workbook import CELL_CHARACTERS, CutCell, WorkbookWords
from simfind.core.scan.rank import Match
from simfind.gui.base.figures import match_shown
from simfind.gui.base.wording import words
from simfind.gui.pages.results_columns import Column, column_titles

translate = QCoreApplication.translate


def header() -> list[str]:
    titles = column_titles()
    return [
        titles[Column.NAME],
        titles[Column.FOLDER],
        titles[Column.DISTANCE],
        titles[Column.SIMILARITY],
        #: A column of the exported table: the similarity with the text many files of the
        #: folder share counted (as the two files compared alone read), where that moves
        #: it by a point or more; the table shows it in brackets after the similarity.
        translate("TableExport", "Counting shared text %"),
        titles[Column.HOLDS],
        titles[Column.HELD],
        translate("TableExport", "Size (bytes)"),
        titles[Column.MODIFIED],
        titles[Column.ENCODING],
        titles[Column.FORMAT],
        #: A column of the exported table: "reference" or "similar", or nothing.
        translate("TableExport", "Note"),
        translate("TableExport", "Path"),
        #: A column of the exported table, filled where a name is not written as it is (a
        #: byte that is not UTF-8; a name a spreadsheet would take for a formula).
        translate("TableExport", "Path as bytes (hexadecimal)"),
    ]


def machine_titles(columns: Sequence[str]) -> list[str]:
    """The titles, in the interface language, of the columns that ``simfind groups`` (and
    ``--records``) names for programs: the header of the groups' and the Lines exports, as
    the Compare export's is. A column not named here keeps its name."""
    titles = {
        #: Headers of the exported groups and records (the command line's columns).
        "group": translate("TableExport", "Group"),
        "kind": translate("TableExport", "Kind"),
        "path": translate("TableExport", "Path"),
        "similarity": translate("TableExport", "Similarity (0-1)"),
        "distance": translate("TableExport", "Distance"),
        #: The group's centre: the file (or record) the others are compared with.
        "centre": translate("TableExport", "Centre"),
        "identical": translate("TableExport", "Identical"),
        "identical_to": translate("TableExport", "Identical to"),
        "size": translate("TableExport", "Size (bytes)"),
        "modified": translate("TableExport", "Modified"),
        "encoding": translate("TableExport", "Encoding"),
        "format": translate("TableExport", "Format"),
        "fingerprint": translate("TableExport", "Fingerprint"),
        "hash": translate("TableExport", "Hash"),
        #: The similarity to the centre with the text many files share counted, where
        #: that moves it by a point or more (a fraction, as "Similarity (0-1)").
        "similarity_alone": translate("TableExport", "Counting shared text (0-1)"),
        "line": translate("TableExport", "Line"),
        "record": translate("TableExport", "Record"),
        #: For names (functions, classes): how many files define the name.
        "places": translate("TableExport", "Places"),
        PATH_BYTES: translate("TableExport", "Path as bytes (hexadecimal)"),
    }
    return [titles.get(name, name) for name in columns]


def note(match: Match) -> str:
    if match.is_reference:
        return translate("TableExport", "reference")
    return translate("TableExport", "similar") if match.similar else ""


def people_row(match: Match) -> list[Any]:
    folder = display_path(PurePath(match.rel).parent)
    return [
        display_path(PurePath(match.rel).name),
        "" if folder == "." else folder,
        match.distance,
        None if match.similarity is None else float(percent(match.similarity)),
        _with_shared(match),
        None if match.reference_in_file is None else float(percent(match.reference_in_file)),
        None if match.file_in_reference is None else float(percent(match.file_in_reference)),
        match.size,
        spreadsheet_time(match.mtime_ns),
        match.encoding,
        words.document_format(match.format),
        note(match),
        *_path_cells(match),
    ]


def _with_shared(match: Match) -> float | None:
    """The figure the table shows in brackets after the similarity, as a number (None
    where it shows none)."""
    figure = match_shown(match)
    if figure is None or figure.with_shared is None:
        return None
    return float(percent(figure.with_shared))


def _path_cells(match: Match) -> list[str | None]:
    fields = path_fields(match.path)
    return [fields["path"], fields.get(PATH_BYTES)]


def table(matches: list[Match]) -> tuple[list[str], list[list[Any]]]:
    """The header and the rows of an export, words in the interface language."""
    return header(), [people_row(m) for m in matches]


def workbook_words() -> WorkbookWords:
    """The words a workbook adds, in the interface language."""
    return WorkbookWords(
        #: The name of a workbook's sheet that holds, whole, the texts too long for a cell.
        whole_sheet=translate("TableExport", "Whole values"),
        #: The headers of that sheet: where the cut cell is, its text's length, the text.
        sheet=translate("TableExport", "Sheet"),
        row=translate("TableExport", "Row"),
        column=translate("TableExport", "Column"),
        characters=translate("TableExport", "Characters"),
        parts=translate("TableExport", "Text, in parts (join them)"),
        #: A note on a cell of a workbook. {characters}: a count; {sheet}: a sheet's name.
        cut_note=translate(
            "TableExport",
            "Cut: Excel holds 32,767 characters in a cell. The whole text, {characters} "
            'characters, is on sheet "{sheet}", row {row}.',
        ),
    )


class CutCellsWarning(QObject):
    """The warning after an export whose workbook cut cells. A QObject: Qt's plural forms
    need ``self.tr``."""

    def text(self, cut: Sequence[CutCell]) -> str:
        """How many cells were cut, and where their whole text went."""
        #: {limit}: 32,767; {sheet}: the name of the workbook's sheet of whole texts.
        text = self.tr(
            "%n cell(s) held more than the {limit} characters an Excel cell holds. Each is cut "
            'in its cell, with a note, and written whole on the sheet "{sheet}". A CSV export '
            "keeps every value in one piece.",
            "",
            len(cut),
        )
        return text.format(limit=f"{CELL_CHARACTERS:,}", sheet=workbook_words().whole_sheet)

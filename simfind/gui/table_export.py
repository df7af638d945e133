"""File → Export: the table as shown, for people who open it in a spreadsheet.

The header is in the interface language, similarity in percent as the table
shows it, the modification time as a date a spreadsheet reads, sizes in bytes.
(The command line keeps its machine-readable columns: simfind/core/export.row.)
"""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from PySide6.QtCore import QCoreApplication

from simfind.core.base.paths import display_path, percent
from simfind.core.report.export import spreadsheet_time
from simfind.core.scan.rank import Match
from simfind.gui.results_model import Column, column_titles
from simfind.gui.wording import words

translate = QCoreApplication.translate


def header() -> list[str]:
    titles = column_titles()
    return [
        titles[Column.NAME],
        titles[Column.FOLDER],
        titles[Column.DISTANCE],
        titles[Column.SIMILARITY],
        titles[Column.HOLDS],
        titles[Column.HELD],
        translate("TableExport", "Size (bytes)"),
        titles[Column.MODIFIED],
        titles[Column.ENCODING],
        titles[Column.FORMAT],
        #: A column of the exported table: "reference" or "similar", or nothing.
        translate("TableExport", "Note"),
        translate("TableExport", "Path"),
    ]


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
        None if match.reference_in_file is None else float(percent(match.reference_in_file)),
        None if match.file_in_reference is None else float(percent(match.file_in_reference)),
        match.size,
        spreadsheet_time(match.mtime_ns),
        match.encoding,
        words.document_format(match.format),
        note(match),
        display_path(match.path),
    ]


def table(matches: list[Match]) -> tuple[list[str], list[list[Any]]]:
    """The header and the rows of an export, words in the interface language."""
    return header(), [people_row(m) for m in matches]

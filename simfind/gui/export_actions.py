"""The window's exports: the compare table as shown (CSV or an Excel workbook, headed in
the interface language), the groups (CSV or JSON, as `simfind groups` writes them) and the
records (CSV); written off the GUI thread, never into a scanned folder.

A part of ``MainWindow`` (it inherits this); what it uses of the window is named below.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QFileDialog, QMessageBox

from simfind.core.base.errors import InputError, OsFailure
from simfind.core.groups.folder_groups import Group, GroupsResult
from simfind.core.report.export import group_rows, save_groups, save_table
from simfind.core.scan.inputs import check_output
from simfind.core.scan.rank import Match
from simfind.gui import table_export
from simfind.gui.groups_model import GroupsModel
from simfind.gui.groups_page import GroupsPage
from simfind.gui.modes import Mode
from simfind.gui.records_view import RecordsView
from simfind.gui.results_model import ResultsModel
from simfind.gui.tasks import TaskRunner
from simfind.gui.window_part import WindowPart
from simfind.gui.window_state import WindowState
from simfind.gui.wording import words


class ExportActions(WindowPart):
    # What the window builds (main_window.MainWindow) and this uses.
    state: WindowState
    tasks: TaskRunner
    model: ResultsModel
    groups_model: GroupsModel
    groups_result: GroupsResult | None
    groups_page: GroupsPage
    records_view: RecordsView
    scanned_reference: Path | None
    mode: Callable[[], Mode]

    @Slot()
    def export_csv(self) -> None:
        if self.mode() is Mode.RECORDS:
            self._export_records()
            return
        matches = self.model.visible_matches()
        if not matches:
            QMessageBox.information(
                self, self.tr("Export the Table"), self.tr("There are no rows to export.")
            )
            return
        choices = [(self.tr("CSV files (*.csv)"), ".csv")]
        choices.append((self.tr("Excel workbooks (*.xlsx)"), ".xlsx"))
        target = self._ask_target(self.tr("Export the Table"), "simfind.csv", choices)
        if target:
            self.export_to(target, matches)

    def _ask_target(self, title: str, name: str, choices: list[tuple[str, str]]) -> str | None:
        """A file to write, from the save dialog in the last export folder; a name typed
        without a suffix takes the chosen filter's (``choices``: filter, suffix)."""
        target, chosen = QFileDialog.getSaveFileName(
            self,
            title,
            os.path.join(self.state.export_folder(), name),  # noqa: PTH118
            ";;".join(text for text, _ in choices),
        )
        if not target:
            return None
        if not Path(target).suffix:
            target += next((suffix for text, suffix in choices if text == chosen), choices[0][1])
        return target

    def _save_off_thread(self, target: str, save: Callable[[], object]) -> None:
        """Write ``target`` off the GUI thread; the status bar or a message says how it went."""
        self.state.set_export_folder(str(Path(target).parent))
        self.tasks.run(
            save,
            lambda _: self._on_exported(target),
            lambda error: self._on_export_failed(target, error),
        )

    def _export_records(self) -> None:
        if not self.records_view.has_rows():
            QMessageBox.information(
                self, self.tr("Export CSV"), self.tr("There are no rows to export.")
            )
            return
        target, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export CSV"),
            os.path.join(self.state.export_folder(), "simfind-records.csv"),  # noqa: PTH118
            self.tr("CSV files (*.csv)"),
        )
        if target:
            self.state.set_export_folder(str(Path(target).parent))
            self.records_view.export_to(target, self._on_exported)

    def export_to(self, target: str, matches: list[Match] | None = None) -> bool:
        """Write the rows as shown (.xlsx: a workbook, else CSV), headed in the interface
        language; refuses the reference, and a place that cannot be written."""
        try:
            check_output(Path(target), self.scanned_reference)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Export the Table"), words.input_problem(error))
            return False
        header, rows = table_export.table(matches or self.model.visible_matches())
        self._save_off_thread(target, lambda: save_table(Path(target), header, rows))
        return True

    def _on_exported(self, target: str) -> None:
        self.statusBar().showMessage(self.tr("Exported to {path}").format(path=target), 8000)

    def _on_export_failed(self, target: str, error: Exception) -> None:
        if isinstance(error, OSError):
            why = words.os_error(OsFailure.of(error))
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        QMessageBox.warning(
            self,
            self.tr("Export the Table"),
            self.tr("Could not write {path}:\n{error}").format(path=target, error=why),
        )

    # -- the groups -----------------------------------------------------------------------
    @Slot()
    def export_groups(self) -> None:
        if not self.groups_model.group_count():
            QMessageBox.information(
                self, self.tr("Export Groups"), self.tr("There are no groups to export.")
            )
            return
        choices = [(self.tr("CSV files (*.csv)"), ".csv")]
        choices.append((self.tr("JSON files (*.json)"), ".json"))
        target = self._ask_target(self.tr("Export Groups"), "simfind-groups.csv", choices)
        if target:
            self.export_groups_to(target)

    def export_groups_to(self, target: str) -> bool:
        """Write the groups as shown (JSON for a .json file, else CSV), as `simfind groups` does;
        refuses a place that cannot be written."""
        result = self.groups_result
        try:
            check_output(Path(target))
        except InputError as error:
            QMessageBox.warning(self, self.tr("Export Groups"), words.input_problem(error))
            return False
        groups = [Group(members) for members in self.groups_model.shown_groups()]
        bits = result.bits if result is not None else self.groups_page.bits
        fmt = "json" if Path(target).suffix.lower() == ".json" else "csv"
        self._save_off_thread(
            target, lambda: save_groups(Path(target), group_rows(groups, bits), fmt)
        )
        return True

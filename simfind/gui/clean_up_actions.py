"""The window's marking and moving: what is marked in each mode, marking all but one
of each group by a rule, Move to Trash / Move to Folder after the confirmation, Undo,
the bar after a move and the log of moved files.

A part of ``MainWindow`` (it inherits this); the widgets, models and actions it uses are
built by the window and named below.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDir, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMessageBox, QTableView, QToolButton

from simfind.core.base.paths import display_path
from simfind.core.cleanup.marking import Candidate, KeepRule, mark_all_but_one
from simfind.core.cleanup.moves import (
    Action,
    MoveReport,
    Outcome,
    PlannedFile,
    default_journal_path,
)
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.scan.rank import Match
from simfind.gui.clean_up import CleanUp
from simfind.gui.diff_view import DiffView
from simfind.gui.groups_model import GroupsModel
from simfind.gui.groups_page import GroupsPage, GroupsTree
from simfind.gui.mark_bar import MarkBar
from simfind.gui.modes import Mode
from simfind.gui.move_dialogs import MoveBar, not_moved_lines
from simfind.gui.results_model import ResultsModel
from simfind.gui.window_part import WindowPart
from simfind.gui.window_state import WindowState


class CleanUpActions(WindowPart):
    # What the window builds (main_window.MainWindow) and this uses.
    state: WindowState
    model: ResultsModel
    groups_model: GroupsModel
    groups_result: GroupsResult | None
    clean_up: CleanUp
    table: QTableView
    tree: GroupsTree
    diff_view: DiffView
    groups_page: GroupsPage
    compare_bar: MarkBar
    groups_bar: MarkBar
    move_bar: MoveBar
    rules_button: QToolButton
    rule_actions: dict[KeepRule, QAction]
    action_identical_only: QAction
    action_unmark: QAction
    action_trash: QAction
    action_move: QAction
    action_undo_move: QAction
    _built: bool
    mode: Callable[[], Mode]
    _open: Callable[[Path], None]
    _show_groups_placeholder: Callable[[], None]

    def marked(self) -> list[Match]:
        """The files marked in the mode shown (none in records mode: records are not marked)."""
        if self.mode() is Mode.GROUPS:
            return list(self.groups_model.marked())
        if self.mode() is Mode.RECORDS:
            return []
        return self.model.marked()

    @Slot()
    def _update_marks(self) -> None:
        if not self._built:
            return
        marked = self.marked()
        size = sum(m.size for m in marked)
        bar = self.groups_bar if self.mode() is Mode.GROUPS else self.compare_bar
        bar.set_marked(len(marked), size)
        idle = not self.clean_up.busy
        self.action_trash.setEnabled(bool(marked) and idle)
        self.action_move.setEnabled(bool(marked) and idle)
        self.action_undo_move.setEnabled(self.clean_up.last_move is not None and idle)
        has_groups = self.groups_model.group_count() > 0
        for action in self.rule_actions.values():
            action.setEnabled(has_groups)
        self.rules_button.setEnabled(has_groups)
        self.action_unmark.setEnabled(bool(marked))

    def mark_all_but_one(self, rule: KeepRule, folder: Path | None = None) -> None:
        """In each group shown, keep one file by ``rule`` and mark the others.

        Files in reference folders are never marked; a group holding one keeps it.
        """
        groups = self.groups_model.shown_groups()
        protected = self.groups_model.columns.checkable
        candidates = [
            [Candidate(m.path, m.size, m.mtime_ns, not protected(m), m.digest) for m in members]
            for members in groups
        ]
        identical_only = self.action_identical_only.isChecked()
        marks = mark_all_but_one(candidates, rule, folder, identical_only)
        paths = {groups[g][k].path for g, marked in enumerate(marks.marked) for k in marked}
        self.groups_model.set_marked(paths)
        text = self.tr("Marked %n file(s)", "", marks.count)
        if marks.without_keeper:
            text += self.tr(
                "; %n group(s) have no file in that folder and were left", "", marks.without_keeper
            )
        self.statusBar().showMessage(text, 8000)

    def _on_rule(self, rule: KeepRule) -> None:
        folder = None
        if rule is KeepRule.IN_FOLDER:
            result = self.groups_result
            start = os.fspath(result.folders[0]) if result and result.folders else QDir.homePath()
            chosen = QFileDialog.getExistingDirectory(
                self, self.tr("Keep the files in this folder"), start
            )
            if not chosen:
                return
            folder = Path(chosen)
        self.mark_all_but_one(rule, folder)

    @Slot()
    def mark_similar(self) -> None:
        """Mark the files shown that the scan found similar to the reference."""
        self.model.set_marked({m.path for m in self.model.visible_matches() if m.similar})

    @Slot()
    def unmark_all(self) -> None:
        if self.mode() is Mode.GROUPS:
            self.groups_model.set_marked(set())
        else:
            self.model.set_marked(set())

    # -- moving ----------------------------------------------------------------------------
    def _whole_groups(self, marked: list[Match]) -> int:
        """Groups shown in which every file is marked (the confirmation warns of them)."""
        if self.mode() is not Mode.GROUPS:
            return 0
        paths = {m.path for m in marked}
        return sum(
            1
            for members in self.groups_model.shown_groups()
            if all(m.path in paths for m in members)
        )

    def move_marked(self, action: Action, folder: Path | None = None) -> bool:
        """Ask to move the marked files to the trash or ``folder``; False if nothing to ask."""
        marked = self.marked()
        files = [PlannedFile(m.path, m.size, m.mtime_ns) for m in marked]
        return self.clean_up.start(action, files, folder, self._whole_groups(marked))

    @Slot()
    def trash_marked(self) -> None:
        self.move_marked(Action.TRASH)

    @Slot()
    def move_marked_to_folder(self) -> None:
        if not self.marked() or self.clean_up.busy:
            return
        start = self.state.settings.value("moves/folder", QDir.homePath())
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Move the marked files to this folder"), str(start)
        )
        if chosen:
            self.state.settings.setValue("moves/folder", chosen)
            self.move_marked(Action.MOVE, Path(chosen))

    @Slot()
    def undo_move(self) -> None:
        self.clean_up.undo()

    @Slot(object)
    def _on_moved(self, report: MoveReport) -> None:
        gone = {r.source for r in report.records if r.outcome is Outcome.DONE}
        self._keep_current(lambda: self._hide(gone))
        self.statusBar().clearMessage()  # "Marked N files" is no longer true
        self.move_bar.show_report(report, report.undoable)
        self._update_marks()

    @Slot(object)
    def _on_restored(self, report: MoveReport) -> None:
        back = {r.destination for r in report.records if r.outcome is Outcome.DONE}
        found = {p for p in back if p is not None}
        self._keep_current(lambda: self._unhide(found))
        self.move_bar.show_report(report, False)
        self._update_marks()

    def _hide(self, paths: set[Path]) -> None:
        self.model.hide(paths)
        self.groups_model.hide(paths)

    def _unhide(self, paths: set[Path]) -> None:
        self.model.unhide(paths)
        self.groups_model.unhide(paths)

    def _keep_current(self, change: Any) -> None:
        """Rows leave or come back: the file selected in each mode stays so where still shown,
        and its diff goes when it has gone."""
        current = self.tree.current_item()
        index = self.table.currentIndex()
        match = self.model.match_at(index.row()) if index.isValid() else None
        change()
        if current is None or not self.tree.select_item(current.path):
            self.groups_page.diff_view.clear()
        row = self.model.row_of(match) if match is not None else -1
        if row >= 0:
            self.table.selectRow(row)
        else:
            self.diff_view.clear()
        self._show_groups_placeholder()

    @Slot(object)
    def _on_move_failed(self, error: Exception) -> None:
        self.move_bar.dismiss()
        why = f"{type(error).__name__}: {error}"  # a bug's own words
        QMessageBox.warning(
            self, self.tr("Moving files"), self.tr("Moving stopped: {error}").format(error=why)
        )
        self._update_marks()

    @Slot()
    def _show_not_moved(self) -> None:
        report = self.move_bar.report
        if report is None:
            return
        lines = not_moved_lines(report)
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Files not moved"),
            self.tr(
                "%n file(s) stayed where they were. Details list each with its reason.",
                "",
                len(lines),
            ),
            parent=self,
        )
        box.setDetailedText("\n".join(lines))
        box.open()

    @Slot()
    def open_log(self) -> None:
        """Open the log of moved files in the system's application for CSV files."""
        path = default_journal_path()
        if not path.exists():
            QMessageBox.information(
                self,
                self.tr("The log of moved files"),
                self.tr("No file has been moved yet. The log will be kept in:\n{path}").format(
                    path=display_path(path)
                ),
            )
            return
        self._open(path)

"""Moving the files a page marks: to the trash or a folder after one confirmation
(CleanUp), Undo, the bar after a move, the files moved leaving every page, the log;
and replacing them by hard links to the files kept, where the page knows those."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QDir, QObject, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from simfind.core.base.shown import shown_path
from simfind.core.cleanup.journal import default_journal_path
from simfind.core.cleanup.moves import (
    Action,
    MoveReport,
    Outcome,
)
from simfind.gui.cleanup.clean_up import CleanUp
from simfind.gui.cleanup.move_dialogs import MoveBar, not_moved_lines
from simfind.gui.pages.base import Page
from simfind.gui.widgets.window_state import WindowState

#: Whether files marked in several folders keep them when moved to a folder (the
#: confirmation's box, as the user last left it).
KEEP_FOLDERS = "moves/keep_folders"


class FileMoves(QObject):
    # What can be moved or undone may have changed.
    changed = Signal()

    def __init__(
        self,
        window: QMainWindow,
        state: WindowState,
        clean_up: CleanUp,
        move_bar: MoveBar,
        pages: Sequence[Page],
        page: Callable[[], Page],
        open_file: Callable[[Path], None],
    ) -> None:
        """``pages``: the window's; ``page``: the one shown; ``open_file``: how one opens."""
        super().__init__(window)
        self._window = window
        self.state = state
        self.clean_up = clean_up
        self.move_bar = move_bar
        self.pages, self.page, self._open = pages, page, open_file
        clean_up.moved.connect(self._on_moved)
        clean_up.restored.connect(self._on_restored)
        clean_up.failed.connect(self._on_move_failed)
        clean_up.progressed.connect(move_bar.show_progress)
        clean_up.busy_changed.connect(self.changed)
        clean_up.keep_folders_chosen.connect(self._remember_keep_folders)
        move_bar.undo_requested.connect(self.undo)
        move_bar.details_requested.connect(self._show_not_moved)
        move_bar.log_requested.connect(self.open_log)
        move_bar.stop_requested.connect(clean_up.stop)

    def move_marked(self, action: Action, folder: Path | None = None) -> bool:
        """Ask to move the marked files to the trash or ``folder``; False if nothing to ask."""
        marked = self.page().marked()
        files = self.page().planned_files()
        whole = self.page().whole_groups(marked)
        keep = self.state.settings.value(KEEP_FOLDERS, True, bool)
        return self.clean_up.start(action, files, folder, whole, bool(keep))

    @Slot(bool)
    def _remember_keep_folders(self, keep: bool) -> None:
        self.state.settings.setValue(KEEP_FOLDERS, keep)

    @Slot()
    def link_marked(self) -> bool:
        """Ask to replace the marked files by hard links to the files kept in their groups;
        False if nothing to ask."""
        return self.clean_up.start_links(self.page().link_pairs())

    @Slot()
    def trash_marked(self) -> None:
        self.move_marked(Action.TRASH)

    @Slot()
    def to_folder(self) -> None:
        if not self.page().marked() or self.clean_up.busy:
            return
        start = self.state.settings.value("moves/folder", QDir.homePath())
        chosen = QFileDialog.getExistingDirectory(
            self._window, self.tr("Move the marked files to this folder"), str(start)
        )
        if chosen:
            self.state.settings.setValue("moves/folder", chosen)
            self.move_marked(Action.MOVE, Path(chosen))

    @Slot()
    def undo(self) -> None:
        self.clean_up.undo()

    @Slot(MoveReport)
    def _on_moved(self, report: MoveReport) -> None:
        gone = {r.source for r in report.records if r.outcome is Outcome.DONE}
        for page in self.pages:
            page.files_moved(gone)
        self._window.statusBar().clearMessage()  # "Marked N files" is no longer true
        self.move_bar.show_report(report, report.undoable)
        self.changed.emit()

    @Slot(MoveReport)
    def _on_restored(self, report: MoveReport) -> None:
        back = {r.destination for r in report.records if r.outcome is Outcome.DONE}
        found = {p for p in back if p is not None}
        for page in self.pages:
            page.files_restored(found)
        self.move_bar.show_report(report, False)
        self.changed.emit()

    @Slot(Exception)
    def _on_move_failed(self, error: Exception) -> None:
        self.move_bar.dismiss()
        why = f"{type(error).__name__}: {error}"  # a bug's own words
        text = self.tr("Moving stopped: {error}").format(error=why)
        QMessageBox.warning(self._window, self.tr("Moving files"), text)
        self.changed.emit()

    @Slot()
    def _show_not_moved(self) -> None:
        report = self.move_bar.report
        if report is None:
            return
        lines = not_moved_lines(report)
        if Action.LINK in (report.action, report.undid):
            title = self.tr("Files not replaced")
            text = self.tr(
                "%n file(s) were left as they are. Details list each with its reason.",
                "",
                len(lines),
            )
        else:
            title = self.tr("Files not moved")
            text = self.tr(
                "%n file(s) stayed where they were. Details list each with its reason.",
                "",
                len(lines),
            )
        box = QMessageBox(QMessageBox.Icon.Information, title, text, parent=self._window)
        box.setDetailedText("\n".join(lines))
        box.open()

    @Slot()
    def open_log(self) -> None:
        """Open the log of moved files in the system's application for CSV files."""
        path = default_journal_path()
        if not path.exists():
            QMessageBox.information(
                self._window,
                self.tr("The log of moved files"),
                self.tr("No file has been moved yet. The log will be kept in:\n{path}").format(
                    path=shown_path(path)
                ),
            )
            return
        self._open(path)

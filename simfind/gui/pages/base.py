"""What every page of the window offers the shell: one mode each, behind one interface.

Like Meld's ``MeldDoc``, a page is a widget the shell puts in its tab and talks to
through methods and typed signals only; the shell never asks which mode it is.
What a page shares with the others (settings, the task runner, the scan thread
and its status, the scan options, the marking actions) comes in a ``PageContext``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QMenu,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import OsFailure
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.hard_links import LinkPair
from simfind.core.cleanup.moves import PlannedFile
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.report.evidence import Report, ReportReadError
from simfind.core.report.html_report import write_report
from simfind.core.report.workbook import CutCell
from simfind.core.scan.options import ScanResult
from simfind.core.scan.rank import Match
from simfind.gui.base.wording import words
from simfind.gui.ignore.keeper import IgnoreKeeper
from simfind.gui.pages import table_export
from simfind.gui.pages.report_words import report_labels
from simfind.gui.scan.controller import ScanController
from simfind.gui.scan.status import ScanStatus
from simfind.gui.widgets.options_panel import OptionsPanel
from simfind.gui.widgets.window_state import WindowState
from simfind.gui.work.tasks import TaskRunner


@dataclass(frozen=True)
class MarkActions:
    """The window's marking actions a page's bar shows as buttons."""

    unmark: QAction
    trash: QAction
    move: QAction
    # Replace the marked files by hard links to the files kept (pages that know them).
    link: QAction | None = None


@dataclass(frozen=True)
class PageContext:
    """What the shell shares with its pages."""

    state: WindowState
    tasks: TaskRunner
    scans: ScanController  # one scan thread and one worker pool for the window
    status: ScanStatus  # the progress row and the status bar's summary
    options: OptionsPanel  # the scan options, above the results
    marks: MarkActions
    ignore: IgnoreKeeper  # the ignore list: Not Duplicates writes to it


class Page(QWidget):
    """One mode of the window: its inputs, its work and its results."""

    # Words for the status bar, and for how long (ms).
    status_message = Signal(str, int)
    # The files marked changed (see marked()).
    marks_changed = Signal()
    # The page's work started (True) or ended (False).
    busy_changed = Signal(bool)
    # The page's work ended and its results (or its failure) are shown.
    finished = Signal()
    # The result the status bar tells of changed (see shown_result()).
    result_changed = Signal()
    # What the window's title names changed (see title_subject()).
    title_changed = Signal()
    # A file to open (double-clicked).
    file_activated = Signal(Path)

    # The inputs the shell shows above its options, beside its Scan button (None: the
    # page has its own, and its own button; the shell's options and progress are not its).
    inputs: QWidget | None = None
    # How the Scan button sits beside the inputs.
    inputs_alignment = Qt.AlignmentFlag.AlignVCenter
    # The scan options include a reference (the ranking choice applies).
    has_reference = False
    # Files are marked and moved here (the Mark menu and the bar after a move apply).
    marks_files = False
    # The page knows which file of each group is kept (marked files can become hard links
    # to it: link_pairs).
    knows_kept = False
    # Files selected can be said not to be duplicates (not_duplicates: the ignore list).
    sets_apart = False

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.state = context.state
        self.tasks = context.tasks
        # The page's own actions in the File menu (opening, exporting) and the Mark menu;
        # the shell shows them while the page is shown.
        self.open_actions: list[QAction] = []
        self.export_actions: list[QAction] = []
        self.mark_actions: list[QAction] = []
        self._item_actions: list[QAction | None] = []

    # -- the interface -----------------------------------------------------------------
    def start(self) -> None:
        """Start the page's work from its inputs."""

    def cancel(self) -> None:
        """Ask the page's work to stop; what it found is kept."""

    def is_busy(self) -> bool:
        return False

    def selected_paths(self) -> list[Path]:
        """The files selected, in the order shown."""
        return []

    def marked(self) -> list[Match]:
        """The files marked to move."""
        return []

    def unmark_all(self) -> None:
        pass

    def not_duplicates(self) -> None:
        """The files selected are not duplicates (of what, the page says): on the ignore
        list, and out of the results at once."""

    def link_pairs(self) -> list[LinkPair]:
        """Each marked file with the file kept in its group (see knows_kept)."""
        return []

    def planned_files(self) -> list[PlannedFile]:
        """The marked files as scanned, each with the files kept for it (a move checks
        them again): here none."""
        return [PlannedFile(m.path, m.size, m.mtime_ns, m.ino) for m in self.marked()]

    def whole_groups(self, marked: list[Match]) -> int:
        """Groups in which every file is marked (a move's confirmation warns of them)."""
        return 0

    def files_moved(self, gone: set[Path]) -> None:
        """These files left their folders: they leave the results."""

    def files_restored(self, back: set[Path]) -> None:
        """These files came back: they return to the results."""

    def use_selected(self) -> None:
        """Compare with the selected file."""

    def export(self) -> None:
        """Ask where, and write the results as shown."""

    def drop(self, paths: Sequence[str]) -> None:
        """Files or folders dropped on the window."""

    def title_subject(self) -> str | None:
        """What the window's title names (None: the app's purpose)."""
        return None

    def shown_left(self) -> tuple[int, int] | None:
        """The groups and files still shown where some of the result's were moved, trashed
        or set apart (None: all of it is shown)."""
        return None

    def shown_result(self) -> ScanResult | GroupsResult | None:
        """The result the status bar tells of (None: the page has its own summary)."""
        return None

    def browse_folder(self) -> None:
        """File → Choose Folder."""

    def restore(self) -> None:
        """Take up what was remembered."""

    def save(self) -> None:
        """Remember what is to be taken up next time."""

    def retranslate(self) -> None:
        """Set every text in the interface language."""

    # -- helpers for the pages ---------------------------------------------------------
    def _results_over_diff(self, results: QWidget, diff: QWidget) -> QSplitter:
        """The page's layout: its results above, the diff below at the window's full width
        (two side-by-side panes need it), the two halves growing alike."""
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(results)
        splitter.addWidget(diff)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        return splitter

    def set_item_actions(self, actions: Sequence[QAction | None]) -> None:
        """The actions on a selected file (None: a separator): in the views' context menu,
        and their keys work where the files are listed."""
        self._item_actions = list(actions)

    def _attach_item_actions(self, view: QAbstractItemView) -> None:
        for action in self._item_actions:
            if action is not None and action.shortcutContext() is (
                Qt.ShortcutContext.WidgetWithChildrenShortcut
            ):
                view.addAction(action)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(lambda at: self._popup(view, at))

    def _popup(self, view: QAbstractItemView, position: QPoint) -> None:
        if not view.indexAt(position).isValid():
            return
        menu = QMenu(self)
        for action in self._item_actions:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.popup(view.viewport().mapToGlobal(position))

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

    def _save_off_thread(
        self, target: str, save: Callable[[], object], failed: Callable[[str, Exception], None]
    ) -> None:
        """Write ``target`` off the GUI thread; the status bar or a message says how it went
        (and what ``save`` returned: a workbook's cells cut, see _on_saved)."""
        self.state.set_export_folder(str(Path(target).parent))
        self.tasks.run(
            save,
            lambda saved: self._on_saved(target, saved),
            lambda error: failed(target, error),
        )

    def _on_saved(self, target: str, saved: object) -> None:
        self._warn_of_cut_cells(saved)
        self._on_exported(target)

    def _warn_of_cut_cells(self, saved: object) -> None:
        """A workbook whose cells had to be cut says so (``saved``: what save_table returned,
        the cells it cut; a save of anything else returns no such list)."""
        if isinstance(saved, list) and saved and isinstance(saved[0], CutCell):
            title = QCoreApplication.translate("Page", "Export the Table")
            QMessageBox.warning(self, title, table_export.CutCellsWarning().text(saved))

    def _not_written(self, target: str, error: Exception) -> str:
        """Why an export was not written: the system's words for a file error, else the
        error's own (a bug's)."""
        if isinstance(error, OSError):
            why = words.os_error(OsFailure.of(error))
        else:
            why = f"{type(error).__name__}: {error}"
        text = QCoreApplication.translate("Page", "Could not write {path}:\n{error}")
        return text.format(path=shown_path(target), error=why)

    def _on_export_failed(self, target: str, error: Exception) -> None:
        title = QCoreApplication.translate("Page", "Export the Table")
        QMessageBox.warning(self, title, self._not_written(target, error))

    # -- the report of a pair or a group (File → Export Report…) ------------------------
    def _ask_report_target(self, name: str) -> str | None:
        """An HTML file to write the report to, from the save dialog."""
        title = QCoreApplication.translate("Page", "Export Report")
        pages = QCoreApplication.translate("Page", "Web pages (*.html)")
        return self._ask_target(title, name, [(pages, ".html")])

    def _export_report(self, target: str, make: Callable[[], Report]) -> None:
        """Make the report and write it, off the GUI thread, in the interface language."""
        labels = report_labels()
        self._save_off_thread(
            target, lambda: write_report(Path(target), make(), labels), self._on_report_failed
        )

    def _on_report_failed(self, target: str, error: Exception) -> None:
        title = QCoreApplication.translate("Page", "Export Report")
        if isinstance(error, ReportReadError):
            text = QCoreApplication.translate("Page", "Could not read {path} as text: {why}.")
            why = words.skip_text(error.reason, error.detail)
            text = text.format(path=shown_path(error.path), why=why)
        else:
            text = self._not_written(target, error)
        QMessageBox.warning(self, title, text)

    def _on_exported(self, target: str) -> None:
        # A base's words are looked up under its own name: PySide's tr() uses the subclass's.
        text = QCoreApplication.translate("Page", "Exported to {path}")
        self.status_message.emit(text.format(path=shown_path(target)), 8000)

"""The groups page's Folders view: the folders that are near-copies of each other, from
the search's own files and comparisons (core.folders.search.pair_search, on the work
lane), the largest first; a pair's files side by side below, a file pair's diff on a
double-click."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, QObject, Qt, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QSplitter,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simfind.core.folders.search import FoldersResult, pair_search
from simfind.core.groups.folder_groups import GroupsResult
from simfind.gui.pages.groups.folder_pairs import (
    FileColumn,
    FilePairsModel,
    FolderPairsModel,
    PairColumn,
)
from simfind.gui.work.tasks import TaskRunner

_KEY = "folder pairs"


def _list(model: QObject) -> QTreeView:
    view = QTreeView()
    view.setRootIsDecorated(False)
    view.setUniformRowHeights(True)
    view.setAlternatingRowColors(False)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setModel(model)  # type: ignore[arg-type]
    return view


class FoldersView(QWidget):
    """A checkable action (and its button) and the view it shows in the page's place."""

    # A file of each folder of a pair, to be compared (the two-file diff).
    pair_opened = Signal(Path, Path)
    # The pairs shown anew (found, or none).
    shown = Signal()

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._of: GroupsResult | None = None  # the search the pairs shown are of
        self._result: GroupsResult | None = None  # the search to pair when shown
        self.found: FoldersResult | None = None
        self.action = QAction(self)
        self.action.setCheckable(True)
        self.button = QToolButton()
        self.button.setDefaultAction(self.action)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.pairs_model = FolderPairsModel(self)
        self.files_model = FilePairsModel(self)
        self.pairs = _list(self.pairs_model)
        self.files = _list(self.files_model)
        for column, width in (
            (PairColumn.GROUP, 60),
            (PairColumn.SHARE, 90),
            (PairColumn.IDENTICAL, 75),
            (PairColumn.NEAR, 60),
            (PairColumn.CHANGED, 75),
            (PairColumn.ONLY_A, 95),
            (PairColumn.ONLY_B, 110),
            (PairColumn.SIZE, 90),
            (PairColumn.FIRST, 260),
        ):
            self.pairs.setColumnWidth(column, width)
        for place, wide in (
            (FileColumn.FIRST, 280),
            (FileColumn.FIRST_SIZE, 85),
            (FileColumn.HOW, 150),
            (FileColumn.SECOND, 280),
        ):
            self.files.setColumnWidth(place, wide)
        self.pairs.selectionModel().currentRowChanged.connect(self._on_pair)
        self.files.doubleClicked.connect(self._on_file_activated)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.pairs)
        splitter.addWidget(self.files)
        splitter.setSizes([160, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("Folders"))
        self.action.setToolTip(
            self.tr(
                "Show the folders whose files are mostly the same or near-duplicates of "
                "another folder's, each pair's files side by side"
            )
        )
        self.pairs_model.retranslate()
        self.files_model.retranslate()
        self._say()

    def take(self, result: GroupsResult | None) -> None:
        """The page's search (None: none yet): paired now where the view is shown, else
        when it is."""
        self._result = result
        if self.action.isChecked():
            self.refresh()

    def refresh(self) -> None:
        """The pairs of the page's search, worked out on the work lane where not yet."""
        result = self._result
        if result is self._of and (result is None or self.found is not None):
            return
        self._of = result
        self.found = None
        self.pairs_model.set_result(None)
        self.files_model.set_pair(None)
        if result is None:
            self._tasks.drop(_KEY)
            self._say()
            self.shown.emit()
            return
        self.summary.setText(self.tr("Comparing folders…"))
        self._tasks.run(
            lambda: pair_search(result),
            lambda found: self._on_paired(result, found),
            self._on_failed,
            key=_KEY,
        )

    def _on_paired(self, result: GroupsResult, found: FoldersResult) -> None:
        if result is not self._of:
            return
        self.found = found
        self.pairs_model.set_result(found)
        if self.pairs_model.rows:
            self.pairs.setCurrentIndex(self.pairs_model.index(0, 0))
        self._say()
        self.shown.emit()

    def _on_failed(self, error: Exception) -> None:
        self._of = None
        self.summary.setText(
            self.tr("The folders could not be compared: %1").replace(
                "%1", f"{type(error).__name__}: {error}"
            )
        )
        self.shown.emit()

    def _say(self) -> None:
        found = self.found
        if self._of is None:
            self.summary.setText(
                self.tr("Search some folders: those that are near-copies of each other show here.")
            )
        elif found is None:
            return
        elif not found.groups:
            self.summary.setText(self.tr("No folders are near-copies of each other."))
        else:
            pairs = sum(len(g.pairs) for g in found.groups)
            self.summary.setText(
                self.tr(
                    "%n pair(s) of folders with at least half their bytes in identical or "
                    "near-duplicate files; double-click a pair of files for its diff.",
                    "",
                    pairs,
                )
            )

    @Slot(QModelIndex, QModelIndex)
    def _on_pair(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.files_model.set_pair(self.pairs_model.pair_at(current.row()))

    @Slot(QModelIndex)
    def _on_file_activated(self, index: QModelIndex) -> None:
        file = self.files_model.file_at(index.row())
        if file is not None and file.a is not None and file.b is not None:
            self.pair_opened.emit(file.a, file.b)


__all__ = ["FoldersView"]

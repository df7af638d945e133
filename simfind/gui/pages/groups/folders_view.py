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
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simfind.core.folders.pairing import FilePair, Side
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
    # A file of each folder of a pair selected (its diff below), or none.
    file_selected = Signal(FilePair)
    file_cleared = Signal()
    # The pairs shown anew (found, or none).
    shown = Signal()
    # Keep one folder of the pair selected (True: the first), mark the other's copies.
    keep_asked = Signal(bool)

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tasks = tasks
        self._of: tuple[GroupsResult | None, int] | None = None  # what the pairs shown are of
        self._result: GroupsResult | None = None  # the search to pair when shown
        # Files moved since the search (a clean-up): left out of the pairs; and how many
        # times that changed.
        self.gone: set[Path] = set()
        self._gone_version = 0
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
        # Keep one folder, mark the other's files that have a copy in it (Mark menu's bar
        # then moves them, with its confirmation and Undo).
        self.keep_first = QPushButton()
        self.keep_first.clicked.connect(lambda: self.keep_asked.emit(True))
        self.keep_second = QPushButton()
        self.keep_second.clicked.connect(lambda: self.keep_asked.emit(False))
        keeping = QHBoxLayout()
        keeping.addWidget(self.summary, 1)
        keeping.addWidget(self.keep_first)
        keeping.addWidget(self.keep_second)
        self.files.doubleClicked.connect(self._on_file_activated)
        self.files.selectionModel().currentRowChanged.connect(self._on_file_current)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.pairs)
        splitter.addWidget(self.files)
        splitter.setSizes([160, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(keeping)
        layout.addWidget(splitter, 1)
        self._enable_keeping()
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(self.tr("Folders"))
        self.action.setToolTip(
            self.tr(
                "Show the folders whose files are mostly the same or near-duplicates of "
                "another folder's, each pair's files side by side"
            )
        )
        self.keep_first.setText(self.tr("Keep the First, Mark the Second's Copies"))
        self.keep_first.setToolTip(
            self.tr(
                "Mark the files of the second folder that have a copy or near-duplicate in "
                "the first; files only in the second stay unmarked"
            )
        )
        self.keep_second.setText(self.tr("Keep the Second, Mark the First's Copies"))
        self.keep_second.setToolTip(
            self.tr(
                "Mark the files of the first folder that have a copy or near-duplicate in "
                "the second; files only in the first stay unmarked"
            )
        )
        self.pairs_model.retranslate()
        self.files_model.retranslate()
        self._say()

    def take(self, result: GroupsResult | None) -> None:
        """The page's search (None: none yet): paired now where the view is shown, else
        when it is."""
        self._result = result
        self.gone = set()
        self._gone_version += 1
        if self.action.isChecked():
            self.refresh()

    def files_gone(self, paths: set[Path]) -> None:
        """Files moved by a clean-up: the pairs worked out again without them."""
        self._moved(self.gone | paths)

    def files_back(self, paths: set[Path]) -> None:
        """Files put back (Undo): the pairs worked out again with them."""
        self._moved(self.gone - paths)

    def _moved(self, gone: set[Path]) -> None:
        if gone == self.gone:
            return
        self.gone = gone
        self._gone_version += 1
        if self.action.isChecked():
            self.refresh()

    def copies(self, keep_first: bool) -> set[Path]:
        """The files of the pair selected's other folder that have a copy or near-duplicate
        in the folder kept."""
        pair = self.files_model.pair
        if pair is None:
            return set()
        alike = (Side.IDENTICAL, Side.NEAR)
        other = [f.b if keep_first else f.a for f in pair.files if f.side in alike]
        return {path for path in other if path is not None}

    def refresh(self) -> None:
        """The pairs of the page's search, worked out on the work lane where not yet."""
        result = self._result
        wanted = (result, self._gone_version)
        if self._of == wanted and (result is None or self.found is not None):
            return
        self._of = wanted
        self.found = None
        self.pairs_model.set_result(None)
        self.files_model.set_pair(None)
        self._enable_keeping()
        if result is None:
            self._tasks.drop(_KEY)
            self._say()
            self.shown.emit()
            return
        self.summary.setText(self.tr("Comparing folders…"))
        gone = frozenset(self.gone)
        self._tasks.run(
            lambda: pair_search(result, gone=gone),
            lambda found: self._on_paired(wanted, found),
            self._on_failed,
            key=_KEY,
        )

    def _on_paired(self, made: tuple[GroupsResult | None, int], found: FoldersResult) -> None:
        if made != self._of:
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
        if self._of is None or self._of[0] is None:
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
                    "near-duplicate files; select a pair of files for its diff below, "
                    "double-click it for a window of its own.",
                    "",
                    pairs,
                )
            )

    @Slot(QModelIndex, QModelIndex)
    def _on_pair(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.files_model.set_pair(self.pairs_model.pair_at(current.row()))
        self._enable_keeping()

    def _enable_keeping(self) -> None:
        chosen = self.files_model.pair is not None
        self.keep_first.setEnabled(chosen)
        self.keep_second.setEnabled(chosen)

    @Slot(QModelIndex, QModelIndex)
    def _on_file_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        file = self.files_model.file_at(current.row()) if current.isValid() else None
        if file is not None and file.a is not None and file.b is not None:
            self.file_selected.emit(file)
        else:
            self.file_cleared.emit()

    @Slot(QModelIndex)
    def _on_file_activated(self, index: QModelIndex) -> None:
        file = self.files_model.file_at(index.row())
        if file is not None and file.a is not None and file.b is not None:
            self.pair_opened.emit(file.a, file.b)


__all__ = ["FoldersView"]

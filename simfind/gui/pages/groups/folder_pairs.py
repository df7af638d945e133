"""The Folders view's two lists: the pairs of folders that are near-copies, and the files
of the pair selected side by side (identical, near, changed, in one folder only)."""

from __future__ import annotations

import os
from enum import IntEnum
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from simfind.core.base.paths import human_size, percent
from simfind.core.base.shown import shown_path
from simfind.core.folders.pairing import FilePair, FolderPair, Side
from simfind.core.folders.search import FoldersResult
from simfind.gui.base import colours

Index = QModelIndex | QPersistentModelIndex
_DISPLAY = Qt.ItemDataRole.DisplayRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class PairColumn(IntEnum):
    GROUP = 0
    SHARE = 1
    IDENTICAL = 2
    NEAR = 3
    CHANGED = 4
    ONLY_A = 5
    ONLY_B = 6
    SIZE = 7
    FIRST = 8
    SECOND = 9


class FileColumn(IntEnum):
    FIRST = 0
    FIRST_SIZE = 1
    HOW = 2
    SECOND = 3
    SECOND_SIZE = 4


class _Table(QAbstractTableModel):
    """A flat table of ``_count()`` rows under ``_headers``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._headers: list[str] = []

    def _count(self) -> int:
        raise NotImplementedError

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self._count()

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._headers)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> object:
        if orientation == Qt.Orientation.Horizontal and role == _DISPLAY:
            return self._headers[section]
        return None


class FolderPairsModel(_Table):
    """A row per pair of folders, by group, the largest group first."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[int, FolderPair]] = []
        # The folders searched: a folder is shown below the one it was found in.
        self._roots: list[Path] = []
        self.retranslate()

    def retranslate(self) -> None:
        self._headers = [
            self.tr("Group"),
            self.tr("In Common"),
            self.tr("Identical"),
            self.tr("Near"),
            self.tr("Changed"),
            self.tr("Only in First"),
            self.tr("Only in Second"),
            self.tr("Size"),
            self.tr("First Folder"),
            self.tr("Second Folder"),
        ]
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(PairColumn) - 1)

    def set_result(self, result: FoldersResult | None) -> None:
        self.beginResetModel()
        search = None if result is None else result.search
        roots = [] if search is None else [*search.folders, *search.reference_folders]
        # Two searched folders of one name would read alike: then whole paths.
        self._roots = roots if len({r.name for r in roots}) == len(roots) else []
        self.rows = (
            []
            if result is None
            else [(n, pair) for n, group in enumerate(result.groups, 1) for pair in group.pairs]
        )
        self.endResetModel()

    def shown(self, folder: Path) -> str:
        """A folder as its row says it: below the folder searched it is in, by name."""
        for root in self._roots:
            if folder == root or root in folder.parents:
                return shown_path(Path(root.name or root) / folder.relative_to(root))
        return shown_path(folder)

    def pair_at(self, row: int) -> FolderPair | None:
        return self.rows[row][1] if 0 <= row < len(self.rows) else None

    def _count(self) -> int:
        return len(self.rows)

    def data(self, index: Index, role: int = _DISPLAY) -> object:
        if not index.isValid():
            return None
        number, pair = self.rows[index.row()]
        column = PairColumn(index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole and column < PairColumn.FIRST:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and column >= PairColumn.FIRST:
            return shown_path(pair.a if column == PairColumn.FIRST else pair.b)
        if role != _DISPLAY:
            return None
        counts = {
            PairColumn.IDENTICAL: Side.IDENTICAL,
            PairColumn.NEAR: Side.NEAR,
            PairColumn.CHANGED: Side.CHANGED,
            PairColumn.ONLY_A: Side.ONLY_A,
            PairColumn.ONLY_B: Side.ONLY_B,
        }
        if column in counts:
            return f"{pair.tally(counts[column]).files:,}"
        if column == PairColumn.GROUP:
            return str(number)
        if column == PairColumn.SHARE:
            return percent(pair.share) + " %"
        if column == PairColumn.SIZE:
            return human_size(pair.size)
        return self.shown(pair.a if column == PairColumn.FIRST else pair.b)


class FilePairsModel(_Table):
    """The files of one pair of folders side by side: each file of the first beside its
    counterpart in the second, by their place below each."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pair: FolderPair | None = None
        self.files: list[FilePair] = []
        self._hows: dict[Side, str] = {}
        self.retranslate()

    def retranslate(self) -> None:
        self._headers = [
            self.tr("In the First Folder"),
            self.tr("Size"),
            self.tr("How They Compare"),
            self.tr("In the Second Folder"),
            self.tr("Size"),
        ]
        self._hows = {
            Side.IDENTICAL: self.tr("Identical"),
            #: A near-duplicate pair of files, with its similarity ("Near, 93.4 %").
            Side.NEAR: self.tr("Near, %1 %"),
            Side.CHANGED: self.tr("Changed: not alike"),
            Side.ONLY_A: self.tr("Only in the first"),
            Side.ONLY_B: self.tr("Only in the second"),
        }
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(FileColumn) - 1)
        if self.files:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.files) - 1, 4))

    def set_pair(self, pair: FolderPair | None) -> None:
        self.beginResetModel()
        self.pair = pair
        self.files = [] if pair is None else list(pair.files)
        self.endResetModel()

    def file_at(self, row: int) -> FilePair | None:
        return self.files[row] if 0 <= row < len(self.files) else None

    def _count(self) -> int:
        return len(self.files)

    def how(self, file: FilePair) -> str:
        text = self._hows[file.side]
        if file.side is Side.NEAR:
            shown = "—" if file.similarity is None else percent(file.similarity)
            text = text.replace("%1", shown)
        return text

    def _rel(self, path: Path | None, folder: Path) -> str:
        if path is None:
            return ""
        return shown_path(os.path.relpath(path, folder))

    def data(self, index: Index, role: int = _DISPLAY) -> object:
        if not index.isValid() or self.pair is None:
            return None
        file = self.files[index.row()]
        column = FileColumn(index.column())
        first = column in (FileColumn.FIRST, FileColumn.FIRST_SIZE)
        if role == Qt.ItemDataRole.BackgroundRole:
            return _background(file.side, first, column == FileColumn.HOW)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            FileColumn.FIRST_SIZE,
            FileColumn.SECOND_SIZE,
        ):
            return _RIGHT
        if role != _DISPLAY:
            return None
        if column == FileColumn.HOW:
            return self.how(file)
        if column == FileColumn.FIRST:
            return self._rel(file.a, self.pair.a)
        if column == FileColumn.SECOND:
            return self._rel(file.b, self.pair.b)
        present = file.a if first else file.b
        if present is None:
            return ""
        return human_size(file.size_a if first else file.size_b)


def _background(side: Side, first: bool, middle: bool) -> QColor | None:
    """A file's cells tinted as a diff's rows are: near as changed, changed as deleted,
    a file only one folder has as inserted on its side and a gap on the other."""
    palette = colours.current()
    if side is Side.IDENTICAL:
        return None
    if side is Side.NEAR:
        return palette.changed
    if side is Side.CHANGED:
        return palette.deleted
    if middle:
        return palette.inserted
    here = first == (side is Side.ONLY_A)
    return palette.inserted if here else palette.gap


__all__ = ["FileColumn", "FilePairsModel", "FolderPairsModel", "PairColumn"]

"""A GroupsModel's groups as one flat list of rows: each group's row, then its items.

A QTreeView with every group open lays out every row of the model, asking
Python for each one (index, rowCount, flags), on every reset, sort or filter:
with 25,000 groups of 100,000 files that froze the window for 2-10 s
(bench_gui_rows). A QTableView over this flat list asks only for the rows on
screen. The groups model stays the one the pages and tests speak to; this
adapter maps its rows both ways and passes its changes on.
"""

from __future__ import annotations

import bisect
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from simfind.gui.groups_list.model import GroupsModel

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
# Roles a view asks of every cell that the groups model never answers: answered here at
# once, not mapped to a row of the groups model first.
_UNANSWERED = frozenset(
    {
        Qt.ItemDataRole.DecorationRole,
        Qt.ItemDataRole.BackgroundRole,
        Qt.ItemDataRole.ForegroundRole,
        Qt.ItemDataRole.SizeHintRole,
    }
)


class FlatGroups(QAbstractTableModel):
    """Row ``starts[g]`` is group ``g``'s own row; its items follow it."""

    def __init__(self, groups: GroupsModel, parent: Any = None) -> None:
        super().__init__(parent)
        self.groups = groups
        self._starts: list[int] = [0]  # each group's row, then the number of rows
        self._held: list[QPersistentModelIndex] = []
        self._bold = QFont()
        self._bold.setBold(True)
        groups.modelAboutToBeReset.connect(self.beginResetModel)
        groups.modelReset.connect(self._on_reset)
        groups.layoutAboutToBeChanged.connect(self._on_layout_to_change)
        groups.layoutChanged.connect(self._on_layout_changed)
        groups.rowsInserted.connect(self._on_rows_inserted)
        groups.rowsAboutToBeRemoved.connect(self.beginResetModel)
        groups.rowsRemoved.connect(self._on_reset)
        groups.dataChanged.connect(self._on_data_changed)
        groups.headerDataChanged.connect(self.headerDataChanged)
        self._starts = self._counted()

    def _counted(self) -> list[int]:
        # Summed in NumPy: a list of 25,000 counts and their running sums took 6-8 ms.
        counts = self.groups.member_count_array()
        starts = np.zeros(len(counts) + 1, dtype=np.int64)
        np.cumsum(counts + 1, out=starts[1:])
        found: list[int] = starts.tolist()
        return found

    # -- rows both ways ----------------------------------------------------------
    def locate(self, row: int) -> tuple[int, int]:
        """(group, item) of a row; item -1 for the group's own row."""
        group = bisect.bisect_right(self._starts, row) - 1
        return group, row - self._starts[group] - 1

    def source(self, index: _Index) -> QModelIndex:
        """The groups model's index of a row here."""
        if not index.isValid():
            return QModelIndex()
        group, item = self.locate(index.row())
        if item < 0:
            return self.groups.index(group, index.column())
        return self.groups.index(item, index.column(), self.groups.index(group, 0))

    def from_source(self, index: _Index) -> QModelIndex:
        """The row here of a groups model's index."""
        if not index.isValid():
            return QModelIndex()
        if self.groups.is_group(index):
            return self.index(self._starts[index.row()], index.column())
        group = self.groups.group_row(index)
        return self.index(self._starts[group] + 1 + index.row(), index.column())

    def is_item_row(self, row: int) -> bool:
        return self.locate(row)[1] >= 0

    # -- the groups model's changes ----------------------------------------------
    def _on_reset(self) -> None:
        self._starts = self._counted()
        self.endResetModel()

    def _on_layout_to_change(self) -> None:
        self.layoutAboutToBeChanged.emit()
        # The groups model moves its own persistent indexes (few: the view holds ours).
        self._held = [QPersistentModelIndex(self.source(i)) for i in self.persistentIndexList()]

    def _on_layout_changed(self) -> None:
        held, self._held = self._held, []
        persistent = self.persistentIndexList()
        self._starts = self._counted()
        moved = [
            self.from_source(source).siblingAtColumn(index.column())
            for source, index in zip(held, persistent, strict=True)
        ]
        self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    def _on_rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        starts = self._counted()
        if parent.isValid():
            at = starts[parent.row()] + 1 + first
            count = last - first + 1
        else:
            at, count = starts[first], starts[last + 1] - starts[first]
        self.beginInsertRows(_ROOT, at, at + count - 1)
        self._starts = starts
        self.endInsertRows()

    def _on_data_changed(self, top: QModelIndex, bottom: QModelIndex, roles: list[int]) -> None:
        first, last = self.from_source(top), self.from_source(bottom)
        if not self.groups.is_group(top):
            self.dataChanged.emit(first, last, roles)
            return
        # A range of groups: their items with them (every group's check boxes, say).
        end = self._starts[bottom.row() + 1] - 1
        self.dataChanged.emit(first, self.index(end, last.column()), roles)

    # -- Qt's model interface ----------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self._starts[-1]

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self.groups.columnCount()

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        return self.groups.headerData(section, orientation, role)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role in _UNANSWERED or not index.isValid():
            return None
        source = self.source(index)
        if role == Qt.ItemDataRole.FontRole and self.groups.is_group(source):
            return self._bold
        return self.groups.data(source, role)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return self.groups.flags(self.source(index))

    def setData(  # noqa: N802 (Qt's name)
        self, index: _Index, value: Any, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        return self.groups.setData(self.source(index), value, role)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.groups.sort(column, order)


__all__ = ["FlatGroups"]

"""The tree of groups: any GroupsModel's groups and items, every group open.

``GroupsTree`` says which item is current and its group's centre; the groups
page puts it above its marking row and a diff of the selected file to that centre.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTreeView,
    QWidget,
)

from simfind.gui.groups_model import GroupsModel


class GroupsTree(QTreeView):
    """Groups and their items, every group open, sorted on a header click."""

    # The current item and (its group's centre, True); where the centre has been hidden,
    # (the group's first item left, False); (None, None) on a group's row or nothing.
    current_changed = Signal(object, object)

    def __init__(self, model: GroupsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups = model
        self.setModel(model)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.setSortingEnabled(True)
        self.setAllColumnsShowFocus(True)
        header = self.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        model.modelReset.connect(self.expandAll)
        model.layoutChanged.connect(self.expandAll)
        self.selectionModel().currentChanged.connect(self._on_current)
        self._placeholder = ""

    def set_placeholder(self, text: str) -> None:
        """What the empty tree says (there are no groups, or none left)."""
        self._placeholder = text
        self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if self._placeholder and self.groups.rowCount() == 0:
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().placeholderText().color())
            area = self.viewport().rect().adjusted(24, 24, -24, -24)
            flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
            painter.drawText(area, int(flags), self._placeholder)
            painter.end()

    def current_item(self) -> Any:
        return self.groups.item_at(self.currentIndex())

    def selected_items(self) -> list[Any]:
        """The items of the rows selected, in the order shown (group rows add nothing)."""
        rows = self.selectionModel().selectedRows()
        ordered = sorted(
            rows, key=lambda i: (self.groups.group_row(i), i.internalId() != 0, i.row())
        )
        return [item for i in ordered if (item := self.groups.item_at(i)) is not None]

    def select_item(self, key: Any) -> bool:
        """Make the item with this key current; False where it is not shown."""
        index = self.groups.index_of(key)
        if not index.isValid():
            return False
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        self.selectionModel().setCurrentIndex(index, flags)
        self.scrollTo(index)
        return True

    @Slot(QModelIndex, QModelIndex)
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        item = self.groups.item_at(current)
        if item is None:
            self.current_changed.emit(None, None)
            return
        centre = self.groups.centre_of(current)
        if centre is None:  # moved away: the first file left stands in for it
            centre = self.groups.members(self.groups.group_row(current))[0]
            self.current_changed.emit(item, (centre, False))
        else:
            self.current_changed.emit(item, (centre, True))


__all__ = ["GroupsTree"]

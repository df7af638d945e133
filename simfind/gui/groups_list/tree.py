"""The list of groups: any GroupsModel's groups and items, each group's row above its items.

``GroupsTree`` says which item is current and its group's centre; the groups
page puts it above its marking row and a diff of the selected file to that centre.

It is a table over the groups model's rows laid out flat (FlatGroups), items
indented under their group's row, rather than a tree with every group open:
a tree view lays out every row in Python on each change, which froze the window
for seconds at 100,000 files, where a table asks only for the rows it shows.
Indexes given to it and read from it (``setCurrentIndex``, ``currentIndex``) are
the groups model's, as they were for the tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from simfind.gui.groups_list.flat_groups import FlatGroups
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.widgets.placeholder import paint_placeholder

_INDENT = 20  # pixels: an item under its group's row


class _Indented(QStyledItemDelegate):
    """The first column's items drawn a step in from their group's row."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        model = index.model()
        if isinstance(model, FlatGroups) and model.is_item_row(index.row()):
            option = QStyleOptionViewItem(option)
            option.rect.adjust(_INDENT, 0, 0, 0)
        super().paint(painter, option, index)


@dataclass(frozen=True)
class Current:
    """The item made current (None: none), and its group's centre with whether the
    item's figures are to it (False: the centre moved away, its first file left stands in)."""

    item: Any = None
    centre: Any = None
    measured: bool = True


class GroupsTree(QTableView):
    """Groups and their items, each group's row above them, sorted on a header click."""

    # The current item and (its group's centre, True); where the centre has been hidden,
    # (the group's first item left, False); (None, None) on a group's row or nothing.
    current_changed = Signal(Current)

    def __init__(self, model: GroupsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups = model
        self.flat = FlatGroups(model, self)
        self.setModel(self.flat)
        self.setItemDelegateForColumn(0, _Indented(self))
        self.setAlternatingRowColors(True)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.setSortingEnabled(True)
        rows = self.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.selectionModel().currentChanged.connect(self._on_current)
        self._placeholder = ""

    def header(self) -> QHeaderView:
        """The column headers (the name a tree gives them)."""
        return self.horizontalHeader()

    def currentIndex(self) -> QModelIndex:  # noqa: N802 (Qt's name)
        """The current row, as the groups model's index."""
        return self.flat.source(super().currentIndex())

    def setCurrentIndex(self, index: QModelIndex | QPersistentModelIndex) -> None:  # noqa: N802
        """Make current a row given by the groups model's index."""
        super().setCurrentIndex(self.flat.from_source(index))

    def set_placeholder(self, text: str) -> None:
        """What the empty list says (there are no groups, or none left)."""
        self._placeholder = text
        self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        if self._placeholder and self.groups.rowCount() == 0:
            paint_placeholder(self, self._placeholder)

    def current_item(self) -> Any:
        return self.groups.item_at(self.currentIndex())

    def selected_items(self) -> list[Any]:
        """The items of the rows selected, in the order shown (group rows add nothing)."""
        rows = sorted(self.selectionModel().selectedRows(), key=lambda i: i.row())
        items = (self.groups.item_at(self.flat.source(i)) for i in rows)
        return [item for item in items if item is not None]

    def item_at(self, index: QModelIndex) -> Any:
        """The item of a row of this view (None for a group's row)."""
        return self.groups.item_at(self.flat.source(index))

    def select_item(self, key: Any) -> bool:
        """Make the item with this key current; False where it is not shown."""
        index = self.flat.from_source(self.groups.index_of(key))
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
        source = self.flat.source(current)
        item = self.groups.item_at(source)
        if item is None:
            self.current_changed.emit(Current())
            return
        centre = self.groups.centre_of(source)
        if centre is None:  # moved away: the first file left stands in for it
            centre = self.groups.members(self.groups.group_row(source))[0]
            self.current_changed.emit(Current(item, centre, measured=False))
        else:
            self.current_changed.emit(Current(item, centre))


__all__ = ["GroupsTree"]

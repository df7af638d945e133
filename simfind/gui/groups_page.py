"""The groups mode's results: the tree of groups, the row to mark and move, the diff to the centre.

``GroupsTree`` shows any GroupsModel (files here; other kinds of items
elsewhere) and says which item is current and its group's centre. The page
puts it above the marking row and a DiffView that compares the selected file
with the centre of its group.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.scan.rank import Match
from simfind.gui.diff_view import DiffView, LeftSide, Side
from simfind.gui.file_filter import FileFilter
from simfind.gui.groups_model import GroupColumn, GroupsModel
from simfind.gui.threshold import ThresholdControl


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


class GroupsPage(QWidget):
    """The tree of groups of files, the marking row below it, the diff under both."""

    def __init__(self, model: GroupsModel, bar: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.tree = GroupsTree(model)
        self.tree.sortByColumn(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
        for column, width in (
            (GroupColumn.NAME, 300),
            (GroupColumn.SIMILARITY, 95),
            (GroupColumn.SIZE, 110),
            (GroupColumn.MODIFIED, 130),
            (GroupColumn.ENCODING, 85),
            (GroupColumn.FORMAT, 95),
        ):
            self.tree.setColumnWidth(column, width)
        self.diff_view = DiffView(groups=True)
        self.tree.current_changed.connect(self._on_current)
        self.bits = 128
        # The text the grouped files share widely (boilerplate.py), as the scan found it.
        self.common: Boilerplate = boilerplate.NONE
        self.documents = True  # documents were read for their text, as the diff reads them

        # Files at least this similar to each other are grouped; changing it regroups
        # what was found, with no new search.
        self.threshold = ThresholdControl()
        # Show only the groups with a file of this name, folder or format (whole groups).
        self.file_filter = FileFilter()
        self.file_filter.changed.connect(self._on_filter)
        above = QHBoxLayout()
        above.addWidget(self.file_filter, 1)
        above.addSpacing(12)
        above.addWidget(self.threshold)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(above)
        top_layout.addWidget(self.tree, 1)
        top_layout.addWidget(bar)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.diff_view)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

    @Slot()
    def _on_filter(self) -> None:
        self.model.set_filter(self.file_filter.accepts if self.file_filter.active() else None)

    @Slot(object, object)
    def _on_current(self, item: Match | None, centre: tuple[Match, bool] | None) -> None:
        if item is None or centre is None or item is centre[0]:
            self.diff_view.clear()
            return
        other, measured = centre
        role = LeftSide.CENTRE if measured else LeftSide.GROUP_FILE
        if not measured:
            # Its figures were to the centre that is gone: only the distance is known here.
            distance = (item.fingerprint ^ other.fingerprint).bit_count()
            item = replace(item, similarity=None, distance=distance)
        left = Side(other.path, other.encoding, other.size, self.documents, other.format)
        self.diff_view.compare(left, item, self.bits, role, self.common)


__all__ = ["GroupsPage", "GroupsTree"]

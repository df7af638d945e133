"""Groups of near-duplicates as a tree: a row per group, its files below it, files checkable.

A group's row shows how many files it holds, the lowest similarity of a
member to the centre and the space keeping only its largest file would free;
sorting by those columns orders the groups (their files stay centre first,
then by similarity). Files in a reference folder have no check box: they are
never marked.
"""

from __future__ import annotations

from datetime import datetime
from enum import IntEnum
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from simfind.core.groups import Group, GroupsResult
from simfind.core.paths import display_path, human_size
from simfind.core.rank import Match

translate = QCoreApplication.translate

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_DISPLAY = Qt.ItemDataRole.DisplayRole
_CHECK = Qt.ItemDataRole.CheckStateRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class GroupColumn(IntEnum):
    NAME = 0
    SIMILARITY = 1
    SIZE = 2
    MODIFIED = 3
    ENCODING = 4
    FOLDER = 5


def column_titles() -> list[str]:
    return [
        translate("GroupsModel", "Name"),
        translate("GroupsModel", "Similarity %"),
        translate("GroupsModel", "Size"),
        translate("GroupsModel", "Modified"),
        translate("GroupsModel", "Encoding"),
        translate("GroupsModel", "Folder"),
    ]


def _lowest(group: Group) -> float:
    return min((m.similarity for m in group.members if m.similarity is not None), default=1.0)


class GroupsModel(QAbstractItemModel):
    """Rows of the root are groups; a group's rows are its files, the centre first.

    An index's internal id is 0 for a group and 1 + the group's row for a file.
    """

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._result: GroupsResult | None = None
        self._groups: list[Group] = []
        self._marked: set[Path] = set()

    # -- contents ------------------------------------------------------------

    def set_result(self, result: GroupsResult | None) -> None:
        self.beginResetModel()
        self._result = result
        self._groups = list(result.groups) if result is not None else []
        self._marked.clear()
        self.endResetModel()

    def group_at(self, index: _Index) -> Group | None:
        if not index.isValid():
            return None
        number = index.internalId() - 1 if index.internalId() else index.row()
        return self._groups[number]

    def match_at(self, index: _Index) -> Match | None:
        """The file of a file row (None for a group row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._groups[index.internalId() - 1].members[index.row()]

    def centre_of(self, index: _Index) -> Match | None:
        group = self.group_at(index)
        return group.members[0] if group is not None else None

    def protected(self, match: Match) -> bool:
        return self._result is not None and self._result.protected(match)

    # -- marks ---------------------------------------------------------------

    def marked(self) -> list[Match]:
        """The marked files, group by group in the order shown."""
        return [m for g in self._groups for m in g.members if m.path in self._marked]

    def set_marked(self, paths: set[Path]) -> None:
        """Mark exactly these files (files in reference folders are left unmarked)."""
        self._marked = {
            m.path
            for g in self._groups
            for m in g.members
            if m.path in paths and not self.protected(m)
        }
        self._checks_changed()

    def _checks_changed(self) -> None:
        for row in range(len(self._groups)):
            count = len(self._groups[row].members)
            parent = self.index(row, 0)
            self.dataChanged.emit(
                self.index(0, 0, parent), self.index(count - 1, 0, parent), [_CHECK]
            )

    # -- the tree ------------------------------------------------------------

    def index(self, row: int, column: int, parent: _Index = _ROOT) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: _Index = _ROOT) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self._groups[parent.row()].members)
        return 0

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return len(GroupColumn)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == _DISPLAY:
            return column_titles()[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        match = self.match_at(index)
        if match is not None and index.column() == GroupColumn.NAME and not self.protected(match):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if not index.isValid():
            return None
        column = GroupColumn(index.column())
        match = self.match_at(index)
        if match is None:
            return self._group_data(self._groups[index.row()], index.row(), column, role)
        if role == _CHECK and column == GroupColumn.NAME and not self.protected(match):
            checked = match.path in self._marked
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == _DISPLAY:
            return self._file_text(match, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            GroupColumn.SIMILARITY,
            GroupColumn.SIZE,
        ):
            return _RIGHT
        if role == Qt.ItemDataRole.FontRole and match.is_reference:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if self.protected(match):
                return translate("GroupsModel", "In a reference folder: never marked or moved")
            if match.is_reference:
                return translate("GroupsModel", "The centre: every file here is compared with it")
        return None

    def _group_data(self, group: Group, row: int, column: GroupColumn, role: int) -> Any:
        if role == _DISPLAY:
            if column == GroupColumn.NAME:
                # A group holds two files at least: no singular to word.
                text = translate("GroupsModel", "Group {number}: {count} files")
                return text.format(number=row + 1, count=len(group.members))
            if column == GroupColumn.SIMILARITY:
                return f"{100 * _lowest(group):.1f}"
            if column == GroupColumn.SIZE:
                return translate("GroupsModel", "frees {size}").format(
                    size=human_size(group.reclaimable)
                )
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            GroupColumn.SIMILARITY,
            GroupColumn.SIZE,
        ):
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole and column == GroupColumn.SIZE:
            return translate("GroupsModel", "The space that keeping only the largest file frees")
        return None

    def _file_text(self, match: Match, column: GroupColumn) -> str:
        if column == GroupColumn.NAME:
            return display_path(match.path.name)
        if column == GroupColumn.FOLDER:
            return display_path(match.path.parent)
        if column == GroupColumn.SIMILARITY:
            return "" if match.similarity is None else f"{100 * match.similarity:.1f}"
        if column == GroupColumn.SIZE:
            return human_size(match.size)
        if column == GroupColumn.MODIFIED:
            return datetime.fromtimestamp(match.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
        return match.encoding

    def setData(self, index: _Index, value: Any, role: int = _CHECK) -> bool:  # noqa: N802
        match = self.match_at(index)
        if role != _CHECK or match is None or self.protected(match):
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked
        if checked:
            self._marked.add(match.path)
        else:
            self._marked.discard(match.path)
        self.dataChanged.emit(index, index, [_CHECK])
        return True

    # -- sorting -------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Groups by size (Name), lowest similarity, or space freed (Size); files stay put."""
        keys = {
            GroupColumn.NAME: lambda g: len(g.members),
            GroupColumn.SIMILARITY: _lowest,
            GroupColumn.SIZE: lambda g: g.reclaimable,
        }
        key = keys.get(GroupColumn(column))
        if key is None:
            return
        self.layoutAboutToBeChanged.emit()
        before = list(self._groups)
        self._groups.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)
        moved_to = {id(group): row for row, group in enumerate(self._groups)}
        held = self.persistentIndexList()
        now = []
        for index in held:
            if index.internalId() == 0:
                row = moved_to[id(before[index.row()])]
                now.append(self.createIndex(row, index.column(), 0))
            else:
                group = moved_to[id(before[index.internalId() - 1])]
                now.append(self.createIndex(index.row(), index.column(), group + 1))
        self.changePersistentIndexList(held, now)
        self.layoutChanged.emit()

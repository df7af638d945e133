"""Groups of near-duplicate records as a tree: the groups tree (GroupsModel) with records.

The tree itself (a row per group, its members below it, the centre first, the
index scheme and the sorting that keeps selections) is GroupsModel's; only
what a row says differs: a record's text, its line, its similarity to the
centre and its file. Records are not files: nothing is checked or moved.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from simfind.core.export import shown_paths
from simfind.core.record_search import Record, RecordGroup, RecordGroupsResult, RecordMember
from simfind.gui.groups_model import GroupsModel

translate = QCoreApplication.translate

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_DISPLAY = Qt.ItemDataRole.DisplayRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
#: Characters of a record shown in its row (the preview shows it whole).
_SHOWN_CHARS = 300


class RecordColumn(IntEnum):
    RECORD = 0
    LINE = 1
    SIMILARITY = 2
    FILE = 3


def column_titles() -> list[str]:
    return [
        translate("RecordGroupsModel", "Record"),
        translate("RecordGroupsModel", "Line"),
        translate("RecordGroupsModel", "Similarity %"),
        translate("RecordGroupsModel", "File"),
    ]


def _lowest(group: RecordGroup) -> float:
    return min((m.similarity for m in group.members if m.similarity is not None), default=1.0)


def one_line(text: str) -> str:
    """A record on one row: its line breaks shown as ⏎, cut after _SHOWN_CHARS characters."""
    flat = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", " ⏎ ")
    return flat if len(flat) <= _SHOWN_CHARS else flat[:_SHOWN_CHARS] + "…"


class RecordGroupsModel(GroupsModel):
    """GroupsModel's tree over groups of records (``members`` are RecordMembers)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.records: RecordGroupsResult | None = None
        self._paths: list[str] = []

    def set_records(self, result: RecordGroupsResult | None, given: list[Any]) -> None:
        """Show these groups; ``given`` are the inputs as the user gave them (for paths)."""
        self.beginResetModel()
        self.records = result
        self._result = None
        self._groups = list(result.groups) if result is not None else []  # type: ignore[arg-type]
        self._paths = shown_paths(result, given) if result is not None else []
        self._marked.clear()
        self.endResetModel()

    def member_at(self, index: _Index) -> RecordMember | None:
        """The member of a record row (None for a group row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        member: RecordMember = self._groups[index.internalId() - 1].members[index.row()]  # type: ignore[assignment]
        return member

    def record_at(self, index: _Index) -> Record | None:
        member = self.member_at(index)
        if member is None or self.records is None:
            return None
        return self.records.records[member.record]

    def path_of(self, record: Record) -> str:
        """The record's file, as the user gave it."""
        return self._paths[record.file]

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return len(RecordColumn)

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == _DISPLAY:
            return column_titles()[section]
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def setData(self, index: _Index, value: Any, role: int = _DISPLAY) -> bool:  # noqa: N802
        return False

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if not index.isValid():
            return None
        column = RecordColumn(index.column())
        member = self.member_at(index)
        numeric = column in (RecordColumn.LINE, RecordColumn.SIMILARITY)
        if role == Qt.ItemDataRole.TextAlignmentRole and numeric:
            return _RIGHT
        if member is None:
            group: RecordGroup = self._groups[index.row()]  # type: ignore[assignment]
            return self._group_row(group, index.row(), column, role)
        record = self.record_at(index)
        assert record is not None
        if role == _DISPLAY:
            return self._record_text(record, member, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == RecordColumn.RECORD:
            return record.text[: 20 * _SHOWN_CHARS]
        if role == Qt.ItemDataRole.ToolTipRole and column == RecordColumn.FILE:
            return self.path_of(record)
        if role == Qt.ItemDataRole.FontRole and index.row() == 0:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _group_row(self, group: RecordGroup, row: int, column: RecordColumn, role: int) -> Any:
        if role != _DISPLAY:
            return None
        if column == RecordColumn.RECORD:
            # A group holds two records at least.
            count = len(group.members)
            text = translate("RecordGroupsModel", "Group {number}: %n records", "", count)
            return text.format(number=row + 1)
        if column == RecordColumn.SIMILARITY:
            return f"{100 * _lowest(group):.1f}"
        return None

    def _record_text(self, record: Record, member: RecordMember, column: RecordColumn) -> str:
        if column == RecordColumn.RECORD:
            return one_line(record.text)
        if column == RecordColumn.LINE:
            return str(record.line)
        if column == RecordColumn.SIMILARITY:
            return "" if member.similarity is None else f"{100 * member.similarity:.1f}"
        return self.path_of(record)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Groups by their number of records (Record) or lowest similarity; members stay put."""
        keys = {RecordColumn.RECORD: lambda g: len(g.members), RecordColumn.SIMILARITY: _lowest}
        key = keys.get(RecordColumn(column)) if 0 <= column < len(RecordColumn) else None
        if key is None:
            return
        self.layoutAboutToBeChanged.emit()
        before = list(self._groups)
        self._groups.sort(key=key, reverse=order == Qt.SortOrder.DescendingOrder)  # type: ignore[arg-type]
        moved_to = {id(group): row for row, group in enumerate(self._groups)}
        held = self.persistentIndexList()
        now = []
        for index in held:
            if index.internalId() == 0:
                now.append(self.createIndex(moved_to[id(before[index.row()])], index.column(), 0))
            else:
                group_row = moved_to[id(before[index.internalId() - 1])]
                now.append(self.createIndex(index.row(), index.column(), group_row + 1))
        self.changePersistentIndexList(held, now)
        self.layoutChanged.emit()

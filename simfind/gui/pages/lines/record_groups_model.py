"""Groups of near-duplicate records in the groups tree: GroupsModel with RecordColumns.

The tree itself (a row per group, its members below it, the centre first, the
index scheme and the sorting that keeps selections) is GroupsModel's; only
what a row says differs (RecordColumns): a record's text, its line, its
similarity to the centre and its file. Records are not files: nothing is
moved; lines can be marked, to be left out of a copy of their file
(pages/lines.py, line_removal).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from enum import IntEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QFont

from simfind.core.base.shown import shown_path
from simfind.core.records.collect import Record
from simfind.core.records.cutting import RecordKind
from simfind.core.records.search import RecordGroupsResult, RecordMember
from simfind.core.report.export import shown_paths
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.groups_list.shown_groups import PreparedGroups

translate = QCoreApplication.translate

_Index = QModelIndex | QPersistentModelIndex
# Characters of a record shown in its row (the preview shows it whole).
_SHOWN_CHARS = 300


class RecordColumn(IntEnum):
    RECORD = 0
    LINE = 1
    SIMILARITY = 2
    FILE = 3


def _lowest(members: Sequence[RecordMember]) -> float:
    return min((m.similarity for m in members if m.similarity is not None), default=1.0)


def one_line(text: str) -> str:
    """A record on one row: its line breaks shown as ⏎, cut after _SHOWN_CHARS characters."""
    flat = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", " ⏎ ")
    return flat if len(flat) <= _SHOWN_CHARS else flat[:_SHOWN_CHARS] + "…"


class RecordColumns:
    """How records are shown in the groups tree (GroupsModel's ItemColumns for records)."""

    def __init__(self, result: RecordGroupsResult | None = None, paths: Sequence[str] = ()) -> None:
        self.result = result
        # Each file's path as the user gave its input (by the records' ``file``).
        self.paths = list(paths)
        self._bold = QFont()
        self._bold.setBold(True)

    def record(self, member: RecordMember) -> Record:
        assert self.result is not None
        return self.result.records[member.record]

    def titles(self) -> list[str]:
        return [
            translate("RecordGroupsModel", "Record"),
            translate("RecordGroupsModel", "Line"),
            translate("RecordGroupsModel", "Similarity %"),
            translate("RecordGroupsModel", "File"),
        ]

    def header_tip(self, column: int) -> str | None:
        if column == RecordColumn.SIMILARITY:
            return translate(
                "RecordGroupsModel",
                "Exact similarity to the group's centre (the first record, in bold); "
                "on a group's row, the lowest of its records",
            )
        return None

    def key(self, item: RecordMember) -> Hashable:
        return item.record

    def checkable(self, item: RecordMember) -> bool:
        """Lines can be marked, to be left out of a copy of their file; other records not."""
        return self.result is not None and self.result.spec.kind is RecordKind.LINES

    def numeric(self, column: int) -> bool:
        return column in (RecordColumn.LINE, RecordColumn.SIMILARITY)

    def item_text(self, item: RecordMember, column: int, measured: bool) -> str:
        record = self.record(item)
        if column == RecordColumn.RECORD:
            return one_line(record.text)
        if column == RecordColumn.LINE:
            return str(record.line)
        if column == RecordColumn.SIMILARITY:
            if not measured or item.similarity is None:
                return ""
            return f"{100 * item.similarity:.1f}"
        return self.paths[record.file]

    def item_tip(self, item: RecordMember, is_centre: bool) -> str | None:
        return self.record(item).text[: 20 * _SHOWN_CHARS]

    def font(self, item: RecordMember, is_centre: bool) -> QFont | None:
        return self._bold if is_centre else None

    def group_text(self, members: Sequence[RecordMember], number: int, column: int) -> str:
        if column == RecordColumn.RECORD:
            # A group holds two records at least: no singular needed.
            text = translate("RecordGroupsModel", "Group {number}: {count} records")
            return text.format(number=number, count=len(members))
        if column == RecordColumn.SIMILARITY:
            #: A group's row: every record of the group is at least this similar to its first.
            return translate("RecordGroupsModel", "≥ {similarity}").format(
                similarity=f"{100 * _lowest(members):.1f}"
            )
        return ""

    def group_tip(self, column: int) -> str | None:
        return self.header_tip(column)

    def sort_key(self, column: int) -> Callable[[Sequence[RecordMember]], Any] | None:
        if column == RecordColumn.RECORD:
            return len
        if column == RecordColumn.SIMILARITY:
            return _lowest
        return None


class RecordGroupsModel(GroupsModel):
    """The groups tree over groups of records (its items are RecordMembers)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.set_groups([], RecordColumns())

    def set_records(self, result: RecordGroupsResult | None, given: list[Any]) -> None:
        """Show these groups; ``given`` are the inputs as the user gave them (for paths)."""
        self.take_prepared(self.preparing_records(result, given)())

    def preparing_records(
        self, result: RecordGroupsResult | None, given: list[Any]
    ) -> Callable[[], PreparedGroups]:
        """``set_records``' work, apart from telling the view: for another thread to run and
        ``take_prepared`` to take."""
        paths = [shown_path(p) for p in shown_paths(result, given)] if result is not None else []
        groups = result.groups if result is not None else []
        return self.preparing(lambda: [g.members for g in groups], RecordColumns(result, paths))

    def member_at(self, index: _Index) -> RecordMember | None:
        """The member of a record row (None for a group row)."""
        member: RecordMember | None = self.item_at(index)
        return member

    def record_at(self, index: _Index) -> Record | None:
        member = self.member_at(index)
        columns = self.columns
        if member is None or not isinstance(columns, RecordColumns):
            return None
        return columns.record(member)

    def path_of(self, record: Record) -> str:
        """The record's file, as the user gave it."""
        columns = self.columns
        assert isinstance(columns, RecordColumns)
        return columns.paths[record.file]


__all__ = ["RecordColumn", "RecordColumns", "RecordGroupsModel", "one_line"]

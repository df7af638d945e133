"""What the groups list shows of an item: the columns ``ItemColumns`` promises, and
``FileColumns``, the files of a ``GroupsResult`` (name, similarity to the centre, size,
time, encoding, format, folder), with the groups' own cells and the keys they sort by."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from enum import IntEnum
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont

from simfind.core.base.paths import human_size, short_time
from simfind.core.base.shown import shown_path
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.results.since import SinceSaved
from simfind.core.scan.rank import Match
from simfind.gui.result_words import result_words
from simfind.gui.wording import words

# The words keep the model's context: the catalogues knew them there before they moved.
translate = QCoreApplication.translate
T_contra = TypeVar("T_contra", contravariant=True)
T = TypeVar("T")


class ItemColumns(Protocol[T_contra]):
    """How one kind of item is shown in the groups tree, and which can be marked."""

    def titles(self) -> list[str]: ...

    def header_tip(self, column: int) -> str | None: ...

    def key(self, item: T_contra) -> Hashable:
        """What identifies the item (marks and hidden items are kept by it)."""
        ...

    def checkable(self, item: T_contra) -> bool: ...

    def numeric(self, column: int) -> bool: ...

    def item_text(self, item: T_contra, column: int, measured: bool) -> str:
        """A cell of an item's row; ``measured`` is False once its centre is hidden."""
        ...

    def item_tip(self, item: T_contra, is_centre: bool) -> str | None: ...

    def font(self, item: T_contra, is_centre: bool) -> QFont | None: ...

    def group_text(self, members: Sequence[T_contra], number: int, column: int) -> str:
        """A cell of a group's row (``members``: the ones shown, centre first)."""
        ...

    def group_tip(self, column: int) -> str | None: ...

    def sort_key(self, column: int) -> Callable[[Sequence[T_contra]], Any] | None:
        """How sorting by ``column`` orders the groups (None: it does not)."""
        ...


def markable(
    groups: Iterable[Sequence[T]], columns: ItemColumns[T], wanted: Collection[Hashable]
) -> set[Hashable]:
    """The keys among ``wanted`` of the items of ``groups`` that can be marked: what marking
    ``wanted`` marks (GroupsModel.set_marked, and the marks worked out aside)."""
    key, checkable = columns.key, columns.checkable
    return {key(m) for members in groups for m in members if key(m) in wanted and checkable(m)}


class GroupColumn(IntEnum):
    NAME = 0
    SIMILARITY = 1
    SIZE = 2
    MODIFIED = 3
    ENCODING = 4
    FORMAT = 5
    FOLDER = 6


def _lowest(members: Sequence[Match]) -> float:
    return min((m.similarity for m in members if m.similarity is not None), default=1.0)


def reclaimable(members: Sequence[Match]) -> int:
    """The space freed by keeping only the largest of these files."""
    return sum(m.size for m in members) - max(m.size for m in members)


class FileColumns:
    """The files of a GroupsResult: name, similarity to the centre, size, time, encoding, folder."""

    def __init__(self, result: GroupsResult | None = None) -> None:
        self.result = result
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._bold_italic = QFont(self._bold)
        self._bold_italic.setItalic(True)

    def titles(self) -> list[str]:
        return [
            translate("GroupsModel", "Name"),
            translate("GroupsModel", "Similarity %"),
            translate("GroupsModel", "Size"),
            translate("GroupsModel", "Modified"),
            translate("GroupsModel", "Encoding"),
            translate("GroupsModel", "Format"),
            translate("GroupsModel", "Folder"),
        ]

    def header_tip(self, column: int) -> str | None:
        if column == GroupColumn.NAME:
            return translate("GroupsModel", "Sorts the groups by how many files they hold")
        if column == GroupColumn.SIMILARITY:
            return translate(
                "GroupsModel",
                "Each file's exact similarity to its group's centre; sorts the groups by their "
                "least similar file",
            )
        if column == GroupColumn.SIZE:
            return translate("GroupsModel", "Sorts the groups by the space they could free")
        return None

    def key(self, item: Match) -> Hashable:
        return item.path

    def protected(self, item: Match) -> bool:
        result = self.result
        return result is not None and bool(result.reference_folders) and result.protected(item)

    def stale(self, item: Match) -> bool:
        """Changed or gone since the result opened was saved: never marked or moved."""
        result = self.result
        return result is not None and bool(result.stale) and item.path in result.stale

    def checkable(self, item: Match) -> bool:
        return not self.protected(item) and not self.stale(item)

    def numeric(self, column: int) -> bool:
        return column in (GroupColumn.SIMILARITY, GroupColumn.SIZE)

    def item_text(self, item: Match, column: int, measured: bool) -> str:
        if column == GroupColumn.NAME:
            name = shown_path(item.path.name)
            if self.stale(item):
                return result_words.since_saved(name, self._since(item))
            if self.protected(item):
                #: A file in a reference folder: compared, never marked or moved.
                return translate("GroupsModel", "{name}  (reference folder)").format(name=name)
            return name
        if column == GroupColumn.FOLDER:
            return shown_path(item.path.parent)
        if column == GroupColumn.SIMILARITY:
            if item.identical:
                #: In the Similarity % column: byte for byte the same as another file of
                #: its group (100 % alone would not tell it from the same text in other bytes).
                return translate("GroupsModel", "identical")
            return "" if item.similarity is None or not measured else f"{100 * item.similarity:.1f}"
        if column == GroupColumn.SIZE:
            return human_size(item.size)
        if column == GroupColumn.MODIFIED:
            return short_time(item.mtime_ns)
        if column == GroupColumn.FORMAT:
            return words.document_format(item.format)
        return item.encoding

    def _since(self, item: Match) -> SinceSaved:
        assert self.result is not None
        return self.result.stale[item.path]

    def item_tip(self, item: Match, is_centre: bool) -> str | None:
        if self.stale(item):
            return result_words.since_saved_tip(self._since(item))
        if self.protected(item):
            return translate("GroupsModel", "In a reference folder: never marked or moved")
        if is_centre:
            return translate("GroupsModel", "The centre: every file here is compared with it")
        if item.identical:
            return translate("GroupsModel", "Byte for byte the same as another file of the group")
        return None

    def group_text(self, members: Sequence[Match], number: int, column: int) -> str:
        if column == GroupColumn.NAME:
            # A group holds two files at least: no singular to word.
            text = translate("GroupsModel", "Group {number}: {count} files")
            return text.format(number=number, count=len(members))
        if column == GroupColumn.SIMILARITY:
            #: A group's row: every file of the group is at least this similar to its centre.
            return translate("GroupsModel", "≥ {similarity}").format(
                similarity=f"{100 * _lowest(members):.1f}"
            )
        if column == GroupColumn.SIZE:
            return translate("GroupsModel", "frees {size}").format(
                size=human_size(reclaimable(members))
            )
        return ""

    def group_tip(self, column: int) -> str | None:
        if column == GroupColumn.SIZE:
            return translate("GroupsModel", "The space that keeping only the largest file frees")
        if column == GroupColumn.SIMILARITY:
            return translate("GroupsModel", "The lowest similarity of a file to the centre")
        return None

    def sort_key(self, column: int) -> Callable[[Sequence[Match]], Any] | None:
        keys: dict[int, Callable[[Sequence[Match]], Any]] = {
            GroupColumn.NAME: len,
            GroupColumn.SIMILARITY: _lowest,
            GroupColumn.SIZE: reclaimable,
        }
        return keys.get(column)

    def font(self, item: Match, is_centre: bool) -> QFont | None:
        """The centre in bold, files in a reference folder (and files changed since a saved
        result) in italics."""
        if self.protected(item) or self.stale(item):
            return self._bold_italic if is_centre else self._italic
        return self._bold if is_centre else None


__all__ = ["FileColumns", "GroupColumn", "ItemColumns", "markable", "reclaimable"]

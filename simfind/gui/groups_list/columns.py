"""What the groups list shows of an item: the columns ``ItemColumns`` promises, and
``FileColumns``, the files of a ``GroupsResult`` (name, similarity to the centre, size,
time, encoding, format, folder), with the groups' own cells and the keys they sort by."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from enum import IntEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont

from simfind.core.base.paths import human_size, short_time
from simfind.core.base.shown import shown_path
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.groups.kinds import GroupKind, kind_of
from simfind.core.groups.since import SinceSaved
from simfind.core.scan.rank import Match
from simfind.gui.base.catalogue_words import catalogue_words
from simfind.gui.base.result_words import result_words
from simfind.gui.base.wording import words

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
    # What a group is (identical, the same text, near-duplicates), what a file is to its
    # centre, and the other file of its group it is identical to.
    KIND = 2
    SIZE = 3
    MODIFIED = 4
    ENCODING = 5
    FORMAT = 6
    FOLDER = 7


# The kinds of group in the order sorting by kind puts them: identical files first.
_KIND_ORDER = {GroupKind.IDENTICAL: 0, GroupKind.SAME_TEXT: 1, GroupKind.NEAR_DUPLICATE: 2}


def _kind_rank(members: Sequence[Match]) -> int:
    return _KIND_ORDER[kind_of(members)]


def _named(path: Path, beside: Path) -> str:
    """A path as it reads beside another: below the folder both are in (it tells two files
    of one name apart, and stays short)."""
    try:
        common = os.path.commonpath([path, beside])
    except ValueError:  # on two drives (Windows): the whole path
        return shown_path(path)
    return shown_path(os.path.relpath(path, common))


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
            #: The column that says what a group is (identical, same text,
            #: near-duplicates) and what each file is to the group's centre.
            translate("GroupsModel", "Kind"),
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
        if column == GroupColumn.KIND:
            return translate(
                "GroupsModel",
                "Identical: the same bytes. Same text: the same words in the same order in "
                "other bytes (another encoding, a .docx and its .txt). Sorts the groups by it",
            )
        return None

    def key(self, item: Match) -> Hashable:
        return item.path

    def protected(self, item: Match) -> bool:
        """In a reference folder, or in a catalogue (result.protected): never marked."""
        if item.catalogue is not None:
            return True
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
            if item.catalogue is not None:
                #: A file found in a catalogue (a drive that may be away): never marked.
                return translate("GroupsModel", "{name}  (in {catalogue})").format(
                    name=name, catalogue=shown_path(item.catalogue.name)
                )
            if self.protected(item):
                #: A file in a reference folder: compared, never marked or moved.
                return translate("GroupsModel", "{name}  (reference folder)").format(name=name)
            return name
        if column == GroupColumn.FOLDER:
            return shown_path(item.path.parent)
        if column == GroupColumn.SIMILARITY:
            if item.similarity is None or not measured:
                return ""
            figure = f"{100 * item.similarity:.1f}"
            return catalogue_words.estimated(figure) if item.estimated else figure
        if column == GroupColumn.KIND:
            return self._relation(item, measured)
        if column == GroupColumn.SIZE:
            return human_size(item.size)
        if column == GroupColumn.MODIFIED:
            return short_time(item.mtime_ns)
        if column == GroupColumn.FORMAT:
            return words.document_format(item.format)
        return item.encoding

    def _relation(self, item: Match, measured: bool) -> str:
        """What a file is to its group's centre (as far as it is shown), and to the other
        files: identical to the centre, the same text, identical to another file; its other
        names (hard links) too."""
        parts = []
        if measured and item.identical:
            #: A file byte for byte the same as its group's centre.
            parts.append(translate("GroupsModel", "identical"))
        elif measured and item.similarity == 1.0 and not item.is_reference:
            #: A file with the centre's text (its words, in order) in other bytes.
            parts.append(translate("GroupsModel", "same text"))
        if item.identical_to is not None:
            #: A file with the same bytes as another file of its group that is not the
            #: centre; {other}: that file, as its path reads below their common folder.
            text = translate("GroupsModel", "identical to {other}")
            parts.append(text.format(other=_named(item.identical_to, item.path)))
        if item.links:
            names = ", ".join(_named(link, item.path) for link in item.links)
            #: A file's other names, hard links to it (the same file, so no duplicate of
            #: it); {names}: those names, as they read beside the file's own.
            parts.append(
                translate("GroupsModel", "also hard-linked as {names}").format(names=names)
            )
        #: Between two things said of one file in the Kind column.
        return translate("GroupsModel", " · ").join(parts)

    def _since(self, item: Match) -> SinceSaved:
        assert self.result is not None
        return self.result.stale[item.path]

    def item_tip(self, item: Match, is_centre: bool) -> str | None:
        if self.stale(item):
            return result_words.since_saved_tip(self._since(item))
        if item.catalogue is not None:
            tip = catalogue_words.catalogued_tip(item)
            return f"{tip}\n\n{catalogue_words.estimate_tip()}" if item.estimated else tip
        if self.protected(item):
            return translate("GroupsModel", "In a reference folder: never marked or moved")
        tips = []
        if is_centre:
            tips.append(translate("GroupsModel", "The centre: every file here is compared with it"))
        if item.identical_to is not None:
            tips.append(
                translate(
                    "GroupsModel",
                    "Byte for byte the same as {other}, not as the centre: its similarity is "
                    "to the centre",
                ).format(other=shown_path(item.identical_to))
            )
        elif item.identical:
            tips.append(translate("GroupsModel", "Byte for byte the same as the centre"))
        if item.estimated:  # its centre is a catalogued file whose drive is away
            tips.append(catalogue_words.estimate_tip())
        if item.links:
            names = "\n".join(shown_path(link) for link in item.links)
            tips.append(
                translate(
                    "GroupsModel",
                    "The same file, hard-linked, is also at:\n{names}\nIt is never offered as "
                    "a duplicate of itself",
                ).format(names=names)
            )
        return "\n\n".join(tips) or None

    def group_text(self, members: Sequence[Match], number: int, column: int) -> str:
        if column == GroupColumn.NAME:
            # A group holds two files at least: no singular to word.
            text = translate("GroupsModel", "Group {number}: {count} files")
            return text.format(number=number, count=len(members))
        if column == GroupColumn.SIMILARITY:
            figure = f"{100 * _lowest(members):.1f}"
            measured = [m for m in members if m.similarity is not None]
            if measured and min(measured, key=lambda m: m.similarity or 0.0).estimated:
                figure = catalogue_words.estimated(figure)  # the lowest is an estimate
            #: A group's row: every file of the group is at least this similar to its centre.
            return translate("GroupsModel", "≥ {similarity}").format(similarity=figure)
        if column == GroupColumn.SIZE:
            return translate("GroupsModel", "frees {size}").format(
                size=human_size(reclaimable(members))
            )
        if column == GroupColumn.KIND:
            return words.group_kind(kind_of(members))
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
            GroupColumn.KIND: _kind_rank,
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

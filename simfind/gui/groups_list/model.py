"""Groups of near-duplicates as a tree: a row per group, its items below it, items checkable.

The model knows groups of items, each group's centre first; what an item is
(a file here; a record, a line of a file, in another mode) and how it is shown
comes from an ``ItemColumns`` (columns.py). ``FileColumns`` shows the
files of a ``GroupsResult``: a group's row says how many files it holds, the lowest
similarity of a member to the centre and the space keeping only its largest
file would free; sorting by those columns orders the groups (their files stay
centre first, then by similarity). Files in a reference folder have no check
box: they are never marked.

Items can be hidden (moved files leave the view) and shown again (an undo);
a group with fewer than two items left is hidden with them. When a group's
centre is hidden, its other items stay, still near-duplicates of each other,
without the figures that were measured against it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any, TypeVar

import numpy as np
from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from simfind.core.groups.folder_groups import GroupsResult
from simfind.gui.groups_list.columns import FileColumns, ItemColumns, markable
from simfind.gui.groups_list.shown_groups import (
    PreparedGroups,
    Shown,
    places_in,
    prepare_groups,
    sorted_order,
)
from simfind.gui.work.tasks import Job, ahead

# From this many groups, their sort keys are worked out on another thread (sort_keys_aside).
SORT_KEYS_ASIDE_FROM = 2000

T = TypeVar("T")
_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()
_DISPLAY = Qt.ItemDataRole.DisplayRole
_CHECK = Qt.ItemDataRole.CheckStateRole
_TIP = Qt.ItemDataRole.ToolTipRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class GroupsModel(QAbstractItemModel):
    """Rows of the root are groups; a group's rows are its items, the centre first.

    An index's internal id is 0 for a group and 1 + the group's row for an item.
    """

    # The marks changed (a box clicked, marks set, marked items hidden, new groups).
    marks_changed = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._columns: Any = FileColumns()
        self._counted_columns: tuple[Any, int] = (None, 0)
        self._all: list[list[Any]] = []  # every group as given, centre first
        self._order: list[int] = []  # the groups in the order sorted, by index in _all
        self._groups: list[Shown[Any]] = []  # the groups shown, in that order
        self._marked: set[Hashable] = set()
        self._hidden: set[Hashable] = set()
        self._sorted_by: tuple[int, Qt.SortOrder] | None = None
        # Which items a filter takes (None: all): a group shows if any of its items passes.
        self._accepts: Callable[[Any], bool] | None = None
        # The same test for every group at once, where the filter has one (see set_filter).
        self._groups_passing: Callable[[list[list[Any]]], Any] | None = None
        # Kept while nothing changes them (at 100,000 items, each took 20-300 ms); groups
        # added at the end (_all grows) are taken in as they are asked for:
        self._whole: list[Shown[Any]] = []  # every group, nothing hidden
        self._sort_keys: dict[int, list[Any]] = {}  # each group's key, by column
        self._marked_items: tuple[int, list[Any]] | None = None  # (groups, marked())
        # (the _marked_items it was added up for, their sizes' sum): see marked_size.
        self._marked_size: tuple[tuple[int, list[Any]], int] | None = None
        # Sort keys worked out on another thread (sort_keys_aside): it, and what it fills.
        self._keys_aside: tuple[Job[None], dict[int, list[Any]]] | None = None
        # Counts the changes of the groups shown (not of their order): see shown_version.
        self._shown_version = 0
        self._lengths = np.zeros(0, dtype=np.int64)  # each group's items, as given

    # -- contents ------------------------------------------------------------

    def set_result(self, result: GroupsResult | None) -> None:
        """Show the groups of files of a search (None: nothing)."""
        self.take_prepared(self.preparing_result(result)())

    def preparing_result(self, result: GroupsResult | None) -> Callable[[], PreparedGroups]:
        """``set_result``'s work, apart from telling the view: for another thread to run
        and ``take_prepared`` to take."""
        groups = result.groups if result is not None else []
        return self.preparing(lambda: [g.members for g in groups], FileColumns(result))

    def set_groups(self, groups: Sequence[Sequence[Any]], columns: ItemColumns[Any]) -> None:
        """Show these groups (each centre first) of items shown by ``columns``."""
        self.take_prepared(self.preparing(lambda: groups, columns)())

    def preparing(
        self, groups: Callable[[], Sequence[Sequence[Any]]], columns: ItemColumns[Any]
    ) -> Callable[[], PreparedGroups]:
        """``set_groups(groups(), columns)``'s work (shown_groups.py), apart from telling the
        view: a function another thread may run, its answer for ``take_prepared``."""
        sorted_by, count = self._sorted_by, len(columns.titles())
        return lambda: prepare_groups(groups(), columns, sorted_by, count)

    def take_prepared(self, prepared: PreparedGroups) -> None:
        """Show groups prepared (``preparing``): no marks, nothing hidden."""
        self.beginResetModel()
        self._columns = prepared.columns
        self._all = prepared.groups
        self._order = prepared.order
        self._marked = set()
        self._hidden.clear()
        self._changed()
        self._whole = prepared.whole
        self._sort_keys = prepared.keys
        self._lengths = prepared.lengths
        if prepared.sorted_by != self._sorted_by:  # a header clicked while they were prepared
            self._order = list(range(len(self._all)))
            if self._sorted_by is not None:
                self._sort_order(*self._sorted_by)
        if prepared.sorted_by == self._sorted_by and self._accepts is None:
            self._groups = prepared.shown  # what _shown_groups() gives, made there
        else:
            self._groups = self._shown_groups()
        self.endResetModel()
        self.marks_changed.emit()

    # -- groups found while a search goes on -------------------------------

    def append_groups(self, groups: Sequence[Sequence[Any]]) -> None:
        """Add groups (each centre first), each shown in its place in the order sorted
        (after its equals: the order found), with no reset: the view, its selection and the
        marks stay. The hidden items and the filter apply to them.

        One layout change for them all: inserted one by one, each insertion had Qt ask
        every index held after it for its parent (here, in Python), and the tree holds one
        per group expanded: 1,880 groups held the window 4.5 s."""
        if not groups:
            return
        key, hidden, accepts = self._columns.key, self._hidden, self._accepts
        sort_key = self._columns.sort_key(self._sorted_by[0]) if self._sorted_by else None
        descending = (
            self._sorted_by is not None and self._sorted_by[1] == Qt.SortOrder.DescendingOrder
        )

        def shown_left(members: list[Any]) -> list[Any]:
            return [m for m in members if key(m) not in hidden] if hidden else members

        def value_of(members: list[Any]) -> Any:
            assert sort_key is not None
            left = shown_left(members)
            return sort_key(left if len(left) >= 2 else members)  # as _sort_order has it

        # Each group's value kept (100-200 ms a batch of 1,000 among 25,000, recomputed).
        keys: list[Any] = []
        if self._sorted_by is not None and sort_key is not None:
            keys = self._sort_keys.setdefault(self._sorted_by[0], [])
            keys.extend(value_of(members) for members in self._all[len(keys) :])
        self.layoutAboutToBeChanged.emit()
        self._shown_version += 1
        before = list(self._groups)
        for group in groups:
            number = len(self._all)
            members = list(group)
            self._all.append(members)
            left = shown_left(members)
            if sort_key is None:
                self._order.append(number)
                row = len(self._groups)
            else:
                value = value_of(members)
                keys.append(value)
                at = _place(self._order, keys.__getitem__, value, descending)
                self._order.insert(at, number)
                row = _place(self._groups, lambda g: keys[g.number], value, descending)
            if len(left) >= 2 and (accepts is None or any(accepts(m) for m in left)):
                self._groups.insert(row, Shown(left, key(members[0]) not in hidden, number))
        # Every index held follows its group to its new row (an item's names its group's).
        moved_to = {id(shown): row for row, shown in enumerate(self._groups)}
        held = self.persistentIndexList()
        now = []
        for index in held:
            group_id = index.internalId()
            row = moved_to[id(before[index.row() if group_id == 0 else group_id - 1])]
            if group_id == 0:
                now.append(self.createIndex(row, index.column(), 0))
            else:
                now.append(self.createIndex(index.row(), index.column(), row + 1))
        self.changePersistentIndexList(held, now)
        self.layoutChanged.emit()
        self.marks_changed.emit()  # there are groups to mark now

    def put_in_order(self, groups: Sequence[Sequence[Any]]) -> bool:
        """The whole list, found in the end: those of its groups not given yet are appended,
        then all take its order (among equals, in the order sorted), with no reset. False,
        changing nothing, where a group given before is not in it (the same items)."""
        places = places_in(self._all, groups)
        if len(set(places) - {-1}) < len(self._all):
            return False
        self._take_newer(groups, places)
        new = itertools.count(len(self._all))
        self.append_groups([group for group, at in zip(groups, places, strict=True) if at < 0])
        places = [next(new) if at < 0 else at for at in places]
        if places == list(range(len(self._all))):
            return True
        # What is kept by place in _all (keys, rows) moves with its group.
        self._take_keys_aside()
        moved_to = np.zeros(len(self._all), dtype=np.int64)
        moved_to[np.asarray(places, dtype=np.int64)] = np.arange(len(places))
        for shown in {id(s): s for s in [*self._groups, *self._whole]}.values():
            shown.number = int(moved_to[shown.number])
        self._all = [self._all[at] for at in places]
        kept = {c: k for c, k in self._sort_keys.items() if len(k) == len(places)}
        keys = {column: [k[at] for at in places] for column, k in kept.items()}
        whole = [self._whole[at] for at in places] if len(self._whole) == len(places) else []
        if not whole and not self._hidden and len(self._groups) == len(places):
            whole = sorted(self._groups, key=lambda shown: shown.number)  # every group shown
        self._order = list(range(len(self._all)))
        self._changed()
        self._sort_keys, self._whole = keys, whole
        if self._sorted_by is not None:
            self.sort(*self._sorted_by)  # moves the rows, their indexes with them
        else:
            self.beginResetModel()
            self._groups = self._shown_groups()
            self.endResetModel()
        return True

    def _take_newer(self, groups: Sequence[Sequence[Any]], places: list[int]) -> None:
        """The items of ``groups`` in the place of those given before for the same files
        (a member the search's end made again with more of its figures), the rows kept."""
        newer: dict[int, Any] = {}
        for group, at in zip(groups, places, strict=True):
            if at >= 0:
                newer.update(
                    (id(old), item)
                    for old, item in zip(self._all[at], group, strict=True)
                    if old is not item
                )
        if not newer:
            return
        self.layoutAboutToBeChanged.emit()
        lists = {id(items): items for items in self._all}
        lists.update((id(g.members), g.members) for g in [*self._groups, *self._whole])
        for items in lists.values():
            items[:] = [newer.get(id(item), item) for item in items]
        self._marked_items = None
        self.layoutChanged.emit()

    @property
    def columns(self) -> ItemColumns[Any]:
        return self._columns  # type: ignore[no-any-return]

    def group_count(self) -> int:
        return len(self._groups)

    def given_groups(self) -> list[list[Any]]:
        """Every group as given, hidden items and all (not to be changed): the groups a
        filter's ``groups_passing`` is asked about."""
        return self._all

    def member_count_array(self) -> np.typing.NDArray[np.int64]:
        """How many items each group shown shows, in order (a list took 6-8 ms at 25,000)."""
        if self._hidden or self._accepts is not None:
            groups = self._groups
            return np.fromiter((len(g.members) for g in groups), dtype=np.int64, count=len(groups))
        # Every group shown whole, in the order sorted.
        if len(self._lengths) != len(self._all):
            self._lengths = np.fromiter(map(len, self._all), dtype=np.int64, count=len(self._all))
        return self._lengths[np.asarray(self._order, dtype=np.int64)]

    def members(self, row: int) -> list[Any]:
        """The items shown of the group in that row, the centre first where it is shown."""
        return list(self._groups[row].members)

    def shown_groups(self) -> list[list[Any]]:
        """Every group as shown: in order, without hidden items."""
        return [list(g.members) for g in self._groups]

    def shown_lists(self) -> list[list[Any]]:
        """``shown_groups()`` without copying each group (25,000 copies took 15-45 ms): the
        model's own lists, not to be changed. It replaces them, never changes them, so
        another thread may read them."""
        return [g.members for g in self._groups]

    def is_group(self, index: _Index) -> bool:
        return index.isValid() and index.internalId() == 0

    def group_row(self, index: _Index) -> int:
        """The row of the index's group (its own row for a group's index)."""
        return index.internalId() - 1 if index.internalId() else index.row()

    def item_at(self, index: _Index) -> Any:
        """The item of an item's row (None for a group's row)."""
        if not index.isValid() or index.internalId() == 0:
            return None
        return self._groups[index.internalId() - 1].members[index.row()]

    match_at = item_at  # for files

    def centre_of(self, index: _Index) -> Any:
        """The centre of the index's group (None when it is hidden, or for no index)."""
        if not index.isValid():
            return None
        shown = self._groups[self.group_row(index)]
        return shown.members[0] if shown.measured else None

    def index_of(self, key: Hashable) -> QModelIndex:
        """The index of the item with this key, where it is shown."""
        for row, shown in enumerate(self._groups):
            for at, item in enumerate(shown.members):
                if self._columns.key(item) == key:
                    return self.index(at, 0, self.index(row, 0))
        return QModelIndex()

    def retranslate(self) -> None:
        """The interface language changed: headers and the groups' rows read anew."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
        if self._groups:
            last = self.index(len(self._groups) - 1, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), last, [_DISPLAY, _TIP])

    # -- marks ---------------------------------------------------------------

    def marked(self) -> list[Any]:
        """The marked items, group by group in the order shown, filtered out or not."""
        if not self._marked:
            return []
        if self._marked_items is None or self._marked_items[0] != len(self._all):
            key, marked = self._columns.key, self._marked
            found = [m for g in self._unfiltered() for m in g.members if key(m) in marked]
            self._marked_items = (len(self._all), found)
        return list(self._marked_items[1])

    def _unfiltered(self) -> list[Shown[Any]]:
        """The groups shown, and those the filter leaves out: where marks are."""
        return self._groups if self._accepts is None else self._shown_groups(filtered=False)

    def unfiltered_groups(self) -> list[list[Any]]:
        """Every group with its items shown, the filter's or not (the files moved away
        left out): what the marked items (``marked()``) are among."""
        return [list(g.members) for g in self._unfiltered()]

    def marked_size(self) -> int:
        """The marked items' sizes added up, kept while the marks stay (at 71,480 items,
        scattered in memory, the sum took ~30 ms)."""
        if not self.marked():  # (marked() brings _marked_items up to date)
            return 0
        held = self._marked_items
        assert held is not None
        if self._marked_size is None or self._marked_size[0] is not held:
            self._marked_size = (held, sum(m.size for m in held[1]))
        return self._marked_size[1]

    def _changed(self, order_only: bool = False) -> None:
        """Forget what was kept of the groups (only the order of them changed: their keys hold)."""
        self._marked_items = None
        if not order_only:
            self._shown_version += 1
            self._lengths = np.zeros(0, dtype=np.int64)
            self._whole = []
            self._sort_keys = {}
            if self._keys_aside is not None:
                self._keys_aside[0].wait()
                self._keys_aside = None

    def sort_keys_aside(self) -> None:
        """Work out each group's key for every column that sorts, on another thread: the
        first click on each then only sorts (25,000 groups' keys took 30-80 ms a column).
        The thread gives the window the interpreter every few milliseconds."""
        if self._keys_aside is not None or len(self._all) < SORT_KEYS_ASIDE_FROM or self._hidden:
            return
        wanted = {
            c: f
            for c in range(self.columnCount())
            if (f := self._columns.sort_key(c)) and len(self._sort_keys.get(c, ())) < len(self._all)
        }
        if not wanted:
            return
        groups, found = self._all, {}

        def work() -> None:
            for column, sort_key in wanted.items():
                found[column] = [sort_key(members) for members in groups]

        self._keys_aside = (ahead(work), found)

    def _take_keys_aside(self) -> None:
        if self._keys_aside is None:
            return
        job, found = self._keys_aside
        self._keys_aside = None
        job.wait()
        for column, keys in found.items():
            if len(self._sort_keys.get(column, ())) < len(keys):
                self._sort_keys[column] = keys

    def set_marked(self, keys: Collection[Hashable]) -> None:
        """Mark exactly the items with these keys (items that cannot be marked are left)."""
        wanted = set(keys)
        self._marked = set()
        if wanted:  # (none, Unmark All, need not go through all items: 96,720 took ~80 ms)
            groups = self._unfiltered()
            self._marked = markable((g.members for g in groups), self._columns, wanted)
        self._marked_items = None
        self._checks_changed()
        self.marks_changed.emit()

    @property
    def shown_version(self) -> int:
        """Changes whenever the groups shown or their items do (not their order): marks
        worked out from ``shown_groups()`` hold while it stays the same."""
        return self._shown_version

    def take_marks(self, items: list[Any], keys: set[Hashable], size: int) -> None:
        """Mark exactly ``items`` (their ``keys``), worked out from ``shown_groups()`` while
        ``shown_version`` has not changed: each can be marked, in the order ``marked()``
        gives; both are kept, not copied. What ``set_marked`` does, without going through
        every item here. ``size``: the items' sizes added up."""
        self._marked = keys  # the caller's, not to be changed
        # The filter's groups are a part of the unfiltered ones, in the same order.
        self._marked_items = (len(self._all), items)
        self._marked_size = (self._marked_items, size)
        self._checks_changed()
        self.marks_changed.emit()

    def _checks_changed(self) -> None:
        # One signal for all the groups (a view repaints what it shows of a range), not
        # one per group: 25,000 of them took seconds.
        if self._groups:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._groups) - 1, 0), [_CHECK])

    # -- hiding --------------------------------------------------------------

    def has_hidden(self) -> bool:
        """Whether items were hidden (files moved away, trashed or set apart)."""
        return bool(self._hidden)

    def hide(self, keys: Collection[Hashable]) -> None:
        """Items with these keys leave the view (and their marks)."""
        self._change_hidden(self._hidden | set(keys))

    def unhide(self, keys: Collection[Hashable]) -> None:
        """Items hidden with these keys come back."""
        self._change_hidden(self._hidden - set(keys))

    def _change_hidden(self, hidden: set[Hashable]) -> None:
        if hidden == self._hidden:
            return
        self.beginResetModel()
        self._hidden = hidden
        self._changed()
        unmarked = self._marked & hidden
        self._marked -= hidden
        self._groups = self._shown_groups()
        self.endResetModel()
        if unmarked:
            self.marks_changed.emit()

    # -- filtering -----------------------------------------------------------

    def set_filter(
        self,
        accepts: Callable[[Any], bool] | None,
        groups_passing: Callable[[list[list[Any]]], Any] | None = None,
    ) -> None:
        """Show only the groups with an item ``accepts`` takes, whole (None: every group).
        Marks in the groups it leaves out stay, as Compare's filter leaves them.

        ``groups_passing``, where given, says the same of every group at once (of the
        groups as given, in that order): one call rather than one per item.
        """
        self.beginResetModel()
        self._accepts = accepts
        self._groups_passing = groups_passing if accepts is not None else None
        self._marked_items = None
        self._shown_version += 1
        self._groups = self._shown_groups()
        self.endResetModel()

    def _shown_groups(self, filtered: bool = True) -> list[Shown[Any]]:
        key = self._columns.key
        hidden = self._hidden
        accepts = self._accepts if filtered else None
        if not hidden:
            # Nothing hidden: the groups whole, made once, and the filter's test in bulk.
            whole = self._whole
            whole.extend(
                Shown(members, True, number)
                for number, members in enumerate(self._all[len(whole) :], start=len(whole))
            )
            if accepts is None:
                return [whole[number] for number in self._order]
            if self._groups_passing is not None:
                passing = self._groups_passing(self._all)
                return [whole[number] for number in self._order if passing[number]]
        shown = []
        for number in self._order:
            members = self._all[number]
            if hidden:
                left = [m for m in members if key(m) not in hidden]
                if len(left) < 2:
                    continue
                group = Shown(left, key(members[0]) not in hidden, number)
            else:
                group = Shown(members, True, number)
            if accepts is None or any(accepts(m) for m in group.members):
                shown.append(group)
        return shown

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
        # Asked for each index made: the titles counted once per kind of item, not worded.
        if self._counted_columns[0] is not self._columns:
            self._counted_columns = (self._columns, len(self._columns.titles()))
        return self._counted_columns[1]

    def headerData(  # noqa: N802 (Qt's name)
        self, section: int, orientation: Qt.Orientation, role: int = _DISPLAY
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == _DISPLAY:
            return self._columns.titles()[section]
        if role == _TIP:
            return self._columns.header_tip(section)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        item = self.item_at(index)
        if item is not None and index.column() == 0 and self._columns.checkable(item):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def data(self, index: _Index, role: int = _DISPLAY) -> Any:
        if not index.isValid():
            return None
        columns, column = self._columns, index.column()
        item = self.item_at(index)
        if item is None:
            return self._group_data(index.row(), column, role)
        shown = self._groups[index.internalId() - 1]
        is_centre = shown.measured and index.row() == 0
        if role == _DISPLAY:
            return columns.item_text(item, column, shown.measured)
        if role == _CHECK and column == 0 and columns.checkable(item):
            checked = columns.key(item) in self._marked
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.TextAlignmentRole and columns.numeric(column):
            return _RIGHT
        if role == Qt.ItemDataRole.FontRole:
            return columns.font(item, is_centre)
        if role == _TIP:
            return columns.item_tip(item, is_centre)
        return None

    def _group_data(self, row: int, column: int, role: int) -> Any:
        columns = self._columns
        if role == _DISPLAY:
            return columns.group_text(self._groups[row].members, row + 1, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and columns.numeric(column):
            return _RIGHT
        if role == _TIP:
            return columns.group_tip(column)
        return None

    def setData(self, index: _Index, value: Any, role: int = _CHECK) -> bool:  # noqa: N802
        item = self.item_at(index)
        if role != _CHECK or item is None or not self._columns.checkable(item):
            return False
        key = self._columns.key(item)
        if Qt.CheckState(value) == Qt.CheckState.Checked:
            self._marked.add(key)
        else:
            self._marked.discard(key)
        self._marked_items = None
        self.dataChanged.emit(index, index, [_CHECK])
        self.marks_changed.emit()
        return True

    # -- sorting -------------------------------------------------------------

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Groups by a column the items' kind sorts them by; items stay in their place."""
        if self._columns.sort_key(column) is None:
            return
        self._sorted_by = (column, order)
        self.layoutAboutToBeChanged.emit()
        before = list(self._groups)
        self._sort_order(column, order)
        self._groups = self._shown_groups()
        self._changed(order_only=True)
        held = self.persistentIndexList()
        if not held:
            self.layoutChanged.emit()
            return
        # Each group's new row, by its number (dicts of 25,000 groups took 50 ms).
        whole = not self._hidden and self._accepts is None  # then the rows are _order's
        numbers = self._order if whole else [shown.number for shown in self._groups]
        rows_of = np.zeros(len(self._all), dtype=np.int64)  # 0: no longer shown
        rows_of[np.asarray(numbers, dtype=np.int64)] = np.arange(len(numbers))
        now = []
        for index in held:
            group = before[index.row() if index.internalId() == 0 else index.internalId() - 1]
            row = int(rows_of[group.number])
            if index.internalId() == 0:
                now.append(self.createIndex(row, index.column(), 0))
            else:
                now.append(self.createIndex(index.row(), index.column(), row + 1))
        self.changePersistentIndexList(held, now)
        self.layoutChanged.emit()

    def _sort_order(self, column: int, order: Qt.SortOrder) -> None:
        sort_key = self._columns.sort_key(column)
        if sort_key is None:
            return
        key, hidden = self._columns.key, self._hidden
        self._take_keys_aside()

        def shown(members: list[Any]) -> Any:
            left = [m for m in members if key(m) not in hidden] if hidden else members
            return sort_key(left if len(left) >= 2 else members)  # fewer: the group is hidden

        keys = self._sort_keys.setdefault(column, [])
        keys.extend(shown(members) for members in self._all[len(keys) :])
        # Stable, and the same order for ties either way: the order found.
        self._order = sorted_order(keys, order == Qt.SortOrder.DescendingOrder)


def _place(items: Sequence[T], sort_key: Callable[[T], Any], value: Any, descending: bool) -> int:
    """Where an item of this sort value goes among ``items`` (sorted): after its equals."""
    low, high = 0, len(items)
    while low < high:
        middle = (low + high) // 2
        found = sort_key(items[middle])
        if (value > found) if descending else (value < found):
            high = middle
        else:
            low = middle + 1
    return low


__all__ = ["GroupsModel"]

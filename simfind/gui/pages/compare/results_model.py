"""The results table: a model over core matches that sorts and filters them in bulk."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Any

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from simfind.core.base.paths import human_size, percent, short_time, time_key
from simfind.core.base.shown import shown_folder, shown_path
from simfind.core.scan.rank import Match, Ranking, RankOptions
from simfind.gui.base.catalogue_words import catalogue_words
from simfind.gui.base.colours import current
from simfind.gui.base.wording import words
from simfind.gui.pages.compare.row_keys import RowKeys
from simfind.gui.pages.results_columns import Column, column_tips, column_titles, translate
from simfind.gui.widgets.file_filter import filter_text

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
# Up to this many rows, the table is kept sorted while a scan streams in.
SORT_WHILE_STREAMING = 3000
MATCH_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


_FIRST_DESCENDING = frozenset(
    {Column.SIMILARITY, Column.HOLDS, Column.HELD, Column.SIZE, Column.MODIFIED}
)
# Columns left blank for the files not compared exactly.
_VERIFIED_COLUMNS = frozenset({Column.SIMILARITY, Column.HOLDS, Column.HELD})
# Per numeric column, a span wider than all its sort keys (and narrow enough for a
# float to keep them apart): the reference's place, the rows', the blank ones'.
_SPAN = {
    Column.DISTANCE: 1e4,
    Column.SIMILARITY: 1e7,
    Column.HOLDS: 1e7,
    Column.HELD: 1e7,
    Column.SIZE: 1e15,
    Column.MODIFIED: 1e20,  # nanoseconds: ties within 16 µs
}

_DISPLAY = Qt.ItemDataRole.DisplayRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_FONT = Qt.ItemDataRole.FontRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_CHECK = Qt.ItemDataRole.CheckStateRole
_ANSWERED_ROLES = frozenset(
    {
        _DISPLAY,
        _BACKGROUND,
        _ALIGNMENT,
        _FONT,
        _FOREGROUND,
        _CHECK,
        Qt.ItemDataRole.ToolTipRole,
        SORT_ROLE,
        MATCH_ROLE,
    }
)
_CHECKABLE = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable
)
_PLAIN = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_NUMERIC_COLUMNS = frozenset(
    {Column.DISTANCE, Column.SIMILARITY, Column.HOLDS, Column.HELD, Column.SIZE}
)
# What RowKeys calls each column's sort key.
_KINDS = {
    Column.NAME: "name",
    Column.FOLDER: "folder",
    Column.DISTANCE: "distance",
    Column.SIMILARITY: "similarity",
    Column.HOLDS: "holds",
    Column.HELD: "held",
    Column.SIZE: "size",
    Column.MODIFIED: "modified",
    Column.ENCODING: "encoding",
    Column.FORMAT: "format",
}
_NONE = np.zeros(0, np.int64)


def _tint(match: Match, bits: int, rank: RankOptions) -> QColor | None:
    """Closer rows are greener; the files the ranking looks for (similar ones, and ranked
    by containment, those holding the reference) most of all."""
    colours = current()
    if match.is_reference:
        return colours.row_tint("reference", 1.0)
    if rank.wanted(match):
        shown = max(match.similarity or 0.0, match.reference_in_file or 0.0)
        return colours.row_tint("wanted", (40 + 80 * shown) / 120)
    closeness = 1.0 - min(1.0, match.distance / (bits / 4))
    if closeness <= 0:
        return None
    return colours.row_tint("near", closeness)


def _verified(match: Match) -> tuple[float | None, bool, float | None, float | None, bool]:
    """What the exact comparison (or a catalogue's estimate) set on a match."""
    return (
        match.similarity,
        match.similar,
        match.reference_in_file,
        match.file_in_reference,
        match.estimated,
    )


class ResultsModel(QAbstractTableModel):
    """Rows are core ``Match`` objects; sorting and filtering happen here, in bulk.

    A QSortFilterProxyModel was measured and dropped: it calls into Python for
    every row (index, rowCount, lessThan, filterAcceptsRow) on each sort, filter
    or layout change, which froze the window for 100-200 ms at 20,000 rows.
    Here the rows' sort keys and filter texts are NumPy arrays (RowKeys, numbered
    in the order the rows came): a re-sort is one stable argsort, a filter change
    one vectorised test (a Python key or test per row took 0.2-2 s at 100,000 rows).

    Storage is always ascending by the sort key; a descending view reads it
    backwards.

    Files can be marked (a check box in the Name column; never the reference,
    which the others are compared with) and hidden (moved files leave the view,
    and come back on an undo). Files the ignore list pairs with the reference are
    left out, or shown dimmed (``show_ignored``).
    """

    # The marks changed (a box clicked, marks set, marked rows hidden or gone).
    marks_changed = Signal()

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._all: list[Match] = []  # every match, ascending by sort key
        self._by_rel: dict[str, Match] = {}  # the same matches by path in the folder
        self._by_path: dict[Path, Match] = {}
        self._rows: list[Match] = []  # the ones the filters let through, same order
        # The matches in the order they came; each one's number in it (by id); _all
        # and _rows as those numbers.
        self._came: list[Match] = []
        self._came_array: npt.NDArray[np.object_] | None = None  # the same, for picking
        self._number: dict[int, int] = {}
        self._all_numbers: npt.NDArray[np.int64] = _NONE
        self._row_numbers: npt.NDArray[np.int64] = _NONE
        self._keys = RowKeys()
        self._passing: npt.NDArray[np.bool_] | None = None  # the filters' verdicts, once asked
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._text = ""
        self._max_distance: int | None = None
        self._format: str | None = None  # show only files of this format
        self._bits = 64
        self._rank = RankOptions()  # how the files were judged and ordered
        # Per match (by id; _all holds the matches), computed once.
        self._cells: dict[int, tuple[str, ...]] = {}  # the texts shown, once asked for
        self._unsorted = False  # rows were appended since the last sort
        self._marked: set[Path] = set()
        self._hidden: set[Path] = set()
        self._ignored: set[Path] = set()  # not duplicates of the reference (the ignore list)
        self._show_ignored = False
        self._bold = QFont()
        self._bold.setBold(True)

    # -- feeding -----------------------------------------------------------------------
    def reset(self, bits: int, rank: RankOptions | None = None) -> None:
        self.beginResetModel()
        self._rank = rank or RankOptions()
        self._forget_rows()
        self._unsorted = False
        self._bits = bits
        self._hidden = set()
        self._ignored = set()
        self.endResetModel()
        if self._marked:
            self._marked = set()
            self.marks_changed.emit()

    def append(self, matches: list[Match]) -> None:
        """Add a batch at the end, in one insertion (one signal per batch, not per row).

        While the table is small it is re-sorted at once; a large one is put in
        order by ``settle`` when the scan ends, since sorting every batch into
        tens of thousands of rows would stall the window.
        """
        if not matches:
            return
        numbers = self._take(matches)
        self._all_numbers = np.concatenate([self._all_numbers, numbers])
        self._all.extend(matches)
        shown = self._passed(numbers)
        if len(shown):
            # A descending view reads storage backwards: rows added last show first.
            first = 0 if self._descending() else len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(shown) - 1)
            # The batch's own (picking through all the matches would cost all of them).
            came = self._came
            self._rows.extend(matches if len(shown) == len(matches) else [came[n] for n in shown])
            self._row_numbers = np.concatenate([self._row_numbers, shown])
            self.endInsertRows()
        self._unsorted = True
        if len(self._all) <= SORT_WHILE_STREAMING:
            self.settle()

    def settle(self) -> None:
        """Put rows added since the last sort in order."""
        if self._unsorted:
            self._unsorted = False
            self._resort()
            if len(self._all) > SORT_WHILE_STREAMING:
                self._keys.rank_aside()  # ready for a click on Name or Folder

    def _forget_rows(self) -> None:
        self._all, self._rows, self._by_rel, self._by_path = [], [], {}, {}
        self._came, self._number, self._cells = [], {}, {}
        self._came_array = None
        self._all_numbers = self._row_numbers = _NONE
        self._keys = RowKeys()
        self._passing = None

    def _take(self, matches: list[Match]) -> npt.NDArray[np.int64]:
        """Number new matches and keep what sorting and the filters read; their numbers."""
        start = len(self._came)
        self._came.extend(matches)
        self._number.update((id(m), start + at) for at, m in enumerate(matches))
        self._by_rel.update((m.rel, m) for m in matches)
        self._by_path.update((m.path, m) for m in matches)
        self._keys.add(matches, [filter_text(m) for m in matches])
        self._passing = None
        return np.arange(start, start + len(matches), dtype=np.int64)

    def _matches(self, numbers: npt.NDArray[np.int64]) -> list[Match]:
        """The matches of these numbers (NumPy picks them: a list comprehension over
        100,000 took 20-140 ms)."""
        if self._came_array is None or len(self._came_array) != len(self._came):
            self._came_array = np.empty(len(self._came), object)
            self._came_array[:] = self._came
        return self._came_array[numbers].tolist()  # type: ignore[no-any-return]

    def replace_all(self, matches: list[Match]) -> None:
        self.beginResetModel()
        self._forget_rows()
        self._all = list(matches)
        self._all_numbers = self._take(self._all)
        self._order()
        self._filter_rows()
        self._unsorted = False
        self.endResetModel()

    def apply_final(self, matches: list[Match]) -> None:
        """Take the scan's final word (verified similarities) into the streamed rows.

        Only the few verified rows change, and the scan ranks them first: they
        are found by path and updated in place, and the table sorted once,
        rather than rebuilt (rebuilding, or even comparing every row, stalled
        the window on 20,000 files).
        """
        if len(matches) != len(self._by_rel):
            self.replace_all(matches)
            return
        changed = False
        for done in matches:
            if done.similarity is None:
                break  # the scan ranks verified files first; the rest are as streamed
            mine = self._by_rel.get(done.rel)
            if mine is None:
                self.replace_all(matches)
                return
            if _verified(done) != _verified(mine):
                mine.similarity, mine.similar = done.similarity, done.similar
                mine.reference_in_file = done.reference_in_file
                mine.file_in_reference = done.file_in_reference
                mine.estimated = done.estimated
                self._keys.update(self._number[id(mine)], mine)
                self._cells.pop(id(mine), None)
                changed = self._unsorted = True
        if changed and self._rows:
            last = self.index(len(self._rows) - 1, len(Column) - 1)
            self.dataChanged.emit(self.index(0, 0), last)
        self.settle()

    def rank_as(self, rank: RankOptions) -> None:
        """The ranking the scan settled on (containment for a short reference): the rows'
        tints follow it."""
        self._rank = rank
        self.remark(rank.threshold)

    def remark(self, threshold: float) -> None:
        """Call the verified files similar from another threshold: nothing is compared
        again, only the verdict (and each row's tint) changes."""
        self._rank = replace(self._rank, threshold=threshold)
        # Ranked by containment, rows holding the reference are tinted by the threshold too.
        changed = self._rank.ranking is Ranking.CONTAINMENT
        for match in self._all:
            if match.is_reference or match.similarity is None:
                continue
            similar = match.similarity >= threshold
            if similar != match.similar:
                match.similar = similar
                self._cells.pop(id(match), None)
                changed = True
        if changed and self._rows:
            last = self.index(len(self._rows) - 1, len(Column) - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    # -- filtering -----------------------------------------------------------------------
    def set_filter(
        self,
        text: str | None = None,
        max_distance: int | bool | None = False,
        file_format: str | bool | None = False,
    ) -> None:
        """Change the text filter, the maximum distance (None: any) and/or the format
        (None: any; "text", "docx", "pdf", ...); False keeps what is set."""
        if text is not None:
            self._text = text.strip().casefold()
        if max_distance is not False:
            self._max_distance = None if max_distance is None else int(max_distance)
        if file_format is not False:
            self._format = None if file_format is None else str(file_format)
        self._passing = None
        self.beginResetModel()
        self._filter_rows()
        self.endResetModel()

    def _filter_rows(self) -> None:
        """The rows shown anew from all, in their order."""
        self._row_numbers = self._passed(self._all_numbers)
        if len(self._row_numbers) == len(self._all_numbers):
            self._rows = list(self._all)
        else:
            self._rows = self._matches(self._row_numbers)

    def _passed(self, numbers: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """Those of these matches (by number) that the filters let through, in this order."""
        if (
            self._max_distance is None
            and not self._text
            and self._format is None
            and not self._hidden
            and not self._left_out()
        ):
            return numbers
        if self._passing is None:
            keys = self._keys
            passing = np.ones(keys.count, bool)
            if self._max_distance is not None:
                passing &= keys.distances() <= self._max_distance
            if self._format is not None:
                passing &= keys.formats() == keys.format_code(self._format)
            if self._text:
                passing &= keys.text_hits(self._text)
            hidden = self._hidden | self._left_out()
            if hidden:
                passing &= np.array([m.path not in hidden for m in self._came], bool)
            self._passing = passing
        return numbers[self._passing[numbers]]

    # -- marks and hidden rows -------------------------------------------------------------
    def marked(self) -> list[Match]:
        """The marked files, shown or filtered out, in the order of the sort."""
        found = [self._by_path[p] for p in self._marked - self._hidden if p in self._by_path]
        if len(found) < 2:
            return found
        place = np.empty(len(self._all_numbers), np.int64)
        place[self._all_numbers] = np.arange(len(self._all_numbers))
        found.sort(key=lambda m: int(place[self._number[id(m)]]))
        return found

    def set_marked(self, paths: Collection[Path]) -> None:
        """Mark exactly these files (never the reference, nor a catalogued file)."""
        by_path = self._by_path
        self._marked = {
            p for p in set(paths) if (m := by_path.get(p)) is not None and _markable(m)
        } - self._hidden
        if self._rows:
            last = len(self._rows) - 1
            self.dataChanged.emit(
                self.index(0, Column.NAME), self.index(last, Column.NAME), [_CHECK]
            )
        self.marks_changed.emit()

    def hide(self, paths: Collection[Path]) -> None:
        """These files leave the view, and their marks with them."""
        self._change_hidden(self._hidden | set(paths))

    def unhide(self, paths: Collection[Path]) -> None:
        self._change_hidden(self._hidden - set(paths))

    def _change_hidden(self, hidden: set[Path]) -> None:
        if hidden != self._hidden:
            self._hidden = hidden
            self._refilter(unmark=hidden)

    def _refilter(self, unmark: Collection[Path] = ()) -> None:
        """The rows shown anew (the filters' verdicts asked again); marks on ``unmark`` go."""
        self._passing = None
        self.beginResetModel()
        self._filter_rows()
        self.endResetModel()
        if self._marked & set(unmark):
            self._marked -= set(unmark)
            self.marks_changed.emit()

    # -- the ignore list ---------------------------------------------------------------
    def _left_out(self) -> set[Path]:
        return set() if self._show_ignored else self._ignored

    def set_ignored(self, paths: Collection[Path]) -> None:
        """These files are not duplicates of the reference: left out, or shown dimmed; their
        marks go."""
        ignored = set(paths)
        if ignored != self._ignored:
            self._ignored = ignored
            self._refilter(unmark=ignored)

    def ignored(self) -> set[Path]:
        return set(self._ignored)

    def show_ignored(self, shown: bool) -> None:
        """Show the ignored files too, dimmed (False: leave them out)."""
        if shown != self._show_ignored:
            self._show_ignored = shown
            if self._ignored:
                self._refilter()

    # -- sorting -------------------------------------------------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        shown = self.visible_matches()  # the rows as the view knows them, before the change
        self._sort_column = column
        self._sort_order = order
        self._resort(shown)

    def _resort(self, shown: list[Match] | None = None) -> None:
        """Sort storage ascending by key (a descending view reads it backwards).

        ``shown`` is the order the view had, when the order itself changes.
        """
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        if shown is None:
            held = [self._rows[self._stored_at(index.row())] for index in persistent]
        else:
            held = [shown[index.row()] for index in persistent]
        self._order()
        self._filter_rows()
        if persistent:
            moved = [
                self.index(self._view_row(self._stored_row(m)), i.column())
                for m, i in zip(held, persistent, strict=True)
            ]
            self.changePersistentIndexList(persistent, moved)
        self.layoutChanged.emit()

    def _order(self) -> None:
        """Put all in order: a stable sort by the keys ``_placed`` gives, as one argsort."""
        if self._sort_column < 0 or len(self._all_numbers) < 2:
            return
        kind = _KINDS[Column(self._sort_column)]
        keys = self._keys.key(kind, self._descending(), words.document_format)
        numbers = self._all_numbers
        self._all_numbers = numbers[np.argsort(keys[numbers], kind="stable")]
        self._all = self._matches(self._all_numbers)

    def _stored_row(self, match: Match) -> int:
        """Where a match is in the rows shown, as stored (-1: not there)."""
        number = self._number.get(id(match))
        if number is None or self._came[number] is not match:
            return -1
        found = np.flatnonzero(self._row_numbers == number)
        return int(found[0]) if len(found) else -1

    def _descending(self) -> bool:
        return self._sort_column >= 0 and self._sort_order == Qt.SortOrder.DescendingOrder

    def _view_row(self, at: int) -> int:
        return len(self._rows) - 1 - at if self._descending() else at

    # The mapping is its own inverse: a row read backwards.
    _stored_at = _view_row

    # -- reading -------------------------------------------------------------------------
    def match_at(self, row: int) -> Match:
        return self._rows[self._view_row(row)]

    def visible_matches(self) -> list[Match]:
        """The rows as shown: filtered and sorted."""
        return self._rows[::-1] if self._descending() else list(self._rows)

    def row_of(self, match: Match) -> int:
        """The row showing this match, or -1."""
        at = self._stored_row(match)
        return -1 if at < 0 else self._view_row(at)

    @property
    def bits(self) -> int:
        return self._bits

    def retranslate(self) -> None:
        """The interface language changed: headers and the reference's label read anew."""
        self._cells = {}
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(Column) - 1)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, Column.NAME),
                self.index(len(self._rows) - 1, Column.NAME),
                [Qt.ItemDataRole.DisplayRole],
            )

    # -- Qt's model interface -----------------------------------------------------------
    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.column() == Column.NAME and _markable(self._rows[self._view_row(index.row())]):
            return _CHECKABLE
        return _PLAIN

    def setData(self, index: _Index, value: Any, role: int = _CHECK) -> bool:  # noqa: N802
        if role != _CHECK or not index.isValid() or index.column() != Column.NAME:
            return False
        match = self._rows[self._view_row(index.row())]
        if not _markable(match):
            return False
        if Qt.CheckState(value) == Qt.CheckState.Checked:
            self._marked.add(match.path)
        else:
            self._marked.discard(match.path)
        self.dataChanged.emit(index, index, [_CHECK])
        self.marks_changed.emit()
        return True

    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(Column)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(Column):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return column_titles()[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return column_tips().get(Column(section))
        if role == Qt.ItemDataRole.InitialSortOrderRole and section in _FIRST_DESCENDING:
            # The first click shows the most similar, largest, newest first.
            return Qt.SortOrder.DescendingOrder
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # A table paint asks some 1,000 times, mostly for roles answered by nothing:
        # those return first, and a row's texts are worked out once and kept.
        if role not in _ANSWERED_ROLES:
            return None
        row = index.row()
        if not index.isValid() or not 0 <= row < len(self._rows):
            return None
        match = self._rows[self._view_row(row)]
        column = index.column()
        if role == _DISPLAY:
            cells = self._cells.get(id(match))
            if cells is None:
                cells = self._cells[id(match)] = self._display_row(match)
            return cells[column]
        if role == _CHECK:
            if column != Column.NAME or not _markable(match):
                return None
            checked = match.path in self._marked
            return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked
        if role == _BACKGROUND:
            return None if match.path in self._ignored else self._tint_brush(match)
        if role == _FOREGROUND:
            return QBrush(current().dimmed) if match.path in self._ignored else None
        if role == _ALIGNMENT:
            return _RIGHT if column in _NUMERIC_COLUMNS else None
        if role == _FONT:
            return self._bold if match.is_reference else None
        if role == SORT_ROLE:
            return self._sort_value(match, Column(column))
        if role == MATCH_ROLE:
            return match
        return self._tip(match, Column(column))  # the tool tip

    @staticmethod
    def _tip(match: Match, column: Column) -> str:
        if match.catalogue is None:
            return shown_path(match.path)
        if column is Column.SIMILARITY and match.estimated and not match.identical:
            return catalogue_words.estimate_tip()
        return catalogue_words.catalogued_tip(match)

    def _tint_brush(self, match: Match) -> QBrush | None:
        color = _tint(match, self._bits, self._rank)
        return QBrush(color) if color is not None else None

    def _display_row(self, match: Match) -> tuple[str, ...]:
        return tuple(self._display(match, column) for column in Column)

    def _display(self, match: Match, column: Column) -> str:
        if column is Column.NAME:
            name = shown_path(PurePath(match.rel).name)
            if match.is_reference:
                return translate("ResultsModel", "{name} (reference)").format(name=name)
            return name
        if column is Column.FOLDER:
            if match.catalogue is not None:  # "drive.simcat: 2023/thesis"
                return catalogue_words.in_catalogue(match, shown_folder(match.rel))
            return shown_folder(match.rel)
        if column is Column.DISTANCE:
            return "" if match.by_bytes else str(match.distance)  # no fingerprint: no distance
        if column is Column.SIMILARITY:
            if match.identical:
                #: In the Similarity % column: byte for byte the same file as the reference
                #: (100 % alone would not tell it from the same text in other bytes).
                return translate("ResultsModel", "identical")
            if match.similarity is None:
                return ""
            if match.estimated:  # "~87.0": the fingerprints' estimate, its drive away
                return catalogue_words.estimated(percent(match.similarity))
            return percent(match.similarity)
        if column is Column.HOLDS:
            return "" if match.reference_in_file is None else percent(match.reference_in_file)
        if column is Column.HELD:
            return "" if match.file_in_reference is None else percent(match.file_in_reference)
        if column is Column.SIZE:
            return human_size(match.size)
        if column is Column.MODIFIED:
            return short_time(match.mtime_ns)
        if column is Column.FORMAT:
            return words.document_format(match.format)
        return match.encoding

    @staticmethod
    def _sort_value(match: Match, column: Column) -> Any:
        if column is Column.NAME:
            return PurePath(match.rel).name.casefold()
        if column is Column.FOLDER:
            return str(PurePath(match.rel).parent).casefold()
        # Numeric keys, not tuples: sorting 100,000 rows stays well under 0.1 s.
        if column is Column.DISTANCE:
            # Ties in distance: the reference, then the more similar first.
            similarity = -1.0 if match.similarity is None else match.similarity
            return match.distance * 10.0 + (0.0 if match.is_reference else 5.0) - 2.0 * similarity
        if column is Column.SIMILARITY:
            similarity = -1.0 if match.similarity is None else match.similarity
            return similarity * 1e6 - match.distance
        if column in (Column.HOLDS, Column.HELD):
            share = match.reference_in_file if column is Column.HOLDS else match.file_in_reference
            similarity = -1.0 if match.similarity is None else match.similarity
            # Ties (every excerpt holds 100%): the more similar, then the nearer first.
            return (-1.0 if share is None else share) * 1e6 + similarity * 1e3 - match.distance
        if column is Column.SIZE:
            return match.size
        if column is Column.MODIFIED:
            return time_key(match.mtime_ns)
        if column is Column.FORMAT:
            return words.document_format(match.format).casefold()
        return match.encoding


def _markable(match: Match) -> bool:
    """Never the reference, which the others are compared with, nor a catalogued file (a
    drive that may not be here): marked files are moved."""
    return not match.is_reference and match.catalogue is None


def _placed(match: Match, column: Column, descending: bool) -> Any:
    """The sort key that keeps the reference on top and blank similarities at the bottom.

    In either order: storage is ascending and a descending view reads it backwards,
    so for that view the places are reversed.
    """
    if match.is_reference:
        place = 0
    elif column in _VERIFIED_COLUMNS and match.similarity is None:
        place = 2
    else:
        place = 1
    if descending:
        place = 2 - place
    value = ResultsModel._sort_value(match, column)
    span = _SPAN.get(column)
    if span is None or isinstance(value, str):
        return (place, value)
    return place * span + value  # a number, not a tuple: 100,000 rows sort fast


__all__ = [
    "MATCH_ROLE",
    "SORT_ROLE",
    "SORT_WHILE_STREAMING",
    "Column",
    "ResultsModel",
    "column_tips",
    "column_titles",
]

"""The results table: a model over core matches, and a proxy that sorts and filters it."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime
from enum import IntEnum
from pathlib import PurePath
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from simfind.core.export import display_path
from simfind.core.rank import Match

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
MATCH_ROLE = Qt.ItemDataRole.UserRole + 2

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()


class Column(IntEnum):
    NAME = 0
    FOLDER = 1
    DISTANCE = 2
    SIMILARITY = 3
    SIZE = 4
    MODIFIED = 5
    ENCODING = 6


def _tr(text: str) -> str:
    return QCoreApplication.translate("ResultsModel", text)


def column_titles() -> list[str]:
    return [
        _tr("Name"),
        _tr("Folder"),
        _tr("Distance"),
        _tr("Similarity %"),
        _tr("Size"),
        _tr("Modified"),
        _tr("Encoding"),
    ]


def human_size(size: int) -> str:
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return str(size)


def _tint(match: Match, bits: int) -> QColor | None:
    """Closer rows are greener; verified similar ones most of all."""
    if match.is_reference:
        return QColor(120, 150, 230, 70)
    if match.similar:
        return QColor(70, 180, 90, 40 + int(80 * (match.similarity or 0.0)))
    closeness = 1.0 - min(1.0, match.distance / (bits / 4))
    if closeness <= 0:
        return None
    return QColor(230, 180, 60, int(55 * closeness))


class ResultsModel(QAbstractTableModel):
    """Rows are core ``Match`` objects; the model owns its copies and never does I/O."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._rows: list[Match] = []
        self._bits = 64
        self._root = ""
        self._bold = QFont()
        self._bold.setBold(True)

    # -- feeding -----------------------------------------------------------------------
    def reset(self, root: str, bits: int) -> None:
        self.beginResetModel()
        self._rows = []
        self._root = root
        self._bits = bits
        self.endResetModel()

    def append(self, matches: list[Match]) -> None:
        """Add a batch in one insertion: one signal per batch, not per row."""
        if not matches:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(matches) - 1)
        self._rows.extend(matches)
        self.endInsertRows()

    def replace_all(self, matches: list[Match]) -> None:
        self.beginResetModel()
        self._rows = list(matches)
        self.endResetModel()

    def match_at(self, row: int) -> Match:
        return self._rows[row]

    def matches(self) -> list[Match]:
        return list(self._rows)

    @property
    def bits(self) -> int:
        return self._bits

    # -- Qt's model interface -----------------------------------------------------------
    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(Column)

    def headerData(  # noqa: N802
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            titles = column_titles()
            if 0 <= section < len(titles):
                return titles[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        match = self._rows[index.row()]
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(match, column)
        if role == SORT_ROLE:
            return self._sort_value(match, column)
        if role == MATCH_ROLE:
            return match
        if role == Qt.ItemDataRole.ToolTipRole:
            return display_path(match.path)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in (Column.DISTANCE, Column.SIMILARITY, Column.SIZE):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            color = _tint(match, self._bits)
            return QBrush(color) if color is not None else None
        if role == Qt.ItemDataRole.FontRole and match.is_reference:
            return self._bold
        return None

    def _display(self, match: Match, column: Column) -> str:
        if column is Column.NAME:
            name = display_path(PurePath(match.rel).name).replace("\n", "⏎")
            return _tr("{name}  (reference)").format(name=name) if match.is_reference else name
        if column is Column.FOLDER:
            parent = display_path(PurePath(match.rel).parent).replace("\n", "⏎")
            return "" if parent == "." else parent + os.sep
        if column is Column.DISTANCE:
            return str(match.distance)
        if column is Column.SIMILARITY:
            return "" if match.similarity is None else f"{100 * match.similarity:.1f}"
        if column is Column.SIZE:
            return human_size(match.size)
        if column is Column.MODIFIED:
            return datetime.fromtimestamp(match.mtime_ns / 1e9).strftime("%Y-%m-%d %H:%M")
        return match.encoding

    @staticmethod
    def _sort_value(match: Match, column: Column) -> Any:
        if column is Column.NAME:
            return PurePath(match.rel).name.casefold()
        if column is Column.FOLDER:
            return str(PurePath(match.rel).parent).casefold()
        if column is Column.DISTANCE:
            # Ties in distance: the reference, then the more similar first.
            return (match.distance, not match.is_reference, -(match.similarity or -1.0))
        if column is Column.SIMILARITY:
            return (-1.0 if match.similarity is None else match.similarity, -match.distance)
        if column is Column.SIZE:
            return match.size
        if column is Column.MODIFIED:
            return match.mtime_ns
        return match.encoding


class ResultsProxy(QSortFilterProxyModel):
    """Sorts numbers as numbers; filters by text and by a maximum distance, live."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._max_distance: int | None = None
        self.setSortRole(SORT_ROLE)
        self.setDynamicSortFilter(True)

    def set_text(self, text: str) -> None:
        self._refilter(lambda: setattr(self, "_text", text.strip().casefold()))

    def set_max_distance(self, value: int | None) -> None:
        self._refilter(lambda: setattr(self, "_max_distance", value))

    def _refilter(self, change: Callable[[], None]) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9 and later
            self.beginFilterChange()
            change()
            self.endFilterChange()
        else:
            change()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:  # noqa: N802
        model = self.sourceModel()
        if not isinstance(model, ResultsModel):
            return True
        match = model.match_at(source_row)
        if (
            self._max_distance is not None
            and match.distance > self._max_distance
            and not match.is_reference
        ):
            return False
        return not self._text or self._text in display_path(match.rel).casefold()

    def lessThan(self, left: _Index, right: _Index) -> bool:  # noqa: N802
        a = left.data(SORT_ROLE)
        b = right.data(SORT_ROLE)
        try:
            return bool(a < b)
        except TypeError:
            return str(a) < str(b)

    def visible_matches(self) -> list[Match]:
        """The rows as shown: filtered and sorted."""
        return [self.visible_match(row) for row in range(self.rowCount())]

    def visible_match(self, row: int) -> Match:
        match: Match = self.index(row, 0).data(MATCH_ROLE)
        return match

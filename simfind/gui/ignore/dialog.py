"""Mark → Ignore List…: the pairs of files said not to be duplicates, to search and remove."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QSortFilterProxyModel, Qt, Slot
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.shown import shown_path
from simfind.core.ignore.pairs import IgnoredPair
from simfind.gui.ignore.keeper import IgnoreKeeper

# An entry's id, in its first cell; the sort key of the date, in its cell.
_ID_ROLE = Qt.ItemDataRole.UserRole + 1
_SORT_ROLE = Qt.ItemDataRole.UserRole + 2
# Shown of each content's hash (hex digits).
SHORT_HASH = 8


def _cell(text: str, sort: object = None, tip: str | None = None) -> QStandardItem:
    item = QStandardItem(text)
    item.setEditable(False)
    item.setData(text if sort is None else sort, _SORT_ROLE)
    item.setToolTip(tip if tip is not None else text)
    return item


class IgnoreListDialog(QDialog):
    """The entries as last seen, searchable by path and hash, sortable by any column."""

    def __init__(self, keeper: IgnoreKeeper, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.keeper = keeper
        self.resize(900, 460)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.entries = QStandardItemModel(0, 4, self)
        self.shown = QSortFilterProxyModel(self)
        self.shown.setSourceModel(self.entries)
        self.shown.setFilterKeyColumn(-1)  # any column
        self.shown.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.shown.setSortRole(_SORT_ROLE)
        self.search.textChanged.connect(self._on_search)
        self.table = QTableView()
        self.table.setModel(self.shown)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)  # the newest first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        for column in (2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.count = QLabel()
        self.remove_button = QPushButton()
        self.remove_button.clicked.connect(self.remove_selected)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self._on_clear)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.count, 1)
        row.addWidget(self.remove_button)
        row.addWidget(self.clear_button)
        row.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        self._loaded: list[IgnoredPair] = []
        keeper.changed.connect(self.reload)
        self.retranslate()
        self.reload()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Ignore List"))
        self.intro.setText(
            self.tr(
                "Pairs of files you said are not duplicates (Not Duplicates): the two files of a "
                "pair are never grouped together, and in Compare a file paired with the "
                "reference is left out. A file renamed or moved stays apart while its contents "
                "are the same; once either file is edited, the pair is judged afresh."
            )
        )
        self.search.setPlaceholderText(self.tr("Search the paths and contents…"))
        self.entries.setHorizontalHeaderLabels(
            [self.tr("File"), self.tr("Not a Duplicate of"), self.tr("Added"), self.tr("Contents")]
        )
        self.remove_button.setText(self.tr("&Remove"))
        self.remove_button.setToolTip(self.tr("Take the selected pairs off the list"))
        self.clear_button.setText(self.tr("Remove &All…"))
        self._word_count()

    # -- the entries -----------------------------------------------------------------
    @Slot()
    def reload(self) -> None:
        """The entries as stored now (read off the GUI thread)."""
        self.keeper.load(self._show)

    def _show(self, entries: list[IgnoredPair]) -> None:
        self._loaded = entries
        self.entries.setRowCount(0)
        for entry in entries:
            added = datetime.fromtimestamp(entry.added).astimezone()
            first = shown_path(entry.first.path)
            cells = [
                _cell(first),
                _cell(shown_path(entry.second.path)),
                _cell(added.strftime("%Y-%m-%d %H:%M"), entry.added),
                _cell(
                    f"{entry.first.digest.hex()[:SHORT_HASH]} "
                    f"{entry.second.digest.hex()[:SHORT_HASH]}",
                    tip=f"{entry.first.digest.hex()}\n{entry.second.digest.hex()}",
                ),
            ]
            cells[0].setData(entry.id, _ID_ROLE)
            self.entries.appendRow(cells)
        self._word_count()
        self._on_selection()

    def shown_ids(self) -> list[int]:
        """The ids of the entries shown (the search's), in the order shown."""
        return [int(self.shown.index(r, 0).data(_ID_ROLE)) for r in range(self.shown.rowCount())]

    def selected_ids(self) -> list[int]:
        rows = self.table.selectionModel().selectedRows()
        return sorted(int(index.data(_ID_ROLE)) for index in rows)

    def _word_count(self) -> None:
        total, shown = len(self._loaded), self.shown.rowCount()
        if shown == total:
            self.count.setText(self.tr("%n pair(s)", "", total))
        else:
            self.count.setText(self.tr("%1 of %n pair(s)", "", total).replace("%1", str(shown)))
        self.clear_button.setEnabled(total > 0)

    # -- what the user does ------------------------------------------------------------
    @Slot(str)
    def _on_search(self, text: str) -> None:
        self.shown.setFilterFixedString(text.strip())
        self._word_count()

    @Slot()
    def _on_selection(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectionModel().selectedRows()))

    @Slot()
    def remove_selected(self) -> None:
        ids = self.selected_ids()
        if ids:
            self.keeper.remove(ids, lambda _count: None)

    @Slot()
    def _on_clear(self) -> None:
        count = len(self._loaded)
        answer = QMessageBox.question(
            self,
            self.tr("Remove All"),
            self.tr(
                "Take all %n pair(s) off the ignore list? Their files can be grouped "
                "together again from the next scan.",
                "",
                count,
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.keeper.clear(lambda _count: None)


__all__ = ["IgnoreListDialog"]

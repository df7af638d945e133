"""The folders a search for groups looks in: a short list, each searched or a reference folder.

A reference folder ("my archive") is searched too, and its files are compared
with the others, but they are never marked or moved.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDir, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.paths import absolute
from simfind.gui.base.catalogue_words import catalogue_filter

_PATH, _REFERENCE = 0, 1
_ROWS_SHOWN = 3


class FolderList(QWidget):
    """Folders to search, each with a "reference folder" check box."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(_PATH, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(_REFERENCE, QHeaderView.ResizeMode.ResizeToContents)
        row = self.tree.fontMetrics().height() + 6
        self.tree.setFixedHeight(header.sizeHint().height() + row * _ROWS_SHOWN + 4)
        self.tree.itemChanged.connect(self._on_item_changed)
        self.tree.itemSelectionChanged.connect(self._update_buttons)

        self.add_button = QPushButton()
        # A catalogue (.simcat) of a drive stands where a folder does.
        self.add_catalogue_button = QPushButton()
        self.remove_button = QPushButton()
        self.add_button.clicked.connect(self._on_add)
        self.add_catalogue_button.clicked.connect(self._on_add_catalogue)
        self.remove_button.clicked.connect(self.remove_selected)
        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.add_catalogue_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree, 1)
        layout.addLayout(buttons)
        self._update_buttons()
        self.retranslate()

    def retranslate(self) -> None:
        self.tree.setHeaderLabels([self.tr("Folders to search"), self.tr("Reference folder")])
        tip = self.tr(
            "Files in a reference folder are compared with the others but never marked or moved"
        )
        header = self.tree.headerItem()
        header.setToolTip(_REFERENCE, tip)
        for item in self._items():
            item.setToolTip(_REFERENCE, tip)
        self.add_button.setText(self.tr("Add Folder…"))
        self.add_catalogue_button.setText(self.tr("Add Catalogue…"))
        self.add_catalogue_button.setToolTip(
            self.tr(
                "Search a catalogue (.simcat) too: a drive catalogued with File → Make a "
                "Catalogue…, searched while it is away; its files are never marked or moved"
            )
        )
        self.remove_button.setText(self.tr("Remove"))
        self.tree.setToolTip(
            self.tr(
                "Add folders or catalogues (.simcat), or drop them here; double-click one to "
                "edit its path"
            )
        )

    # -- the folders ----------------------------------------------------------------
    def add(self, path: str, reference: bool = False) -> None:
        """Add a folder (one already listed is not added twice, only its kind changes)."""
        for item in self._items():
            if item.text(_PATH) == path:
                item.setCheckState(_REFERENCE, _state(reference))
                return
        item = QTreeWidgetItem([path, ""])
        item.setFlags(
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemIsEditable
            | Qt.ItemFlag.ItemIsUserCheckable
        )
        item.setCheckState(_REFERENCE, _state(reference))
        self.tree.blockSignals(True)
        self.tree.addTopLevelItem(item)
        self.tree.blockSignals(False)
        self.retranslate()
        self.changed.emit()

    def set_entries(self, entries: list[tuple[str, bool]]) -> None:
        self.tree.clear()
        for path, reference in entries:
            self.add(path, reference)
        self._update_buttons()

    def entries(self) -> list[tuple[str, bool]]:
        """Every folder listed (its path as typed) and whether it is a reference folder."""
        return [
            (item.text(_PATH).strip(), item.checkState(_REFERENCE) == Qt.CheckState.Checked)
            for item in self._items()
            if item.text(_PATH).strip()
        ]

    def folders(self) -> list[Path]:
        return [absolute(Path(p).expanduser()) for p, ref in self.entries() if not ref]

    def reference_folders(self) -> list[Path]:
        return [absolute(Path(p).expanduser()) for p, ref in self.entries() if ref]

    @Slot()
    def remove_selected(self) -> None:
        for item in self.tree.selectedItems():
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(item))
        self._update_buttons()
        self.changed.emit()

    def _items(self) -> list[QTreeWidgetItem]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in items if item is not None]

    @Slot()
    def _on_add(self) -> None:
        entries = self.entries()
        start = entries[-1][0] if entries else QDir.homePath()
        path = QFileDialog.getExistingDirectory(self, self.tr("Add a folder to search"), start)
        if path:
            self.add(path)

    @Slot()
    def _on_add_catalogue(self) -> None:
        entries = self.entries()
        start = entries[-1][0] if entries else QDir.homePath()
        paths, _ = QFileDialog.getOpenFileNames(
            self, self.tr("Add catalogues to search"), start, catalogue_filter()
        )
        for path in paths:
            self.add(path)

    @Slot(QTreeWidgetItem, int)
    def _on_item_changed(self, _item: QTreeWidgetItem, _column: int) -> None:
        self.changed.emit()

    @Slot()
    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.tree.selectedItems()))


def _state(checked: bool) -> Qt.CheckState:
    return Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked

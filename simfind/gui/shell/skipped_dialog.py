"""Scan → Show Skipped Files: every file a scan left out and why, in a list in plain sight."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.shown import shown_path
from simfind.core.scan.walk import Skipped
from simfind.gui.base.wording import words


class SkippedDialog(QDialog):
    def __init__(self, skipped: list[Skipped], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(self.tr("Skipped files"))
        self.resize(760, 420)
        self.rows = [(shown_path(s.rel), words.skip_text(s.reason, s.detail)) for s in skipped]
        intro = QLabel(self.tr("%n file(s) were not compared:", "", len(self.rows)))
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setHeaderLabels([self.tr("File"), self.tr("Why")])
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.addTopLevelItems([QTreeWidgetItem(list(row)) for row in self.rows])
        self.list.setSortingEnabled(True)
        self.list.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.list.resizeColumnToContents(0)
        self.list.setColumnWidth(0, max(200, min(self.list.columnWidth(0), 460)))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(self.tr("Copy List"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)

    def copy(self) -> None:
        """The list on the clipboard, a file and its reason a line, tab between."""
        QGuiApplication.clipboard().setText("\n".join(f"{f}\t{why}" for f, why in self.rows))

"""Help → About → Licences: each component simfind ships, with its licence texts.

The list is read off the GUI thread (a quarter of a second of metadata and files from
an installation), and shown when it arrives."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.gui.work.tasks import TaskRunner
from simfind.notices import Notice, shipped_notices


class LicencesDialog(QDialog):
    # The components are listed (or could not be read).
    loaded = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Licences"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.notices: list[Notice] = []
        intro = QLabel(
            self.tr(
                "simfind is free software under the MIT licence. It runs with these "
                "components, each under its own licence, whose text is shown below."
            )
        )
        intro.setWordWrap(True)
        self.components = QTreeWidget()
        self.components.setRootIsDecorated(False)
        self.components.setHeaderLabels(
            [self.tr("Component"), self.tr("Version"), self.tr("Licence")]
        )
        self.text = QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.components.currentItemChanged.connect(self._on_component_changed)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.components)
        splitter.addWidget(self.text)
        splitter.setSizes([200, 300])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(720, 560)
        self.text.setPlainText(self.tr("Reading the licences…"))
        self._tasks = TaskRunner(self)
        self._tasks.run(shipped_notices, self._show, self._failed)

    def _show(self, notices: list[Notice]) -> None:
        self.notices = notices
        for notice in notices:
            item = QTreeWidgetItem([notice.name, notice.version, notice.licence])
            item.setToolTip(0, notice.homepage)
            self.components.addTopLevelItem(item)
        for column in range(2):
            self.components.resizeColumnToContents(column)
        first = self.components.topLevelItem(0)
        if first is not None:
            self.components.setCurrentItem(first)
        self.loaded.emit()

    def _failed(self, error: Exception) -> None:
        self.text.setPlainText(
            self.tr("The licences could not be read: {error}").format(error=error)
        )
        self.loaded.emit()

    def show_component(self, name: str) -> None:
        """Select a component by name (as the user would, by clicking it)."""
        for row, notice in enumerate(self.notices):
            item = self.components.topLevelItem(row)
            if item is not None and notice.name.lower() == name.lower():
                self.components.setCurrentItem(item)
                return
        raise KeyError(name)

    def _on_component_changed(self, item: QTreeWidgetItem | None) -> None:
        if item is None:
            self.text.clear()
            return
        notice = self.notices[self.components.indexOfTopLevelItem(item)]
        parts = [f"{notice.name} {notice.version}\n{notice.licence}\n{notice.homepage}"]
        for text in notice.texts:
            parts.append(f"{'=' * 72}\n{text.name}\n{'=' * 72}\n\n{text.text.strip()}")
        self.text.setPlainText("\n\n".join(parts) + "\n")
        self.text.moveCursor(self.text.textCursor().MoveOperation.Start)

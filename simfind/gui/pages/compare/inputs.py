"""The Compare page's inputs: the reference (a file, or a text typed or pasted) and the folder.

With "Text" on, the reference is the text in the box, which is never written anywhere;
choosing a file in any way (Browse, a drop, Use as Reference) turns it off again.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QDir, Signal, Slot
from PySide6.QtWidgets import (
    QFileDialog,
    QGridLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QWidget,
)

from simfind.core.cache.catalogue_store import SUFFIX
from simfind.core.text.given import GivenText, TextInput
from simfind.gui.base.catalogue_words import catalogue_filter
from simfind.gui.widgets.path_field import PathField
from simfind.gui.widgets.window_state import FOLDERS, REFERENCES, WindowState


class CompareInputs(QWidget):
    """The reference's field (or text box), the folder's field, and their Browse buttons."""

    # Return pressed in a field: scan.
    submitted = Signal()

    def __init__(self, state: WindowState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.reference_field = PathField(folders_only=False)
        self.folder_field = PathField(folders_only=True, catalogues=True)
        self.reference_browse = QPushButton()
        self.folder_browse = QPushButton()
        # A catalogue of a drive stands where a folder does (File → Make a Catalogue…).
        self.catalogue_browse = QToolButton()
        self.reference_browse.clicked.connect(self.browse_reference)
        self.folder_browse.clicked.connect(self.browse_folder)
        self.catalogue_browse.clicked.connect(self.browse_catalogue)
        self.reference_field.edit().returnPressed.connect(self.submitted)
        self.folder_field.edit().returnPressed.connect(self.submitted)
        # "Text": the reference is the text typed or pasted here, not a file.
        self.text_toggle = QToolButton()
        self.text_toggle.setCheckable(True)
        self.text_toggle.toggled.connect(self._on_text_toggled)
        self.reference_text = QPlainTextEdit()
        self.reference_text.setTabChangesFocus(True)
        lines = self.reference_text.fontMetrics().lineSpacing()
        self.reference_text.setFixedHeight(lines * 5 + 12)
        self.reference_text.setVisible(False)
        self.reference_label = QLabel()
        self.reference_label.setBuddy(self.reference_field)
        self.folder_label = QLabel()
        self.folder_label.setBuddy(self.folder_field)
        grid = QGridLayout(self)
        grid.addWidget(self.reference_label, 0, 0)
        grid.addWidget(self.reference_field, 0, 1)
        grid.addWidget(self.reference_text, 0, 1, 1, 2)  # the field or the text is shown
        grid.addWidget(self.reference_browse, 0, 2)
        grid.addWidget(self.text_toggle, 0, 3)
        grid.addWidget(self.folder_label, 1, 0)
        grid.addWidget(self.folder_field, 1, 1)
        grid.addWidget(self.folder_browse, 1, 2)
        grid.addWidget(self.catalogue_browse, 1, 3)
        grid.setColumnStretch(1, 1)
        grid.setContentsMargins(0, 0, 0, 0)

    def retranslate(self) -> None:
        self.reference_field.set_placeholder(self.tr("The file to compare with"))
        self.folder_field.set_placeholder(
            self.tr("The folder to search, or a catalogue of one (.simcat)")
        )
        self.catalogue_browse.setText(self.tr("Catalogue…"))
        self.catalogue_browse.setToolTip(
            self.tr(
                "Search a catalogue (.simcat) instead of a folder: a drive catalogued with "
                "File → Make a Catalogue…, searched while it is away"
            )
        )
        self.reference_browse.setText(self.tr("Browse…"))
        self.folder_browse.setText(self.tr("Browse…"))
        self._label_reference()
        self.reference_text.setPlaceholderText(self.tr("Type or paste the text to compare with"))
        self.text_toggle.setText(self.tr("Text"))
        self.text_toggle.setToolTip(
            self.tr("Compare with a text you type or paste instead of a file")
        )
        self.folder_label.setText(self.tr("F&older:"))

    # -- what is remembered ------------------------------------------------------------
    def restore(self) -> None:
        self.state.restore_inputs(self.reference_field, self.folder_field)
        self.state.restore_reference_text(self.text_toggle, self.reference_text)

    def save(self) -> None:
        self.state.save_inputs(self.reference_field, self.folder_field)
        self.state.save_reference_text(self.text_toggle, self.reference_text)

    def remember(self, reference: TextInput, folder: Path) -> None:
        """A scan of these began: they lead the recent lists (a typed text is not listed)."""
        if isinstance(reference, Path):
            self.reference_field.set_recent(self.state.remember(REFERENCES, str(reference)))
        self.folder_field.set_recent(self.state.remember(FOLDERS, str(folder)))

    def refresh_recent(self) -> None:
        """A search for groups may have added folders to the recent ones."""
        self.folder_field.set_recent(self.state.recent(FOLDERS))

    # -- the reference: a file, or a text ----------------------------------------------
    def reference(self) -> TextInput | None:
        """The reference chosen: the file named, or the text typed with "Text" on (an
        InputError when that text is blank); None when no file is named."""
        if self.text_toggle.isChecked():
            return GivenText.typed(self.reference_text.toPlainText())
        return self.reference_field.path()

    def folder(self) -> Path | None:
        return self.folder_field.path()

    def set_reference(self, path: str) -> None:
        """A file chosen as the reference (the text, if shown, gives way to it)."""
        self.text_toggle.setChecked(False)
        self.reference_field.set_path(path)

    def set_inputs(self, reference: Path, folder: Path | None) -> None:
        self.set_reference(str(reference))
        if folder is not None:
            self.folder_field.set_path(str(folder))

    def drop(self, paths: Sequence[str]) -> None:
        """Files dropped: a folder is the folder to search, a file the reference."""
        for path in paths:
            if os.path.isdir(path) or path.lower().endswith(SUFFIX):  # noqa: PTH112
                self.folder_field.set_path(path)
            else:
                self.set_reference(path)

    def start_folder(self) -> str:
        """Where a file dialog opens: the folder named, else the home folder."""
        return self.folder_field.path_text() or QDir.homePath()

    def _label_reference(self) -> None:
        if self.text_toggle.isChecked():
            self.reference_label.setText(self.tr("R&eference text:"))
            self.reference_label.setBuddy(self.reference_text)
        else:
            self.reference_label.setText(self.tr("R&eference file:"))
            self.reference_label.setBuddy(self.reference_field)

    @Slot(bool)
    def _on_text_toggled(self, on: bool) -> None:
        self.reference_field.setVisible(not on)
        self.reference_browse.setVisible(not on)
        self.reference_text.setVisible(on)
        self._label_reference()
        if on and self.isVisible():
            self.reference_text.setFocus()

    @Slot()
    def browse_reference(self) -> None:
        start = self.reference_field.path_text() or self.start_folder()
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the reference file"), start)
        if path:
            self.set_reference(path)
            if not self.folder_field.path_text():
                self.folder_field.set_path(str(Path(path).parent))

    @Slot()
    def browse_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(
            self, self.tr("Choose the folder to search"), self.start_folder()
        )
        if path:
            self.folder_field.set_path(path)

    @Slot()
    def browse_catalogue(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a catalogue to search"),
            self.start_folder(),
            catalogue_filter(),
        )
        if path:
            self.folder_field.set_path(path)

    def set_enabled(self, enabled: bool) -> None:
        for widget in (
            self.reference_field,
            self.folder_field,
            self.reference_browse,
            self.folder_browse,
            self.catalogue_browse,
            self.text_toggle,
            self.reference_text,
        ):
            widget.setEnabled(enabled)


__all__ = ["CompareInputs"]

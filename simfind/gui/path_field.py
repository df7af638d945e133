"""A path to type, paste or pick: the recent ones in its list, completion from the file system."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDir
from PySide6.QtWidgets import QComboBox, QCompleter, QFileSystemModel, QLineEdit, QWidget


class PathField(QComboBox):
    """An editable path with the recent ones in its list and completion from the file system."""

    def __init__(self, folders_only: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(30)
        self.edit().setClearButtonEnabled(True)
        model = QFileSystemModel(self)  # gathers directory listings on its own thread
        model.setRootPath("")
        filters = QDir.Filter.AllDirs | QDir.Filter.NoDotAndDotDot
        if not folders_only:
            filters |= QDir.Filter.Files
        model.setFilter(filters)
        completer = QCompleter(model, self)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)

    def edit(self) -> QLineEdit:
        edit = self.lineEdit()
        assert edit is not None  # the box is editable
        return edit

    def set_placeholder(self, text: str) -> None:
        self.edit().setPlaceholderText(text)

    def path_text(self) -> str:
        return self.currentText().strip()

    def path(self) -> Path | None:
        """The path typed, with ``~`` expanded; None when the field is empty."""
        text = self.path_text()
        return Path(text).expanduser() if text else None

    def set_path(self, path: str) -> None:
        self.setEditText(path)

    def set_recent(self, paths: list[str]) -> None:
        current = self.currentText()
        self.clear()
        self.addItems(paths)
        self.setEditText(current)

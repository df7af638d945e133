"""A path to type, paste or pick: the recent ones in its list, completion from the file system.

A path given to the field (picked, dropped, remembered, chosen from its list) is
shown as it is spelt (shown_path: a bidirectional override or a control character as
its escape, a byte that is not UTF-8 as \\xff), and the field keeps the path that text
stands for: until the text is edited, it is that path. A text typed is the path it says.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QDir, Slot
from PySide6.QtWidgets import QComboBox, QCompleter, QFileSystemModel, QLineEdit, QWidget

from simfind.core.base.paths import absolute
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_store import SUFFIX


class PathField(QComboBox):
    """An editable path with the recent ones in its list and completion from the file system."""

    def __init__(
        self, folders_only: bool, parent: QWidget | None = None, catalogues: bool = False
    ) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(30)
        self.edit().setClearButtonEnabled(True)
        model = QFileSystemModel(self)  # gathers directory listings on its own thread
        model.setRootPath("")
        filters = QDir.Filter.AllDirs | QDir.Filter.NoDotAndDotDot
        if not folders_only or catalogues:
            filters |= QDir.Filter.Files
        model.setFilter(filters)
        if folders_only and catalogues:  # folders, and of files the catalogues of folders
            model.setNameFilters([f"*{SUFFIX}"])
            model.setNameFilterDisables(False)
        completer = QCompleter(model, self)
        # Inline: a popup list covered the field below and swallowed the next click.
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        self.setCompleter(completer)
        self._files = model
        # The last path given to the field, and its text as shown (see path_text).
        self._given: tuple[str, str] | None = None
        # The recent paths, as the list's items (a Qt string cannot hold a lone surrogate).
        self._recent: list[str] = []
        self.edit().textEdited.connect(self._on_typed)
        self.activated.connect(self._on_chosen)
        # Without a popup to ask for them, a folder's entries are read when its name is typed.
        self.edit().textEdited.connect(self._read_folder)
        model.directoryLoaded.connect(self._on_folder_read)

    def _typed_folder(self) -> str:
        text = self.edit().text()
        cut = max(text.rfind("/"), text.rfind(os.sep))
        return text[: cut + 1] if cut >= 0 else ""

    @Slot(str)
    def _read_folder(self, _text: str) -> None:
        folder = self._typed_folder()
        if folder:
            index = self._files.index(folder)
            if index.isValid() and self._files.canFetchMore(index):
                self._files.fetchMore(index)

    @Slot(str)
    def _on_folder_read(self, folder: str) -> None:
        """Complete what is being typed, now that its folder's entries are known."""
        edit = self.edit()
        typed = self._typed_folder()
        if not edit.hasFocus() or not typed or edit.hasSelectedText():
            return
        if QDir.cleanPath(typed) == QDir.cleanPath(folder):
            completer = self.completer()
            assert completer is not None  # set in __init__
            completer.setCompletionPrefix(edit.text())
            completer.complete()

    def edit(self) -> QLineEdit:
        edit = self.lineEdit()
        assert edit is not None  # the box is editable
        return edit

    def set_placeholder(self, text: str) -> None:
        self.edit().setPlaceholderText(text)

    @Slot(str)
    def _on_typed(self, _text: str) -> None:
        self._given = None

    @Slot(int)
    def _on_chosen(self, index: int) -> None:
        if 0 <= index < len(self._recent):
            self._given = (self.itemText(index), self._recent[index])

    def path_text(self) -> str:
        """The path: the one given while its text is shown unedited, else the text."""
        text = self.currentText().strip()
        if self._given is not None and text == self._given[0]:
            return self._given[1]
        return text

    def path(self) -> Path | None:
        """The path typed, with ``~`` expanded, made absolute (a relative one is of the
        folder the app started in: the recent lists then hold a path that works from
        anywhere); None when the field is empty."""
        text = self.path_text()
        return absolute(Path(text).expanduser()) if text else None

    def set_path(self, path: str) -> None:
        shown = shown_path(path)
        self._given = (shown, path)
        self.setEditText(shown)

    def set_recent(self, paths: list[str]) -> None:
        current = self.currentText()
        self.clear()
        self._recent = list(paths)
        self.addItems([shown_path(path) for path in paths])
        self.setEditText(current)

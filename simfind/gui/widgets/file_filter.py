"""Which files a list shows: a name or folder typed, a format chosen (Compare's table and the
groups' tree alike)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

from simfind.core.base.paths import display_path
from simfind.core.scan.rank import Match
from simfind.core.text.documents import DocumentFormat
from simfind.gui.base.wording import words
from simfind.gui.work.tasks import Job, ahead

# From this many groups, their files are read for the filter on another thread.
READ_ASIDE_FROM = 2000
# The format filter's choices: any, then each format (None: any).
FILTER_FORMATS: tuple[str | None, ...] = (None, *(f.value for f in DocumentFormat))


def filter_text(match: Match) -> str:
    """What a typed filter is looked for in: the file's path under its folder, case folded."""
    return display_path(match.rel).casefold()


@dataclass
class FilesRead:
    """What the filter looks at in the files of groups: each file's text (``filter_text``),
    format and group, in arrays, the groups' files one after another."""

    texts: npt.NDArray[np.str_]
    formats: npt.NDArray[np.str_]
    owners: npt.NDArray[np.int64]


def read_files(groups: Sequence[Sequence[Match]], first: int = 0) -> FilesRead:
    """The files of ``groups`` read for the filter (no Qt: any thread may run it); ``first``:
    the number of the first group."""
    files = [m for members in groups for m in members]
    owners = [first + at for at, members in enumerate(groups) for _ in members]
    return FilesRead(
        np.array([filter_text(m) for m in files], np.str_),
        np.array([m.format for m in files], np.str_),
        np.array(owners, np.int64),
    )


class FileFilter(QWidget):
    """A text field (part of a name or folder) and a format box; ``changed`` on either."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text_field = QLineEdit()
        self.text_field.setClearButtonEnabled(True)
        self.text_field.textChanged.connect(self.changed)
        self.format_box = QComboBox()
        for name in FILTER_FORMATS:
            self.format_box.addItem("", name)
        self.format_box.currentIndexChanged.connect(self.changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text_field, 1)
        layout.addWidget(self.format_box)
        # For groups_passing: the groups it last read, and their files' texts, formats and
        # groups, in arrays (taken once; groups added at the end are taken as they come).
        self._read: Sequence[Sequence[Match]] | None = None
        self._texts: list[npt.NDArray[np.str_]] = []
        self._formats: list[npt.NDArray[np.str_]] = []
        self._owners: list[npt.NDArray[np.int64]] = []
        self._groups_read = 0
        self._reading: Job[None] | None = None
        self.retranslate()

    def text(self) -> str:
        """The text typed, as it is looked for (see ``filter_text``)."""
        return self.text_field.text().strip().casefold()

    def file_format(self) -> str | None:
        """The format chosen ("text", "docx", ...; None: any)."""
        value = self.format_box.currentData()
        return None if value is None else str(value)

    def active(self) -> bool:
        return bool(self.text()) or self.file_format() is not None

    def accepts(self, match: Match) -> bool:
        """Whether the file passes: its format the one chosen, the text typed in its path."""
        chosen = self.file_format()
        if chosen is not None and match.format != chosen:
            return False
        text = self.text()
        return not text or text in filter_text(match)

    def groups_passing(self, groups: Sequence[Sequence[Match]]) -> npt.NDArray[np.bool_]:
        """Which of these groups hold a file that ``accepts`` takes: every file at once
        (one Python test per file took 0.4 s a keystroke at 100,000 files)."""
        if not groups:
            return np.zeros(0, bool)
        self._read_files(groups)
        passing = np.ones(len(self._owners[0]), bool)
        chosen, text = self.file_format(), self.text()
        if chosen is not None:
            passing &= self._formats[0] == chosen
        if text:
            passing &= np.strings.find(self._texts[0], text) >= 0
        found = np.zeros(len(groups), bool)
        found[self._owners[0][passing]] = True
        return found

    def read_aside(self, groups: Sequence[Sequence[Match]]) -> None:
        """Take these groups' files in on another thread, ready for the first keystroke
        (0.2 s of Python at 100,000 files; the thread gives the window the interpreter
        every few milliseconds). ``groups`` must not change meanwhile but by growing."""
        self._finish_reading()
        if len(groups) > READ_ASIDE_FROM:
            self._reading = ahead(lambda: self._read_more(groups))

    def take_read(self, groups: Sequence[Sequence[Match]], read: FilesRead) -> None:
        """The files of ``groups``, read by ``read_files`` on another thread: kept as if
        read here."""
        self._finish_reading()
        self._read, self._groups_read = groups, len(groups)
        self._texts, self._formats, self._owners = [read.texts], [read.formats], [read.owners]

    def _finish_reading(self) -> None:
        if self._reading is not None:
            reading, self._reading = self._reading, None
            reading.wait()

    def _read_files(self, groups: Sequence[Sequence[Match]]) -> None:
        """Keep every file's filter text, format and group (of groups added since, if
        these are the groups read last)."""
        self._finish_reading()
        self._read_more(groups)

    def _read_more(self, groups: Sequence[Sequence[Match]]) -> None:
        if groups is not self._read or len(groups) < self._groups_read:
            self._read, self._groups_read = groups, 0
            self._texts, self._formats, self._owners = [], [], []
        if self._groups_read < len(groups):
            read = read_files(groups[self._groups_read :], self._groups_read)
            self._texts.append(read.texts)
            self._formats.append(read.formats)
            self._owners.append(read.owners)
            self._groups_read = len(groups)
            for arrays in (self._texts, self._formats, self._owners):
                arrays[:] = [np.concatenate(arrays)]

    def retranslate(self) -> None:
        self.text_field.setPlaceholderText(self.tr("Filter by name or folder"))
        for index, name in enumerate(FILTER_FORMATS):
            text = self.tr("All formats") if name is None else words.document_format(name)
            self.format_box.setItemText(index, text)
        self.format_box.setToolTip(self.tr("Show only the files of one format"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

"""The Lines page's preview: the selected record's file, scrolled to its line, the line marked.

The file is read on a pool thread. A long file is put in the pane a piece at a
time, the window's events served between pieces, and the pane goes to the record's
line as soon as it is in: put in at once, a 100,000-line file held the window
210-340 ms (and as long from a pool thread: Qt keeps the interpreter while it
works, and the window needs it); a document filled aside then shown, 30-40 ms.
The words keep the Lines page's context: the catalogues knew them there before they moved.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QLabel, QTextEdit, QVBoxLayout, QWidget

from simfind.core.base.errors import OsFailure
from simfind.core.text.reading import read_text
from simfind.gui.base.colours import colours_for
from simfind.gui.base.wording import words
from simfind.gui.diff.widgets import DiffPane
from simfind.gui.work.tasks import TaskRunner

# The preview shows files up to this size whole (larger ones: their first part).
PREVIEW_CHARS = 4_000_000
# A longer text is put in its document this many characters at a time (~12 ms each).
PIECE = 100_000

translate = QCoreApplication.translate


class RecordPreview(QWidget):
    """Where the record is (a label), and its file with line numbers (a read-only pane)."""

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.label = QLabel()
        self.pane = DiffPane("preview")  # read-only, with the file's line numbers
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.pane)
        self._path: str | None = None  # the file shown, or being read
        self._line = 0
        self._reads = 0  # files asked for: a file still being put in stops when another is
        self._waiting = False  # the line is not in the pane yet: gone to when it is
        self._shown: str | None = None
        self.pane.palette_changed.connect(self._recolour)

    def _recolour(self) -> None:
        """The line marked again, in the colour of the new palette (a theme change)."""
        if self.pane.extraSelections():
            self._mark(self.pane.textCursor())

    def show_record(self, path: Path, shown: str, line: int) -> None:
        """Show the file at ``path`` (named ``shown``), at ``line`` (1-based)."""
        self._line, self._shown = line, shown
        self.retranslate()
        if self._path == os.fspath(path):
            if not self._waiting:
                self.go_to_line(line)
            return
        self._path = os.fspath(path)
        self._reads += 1
        self._waiting = True
        self.tasks.run(
            lambda: read_text(path).text[:PREVIEW_CHARS],
            lambda text: self._on_read(os.fspath(path), text),
            lambda error: self._on_failed(os.fspath(path), error),
        )

    def _on_read(self, path: str, text: str) -> None:
        if path != self._path:
            return  # another file was chosen meanwhile
        numbers: list[int | None] = list(range(1, text.count("\n") + 2))
        if len(text) <= PIECE:
            self.pane.show_text(text, numbers)
            self._waiting = False
            self.go_to_line(self._line)
            return
        document = self.pane.new_document()
        self.pane.show_document(document, numbers)
        self._fill(self._reads, document, text, 0)

    def _fill(self, read: int, document: QTextDocument, text: str, at: int) -> None:
        """Put the next piece of ``text`` in the pane's ``document``, then the next (later)."""
        if read != self._reads:
            return  # another file was asked for: this one's document has gone
        cursor = QTextCursor(document)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text[at : at + PIECE])
        done = at + PIECE >= len(text)
        if self._waiting and (done or document.blockCount() > self._line):
            self._waiting = False
            self.go_to_line(self._line)
        if not done:
            QTimer.singleShot(0, lambda: self._fill(read, document, text, at + PIECE))

    def _on_failed(self, path: str, error: Exception) -> None:
        if path != self._path:
            return
        self._waiting = False
        why = words.os_error(OsFailure.of(error)) if isinstance(error, OSError) else str(error)
        self.pane.show_text(why, [])

    def go_to_line(self, line: int) -> None:
        """Scroll to a 1-based line and mark it."""
        block = self.pane.document().findBlockByNumber(max(0, line - 1))
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        self.pane.setTextCursor(cursor)
        self.pane.centerCursor()
        self._mark(cursor)

    def _mark(self, cursor: QTextCursor) -> None:
        mark = QTextEdit.ExtraSelection()
        mark.format.setBackground(colours_for(self.pane.palette()).found)
        mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        mark.cursor = cursor
        self.pane.setExtraSelections([mark])

    def current_line(self) -> int:
        """The 1-based line the cursor is on."""
        return self.pane.textCursor().blockNumber() + 1

    def clear(self) -> None:
        self._path = self._shown = None
        self._reads += 1
        self._waiting = False
        self.pane.show_text("", [])
        self.retranslate()

    def retranslate(self) -> None:
        if self._shown is None:
            text = translate("LinesPage", "Select a record to see it in its file.")
        else:
            text = translate("LinesPage", "{path}, line {line}")
            text = text.format(path=self._shown, line=self._line)
        self.label.setText(text)


__all__ = ["PREVIEW_CHARS", "RecordPreview"]

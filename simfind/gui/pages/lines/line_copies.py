"""Copies of files without the marked lines: written beside each file off the GUI thread
(never in place), and a message saying, file by file, what was written or why not."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from simfind.core.base.shown import shown_path
from simfind.core.cleanup.line_removal import (
    NotWritten,
    Refusal,
    Removed,
    copies_without,
    marked_lines,
)
from simfind.core.records.search import RecordGroupsResult, RecordMember
from simfind.gui.base.wording import words
from simfind.gui.work.tasks import TaskRunner


class LineCopies(QObject):
    saved = Signal(str)  # for the window's status bar
    ended = Signal()  # written or not: the marks may be used again

    def __init__(self, tasks: TaskRunner, parent: QWidget) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self._parent = parent

    def save(self, result: RecordGroupsResult, marked: Sequence[RecordMember]) -> None:
        """A copy of each file with marked lines, beside it, without them."""
        lines = marked_lines(result.records, (member.record for member in marked))
        wanted = []
        for number, chosen in sorted(lines.items()):
            source = result.files[number]
            read_as = (source.size, source.mtime_ns) if source.mtime_ns else None
            wanted.append((source.path, chosen, read_as))
        #: Put in the name of a copy without the marked lines: "notes (…).txt".
        label = self.tr("without repeated lines")
        self.tasks.run(lambda: copies_without(wanted, label), self._on_saved, self._on_failed)

    def _on_saved(self, answers: list[Removed | NotWritten]) -> None:
        self.ended.emit()
        said: list[str] = []
        for answer in answers:
            if isinstance(answer, Removed):
                text = self.tr(
                    "%n line(s) left out of {source}; the copy:\n{target}", "", answer.removed
                )
                said.append(
                    text.format(
                        source=shown_path(answer.source.name), target=shown_path(answer.target)
                    )
                )
            else:
                said.append(self._not_written(answer))
        written = sum(1 for a in answers if isinstance(a, Removed))
        if written:
            self.saved.emit(self.tr("Saved %n copy(ies) without the marked lines", "", written))
        icon = QMessageBox.Icon.Information
        if written < len(answers):
            icon = QMessageBox.Icon.Warning
        title = self.tr("Copies Without Marked Lines")
        QMessageBox(icon, title, "\n\n".join(said), parent=self._parent).open()

    def _on_failed(self, error: Exception) -> None:
        self.ended.emit()
        why = f"{type(error).__name__}: {error}"  # a bug's own words
        QMessageBox.warning(
            self._parent,
            self.tr("Records"),
            self.tr("No copy was written: {error}").format(error=why),
        )

    def _not_written(self, answer: NotWritten) -> str:
        path = shown_path(answer.source)
        if answer.error is not None:
            return self.tr("No copy of {path}: {error}").format(
                path=path, error=words.os_error(answer.error)
            )
        texts = {
            Refusal.CHANGED: self.tr(
                "No copy of {path}: it changed since it was searched. Press Find again."
            ),
            Refusal.NOT_TEXT: self.tr(
                "No copy of {path}: only plain text files can be copied without lines "
                "(not documents)."
            ),
            Refusal.NOT_FAITHFUL: self.tr(
                "No copy of {path}: written back in its encoding, its text would not be "
                "the same bytes, so a copy could lose some of it."
            ),
        }
        return texts[answer.refusal or Refusal.NOT_TEXT].format(path=path)

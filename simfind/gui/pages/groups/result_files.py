"""File → Save Results… and Open Results…: the groups written to a result file and read
back, off the GUI thread, a progress dialog meanwhile.

Saving writes the groups as shown (the files moved away or set apart left out, a filter
not applied) with their inputs and settings (core.results.writing), whole or not at all.
Opening reads the file, looks at each of its files now (core.results.since: changed or
vanished ones are said so and never marked or moved), applies the ignore list as it is
now, and hands the groups to the page (``opened``). A file that cannot be opened is one
message; the groups shown stay as they were.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget

from simfind.core.base.errors import OsFailure
from simfind.core.groups.folder_groups import Group, GroupsResult
from simfind.core.groups.group import Member
from simfind.core.groups.since import look_now
from simfind.core.results.reading import ResultFileError, read_result_file
from simfind.core.results.reopening import Reopened, reopened
from simfind.core.results.writing import save_result
from simfind.gui.base.result_words import result_words
from simfind.gui.base.wording import words
from simfind.gui.ignore.keeper import IgnoreKeeper, read_for_search
from simfind.gui.work.tasks import TaskRunner

# Steps of the progress bar.
_STEPS = 1000
# The progress dialog shows only for work longer than this (ms).
_SHOW_AFTER_MS = 400
# Progress reaches the window at most this often (s).
_PROGRESS_EVERY = 0.1


class _Progress(QObject):
    """Progress from a pool thread, a few times a second, queued to the GUI thread."""

    moved = Signal(int)

    def reporter(self, start: float, end: float) -> Callable[[int, int], None]:
        """A core progress callback (done, total) for the part [start, end] of the bar."""
        last = [0.0]

        def report(done: int, total: int) -> None:
            now = time.monotonic()
            if total and (done >= total or now - last[0] >= _PROGRESS_EVERY):
                last[0] = now
                share = start + (end - start) * min(1.0, done / total)
                self.moved.emit(round(share * _STEPS))

        return report


def groups_to_save(members: Sequence[Sequence[Member]]) -> list[Group]:
    """The groups as shown, each its centre first: a group whose centre went (moved away,
    set apart) is saved around its first file, the figures measured to the centre gone
    (similarity) left out, its distances to the new centre."""
    groups = []
    for files in members:
        first = files[0]
        if first.is_centre:
            groups.append(Group(list(files)))
            continue
        centre = replace(first, is_centre=True, similarity=1.0, distance=0)
        rest = [
            replace(
                m,
                is_centre=False,
                similarity=None,
                distance=(m.match.fingerprint ^ first.match.fingerprint).bit_count(),
            )
            for m in files[1:]
        ]
        groups.append(Group([centre, *rest]))
    return groups


class ResultFiles(QObject):
    # A result file was opened: its groups, to show.
    opened = Signal(Reopened)
    # A result was saved there.
    saved = Signal(Path)

    def __init__(self, window: QWidget, tasks: TaskRunner, ignore: IgnoreKeeper) -> None:
        super().__init__(window)
        self._window = window
        self.tasks = tasks
        self.ignore = ignore
        self.busy = False
        # The progress dialog while one is shown, a warning while it is open (tests look).
        self.dialog: QProgressDialog | None = None
        self.message: QMessageBox | None = None
        self._stop = threading.Event()

    def _progress(self, label: str, can_stop: bool) -> _Progress:
        dialog = QProgressDialog(label, "", 0, _STEPS, self._window)
        dialog.setWindowTitle(label)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(_SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        if can_stop:
            dialog.setCancelButtonText(self.tr("Cancel"))
            dialog.canceled.connect(self._stop.set)
        else:
            dialog.setCancelButton(None)
        dialog.setValue(0)
        self.dialog = dialog
        progress = _Progress(self)
        progress.moved.connect(dialog.setValue)
        return progress

    def _finished(self) -> None:
        self.busy = False
        if self.dialog is not None:
            self.dialog.reset()
            self.dialog.hide()
            self.dialog.deleteLater()
            self.dialog = None

    # -- saving ---------------------------------------------------------------------------
    def save(self, target: Path, result: GroupsResult, members: Sequence[Sequence[Member]]) -> bool:
        """Write the groups shown (``members``) of ``result`` to ``target``; False if busy."""
        if self.busy:
            return False
        self.busy = True
        groups = groups_to_save(members)
        progress = self._progress(self.tr("Saving the results…"), can_stop=False)
        report = progress.reporter(0.0, 1.0)
        self.tasks.run(
            lambda: save_result(target, result, groups, report),
            lambda _: self._on_saved(target),
            lambda error: self._on_save_failed(target, error),
        )
        return True

    def _on_saved(self, target: Path) -> None:
        self._finished()
        self.saved.emit(target)

    def _on_save_failed(self, target: Path, error: Exception) -> None:
        self._finished()
        if isinstance(error, OSError):
            why = words.os_error(OsFailure.of(error))
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        text = self.tr("The results were not saved: {error}").format(error=why)
        self._tell(self.tr("Save Results"), text)

    def _tell(self, title: str, text: str) -> None:
        """A warning, opened (not run): the window goes on meanwhile."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=self._window)
        self.message = box
        box.finished.connect(lambda _: setattr(self, "message", None))
        box.open()

    # -- opening --------------------------------------------------------------------------
    def open(self, path: Path) -> bool:
        """Read the result file at ``path`` and look at its files now; ``opened`` hears of
        its groups. False if busy."""
        if self.busy:
            return False
        self.busy = True
        self._stop.clear()
        progress = self._progress(self.tr("Opening the results…"), can_stop=True)
        reading, looking = progress.reporter(0.0, 0.6), progress.reporter(0.6, 1.0)
        stop = self._stop
        keeper = self.ignore

        def work() -> Reopened | None:
            saved = read_result_file(path, reading)
            stale = look_now(saved.groups, looking, stop)
            if stop.is_set():
                return None
            ignored = read_for_search(keeper.store(), keeper.pending())
            return reopened(saved, stale, ignored)

        self.tasks.run(work, self._on_opened, self._on_open_failed)
        return True

    @Slot(Reopened)
    def _on_opened(self, found: Reopened | None) -> None:
        self._finished()
        if found is not None:  # None: cancelled
            self.opened.emit(found)

    def _on_open_failed(self, error: Exception) -> None:
        self._finished()
        if isinstance(error, ResultFileError):
            text = result_words.result_problem(error)
        else:
            text = f"{type(error).__name__}: {error}"  # a bug's own words
        self._tell(self.tr("Open Results"), text)


__all__ = ["ResultFiles", "groups_to_save"]

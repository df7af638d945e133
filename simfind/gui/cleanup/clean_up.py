"""Moving the marked files, safely: look at them again, confirm once, move off the GUI thread.

``CleanUp.start`` takes the marked files as they were scanned, each with the
files kept for it. On a pool thread each is looked at again; the confirmation
(ConfirmMoveDialog) then lists them with the space they take, the ones changed
since the scan apart (they move only when the user ticks the box for them, as
they are now), the ones whose kept file changed since (they stay) and the ones
gone. Once confirmed, core.moves carries the plan out on a pool thread, file by
file, each looked at once more, logged in the user's data folder. A move to a
folder can be undone, here or later with ``simfind clean --undo`` (its log of the
operation, core.cleanup.operation_log). Nothing is deleted outright.

``CleanUp.start_links`` does the same for marked files to be replaced by hard
links to the files kept (core.cleanup.hard_links): each compared with its kept
file off the GUI thread, one confirmation (ConfirmLinksDialog), the links made
off the GUI thread, undone into copies again.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QWidget

from simfind.core.cleanup.hard_links import (
    LinkPair,
    LinkPreview,
    look_at,
    replace_by_links,
    undo_links,
)
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.lacking import Lacking, lacking
from simfind.core.cleanup.moves import (
    Action,
    FileState,
    MovePlan,
    MoveProgress,
    MoveReport,
    PlannedFile,
    as_it_is_now,
    execute,
    state_of,
    undo,
)
from simfind.core.cleanup.operation_log import forget_undone, kept
from simfind.gui.cleanup.link_dialogs import ConfirmLinksDialog
from simfind.gui.cleanup.move_dialogs import ConfirmMoveDialog, LookedAt
from simfind.gui.work.tasks import TaskRunner

# A move reports its progress to the window at most this often (seconds).
PROGRESS_INTERVAL = 0.1


def _undone(report: MoveReport, back: MoveReport) -> MoveReport:
    """An undo's report, the operation's log (for 'simfind clean --undo') told of it."""
    with contextlib.suppress(OSError):  # the log is the command line's; the undo is done
        forget_undone(report, back)
    return back


def look_again(files: Sequence[PlannedFile]) -> list[LookedAt]:
    """Each file against what was scanned (a look at the disk for each: off the GUI thread)."""
    seen = []
    for planned in files:
        state = state_of(planned)
        if state is FileState.UNCHANGED:
            seen.append(LookedAt(planned, state, planned))
        elif state is FileState.CHANGED:
            now = as_it_is_now(planned)
            seen.append(LookedAt(planned, state if now else FileState.VANISHED, now))
        elif state is FileState.KEPT_CHANGED:
            seen.append(LookedAt(planned, state, planned))
        else:
            seen.append(LookedAt(planned, state, None))
    return seen


class CleanUp(QObject):
    # Files were moved to the trash or a folder: those done leave the views.
    moved = Signal(MoveReport)
    # A move was undone (a report of Action.UNDO): the files put back return.
    restored = Signal(MoveReport)
    # Something went wrong that simfind did not expect.
    failed = Signal(Exception)
    # A move (or undo) is under way: (action, files done, files in all).
    progressed = Signal(Action, int, int)
    busy_changed = Signal(bool)
    # The user chose whether files from several folders keep them (to be remembered).
    keep_folders_chosen = Signal(bool)

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self.tasks = TaskRunner(self)
        # The confirmation while it is open (tests answer it).
        self.dialog: ConfirmMoveDialog | None = None
        self.links_dialog: ConfirmLinksDialog | None = None
        self.busy = False
        # The last move to a folder (or replacement by links), until it is undone.
        self.last_move: MoveReport | None = None
        self._stop = threading.Event()

    def start(
        self,
        action: Action,
        files: Sequence[PlannedFile],
        folder: Path | None = None,
        whole_groups: int = 0,
        keep_folders: bool = True,
    ) -> bool:
        """Ask to move ``files`` (as scanned) to the trash or ``folder``; False if busy or none.

        ``whole_groups``: groups in which every file is among them (the
        confirmation says so); ``keep_folders``: whether files from several folders
        keep them below ``folder``, as the confirmation first offers.
        """
        if self.busy or not files or action is Action.UNDO:
            return False
        self._set_busy(True)
        planned = tuple(files)
        # Off the GUI thread: each file looked at again, and the marked files read for
        # text their kept file lacks (at most lacking.MAX_FILES of them).
        self.tasks.run(
            lambda: (look_again(planned), lacking(planned)),
            lambda found: self._confirm(action, folder, *found, whole_groups, keep_folders),
            self._on_error,
        )
        return True

    def _confirm(
        self,
        action: Action,
        folder: Path | None,
        seen: list[LookedAt],
        lacks: list[Lacking],
        whole_groups: int,
        keep_folders: bool,
    ) -> None:
        dialog = ConfirmMoveDialog(
            action, folder, seen, whole_groups, self._window, keep_folders, lacks
        )
        self.dialog = dialog
        dialog.finished.connect(lambda result: self._on_answer(dialog, result))
        dialog.open()

    def _on_answer(self, dialog: ConfirmMoveDialog, result: int) -> None:
        self.dialog = None
        files = dialog.files()
        keep_folders = dialog.keeps_folders()
        offered = not dialog.keep_folders.isHidden()
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted or not files:
            self._set_busy(False)
            return
        if offered:
            self.keep_folders_chosen.emit(keep_folders)
        plan = MovePlan(tuple(files), dialog.action, dialog.folder, keep_folders)
        journal = Journal()
        self._stop.clear()
        progress = self._reporter(plan.action)
        self.progressed.emit(plan.action, 0, len(files))
        self.tasks.run(
            lambda: kept(execute(plan, journal=journal, progress=progress, cancel=self._stop)),
            self._on_moved,
            self._on_error,
        )

    def _on_moved(self, report: MoveReport) -> None:
        if report.undoable:
            self.last_move = report
        self._set_busy(False)
        self.moved.emit(report)

    def start_links(self, pairs: Sequence[LinkPair]) -> bool:
        """Ask to replace each pair's file by a hard link to its kept file; False if busy or
        none. Each is compared with its kept file first (off the GUI thread)."""
        if self.busy or not pairs:
            return False
        self._set_busy(True)
        planned = tuple(pairs)
        self.tasks.run(lambda: look_at(planned), self._confirm_links, self._on_error)
        return True

    def _confirm_links(self, preview: LinkPreview) -> None:
        dialog = ConfirmLinksDialog(preview, self._window)
        self.links_dialog = dialog
        dialog.finished.connect(lambda result: self._on_links_answer(dialog, result))
        dialog.open()

    def _on_links_answer(self, dialog: ConfirmLinksDialog, result: int) -> None:
        self.links_dialog = None
        pairs = dialog.pairs()
        linked = dialog.linked()
        tie = dialog.ties_to_reference()
        dialog.deleteLater()
        if result != QDialog.DialogCode.Accepted or not linked:
            self._set_busy(False)
            return
        journal = Journal()
        self._stop.clear()
        progress = self._reporter(Action.LINK)
        self.progressed.emit(Action.LINK, 0, len(pairs))
        self.tasks.run(
            lambda: kept(replace_by_links(pairs, journal, progress, self._stop, tie)),
            self._on_moved,
            self._on_error,
        )

    def undo(self) -> bool:
        """Undo the last move to a folder (or replacement by links); False if there is none
        (or busy)."""
        report = self.last_move
        if self.busy or report is None:
            return False
        self._set_busy(True)
        journal = Journal()
        progress = self._reporter(Action.UNDO)
        self.progressed.emit(Action.UNDO, 0, report.count())
        undoing = undo_links if report.action is Action.LINK else undo
        self.tasks.run(
            lambda: _undone(report, undoing(report, journal, progress)),
            self._on_restored,
            self._on_error,
        )
        return True

    def _on_restored(self, report: MoveReport) -> None:
        self.last_move = None
        self._set_busy(False)
        self.restored.emit(report)

    def stop(self) -> None:
        """Stop a move after the file it is moving; the rest stay where they are."""
        self._stop.set()

    def _on_error(self, error: Exception) -> None:
        self._set_busy(False)
        self.failed.emit(error)

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self.busy_changed.emit(busy)

    def _reporter(self, action: Action) -> MoveProgress:
        """Progress from the pool thread, a few times a second and at the end."""
        last = [0.0]

        def report(done: int, total: int) -> None:
            now = time.monotonic()
            if done == total or now - last[0] >= PROGRESS_INTERVAL:
                last[0] = now
                self.progressed.emit(action, done, total)  # queued to the GUI thread

        return report


__all__ = ["CleanUp", "look_again"]

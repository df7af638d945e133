"""Groups found while a search goes on, shown in the groups list as they come.

The core hands them on at most five times a second (core.groups.streaming);
each batch shown costs the window a layout of the whole list (90 ms at 1,880
groups, measured while it was a tree with every group open), and the search's
thread shares the window's interpreter.
So batches are paced: the next is shown no sooner than six times as long
after the last as the last took, the window busy with them at most a seventh
of the time; what comes meanwhile waits and goes in with the next.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from simfind.core.groups.folder_groups import Group, GroupsFound, GroupsResult
from simfind.gui.groups_list.columns import FileColumns
from simfind.gui.groups_list.model import GroupsModel

#: After a batch shown, the wait before the next, in multiples of what it took.
PACE = 6.0


class ArrivingGroups(QObject):
    # Groups shown so far during the search, and the files in them.
    shown = Signal(int, int)

    def __init__(self, model: GroupsModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self._pending: list[Group] = []
        self._begun = False  # the model shows this search's groups
        self._groups = self._files = 0
        self._ready_at = 0.0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._show)

    def start(self) -> None:
        """A new search: nothing of the last one is shown any more."""
        self._timer.stop()
        self._pending = []
        self._begun = False
        self._groups = self._files = 0
        self._ready_at = 0.0

    def add(self, found: GroupsFound) -> None:
        if not self._begun:
            # Its groups are not read: they are filled in on the scan thread at the end.
            self.model.set_groups([], FileColumns(found.search))
            self._begun = True
        self._pending += found.groups
        if not self._timer.isActive():
            wait = max(0.0, self._ready_at - time.monotonic())
            self._timer.start(round(1000 * wait))

    @Slot()
    def _show(self) -> None:
        began = time.monotonic()
        pending, self._pending = self._pending, []
        self.model.append_groups([g.members for g in pending])
        self._groups += len(pending)
        self._files += sum(len(g.members) for g in pending)
        done = time.monotonic()
        self._ready_at = done + PACE * (done - began)
        self.shown.emit(self._groups, self._files)

    def finish(self, result: GroupsResult) -> bool:
        """The search's result: True where the model kept the groups shown and took the
        rest, all in the result's order; False where it must be given the result anew
        (nothing was shown, or a group shown is not in it)."""
        begun = self._begun
        self.start()  # what still waits is in the result
        return begun and self.model.put_in_order([g.members for g in result.groups])


__all__ = ["ArrivingGroups"]

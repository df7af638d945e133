"""Mark all but one file of each group by a rule, off the GUI thread where the groups are many.

At 25,000 groups of 97,000 files, working out the marks (each file as a
Candidate, the rule, the marked files' keys) held the window over a second. The
groups shown are handed, as data, to a pool thread (gui.tasks); the marks come
back and are taken in one change. An answer is dropped when another was asked
for since, or when the groups shown changed in between (a new search, files
moved, a filter): it was worked out for groups no longer there.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simfind.core.cleanup.marking import Candidate, KeepRule, Marks, mark_all_but_one
from simfind.gui.groups_model import GroupsModel
from simfind.gui.tasks import TaskRunner

#: Fewer files shown than this are marked at once, on the GUI thread (2,000 took ~20 ms).
MARK_ASIDE_FROM = 2_000


@dataclass
class RuleMarks:
    """What a rule marks: the counts, and the items marked in the order ``marked()`` gives."""

    marks: Marks
    items: list[Any]
    keys: set[Hashable]
    size: int  # the items' sizes added up


def rule_marks(
    groups: list[list[Any]],
    model_columns: Any,
    rule: KeepRule,
    folder: Path | None,
    identical_only: bool,
) -> RuleMarks:
    """The marks of ``rule`` in ``groups`` (no Qt: this runs on a pool thread)."""
    checkable, key = model_columns.checkable, model_columns.key
    candidates = [
        [Candidate(m.path, m.size, m.mtime_ns, not checkable(m), m.digest) for m in members]
        for members in groups
    ]
    marks = mark_all_but_one(candidates, rule, folder, identical_only)
    items = [groups[g][k] for g, marked in enumerate(marks.marked) for k in marked]
    return RuleMarks(marks, items, {key(m) for m in items}, sum(m.size for m in items))


class RuleMarker:
    """Asks for a rule's marks and takes the latest answer, if its groups are still shown."""

    def __init__(
        self, model: GroupsModel, tasks: TaskRunner, done: Callable[[Marks], None]
    ) -> None:
        self.model = model
        self.tasks = tasks
        self.done = done
        self._asked = 0  # requests made; an answer to any but the last is dropped
        self._running = 0
        self._collector_paused = False

    @property
    def running(self) -> bool:
        """Answers still to come (to be taken or dropped)."""
        return self._running > 0

    def mark(self, rule: KeepRule, folder: Path | None, identical_only: bool) -> None:
        """Mark all but one in each group shown by ``rule``: now where the files shown are
        few, else when the pool thread's answer comes (``done`` hears of it then)."""
        self._asked += 1
        asked, version = self._asked, self.model.shown_version
        groups = self.model.shown_lists()
        columns = self.model.columns

        def work() -> RuleMarks:
            return rule_marks(groups, columns, rule, folder, identical_only)

        if sum(map(len, groups)) < MARK_ASIDE_FROM:
            self._take(asked, version, work())
            return
        self._running += 1
        # The pool thread's Candidates set off a full collection over the whole result,
        # which held the GIL, and so the window, 115-150 ms (measured); they hold no
        # cycles and go when the answer does. As during a scan, it waits for the end.
        if gc.isenabled():
            gc.disable()
            self._collector_paused = True
        self.tasks.run(
            work,
            lambda found: self._arrived(asked, version, found),
            lambda error: self._failed(asked, error),
        )

    def drop(self) -> None:
        """Any answer under way is not to be taken (the marks were set otherwise since)."""
        self._asked += 1

    def _arrived(self, asked: int, version: int, found: RuleMarks) -> None:
        self._ended()
        self._take(asked, version, found)

    def _failed(self, asked: int, error: Exception) -> None:
        self._ended()
        if asked == self._asked:
            raise error  # as it would have been raised from the click

    def _ended(self) -> None:
        self._running -= 1
        if not self._running and self._collector_paused:
            self._collector_paused = False
            gc.enable()

    def _take(self, asked: int, version: int, found: RuleMarks) -> None:
        if asked != self._asked or version != self.model.shown_version:
            return
        self.model.take_marks(found.items, found.keys, found.size)
        self.done(found.marks)

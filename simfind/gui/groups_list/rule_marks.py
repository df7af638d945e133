"""Items marked by a rule, worked out off the GUI thread where the groups shown are many.

At 25,000 groups of 97,000 files, working out the marks of Mark All but One
(each file as a Candidate, the rule, the marked files' keys) held the window
over a second; at 100,000 lines, Mark Repeated Lines a third of one. The groups
shown are handed, as data, to a pool thread (``Aside``), with a function that
works out the marks (``rule_marks`` for files, ``repeated_lines`` for lines);
the marks come back and are taken in one change. An answer is dropped when
another was asked for since, or when the groups shown changed in between (a
new search, files moved, a filter): it was worked out for groups no longer there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject

from simfind.core.cleanup.file_marks import mark_files
from simfind.core.cleanup.line_removal import repeats
from simfind.core.cleanup.marking import KeepRule, Marks
from simfind.core.records.collect import Record
from simfind.gui.groups_list.columns import FileColumns, markable
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.work.aside import Aside
from simfind.gui.work.tasks import TaskRunner

#: Fewer items shown than this are marked at once, on the GUI thread (2,000 took ~20 ms).
MARK_ASIDE_FROM = 2_000


@dataclass
class FoundMarks:
    """What a rule marks: the items marked in the order ``marked()`` gives, their keys,
    their sizes added up, and what the page tells of it (a rule's counts)."""

    items: list[Any]
    keys: set[Hashable]
    size: int
    marks: Marks | None = None


#: Works out the marks of the groups shown (the model's lists) and the model's columns.
MarkWork = Callable[[list[list[Any]], Any], FoundMarks]


def rule_marks(
    groups: list[list[Any]],
    model_columns: Any,
    rule: KeepRule,
    folder: Path | None,
    identical_only: bool,
) -> FoundMarks:
    """All but one file of each group marked by ``rule`` (no Qt: this runs on a pool thread),
    as ``simfind clean`` marks them (core.cleanup.file_marks): never a file in a reference
    folder, and a file changed since a saved result neither marked nor kept for another."""
    columns: FileColumns = model_columns
    found = mark_files(groups, rule, folder, identical_only, columns.protected, columns.stale)
    items = found.files
    return FoundMarks(
        items, {columns.key(m) for m in items}, sum(m.size for m in items), found.marks
    )


def marked_among(
    groups: Sequence[Sequence[Any]], model_columns: Any, wanted: Collection[Hashable]
) -> FoundMarks:
    """What ``GroupsModel.set_marked(wanted)`` marks, worked out from the groups shown:
    the keys that can be marked, and every item with one, group by group."""
    keys = markable(groups, model_columns, wanted)
    key = model_columns.key
    items = [m for members in groups for m in members if key(m) in keys]
    return FoundMarks(items, keys, 0)


def repeated_lines(records: Sequence[Record]) -> MarkWork:
    """Every line of each group marked but its first in the files' order (``repeats``)."""

    def work(groups: list[list[Any]], model_columns: Any) -> FoundMarks:
        wanted = repeats([[m.record for m in members] for members in groups], records)
        return marked_among(groups, model_columns, wanted)

    return work


class Marker(QObject):
    """Asks for marks and takes the latest answer, if its groups are still shown.

    ``running_changed`` says when marking begins and ends (the pages show it)."""

    def __init__(
        self, model: GroupsModel, tasks: TaskRunner, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.aside = Aside(tasks, self)
        self.running_changed = self.aside.running_changed

    @property
    def running(self) -> bool:
        """Answers still to come (to be taken or dropped)."""
        return self.aside.running

    def mark(self, work: MarkWork, done: Callable[[FoundMarks], None] = lambda _: None) -> None:
        """Mark what ``work`` finds in the groups shown: now where the items shown are few,
        else when the pool thread's answer comes (``done`` hears of it then)."""
        version = self.model.shown_version
        groups = self.model.shown_lists()
        columns = self.model.columns

        def take(found: FoundMarks) -> None:
            self.model.take_marks(found.items, found.keys, found.size)
            done(found)

        self.aside.run(
            lambda: work(groups, columns),
            take,
            still=lambda: version == self.model.shown_version,
            now=sum(map(len, groups)) < MARK_ASIDE_FROM,
        )

    def mark_by_rule(
        self,
        rule: KeepRule,
        folder: Path | None,
        identical_only: bool,
        done: Callable[[FoundMarks], None],
    ) -> None:
        """Mark all but one in each group shown by ``rule``."""
        self.mark(
            lambda groups, columns: rule_marks(groups, columns, rule, folder, identical_only),
            done,
        )

    def drop(self) -> None:
        """Any answer under way is not to be taken (the marks were set otherwise since)."""
        self.aside.drop()


__all__ = [
    "MARK_ASIDE_FROM",
    "FoundMarks",
    "Marker",
    "marked_among",
    "repeated_lines",
    "rule_marks",
]

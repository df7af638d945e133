"""A saved result cleaned up by a rule, with no window: what ``simfind clean`` plans and does.

The plan (``plan_clean``) takes a reopened result (reopening.py: its files looked at by
their size, time and inode, the ignore list applied) and first reads the files the
result knows identical to another (since.hash_check): a copy tool may keep a file's
time through an edit. Then the window's rule marks the files (cleanup.file_marks), the
files that changed or vanished since left out, neither marked nor kept for another:

* ``act``: each file to trash, move or replace by a link, with the file kept for it;
* ``left``: each file the rule would have marked in the result as saved that changed or
  vanished since: left where it is, and listed.

``carry_out`` then acts through the window's own executor (cleanup.moves.execute,
cleanup.hard_links.replace_by_links), which looks at each file and at the files kept
for it once more immediately before it acts, against what the result says of them
(size, time, inode; the bytes for a link), never losing a save another program makes
meanwhile, and logs every outcome in the journal the window writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from simfind.core.cleanup.checks import Seen
from simfind.core.cleanup.file_marks import candidate, mark_files, present
from simfind.core.cleanup.hard_links import LinkPair, pair_with_kept, replace_by_links
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import (
    Action,
    MovePlan,
    MoveProgress,
    MoveReport,
    PlannedFile,
    Trasher,
    execute,
    plan_files,
)
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.groups.group import Member
from simfind.core.groups.since import LookProgress, SinceSaved, hash_check, identical_files
from simfind.core.runs.progress import CancelToken
from simfind.core.scan.rank import Match


@dataclass(frozen=True)
class CleanRequest:
    """What the user asked: an action, the rule that chooses the file kept."""

    action: Action
    rule: KeepRule
    #: For KeepRule.IN_FOLDER: the folder whose file is kept.
    keep_in: Path | None = None
    #: For Action.MOVE: where the files go (each keeps its folders below it).
    destination: Path | None = None
    #: Only files with the same bytes as another of their group.
    only_identical: bool = False
    #: For Action.LINK: link to kept files in reference folders too (the user agreed).
    tie_to_reference: bool = False


@dataclass(frozen=True)
class Planned:
    """A file to act on, with the file kept for it (None: none is, it would not be linked)."""

    file: Match
    kept: Path | None


@dataclass
class CleanPlan:
    request: CleanRequest
    act: list[Planned] = field(default_factory=list)
    #: Files the rule marks in the result as saved that changed or vanished since.
    left: list[tuple[Match, SinceSaved]] = field(default_factory=list)
    #: Files that changed or vanished that the rule would have kept.
    stale_kept: list[tuple[Match, SinceSaved]] = field(default_factory=list)
    #: Groups with no file in the rule's folder (KeepRule.IN_FOLDER): left as they are.
    without_keeper: int = 0
    #: Each file to act on with the files kept for it (cleanup.moves.PlannedFile).
    files: tuple[PlannedFile, ...] = ()
    #: For Action.LINK: each file with the file it becomes a link to.
    pairs: list[LinkPair] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(p.file.size for p in self.act)


def plan_clean(
    result: GroupsResult,
    request: CleanRequest,
    progress: LookProgress | None = None,
) -> CleanPlan:
    """What the request does to the result's groups now (``result.stale``: the files
    changed or vanished by their size and time; the identical ones are read here too,
    and those whose bytes changed are added to it)."""
    groups = [g.members for g in result.groups]
    stale = result.stale
    hash_check([m for g in result.groups for m in identical_files(g)], stale, progress)

    def protected(member: Member) -> bool:
        return result.protected(member.match)

    def left_out(member: Member) -> bool:
        return member.path in stale

    rule, folder, identical = request.rule, request.keep_in, request.only_identical
    as_saved = mark_files(groups, rule, folder, identical, protected)
    now = mark_files(groups, rule, folder, identical, protected, left_out)
    plan = CleanPlan(request, without_keeper=now.marks.without_keeper)
    planned = {m.path for m in as_saved.files}
    plan.left = [(m.match, stale[m.path]) for m in as_saved.files if m.path in stale]
    plan.stale_kept = [
        (m, stale[m.path])
        for g in result.groups
        for m in g.files
        if m.path in stale and m.path not in planned
    ]
    marked = {m.path for m in now.files}
    taking_part = present(groups, protected, left_out).candidates
    # Each pair as the result says it was: the replacement checks both against that.
    saved = {m.path: m for g in result.groups for m in g.files}
    plan.pairs = [
        replace(
            pair,
            duplicate_seen=_seen(saved[pair.duplicate]),
            kept_seen=None if pair.kept is None else _seen(saved[pair.kept]),
        )
        for pair in pair_with_kept(taking_part, marked)
    ]
    kept_for = {pair.duplicate: pair.kept for pair in plan.pairs}
    plan.act = [Planned(m.match, kept_for.get(m.path)) for m in now.files]
    # Each file with the files kept for it, as the result says they were.
    plan.files = plan_files([candidate(m.match, False) for m in now.files], taking_part)
    return plan


def _seen(match: Match) -> Seen:
    """A file as the result says it was (its device is numbered anew at each mount)."""
    return Seen(match.path, match.size, match.mtime_ns, match.ino)


def carry_out(
    plan: CleanPlan,
    journal: Journal | None,
    trash: Trasher | None = None,
    progress: MoveProgress | None = None,
    cancel: CancelToken | None = None,
) -> MoveReport:
    """Act on the plan's files through the window's executor, each outcome logged."""
    request = plan.request
    if request.action is Action.LINK:
        return replace_by_links(plan.pairs, journal, progress, cancel, request.tie_to_reference)
    move = MovePlan(plan.files, request.action, request.destination, keep_folders=True)
    if trash is None:  # the system's
        return execute(move, journal=journal, progress=progress, cancel=cancel)
    return execute(move, journal=journal, trash=trash, progress=progress, cancel=cancel)


def targets(plan: CleanPlan) -> dict[Path, Path]:
    """For a move: the folder each file would go to (it keeps its folders below it)."""
    if plan.request.action is not Action.MOVE or not plan.files:
        return {}
    return MovePlan(plan.files, Action.MOVE, plan.request.destination, True).target_folders()


__all__ = ["CleanPlan", "CleanRequest", "Planned", "carry_out", "plan_clean", "targets"]

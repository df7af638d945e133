"""Moving files the user marked: to the system's trash or to a folder, logged, undoable.

Nothing here decides to move anything: a MovePlan is what the user confirmed,
and ``execute`` carries it out file by file. Each planned file carries the
files kept for it (the unmarked files of its group, ``plan_files``): before it
moves, it and each of them are looked at again, and it moves only if it is
still the file compared (size, modification time, and inode and device where
known) and none of them changed or vanished; unless the user saw it listed as
changed and confirmed it anyway (``accept_changed``). It moves by the checked
steps of transfer.py, so that a save another program makes meanwhile is never
lost: a file that changed meanwhile is left, listed. A file moved to a folder
never replaces another: a name already taken there gets " (2)", " (3)", ...
before its extension. Every outcome is appended to a CSV log in the user's
data folder (journal.py), and a move to a folder can be undone (``undo``),
file by file, never over a file that has since taken the original's place.
Nothing is ever deleted outright. Trashing goes through the system's trash
(send2trash), which takes the file by its name: a save that lands in the
instant between the last look and the trash goes to the trash with it, where
it can be restored.

A move to a folder may keep the files' folders (``MovePlan.keep_folders``): each
goes to the same place below the destination as it had below the nearest folder
that holds every file of the plan (``structure_root``), so that files of the same
name from different folders stay apart; the folders it makes there are removed
by its undo once they are empty again. Files replaced by hard links
(hard_links.py) are reported, logged and undone through the same records.

The plan is plain data, so that the command line's clean-up over a saved result
makes one as the window does and carries it out here.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path, PureWindowsPath

from simfind.core.base.errors import OsFailure
from simfind.core.cleanup.checks import Seen, look
from simfind.core.cleanup.journal import Journal, log
from simfind.core.cleanup.marking import Candidate
from simfind.core.cleanup.renames import free_name
from simfind.core.cleanup.reports import Action, Attributes, FileMove, MoveReport, Outcome
from simfind.core.cleanup.structure import kept_folders, make_folders, remove_empty, structure_root
from simfind.core.cleanup.transfer import ChangedMeanwhileError, move_file
from simfind.core.runs.progress import CancelToken


class FileState(str, Enum):
    """A planned file now, against what was scanned."""

    UNCHANGED = "unchanged"
    CHANGED = "changed"
    VANISHED = "vanished"
    #: The file is as scanned, a file kept for it is not (changed, or gone).
    KEPT_CHANGED = "kept-changed"


@dataclass(frozen=True)
class PlannedFile(Seen):
    """A file to move, as it was compared (checks.Seen), with the files kept for it."""

    #: The files of its group(s) that stay, as they were compared: it moves only while
    #: they are as they were.
    kept: tuple[Seen, ...] = ()


@dataclass(frozen=True)
class MovePlan:
    files: tuple[PlannedFile, ...]
    action: Action
    #: For Action.MOVE: where the files go.
    folder: Path | None = None
    #: For Action.MOVE: each file keeps its folders below ``structure_root`` there.
    keep_folders: bool = False

    def __post_init__(self) -> None:
        if self.action is Action.MOVE and self.folder is None:
            raise ValueError("a move needs a folder")
        if self.action in (Action.UNDO, Action.LINK):
            raise ValueError("an undo is made from a report, links from pairs (hard_links.py)")

    @property
    def structure_root(self) -> Path | None:
        """The folder whose tree the files keep below the destination (see structure_root)."""
        return structure_root([f.path for f in self.files]) if self.keep_folders else None

    def target_folders(self) -> dict[Path, Path]:
        """Where each file goes: the destination, or its folders kept below it."""
        assert self.folder is not None
        paths = [f.path for f in self.files]
        if not self.keep_folders:
            return dict.fromkeys(paths, self.folder)
        return {path: self.folder / below for path, below in kept_folders(paths).items()}

    @property
    def total_size(self) -> int:
        return sum(f.size for f in self.files)

    def changed(self) -> list[tuple[PlannedFile, FileState]]:
        """The files that are no longer as scanned (a look at each on disk)."""
        found: list[tuple[PlannedFile, FileState]] = []
        for planned in self.files:
            state = state_of(planned)
            if state is not FileState.UNCHANGED:
                found.append((planned, state))
        return found


def plan_files(
    marked: Sequence[Candidate], groups: Sequence[Sequence[Candidate]]
) -> tuple[PlannedFile, ...]:
    """Each marked file, once and in order, as scanned, with the files kept for it: the
    files of every group it is in that are not marked."""
    paths = {c.path for c in marked}
    kept: dict[Path, dict[Path, Seen]] = {}
    for group in groups:
        stays = {c.path: _seen(c) for c in group if c.path not in paths}
        for member in group:
            if member.path in paths:
                kept.setdefault(member.path, {}).update(stays)
    planned: dict[Path, PlannedFile] = {}
    for c in marked:
        theirs = tuple(kept.get(c.path, {}).values())
        planned.setdefault(c.path, PlannedFile(c.path, c.size, c.mtime_ns, c.ino, kept=theirs))
    return tuple(planned.values())


def _seen(candidate: Candidate) -> Seen:
    return Seen(candidate.path, candidate.size, candidate.mtime_ns, candidate.ino)


def _state(seen: Seen) -> FileState:
    """A file (a symbolic link: what it points to) against what was compared."""
    try:
        info = seen.path.lstat()
    except FileNotFoundError:
        return FileState.VANISHED
    except OSError:
        return FileState.CHANGED
    if not stat.S_ISREG(info.st_mode) and not stat.S_ISLNK(info.st_mode):
        return FileState.CHANGED
    if stat.S_ISLNK(info.st_mode):
        try:
            info = seen.path.stat()
        except OSError:
            return FileState.VANISHED
    return FileState.UNCHANGED if seen.holds(info) else FileState.CHANGED


def state_of(planned: PlannedFile) -> FileState:
    """The planned file now against what was compared, and then the files kept for it."""
    state = _state(planned)
    if state is FileState.UNCHANGED and any(
        _state(kept) is not FileState.UNCHANGED for kept in planned.kept
    ):
        return FileState.KEPT_CHANGED
    return state


def as_it_is_now(planned: PlannedFile) -> PlannedFile | None:
    """The file with its size and modification time now (None: it is gone).

    A plan made from this, once the user has seen the file listed as changed,
    moves it as it is now, and again not if it changes once more.
    """
    try:
        info = planned.path.stat()
    except OSError:
        return None
    return replace(planned, size=info.st_size, mtime_ns=info.st_mtime_ns, ino=0, dev=0)


# ---------------------------------------------------------------------------
# Moving one file without ever replacing another.


def move_without_replacing(source: Path, folder: Path, expected: Seen) -> Path:
    """Move the file ``expected`` describes into ``folder`` under its own name or the
    first free variant of it (transfer.move_file). Returns where it is now."""
    attempt = 1
    while True:
        target = free_name(folder, source.name, attempt)
        try:
            move_file(source, target, expected)
        except FileExistsError:
            attempt += 1
            continue
        return target


#: GetDriveTypeW's answer for a fixed disk: the only kind with a Recycle Bin.
_DRIVE_FIXED = 3


def restorable_on_windows(path: str, drive_type: Callable[[str], int]) -> bool:
    """Whether Windows' Recycle Bin can give back the file at ``path`` (``drive_type``:
    GetDriveTypeW of a drive's root). A network share (\\\\server\\share, or a mapped
    letter), a removable drive or a RAM disk has none: Windows deletes for good there."""
    text = path
    if text.startswith("\\\\?\\"):  # a long path's prefix
        text = text[4:]
        if text[:4].upper() == "UNC\\":
            return False
    drive = PureWindowsPath(text).drive
    if not drive or drive.startswith("\\\\"):
        return False
    return drive_type(drive + "\\") == _DRIVE_FIXED


def trash_can_restore(path: Path) -> bool:
    """Whether the system's trash can give back the file at ``path``: on Windows, when its
    drive has a Recycle Bin; elsewhere the trash library refuses by itself where it has
    no trash to put the file in (a freedesktop trash it cannot make, no Finder)."""
    if sys.platform != "win32":
        return True
    import ctypes

    return restorable_on_windows(os.path.abspath(path), ctypes.windll.kernel32.GetDriveTypeW)


def _trash(path: Path) -> None:
    from send2trash import send2trash  # imported when needed: it reads the environment once

    send2trash(os.fspath(path))


# ---------------------------------------------------------------------------
# Carrying out a plan, and undoing a move.

Trasher = Callable[[Path], None]
#: Progress of a move: (files done, files in all).
MoveProgress = Callable[[int, int], None]


def execute(
    plan: MovePlan,
    accept_changed: Collection[Path] = (),
    journal: Journal | None = None,
    trash: Trasher = _trash,
    progress: MoveProgress | None = None,
    cancel: CancelToken | None = None,
) -> MoveReport:
    """Move the plan's files one by one; each outcome recorded and logged."""
    report = MoveReport(plan.action, plan.folder)
    accepted = set(accept_changed)
    targets = plan.target_folders() if plan.action is Action.MOVE else {}
    total = len(plan.files)
    for done, planned in enumerate(plan.files):
        if cancel is not None and cancel.is_set():
            report.records.append(FileMove(planned.path, None, Outcome.CANCELLED, planned.size))
            continue
        target = targets.get(planned.path)
        accept = planned.path in accepted
        report.records.append(_move_one(plan, planned, accept, trash, target, report.created))
        if progress is not None:
            progress(done + 1, total)
    # Folders made for files that did not move after all: nothing to undo there.
    left = set(remove_empty(report.created))
    report.created = [f for f in report.created if f not in left]
    log(report, journal)
    return report


def _move_one(
    plan: MovePlan,
    planned: PlannedFile,
    accepted: bool,
    trash: Trasher,
    target: Path | None,
    created: list[Path],
) -> FileMove:
    path, size = planned.path, planned.size
    state = state_of(planned)
    if state is FileState.VANISHED:
        return FileMove(path, None, Outcome.VANISHED, size)
    if state is FileState.CHANGED and not accepted:
        return FileMove(path, None, Outcome.CHANGED, size)
    if state is FileState.KEPT_CHANGED:
        return FileMove(path, None, Outcome.KEPT_CHANGED, size)
    expected = planned if state is FileState.UNCHANGED else _as_now(planned)
    folder = plan.folder
    try:
        if expected is None:
            return FileMove(path, None, Outcome.VANISHED, size)
        if plan.action is Action.TRASH:
            if not trash_can_restore(path):
                return FileMove(path, None, Outcome.NO_TRASH, size)
            trash(path)
            return FileMove(path, None, Outcome.DONE, size)
        assert folder is not None and target is not None
        if not folder.is_dir():
            return FileMove(path, folder, Outcome.NO_FOLDER, size)
        created += make_folders(folder, target.relative_to(folder))
        if _same_folder(path.parent, target):
            return FileMove(path, target, Outcome.IN_PLACE, size)
        moved_to = move_without_replacing(path, target, expected)
    except ChangedMeanwhileError as changed:
        outcome = Outcome.IN_USE if changed.in_use else Outcome.CHANGED
        return FileMove(path, None, outcome, size, aside=changed.aside)
    except FileNotFoundError:
        if folder is not None and path.exists() and not folder.is_dir():
            return FileMove(path, folder, Outcome.NO_FOLDER, size)  # gone meanwhile
        return FileMove(path, None, Outcome.VANISHED, size)
    except OSError as exc:
        return FileMove(path, None, Outcome.FAILED, size, _reason(exc))
    return FileMove(path, moved_to, Outcome.DONE, size, moved=_identity(moved_to))


def _as_now(planned: PlannedFile) -> Seen | None:
    """A changed file the user confirmed: the file as it is now (what it points to, for a
    symbolic link), which alone moves (None: gone)."""
    try:
        info = planned.path.stat()
    except OSError:
        return None
    return Seen(planned.path, info.st_size, info.st_mtime_ns)


def _same_folder(first: Path, second: Path) -> bool:
    """Whether two folders are one (a move there would only rename the file)."""
    try:
        return first.samefile(second)
    except OSError:
        return False


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        info = path.lstat()
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns)


def _reason(exc: OSError) -> OsFailure:
    return OsFailure.of(exc)


def undo(
    report: MoveReport, journal: Journal | None = None, progress: MoveProgress | None = None
) -> MoveReport:
    """Put back every file a move took to a folder, where nothing has taken its place; the
    folders the move made go once they are empty again."""
    if report.action is not Action.MOVE:
        raise ValueError("only a move to a folder can be undone here")
    back = MoveReport(Action.UNDO, report.folder, undid=Action.MOVE)
    moved = [r for r in report.records if r.outcome is Outcome.DONE and r.destination]
    for done, record in enumerate(moved):
        back.records.append(_put_back(record))
        if progress is not None:
            progress(done + 1, len(moved))
    remove_empty(report.created)
    log(back, journal)
    return back


def _put_back(record: FileMove) -> FileMove:
    assert record.destination is not None
    here, there = record.destination, record.source
    info = look(here)
    if info is None:
        return FileMove(here, there, Outcome.VANISHED, record.size)
    if record.moved is not None and _identity(here) != record.moved:
        return FileMove(here, there, Outcome.REPLACED, record.size)
    ino, size, mtime_ns = record.moved or (info.st_ino, info.st_size, info.st_mtime_ns)
    try:
        there.parent.mkdir(parents=True, exist_ok=True)
        move_file(here, there, Seen(here, size, mtime_ns, ino))
    except ChangedMeanwhileError:
        return FileMove(here, there, Outcome.REPLACED, record.size)
    except FileExistsError:
        return FileMove(here, there, Outcome.OCCUPIED, record.size)
    except FileNotFoundError:
        return FileMove(here, there, Outcome.VANISHED, record.size)
    except OSError as exc:
        return FileMove(here, there, Outcome.FAILED, record.size, _reason(exc))
    return FileMove(here, there, Outcome.DONE, record.size)


# The records of what was done live in reports.py (journal.py writes them without
# importing this module); they are named here too, where every clean-up starts.
__all__ = [
    "Action",
    "Attributes",
    "FileMove",
    "FileState",
    "MovePlan",
    "MoveReport",
    "Outcome",
    "PlannedFile",
    "as_it_is_now",
    "execute",
    "move_without_replacing",
    "plan_files",
    "restorable_on_windows",
    "state_of",
    "trash_can_restore",
    "undo",
]

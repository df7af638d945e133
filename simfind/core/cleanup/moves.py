"""Moving files the user marked: to the system's trash or to a folder, logged, undoable.

Nothing here decides to move anything: a MovePlan is what the user confirmed,
and ``execute`` carries it out file by file. Before each file moves it is
looked at again: one that changed since it was scanned (size or modification
time), or vanished, is skipped, unless the user saw it listed as changed and
confirmed it anyway (``accept_changed``). A file moved to a folder never
replaces another: a name already taken there gets " (2)", " (3)", ... before
its extension, and the new name is claimed atomically. Every outcome is
appended to a CSV log in the user's data folder (``Journal``), and a move to
a folder can be undone (``undo``), file by file, never over a file that has
since taken the original's place. Nothing is ever deleted outright.
"""

from __future__ import annotations

import csv
import errno
import os
import shutil
import stat
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path, PureWindowsPath

import platformdirs

from simfind.core.base.errors import OsFailure
from simfind.core.report.export import safe_cell
from simfind.core.runs.progress import CancelToken


class Action(str, Enum):
    TRASH = "trash"
    MOVE = "move"
    UNDO = "undo"


class FileState(str, Enum):
    """A planned file now, against what was scanned."""

    UNCHANGED = "unchanged"
    CHANGED = "changed"
    VANISHED = "vanished"


class Outcome(str, Enum):
    DONE = "done"
    #: Not moved: changed since the scan and not confirmed again.
    CHANGED = "changed"
    #: Not moved: no longer there.
    VANISHED = "vanished"
    #: Not moved back: another file now has the original's name (undo).
    OCCUPIED = "occupied"
    #: Not moved: the system refused (``error`` says why).
    FAILED = "failed"
    #: Not moved: the user cancelled before its turn.
    CANCELLED = "cancelled"
    #: Not moved: the folder to move it into is no longer there (``destination``).
    NO_FOLDER = "no-folder"
    #: Not moved back: the file where it was moved is not the one moved (undo).
    REPLACED = "replaced"
    #: Not trashed: its drive has no trash that could give it back (a network share or
    #: a removable drive on Windows, where "to the trash" would delete it for good).
    NO_TRASH = "no-trash"


@dataclass(frozen=True)
class PlannedFile:
    """A file to move, with its size and modification time as scanned."""

    path: Path
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class MovePlan:
    files: tuple[PlannedFile, ...]
    action: Action
    #: For Action.MOVE: where the files go.
    folder: Path | None = None

    def __post_init__(self) -> None:
        if self.action is Action.MOVE and self.folder is None:
            raise ValueError("a move needs a folder")
        if self.action is Action.UNDO:
            raise ValueError("an undo is made from a report, not planned")

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


@dataclass(frozen=True)
class FileMove:
    """One file of a move or an undo: where from, where to, and how it went."""

    source: Path
    #: Where it went (None for the trash: the system chooses, or when not moved).
    destination: Path | None
    outcome: Outcome
    size: int
    #: Why the system refused, for Outcome.FAILED.
    error: OsFailure | None = None
    #: The moved file as it was once moved (inode, size, modification time): undo puts
    #: back only that file.
    moved: tuple[int, int, int] | None = None


@dataclass
class MoveReport:
    action: Action
    #: For a move: the folder; for an undo: the folder the files came back from.
    folder: Path | None
    operation: str = field(default_factory=lambda: datetime.now().strftime("%Y%m%d-%H%M%S-%f"))
    records: list[FileMove] = field(default_factory=list)
    #: Where the log was written (None if it could not be: ``journal_error`` says why).
    journal: Path | None = None
    journal_error: OsFailure | None = None

    def count(self, outcome: Outcome = Outcome.DONE) -> int:
        return sum(1 for r in self.records if r.outcome is outcome)

    @property
    def bytes_moved(self) -> int:
        return sum(r.size for r in self.records if r.outcome is Outcome.DONE)

    @property
    def undoable(self) -> bool:
        return self.action is Action.MOVE and self.count() > 0


def state_of(planned: PlannedFile) -> FileState:
    try:
        info = planned.path.lstat()
    except FileNotFoundError:
        return FileState.VANISHED
    except OSError:
        return FileState.CHANGED
    if not stat.S_ISREG(info.st_mode) and not stat.S_ISLNK(info.st_mode):
        return FileState.CHANGED
    if stat.S_ISLNK(info.st_mode):
        try:
            info = planned.path.stat()
        except OSError:
            return FileState.VANISHED
    if (info.st_size, info.st_mtime_ns) != (planned.size, planned.mtime_ns):
        return FileState.CHANGED
    return FileState.UNCHANGED


def as_it_is_now(planned: PlannedFile) -> PlannedFile | None:
    """The file with its size and modification time now (None: it is gone).

    A plan made from this, once the user has seen the file listed as changed,
    moves it as it is now, and again not if it changes once more.
    """
    try:
        info = planned.path.stat()
    except OSError:
        return None
    return PlannedFile(planned.path, info.st_size, info.st_mtime_ns)


# ---------------------------------------------------------------------------
# Moving one file without ever replacing another.


def free_name(folder: Path, name: str, attempt: int) -> Path:
    """The ``attempt``-th name tried for ``name`` in ``folder``: name, "stem (2).ext", ..."""
    if attempt == 1:
        return folder / name
    stem, dot, suffix = name.rpartition(".")
    if not stem:  # no extension, or a name like ".profile"
        stem, dot, suffix = name, "", ""
    return folder / f"{stem} ({attempt}){dot}{suffix}"


_NO_HARD_LINK = (errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EMLINK, errno.EACCES, errno.EINVAL)


def _link_or_copy(source: Path, target: Path) -> None:
    """Make ``target`` the same file as ``source``; FileExistsError if it exists already.

    A hard link claims the name atomically on the same file system; elsewhere
    (another file system, or one without hard links) the bytes are copied into a
    file created exclusively.
    """
    if source.is_symlink():
        # A new link to what the old one meant: a relative one would point elsewhere.
        meaning = source.readlink()
        if not meaning.is_absolute():  # normpath, not resolve: the link's words, made whole
            meaning = Path(os.path.normpath(source.parent / meaning))
        target.symlink_to(meaning)
        return
    try:
        os.link(source, target, follow_symlinks=False)
        return
    except FileExistsError:
        raise
    except OSError as exc:
        # No hard link here: another file system (EXDEV), FAT and exFAT (EINVAL, EPERM).
        if exc.errno not in _NO_HARD_LINK:
            raise
    try:
        with source.open("rb") as reader, target.open("xb") as writer:
            shutil.copyfileobj(reader, writer, 1 << 20)
        shutil.copystat(source, target)
    except FileExistsError:
        raise
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def move_to(source: Path, target: Path) -> None:
    """Move ``source`` to ``target``; FileExistsError (and nothing moved) if that is taken."""
    _link_or_copy(source, target)
    try:
        source.unlink()
    except OSError:
        target.unlink(missing_ok=True)  # the original stays where it was
        raise


def move_without_replacing(source: Path, folder: Path) -> Path:
    """Move ``source`` into ``folder`` under its own name or the first free variant of it.

    Returns where it is now.
    """
    attempt = 1
    while True:
        target = free_name(folder, source.name, attempt)
        try:
            move_to(source, target)
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
    total = len(plan.files)
    for done, planned in enumerate(plan.files):
        if cancel is not None and cancel.is_set():
            report.records.append(FileMove(planned.path, None, Outcome.CANCELLED, planned.size))
            continue
        report.records.append(_move_one(plan, planned, planned.path in accepted, trash))
        if progress is not None:
            progress(done + 1, total)
    _log(report, journal)
    return report


def _move_one(plan: MovePlan, planned: PlannedFile, accepted: bool, trash: Trasher) -> FileMove:
    state = state_of(planned)
    if state is FileState.VANISHED:
        return FileMove(planned.path, None, Outcome.VANISHED, planned.size)
    if state is FileState.CHANGED and not accepted:
        return FileMove(planned.path, None, Outcome.CHANGED, planned.size)
    folder = plan.folder
    try:
        if plan.action is Action.TRASH:
            if not trash_can_restore(planned.path):
                return FileMove(planned.path, None, Outcome.NO_TRASH, planned.size)
            trash(planned.path)
            return FileMove(planned.path, None, Outcome.DONE, planned.size)
        assert folder is not None
        if not folder.is_dir():
            return FileMove(planned.path, folder, Outcome.NO_FOLDER, planned.size)
        target = move_without_replacing(planned.path, folder)
    except FileNotFoundError:
        if folder is not None and planned.path.exists() and not folder.is_dir():
            return FileMove(planned.path, folder, Outcome.NO_FOLDER, planned.size)  # gone meanwhile
        return FileMove(planned.path, None, Outcome.VANISHED, planned.size)
    except OSError as exc:
        return FileMove(planned.path, None, Outcome.FAILED, planned.size, _reason(exc))
    return FileMove(planned.path, target, Outcome.DONE, planned.size, moved=_identity(target))


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
    """Put back every file a move took to a folder, where nothing has taken its place."""
    if report.action is not Action.MOVE:
        raise ValueError("only a move to a folder can be undone")
    back = MoveReport(Action.UNDO, report.folder)
    moved = [r for r in report.records if r.outcome is Outcome.DONE and r.destination]
    for done, record in enumerate(moved):
        assert record.destination is not None
        here, there = record.destination, record.source
        if record.moved is not None and _identity(here) not in (record.moved, None):
            back.records.append(FileMove(here, there, Outcome.REPLACED, record.size))
            if progress is not None:
                progress(done + 1, len(moved))
            continue
        try:
            there.parent.mkdir(parents=True, exist_ok=True)
            move_to(here, there)
        except FileExistsError:
            back.records.append(FileMove(here, there, Outcome.OCCUPIED, record.size))
        except FileNotFoundError:
            back.records.append(FileMove(here, there, Outcome.VANISHED, record.size))
        except OSError as exc:
            back.records.append(FileMove(here, there, Outcome.FAILED, record.size, _reason(exc)))
        else:
            back.records.append(FileMove(here, there, Outcome.DONE, record.size))
        if progress is not None:
            progress(done + 1, len(moved))
    _log(back, journal)
    return back


# ---------------------------------------------------------------------------
# The log.

JOURNAL_COLUMNS = (
    "time",
    "operation",
    "action",
    "outcome",
    "source",
    "destination",
    "size",
    "error",
)


def default_journal_path() -> Path:
    """moves.csv in the user's data folder for simfind ($SIMFIND_DATA_DIR overrides it)."""
    override = os.environ.get("SIMFIND_DATA_DIR")
    folder = Path(override) if override else platformdirs.user_data_path("simfind", appauthor=False)
    return folder / "moves.csv"


@dataclass
class Journal:
    """An append-only CSV log of every file moved, trashed or put back."""

    path: Path = field(default_factory=default_journal_path)

    def append(self, report: MoveReport) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        new = not self.path.exists() or self.path.stat().st_size == 0
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        # A BOM at the start of a new log, so that Excel reads Chinese names.
        encoding = "utf-8-sig" if new else "utf-8"
        with self.path.open("a", encoding=encoding, newline="") as out:
            writer = csv.writer(out, lineterminator="\r\n")
            if new:
                writer.writerow(JOURNAL_COLUMNS)
            for record in report.records:
                writer.writerow(
                    [
                        safe_cell(value)
                        for value in (
                            stamp,
                            report.operation,
                            report.action.value,
                            record.outcome.value,
                            os.fspath(record.source),
                            "" if record.destination is None else os.fspath(record.destination),
                            record.size,
                            "" if record.error is None else record.error.strerror,
                        )
                    ]
                )
            out.flush()
            os.fsync(out.fileno())

    def read(self) -> list[dict[str, str]]:
        """Every row logged so far."""
        if not self.path.exists():
            return []
        with self.path.open(encoding="utf-8-sig", newline="") as source:
            return list(csv.DictReader(source))


def _log(report: MoveReport, journal: Journal | None) -> None:
    if journal is None:
        return
    try:
        journal.append(report)
    except OSError as exc:
        report.journal_error = _reason(exc)
    else:
        report.journal = journal.path

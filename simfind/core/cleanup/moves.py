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

A move to a folder may keep the files' folders (``MovePlan.keep_folders``): each
goes to the same place below the destination as it had below the nearest folder
that holds every file of the plan (``structure_root``), so that files of the same
name from different folders stay apart; the folders it makes there are removed
by its undo once they are empty again. Files replaced by hard links
(hard_links.py) are reported, logged and undone through the same records.
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
from simfind.core.base.paths import format_time
from simfind.core.cleanup.structure import kept_folders, make_folders, remove_empty, structure_root
from simfind.core.report.export import safe_cell
from simfind.core.runs.progress import CancelToken


class Action(str, Enum):
    TRASH = "trash"
    MOVE = "move"
    #: Duplicates replaced by hard links to the file kept (hard_links.py).
    LINK = "link"
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
    #: Not moved: it is in the folder it would move to already.
    IN_PLACE = "in-place"
    #: Not linked: its bytes are not the kept file's now (hard_links.py).
    DIFFERENT = "different"
    #: Not linked: it is on another file system than the kept file; hard links cannot cross.
    OTHER_DEVICE = "other-device"
    #: Not linked: it is a hard link to the kept file already.
    LINKED_ALREADY = "linked-already"
    #: Not linked: no file of its group is kept, or the kept file is no longer there.
    NO_KEPT = "no-kept"
    #: Not linked: not a regular file (a symbolic link, a folder).
    NOT_A_FILE = "not-a-file"
    #: Not linked: its file system cannot make hard links (FAT, exFAT, many network shares).
    NO_HARD_LINKS = "no-hard-links"


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
    #: The file's permissions and times before it was replaced by a hard link (its undo
    #: gives them back), or as they were put back.
    attributes: Attributes | None = None


@dataclass(frozen=True)
class Attributes:
    """What a file replaced by a hard link had of its own: its permission bits and times."""

    mode: int
    atime_ns: int
    mtime_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Attributes:
        return cls(stat.S_IMODE(info.st_mode), info.st_atime_ns, info.st_mtime_ns)


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
    #: The folders a move made below its destination, parents first; its undo removes
    #: those empty again.
    created: list[Path] = field(default_factory=list)
    #: For an undo: what it undid (Action.MOVE or Action.LINK).
    undid: Action | None = None
    #: For Action.LINK: the space the links freed (a file's bytes count once its last
    #: other name is a link).
    freed: int = 0

    def count(self, outcome: Outcome = Outcome.DONE) -> int:
        return sum(1 for r in self.records if r.outcome is outcome)

    @property
    def bytes_moved(self) -> int:
        return sum(r.size for r in self.records if r.outcome is Outcome.DONE)

    @property
    def undoable(self) -> bool:
        return self.action in (Action.MOVE, Action.LINK) and self.count() > 0


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


NO_HARD_LINK = (errno.EXDEV, errno.EPERM, errno.ENOTSUP, errno.EMLINK, errno.EACCES, errno.EINVAL)


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
        if exc.errno not in NO_HARD_LINK:
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
        assert folder is not None and target is not None
        if not folder.is_dir():
            return FileMove(planned.path, folder, Outcome.NO_FOLDER, planned.size)
        created += make_folders(folder, target.relative_to(folder))
        if _same_folder(planned.path.parent, target):
            return FileMove(planned.path, target, Outcome.IN_PLACE, planned.size)
        moved_to = move_without_replacing(planned.path, target)
    except FileNotFoundError:
        if folder is not None and planned.path.exists() and not folder.is_dir():
            return FileMove(planned.path, folder, Outcome.NO_FOLDER, planned.size)  # gone meanwhile
        return FileMove(planned.path, None, Outcome.VANISHED, planned.size)
    except OSError as exc:
        return FileMove(planned.path, None, Outcome.FAILED, planned.size, _reason(exc))
    return FileMove(planned.path, moved_to, Outcome.DONE, planned.size, moved=_identity(moved_to))


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
    if record.moved is not None and _identity(here) not in (record.moved, None):
        return FileMove(here, there, Outcome.REPLACED, record.size)
    try:
        there.parent.mkdir(parents=True, exist_ok=True)
        move_to(here, there)
    except FileExistsError:
        return FileMove(here, there, Outcome.OCCUPIED, record.size)
    except FileNotFoundError:
        return FileMove(here, there, Outcome.VANISHED, record.size)
    except OSError as exc:
        return FileMove(here, there, Outcome.FAILED, record.size, _reason(exc))
    return FileMove(here, there, Outcome.DONE, record.size)


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
    # A file replaced by a hard link: its own permissions (octal) and times, which its
    # undo gives back.
    "mode",
    "modified",
    "accessed",
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
        if not new:
            self._upgrade()
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
                            *_attribute_cells(record.attributes),
                        )
                    ]
                )
            out.flush()
            os.fsync(out.fileno())

    def _upgrade(self) -> None:
        """A log begun before the attributes' columns gets their names in its header (its
        rows leave them empty), rewritten whole and put in place at once."""
        with self.path.open(encoding="utf-8-sig", newline="") as source:
            columns = next(csv.reader([source.readline()]), [])
            if tuple(columns) != JOURNAL_COLUMNS[:8]:  # current already, or not simfind's
                return
            rest = source.read()
        upgraded = self.path.with_name(self.path.name + ".new")
        with upgraded.open("w", encoding="utf-8-sig", newline="") as out:
            csv.writer(out, lineterminator="\r\n").writerow(JOURNAL_COLUMNS)
            out.write(rest)
            out.flush()
            os.fsync(out.fileno())
        upgraded.replace(self.path)

    def read(self) -> list[dict[str, str]]:
        """Every row logged so far."""
        if not self.path.exists():
            return []
        with self.path.open(encoding="utf-8-sig", newline="") as source:
            return list(csv.DictReader(source, restval=""))


def _attribute_cells(attributes: Attributes | None) -> tuple[str, str, str]:
    if attributes is None:
        return ("", "", "")
    return (
        f"{attributes.mode:04o}",
        _time(attributes.mtime_ns),
        _time(attributes.atime_ns),
    )


def _time(ns: int) -> str:
    try:
        return datetime.fromtimestamp(ns / 1e9).astimezone().isoformat(timespec="microseconds")
    except (OverflowError, OSError, ValueError):  # past 9999 (tmpfs, xfs), before 1970 (Windows)
        return format_time(ns)


def log(report: MoveReport, journal: Journal | None) -> None:
    """Append the report to the journal; a failure to is kept in the report."""
    if journal is None:
        return
    try:
        journal.append(report)
    except OSError as exc:
        report.journal_error = _reason(exc)
    else:
        report.journal = journal.path

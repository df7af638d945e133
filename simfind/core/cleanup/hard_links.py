"""Duplicates replaced by hard links to the file kept: one copy on disk, every name kept.

The rule: a marked file is replaced only when its bytes are the kept file's,
compared byte by byte at the moment it is replaced (never from the scan), and
both lie on one file system (hard links cannot cross). A file that differs is
left as it is, and said so; the kept file itself is never written. The
replacement is atomic: a hard link to the kept file is made under a temporary
name in the duplicate's folder, then put in its place with ``os.replace``, so
that the name never points at nothing. Each file's permissions and times are
recorded (in the report and the log): the undo (``undo_links``) makes each an
independent copy again with them, where it is still a link to the kept file.

After the replacement the names share one file: editing one edits them all.
A file system without hard links (FAT, exFAT, many network shares) refuses,
file by file, and the file stays as it was.
"""

from __future__ import annotations

import errno
import itertools
import os
import stat
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from simfind.core.base.errors import OsFailure
from simfind.core.cleanup.marking import Candidate
from simfind.core.cleanup.moves import (
    NO_HARD_LINK,
    Action,
    Attributes,
    FileMove,
    Journal,
    MoveProgress,
    MoveReport,
    Outcome,
    log,
)
from simfind.core.runs.progress import CancelToken

#: How much of each file is compared at a time.
_CHUNK = 1 << 20


@dataclass(frozen=True)
class LinkPair:
    """A marked file and the file of its group it would become a link to (None: no file
    of its group is kept)."""

    duplicate: Path
    kept: Path | None
    size: int


def pair_with_kept(
    groups: Sequence[Sequence[Candidate]], marked: Collection[Path]
) -> list[LinkPair]:
    """Each marked file with the file kept in its group: an unmarked one with the same
    bytes as scanned where there is one, else the group's first unmarked file."""
    pairs = []
    seen: set[Path] = set()
    for group in groups:
        kept = [c for c in group if c.path not in marked]
        for candidate in group:
            if candidate.path not in marked or candidate.path in seen:
                continue
            seen.add(candidate.path)
            twin = next(
                (k for k in kept if candidate.digest and k.digest == candidate.digest),
                kept[0] if kept else None,
            )
            pairs.append(LinkPair(candidate.path, twin.path if twin else None, candidate.size))
    return pairs


@dataclass(frozen=True)
class LinkCheck:
    """A pair looked at before the confirmation: what replacing it would do."""

    pair: LinkPair
    #: Outcome.DONE: it would become a link; else why it would be left.
    verdict: Outcome
    error: OsFailure | None = None


@dataclass(frozen=True)
class LinkPreview:
    checks: list[LinkCheck]
    #: The space replacing the files would free.
    freed: int

    def count(self, verdict: Outcome = Outcome.DONE) -> int:
        return sum(1 for c in self.checks if c.verdict is verdict)


def _same_bytes(first: Path, second: Path) -> bool:
    with first.open("rb") as one, second.open("rb") as other:
        while True:
            a, b = one.read(_CHUNK), other.read(_CHUNK)
            if a != b:
                return False
            if not a:
                return True


def _check(pair: LinkPair) -> tuple[Outcome, os.stat_result | None, os.stat_result | None]:
    """Whether the pair can be linked now (Outcome.DONE), with both files' stat."""
    if pair.kept is None:
        return Outcome.NO_KEPT, None, None
    try:
        info = pair.duplicate.lstat()
    except FileNotFoundError:
        return Outcome.VANISHED, None, None
    if not stat.S_ISREG(info.st_mode):
        return Outcome.NOT_A_FILE, info, None
    try:
        kept = pair.kept.lstat()
    except FileNotFoundError:
        return Outcome.NO_KEPT, info, None
    if not stat.S_ISREG(kept.st_mode):
        return Outcome.NO_KEPT, info, kept
    if (info.st_dev, info.st_ino) == (kept.st_dev, kept.st_ino):
        return Outcome.LINKED_ALREADY, info, kept
    if info.st_dev != kept.st_dev:
        return Outcome.OTHER_DEVICE, info, kept
    if info.st_size != kept.st_size or not _same_bytes(pair.duplicate, pair.kept):
        return Outcome.DIFFERENT, info, kept
    return Outcome.DONE, info, kept


def look_at(pairs: Sequence[LinkPair], cancel: CancelToken | None = None) -> LinkPreview:
    """What replacing each file would do, now (their bytes read: off the GUI thread)."""
    checks = []
    # For each file's own inode: its links among those replaced, and all its links.
    inodes: dict[tuple[int, int], list[int]] = {}
    for pair in pairs:
        if cancel is not None and cancel.is_set():
            checks.append(LinkCheck(pair, Outcome.CANCELLED))
            continue
        try:
            verdict, info, _ = _check(pair)
        except OSError as exc:
            checks.append(LinkCheck(pair, Outcome.FAILED, OsFailure.of(exc)))
            continue
        checks.append(LinkCheck(pair, verdict))
        if verdict is Outcome.DONE and info is not None:
            seen = inodes.setdefault((info.st_dev, info.st_ino), [0, info.st_nlink, info.st_size])
            seen[0] += 1
    freed = sum(size for replaced, links, size in inodes.values() if replaced >= links)
    return LinkPreview(checks, freed)


def _temporary(folder: Path, name: str) -> Path:
    """A name for a new file beside ``name`` that is not taken yet (first tried)."""
    return folder / f".{name}.simfind-{os.getpid()}-{next(_numbers)}.tmp"


_numbers = itertools.count(1)


#: Windows' answers where a volume has no hard links: ERROR_INVALID_FUNCTION (FAT, exFAT),
#: ERROR_NOT_SUPPORTED (many network shares).
_NO_HARD_LINK_WINDOWS = (1, 50)


def _refused(exc: OSError) -> Outcome:
    """Why the system would not make a hard link, as an outcome."""
    if exc.errno == errno.EXDEV:  # one device number, two mounts (a bind mount)
        return Outcome.OTHER_DEVICE
    if exc.errno == errno.EACCES:  # a folder that cannot be written: the system's words
        return Outcome.FAILED
    if exc.errno in NO_HARD_LINK or getattr(exc, "winerror", None) in _NO_HARD_LINK_WINDOWS:
        return Outcome.NO_HARD_LINKS
    return Outcome.FAILED


def _link_one(pair: LinkPair, freed: dict[tuple[int, int], list[int]]) -> FileMove:
    path, size = pair.duplicate, pair.size
    try:
        verdict, info, kept = _check(pair)
    except OSError as exc:
        return FileMove(path, pair.kept, Outcome.FAILED, size, OsFailure.of(exc))
    if verdict is not Outcome.DONE:
        return FileMove(path, pair.kept, verdict, size)
    assert pair.kept is not None and info is not None and kept is not None
    while True:
        temporary = _temporary(path.parent, path.name)
        try:
            os.link(pair.kept, temporary, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as exc:
            return FileMove(path, pair.kept, _refused(exc), size, OsFailure.of(exc))
        break
    try:
        now = path.lstat()
        if (now.st_ino, now.st_size, now.st_mtime_ns) != (
            info.st_ino,
            info.st_size,
            info.st_mtime_ns,
        ):
            temporary.unlink()
            return FileMove(path, pair.kept, Outcome.CHANGED, size)
        temporary.replace(path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        if isinstance(exc, FileNotFoundError) and not path.exists():
            return FileMove(path, pair.kept, Outcome.VANISHED, size)
        return FileMove(path, pair.kept, Outcome.FAILED, size, OsFailure.of(exc))
    counted = freed.setdefault((info.st_dev, info.st_ino), [0, info.st_nlink, info.st_size])
    counted[0] += 1
    identity = (kept.st_ino, kept.st_size, kept.st_mtime_ns)
    return FileMove(
        path, pair.kept, Outcome.DONE, size, moved=identity, attributes=Attributes.of(info)
    )


def replace_by_links(
    pairs: Sequence[LinkPair],
    journal: Journal | None = None,
    progress: MoveProgress | None = None,
    cancel: CancelToken | None = None,
) -> MoveReport:
    """Replace each file that has the kept file's bytes now by a hard link to it; every
    outcome recorded and logged."""
    report = MoveReport(Action.LINK, None)
    freed: dict[tuple[int, int], list[int]] = {}
    for done, pair in enumerate(pairs):
        if cancel is not None and cancel.is_set():
            report.records.append(FileMove(pair.duplicate, pair.kept, Outcome.CANCELLED, pair.size))
            continue
        report.records.append(_link_one(pair, freed))
        if progress is not None:
            progress(done + 1, len(pairs))
    report.freed = sum(size for replaced, links, size in freed.values() if replaced >= links)
    log(report, journal)
    return report


def _copy_back(record: FileMove) -> FileMove:
    """The file ``record`` replaced by a link made an independent copy again."""
    path, kept, size = record.source, record.destination, record.size
    attributes = record.attributes
    assert kept is not None and attributes is not None and record.moved is not None
    try:
        info = path.lstat()
    except FileNotFoundError:
        return FileMove(kept, path, Outcome.VANISHED, size)
    except OSError as exc:
        return FileMove(kept, path, Outcome.FAILED, size, OsFailure.of(exc))
    if not stat.S_ISREG(info.st_mode) or info.st_ino != record.moved[0]:
        # Another file has the name now, or it was copied apart already: left as it is.
        return FileMove(kept, path, Outcome.REPLACED, size)
    temporary = _temporary(path.parent, path.name)
    try:
        with path.open("rb") as reader, temporary.open("xb") as writer:
            while chunk := reader.read(_CHUNK):
                writer.write(chunk)
        temporary.chmod(attributes.mode)
        os.utime(temporary, ns=(attributes.atime_ns, attributes.mtime_ns))
        temporary.replace(path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        return FileMove(kept, path, Outcome.FAILED, size, OsFailure.of(exc))
    return FileMove(kept, path, Outcome.DONE, size, attributes=attributes)


def undo_links(
    report: MoveReport, journal: Journal | None = None, progress: MoveProgress | None = None
) -> MoveReport:
    """Make every file the report replaced by a link an independent copy again, with its
    own permissions and modified time, where the name is still a link to the kept file."""
    if report.action is not Action.LINK:
        raise ValueError("only a replacement by links is undone here")
    back = MoveReport(Action.UNDO, None, undid=Action.LINK)
    linked = [r for r in report.records if r.outcome is Outcome.DONE]
    for done, record in enumerate(linked):
        back.records.append(_copy_back(record))
        if progress is not None:
            progress(done + 1, len(linked))
    log(back, journal)
    return back


__all__ = [
    "LinkCheck",
    "LinkPair",
    "LinkPreview",
    "look_at",
    "pair_with_kept",
    "replace_by_links",
    "undo_links",
]

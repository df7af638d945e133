"""Duplicates replaced by hard links to the file kept: one copy on disk, every name kept.

The rule: a marked file is replaced only when its bytes are the kept file's,
compared byte by byte at the moment it is replaced (never from the scan), and
both lie on one file system (hard links cannot cross). A file that differs is
left as it is, and said so; the kept file itself is never written. A pair
carries both files as the confirmation compared them (``LinkCheck.pair``):
either one changed since is left (``CHANGED``, ``KEPT_CHANGED``).

Another program may save either file at any moment (an editor writes a new
file and renames it over the name, or rewrites the file in place), so the
replacement checks what it acts on at each step and loses no save:

1. both files are opened and compared through their descriptors, each checked
   to be the file the name stood for and unchanged after the comparison;
2. a hard link to the kept file is made under a temporary name beside the
   duplicate, and checked to be the very file compared (a save of the kept file
   would make it another);
3. the duplicate's name is taken away to a temporary one (a rename, in one step:
   whatever file it stood for at that moment is then simfind's to look at), and
   looked at: it must be the duplicate as compared, and the kept file as compared
   still (their bytes compared again where a time is racy, checks.py), and
   neither open for writing in another program (checks.open_for_writing: a save
   into either after this look would be lost, or shown under both names). Else
   it goes back to its name, the link goes, and the file is left, listed;
4. the link is put in at the name without replacing (a save that made the name
   anew meanwhile stays), and what was taken is removed, held open across the
   removal: a program that had it open and wrote to it in that instant has its
   bytes put back at the name, and the file is left.

The name stands for no file for the few microseconds between steps 3 and 4. An
exchange of the two names (Linux's RENAME_EXCHANGE, macOS's RENAME_SWAP) would
avoid that, but it shows the kept file under the duplicate's name before what was
taken has been looked at: a save in place through the name in that instant is
written into the kept file (1 in 310 trials of benchmarks/stress_races.py).

Each file's permissions and times are recorded (in the report and the log): the
undo (``undo_links``) makes each an independent copy again with them, by the
same steps, where it is still a link to the kept file.

After the replacement the names share one file: editing one edits them all. A
kept file in a reference folder ("never to be touched") is therefore never
linked to unless the user agrees (``tie_to_reference``): ``look_at`` says
``REFERENCE_KEPT`` for it. A file system without hard links (FAT, exFAT, many
network shares) refuses, file by file, and the file stays as it was.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from simfind.core.base.errors import OsFailure
from simfind.core.cleanup.checks import (
    CHUNK,
    Seen,
    clock,
    look,
    open_for_writing,
    racy,
    same_bytes,
    same_bytes_at,
    same_file,
)
from simfind.core.cleanup.journal import Journal, log
from simfind.core.cleanup.marking import Candidate
from simfind.core.cleanup.moves import (
    Action,
    Attributes,
    FileMove,
    MoveProgress,
    MoveReport,
    Outcome,
)
from simfind.core.cleanup.renames import (
    NO_HARD_LINK,
    drop,
    give_back,
    holding,
    put_new,
    take_away,
    temporary_name,
)
from simfind.core.runs.progress import CancelToken


@dataclass(frozen=True)
class LinkPair:
    """A marked file and the file of its group it would become a link to (None: no file
    of its group is kept)."""

    duplicate: Path
    kept: Path | None
    size: int
    #: The kept file lies in a reference folder: a link would tie the two.
    kept_in_reference: bool = False
    #: Both files as they were compared before the confirmation (None: not yet).
    duplicate_seen: Seen | None = None
    kept_seen: Seen | None = None


def pair_with_kept(
    groups: Sequence[Sequence[Candidate]], marked: Collection[Path]
) -> list[LinkPair]:
    """Each marked file with the file kept in its group: an unmarked one with the same
    bytes as scanned where there is one, else the group's first unmarked file; a file
    outside the reference folders before one in them."""
    pairs = []
    seen: set[Path] = set()
    for group in groups:
        kept = [c for c in group if c.path not in marked]
        kept.sort(key=lambda c: c.protected)  # stable: the group's order otherwise
        for candidate in group:
            if candidate.path not in marked or candidate.path in seen:
                continue
            seen.add(candidate.path)
            twin = next(
                (k for k in kept if candidate.digest and k.digest == candidate.digest),
                kept[0] if kept else None,
            )
            if twin is not None and twin.protected:
                # The same bytes outside the reference folders are kept too: link to those.
                twin = next((k for k in kept if not k.protected), twin)
            pairs.append(
                LinkPair(
                    candidate.path,
                    twin.path if twin else None,
                    candidate.size,
                    kept_in_reference=twin is not None and twin.protected,
                )
            )
    return pairs


@dataclass(frozen=True)
class LinkCheck:
    """A pair looked at before the confirmation: what replacing it would do. ``pair``
    carries both files as compared now (what the replacement checks again)."""

    pair: LinkPair
    #: Outcome.DONE: it would become a link; else why it would be left
    #: (Outcome.REFERENCE_KEPT: it would, if the user agrees to tie it to the reference).
    verdict: Outcome
    error: OsFailure | None = None


@dataclass(frozen=True)
class LinkPreview:
    checks: list[LinkCheck]
    #: The space replacing the files would free.
    freed: int
    #: ... and with the files kept in reference folders linked to as well.
    freed_with_reference: int = 0

    def count(self, verdict: Outcome = Outcome.DONE) -> int:
        return sum(1 for c in self.checks if c.verdict is verdict)


@dataclass(frozen=True)
class _Compared:
    """A pair compared now: both files' fstat through the descriptors read, and when."""

    duplicate: os.stat_result
    kept: os.stat_result
    started: int


def _compare(pair: LinkPair, tie_to_reference: bool) -> tuple[Outcome, _Compared | None]:
    """Whether the pair can be linked now (Outcome.DONE), with both files as compared."""
    if pair.kept is None:
        return Outcome.NO_KEPT, None
    info = look(pair.duplicate)
    if info is None:
        return Outcome.VANISHED, None
    if not stat.S_ISREG(info.st_mode):
        return Outcome.NOT_A_FILE, None
    kept = look(pair.kept)
    if kept is None or not stat.S_ISREG(kept.st_mode):
        return Outcome.NO_KEPT, None
    if pair.duplicate_seen is not None and not pair.duplicate_seen.holds(info):
        return Outcome.CHANGED, None
    if pair.kept_seen is not None and not pair.kept_seen.holds(kept):
        return Outcome.KEPT_CHANGED, None
    if (info.st_dev, info.st_ino) == (kept.st_dev, kept.st_ino):
        return Outcome.LINKED_ALREADY, None
    if info.st_dev != kept.st_dev:
        return Outcome.OTHER_DEVICE, None
    if info.st_size != kept.st_size:
        return Outcome.DIFFERENT, None
    if pair.kept_in_reference and not tie_to_reference:
        return Outcome.REFERENCE_KEPT, None
    started = clock()
    with pair.duplicate.open("rb") as one, pair.kept.open("rb") as other:
        first, second = os.fstat(one.fileno()), os.fstat(other.fileno())
        if first.st_ino != info.st_ino:  # saved between the look and the opening
            return Outcome.CHANGED, None
        if second.st_ino != kept.st_ino:
            return Outcome.KEPT_CHANGED, None
        same = same_bytes(one, other)
        if not same_file(os.fstat(one.fileno()), first):
            return Outcome.CHANGED, None
        if not same_file(os.fstat(other.fileno()), second):
            return Outcome.KEPT_CHANGED, None
    if not same:
        return Outcome.DIFFERENT, None
    return Outcome.DONE, _Compared(first, second, started)


def _as_compared(pair: LinkPair, compared: _Compared | None) -> LinkPair:
    """The pair with both files as compared now, for the replacement to check again."""
    if compared is None or pair.kept is None:
        return pair
    return replace(
        pair,
        duplicate_seen=Seen.of(pair.duplicate, compared.duplicate),
        kept_seen=Seen.of(pair.kept, compared.kept),
    )


def look_at(pairs: Sequence[LinkPair], cancel: CancelToken | None = None) -> LinkPreview:
    """What replacing each file would do, now (their bytes read: off the GUI thread)."""
    checks = []
    # For each file's own inode: its links among those replaced, and all its links.
    inodes: dict[tuple[int, int], list[int]] = {}
    tied: dict[tuple[int, int], list[int]] = {}
    for pair in pairs:
        if cancel is not None and cancel.is_set():
            checks.append(LinkCheck(pair, Outcome.CANCELLED))
            continue
        try:
            verdict, compared = _compare(pair, tie_to_reference=True)
        except OSError as exc:
            checks.append(LinkCheck(pair, Outcome.FAILED, OsFailure.of(exc)))
            continue
        if verdict is Outcome.DONE and pair.kept_in_reference:
            verdict = Outcome.REFERENCE_KEPT
        checks.append(LinkCheck(_as_compared(pair, compared), verdict))
        if compared is not None:
            info = compared.duplicate
            for counted in (tied,) if pair.kept_in_reference else (inodes, tied):
                seen = counted.setdefault((info.st_dev, info.st_ino), [0, info.st_nlink, 0])
                seen[0] += 1
                seen[2] = info.st_size
    return LinkPreview(checks, _freed(inodes), _freed(tied))


def _freed(inodes: dict[tuple[int, int], list[int]]) -> int:
    """The bytes of the files all of whose names are replaced."""
    return sum(size for replaced, links, size in inodes.values() if replaced >= links)


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


def _may_go(taken: Path, pair: LinkPair, compared: _Compared) -> os.stat_result | Outcome:
    """Whether the file taken from the duplicate's name may go (its stat), or why not: it
    must be the duplicate as compared, and the kept file the kept file as compared, with
    the same bytes (read again where either time is racy)."""
    assert pair.kept is not None
    now = look(taken)
    if now is None or not same_file(now, compared.duplicate):
        return Outcome.CHANGED
    kept = look(pair.kept)
    if kept is None or not same_file(kept, compared.kept):
        return Outcome.KEPT_CHANGED
    recent = racy(compared.duplicate, compared.started) or racy(compared.kept, compared.started)
    if recent and not same_bytes_at(taken, pair.kept):
        return Outcome.CHANGED
    # A program with either open for writing could save into it after this look: into the
    # duplicate, which then goes; into the kept file, which the duplicate's name then shows.
    if (now.st_nlink == 1 and open_for_writing(taken)) or open_for_writing(pair.kept):
        return Outcome.IN_USE
    return now


def _swap_in(
    ours: Path, name: Path, may_go: Callable[[Path], os.stat_result | Outcome]
) -> tuple[Outcome, Path | None]:
    """Put our file (under a temporary name beside ``name``) at ``name`` in place of the
    file the name stood for: that is taken away first (a rename, in one step), and goes
    only where ``may_go`` finds it may (its stat as looked at), else it goes back to its
    name and ours goes. Returns the outcome and, where a file had to be kept beside its
    name under another ("notes (2).txt"), that name.

    Not an exchange of the two names: that would show ours under the name before what
    was taken is looked at, and a save in place through the name in that instant would
    be written into ours (the kept file, for a link; see the module's words).
    """
    mine = ours.lstat()
    try:
        taken = take_away(name)
    except FileNotFoundError:
        ours.unlink()
        return Outcome.VANISHED, None
    with holding(taken, name):
        looked = may_go(taken)
        if isinstance(looked, Outcome):
            back = give_back(taken, name)
            ours.unlink()
            return looked, None if back == name else back
        try:
            put_new(ours, name)
        except FileExistsError:  # a save made the name anew meanwhile: it stays
            ours.unlink()
            if drop(taken, looked):  # what may go: its bytes are the kept file's
                return Outcome.CHANGED, None
            return Outcome.CHANGED, give_back(taken, name)
        if drop(taken, looked):
            return Outcome.DONE, None
        # Written to since the look, by a program that held it open: it comes back.
        again = take_away(name)
        with holding(again, name):
            if again.lstat().st_ino == mine.st_ino:
                again.unlink()  # ours
            else:
                give_back(again, name)
        back = give_back(taken, name)
    return Outcome.CHANGED, None if back == name else back


def _link_one(
    pair: LinkPair, tie_to_reference: bool, freed: dict[tuple[int, int], list[int]]
) -> FileMove:
    path, size = pair.duplicate, pair.size
    try:
        verdict, compared = _compare(pair, tie_to_reference)
    except OSError as exc:
        return FileMove(path, pair.kept, Outcome.FAILED, size, OsFailure.of(exc))
    if verdict is not Outcome.DONE:
        return FileMove(path, pair.kept, verdict, size)
    assert pair.kept is not None and compared is not None
    temporary = temporary_name(path)
    try:
        os.link(pair.kept, temporary, follow_symlinks=False)
    except FileNotFoundError:  # the kept file was saved (or removed) since the comparison
        return FileMove(path, pair.kept, Outcome.KEPT_CHANGED, size)
    except OSError as exc:
        return FileMove(path, pair.kept, _refused(exc), size, OsFailure.of(exc))
    try:
        if temporary.lstat().st_ino != compared.kept.st_ino:  # saved since the comparison
            temporary.unlink()
            return FileMove(path, pair.kept, Outcome.KEPT_CHANGED, size)
        outcome, aside = _swap_in(temporary, path, lambda taken: _may_go(taken, pair, compared))
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        return FileMove(path, pair.kept, Outcome.FAILED, size, OsFailure.of(exc))
    if outcome is not Outcome.DONE:
        return FileMove(path, pair.kept, outcome, size, aside=aside)
    info, kept = compared.duplicate, compared.kept
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
    tie_to_reference: bool = False,
) -> MoveReport:
    """Replace each file that has the kept file's bytes now by a hard link to it; every
    outcome recorded and logged. ``tie_to_reference``: the user agreed to link files to
    kept files in reference folders too (else those are left: REFERENCE_KEPT)."""
    report = MoveReport(Action.LINK, None)
    freed: dict[tuple[int, int], list[int]] = {}
    for done, pair in enumerate(pairs):
        if cancel is not None and cancel.is_set():
            report.records.append(FileMove(pair.duplicate, pair.kept, Outcome.CANCELLED, pair.size))
            continue
        report.records.append(_link_one(pair, tie_to_reference, freed))
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
    temporary = temporary_name(path)
    try:
        if not _copy(path, info, temporary, attributes):
            return FileMove(kept, path, Outcome.CHANGED, size)

        def may_go(taken: Path) -> os.stat_result | Outcome:
            now = look(taken)  # the link to the kept file, as copied
            return now if now is not None and same_file(now, info) else Outcome.CHANGED

        outcome, aside = _swap_in(temporary, path, may_go)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        return FileMove(kept, path, Outcome.FAILED, size, OsFailure.of(exc))
    if outcome is not Outcome.DONE:
        return FileMove(kept, path, outcome, size, aside=aside)
    return FileMove(kept, path, Outcome.DONE, size, attributes=attributes)


def _copy(path: Path, info: os.stat_result, target: Path, attributes: Attributes) -> bool:
    """Copy the file at ``path`` (as ``info`` says it is) to a new file at ``target`` with
    these attributes; False (and no copy) where it is not that file, or changed meanwhile."""
    started = clock()
    with path.open("rb") as reader, target.open("xb") as writer:
        if not same_file(os.fstat(reader.fileno()), info):
            writer.close()
            target.unlink()
            return False
        while chunk := reader.read(CHUNK):
            writer.write(chunk)
    target.chmod(attributes.mode)
    os.utime(target, ns=(attributes.atime_ns, attributes.mtime_ns))
    now = look(path)
    unchanged = now is not None and same_file(now, info)
    if unchanged and racy(info, started):
        unchanged = same_bytes_at(path, target)
    if not unchanged:
        target.unlink()
    return unchanged


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

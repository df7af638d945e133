"""Each file of a saved result now, against what the result says of it.

A file is *unchanged* while its name holds a regular file of the size and modification
time (to the nanosecond) the result holds, and of its inode where both know one (an
editor's save makes a new file under the old name); else it *changed*, or it *vanished*
when nothing has its name. The device is not compared: it is numbered anew when a drive
is mounted again. ``look_now`` looks by those alone (one lstat a file, for the window
to show a result at once); ``hash_check`` also reads the bytes of the files the result
knows identical to another, whose time a copy tool may have kept (``cp -p``, rsync).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path

from simfind.core.groups.group import Group
from simfind.core.ignore.files import content_digest
from simfind.core.runs.progress import CancelToken
from simfind.core.scan.rank import Match

#: Reports how far a look is: (files done, files in all).
LookProgress = Callable[[int, int], None]

#: Files looked at between two reports of progress.
_EVERY = 1000

_POSIX = os.name == "posix"


class SinceSaved(str, Enum):
    """What became of a file since the result was saved (an unchanged file has none)."""

    #: Another size, time or file (inode) under its name, another content, or no longer a
    #: regular file; or it cannot be looked at.
    CHANGED = "changed"
    #: Nothing has its name now.
    VANISHED = "vanished"


def state_now(match: Match) -> SinceSaved | None:
    """The file now against the result (None: unchanged), by one lstat."""
    try:
        info = match.path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return SinceSaved.VANISHED
    except OSError:
        return SinceSaved.CHANGED
    if not stat.S_ISREG(info.st_mode):
        return SinceSaved.CHANGED
    if info.st_size != match.size or info.st_mtime_ns != match.mtime_ns:
        return SinceSaved.CHANGED
    if _POSIX and match.ino and info.st_ino != match.ino:
        return SinceSaved.CHANGED
    return None


def _files(groups: Iterable[Group]) -> list[Match]:
    """Each file of the groups once (a file may be in two groups after a regrouping)."""
    seen: dict[Path, Match] = {}
    for group in groups:
        for match in group.files:
            seen.setdefault(match.path, match)
    return list(seen.values())


def look_now(
    groups: Iterable[Group],
    progress: LookProgress | None = None,
    cancel: CancelToken | None = None,
) -> dict[Path, SinceSaved]:
    """The files of the groups that changed or vanished since (unchanged ones are left
    out), by path. A cancel leaves the files not looked at yet out too: call it only
    where the answer is then dropped."""
    files = _files(groups)
    found: dict[Path, SinceSaved] = {}
    for done, match in enumerate(files, start=1):
        state = state_now(match)
        if state is not None:
            found[match.path] = state
        if done % _EVERY == 0:
            if progress is not None:
                progress(done, len(files))
            if cancel is not None and cancel.is_set():
                break
    if progress is not None:
        progress(len(files), len(files))
    return found


def identical_files(group: Group) -> list[Match]:
    """The files of a group with the same hash as another of it (identical, as saved)."""
    counts: dict[bytes, int] = {}
    for match in group.files:
        if match.digest:
            counts[match.digest] = counts.get(match.digest, 0) + 1
    return [m for m in group.files if m.digest and counts[m.digest] > 1]


def hash_check(
    files: Iterable[Match],
    stale: dict[Path, SinceSaved],
    progress: LookProgress | None = None,
) -> None:
    """Read each file (not stale already) whose result holds its hash, and say in ``stale``
    those whose bytes are not what the result says (or that can no longer be read)."""
    chosen = [m for m in files if m.digest and m.path not in stale]
    for done, match in enumerate(chosen, start=1):
        try:
            same = content_digest(match.path) == match.digest
        except FileNotFoundError:
            stale[match.path] = SinceSaved.VANISHED
            continue
        except OSError:
            same = False
        if not same:
            stale[match.path] = SinceSaved.CHANGED
        if progress is not None and done % 100 == 0:
            progress(done, len(chosen))
    if progress is not None:
        progress(len(chosen), len(chosen))


__all__ = ["LookProgress", "SinceSaved", "hash_check", "identical_files", "look_now", "state_now"]

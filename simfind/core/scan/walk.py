"""Walk a folder: the regular files to fingerprint, and every other entry with a reason.

Nothing here opens a file for reading or writes anything: entries are only
stat-ed, so FIFOs, devices and sockets cannot block the walk.
"""

from __future__ import annotations

import os
import stat
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.errors import InputError, InputProblem, SkipCause, SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion

if TYPE_CHECKING:
    import pathspec


@cache
def _backend() -> str:
    """pathspec's backend: RE2 where google-re2 imports (imported only when a scan has patterns)."""
    try:  # RE2 matches in linear time; pathspec's "simple" backend is Python's re, which backtracks
        import re2  # noqa: F401
    except ImportError:  # a platform without a google-re2 wheel: correct, only slower
        return "simple"
    return "re2"


@dataclass(frozen=True)
class WalkOptions:
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    hidden: bool = False
    follow_links: bool = False
    #: Files (device, inode) left out as if they were not there: an output the user
    #: named inside the folder, written by this run.
    leave_out: frozenset[tuple[int, int]] = frozenset()


# Slots, not frozen: a rescan makes one per file, and a frozen dataclass's __init__
# costs five times as much (1.1 against 0.2 µs for ten fields). Never changed once made.
@dataclass(slots=True)
class FileEntry:
    """A regular file found in the folder."""

    path: Path
    rel: str
    size: int
    mtime_ns: int
    dev: int
    ino: int
    ctime_ns: int = 0  # see paths.FileVersion (0 where not used)


@dataclass(frozen=True)
class Skipped:
    """An entry that was not fingerprinted, and why."""

    path: Path
    rel: str
    reason: SkipReason
    detail: SkipDetail | None = None


@dataclass
class _Filters:
    include: Patterns | None
    exclude: Patterns | None
    hidden: bool
    seen_dirs: set[tuple[int, int]] = field(default_factory=set)
    #: Folders never entered (device, inode): simfind's own cache.
    own: frozenset[tuple[int, int]] = frozenset()
    #: Files never listed (device, inode): WalkOptions.leave_out.
    leave_out: frozenset[tuple[int, int]] = frozenset()

    def wanted(self, rel: str, is_dir: bool) -> bool:
        probe = rel + "/" if is_dir else rel
        if self.exclude is not None and self.exclude.match_file(probe):
            return False
        # Include patterns select files; folders are always entered.
        return is_dir or self.include is None or self.include.match_file(probe)

    def keeps_file(self, rel: str, info: os.stat_result) -> bool:
        """Whether a file (not a folder) is listed: the patterns want it, and it is not
        left out."""
        if (self.include is not None or self.exclude is not None) and not self.wanted(
            rel, is_dir=False
        ):
            return False
        return not (self.leave_out and (info.st_dev, info.st_ino) in self.leave_out)


def _is_text(text: str) -> bool:
    """Whether a name or pattern is Unicode text (google-re2 takes UTF-8 only): not one
    holding bytes that are not UTF-8 (os.fsdecode's surrogate escapes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _spec(patterns: tuple[str, ...], backend: str) -> pathspec.GitIgnoreSpec:
    import pathspec  # only here: a scan without patterns never needs it

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # e.g. FutureWarning: "Possible nested set"
        return pathspec.GitIgnoreSpec.from_lines(patterns, backend=backend)


class Patterns:
    """Include or exclude patterns as one matcher.

    Matching runs on RE2 (pathspec's re2 backend, google-re2), in time linear in
    the name: a pattern like ``*a*a*a*a*a*a*b`` took over a minute per long name
    with Python's backtracking regular expressions. A name (or pattern) holding bytes
    that are not UTF-8 is matched by Python's re: RE2 refused it, which stopped the walk.
    """

    def __init__(self, patterns: tuple[str, ...]) -> None:
        self._patterns = patterns
        backend = _backend() if all(_is_text(p) for p in patterns) else "simple"
        self._spec = _spec(patterns, backend)
        self._simple = self._spec if backend == "simple" else None

    def match_file(self, name: str) -> bool:
        try:
            return bool(self._spec.match_file(name))
        except UnicodeEncodeError:  # a name RE2 cannot take
            if self._simple is None:
                self._simple = _spec(self._patterns, "simple")
            return bool(self._simple.match_file(name))


def _unclosed_bracket(pattern: str) -> bool:
    """Whether a '[' opens a set no ']' closes: git matches no name with such a pattern
    (pathspec would read the '[' as itself), so it is a typing mistake, never a wish."""
    i, n = 0, len(pattern)
    while i < n:
        if pattern[i] == "\\":
            i += 2
            continue
        if pattern[i] == "[":
            j = i + 1
            if j < n and pattern[j] in "!^":
                j += 1
            if j < n and pattern[j] == "]":  # a ']' first in the set is one of its characters
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            if j >= n:
                return True
            i = j
        i += 1
    return False


def compile_patterns(patterns: tuple[str, ...]) -> Patterns | None:
    """The patterns as one matcher, or an InputError naming the first that is not valid."""
    if not patterns:
        return None
    for pattern in patterns:
        if _unclosed_bracket(pattern):
            raise InputError(InputProblem.BAD_PATTERN, text=pattern)
        try:
            Patterns((pattern,))
        except Exception as exc:  # pathspec's own errors and re.error alike
            raise InputError(InputProblem.BAD_PATTERN, text=pattern) from exc
    return Patterns(patterns)


#: Whether a file's status may say it is hidden (Windows' attribute), beside its name.
_HIDDEN_ATTRIBUTE = hasattr(os.stat_result, "st_file_attributes")
S_ISREG = stat.S_ISREG
_name = attrgetter("name")


def _file_entry(path: Path, rel: str, info: os.stat_result) -> FileEntry:
    """A regular file's entry from its status (the times as paths.FileVersion uses them)."""
    ctime_ns = FileVersion.of_stat(info).ctime_ns
    return FileEntry(path, rel, info.st_size, info.st_mtime_ns, info.st_dev, info.st_ino, ctime_ns)


def _is_hidden(name: str, entry_stat: os.stat_result | None) -> bool:
    if name.startswith("."):
        return True
    attributes = getattr(entry_stat, "st_file_attributes", 0) if entry_stat else 0
    return bool(attributes & getattr(stat, "FILE_ATTRIBUTE_HIDDEN", 0))


def walk(
    directory: Path,
    options: WalkOptions = WalkOptions(),
    own: frozenset[tuple[int, int]] = frozenset(),
) -> Iterator[FileEntry | Skipped]:
    """Every file below ``directory`` in a stable (sorted) order, depth first.

    The folders in ``own`` (device, inode) are simfind's: each is reported as
    skipped (SkipReason.OWN_CACHE) and never entered. Bad patterns raise an
    InputError here, before the walk starts.
    """
    include, exclude = compile_patterns(options.include), compile_patterns(options.exclude)
    filters = _Filters(include, exclude, options.hidden, own=own, leave_out=options.leave_out)
    return _walk(directory, filters, options)


def _walk(
    directory: Path, filters: _Filters, options: WalkOptions
) -> Iterator[FileEntry | Skipped]:
    root_stat = directory.stat()
    root = (root_stat.st_dev, root_stat.st_ino)
    if root in filters.own:
        yield Skipped(directory, ".", SkipReason.OWN_CACHE)
        return
    filters.seen_dirs.add(root)
    follow = options.follow_links
    # A stack of the folders being listed, not recursion: nesting of any depth the file
    # system allows is walked (Python's recursion limit stopped it about 495 deep).
    folders = [_walk_dir(directory, "", filters, follow)]
    while folders:
        for found in folders[-1]:
            if isinstance(found, _Folder):
                folders.append(_walk_dir(found.path, found.rel + "/", filters, follow))
                break  # its entries first; its parent's listing resumes after them
            yield found
        else:
            folders.pop()


def _parsed_child(folder: Path, name: str) -> Path:
    return folder / name


#: ``folder / name`` for a name from a directory listing (no separator in it). CPython's
#: pathlib has a method that skips parsing the name again (a walk of 16,000 files spent
#: a third of its time parsing); where it is missing, the plain division.
_child = getattr(Path, "_make_child_relpath", _parsed_child)


@dataclass(frozen=True, slots=True)
class _Folder:
    """A folder to walk next, in its place among its parent's entries."""

    path: Path
    rel: str


def _walk_dir(
    folder: Path, prefix: str, filters: _Filters, follow: bool
) -> Iterator[FileEntry | Skipped | _Folder]:
    """One folder's entries in order; each folder below it as a _Folder, for _walk to enter."""
    try:
        with os.scandir(folder) as iterator:
            entries = sorted(iterator, key=_name)
    except FileNotFoundError:
        yield Skipped(folder, prefix or ".", SkipReason.VANISHED)
        return
    except OSError as exc:
        detail = SkipDetail.of_os_error(exc)
        yield Skipped(folder, prefix or ".", SkipReason.UNREADABLE, detail)
        return
    # Regular files (most entries) here, without a generator of their own: a walk of
    # 100,000 files spent a third of its time in _visit's. Anything else goes to _visit.
    hidden = filters.hidden
    for entry in entries:
        name = entry.name
        rel = f"{prefix}{name}"
        try:
            info = entry.stat(follow_symlinks=False)  # the status _visit takes first, kept
        except OSError:
            info = None
        if info is None or not S_ISREG(info.st_mode) or (not hidden and name.startswith(".")):
            # A child of the folder's path: cheaper than parsing the whole path again.
            yield from _visit(entry, _child(folder, name), rel, filters, follow)
            continue
        if _HIDDEN_ATTRIBUTE and not hidden and _is_hidden(name, info):
            continue
        if filters.keeps_file(rel, info):
            yield _file_entry(_child(folder, name), rel, info)


def _visit(
    entry: os.DirEntry[str], path: Path, rel: str, filters: _Filters, follow: bool
) -> Iterator[FileEntry | Skipped | _Folder]:
    try:
        is_link = entry.is_symlink()
        own = entry.stat(follow_symlinks=False)
    except FileNotFoundError:
        yield Skipped(path, rel, SkipReason.VANISHED)
        return
    except OSError as exc:
        yield Skipped(path, rel, SkipReason.UNREADABLE, SkipDetail.of_os_error(exc))
        return
    if not filters.hidden and _is_hidden(entry.name, own):
        return
    info = own
    if is_link:
        if not follow:
            if filters.wanted(rel, is_dir=False):
                yield Skipped(path, rel, SkipReason.SYMLINK)
            return
        try:
            info = entry.stat(follow_symlinks=True)
        except FileNotFoundError:
            yield Skipped(path, rel, SkipReason.BROKEN_LINK)
            return
        except OSError as exc:
            # ELOOP: a link that points at itself, directly or through others.
            yield Skipped(path, rel, SkipReason.SYMLINK_LOOP, SkipDetail.of_os_error(exc))
            return
    if stat.S_ISDIR(info.st_mode):
        if not filters.wanted(rel, is_dir=True):
            return
        key = (info.st_dev, info.st_ino)
        if key in filters.own:
            yield Skipped(path, rel, SkipReason.OWN_CACHE)
            return
        if key in filters.seen_dirs:
            visited = SkipDetail(SkipCause.FOLDER_VISITED)
            yield Skipped(path, rel, SkipReason.SYMLINK_LOOP, visited)
            return
        filters.seen_dirs.add(key)
        yield _Folder(path, rel)
        return
    if not filters.keeps_file(rel, info):
        return
    if not stat.S_ISREG(info.st_mode):
        yield Skipped(path, rel, SkipReason.NOT_REGULAR)
        return
    yield _file_entry(path, rel, info)

"""A copy of a text file without some of its lines, written beside it: never in place.

The lines are numbered as records.lines numbers them (1-based, at ``\\r\\n``,
``\\r`` or ``\\n``); each goes with its own line break, so the lines kept keep
theirs (a file's mix of line endings, its missing last break). The copy is
in the file's own encoding, byte-order mark included, and only where that
is faithful: the file read again must be what the search read (its size and
time), and its text encoded again must give back its bytes; otherwise the
copy is refused and nothing is written.
"""

from __future__ import annotations

import codecs
import re
import stat
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import NotTextError, OsFailure
from simfind.core.records.collect import Record
from simfind.core.report.export import write_atomically
from simfind.core.text.encoding.decoding import decode_bytes

_BREAKS = re.compile(r"(\r\n|\r|\n)")
#: The byte-order marks an encoding's codec does not write itself, by encoding.
_MARKS = {
    "utf-16-le": codecs.BOM_UTF16_LE,
    "utf-16-be": codecs.BOM_UTF16_BE,
    "utf-32-le": codecs.BOM_UTF32_LE,
    "utf-32-be": codecs.BOM_UTF32_BE,
}


class Refusal(str, Enum):
    """Why no copy was written."""

    NOT_TEXT = "not-text"  # a document, or no longer text
    CHANGED = "changed"  # the file is not as the search read it
    NOT_FAITHFUL = "not-faithful"  # its text encoded again is not its bytes


class LineRemovalError(Exception):
    def __init__(self, refusal: Refusal, path: Path) -> None:
        super().__init__(f"{refusal.value}: {path}")
        self.refusal = refusal
        self.path = path


@dataclass(frozen=True)
class Removed:
    """A copy written: where, and how many lines it left out and kept."""

    source: Path
    target: Path
    removed: int
    kept: int


def copy_name(source: Path, label: str) -> Path:
    """A free name beside ``source``: "notes (label).txt", then "notes (label 2).txt"…"""
    for number in range(1, 10_000):
        suffix = label if number == 1 else f"{label} {number}"
        target = source.with_name(f"{source.stem} ({suffix}){source.suffix}")
        if not target.exists() and not target.is_symlink():
            return target
    raise FileExistsError(source)


def without_lines(
    source: Path,
    lines: Collection[int],
    label: str,
    read_as: tuple[int, int] | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Removed:
    """Write a copy of ``source`` without these lines (1-based) beside it.

    ``label`` names the copy (see ``copy_name``); ``read_as`` is the (size,
    modified time in ns) the lines were numbered from: a file changed since is
    refused. OSError where the file cannot be read or the copy written.
    """
    info = source.stat()  # read once, below: the size and time checked are the bytes'
    if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
        raise LineRemovalError(Refusal.NOT_TEXT, source)
    if read_as is not None and (info.st_size, info.st_mtime_ns) != read_as:
        raise LineRemovalError(Refusal.CHANGED, source)
    original = source.read_bytes()
    if len(original) != info.st_size:
        raise LineRemovalError(Refusal.CHANGED, source)  # written to as it was read
    try:
        decoded = decode_bytes(original)  # a document's bytes are no text: refused
    except NotTextError as exc:
        raise LineRemovalError(Refusal.NOT_TEXT, source) from exc
    mark = _MARKS.get(decoded.encoding, b"")
    if not original.startswith(mark):
        mark = b""
    if mark + decoded.text.encode(decoded.encoding) != original:
        raise LineRemovalError(Refusal.NOT_FAITHFUL, source)
    parts = _BREAKS.split(decoded.text)  # line, break, line, break, ..., last line
    unwanted = set(lines)
    kept: list[str] = []
    removed = count = 0
    for at in range(0, len(parts), 2):
        number = at // 2 + 1
        text, end = parts[at], parts[at + 1] if at + 1 < len(parts) else ""
        if at + 1 >= len(parts) and not text:
            break  # after the last line break: no line
        count += 1
        if number in unwanted:
            removed += 1
            continue
        kept.append(text + end)
    data = mark + "".join(kept).encode(decoded.encoding)
    target = copy_name(source, label)
    write_atomically(target, lambda stream: stream.write(data), encoding=None)  # type: ignore[arg-type]
    return Removed(source, target, removed, count - removed)


@dataclass(frozen=True)
class NotWritten:
    """A copy not written: which file, and why (a refusal, or what the system said)."""

    source: Path
    refusal: Refusal | None = None
    error: OsFailure | None = None


def copies_without(
    wanted: Sequence[tuple[Path, Collection[int], tuple[int, int] | None]], label: str
) -> list[Removed | NotWritten]:
    """``without_lines`` for each (file, its lines, as read), one answer each, in order."""
    answers: list[Removed | NotWritten] = []
    for source, numbers, read_as in wanted:
        try:
            answers.append(without_lines(source, numbers, label, read_as))
        except LineRemovalError as exc:
            answers.append(NotWritten(source, refusal=exc.refusal))
        except OSError as exc:
            answers.append(NotWritten(source, error=OsFailure.of(exc)))
    return answers


def marked_lines(records: Sequence[Record], marked: Iterable[int]) -> dict[int, set[int]]:
    """The lines the marked records stand for, by file (its index): what the copies leave
    out. A record in two groups (records.search.with_strays puts a line similar to one
    of two variants beside it) is one line, however many times it is marked."""
    lines: dict[int, set[int]] = {}
    for number in marked:
        record = records[number]
        lines.setdefault(record.file, set()).add(record.line)
    return lines


def repeats(groups: Sequence[Sequence[int]], records: Sequence[Record]) -> set[int]:
    """The records to leave out so that each group keeps one: its first in the files'
    order (their paths', then the lines'). A record some group keeps is never left out,
    so that a record in two groups cannot take the last of either with it."""
    kept = {min(group, key=lambda r: (records[r].file, records[r].line)) for group in groups}
    return {r for group in groups for r in group} - kept

"""The ignore list against files found: each file's side (its content and path), and the
files a scan's reference is set apart from."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import xxhash

from simfind.core.base.paths import absolute
from simfind.core.ignore.pairs import IgnoreList, Side
from simfind.core.scan.match import Match

if TYPE_CHECKING:  # (not loaded: a search for identical files needs none of the text engine)
    from simfind.core.scan.options import ScanResult

#: Read at a time when hashing a file.
_CHUNK = 1 << 20


def content_digest(path: str | os.PathLike[str]) -> bytes:
    """The hash of a regular file's bytes (xxh3-128, as reading.read_text's digest); raises
    OSError, also for what is not a regular file (never waits on a FIFO)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"not a regular file: {os.fspath(path)}")
        hasher = xxhash.xxh3_128()
        while chunk := os.read(fd, _CHUNK):
            hasher.update(chunk)
        return hasher.digest()
    finally:
        os.close(fd)


def side_of(path: Path, digest: bytes | None = None) -> Side | None:
    """A file's side: its content (hashed now where ``digest`` is not known; None where it
    cannot be read) and its absolute path."""
    if not digest:
        try:
            digest = content_digest(path)
        except OSError:
            return None
    return Side(digest, absolute(path))


def sides_of(matches: Sequence[Match]) -> list[Side | None]:
    """Each found file's side (its path is absolute already, as the walk gives it)."""
    return [Side(m.digest, m.path) if m.digest else side_of(m.path) for m in matches]


def apart_from_reference(result: ScanResult, ignored: IgnoreList) -> frozenset[Path]:
    """The paths of the files the list says are not duplicates of the scan's reference
    (none for a text given in its place, which is no file)."""
    reference = result.reference
    if not ignored or not isinstance(reference, Path) or not result.reference_digest:
        return frozenset()
    contents = ignored.contents()
    others = [
        m for m in result.matches if not m.is_reference and (not m.digest or m.digest in contents)
    ]
    rows = ignored.apart_from(Side(result.reference_digest, absolute(reference)), sides_of(others))
    return frozenset(others[row].path for row in rows)


__all__ = ["apart_from_reference", "content_digest", "side_of", "sides_of"]

"""The fingerprint cache's fourth table: each file's bytes hashed, as the search for
identical files hashed them, valid while size, times and inode agree.

By path alone, not by settings: a file's bytes are the same whatever it is compared
for. A row holds the hash of the file's first and last blocks, the hash of all its
bytes once that was needed, and what its first bytes say it is; a second search of an
unchanged folder reads no byte of it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.paths import FileVersion
from simfind.core.cache.outcomes import (
    FS_ENCODING,
    FS_ERRORS,
    path_key,
    read_version,
    stored_version,
)

if TYPE_CHECKING:
    from simfind.core.cache.store import CacheStore

#: The length of a hash kept (xxh3-128).
DIGEST_BYTES = 16


# Slots, not frozen, as walk.FileEntry: one per file on a second search. Never changed.
@dataclass(slots=True)
class CachedDigest:
    """A file's bytes hashed, as it was when read."""

    version: FileVersion
    #: The hash of its first and last blocks (identical.head_digest); None: not hashed.
    head: bytes | None
    #: The hash of all its bytes; None: not hashed.
    full: bytes | None
    #: What its first bytes say it is (sniff.container: zip, png, ...); "" for nothing known.
    kind: str = ""


#: A row whose hashes make sense: of their length (SQLite tells them, far faster than a
#: look at each in Python; the version's columns are checked as they are read). Others are
#: not used: their file is hashed again, and its row replaced.
_SOUND = (
    "typeof(kind) = 'text' "
    f"AND (head IS NULL OR (typeof(head) = 'blob' AND length(head) = {DIGEST_BYTES})) "
    f"AND (full IS NULL OR (typeof(full) = 'blob' AND length(full) = {DIGEST_BYTES}))"
)


def lookup_digests(store: CacheStore, folder: Path) -> dict[str, CachedDigest]:
    """Every file's hashes kept below ``folder``, in one query, keyed by its path relative
    to the folder as a walk spells it (``/`` between names)."""
    prefix = path_key(folder).rstrip(os.sep.encode()) + os.sep.encode()
    upper = prefix[:-1] + bytes([prefix[-1] + 1])
    rows = store.read(
        "SELECT path, size, mtime_ns, ino, ctime_ns, head, full, kind FROM digests "
        f"WHERE path >= ? AND path < ? AND {_SOUND}",
        (prefix, upper),
    )
    if rows is None:
        return {}
    start = len(prefix)
    found: dict[str, CachedDigest] = {}
    stored = FileVersion.stored
    for path, size, mtime_ns, ino, ctime_ns, head, full, kind in rows:
        try:
            rel = path[start:].decode(FS_ENCODING, FS_ERRORS)
        except UnicodeDecodeError:  # not a name os.fsencode made (Windows: UTF-8)
            continue
        if (
            type(size) is int
            and type(mtime_ns) is int
            and type(ino) is int
            and type(ctime_ns) is int
        ):
            version = stored(size, mtime_ns, ino, ctime_ns)
        else:  # a wide time (stored_version), or nonsense: hashed again
            wide = read_version(size, mtime_ns, ino, ctime_ns)
            if wide is None:
                continue
            version = wide
        found[rel] = CachedDigest(version, head, full, kind)
    if os.sep != "/":
        found = {rel.replace(os.sep, "/"): digest for rel, digest in found.items()}
    return found


def store_digests(
    store: CacheStore, digests: Iterable[tuple[str | os.PathLike[str], CachedDigest]]
) -> None:
    """Remember files' hashes, in one transaction; a failure is a warning, never an error."""
    rows = [
        # The version's columns size, mtime_ns, ino, ctime_ns (a time past 2262 as its digits).
        (path_key(path), *stored_version(d.version), d.head, d.full, d.kind)
        for path, d in digests
    ]
    store.write("INSERT OR REPLACE INTO digests VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)

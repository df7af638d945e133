"""The fingerprint cache's second table: what exact comparison needs of a file (its words'
hashes, and the normalised text of a very short one), as it was when prepared.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.paths import FileVersion
from simfind.core.cache.outcomes import path_key, read_version, stored_version

if TYPE_CHECKING:
    from simfind.core.cache.store import CacheStore

#: Paths per query when looking up prepared texts (SQLite's limit on parameters is 999).
_LOOKUP_CHUNK = 500
#: How long a worker's read waits on a writer's lock (seconds): past it, texts are read.
_READ_WAIT = 1.0


@dataclass(frozen=True)
class CachedPrepared:
    """What exact comparison needs of a file, as it was when prepared."""

    version: FileVersion
    normalized: str | None
    words: bytes


def lookup_prepared(
    store: CacheStore, paths: Iterable[str | os.PathLike[str]], settings: str
) -> dict[bytes, CachedPrepared]:
    """The prepared texts cached for these paths (keyed as ``key`` gives them); a
    cache that cannot be read answers nothing, with a warning."""
    keys = [path_key(path) for path in paths]
    found: dict[bytes, CachedPrepared] = {}
    bad: list[object] = []
    for start in range(0, len(keys), _LOOKUP_CHUNK):
        chunk = keys[start : start + _LOOKUP_CHUNK]
        rows = store.read(_query(len(chunk)), (settings, *chunk))
        if rows is None:
            return {}
        for row in rows:
            prepared = _prepared(row)
            if prepared is None:
                bad.append(row[0])
            else:
                found[bytes(row[0])] = prepared
    if bad:
        store.drop_rows(settings, bad, "prepared")
    return found


def _query(paths: int) -> str:
    return (
        "SELECT path, size, mtime_ns, ino, ctime_ns, CAST(normalized AS BLOB), words "
        f"FROM prepared WHERE settings = ? AND path IN ({','.join('?' * paths)})"
    )


class PreparedReader:
    """Prepared texts read straight from the cache's file, in a worker process.

    A read-only connection of its own, opened when first asked: the process that
    holds the cache (with its shared lock, so that it is not set aside meanwhile)
    writes, workers only read. Whatever cannot be read (a busy or damaged file, a
    damaged row) is simply not found: the text is read and prepared again.
    """

    def __init__(self, database: str) -> None:
        self.database = database
        self._db: sqlite3.Connection | None = None
        self._failed = False

    def lookup(self, paths: Sequence[str], settings: str) -> dict[bytes, CachedPrepared]:
        """The prepared texts cached for these paths, keyed as ``path_key`` gives them."""
        found: dict[bytes, CachedPrepared] = {}
        db = self._connection()
        if db is None:
            return found
        keys = [path_key(path) for path in paths]
        try:
            for start in range(0, len(keys), _LOOKUP_CHUNK):
                chunk = keys[start : start + _LOOKUP_CHUNK]
                for row in db.execute(_query(len(chunk)), (settings, *chunk)).fetchall():
                    prepared = _prepared(row)
                    if prepared is not None:
                        found[bytes(row[0])] = prepared
        except sqlite3.Error:
            return {}
        return found

    def _connection(self) -> sqlite3.Connection | None:
        if self._db is None and not self._failed:
            uri = f"{Path(self.database).absolute().as_uri()}?mode=ro"
            try:
                self._db = sqlite3.connect(uri, timeout=_READ_WAIT, uri=True)
            except sqlite3.Error:
                self._failed = True
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def store_prepared(
    store: CacheStore,
    settings: str,
    prepared: Iterable[tuple[str | os.PathLike[str], CachedPrepared]],
) -> None:
    """Remember prepared texts, in one transaction; a failure is a warning."""
    rows = [
        (path_key(path), settings, *stored_version(p.version), p.normalized, p.words)
        for path, p in prepared
    ]
    store.write("INSERT OR REPLACE INTO prepared VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _prepared(row: tuple[object, ...]) -> CachedPrepared | None:
    """A prepared text's row; None for a row that does not make sense (it is prepared again)."""
    _, size, mtime_ns, ino, ctime_ns, normalized, words = row
    version = read_version(size, mtime_ns, ino, ctime_ns)
    if version is None:
        return None
    if not isinstance(words, bytes) or len(words) % 4:
        return None  # verify.pack_tokens writes whole 8- and 4-byte values
    text = None
    if normalized is not None:
        if not isinstance(normalized, bytes):
            return None
        try:
            text = normalized.decode("utf-8")
        except UnicodeDecodeError:
            return None
    return CachedPrepared(version, text, words)

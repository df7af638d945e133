"""The fingerprint cache's second table: what exact comparison needs of a file (its words'
hashes, and the normalised text of a very short one), as it was when prepared.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from simfind.core.base.paths import FileVersion
from simfind.core.scan.cache_outcomes import path_key

if TYPE_CHECKING:
    from simfind.core.scan.cache_store import CacheStore

#: Paths per query when looking up prepared texts (SQLite's limit on parameters is 999).
_LOOKUP_CHUNK = 500


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
        query = (
            "SELECT path, size, mtime_ns, ino, ctime_ns, CAST(normalized AS BLOB), words "
            f"FROM prepared WHERE settings = ? AND path IN ({','.join('?' * len(chunk))})"
        )
        rows = store.read(query, (settings, *chunk))
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


def store_prepared(
    store: CacheStore,
    settings: str,
    prepared: Iterable[tuple[str | os.PathLike[str], CachedPrepared]],
) -> None:
    """Remember prepared texts, in one transaction; a failure is a warning."""
    rows = [(path_key(path), settings, *p.version, p.normalized, p.words) for path, p in prepared]
    store.write("INSERT OR REPLACE INTO prepared VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _prepared(row: tuple[object, ...]) -> CachedPrepared | None:
    """A prepared text's row; None for a row that does not make sense (it is prepared again)."""
    _, size, mtime_ns, ino, ctime_ns, normalized, words = row
    if not all(type(n) is int for n in (size, mtime_ns, ino, ctime_ns)):
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
    version = FileVersion(size, mtime_ns, ino, ctime_ns)  # type: ignore[arg-type]
    return CachedPrepared(version, text, words)

"""SQLite cache of fingerprints, keyed by (path, size, mtime_ns, settings).

It lives in the user's cache folder, never in a scanned folder. A second scan
of an unchanged folder reads no file contents: text files get their
fingerprint back, binary and other non-text files their skip reason. Two
simfind processes may use it at once (WAL, busy timeout); a corrupt or
foreign file is set aside and a new cache started, with a warning.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from simfind.core.errors import CacheProblem, CacheWarning, OsFailure, SkipDetail

# "SIMF": tells our database from any other SQLite file at the same path.
APPLICATION_ID = 0x53494D46
# 2: skip details are typed (JSON), no longer English text.
# 3: a sketch beside each fingerprint; prepared texts for exact comparison (branch
# engine) or the format a text was taken from (main). 4: both.
SCHEMA_VERSION = 4
FILE_NAME = "fingerprints.sqlite3"
#: Paths per query when looking up prepared texts (SQLite's limit on parameters is 999).
_LOOKUP_CHUNK = 500

_SCHEMA = """
CREATE TABLE IF NOT EXISTS fingerprints (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    fingerprint TEXT,          -- hex; NULL when the file is not text
    encoding TEXT NOT NULL,    -- the encoding, or the skip reason when not text
    detail TEXT NOT NULL DEFAULT '',  -- the skip's typed detail as JSON, or ''
    format TEXT NOT NULL DEFAULT 'text',  -- what the text was taken from
    sketch BLOB,               -- the bottom-k sketch (sketch.pack); NULL when not text
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS prepared (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,    -- the feature settings' key and the measure's version
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    normalized TEXT,           -- kept only for texts short enough to need it
    shingles BLOB NOT NULL,    -- verify.pack_shingles
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
"""


@dataclass(frozen=True)
class CachedOutcome:
    size: int
    mtime_ns: int
    fingerprint: int | None
    encoding: str  # or the skip reason, when fingerprint is None
    detail: SkipDetail | None = None
    format: str = "text"
    sketch: bytes | None = None


@dataclass(frozen=True)
class CachedPrepared:
    """What exact comparison needs of a file, as it was when prepared."""

    size: int
    mtime_ns: int
    normalized: str | None
    shingles: bytes


class _ForeignDatabase(sqlite3.DatabaseError):
    """An SQLite file at the cache's path that some other program made."""


def default_cache_dir() -> Path:
    """$SIMFIND_CACHE_DIR, else the platform's user cache folder for simfind."""
    override = os.environ.get("SIMFIND_CACHE_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("simfind", appauthor=False))


def _key(path: str | os.PathLike[str]) -> bytes:
    """Paths as bytes, so names that are not valid UTF-8 are keys like any other."""
    text = os.fspath(path)
    # The walker's paths are absolute and normal already; abspath() costs a tenth of a rescan.
    plain = os.sep == "/" and text.startswith("/") and not text.endswith("/")
    if not plain or "/." in text or "//" in text:
        text = os.path.abspath(text)
    return os.fsencode(text)


class FingerprintCache:
    """One connection, used from the thread that created it."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or default_cache_dir()
        self.path = self.folder / FILE_NAME
        self.warnings: list[CacheWarning] = []
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(f"{FILE_NAME}.broken-{int(time.time())}")
            self.path.replace(aside)
            for suffix in ("-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            problem = (
                CacheProblem.FOREIGN if isinstance(exc, _ForeignDatabase) else CacheProblem.DAMAGED
            )
            self.warnings.append(CacheWarning(problem, aside, error=str(exc)))
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            application_id = db.execute("PRAGMA application_id").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables and application_id != APPLICATION_ID:
                raise _ForeignDatabase("not a simfind cache")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if tables and version != SCHEMA_VERSION:
                db.execute("DROP TABLE IF EXISTS fingerprints")
                db.execute("DROP TABLE IF EXISTS prepared")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.executescript(_SCHEMA)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.close()
            raise
        return db

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> FingerprintCache:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def lookup_folder(self, folder: Path, settings: str) -> dict[bytes, CachedOutcome]:
        """Every cached outcome below ``folder`` for these settings, in one query.

        Keyed by the path relative to ``folder`` (bytes, the system's separator):
        a rescan looks a file up by its relative path, with no path arithmetic.
        """
        prefix = _key(folder).rstrip(os.sep.encode()) + os.sep.encode()
        upper = prefix[:-1] + bytes([prefix[-1] + 1])
        rows = self._db.execute(
            "SELECT path, size, mtime_ns, fingerprint, encoding, detail, format, sketch "
            "FROM fingerprints "
            "WHERE settings = ? AND path >= ? AND path < ?",
            (settings, prefix, upper),
        )
        start = len(prefix)
        return {
            bytes(path)[start:]: CachedOutcome(
                size,
                mtime,
                None if value is None else int(value, 16),
                encoding,
                SkipDetail.from_json(detail) if detail else None,
                form,
                sketch,
            )
            for path, size, mtime, value, encoding, detail, form, sketch in rows
        }

    @staticmethod
    def key(path: str | os.PathLike[str]) -> bytes:
        return _key(path)

    def store(
        self,
        settings: str,
        outcomes: Iterable[tuple[str | os.PathLike[str], CachedOutcome]],
    ) -> None:
        """Remember outcomes, in one transaction."""
        rows = [
            (
                _key(path),
                settings,
                o.size,
                o.mtime_ns,
                None if o.fingerprint is None else f"{o.fingerprint:x}",
                o.encoding,
                "" if o.detail is None else o.detail.to_json(),
                o.format,
                o.sketch,
            )
            for path, o in outcomes
        ]
        if not rows:
            return
        with self._transaction():
            self._db.executemany(
                "INSERT OR REPLACE INTO fingerprints VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
            )

    def lookup_prepared(
        self, paths: Iterable[str | os.PathLike[str]], settings: str
    ) -> dict[bytes, CachedPrepared]:
        """The prepared texts cached for these paths (keyed as ``key`` gives them)."""
        keys = [_key(path) for path in paths]
        found: dict[bytes, CachedPrepared] = {}
        for start in range(0, len(keys), _LOOKUP_CHUNK):
            chunk = keys[start : start + _LOOKUP_CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = self._db.execute(
                "SELECT path, size, mtime_ns, normalized, shingles FROM prepared "
                f"WHERE settings = ? AND path IN ({marks})",
                (settings, *chunk),
            )
            for path, size, mtime_ns, normalized, shingles in rows:
                found[bytes(path)] = CachedPrepared(size, mtime_ns, normalized, shingles)
        return found

    def store_prepared(
        self, settings: str, prepared: Iterable[tuple[str | os.PathLike[str], CachedPrepared]]
    ) -> None:
        """Remember prepared texts, in one transaction."""
        rows = [
            (_key(path), settings, p.size, p.mtime_ns, p.normalized, p.shingles)
            for path, p in prepared
        ]
        if not rows:
            return
        with self._transaction():
            self._db.executemany("INSERT OR REPLACE INTO prepared VALUES (?, ?, ?, ?, ?, ?)", rows)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def entries(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM fingerprints").fetchone()[0])

    def size_bytes(self) -> int:
        return sum(
            p.stat().st_size
            for p in self.folder.glob(f"{FILE_NAME}*")
            if p.is_file() and ".broken-" not in p.name
        )

    def clear(self) -> None:
        with self._transaction():
            self._db.execute("DELETE FROM fingerprints")
            self._db.execute("DELETE FROM prepared")
        self._db.execute("VACUUM")


def open_cache(folder: Path | None = None) -> tuple[FingerprintCache | None, list[CacheWarning]]:
    """The cache with what was wrong with it; None and a warning when it cannot be used."""
    try:
        cache = FingerprintCache(folder)
    except OSError as exc:
        warning = CacheWarning(CacheProblem.UNAVAILABLE, os_error=OsFailure.of(exc), error=str(exc))
        return None, [warning]
    except sqlite3.Error as exc:
        return None, [CacheWarning(CacheProblem.UNAVAILABLE, error=str(exc))]
    return cache, list(cache.warnings)

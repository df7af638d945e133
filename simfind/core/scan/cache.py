"""SQLite cache of fingerprints: by path and settings, valid while size, times and inode agree.

It lives in the user's cache folder, never in a scanned folder. A second scan
of an unchanged folder reads no file contents: text files get their
fingerprint back, binary and other non-text files their skip reason.

Nothing that happens to the cache stops a scan; each case is a typed warning:

* another simfind process holds it locked: wait a while, then run without it
  for this scan (locking is not damage);
* it cannot be written (a full disk, a read-only file or folder): the scan
  goes on and saves nothing more; a read-only file is still read;
* it is damaged (a corrupt page, not a database) or another program's: it is
  set aside whole, with its -wal and -shm, and a new one started, but only
  when no other simfind process has it open (each holds a shared lock on
  fingerprints.lock while it does; setting aside takes it exclusively);
  otherwise this scan runs without it;
* some rows cannot be read (a fingerprint that is not hex, an unknown skip
  reason): those rows are dropped.

``clear_cache`` removes the cache and the set-aside copies, and works on a
damaged cache too.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO, TypeVar

import platformdirs
import portalocker

from simfind.core.base.errors import CacheProblem, CacheWarning, OsFailure, SkipDetail, SkipReason
from simfind.core.base.paths import write_refusal

# The channel -v prints ("core.cache: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.cache")

# "SIMF": tells our database from any other SQLite file at the same path.
APPLICATION_ID = 0x53494D46
# 2: skip details are typed (JSON). 3: the format a text was taken from (text, docx,
# pdf, ...), or (branch engine) a sketch beside each fingerprint and prepared texts for
# exact comparison. 4: the inode and status-change time, or (engine) both of 3's.
# 5: all of them. 6: each text file's sample for the excerpt index (excerpts.samples).
# 7: the last few scans' results (scan_memo); a version 6 cache gained that table and
# kept its rows. 8: a digest of each file's bytes (identical files), prepared texts for
# the measure of issue 27 (their words): an older cache is made anew.
SCHEMA_VERSION = 8
#: Versions whose tables are kept as they are when the cache is brought up to date.
_KEPT_FROM: frozenset[int] = frozenset()
#: Scan results kept: the most recently stored.
KEPT_SCANS = 8
FILE_NAME = "fingerprints.sqlite3"
LOCK_NAME = "fingerprints.lock"
#: A set-aside copy is named FILE_NAME + this + a stamp (its -wal and -shm beside it).
ASIDE_MARK = ".broken-"
#: How long to wait for another simfind process's lock before going on without the cache.
LOCK_WAIT = 5.0
#: One wait inside SQLite; between two, Python runs its signal handlers (Ctrl+C).
_BUSY_STEP = 0.2
#: Paths per query when looking up prepared texts (SQLite's limit on parameters is 999).
_LOOKUP_CHUNK = 500

#: One statement each: they run inside one transaction (executescript would commit).
_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS fingerprints (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL DEFAULT 0,       -- 0 where the system has no stable inode
    ctime_ns INTEGER NOT NULL DEFAULT 0,  -- the status-change time; 0 where none
    fingerprint TEXT,          -- hex; NULL when the file is not text
    encoding TEXT NOT NULL,    -- the encoding, or the skip reason when not text
    detail TEXT NOT NULL DEFAULT '',  -- the skip's typed detail as JSON, or ''
    format TEXT NOT NULL DEFAULT 'text',  -- what the text was taken from
    sketch BLOB,               -- the bottom-k sketch (sketch.pack); NULL when not text
    sample BLOB,               -- the excerpt index's sample (excerpts.samples); NULL too
    digest BLOB,               -- xxh3-128 of the file's bytes (textio); NULL too
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
""",
    """
CREATE TABLE IF NOT EXISTS prepared (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,    -- the feature settings' key and the measure's version
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL DEFAULT 0,
    ctime_ns INTEGER NOT NULL DEFAULT 0,
    normalized TEXT,           -- kept only for texts of a word or two (verify)
    words BLOB NOT NULL,       -- verify.pack_tokens: the words' hashes, in order
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
""",
    """
CREATE TABLE IF NOT EXISTS scans (
    key TEXT PRIMARY KEY,      -- scan_memo.memo_key: the question
    digest BLOB NOT NULL,      -- scan_memo.walk_digest: the folder as it was walked
    payload BLOB NOT NULL,     -- scan_memo.pack: the answer
    stored REAL NOT NULL       -- when (seconds since the epoch): the oldest go first
);
""",
)

T = TypeVar("T")


# Slots, not frozen, as walk.FileEntry: one per file on a rescan. Never changed once made.
@dataclass(slots=True)
class CachedOutcome:
    size: int
    mtime_ns: int
    fingerprint: int | None
    encoding: str  # or the skip reason, when fingerprint is None
    detail: SkipDetail | None = None
    format: str = "text"
    ino: int = 0
    ctime_ns: int = 0
    sketch: bytes | None = None
    sample: bytes | None = None
    digest: bytes | None = None


@dataclass(frozen=True)
class CachedPrepared:
    """What exact comparison needs of a file, as it was when prepared."""

    size: int
    mtime_ns: int
    ino: int
    ctime_ns: int
    normalized: str | None
    words: bytes


class _ForeignDatabase(sqlite3.DatabaseError):
    """An SQLite file at the cache's path that some other program made."""


class _Failure(Enum):
    DAMAGED = "damaged"
    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read-only"
    OTHER = "other"


# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_FAILURES = {
    5: _Failure.BUSY,
    6: _Failure.BUSY,  # LOCKED
    8: _Failure.READ_ONLY,
    11: _Failure.DAMAGED,  # CORRUPT
    13: _Failure.FULL,
    26: _Failure.DAMAGED,  # NOTADB
}
_SQLITE_IOERR_SHMSIZE = 10 | (19 << 8)


def _failure(exc: sqlite3.Error) -> _Failure:
    if isinstance(exc, _ForeignDatabase):
        return _Failure.DAMAGED
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11 and later
    if isinstance(code, int):
        if code == _SQLITE_IOERR_SHMSIZE:  # the -shm file could not grow: a full disk
            return _Failure.FULL
        return _SQLITE_FAILURES.get(code & 0xFF, _Failure.OTHER)
    text = str(exc).lower()
    for words, failure in (
        (("malformed", "not a database"), _Failure.DAMAGED),
        (("locked", "busy"), _Failure.BUSY),
        (("full",), _Failure.FULL),
        (("readonly", "read-only"), _Failure.READ_ONLY),
    ):
        if any(word in text for word in words):
            return failure
    return _Failure.OTHER


def _os_failure(exc: sqlite3.Error) -> OsFailure | None:
    """The error number a front end can word, where SQLite's code maps onto one."""
    failure = _failure(exc)
    if failure is _Failure.FULL:
        return OsFailure(errno.ENOSPC, str(exc))
    if failure is _Failure.READ_ONLY:
        return OsFailure(errno.EROFS, str(exc))
    return None


def default_cache_dir() -> Path:
    """$SIMFIND_CACHE_DIR, else the platform's user cache folder for simfind."""
    override = os.environ.get("SIMFIND_CACHE_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("simfind", appauthor=False))


#: How os.fsencode turns a name into bytes (the cache's keys), to undo it as os.fsdecode.
_FS_ENCODING, _FS_ERRORS = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()


def _key(path: str | os.PathLike[str]) -> bytes:
    """Paths as bytes, so names that are not valid UTF-8 are keys like any other."""
    text = os.fspath(path)
    # The walker's paths are absolute and normal already; abspath() costs a tenth of a rescan.
    plain = os.sep == "/" and text.startswith("/") and not text.endswith("/")
    if not plain or "/." in text or "//" in text:
        text = os.path.abspath(text)
    return os.fsencode(text)


class _UseLock:
    """Who uses the cache: a shared lock on LOCK_NAME while a process has it open,
    an exclusive one to set it aside or delete it. portalocker takes them on every
    system: flock on POSIX, LockFileEx on Windows (pywin32). Where no lock can be
    taken at all (a lock file that cannot be opened) nobody has one: ``works`` is
    False, and the cache is used without."""

    def __init__(self, path: Path) -> None:
        self.file: BinaryIO | None = None
        for mode in ("a+b", "rb"):
            try:
                self.file = path.open(mode)
                break
            except OSError:
                continue

    @property
    def works(self) -> bool:
        return self.file is not None

    def _try(self, flags: portalocker.LockFlags) -> bool:
        if self.file is None:
            return False
        try:
            portalocker.lock(self.file, flags | portalocker.LockFlags.NON_BLOCKING)
        except (portalocker.exceptions.LockException, OSError):
            return False
        except ImportError:  # Windows without pywin32: no shared lock there, as before
            return True
        return True

    def shared(self, wait: float = LOCK_WAIT) -> bool:
        deadline = time.monotonic() + wait
        while not self._try(portalocker.LockFlags.SHARED):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    def exclusive(self) -> bool:
        return self._try(portalocker.LockFlags.EXCLUSIVE)

    def release(self) -> None:
        if self.file is not None:
            with contextlib.suppress(portalocker.exceptions.LockException, OSError):
                portalocker.unlock(self.file)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()  # releases the lock too
            self.file = None


def _companions(path: Path) -> list[Path]:
    """A database file and the -wal and -shm files SQLite keeps beside it."""
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def set_aside_files(folder: Path) -> list[Path]:
    """The damaged caches set aside in ``folder`` (with their -wal and -shm files)."""
    return sorted(p for p in folder.glob(f"{FILE_NAME}{ASIDE_MARK}*") if p.is_file())


class FingerprintCache:
    """One connection, used from the thread that created it.

    ``on_warning`` hears of each problem as it happens (once per kind); all of
    them are also kept in ``warnings``. When the cache cannot be used at all,
    ``usable`` is False and lookups find nothing: the scan runs as without one.
    """

    def __init__(
        self,
        folder: Path | None = None,
        on_warning: Callable[[CacheWarning], None] | None = None,
    ) -> None:
        self.folder = folder or default_cache_dir()
        self.path = self.folder / FILE_NAME
        self.warnings: list[CacheWarning] = []
        self.on_warning = on_warning
        self.read_only = False
        self._db: sqlite3.Connection | None = None
        self._replaced = 0
        _require_folder(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = _UseLock(self.folder / LOCK_NAME)
        # No lock file, and none can be made (a read-only folder): nobody holds one.
        if self._lock.works and not self._lock.shared():
            self._warn(CacheWarning(CacheProblem.BUSY, self.path))
            return
        self._connect()

    # -- opening ---------------------------------------------------------------------
    def _connect(self) -> None:
        """Open the database (read-only where it cannot be written); set it aside if damaged."""
        try:
            self._db = self._retrying(self._open)
        except sqlite3.Error as exc:
            self._db = None
            failure = _failure(exc)
            if failure is _Failure.DAMAGED:
                self._set_aside(exc)
            elif failure is _Failure.BUSY:
                self._warn(CacheWarning(CacheProblem.BUSY, self.path))
            elif not self._open_read_only(exc):
                words = str(exc)
                reason = _os_failure(exc) or write_refusal(self.folder)
                self._warn(CacheWarning(CacheProblem.UNAVAILABLE, None, reason, words))

    def _open(self, uri: str | None = None) -> sqlite3.Connection:
        if uri is None:
            db = sqlite3.connect(self.path, timeout=_BUSY_STEP, isolation_level=None)
        else:
            db = sqlite3.connect(uri, timeout=_BUSY_STEP, isolation_level=None, uri=True)
        try:
            self._prepare(db, writable=uri is None)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _state(db: sqlite3.Connection) -> tuple[int, int, int]:
        """(application id, number of schema objects, schema version), as of one moment."""
        began = not db.in_transaction
        if began:  # one snapshot: read one by one, another's commit fell in between
            db.execute("BEGIN")
        try:
            application_id = db.execute("PRAGMA application_id").fetchone()[0]
            objects = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
        finally:
            if began and db.in_transaction:
                db.execute("COMMIT")
        return int(application_id), int(objects), int(version)

    def _prepare(self, db: sqlite3.Connection, writable: bool) -> None:
        """Check the database is ours and current; make it so, in one transaction, if not."""
        application_id, objects, version = self._state(db)
        if objects and application_id != APPLICATION_ID:
            raise _ForeignDatabase("not a simfind cache")
        current = objects and version == SCHEMA_VERSION
        if not writable:
            if not current:
                raise sqlite3.OperationalError("attempt to write a readonly database")
            return
        if str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        if current:
            return
        # Another process may be doing the same at this moment: one transaction, so that
        # nobody ever sees a half-made cache (tables without our id looked foreign).
        with self._transaction(db):
            application_id, objects, version = self._state(db)
            if objects and application_id != APPLICATION_ID:
                raise _ForeignDatabase("not a simfind cache")
            if version != SCHEMA_VERSION and version not in _KEPT_FROM:
                db.execute("DROP TABLE IF EXISTS fingerprints")
                db.execute("DROP TABLE IF EXISTS prepared")
                db.execute("DROP TABLE IF EXISTS scans")
            for statement in _SCHEMA:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def _open_read_only(self, exc: sqlite3.Error) -> bool:
        """Read a cache that cannot be written (``exc`` says why); False if even that fails."""
        if not self.path.is_file():
            return False
        uri = self.path.absolute().as_uri()
        for extra in ("", "&immutable=1"):  # immutable: no -shm needed where none can be made
            try:
                self._db = self._retrying(partial(self._open, f"{uri}?mode=ro{extra}"))
            except sqlite3.Error:
                continue
            self.read_only = True
            if _failure(exc) is _Failure.FULL:
                warning = CacheWarning(
                    CacheProblem.NOT_SAVED, self.path, _os_failure(exc), str(exc)
                )
            else:
                warning = CacheWarning(CacheProblem.READ_ONLY, self.path)
            self._warn(warning)
            return True
        return False

    # -- what goes wrong -------------------------------------------------------------
    def _warn(self, warning: CacheWarning) -> None:
        if any(w.problem is warning.problem for w in self.warnings):
            return
        self.warnings.append(warning)
        if self.on_warning is not None:
            self.on_warning(warning)

    def _retrying(self, action: Callable[[], T]) -> T:
        """Run ``action``, again while another process holds the database, up to LOCK_WAIT."""
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                return action()
            except sqlite3.Error as exc:
                if _failure(exc) is not _Failure.BUSY or time.monotonic() >= deadline:
                    raise
            time.sleep(0.01)  # some conflicts (a stale snapshot) fail without any wait

    def _set_aside(self, exc: sqlite3.Error) -> None:
        """Move a damaged or foreign database aside and start a new one, if nobody uses it."""
        self._close_db()
        self._replaced += 1
        if self._replaced > 2:  # new ones keep coming up damaged: a failing disk
            self._warn(CacheWarning(CacheProblem.UNAVAILABLE, self.path, error=str(exc)))
            return
        try:
            broken = self.path.stat().st_ino
        except OSError:
            broken = None
        self._lock.release()
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                now = self.path.stat().st_ino
            except OSError:
                now = None
            if now != broken:  # another simfind process has set it aside already
                break
            if self._lock.works and self._lock.exclusive():
                aside = self._move_aside()
                self._lock.release()
                if aside is None:  # e.g. a folder that cannot be written
                    self._lock.shared(0.0)
                    self._warn(CacheWarning(CacheProblem.UNAVAILABLE, self.path, error=str(exc)))
                    return
                foreign = isinstance(exc, _ForeignDatabase)
                problem = CacheProblem.FOREIGN if foreign else CacheProblem.DAMAGED
                self._warn(CacheWarning(problem, aside, error=str(exc)))
                break
            if not self._lock.works or time.monotonic() >= deadline:
                self._lock.shared(0.0)
                self._warn(CacheWarning(CacheProblem.DAMAGED_IN_USE, self.path, error=str(exc)))
                return
            time.sleep(0.05)
        if not self._lock.shared():
            self._warn(CacheWarning(CacheProblem.BUSY, self.path))
            return
        self._connect()

    def _move_aside(self) -> Path | None:
        """Rename the database and its companions; None (and all left as it was) on failure."""
        stamp = f"{time.time_ns()}-{os.getpid()}"
        aside = self.path.with_name(f"{FILE_NAME}{ASIDE_MARK}{stamp}")
        moved: list[tuple[Path, Path]] = []
        try:
            for source, target in zip(_companions(self.path), _companions(aside), strict=True):
                if source.exists():
                    source.rename(target)
                    moved.append((source, target))
        except OSError:
            for source, target in reversed(moved):
                with contextlib.suppress(OSError):
                    target.rename(source)
            return None
        return aside

    def _close_db(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None

    def _damaged(self, exc: sqlite3.Error) -> bool:
        """After a read failed: set the cache aside if it is damaged; True if it was."""
        if _failure(exc) is not _Failure.DAMAGED:
            return False
        self._set_aside(exc)
        return True

    # -- use ---------------------------------------------------------------------------
    @property
    def usable(self) -> bool:
        return self._db is not None

    def close(self) -> None:
        self._close_db()
        self._lock.close()

    def __enter__(self) -> FingerprintCache:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def lookup_folder(
        self, folder: Path, settings: str, bits: int | None = None
    ) -> dict[str, CachedOutcome]:
        """Every cached outcome below ``folder`` for these settings, in one query.

        Keyed by the path relative to ``folder`` as a walk spells it (``/``
        between names): a rescan looks a file up by its ``rel``, with no path
        arithmetic. Rows that cannot be read are dropped (``bits``: the largest
        fingerprint).
        """
        prefix = _key(folder).rstrip(os.sep.encode()) + os.sep.encode()
        upper = prefix[:-1] + bytes([prefix[-1] + 1])
        query = (
            "SELECT path, size, mtime_ns, ino, ctime_ns, fingerprint, encoding, detail, format, "
            "sketch, sample, digest FROM fingerprints "
            "WHERE settings = ? AND path >= ? AND path < ?"
        )
        rows = self._read(query, (settings, prefix, upper))
        if rows is None:
            return {}
        start = len(prefix)
        found: dict[str, CachedOutcome] = {}
        bad: list[object] = []
        for row in rows:
            outcome = _outcome(row, bits)
            try:
                if outcome is not None:
                    found[row[0][start:].decode(_FS_ENCODING, _FS_ERRORS)] = outcome
                    continue
            except UnicodeDecodeError:  # not a name os.fsencode made (Windows: UTF-8)
                pass
            bad.append(row[0])
        if os.sep != "/":
            found = {rel.replace(os.sep, "/"): outcome for rel, outcome in found.items()}
        if bad:
            self._drop(settings, bad)
        return found

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[Any] | None:
        """The rows of a query, waiting out another process's lock; None (with a warning)
        when the cache cannot answer. A damaged cache is set aside and the new one asked."""
        for _ in range(2):  # once more after a damaged cache was replaced by a new one
            if self._db is None:
                return None
            cursor = partial(self._db.execute, query, parameters)
            try:
                return self._retrying(lambda: cursor().fetchall())  # noqa: B023
            except sqlite3.Error as exc:
                if self._damaged(exc):
                    continue
                self._warn(CacheWarning(CacheProblem.BUSY, self.path))
                return None
        return None

    def _drop(self, settings: str, paths: list[object], table: str = "fingerprints") -> None:
        """Forget rows that could not be read (they are fingerprinted again)."""
        self._warn(CacheWarning(CacheProblem.ROWS_DAMAGED, self.path, count=len(paths)))
        if self._db is None or self.read_only:
            return
        with contextlib.suppress(sqlite3.Error):
            db = self._db
            with self._transaction(db):
                db.executemany(
                    f"DELETE FROM {table} WHERE path = ? AND settings = ?",
                    [(path, settings) for path in paths],
                )

    @staticmethod
    def key(path: str | os.PathLike[str]) -> bytes:
        return _key(path)

    def store(
        self,
        settings: str,
        outcomes: Iterable[tuple[str | os.PathLike[str], CachedOutcome]],
    ) -> None:
        """Remember outcomes, in one transaction; a failure is a warning, never an error."""
        rows = [
            (
                _key(path),
                settings,
                o.size,
                o.mtime_ns,
                o.ino,
                o.ctime_ns,
                None if o.fingerprint is None else f"{o.fingerprint:x}",
                o.encoding,
                "" if o.detail is None else o.detail.to_json(),
                o.format,
                o.sketch,
                o.sample,
                o.digest,
            )
            for path, o in outcomes
        ]
        self._write(
            "INSERT OR REPLACE INTO fingerprints VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )

    def lookup_prepared(
        self, paths: Iterable[str | os.PathLike[str]], settings: str
    ) -> dict[bytes, CachedPrepared]:
        """The prepared texts cached for these paths (keyed as ``key`` gives them); a
        cache that cannot be read answers nothing, with a warning."""
        keys = [_key(path) for path in paths]
        found: dict[bytes, CachedPrepared] = {}
        bad: list[object] = []
        for start in range(0, len(keys), _LOOKUP_CHUNK):
            chunk = keys[start : start + _LOOKUP_CHUNK]
            query = (
                "SELECT path, size, mtime_ns, ino, ctime_ns, CAST(normalized AS BLOB), words "
                f"FROM prepared WHERE settings = ? AND path IN ({','.join('?' * len(chunk))})"
            )
            rows = self._read(query, (settings, *chunk))
            if rows is None:
                return {}
            for row in rows:
                prepared = _prepared(row)
                if prepared is None:
                    bad.append(row[0])
                else:
                    found[bytes(row[0])] = prepared
        if bad:
            self._drop(settings, bad, "prepared")
        return found

    def store_prepared(
        self, settings: str, prepared: Iterable[tuple[str | os.PathLike[str], CachedPrepared]]
    ) -> None:
        """Remember prepared texts, in one transaction; a failure is a warning."""
        rows = [
            (_key(path), settings, p.size, p.mtime_ns, p.ino, p.ctime_ns, p.normalized, p.words)
            for path, p in prepared
        ]
        self._write("INSERT OR REPLACE INTO prepared VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def lookup_scan(self, key: str) -> tuple[bytes, bytes] | None:
        """The walk digest and the packed result of the scan stored under ``key``."""
        rows = self._read("SELECT digest, payload FROM scans WHERE key = ?", (key,))
        if not rows:
            return None
        digest, payload = rows[0]
        if not isinstance(digest, bytes) or not isinstance(payload, bytes):
            self.forget_scan(key)
            return None
        return digest, payload

    def store_scan(self, key: str, digest: bytes, payload: bytes) -> None:
        """Keep a scan's result (replacing the last one of the same question); only the
        KEPT_SCANS most recent are kept. A failure is a warning, as for any write."""
        self._write(
            "INSERT OR REPLACE INTO scans VALUES (?, ?, ?, ?)",
            [(key, digest, payload, time.time())],
        )
        self._write(
            "DELETE FROM scans WHERE key NOT IN "
            "(SELECT key FROM scans ORDER BY stored DESC, key LIMIT ?)",
            [(KEPT_SCANS,)],
        )

    def forget_scan(self, key: str) -> None:
        """Drop a stored result that cannot be read (the scan is made afresh)."""
        self._warn(CacheWarning(CacheProblem.ROWS_DAMAGED, self.path, count=1))
        self._write("DELETE FROM scans WHERE key = ?", [(key,)])

    def _write(self, statement: str, rows: Sequence[tuple[object, ...]]) -> None:
        """Rows written in one transaction; a failure is a warning, never an error."""
        if not rows or self._db is None or self.read_only:
            return
        db = self._db

        def write() -> None:
            with self._transaction(db):
                db.executemany(statement, rows)

        try:
            self._retrying(write)
        except sqlite3.Error as exc:
            if self._damaged(exc):
                return
            failure = _failure(exc)
            if failure is _Failure.READ_ONLY:
                self.read_only = True
                self._warn(CacheWarning(CacheProblem.READ_ONLY, self.path))
            elif failure is _Failure.BUSY:
                self._warn(CacheWarning(CacheProblem.BUSY, self.path))
            else:
                self.read_only = True  # a full disk stays full for this scan: stop trying
                warning = CacheWarning(
                    CacheProblem.NOT_SAVED, self.path, _os_failure(exc), str(exc)
                )
                self._warn(warning)

    @staticmethod
    @contextlib.contextmanager
    def _transaction(db: sqlite3.Connection) -> Iterator[None]:
        db.execute("BEGIN IMMEDIATE")
        try:
            yield
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # a failed COMMIT (a full disk) may leave it open
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise

    def entries(self) -> int:
        """How many outcomes are cached (0 when the cache is not usable)."""
        for _ in range(2):  # once more after a damaged cache was replaced by a new one
            if self._db is None:
                return 0
            count = partial(self._db.execute, "SELECT count(*) FROM fingerprints")
            try:
                return int(self._retrying(lambda: count().fetchone()[0]))  # noqa: B023
            except sqlite3.Error as exc:
                if not self._damaged(exc):
                    return 0
        return 0

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in _companions(self.path) if p.is_file())


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
    return CachedPrepared(
        size,  # type: ignore[arg-type]
        mtime_ns,  # type: ignore[arg-type]
        ino,  # type: ignore[arg-type]
        ctime_ns,  # type: ignore[arg-type]
        text,
        words,
    )


def _outcome(row: tuple[object, ...], bits: int | None) -> CachedOutcome | None:
    """A row as an outcome; None for a row that does not make sense."""
    path, size, mtime_ns, ino, ctime_ns, value, encoding, detail, form, sketch, sample, digest = row
    try:
        # A document's text has no encoding (''); a skip always has its reason.
        # Exact types, as SQLite gives them (a bool is no size): cheaper than isinstance,
        # and a rescan reads a row per file.
        if type(path) is not bytes or type(encoding) is not str or type(form) is not str:
            return None
        if not form or type(size) is not int or type(mtime_ns) is not int:
            return None
        if type(ino) is not int or type(ctime_ns) is not int:
            return None
        fingerprint = None
        if value is None:
            SkipReason(encoding)  # an unknown (or empty) reason raises ValueError
        else:
            if not isinstance(value, str):
                return None
            fingerprint = int(value, 16)
            if fingerprint < 0 or (bits is not None and fingerprint.bit_length() > bits):
                return None
        typed = SkipDetail.from_json(detail) if isinstance(detail, str) and detail else None
        if sketch is not None and not isinstance(sketch, bytes):
            return None
        if sample is not None and (not isinstance(sample, bytes) or len(sample) % 4):
            return None
        if digest is not None and (not isinstance(digest, bytes) or len(digest) != 16):
            return None
    except (ValueError, TypeError, KeyError):
        return None
    return CachedOutcome(
        size,  # type: ignore[arg-type, unused-ignore]
        mtime_ns,  # type: ignore[arg-type, unused-ignore]
        fingerprint,
        encoding,
        typed,
        form,
        ino,  # type: ignore[arg-type, unused-ignore]
        ctime_ns,  # type: ignore[arg-type, unused-ignore]
        sketch,
        sample,
        digest,
    )


def _require_folder(folder: Path) -> None:
    """Raise NotADirectoryError where something other than a folder has the cache's place
    (SIMFIND_CACHE_DIR naming a file, or a link to /dev/null)."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))


def open_cache(
    folder: Path | None = None, on_warning: Callable[[CacheWarning], None] | None = None
) -> FingerprintCache | None:
    """The cache, or None when it cannot be used at all; every problem goes to ``on_warning``."""
    try:
        cache = FingerprintCache(folder, on_warning)
    except OSError as exc:
        where = Path(exc.filename) if isinstance(exc.filename, str) else None
        warning = CacheWarning(
            CacheProblem.UNAVAILABLE, where, os_error=OsFailure.of(exc), error=str(exc)
        )
        if on_warning is not None:
            on_warning(warning)
        return None
    if not cache.usable:
        cache.close()
        return None
    log.info("fingerprint cache: %s", cache.path)
    return cache


@dataclass(frozen=True)
class Cleared:
    """What ``clear_cache`` did."""

    entries: int  # fingerprints forgotten (0 when the cache could not be read)
    files: int  # files removed: the cache, its companions, the set-aside copies
    in_use: bool = False  # another simfind process had it open: emptied, not removed


def clear_cache(folder: Path | None = None) -> Cleared:
    """Empty the cache, whatever state it is in, and remove the set-aside copies.

    When another simfind process has it open, its rows are deleted instead
    (``in_use``); raises OSError or sqlite3.Error only when even that fails.
    """
    folder = folder or default_cache_dir()
    _require_folder(folder)
    if not folder.is_dir():
        return Cleared(0, 0)
    files = 0
    for path in set_aside_files(folder):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
            files += 1
    path = folder / FILE_NAME
    lock = _UseLock(folder / LOCK_NAME)
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while lock.works and not lock.exclusive():  # (no lock file: nobody else has one)
            if time.monotonic() >= deadline:
                return Cleared(_empty_in_use(folder), files, in_use=True)
            time.sleep(0.05)
        entries = _count_quietly(path)
        for companion in _companions(path):
            with contextlib.suppress(FileNotFoundError):
                companion.unlink()
                files += 1
        return Cleared(entries, files)
    finally:
        lock.close()


def _count_quietly(path: Path) -> int:
    """Rows in a cache file about to be deleted; 0 when it cannot be read."""
    if not path.is_file():
        return 0
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=_BUSY_STEP)
        try:
            return int(db.execute("SELECT count(*) FROM fingerprints").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def _empty_in_use(folder: Path) -> int:
    """Delete every row of a cache that another process has open; how many there were."""
    with FingerprintCache(folder) as cache:
        if cache._db is None or cache.read_only:
            raise sqlite3.OperationalError("the cache is in use and cannot be written")
        db = cache._db

        def empty() -> int:
            with cache._transaction(db):
                count = int(db.execute("SELECT count(*) FROM fingerprints").fetchone()[0])
                db.execute("DELETE FROM fingerprints")
                db.execute("DELETE FROM prepared")
                db.execute("DELETE FROM scans")
            return count

        return cache._retrying(empty)

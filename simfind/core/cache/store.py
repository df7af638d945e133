"""The fingerprint cache's store: one SQLite connection, its lock, and what goes wrong.

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
* some rows cannot be read: the table's reader says which, and they are dropped.

Each table's reads and writes are in its own module (cache_outcomes,
cache_prepared, cache_scans), through ``read``, ``write`` and ``drop_rows``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from simfind.core.base.errors import CacheProblem, CacheWarning
from simfind.core.base.paths import write_refusal
from simfind.core.cache.files import (
    ASIDE_MARK,
    FILE_NAME,
    LOCK_NAME,
    LOCK_WAIT,
    UseLock,
    companions,
    default_cache_dir,
    require_folder,
)
from simfind.core.cache.schema import prepare_database
from simfind.core.cache.sqlite_errors import (
    BUSY_STEP,
    Failure,
    ForeignDatabase,
    failure_of,
    os_failure_of,
    transaction,
)

T = TypeVar("T")


class CacheStore:
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
        require_folder(self.folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = UseLock(self.folder / LOCK_NAME)
        # No lock file, and none can be made (a read-only folder): nobody holds one.
        if self._lock.works and not self._lock.shared():
            self.warn(CacheWarning(CacheProblem.BUSY, self.path))
            return
        self._connect()

    # -- opening ---------------------------------------------------------------------
    def _connect(self) -> None:
        """Open the database (read-only where it cannot be written); set it aside if damaged."""
        try:
            self._db = self._retrying(self._open)
        except sqlite3.Error as exc:
            self._db = None
            failure = failure_of(exc)
            if failure is Failure.DAMAGED:
                self._set_aside(exc)
            elif failure is Failure.BUSY:
                self.warn(CacheWarning(CacheProblem.BUSY, self.path))
            elif not self._open_read_only(exc):
                words = str(exc)
                reason = os_failure_of(exc) or write_refusal(self.folder)
                self.warn(CacheWarning(CacheProblem.UNAVAILABLE, None, reason, words))

    def _open(self, uri: str | None = None) -> sqlite3.Connection:
        if uri is None:
            db = sqlite3.connect(self.path, timeout=BUSY_STEP, isolation_level=None)
        else:
            db = sqlite3.connect(uri, timeout=BUSY_STEP, isolation_level=None, uri=True)
        try:
            prepare_database(db, writable=uri is None)
        except BaseException:
            db.close()
            raise
        return db

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
            if failure_of(exc) is Failure.FULL:
                warning = CacheWarning(
                    CacheProblem.NOT_SAVED, self.path, os_failure_of(exc), str(exc)
                )
            else:
                warning = CacheWarning(CacheProblem.READ_ONLY, self.path)
            self.warn(warning)
            return True
        return False

    # -- what goes wrong -------------------------------------------------------------
    def warn(self, warning: CacheWarning) -> None:
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
                if failure_of(exc) is not Failure.BUSY or time.monotonic() >= deadline:
                    raise
            time.sleep(0.01)  # some conflicts (a stale snapshot) fail without any wait

    def _set_aside(self, exc: sqlite3.Error) -> None:
        """Move a damaged or foreign database aside and start a new one, if nobody uses it."""
        self._close_db()
        self._replaced += 1
        if self._replaced > 2:  # new ones keep coming up damaged: a failing disk
            self.warn(CacheWarning(CacheProblem.UNAVAILABLE, self.path, error=str(exc)))
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
                    self.warn(CacheWarning(CacheProblem.UNAVAILABLE, self.path, error=str(exc)))
                    return
                foreign = isinstance(exc, ForeignDatabase)
                problem = CacheProblem.FOREIGN if foreign else CacheProblem.DAMAGED
                self.warn(CacheWarning(problem, aside, error=str(exc)))
                break
            if not self._lock.works or time.monotonic() >= deadline:
                self._lock.shared(0.0)
                self.warn(CacheWarning(CacheProblem.DAMAGED_IN_USE, self.path, error=str(exc)))
                return
            time.sleep(0.05)
        if not self._lock.shared():
            self.warn(CacheWarning(CacheProblem.BUSY, self.path))
            return
        self._connect()

    def _move_aside(self) -> Path | None:
        """Rename the database and its companions; None (and all left as it was) on failure."""
        stamp = f"{time.time_ns()}-{os.getpid()}"
        aside = self.path.with_name(f"{FILE_NAME}{ASIDE_MARK}{stamp}")
        moved: list[tuple[Path, Path]] = []
        try:
            for source, target in zip(companions(self.path), companions(aside), strict=True):
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
        if failure_of(exc) is not Failure.DAMAGED:
            return False
        self._set_aside(exc)
        return True

    # -- use ---------------------------------------------------------------------------
    @property
    def usable(self) -> bool:
        return self._db is not None

    @property
    def writable(self) -> bool:
        """Whether the cache is open and can be written."""
        return self._db is not None and not self.read_only

    def close(self) -> None:
        self._close_db()
        self._lock.close()

    def read(self, query: str, parameters: tuple[object, ...]) -> list[Any] | None:
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
                self.warn(CacheWarning(CacheProblem.BUSY, self.path))
                return None
        return None

    def drop_rows(self, settings: str, paths: list[object], table: str = "fingerprints") -> None:
        """Forget rows that could not be read (they are fingerprinted again); a table
        keyed by path alone (digests) takes any ``settings``."""
        self.warn(CacheWarning(CacheProblem.ROWS_DAMAGED, self.path, count=len(paths)))
        if self._db is None or self.read_only:
            return
        by_path = table == "digests"
        with contextlib.suppress(sqlite3.Error):
            db = self._db
            with transaction(db):
                db.executemany(
                    f"DELETE FROM {table} WHERE path = ?"
                    + ("" if by_path else " AND settings = ?"),
                    [(path,) if by_path else (path, settings) for path in paths],
                )

    def write(self, statement: str, rows: Sequence[tuple[object, ...]]) -> None:
        """Rows written in one transaction; a failure is a warning, never an error."""
        if not rows or self._db is None or self.read_only:
            return
        db = self._db

        def write() -> None:
            with transaction(db):
                db.executemany(statement, rows)

        try:
            self._retrying(write)
        except sqlite3.Error as exc:
            if self._damaged(exc):
                return
            failure = failure_of(exc)
            if failure is Failure.READ_ONLY:
                self.read_only = True
                self.warn(CacheWarning(CacheProblem.READ_ONLY, self.path))
            elif failure is Failure.BUSY:
                self.warn(CacheWarning(CacheProblem.BUSY, self.path))
            else:
                self.read_only = True  # a full disk stays full for this scan: stop trying
                warning = CacheWarning(
                    CacheProblem.NOT_SAVED, self.path, os_failure_of(exc), str(exc)
                )
                self.warn(warning)

    def write_with(self, action: Callable[[sqlite3.Connection], T]) -> T:
        """``action(db)`` in one write transaction, waiting out another process's lock;
        raises sqlite3.Error when it fails (the caller checked ``writable``)."""
        db = self._db
        if db is None:
            raise sqlite3.OperationalError("the cache is not open")

        def run() -> T:
            with transaction(db):
                return action(db)

        return self._retrying(run)

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
        return sum(p.stat().st_size for p in companions(self.path) if p.is_file())

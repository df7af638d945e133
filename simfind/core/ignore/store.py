"""The ignore list on disk: one SQLite file in the user's data folder.

Each operation opens the file, does its work in one transaction and closes it
again, so that two simfind processes (the window and a command, or two commands)
adding at once both keep their entries: SQLite's lock makes one writer wait for
the other (up to BUSY_WAIT). A damaged file (not a database, a corrupt page,
another program's) is set aside whole, renamed beside it with its companions,
the entries that can still be read carried into a new one, and said once
(StoreNotice): the list is never lost in silence and never stops a run. Any
other failure (a folder that cannot be written, a full disk, a lock held too
long) is an IgnoreStoreError saying why; nothing is half written.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TypeVar

from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import user_data_folder
from simfind.core.cache.sqlite_errors import (
    Failure,
    ForeignDatabase,
    failure_of,
    os_failure_of,
    transaction,
)
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList, Side

T = TypeVar("T")

FILE_NAME = "ignore-list.sqlite"
#: A damaged list set aside is renamed FILE_NAME + this + a stamp.
ASIDE_MARK = ".damaged-"
# "SIGI": tells the ignore list from any other SQLite file at the same path.
APPLICATION_ID = 0x53494749
SCHEMA_VERSION = 1
#: How long a writer waits for another process's transaction (seconds).
BUSY_WAIT = 5.0
#: SQLite's own files beside a database, set aside with it.
_COMPANIONS = ("-journal", "-wal", "-shm")

_SCHEMA = (
    """
CREATE TABLE pairs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: 'ignore remove 3' hits no newer entry
    first_digest BLOB NOT NULL,   -- xxh3-128 of the first file's bytes (the lower side)
    first_path BLOB NOT NULL,     -- where it was last seen (os.fsencode of the absolute path)
    second_digest BLOB NOT NULL,
    second_path BLOB NOT NULL,
    added REAL NOT NULL           -- seconds since the epoch
)
""",
    "CREATE INDEX pairs_by_content ON pairs (first_digest, second_digest)",
)
_COLUMNS = "id, first_digest, first_path, second_digest, second_path, added"


class IgnoreProblem(str, Enum):
    #: The file was damaged: set aside at ``path``, ``recovered`` entries carried over.
    SET_ASIDE = "set-aside"
    #: The list cannot be used (``error``, ``os_error`` say why); nothing was changed.
    UNAVAILABLE = "unavailable"


@dataclass(frozen=True)
class StoreNotice:
    problem: IgnoreProblem
    path: Path
    error: str = ""
    recovered: int = 0
    os_error: OsFailure | None = None


class IgnoreStoreError(Exception):
    """The ignore list could not be read or changed (``notice`` says why)."""

    def __init__(self, notice: StoreNotice) -> None:
        super().__init__(notice.error or notice.problem.value)
        self.notice = notice


def default_store_folder() -> Path:
    return user_data_folder()


class IgnoreStore:
    """The list in ``folder`` (the user's data folder by default); ``on_notice`` hears of a
    damaged file set aside."""

    def __init__(
        self,
        folder: Path | None = None,
        on_notice: Callable[[StoreNotice], None] | None = None,
    ) -> None:
        self.folder = folder or default_store_folder()
        self.path = self.folder / FILE_NAME
        self.on_notice = on_notice
        self.notices: list[StoreNotice] = []

    # -- what it offers ----------------------------------------------------------------
    def entries(self) -> list[IgnoredPair]:
        """Every entry, oldest first ([] where there is no list yet)."""
        return self._run(_read_all, write=False, empty=[])

    def load(self) -> IgnoreList:
        return IgnoreList(self.entries())

    def add(self, pairs: Sequence[IgnoredPair]) -> list[IgnoredPair]:
        """Add these entries (one already held keeps its id and date, with the paths given
        as where its files were last seen); the entries as stored, in the order given."""
        if not pairs:
            return []
        now = time.time()
        return self._run(lambda db: [_put(db, pair, now) for pair in pairs], write=True, empty=[])

    def remember_seen(self, moved: Sequence[IgnoredPair]) -> None:
        """Entries whose files were found at other paths: those paths, as last seen."""

        def work(db: sqlite3.Connection) -> None:
            for pair in moved:
                _move(db, pair)

        if moved:
            self._run(work, write=False, empty=None)

    def remove(self, ids: Iterable[int]) -> int:
        """Remove the entries with these ids; how many there were."""
        wanted = sorted(set(ids))

        def work(db: sqlite3.Connection) -> int:
            return sum(db.execute("DELETE FROM pairs WHERE id = ?", (i,)).rowcount for i in wanted)

        return self._run(work, write=False, empty=0) if wanted else 0

    def clear(self) -> int:
        """Remove every entry; how many there were."""
        return self._run(lambda db: db.execute("DELETE FROM pairs").rowcount, write=False, empty=0)

    # -- the file ----------------------------------------------------------------------
    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool, empty: T) -> T:
        """``work`` in one transaction on the list (made first where ``write``, else
        ``empty`` where there is none yet); a damaged list set aside first."""
        for attempt in range(3):
            try:
                if not write and not self.path.exists():
                    return empty
                db = self._open(write)
                try:
                    with transaction(db):
                        if not write and not _made(db):
                            return empty
                        return work(db)
                finally:
                    db.close()
            except sqlite3.Error as exc:
                if failure_of(exc) is Failure.DAMAGED and attempt < 2:
                    self._set_aside(exc)
                    continue
                raise self._unavailable(exc) from exc
            except OSError as exc:
                raise self._unavailable(exc) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def _unavailable(self, exc: sqlite3.Error | OSError) -> IgnoreStoreError:
        if isinstance(exc, OSError):
            reason: OsFailure | None = OsFailure.of(exc)
        else:
            reason = os_failure_of(exc)
        return IgnoreStoreError(
            StoreNotice(IgnoreProblem.UNAVAILABLE, self.path, str(exc), 0, reason)
        )

    def _open(self, write: bool) -> sqlite3.Connection:
        if write:
            self.folder.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=BUSY_WAIT, isolation_level=None)
        try:
            _check(db, write)
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, exc: sqlite3.Error) -> None:
        """Rename the damaged list (and its companions) aside, and carry the entries that can
        still be read into a new one; another process may have done so already."""
        try:
            broken = self.path.stat().st_ino
        except OSError:
            return  # gone already: a new one is made
        recovered = _salvage(self.path)
        try:
            if self.path.stat().st_ino != broken:
                return  # another simfind process has set it aside already
            stamp = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
            aside = self.path.with_name(f"{FILE_NAME}{ASIDE_MARK}{stamp}")
            self.path.rename(aside)
            for suffix in _COMPANIONS:
                companion = self.path.with_name(FILE_NAME + suffix)
                if companion.exists():
                    companion.rename(aside.with_name(aside.name + suffix))
        except OSError as failure:
            raise self._unavailable(failure) from exc
        if recovered:
            db = self._open(write=True)
            try:
                with transaction(db):
                    db.executemany(
                        f"INSERT OR IGNORE INTO pairs ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                        recovered,
                    )
            finally:
                db.close()
        notice = StoreNotice(IgnoreProblem.SET_ASIDE, aside, str(exc), len(recovered))
        self.notices.append(notice)
        if self.on_notice is not None:
            self.on_notice(notice)


def _made(db: sqlite3.Connection) -> bool:
    """Whether the list's table is there (a file another process is making may not have it)."""
    return bool(db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'pairs'").fetchone()[0])


def _check(db: sqlite3.Connection, write: bool) -> None:
    """A list of ours, whole, made where new (``write``); raises sqlite3 errors else."""
    application = db.execute("PRAGMA application_id").fetchone()[0]  # not a database: raises
    if application == 0 and not write:
        if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            raise ForeignDatabase("another program's database")
        return  # empty: being made by another process, or left so
    if application == 0 and write:
        with transaction(db):
            application = db.execute("PRAGMA application_id").fetchone()[0]
            if application == 0:  # not made by another process meanwhile
                if db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise ForeignDatabase("another program's database")
                for statement in _SCHEMA:
                    db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                application = APPLICATION_ID
    if application != APPLICATION_ID:
        raise ForeignDatabase("not simfind's ignore list")
    found = db.execute("PRAGMA quick_check").fetchall()
    if found != [("ok",)]:
        raise sqlite3.DatabaseError(f"database disk image is malformed: {found[0][0]}")
    if write and db.execute("PRAGMA user_version").fetchone()[0] > SCHEMA_VERSION:
        raise sqlite3.OperationalError("made by a newer simfind: not changed")


def _path_bytes(path: Path) -> bytes:
    return os.fsencode(path)


def _row_pair(row: Sequence[object]) -> IgnoredPair | None:
    """An entry from its row; None for a row that is not one (damage)."""
    ident, first_digest, first_path, second_digest, second_path, added = row
    if not (
        isinstance(ident, int)
        and all(
            isinstance(v, bytes) for v in (first_digest, first_path, second_digest, second_path)
        )
        and isinstance(added, int | float)
    ):
        return None
    first = Side(first_digest, Path(os.fsdecode(first_path)))  # type: ignore[arg-type]
    second = Side(second_digest, Path(os.fsdecode(second_path)))  # type: ignore[arg-type]
    return IgnoredPair(first, second, ident, float(added))


def _read_all(db: sqlite3.Connection) -> list[IgnoredPair]:
    rows = db.execute(f"SELECT {_COLUMNS} FROM pairs ORDER BY id").fetchall()
    return [pair for row in rows if (pair := _row_pair(row)) is not None]


def _salvage(path: Path) -> list[tuple[object, ...]]:
    """The rows of a damaged list that can still be read (none of a file that is no
    database), as stored."""
    rows: list[tuple[object, ...]] = []
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=BUSY_WAIT)
    except sqlite3.Error:
        return rows
    try:
        for row in db.execute(f"SELECT {_COLUMNS} FROM pairs ORDER BY id"):
            if _row_pair(row) is not None:
                rows.append(tuple(row))
    except sqlite3.Error:
        pass  # what was read before the damage is kept
    finally:
        db.close()
    return rows


def _find(db: sqlite3.Connection, pair: IgnoredPair) -> tuple[int, float] | None:
    """The id and date of the entry held for ``pair`` (the same contents; for copies, the
    same paths too)."""
    sql = "SELECT id, added FROM pairs WHERE first_digest = ? AND second_digest = ?"
    values: tuple[bytes, ...] = (pair.first.digest, pair.second.digest)
    if pair.same_content:
        sql += " AND first_path = ? AND second_path = ?"
        values += (_path_bytes(pair.first.path), _path_bytes(pair.second.path))
    row = db.execute(sql + " ORDER BY id LIMIT 1", values).fetchone()
    return None if row is None else (int(row[0]), float(row[1]))


def _put(db: sqlite3.Connection, pair: IgnoredPair, now: float) -> IgnoredPair:
    pair = IgnoredPair.of(pair.first, pair.second)
    held = _find(db, pair)
    if held is not None:
        stored = IgnoredPair(pair.first, pair.second, held[0], held[1])
        _move(db, stored)
        return stored
    cursor = db.execute(
        "INSERT INTO pairs (first_digest, first_path, second_digest, second_path, added) "
        "VALUES (?, ?, ?, ?, ?)",
        (
            pair.first.digest,
            _path_bytes(pair.first.path),
            pair.second.digest,
            _path_bytes(pair.second.path),
            now,
        ),
    )
    assert cursor.lastrowid is not None
    return IgnoredPair(pair.first, pair.second, cursor.lastrowid, now)


def _move(db: sqlite3.Connection, pair: IgnoredPair) -> None:
    db.execute(
        "UPDATE pairs SET first_path = ?, second_path = ? WHERE id = ?",
        (_path_bytes(pair.first.path), _path_bytes(pair.second.path), pair.id),
    )


__all__ = [
    "FILE_NAME",
    "IgnoreProblem",
    "IgnoreStore",
    "IgnoreStoreError",
    "StoreNotice",
    "default_store_folder",
]

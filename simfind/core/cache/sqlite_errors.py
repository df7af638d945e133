"""What an SQLite error means to the fingerprint cache, and one write transaction.

A failure is damage (a corrupt page, not a database, another program's file),
another process's lock (busy), a full disk, a read-only file, or something
else; the store acts on each differently (``cache_store``).
"""

from __future__ import annotations

import contextlib
import errno
import sqlite3
from collections.abc import Iterator
from enum import Enum

from simfind.core.base.errors import OsFailure

#: One wait inside SQLite; between two, Python runs its signal handlers (Ctrl+C).
BUSY_STEP = 0.2


class ForeignDatabase(sqlite3.DatabaseError):
    """An SQLite file at the cache's path that some other program made."""


class Failure(Enum):
    DAMAGED = "damaged"
    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read-only"
    OTHER = "other"


# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_FAILURES = {
    5: Failure.BUSY,
    6: Failure.BUSY,  # LOCKED
    8: Failure.READ_ONLY,
    11: Failure.DAMAGED,  # CORRUPT
    13: Failure.FULL,
    26: Failure.DAMAGED,  # NOTADB
}
_SQLITE_IOERR_SHMSIZE = 10 | (19 << 8)


def failure_of(exc: sqlite3.Error) -> Failure:
    if isinstance(exc, ForeignDatabase):
        return Failure.DAMAGED
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11 and later
    if isinstance(code, int):
        if code == _SQLITE_IOERR_SHMSIZE:  # the -shm file could not grow: a full disk
            return Failure.FULL
        return _SQLITE_FAILURES.get(code & 0xFF, Failure.OTHER)
    text = str(exc).lower()
    for words, failure in (
        (("malformed", "not a database"), Failure.DAMAGED),
        (("locked", "busy"), Failure.BUSY),
        (("full",), Failure.FULL),
        (("readonly", "read-only"), Failure.READ_ONLY),
    ):
        if any(word in text for word in words):
            return failure
    return Failure.OTHER


def os_failure_of(exc: sqlite3.Error) -> OsFailure | None:
    """The error number a front end can word, where SQLite's code maps onto one."""
    failure = failure_of(exc)
    if failure is Failure.FULL:
        return OsFailure(errno.ENOSPC, str(exc))
    if failure is Failure.READ_ONLY:
        return OsFailure(errno.EROFS, str(exc))
    return None


@contextlib.contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction (BEGIN IMMEDIATE): committed, or rolled back on any failure."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # a failed COMMIT (a full disk) may leave it open
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
        raise

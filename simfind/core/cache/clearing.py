"""Clearing the fingerprint cache: whatever state it is in, with the set-aside copies;
emptied instead of removed while another simfind process has it open.
"""

from __future__ import annotations

import contextlib
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from simfind.core.cache.files import (
    FILE_NAME,
    LOCK_NAME,
    LOCK_WAIT,
    UseLock,
    companions,
    default_cache_dir,
    require_folder,
    set_aside_files,
)
from simfind.core.cache.sqlite_errors import BUSY_STEP
from simfind.core.cache.store import CacheStore


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
    require_folder(folder)
    if not folder.is_dir():
        return Cleared(0, 0)
    files = 0
    for path in set_aside_files(folder):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
            files += 1
    path = folder / FILE_NAME
    lock = UseLock(folder / LOCK_NAME)
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while lock.works and not lock.exclusive():  # (no lock file: nobody else has one)
            if time.monotonic() >= deadline:
                return Cleared(_empty_in_use(folder), files, in_use=True)
            time.sleep(0.05)
        entries = _count_quietly(path)
        for companion in companions(path):
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
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, timeout=BUSY_STEP)
        try:
            return int(db.execute("SELECT count(*) FROM fingerprints").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def _empty_in_use(folder: Path) -> int:
    """Delete every row of a cache that another process has open; how many there were."""
    cache = CacheStore(folder)
    try:
        if not cache.writable:
            raise sqlite3.OperationalError("the cache is in use and cannot be written")

        def empty(db: sqlite3.Connection) -> int:
            count = int(db.execute("SELECT count(*) FROM fingerprints").fetchone()[0])
            db.execute("DELETE FROM fingerprints")
            db.execute("DELETE FROM prepared")
            db.execute("DELETE FROM scans")
            db.execute("DELETE FROM digests")
            return count

        return cache.write_with(empty)
    finally:
        cache.close()

"""Where the fingerprint cache lives, its files, and who uses it (the lock on LOCK_NAME).

The database is FILE_NAME in the user's cache folder, with the -wal and -shm
files SQLite keeps beside it; a damaged one is set aside beside it as
FILE_NAME + ASIDE_MARK + a stamp.
"""

from __future__ import annotations

import contextlib
import errno
import os
import time
from pathlib import Path
from typing import BinaryIO

import platformdirs
import portalocker

FILE_NAME = "fingerprints.sqlite3"
LOCK_NAME = "fingerprints.lock"
#: A set-aside copy is named FILE_NAME + this + a stamp (its -wal and -shm beside it).
ASIDE_MARK = ".broken-"
#: How long to wait for another simfind process's lock before going on without the cache.
LOCK_WAIT = 5.0


def default_cache_dir() -> Path:
    """$SIMFIND_CACHE_DIR, else the platform's user cache folder for simfind."""
    override = os.environ.get("SIMFIND_CACHE_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("simfind", appauthor=False))


def require_folder(folder: Path) -> None:
    """Raise NotADirectoryError where something other than a folder has the cache's place
    (SIMFIND_CACHE_DIR naming a file, or a link to /dev/null)."""
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))


class UseLock:
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


def companions(path: Path) -> list[Path]:
    """A database file and the -wal and -shm files SQLite keeps beside it."""
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def set_aside_files(folder: Path) -> list[Path]:
    """The damaged caches set aside in ``folder`` (with their -wal and -shm files)."""
    return sorted(p for p in folder.glob(f"{FILE_NAME}{ASIDE_MARK}*") if p.is_file())

"""Where the fingerprint cache lives, its files, and who uses it (the lock on LOCK_NAME).

The database is FILE_NAME in the user's cache folder, with the -wal and -shm
files SQLite keeps beside it; a damaged one is set aside beside it as
FILE_NAME + ASIDE_MARK + a stamp.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from pathlib import Path
from typing import BinaryIO

import platformdirs

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
    an exclusive one to set it aside or delete it: flock on POSIX, LockFileEx on Windows
    (portalocker, with pywin32). Where no lock can be taken at all (a lock file that
    cannot be opened) nobody has one: ``works`` is False, and the cache is used without."""

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

    def _try(self, exclusive: bool) -> bool:
        if self.file is None:
            return False
        try:
            _lock(self.file, exclusive)
        except OSError:
            return False
        except ImportError:  # Windows without pywin32: no shared lock there, as before
            return True
        return True

    def shared(self, wait: float = LOCK_WAIT) -> bool:
        deadline = time.monotonic() + wait
        while not self._try(exclusive=False):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    def exclusive(self) -> bool:
        return self._try(exclusive=True)

    def release(self) -> None:
        if self.file is not None:
            with contextlib.suppress(OSError, ImportError):
                _unlock(self.file)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()  # releases the lock too
            self.file = None


if sys.platform != "win32":
    import fcntl

    # flock itself, as portalocker takes it on POSIX (the same lock, so that other builds
    # of simfind see it): importing portalocker reads its own package metadata, 70 ms
    # of every command's start.
    def _lock(file: BinaryIO, exclusive: bool) -> None:
        """Take the lock without waiting; OSError when another process holds it."""
        kind = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        fcntl.flock(file.fileno(), kind | fcntl.LOCK_NB)

    def _unlock(file: BinaryIO) -> None:
        fcntl.flock(file.fileno(), fcntl.LOCK_UN)

else:

    def _lock(file: BinaryIO, exclusive: bool) -> None:
        """Take the lock without waiting; OSError when another process holds it
        (ImportError where pywin32 is missing)."""
        import portalocker

        flags = portalocker.LockFlags.EXCLUSIVE if exclusive else portalocker.LockFlags.SHARED
        try:
            portalocker.lock(file, flags | portalocker.LockFlags.NON_BLOCKING)
        except portalocker.exceptions.LockException as exc:
            raise OSError(errno.EAGAIN, "the cache is locked") from exc

    def _unlock(file: BinaryIO) -> None:
        import portalocker

        try:
            portalocker.unlock(file)
        except portalocker.exceptions.LockException as exc:
            raise OSError(errno.EAGAIN, "the cache's lock") from exc


def companions(path: Path) -> list[Path]:
    """A database file and the -wal and -shm files SQLite keeps beside it."""
    return [path, Path(f"{path}-wal"), Path(f"{path}-shm")]


def set_aside_files(folder: Path) -> list[Path]:
    """The damaged caches set aside in ``folder`` (with their -wal and -shm files)."""
    return sorted(p for p in folder.glob(f"{FILE_NAME}{ASIDE_MARK}*") if p.is_file())

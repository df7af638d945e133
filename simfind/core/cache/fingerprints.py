"""SQLite cache of fingerprints: by path and settings, valid while size, times and inode agree.

It lives in the user's cache folder, never in a scanned folder. A second scan
of an unchanged folder reads no file contents: text files get their
fingerprint back, binary and other non-text files their skip reason.

``FingerprintCache`` is what a scan holds: the store (cache_store: the file,
its lock, what goes wrong, all of it a warning and never an error) with each
table's reads and writes (cache_outcomes, cache_prepared, cache_digests, cache_scans).
``clear_cache`` (clearing) removes the cache and the set-aside copies, and
works on a damaged cache too.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from simfind.core.base.errors import CacheProblem, CacheWarning, OsFailure
from simfind.core.cache import digests as cache_digests
from simfind.core.cache import outcomes as cache_outcomes
from simfind.core.cache import prepared as cache_prepared
from simfind.core.cache import scans as cache_scans
from simfind.core.cache.digests import CachedDigest
from simfind.core.cache.outcomes import CachedOutcome, path_key
from simfind.core.cache.prepared import CachedPrepared
from simfind.core.cache.store import CacheStore

# The channel -v prints ("core.cache: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.cache")


class FingerprintCache(CacheStore):
    """The store with its four tables' reads and writes; see CacheStore for its
    warnings. One connection, used from the thread that created it."""

    def __enter__(self) -> FingerprintCache:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @staticmethod
    def key(path: str | os.PathLike[str]) -> bytes:
        """A path as the cache's key (bytes: names that are not UTF-8 are keys too)."""
        return path_key(path)

    def lookup_folder(
        self, folder: Path, settings: str, bits: int | None = None, sketches: bool = True
    ) -> dict[str, CachedOutcome]:
        """Every cached outcome below ``folder`` (cache_outcomes.lookup_folder)."""
        return cache_outcomes.lookup_folder(self, folder, settings, bits, sketches)

    def store(
        self,
        settings: str,
        outcomes: Iterable[tuple[str | os.PathLike[str], CachedOutcome]],
    ) -> None:
        """Remember outcomes, in one transaction; a failure is a warning, never an error."""
        cache_outcomes.store_outcomes(self, settings, outcomes)

    def lookup_prepared(
        self, paths: Iterable[str | os.PathLike[str]], settings: str
    ) -> dict[bytes, CachedPrepared]:
        """The prepared texts cached for these paths, keyed as ``key`` gives them."""
        return cache_prepared.lookup_prepared(self, paths, settings)

    def store_prepared(
        self, settings: str, prepared: Iterable[tuple[str | os.PathLike[str], CachedPrepared]]
    ) -> None:
        """Remember prepared texts, in one transaction; a failure is a warning."""
        cache_prepared.store_prepared(self, settings, prepared)

    def lookup_digests(self, folder: Path) -> dict[str, CachedDigest]:
        """Every file's hashes kept below ``folder`` (cache_digests.lookup_digests)."""
        return cache_digests.lookup_digests(self, folder)

    def store_digests(self, digests: Iterable[tuple[str | os.PathLike[str], CachedDigest]]) -> None:
        """Remember files' hashes, in one transaction; a failure is a warning."""
        cache_digests.store_digests(self, digests)

    def lookup_scan(self, key: str) -> tuple[bytes, bytes] | None:
        """The walk digest and the packed result of the scan stored under ``key``."""
        return cache_scans.lookup_scan(self, key)

    def store_scan(self, key: str, digest: bytes, payload: bytes) -> None:
        """Keep a scan's result; only the cache_scans.KEPT_SCANS most recent are kept."""
        cache_scans.store_scan(self, key, digest, payload)

    def forget_scan(self, key: str) -> None:
        """Drop a stored result that cannot be read (the scan is made afresh)."""
        cache_scans.forget_scan(self, key)


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

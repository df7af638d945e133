"""The fingerprint cache's third table: the last few scans' answers (scan.memo), each under
its question, with a digest of the folder as it was walked.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from simfind.core.base.errors import CacheProblem, CacheWarning

if TYPE_CHECKING:
    from simfind.core.cache.store import CacheStore

#: Scan results kept: the most recently stored.
KEPT_SCANS = 8


def lookup_scan(store: CacheStore, key: str) -> tuple[bytes, bytes] | None:
    """The walk digest and the packed result of the scan stored under ``key``."""
    rows = store.read("SELECT digest, payload FROM scans WHERE key = ?", (key,))
    if not rows:
        return None
    digest, payload = rows[0]
    if not isinstance(digest, bytes) or not isinstance(payload, bytes):
        forget_scan(store, key)
        return None
    return digest, payload


def store_scan(store: CacheStore, key: str, digest: bytes, payload: bytes) -> None:
    """Keep a scan's result (replacing the last one of the same question); only the
    KEPT_SCANS most recent are kept. A failure is a warning, as for any write."""
    store.write(
        "INSERT OR REPLACE INTO scans VALUES (?, ?, ?, ?)",
        [(key, digest, payload, time.time())],
    )
    store.write(
        "DELETE FROM scans WHERE key NOT IN "
        "(SELECT key FROM scans ORDER BY stored DESC, key LIMIT ?)",
        [(KEPT_SCANS,)],
    )


def forget_scan(store: CacheStore, key: str) -> None:
    """Drop a stored result that cannot be read (the scan is made afresh)."""
    store.warn(CacheWarning(CacheProblem.ROWS_DAMAGED, store.path, count=1))
    store.write("DELETE FROM scans WHERE key = ?", [(key,)])

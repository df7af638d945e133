"""What a scan works with besides its inputs: progress out, cancel in, a pool, a cache."""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.runs.progress import CancelToken, ProgressCallback


@dataclass(frozen=True)
class ScanContext:
    """Passed whole from ``scan`` and ``find_groups`` down to the fingerprinting.

    ``executor`` is a process pool to use (a window keeps one for its life);
    without one, the work runs here or in a pool started for it when it pays.
    ``cache`` is a fingerprint cache opened on the calling thread.
    """

    progress: ProgressCallback | None = None
    cancel: CancelToken | None = None
    executor: Executor | None = None
    cache: FingerprintCache | None = None

    @property
    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

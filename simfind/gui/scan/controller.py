"""The window's scans: one worker pool for the app's life, one scan thread at a time.

The controller starts a scan on its own thread, cancels it, waits for it when
the window closes, and passes on what the scan reports as typed signals, on
the GUI thread: progress, matches as they stream in, the result, a failure
(an InputError as ``failed``, an UnexpectedError as ``crashed``), cache
warnings. It runs a search for groups of near-duplicates the same way
(``start_groups``; groups final before its end come as ``groups_found``, its result
as ``grouped``).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot

from simfind.core.base.errors import CacheWarning, InputError
from simfind.core.groups.folder_groups import GroupsFound, GroupsResult
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.ignore.store import StoreNotice
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.runs.jobs import default_jobs, make_pool
from simfind.core.runs.progress import Progress
from simfind.core.runs.worker_pool import WorkerPool
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.text.given import TextInput
from simfind.gui.scan.worker import (
    GroupsRequest,
    ScanRequest,
    ScanThread,
    ScanWorker,
    UnexpectedError,
)


class ScanController(QObject):
    progressed = Signal(Progress)
    matches_found = Signal(list)  # of Match, as they stream in
    finished = Signal(ScanResult)  # cancelled or not
    grouped = Signal(GroupsResult)  # cancelled or not
    groups_found = Signal(GroupsFound)  # groups final while the search goes on
    failed = Signal(InputError)  # the inputs refused
    crashed = Signal(UnexpectedError)  # a bug or an OS surprise
    warned = Signal(CacheWarning)
    ignore_noticed = Signal(StoreNotice)  # the ignore list set aside, or unusable
    running_changed = Signal(bool)  # a scan started (True); its thread has ended (False)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: WorkerPool | None = None
        self._thread: ScanThread | None = None
        self._worker: ScanWorker | None = None
        # The ignore list's entries not yet written (IgnoreKeeper.pending); None: searches
        # use no ignore list.
        self.ignore_pending: Callable[[], IgnoreList] | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None

    @property
    def pool(self) -> WorkerPool | None:
        """The worker pool, once started."""
        return self._pool

    def warm_up(self) -> None:
        """Start the pool's workers now: at the first scan they held the window 45-60 ms."""
        self._worker_pool()

    def start(
        self, reference: TextInput, folder: Path, options: ScanOptions, use_cache: bool
    ) -> None:
        """Scan on the scan thread; does nothing while a scan runs."""
        if self._thread is not None:
            return
        pool = self._worker_pool()
        self._run(ScanRequest(reference, folder, options, use_cache, pool, self._ignored()))

    def start_groups(
        self,
        folders: Sequence[Path],
        reference_folders: Sequence[Path],
        options: ScanOptions,
        use_cache: bool,
        grouping: GroupingOptions | None = None,
    ) -> None:
        """Find every group of near-duplicates on the scan thread; nothing while a scan runs."""
        if self._thread is not None:
            return
        pool = self._worker_pool()
        request = GroupsRequest(
            folders,
            options,
            reference_folders,
            grouping or GroupingOptions(),
            use_cache=use_cache,
            executor=pool,
            ignored=self._ignored(),
        )
        self._run(request)

    def _ignored(self) -> IgnoreList | None:
        """What a search is handed of the ignore list beside the store (None: no list)."""
        return None if self.ignore_pending is None else self.ignore_pending()

    def _run(self, request: ScanRequest | GroupsRequest) -> None:
        self._worker = ScanWorker(request)
        self._thread = ScanThread(self._worker, self)
        self._worker.progressed.connect(self.progressed)
        self._worker.matches_found.connect(self.matches_found)
        self._worker.finished.connect(self.finished)
        self._worker.grouped.connect(self.grouped)
        self._worker.groups_found.connect(self.groups_found)
        self._worker.failed.connect(self.failed)
        self._worker.crashed.connect(self.crashed)
        self._worker.warned.connect(self.warned)
        self._worker.ignore_noticed.connect(self.ignore_noticed)
        self._thread.finished.connect(self._on_thread_done)
        # A full collection over the tens of thousands of rows a scan creates holds the
        # GIL for 50-150 ms (measured); scans make few cycles, so it waits for the end.
        gc.disable()
        self._thread.start()
        self.running_changed.emit(True)

    def cancel(self) -> None:
        """Ask the scan to stop (it stops within a file); what it found is kept."""
        if self._worker is not None:
            self._worker.cancel()

    def wait(self) -> None:
        """Until the scan thread has ended (the results may still be on their way)."""
        if self._thread is not None:
            self._thread.wait()

    def shutdown(self) -> None:
        """Stop the scan and the pool: the window is closing."""
        if self._thread is not None:
            self.cancel()
            # The core stops within a file; wait so Qt never destroys a running thread.
            self._thread.wait()
        if self._pool is not None:
            # A cancelled scan leaves its running batches to the workers: end them now.
            self._pool.terminate()
            self._pool = None

    def _worker_pool(self) -> WorkerPool:
        """One pool for the window's life: fingerprints and verification never run here.

        In this process they would hold the GIL and stall the GUI thread, however
        small the folder; the workers start once (see warm_up) and run at a lower
        priority than the window, so that it gets a core when it needs one.
        """
        if self._pool is None:
            self._pool = make_pool(default_jobs(), background=True)
        return self._pool

    @Slot()
    def _on_thread_done(self) -> None:
        thread = self._thread
        self._thread = None
        self._worker = None
        if thread is not None:
            thread.deleteLater()
        # Everything the scan built stays (the rows): moved out of the collector's
        # sight, so turning it back on does not walk them all at once (a 25 ms stall).
        gc.freeze()
        gc.enable()
        self.running_changed.emit(False)

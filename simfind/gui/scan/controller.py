"""The window's scans: one worker pool for the app's life, one scan job at a time.

The controller starts a scan as a job on its own lane (a thread of its own, so
that the window's short jobs never queue behind it), cancels it, waits for it when
the window closes, and passes on what the scan reports as typed signals, on
the GUI thread: progress, matches as they stream in, the result, a failure
(an InputError as ``failed``, an UnexpectedError as ``crashed``), cache
warnings. It runs a search for groups of near-duplicates the same way
(``start_groups``; groups final before its end come as ``groups_found``, its result
as ``grouped``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QThreadPool, Signal

from simfind.core.base.errors import CacheWarning, InputError
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.core.groups.folder_groups import GroupsFound, GroupsResult
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.ignore.store import StoreNotice
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.runs.jobs import default_jobs, make_pool
from simfind.core.runs.progress import Progress
from simfind.core.runs.runtime import COLLECTOR
from simfind.core.runs.worker_pool import WorkerPool
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.text.given import TextInput
from simfind.gui.scan.worker import (
    GroupsRequest,
    ScanRequest,
    ScanWorker,
    UnexpectedError,
)
from simfind.gui.work.tasks import Job, TaskRunner


class ScanController(QObject):
    progressed = Signal(Progress)
    matches_found = Signal(list)  # of Match, as they stream in
    finished = Signal(ScanResult)  # cancelled or not
    grouped = Signal(GroupsResult)  # cancelled or not
    groups_found = Signal(GroupsFound)  # groups final while the search goes on
    failed = Signal(InputError)  # the inputs refused
    catalogue_refused = Signal(CatalogueError)  # a catalogue given that cannot be used
    crashed = Signal(UnexpectedError)  # a bug or an OS surprise
    warned = Signal(CacheWarning)
    ignore_noticed = Signal(StoreNotice)  # the ignore list set aside, or unusable
    running_changed = Signal(bool)  # a scan started (True); its job has ended (False)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: WorkerPool | None = None
        # One scan at a time, on a thread of its own.
        threads = QThreadPool(self)
        threads.setMaxThreadCount(1)
        self._lane = TaskRunner(self, threads)
        self._threads = threads
        self._job: Job[None] | None = None
        # The ignore list's entries not yet written (IgnoreKeeper.pending); None: searches
        # use no ignore list.
        self.ignore_pending: Callable[[], IgnoreList] | None = None

    @property
    def running(self) -> bool:
        return self._job is not None

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
        if self._job is not None:
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
        """Find every group of near-duplicates as the scan job; nothing while a scan runs."""
        if self._job is not None:
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
        token = threading.Event()
        worker = ScanWorker(request, self, token)
        # A full collection over the tens of thousands of rows a scan creates holds the
        # GIL for 50-150 ms (measured); scans make few cycles, so it waits for the end.
        COLLECTOR.hold()
        # Its reports, emitted on the job's thread, come here queued, before its end.
        self._job = self._lane.run(worker.run, self._on_job_done, self._on_job_done, token=token)
        self.running_changed.emit(True)

    def cancel(self) -> None:
        """Ask the scan to stop (it stops within a file); what it found is kept."""
        if self._job is not None:
            self._job.cancel()

    def wait(self) -> None:
        """Until the scan job has ended (the results may still be on their way)."""
        if self._job is not None:
            self._job.wait()

    def shutdown(self) -> None:
        """Stop the scan and the pool: the window is closing."""
        if self._job is not None:
            self.cancel()
            # The core stops within a file; wait so Qt never destroys a running thread.
            self._job.wait()
        self._threads.waitForDone()
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

    def _on_job_done(self, _end: object) -> None:
        self._job = None
        # Everything the scan built stays (the rows): moved out of the collector's
        # sight, so turning it back on does not walk them all at once (a 25 ms stall).
        # (On again only where no other job holds it off: see COLLECTOR.)
        COLLECTOR.release(set_aside=True)
        self.running_changed.emit(False)

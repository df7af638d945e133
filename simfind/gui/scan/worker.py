"""The scan, off the GUI thread: a QObject worker living in its own QThread.

The same worker runs a search for every group of near-duplicates in some
folders (a GroupsRequest), with the same progress, cancel, pool and cache.

The core calls back from this thread; the signals below cross to the GUI
thread as queued events, already throttled and batched by the core (progress
at most five times a second, matches in batches). They carry the core's own
types; the window words them.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from simfind.core.base.errors import CacheWarning, InputError
from simfind.core.cache.fingerprints import open_cache
from simfind.core.groups.folder_groups import GroupsFound, GroupsResult, find_groups
from simfind.core.ignore.files import apart_from_reference
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.ignore.store import IgnoreStore, StoreNotice
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.runs.progress import Progress
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match
from simfind.core.scan.scanner import scan
from simfind.core.text.given import TextInput
from simfind.gui.ignore.keeper import read_for_search


@dataclass(frozen=True)
class ScanRequest:
    reference: TextInput  # a file, or a text pasted in its place
    directory: Path
    options: ScanOptions
    use_cache: bool = True
    # The app's process pool: all CPU work runs there, so the GUI process stays idle.
    executor: Executor | None = None
    # The ignore list's entries not yet written, beside the store's (None: no list).
    ignored: IgnoreList | None = None


@dataclass(frozen=True)
class GroupsRequest:
    folders: Sequence[Path]
    options: ScanOptions
    # Searched too; their files are compared, never marked or moved.
    reference_folders: Sequence[Path] = ()
    grouping: GroupingOptions = field(default_factory=GroupingOptions)
    use_cache: bool = True
    executor: Executor | None = None
    ignored: IgnoreList | None = None


@dataclass(frozen=True)
class UnexpectedError:
    """A scan ended by a bug or an OS surprise: the exception's own words, and where."""

    error: str  # "TypeName: text"
    details: str  # the traceback


class ScanWorker(QObject):
    progressed = Signal(Progress)
    matches_found = Signal(list)  # of Match
    finished = Signal(ScanResult)  # cancelled or not
    grouped = Signal(GroupsResult)  # cancelled or not
    groups_found = Signal(GroupsFound)  # groups final while the search goes on
    failed = Signal(InputError)
    crashed = Signal(UnexpectedError)
    warned = Signal(CacheWarning)
    ignore_noticed = Signal(StoreNotice)

    def __init__(self, request: ScanRequest | GroupsRequest) -> None:
        super().__init__()
        self.request = request
        self.cancel_event = threading.Event()

    def cancel(self) -> None:
        """Thread-safe: the core checks the event between files."""
        self.cancel_event.set()

    @Slot()
    def run(self) -> None:
        request = self.request
        cache = None
        try:
            if request.use_cache:
                cache = open_cache(on_warning=self.warned.emit)  # the scan works without it
            context = ScanContext(self._on_progress, self.cancel_event, request.executor, cache)
            ignored = None
            if request.ignored is not None:
                store = IgnoreStore(on_notice=self.ignore_noticed.emit)
                ignored = read_for_search(store, request.ignored)
            result: ScanResult | GroupsResult
            if isinstance(request, GroupsRequest):
                result = find_groups(
                    request.folders,
                    request.options,
                    request.grouping,
                    context,
                    reference_folders=request.reference_folders,
                    on_groups=self.groups_found.emit,
                    ignored=ignored,
                )
            else:
                result = scan(
                    request.reference,
                    request.directory,
                    request.options,
                    context,
                    on_matches=self._on_matches,
                )
                if ignored:
                    result.set_apart = apart_from_reference(result, ignored)
        except InputError as exc:
            self.failed.emit(exc)
        except BaseException as exc:  # nothing may leave a QThread's run(): Qt would abort
            self.crashed.emit(
                UnexpectedError(f"{type(exc).__name__}: {exc}", traceback.format_exc())
            )
        else:
            if isinstance(result, GroupsResult):
                self.grouped.emit(result)
            else:
                self.finished.emit(result)
        finally:
            if cache is not None:
                cache.close()

    def _on_progress(self, progress: Progress) -> None:
        self.progressed.emit(progress)

    def _on_matches(self, matches: list[Match]) -> None:
        self.matches_found.emit(matches)


class ScanThread(QThread):
    """Runs one worker's scan and ends with it.

    No event loop: the thread is the scan, so it ends when the scan returns,
    and a window closing mid-scan can cancel and wait for it. (Ending an event
    loop by a signal from the worker deadlocked that wait: the quit was queued
    to the very GUI thread that was waiting.)
    """

    def __init__(self, worker: ScanWorker, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        worker.moveToThread(self)

    def run(self) -> None:
        self.worker.run()


__all__ = [
    "GroupsRequest",
    "ScanRequest",
    "ScanResult",
    "ScanThread",
    "ScanWorker",
    "UnexpectedError",
]

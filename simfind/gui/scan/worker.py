"""The scan, off the GUI thread: a worker run as a job on the window's lane (tasks.py).

The same worker runs a search for every group of near-duplicates in some
folders (a GroupsRequest), with the same progress, cancel, pool and cache.

The core calls back from the job's thread; the controller's signals cross to the GUI
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
from typing import Protocol

from PySide6.QtCore import SignalInstance

from simfind.core.base.errors import InputError
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.core.cache.fingerprints import open_cache
from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.ignore.files import apart_from_reference
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.ignore.store import IgnoreStore
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


class ScanSignals(Protocol):
    """Where a scan's reports go (the ScanController's typed signals), from its thread."""

    progressed: SignalInstance
    matches_found: SignalInstance
    finished: SignalInstance
    grouped: SignalInstance
    groups_found: SignalInstance
    failed: SignalInstance
    catalogue_refused: SignalInstance
    crashed: SignalInstance
    warned: SignalInstance
    ignore_noticed: SignalInstance


class ScanWorker:
    """One scan or search for groups, run as a job on the window's lane: it checks the
    job's cancel token between files and reports through the controller's signals."""

    def __init__(
        self,
        request: ScanRequest | GroupsRequest,
        signals: ScanSignals,
        cancel_event: threading.Event | None = None,
    ) -> None:
        self.request = request
        self.signals = signals
        self.cancel_event = cancel_event or threading.Event()

    def cancel(self) -> None:
        """Thread-safe: the core checks the event between files."""
        self.cancel_event.set()

    def run(self) -> None:
        request = self.request
        signals = self.signals
        cache = None
        try:
            if request.use_cache:
                cache = open_cache(on_warning=signals.warned.emit)  # the scan works without it
            context = ScanContext(self._on_progress, self.cancel_event, request.executor, cache)
            ignored = None
            if request.ignored is not None:
                store = IgnoreStore(on_notice=signals.ignore_noticed.emit)
                ignored = read_for_search(store, request.ignored)
            result: ScanResult | GroupsResult
            if isinstance(request, GroupsRequest):
                result = find_groups(
                    request.folders,
                    request.options,
                    request.grouping,
                    context,
                    reference_folders=request.reference_folders,
                    on_groups=signals.groups_found.emit,
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
            signals.failed.emit(exc)
        except CatalogueError as exc:  # damaged, foreign, of other settings: words, no trace
            signals.catalogue_refused.emit(exc)
        except BaseException as exc:  # nothing may leave a pool thread's run(): Qt would abort
            signals.crashed.emit(
                UnexpectedError(f"{type(exc).__name__}: {exc}", traceback.format_exc())
            )
        else:
            if isinstance(result, GroupsResult):
                signals.grouped.emit(result)
            else:
                signals.finished.emit(result)
        finally:
            if cache is not None:
                cache.close()

    def _on_progress(self, progress: Progress) -> None:
        self.signals.progressed.emit(progress)

    def _on_matches(self, matches: list[Match]) -> None:
        self.signals.matches_found.emit(matches)


__all__ = [
    "GroupsRequest",
    "ScanRequest",
    "ScanResult",
    "ScanSignals",
    "ScanWorker",
    "UnexpectedError",
]

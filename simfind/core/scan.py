"""Scan a folder against a reference: walk, fingerprint (in parallel), rank, verify.

The caller hears about the work through a progress callback (throttled) and
stops it with a cancel token (anything with ``is_set()``, e.g. threading.Event);
results found before a cancel are kept.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.errors import NotTextError, SkipReason, UsageError
from simfind.core.features import FeatureSettings, extract
from simfind.core.rank import CancelToken, Match, RankOptions, rank_matches
from simfind.core.simhash import fingerprint
from simfind.core.textio import DEFAULT_MAX_BYTES, DecodedText, read_text
from simfind.core.verify import Comparable, comparable
from simfind.core.walk import FileEntry, Skipped, WalkOptions, walk

#: Below this many bytes in all, a process pool costs more than it saves.
SMALL_SCAN_BYTES = 8 * 1024 * 1024
#: Files sent to a worker at once: amortises the pickling round trip.
_BATCH_FILES = 64
_BATCH_BYTES = 4 * 1024 * 1024
#: Progress reaches the caller at most this often (seconds).
PROGRESS_INTERVAL = 0.1


@dataclass(frozen=True)
class ScanOptions:
    features: FeatureSettings = field(default_factory=FeatureSettings)
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    jobs: int = 1
    rank: RankOptions = field(default_factory=RankOptions)


@dataclass(frozen=True)
class Progress:
    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    current: str
    elapsed: float


@dataclass(frozen=True)
class Fingerprinted:
    entry: FileEntry
    fingerprint: int
    encoding: str


@dataclass
class ScanResult:
    reference: Path
    directory: Path
    bits: int
    reference_fingerprint: int
    matches: list[Match] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    cancelled: bool = False
    bytes_read: int = 0
    elapsed: float = 0.0


ProgressCallback = Callable[[Progress], None]


def fingerprint_text(decoded: DecodedText, settings: FeatureSettings) -> int:
    """The fingerprint of a decoded text; an empty text has none."""
    features = extract(decoded.text, settings)
    if len(features.hashes) == 0:
        raise NotTextError(SkipReason.EMPTY, "no words or characters to compare")
    return fingerprint(features, settings.bits)


def fingerprint_file(
    path: str | os.PathLike[str], settings: FeatureSettings, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[int, str]:
    """(fingerprint, encoding) of one file; NotTextError says why there is none."""
    decoded = read_text(path, max_bytes)
    return fingerprint_text(decoded, settings), decoded.encoding


# One outcome per file, made of plain values so it crosses process boundaries cheaply:
# (index, fingerprint or None, encoding or skip reason, detail)
_Outcome = tuple[int, int | None, str, str]


def _fingerprint_batch(
    batch: Sequence[tuple[int, str]], settings: FeatureSettings, max_bytes: int
) -> list[_Outcome]:
    outcomes: list[_Outcome] = []
    for index, path in batch:
        try:
            value, encoding = fingerprint_file(path, settings, max_bytes)
        except NotTextError as exc:
            outcomes.append((index, None, exc.reason.value, exc.detail))
        except Exception as exc:  # a bug or an OS surprise must not end the scan
            outcomes.append((index, None, SkipReason.ERROR.value, f"{type(exc).__name__}: {exc}"))
        else:
            outcomes.append((index, value, encoding, ""))
    return outcomes


def _batches(entries: Sequence[FileEntry]) -> Iterator[list[tuple[int, str]]]:
    batch: list[tuple[int, str]] = []
    size = 0
    for index, entry in enumerate(entries):
        batch.append((index, os.fspath(entry.path)))
        size += entry.size
        if len(batch) >= _BATCH_FILES or size >= _BATCH_BYTES:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def make_pool(jobs: int) -> ProcessPoolExecutor:
    """A worker pool that is safe beside Qt threads and in a frozen bundle (spawn)."""
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))


def default_jobs() -> int:
    return max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


class _Reporter:
    """Throttles progress calls to one per PROGRESS_INTERVAL, plus the last."""

    def __init__(self, callback: ProgressCallback | None, files: int, total_bytes: int) -> None:
        self.callback = callback
        self.files_total = files
        self.bytes_total = total_bytes
        self.files_done = 0
        self.bytes_done = 0
        self.started = time.monotonic()
        self.last = 0.0

    def advance(self, entry: FileEntry, force: bool = False) -> None:
        self.files_done += 1
        self.bytes_done += entry.size
        self.emit(entry.rel, force)

    def emit(self, current: str, force: bool = False) -> None:
        now = time.monotonic()
        if self.callback is None or (not force and now - self.last < PROGRESS_INTERVAL):
            return
        self.last = now
        self.callback(
            Progress(
                self.files_done,
                self.files_total,
                self.bytes_done,
                self.bytes_total,
                current,
                now - self.started,
            )
        )


def fingerprint_entries(
    entries: Sequence[FileEntry],
    options: ScanOptions,
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    executor: Executor | None = None,
) -> Iterator[Fingerprinted | Skipped]:
    """Fingerprint files, in a pool when one is given or worth starting.

    Yields as results arrive (not in input order). Stops early when cancelled.
    """
    reporter = _Reporter(progress, len(entries), sum(e.size for e in entries))
    reporter.emit("", force=True)
    total = reporter.bytes_total
    own_pool = None
    if executor is None and options.jobs > 1 and total >= SMALL_SCAN_BYTES:
        executor = own_pool = make_pool(options.jobs)
    try:
        if executor is None:
            outcomes: Iterable[list[_Outcome]] = _inline(entries, options, cancel)
        else:
            outcomes = _pooled(executor, entries, options, cancel)
        for outcome_batch in outcomes:
            for index, value, encoding, detail in outcome_batch:
                entry = entries[index]
                reporter.advance(entry)
                if value is None:
                    yield Skipped(entry.path, entry.rel, SkipReason(encoding), detail)
                else:
                    yield Fingerprinted(entry, value, encoding)
            if cancel is not None and cancel.is_set():
                return
    finally:
        reporter.emit("", force=True)
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)


def _inline(
    entries: Sequence[FileEntry], options: ScanOptions, cancel: CancelToken | None
) -> Iterator[list[_Outcome]]:
    for index, entry in enumerate(entries):
        if cancel is not None and cancel.is_set():
            return
        yield _fingerprint_batch(
            [(index, os.fspath(entry.path))], options.features, options.max_bytes
        )


def _pooled(
    executor: Executor,
    entries: Sequence[FileEntry],
    options: ScanOptions,
    cancel: CancelToken | None,
) -> Iterator[list[_Outcome]]:
    """Keep a few batches per worker in flight; yield each as it completes."""
    pending: set[Future[list[_Outcome]]] = set()
    limit = 2 * max(1, options.jobs)
    batches = _batches(entries)
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < limit:
                if cancel is not None and cancel.is_set():
                    exhausted = True
                    break
                batch = next(batches, None)
                if batch is None:
                    exhausted = True
                    break
                pending.add(
                    executor.submit(_fingerprint_batch, batch, options.features, options.max_bytes)
                )
            if not pending:
                return
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            if cancel is not None and cancel.is_set():
                return
    finally:
        for future in pending:
            future.cancel()


def load_reference(reference: Path, options: ScanOptions) -> tuple[int, Comparable, os.stat_result]:
    """Fingerprint and comparable form of the reference, or a UsageError naming the problem."""
    try:
        info = reference.stat()
    except FileNotFoundError as exc:
        raise UsageError(f"reference file not found: {reference}") from exc
    except OSError as exc:
        raise UsageError(f"reference file cannot be read: {reference}: {exc.strerror}") from exc
    if not reference.is_file():
        raise UsageError(f"reference is not a regular file: {reference}")
    try:
        decoded = read_text(reference, options.max_bytes)
        value = fingerprint_text(decoded, options.features)
    except NotTextError as exc:
        raise UsageError(f"reference file is not usable as text ({exc}): {reference}") from exc
    return value, comparable(decoded.text, options.features), info


def check_directory(directory: Path) -> None:
    if not directory.exists():
        raise UsageError(f"folder not found: {directory}")
    if not directory.is_dir():
        raise UsageError(f"not a folder: {directory}")
    try:
        with os.scandir(directory):
            pass
    except OSError as exc:
        raise UsageError(f"folder cannot be read: {directory}: {exc.strerror}") from exc


def _file_loader(options: ScanOptions) -> Callable[[Match], Comparable | None]:
    def load(match: Match) -> Comparable | None:
        try:
            decoded = read_text(match.path, options.max_bytes)
        except NotTextError:
            return None
        return comparable(decoded.text, options.features)

    return load


def scan(
    reference: Path,
    directory: Path,
    options: ScanOptions = ScanOptions(),
    progress: ProgressCallback | None = None,
    cancel: CancelToken | None = None,
    executor: Executor | None = None,
) -> ScanResult:
    """Compare every text file below ``directory`` with ``reference``."""
    started = time.monotonic()
    check_directory(directory)
    ref_value, ref_comparable, ref_stat = load_reference(reference, options)
    result = ScanResult(reference, directory, options.features.bits, ref_value)
    entries: list[FileEntry] = []
    for found in walk(directory, options.walk):
        if isinstance(found, Skipped):
            result.skipped.append(found)
        else:
            entries.append(found)
    ref_key = (ref_stat.st_dev, ref_stat.st_ino)
    for item in fingerprint_entries(entries, options, progress, cancel, executor):
        if isinstance(item, Skipped):
            result.skipped.append(item)
            continue
        entry = item.entry
        result.bytes_read += entry.size
        result.matches.append(
            Match(
                path=entry.path,
                rel=entry.rel,
                size=entry.size,
                mtime_ns=entry.mtime_ns,
                encoding=item.encoding,
                fingerprint=item.fingerprint,
                distance=0,
                is_reference=(entry.dev, entry.ino) == ref_key,
            )
        )
    result.cancelled = cancel is not None and cancel.is_set()
    rank_matches(
        result.matches,
        ref_value,
        ref_comparable,
        options.features,
        options.rank,
        _file_loader(options),
        cancel,
    )
    result.skipped.sort(key=lambda s: s.rel)
    result.elapsed = time.monotonic() - started
    return result


__all__ = [
    "Fingerprinted",
    "Match",
    "Progress",
    "ScanOptions",
    "ScanResult",
    "check_directory",
    "default_jobs",
    "fingerprint_entries",
    "fingerprint_file",
    "fingerprint_text",
    "load_reference",
    "make_pool",
    "scan",
]

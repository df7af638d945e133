"""Scan a folder against a reference: walk, fingerprint (cached, in parallel), rank, verify.

The caller hears about the work through the context's progress callback
(throttled) and stops it with its cancel token; results found before a cancel
are kept.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path

from simfind.core.cache import default_cache_dir
from simfind.core.context import ScanContext
from simfind.core.errors import InputError, InputProblem, NotTextError
from simfind.core.features import FeatureSettings
from simfind.core.fingerprinting import Fingerprinted, Job, fingerprint_entries, fingerprint_text
from simfind.core.inputs import check_folder, check_listing, check_reference
from simfind.core.pool import make_pool, pays_off
from simfind.core.progress import VerifyProgress
from simfind.core.rank import (
    Match,
    RankOptions,
    VerifiedBatches,
    Verifier,
    batches,
    rank_matches,
)
from simfind.core.simhash import hamming
from simfind.core.textio import DEFAULT_MAX_BYTES, read_text
from simfind.core.verify import Comparable, comparable, similarity
from simfind.core.walk import FileEntry, Skipped, WalkOptions, walk

#: New matches reach ``on_matches`` at most this often (seconds).
STREAM_INTERVAL = 0.1
#: How often a wait on the pool looks at the cancel token (seconds).
CANCEL_POLL = 0.05


@dataclass(frozen=True)
class ScanOptions:
    features: FeatureSettings = field(default_factory=FeatureSettings)
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    jobs: int = 1
    rank: RankOptions = field(default_factory=RankOptions)
    #: Compare plain text files only: documents (Word, PDF, ...) are not read for their
    #: text; they are skipped as binary, and web pages are compared with their tags.
    text_only: bool = False

    @property
    def job(self) -> Job:
        return Job(self.features, self.max_bytes, self.jobs, documents=not self.text_only)


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

    @property
    def compared(self) -> int:
        """How many files (the reference aside) were compared exactly; after a cancel,
        only the nearest of those found, or none."""
        return sum(1 for m in self.matches if m.similarity is not None and not m.is_reference)


def load_reference(reference: Path, options: ScanOptions) -> tuple[int, Comparable, os.stat_result]:
    """Fingerprint and comparable form of the reference, or an InputError saying what is wrong."""
    info = check_reference(reference)
    try:
        decoded = read_text(reference, options.max_bytes, documents=not options.text_only)
        value = fingerprint_text(decoded, options.features)
    except NotTextError as exc:
        problem = InputProblem.REFERENCE_NOT_TEXT
        raise InputError(problem, reference, reason=exc.reason, detail=exc.detail) from exc
    return value, comparable(decoded.text, options.features), info


def similarities(
    reference: Comparable,
    paths: list[str],
    settings: FeatureSettings,
    max_bytes: int,
    documents: bool = True,
) -> list[float | None]:
    """Exact similarity of files to the reference (None where a file cannot be read).

    A module-level function of plain arguments, so a worker process can run it.
    """
    values: list[float | None] = []
    for path in paths:
        try:
            decoded = read_text(path, max_bytes, documents)
        except NotTextError:
            values.append(None)
            continue
        values.append(similarity(reference, comparable(decoded.text, settings), settings))
    return values


def _verifier(reference: Comparable, options: ScanOptions, executor: Executor | None) -> Verifier:
    """Verification in the given pool (keeps a GUI process idle), in a pool of its
    own when there is much to read and several jobs are allowed, else inline."""

    def task(batch: list[Match]) -> tuple[Comparable, list[str], FeatureSettings, int, bool]:
        """The arguments of ``similarities`` for one batch."""
        paths = [os.fspath(m.path) for m in batch]
        return reference, paths, options.features, options.max_bytes, not options.text_only

    def inline(candidates: list[Match]) -> VerifiedBatches:
        for batch in batches(candidates):
            yield batch, similarities(*task(batch))

    def pooled(candidates: list[Match], pool: Executor) -> VerifiedBatches:
        """A few batches per worker in flight, so that every worker stays busy."""
        todo = batches(candidates)
        running: dict[Future[list[float | None]], list[Match]] = {}
        try:
            while True:
                for batch in islice(todo, 2 * max(1, options.jobs) - len(running)):
                    running[pool.submit(similarities, *task(batch))] = batch
                if not running:
                    return
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield running.pop(future), future.result()
        finally:
            for future in running:  # closed early: the batches not yet started are dropped
                future.cancel()

    def verify(candidates: list[Match]) -> VerifiedBatches:
        if executor is not None:
            yield from pooled(candidates, executor)
        elif pays_off(
            options.jobs,
            sum(m.size for m in candidates),
            max((m.size for m in candidates), default=0),
        ):
            own_pool, completed = make_pool(options.jobs), False
            try:
                yield from pooled(candidates, own_pool)
                completed = True
            finally:
                own_pool.finish(completed)  # closed early or interrupted: at once
        else:
            yield from inline(candidates)

    return verify


def collect(
    directory: Path,
    options: ScanOptions,
    on_fingerprint: Callable[[Fingerprinted], None],
    context: ScanContext | None = None,
) -> tuple[list[Skipped], int]:
    """Walk and fingerprint a folder; hands over each fingerprint as it comes.

    Returns the skipped entries (sorted by path) and the bytes actually read.
    """
    context = context or ScanContext()
    skipped: list[Skipped] = []
    entries: list[FileEntry] = []
    for found in walk(directory, options.walk, _own_folders(context)):
        if context.cancelled:
            return skipped, 0
        if isinstance(found, Skipped):
            skipped.append(found)
        else:
            entries.append(found)
    bytes_read = 0
    for item in fingerprint_entries(entries, options.job, context, directory):
        if isinstance(item, Skipped):
            skipped.append(item)
            continue
        if not item.cached:
            bytes_read += item.entry.size
        on_fingerprint(item)
    skipped.sort(key=lambda s: s.rel)
    return skipped, bytes_read


def _own_folders(context: ScanContext) -> frozenset[tuple[int, int]]:
    """simfind's cache folders, which a walk leaves out (they change while it runs)."""
    folders = [default_cache_dir()]
    if context.cache is not None:
        folders.append(context.cache.folder)
    keys = set()
    for folder in folders:
        try:
            info = folder.stat()
        except OSError:
            continue
        keys.add((info.st_dev, info.st_ino))
    return frozenset(keys)


class _Batcher:
    """Hands copies of new matches to a callback, at most every STREAM_INTERVAL seconds."""

    def __init__(self, callback: Callable[[list[Match]], None] | None) -> None:
        self.callback = callback
        self.pending: list[Match] = []
        self.last = time.monotonic()

    def add(self, match: Match) -> None:
        if self.callback is None:
            return
        self.pending.append(replace(match))
        if time.monotonic() - self.last >= STREAM_INTERVAL:
            self.flush()

    def flush(self) -> None:
        if self.callback is not None and self.pending:
            self.callback(self.pending)
        self.pending = []
        self.last = time.monotonic()


def scan(
    reference: Path,
    directory: Path,
    options: ScanOptions = ScanOptions(),
    context: ScanContext | None = None,
    on_matches: Callable[[list[Match]], None] | None = None,
) -> ScanResult:
    """Compare every text file below ``directory`` with ``reference``.

    ``on_matches`` hears of files as they are fingerprinted, in batches a few
    times a second (copies, with their distance; not yet verified), so that a
    window can show them while the scan runs.
    """
    started = time.monotonic()
    context = context or ScanContext()
    executor = context.executor
    directory = Path(os.path.abspath(directory))
    check_folder(directory)
    check_listing(directory)
    check_reference(reference)
    if executor is None:
        ref_value, ref_comparable, ref_stat = load_reference(reference, options)
    else:
        # In the pool, as all reading and fingerprinting is when there is one: a large
        # reference (or the segmenter's first load) would hold this process's GIL.
        task = executor.submit(load_reference, Path(os.path.abspath(reference)), options)
        while not wait([task], timeout=CANCEL_POLL).done:
            if context.cancelled:  # the pool may still be starting
                task.cancel()
                bits = options.features.bits
                return ScanResult(reference, directory, bits, 0, cancelled=True)
        ref_value, ref_comparable, ref_stat = task.result()
    result = ScanResult(reference, directory, options.features.bits, ref_value)
    ref_key = (ref_stat.st_dev, ref_stat.st_ino)
    stream = _Batcher(on_matches)

    def on_fingerprint(item: Fingerprinted) -> None:
        entry = item.entry
        match = Match(
            path=entry.path,
            rel=entry.rel,
            size=entry.size,
            mtime_ns=entry.mtime_ns,
            encoding=item.encoding,
            fingerprint=item.fingerprint,
            format=item.format,
            distance=hamming(ref_value, item.fingerprint),
            is_reference=(entry.dev, entry.ino) == ref_key,
        )
        result.matches.append(match)
        stream.add(match)

    result.skipped, result.bytes_read = collect(directory, options, on_fingerprint, context)
    stream.flush()
    verifying = VerifyProgress(context.progress)
    if context.cancelled and executor is None:
        # The few nearest files left to compare after a cancel are compared here, never
        # in a pool started for them (its start would cost more than their reading).
        verifier = _verifier(ref_comparable, replace(options, jobs=1), None)
    else:
        verifier = _verifier(ref_comparable, options, executor)
    rank_matches(
        result.matches,
        ref_value,
        options.features,
        options.rank,
        verifier,
        context.cancel,
        on_candidates=verifying.start,
        on_verified=verifying.advance,
    )
    verifying.finish()
    result.cancelled = context.cancelled
    result.elapsed = time.monotonic() - started
    return result


__all__ = [
    "Fingerprinted",
    "Match",
    "ScanContext",
    "ScanOptions",
    "ScanResult",
    "collect",
    "load_reference",
    "scan",
]

"""Scan a folder against a reference: walk, fingerprint (cached, in parallel), rank, verify.

The caller hears about the work through the context's progress callback
(throttled) and stops it with its cancel token; results found before a cancel
are kept.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Generator
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass, replace
from pathlib import Path

from simfind.core.base.errors import InputError, InputProblem, NotTextError
from simfind.core.base.paths import FileVersion, absolute
from simfind.core.cache.catalogue_store import Catalogue, looks_like_catalogue, open_catalogue
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.cache.prepared import CachedPrepared
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.containment import Exact, compare
from simfind.core.compare.verify import (
    MEASURE,
    PACKING,
    Comparable,
    comparable,
    comparables,
    pack_tokens,
    unpack_tokens,
)
from simfind.core.fingerprint.simhash import hamming
from simfind.core.runs.batching import in_flight
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.progress import Reporter, VerifyProgress
from simfind.core.scan import folders
from simfind.core.scan import memo as scan_memo
from simfind.core.scan.catalogued import catalogue_verifier, catalogued
from simfind.core.scan.context import ScanContext
from simfind.core.scan.copies import by_bytes, copies_of
from simfind.core.scan.fingerprinting import (
    Fingerprinted,
    fingerprint_and_sample,
    fingerprint_entries,
)
from simfind.core.scan.folders import Walked
from simfind.core.scan.inputs import check_folder, check_listing, check_reference
from simfind.core.scan.match import walked_match
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import (
    VERIFY_BATCH,
    Match,
    RankOptions,
    VerifiedBatches,
    Verifier,
    batches,
    rank_matches,
)
from simfind.core.scan.walk import Skipped
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureSettings
from simfind.core.text.given import GivenText, TextInput
from simfind.core.text.reading import read_text

# The channel -v prints ("core.scan: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.scan")

#: New matches reach ``on_matches`` at most this often (seconds).
STREAM_INTERVAL = 0.1
#: How often a wait on the pool looks at the cancel token (seconds).
CANCEL_POLL = 0.05


@dataclass(frozen=True)
class Reference:
    """What a scan needs of its reference (a file, or a text given as it is)."""

    fingerprint: int
    comparable: Comparable
    #: The file's status (None for a given text: no file, so no row is the reference).
    stat: os.stat_result | None
    #: Its bottom-k sketch, packed (sketch.pack).
    sketch: bytes
    #: Its sample for the excerpt index (excerpts.samples).
    sample: bytes = b""
    #: Its bytes hashed (decoding.DecodedText.digest).
    digest: bytes = b""
    #: Its size in bytes (a given text's in UTF-8), to tell a short reference (rank.py).
    size: int = 0


def _ranked_for(result: ScanResult, reference_size: int) -> RankOptions:
    """The ranking the scan uses: containment for a short reference where asked (rank.py)."""
    sizes = [m.size for m in result.matches if not m.is_reference]
    return result.rank.for_reference(reference_size, sizes)


def load_reference(reference: TextInput, options: ScanOptions) -> Reference:
    """Fingerprint and comparable form of the reference, or an InputError saying what is wrong."""
    if isinstance(reference, GivenText):
        try:
            decoded = reference.decoded()
            value, sketch, sample = fingerprint_and_sample(decoded, options.features)
        except NotTextError as exc:  # no word to fingerprint: as blank as an empty text
            raise InputError(InputProblem.REFERENCE_TEXT_EMPTY) from exc
        form = comparable(decoded.text, options.features)
        size = len(decoded.text.encode("utf-8", "surrogatepass"))
        return Reference(value, form, None, sketch, sample, decoded.digest, size)
    info = check_reference(reference)
    try:
        decoded = read_text(reference, options.max_bytes, documents=not options.text_only)
        value, sketch, sample = fingerprint_and_sample(decoded, options.features)
    except NotTextError as exc:
        problem = InputProblem.REFERENCE_NOT_TEXT
        raise InputError(problem, reference, reason=exc.reason, detail=exc.detail) from exc
    form = comparable(decoded.text, options.features)
    return Reference(value, form, info, sketch, sample, decoded.digest, info.st_size)


def similarities(
    reference: Comparable,
    paths: list[str],
    settings: FeatureSettings,
    max_bytes: int,
    keep: bool = True,
    documents: bool = True,
    common: Boilerplate = boilerplate.NONE,
) -> list[tuple[Exact | None, CachedPrepared | None]]:
    """Exact comparison of files with the reference, with each file's prepared text.

    None where a file cannot be read (and no prepared text unless ``keep``). A
    module-level function of plain arguments, so a worker process can run it.
    """
    texts: list[DecodedText | None] = []
    for path in paths:
        try:
            texts.append(read_text(path, max_bytes, documents))
        except NotTextError:
            texts.append(None)
    readable = [decoded for decoded in texts if decoded is not None]
    prepared = iter(comparables([d.text for d in readable], settings))
    values: list[tuple[Exact | None, CachedPrepared | None]] = []
    for decoded in texts:
        if decoded is None:
            values.append((None, None))
            continue
        form = next(prepared)
        data = None
        if keep:
            data = CachedPrepared(decoded.version, form.normalized, pack_tokens(form))
        values.append((compare(reference, form, common), data))
    return values


#: One file's exact comparison: (what it found, its prepared text to cache), or Nones.
Compared = tuple[Exact | None, CachedPrepared | None]
ComparedBatches = Generator[tuple[list[Match], list[Compared]], None, None]


def prepared_key(options: ScanOptions) -> str:
    """The cache's key of prepared texts: the fingerprints' (settings, how files became
    text), the measure's and its packing's. Groups read and keep them under it too."""
    return f"{options.job.cache_key()}-{MEASURE}-{PACKING}"


def _verifier(
    reference: Comparable,
    options: ScanOptions,
    executor: Executor | None,
    cache: FingerprintCache | None,
    common: Boilerplate = boilerplate.NONE,
) -> Verifier:
    """Exact comparison of the candidates with the reference.

    What a file's comparison needs (its prepared text) comes from the cache
    when the file is unchanged, so a rescan reads none of them again; the rest
    are read in the given pool (keeps a GUI process idle), in a pool of their
    own when there is much to read and several jobs are allowed, else inline,
    and what they prepared is cached.
    """
    settings = options.features
    key = prepared_key(options)

    def task(
        batch: list[Match],
    ) -> tuple[Comparable, list[str], FeatureSettings, int, bool, bool, Boilerplate]:
        """The arguments of ``similarities`` for one batch."""
        paths = [os.fspath(m.path) for m in batch]
        keep = cache is not None
        documents = not options.text_only
        return reference, paths, settings, options.max_bytes, keep, documents, common

    def inline(candidates: list[Match]) -> ComparedBatches:
        for batch in batches(candidates):
            yield batch, similarities(*task(batch))

    def pooled(candidates: list[Match], pool: Executor) -> ComparedBatches:
        """A few batches per worker in flight, so that every worker stays busy."""

        def submit(batch: list[Match]) -> Future[list[Compared]]:
            return pool.submit(similarities, *task(batch))

        yield from in_flight(batches(candidates), submit, 2 * max(1, options.jobs))

    def from_cache(candidates: list[Match]) -> tuple[list[Match], list[Exact], list[Match]]:
        """(candidates compared from the cache, what their comparison found, the rest)."""
        if cache is None:
            return [], [], candidates
        known = cache.lookup_prepared([m.path for m in candidates], key)
        done: list[Match] = []
        values: list[Exact] = []
        rest: list[Match] = []
        for match in candidates:
            hit = known.get(cache.key(match.path))
            prepared = _unpacked(hit) if hit is not None and _unchanged(hit, match) else None
            if prepared is None:
                rest.append(match)  # prepared again, and stored in its place
                continue
            done.append(match)
            values.append(compare(reference, prepared, common))
        return done, values, rest

    def verify(candidates: list[Match]) -> VerifiedBatches:
        done, values, rest = from_cache(candidates)
        log.info(
            "exact comparisons: %d candidates, %d of their texts from the cache",
            len(candidates),
            len(done),
        )
        for start in range(0, len(done), VERIFY_BATCH * 4):
            chunk = slice(start, start + VERIFY_BATCH * 4)
            yield done[chunk], list[Exact | float | None](values[chunk])
        if not rest:
            return
        if executor is not None:
            compared = pooled(rest, executor)
        elif pays_off(
            options.jobs, sum(m.size for m in rest), max((m.size for m in rest), default=0)
        ):
            compared = _in_own_pool(rest, options.jobs, pooled)
        else:
            compared = inline(rest)
        fresh: list[tuple[Path, CachedPrepared]] = []
        try:
            for batch, results in compared:
                for match, (_, data) in zip(batch, results, strict=True):
                    if data is not None:
                        fresh.append((match.path, data))
                yield batch, [value for value, _ in results]
        finally:
            compared.close()
            if cache is not None and fresh:
                cache.store_prepared(key, fresh)

    return verify


def _unpacked(hit: CachedPrepared) -> Comparable | None:
    """A cached prepared text, or None for one that makes no sense (a damaged row)."""
    try:
        return unpack_tokens(hit.words, hit.normalized)
    except ValueError:
        return None


def _unchanged(hit: CachedPrepared, match: Match) -> bool:
    """Whether a prepared text is of the file as walked: its size, times and inode, so
    that two files of one size and time swapped with ``mv`` are prepared again."""
    return hit.version == FileVersion.of(match)


def _in_own_pool(
    candidates: list[Match], jobs: int, pooled: Callable[[list[Match], Executor], ComparedBatches]
) -> ComparedBatches:
    own_pool, completed = make_pool(jobs), False
    try:
        yield from pooled(candidates, own_pool)
        completed = True
    finally:
        own_pool.finish(completed)  # closed early or interrupted: at once


def walk_folder(directory: Path, options: ScanOptions, context: ScanContext) -> Walked:
    """folders.walk_folder with the scan's walk options."""
    return folders.walk_folder(directory, options.walk, context)


def collect(
    directory: Path,
    options: ScanOptions,
    on_fingerprint: Callable[[Fingerprinted], None],
    context: ScanContext | None = None,
    walked: Walked | None = None,
    sketches: bool = True,
) -> tuple[list[Skipped], int]:
    """Walk (unless ``walked`` gives the walk's outcome) and fingerprint a folder; hands
    over each fingerprint as it comes (those from the cache without their sketch unless
    ``sketches``: a grouping uses none).

    Returns the skipped entries (sorted by path) and the bytes actually read.
    """
    context = context or ScanContext()
    entries, skipped = walked or walk_folder(directory, options, context)
    skipped = list(skipped)
    if context.cancelled:
        return skipped, 0
    bytes_read = 0
    for item in fingerprint_entries(entries, options.job, context, directory, sketches):
        if isinstance(item, Skipped):
            skipped.append(item)
            continue
        if not item.cached:
            bytes_read += item.entry.size
        on_fingerprint(item)
    skipped.sort(key=lambda s: s.rel)
    return skipped, bytes_read


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
    reference: TextInput,
    directory: Path,
    options: ScanOptions = ScanOptions(),
    context: ScanContext | None = None,
    on_matches: Callable[[list[Match]], None] | None = None,
) -> ScanResult:
    """Compare every text file below ``directory`` with ``reference``.

    ``on_matches`` hears of files as they are fingerprinted, in batches a few
    times a second (copies, with their distance; not yet verified), so that a
    window can show them while the scan runs. The reference may be a text given as
    it is (GivenText): then no file is the reference, and no answer is kept (memo).
    ``directory`` may be a catalogue (core.catalogue) instead: its files are compared as
    they were catalogued, whether their drive is here or not.
    """
    directory = Path(os.path.abspath(directory))
    if looks_like_catalogue(directory):
        with open_catalogue(directory) as catalogue:
            result = _scan(reference, directory, options, context, on_matches, catalogue)
    else:
        check_folder(directory)
        check_listing(directory)
        result = _scan(reference, directory, options, context, on_matches)
    result.reading = options.reading(result.boilerplate)
    return result


def _scan(
    reference: TextInput,
    directory: Path,
    options: ScanOptions,
    context: ScanContext | None,
    on_matches: Callable[[list[Match]], None] | None,
    catalogue: Catalogue | None = None,
) -> ScanResult:
    started = time.monotonic()
    context = context or ScanContext()
    executor = context.executor
    info = None if isinstance(reference, GivenText) else check_reference(reference)
    try:
        if executor is None:
            loaded = load_reference(reference, options)
        else:
            # In the pool, as all reading and fingerprinting is when there is one: a large
            # reference (or the segmenter's first load) would hold this process's GIL.
            given = reference if isinstance(reference, GivenText) else absolute(reference)
            task = executor.submit(load_reference, given, options)
            while not wait([task], timeout=CANCEL_POLL).done:
                if context.cancelled:  # the pool may still be starting
                    task.cancel()
                    bits = options.features.bits
                    return ScanResult(
                        reference, directory, bits, 0, cancelled=True, rank=options.rank
                    )
            loaded = task.result()
    except InputError as exc:
        if info is None or not isinstance(reference, Path) or not by_bytes(exc, options):
            raise
        if catalogue is not None:  # a catalogue holds texts' fingerprints, not all bytes
            raise
        # No text: its copies, by their bytes (copies.py), rather than a refusal.
        walked = walk_folder(directory, options, context)
        return copies_of(reference, info, exc, directory, options, context, walked, started)
    ref_value = loaded.fingerprint
    shown = f"a text ({reference.source.value})" if isinstance(reference, GivenText) else reference
    log.info("reference: %s read in %.3f s", shown, time.monotonic() - started)
    result = ScanResult(reference, directory, options.features.bits, ref_value, rank=options.rank)
    result.reference_digest = loaded.digest
    ref_key = None if loaded.stat is None else (loaded.stat.st_dev, loaded.stat.st_ino)
    stream = _Batcher(on_matches)

    def on_fingerprint(item: Fingerprinted) -> None:
        entry = item.entry
        match = walked_match(
            entry,
            item.encoding,
            item.fingerprint,
            format=item.format,
            distance=hamming(ref_value, item.fingerprint),
            is_reference=(entry.dev, entry.ino) == ref_key,
            sketch=item.sketch,
            sample=item.sample,
            digest=item.digest,
            catalogue=None if catalogue is None else directory,
        )
        match.identical = not match.is_reference and _same_bytes(item.digest, loaded.digest)
        result.matches.append(match)
        stream.add(match)

    if catalogue is not None:
        for item in catalogued(catalogue, options):
            on_fingerprint(item)
        stream.flush()
        return _ranked(result, loaded, options, context, started, catalogue)
    mark = time.monotonic()
    walked = walk_folder(directory, options, context)
    log.info(
        "walk: %s: %d files, %d entries skipped in %.3f s",
        directory,
        len(walked[0]),
        len(walked[1]),
        time.monotonic() - mark,
    )
    memo = _Memo(context, reference, loaded.stat, directory, options, walked)
    if memo.answer(result):
        result.rank = _ranked_for(result, loaded.size)
        result.elapsed = time.monotonic() - started
        log.info("the stored answer of the same scan, the folder unchanged: nothing read")
        return result
    result.skipped, result.bytes_read = collect(directory, options, on_fingerprint, context, walked)
    stream.flush()
    _ranked(result, loaded, options, context, started)
    memo.keep(result)
    return result


def _ranked(
    result: ScanResult,
    loaded: Reference,
    options: ScanOptions,
    context: ScanContext,
    started: float,
    catalogue: Catalogue | None = None,
) -> ScanResult:
    """The scan's files ranked, the nearest verified (from a catalogue: exactly where
    its drive is here or it holds their texts, else estimated)."""
    executor = context.executor
    ref_value = loaded.fingerprint
    verifying = VerifyProgress(context.progress)
    result.boilerplate = folder_boilerplate(result.matches, loaded.sample)
    common = result.boilerplate
    if context.cancelled and executor is None:
        # The few nearest files left to compare after a cancel are compared here, never
        # in a pool started for them (its start would cost more than their reading).
        one = replace(options, jobs=1)
        verifier = _verifier(loaded.comparable, one, None, context.cache, common)
    else:
        verifier = _verifier(loaded.comparable, options, executor, context.cache, common)
    if catalogue is not None:
        verifier = catalogue_verifier(
            catalogue, loaded.comparable, loaded.sketch, options, verifier, common
        )
    result.rank = _ranked_for(result, loaded.size)
    rank_matches(
        result.matches,
        ref_value,
        options.features,
        result.rank,
        verifier,
        context.cancel,
        on_candidates=verifying.start,
        on_verified=verifying.advance,
        reference_sketch=loaded.sketch,
        reference_sample=loaded.sample,
    )
    verifying.finish()
    result.cancelled = context.cancelled
    result.elapsed = time.monotonic() - started
    if log.isEnabledFor(logging.DEBUG):
        for match in result.matches:
            if match.similarity is not None:
                log.debug(
                    "compared: %s (similarity %.4f, distance %d)",
                    match.rel,
                    match.similarity,
                    match.distance,
                )
    log.info("scan: %d files in %.3f s", len(result.matches), result.elapsed)
    return result


def _same_bytes(digest: bytes | None, other: bytes | None) -> bool:
    return bool(digest) and digest == other


def folder_boilerplate(matches: list[Match], reference_sample: bytes) -> Boilerplate:
    """The boilerplate of a scanned folder (boilerplate.py), from its files' samples and
    the reference's, when the reference is not one of them."""
    samples = [m.sample for m in matches]
    if not any(m.is_reference for m in matches):
        samples.append(reference_sample)
    return boilerplate.of_samples(samples)


class _Memo:
    """A scan's answer from the cache when the same question finds the folder unchanged
    (scan_memo), and the answer kept for the next time."""

    def __init__(
        self,
        context: ScanContext,
        reference: TextInput,
        info: os.stat_result | None,
        directory: Path,
        options: ScanOptions,
        walked: Walked,
    ) -> None:
        self.context = context
        self.entries = walked[0]
        self.key = self.digest = None
        # A given text has no version to key its answer by: its scan is not kept.
        given = isinstance(reference, GivenText) or info is None
        if context.cache is not None and not context.cancelled and not given:
            assert isinstance(reference, Path) and info is not None
            absolute = Path(os.path.abspath(reference))
            self.key = scan_memo.memo_key(absolute, info, directory, options)
            self.digest = scan_memo.walk_digest(*walked)

    def answer(self, result: ScanResult) -> bool:
        """Fill ``result`` with the stored answer, if there is one for this walk."""
        cache = self.context.cache
        if cache is None or self.key is None:
            return False
        found = cache.lookup_scan(self.key)
        if found is None or found[0] != self.digest:
            return False
        if scan_memo.unpack(found[1], result, self.entries) is None:
            cache.forget_scan(self.key)
            return False
        done = Reporter(self.context.progress, len(self.entries), 0)
        done.emit("", force=True)
        return True

    def keep(self, result: ScanResult) -> None:
        """Store a finished scan's answer (a cancelled one is not an answer)."""
        cache = self.context.cache
        if cache is None or self.key is None or self.digest is None or result.cancelled:
            return
        cache.store_scan(self.key, self.digest, scan_memo.pack(result))


__all__ = [
    "Fingerprinted",
    "Match",
    "Reference",
    "ScanContext",
    "ScanOptions",
    "ScanResult",
    "collect",
    "load_reference",
    "scan",
]

"""Fingerprint many files: cache first, then in-process or in a worker pool, with progress.

Workers receive paths and return plain tuples, so nothing large crosses a
process boundary. A batch of files is read, then fingerprinted in one
vectorised pass (``simhash.fingerprint_texts``): on a folder of small files
the per-call cost of a file at a time was most of the work.
"""

from __future__ import annotations

import logging
import os
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simfind.core.base.arrays import I64, U64, sorted_distinct
from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import (
    NO_TEXT_IN_BYTES,
    NotTextError,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.paths import FileVersion
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.cache.outcomes import CachedOutcome
from simfind.core.compare.boilerplate import edge_runs, edge_sample
from simfind.core.fingerprint.excerpts import sampled, samples
from simfind.core.fingerprint.simhash import fingerprints
from simfind.core.fingerprint.sketch import bottom_k, pack
from simfind.core.runs.batching import bounded_batches, in_flight
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.progress import CancelToken, Reporter
from simfind.core.scan.context import ScanContext
from simfind.core.scan.walk import FileEntry, Skipped
from simfind.core.text.documents import EXTRACTION_VERSION, ExtractionCancelled
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureBatch, FeatureSettings, batch_features
from simfind.core.text.reading import read_text
from simfind.core.text.shingles import features_of, owned_keys, owners_of

# The channel -v prints ("core.fingerprinting: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.fingerprinting")

#: Files sent to a worker at once: amortises the pickling round trip.
_BATCH_FILES = 64
_BATCH_BYTES = 4 * 1024 * 1024
#: In-process batches are smaller, so that a cancel is seen within a few tens of ms.
_INLINE_BATCH_BYTES = 512 * 1024
#: Outcomes that depend only on a file's bytes, so the cache may remember them (not
#: a timeout: that depends on the machine and how busy it was).
_CACHEABLE_SKIPS = NO_TEXT_IN_BYTES
#: Cache writes are grouped into transactions of about this many rows.
_CACHE_WRITE_ROWS = 512


# Slots, not frozen, as walk.FileEntry: one per file on a rescan. Never changed once made.
@dataclass(slots=True)
class Fingerprinted:
    entry: FileEntry
    fingerprint: int
    encoding: str
    cached: bool = False
    #: What the text was taken from: "text", or a document format ("docx", "pdf", ...).
    format: str = "text"
    #: The file's bottom-k sketch, packed (sketch.pack); None when not known.
    sketch: bytes | None = None
    #: Its sample for the excerpt index (excerpts.samples); None when not known.
    sample: bytes | None = None
    #: Its bytes hashed (decoding.DecodedText.digest); None when not known.
    digest: bytes | None = None
    #: The version of the file the digest is of (None: the version walked, as cached).
    read: FileVersion | None = None


#: The version of a file no outcome was read from.
_UNREAD = FileVersion(-1, -1)


@dataclass(frozen=True)
class SkippedRead(Skipped):
    """A file read whole and found to be no text (a binary file, say): its bytes hashed
    all the same, as the version read, so that comparing them with other files' bytes
    need not read it again."""

    version: FileVersion = _UNREAD
    digest: bytes = b""


@dataclass(frozen=True)
class Job:
    """How to fingerprint: the settings, the size cap, the workers, whether documents
    (Word, PDF, ...) are read for their text or only plain text files are compared."""

    settings: FeatureSettings
    max_bytes: int = DEFAULT_MAX_BYTES
    jobs: int = 1
    documents: bool = True

    def cache_key(self) -> str:
        """The feature settings and the way files became text: a cached fingerprint of a
        document is used again only if it was extracted the same way."""
        # text-only2: a document skipped as no text names its format (reading.read_text)
        reading = f"docs{EXTRACTION_VERSION}" if self.documents else "text-only2"
        # sniff1: archives, images and the like are no text by their first bytes (a zip of
        # stored members was read as UTF-16 before), and a binary file keeps its digest
        # edges1: a text's sample holds its edge runs (boilerplate.edge_runs)
        return f"{self.settings.key()}-{reading}-sniff1-edges1"


def fingerprint_text(decoded: DecodedText, settings: FeatureSettings) -> int:
    """The fingerprint of a decoded text; an empty text has none."""
    return fingerprint_and_sketch(decoded, settings)[0]


def fingerprint_and_sketch(decoded: DecodedText, settings: FeatureSettings) -> tuple[int, bytes]:
    """The fingerprint and packed sketch of a decoded text; an empty text has none."""
    value, packed, _ = fingerprint_and_sample(decoded, settings)
    return value, packed


def fingerprint_and_sample(
    decoded: DecodedText, settings: FeatureSettings
) -> tuple[int, bytes, bytes]:
    """The fingerprint, packed sketch and excerpt sample of a decoded text; an empty text
    has none."""
    value, packed, sample = fingerprint_all([decoded.text], settings)[0]
    if value is None:
        raise NotTextError(SkipReason.EMPTY, SkipDetail(SkipCause.NO_WORDS))
    return value, packed, sample


def fingerprint_texts(
    texts: Sequence[str], settings: FeatureSettings
) -> list[tuple[int | None, bytes]]:
    """(fingerprint or None when empty, packed sketch) of each text, computed together."""
    return [(value, packed) for value, packed, _ in fingerprint_all(texts, settings)]


def fingerprint_all(
    texts: Sequence[str], settings: FeatureSettings
) -> list[tuple[int | None, bytes, bytes]]:
    """(fingerprint or None, packed sketch, excerpt sample) of each text, together."""
    batch = batch_features(texts, settings)
    values = fingerprints(batch, settings.bits)
    owners, words = batch.owners[batch.words], batch.hashes[batch.words]
    sketches = bottom_k(owners, words, batch.texts)
    sampled = batch_samples(texts, batch, settings)
    return [
        (value, pack(row), sample)
        for value, row, sample in zip(values, sketches, sampled, strict=True)
    ]


def batch_samples(
    texts: Sequence[str], batch: FeatureBatch, settings: FeatureSettings
) -> list[bytes]:
    """The excerpt sample of each text of a batch (``batch_features(texts, settings)``).

    The sample holds the text's runs at either end too (labels): the batch's, and the
    long texts' (counted piece by piece) from their ends.
    """
    # Only the features a sample may hold (one in 2**SAMPLE_SHIFT) are sorted with the
    # edge runs' (which all may): sorting every feature was nine tenths of the step.
    keep = batch.words & sampled(batch.hashes)
    owners, words = batch.owners[keep], batch.hashes[keep]
    edge_owners, edges = batch_edges(texts, batch, settings)
    # One sort of (owner, feature) keys: each text's distinct values, ascending.
    keys = sorted_distinct(
        np.concatenate((owned_keys(owners, words), owned_keys(edge_owners, edges)))
    )
    return samples(owners_of(keys), features_of(keys), batch.texts)


def batch_edges(
    texts: Sequence[str], batch: FeatureBatch, settings: FeatureSettings
) -> tuple[I64, U64]:
    """The edge runs' sampled values of each text of a batch, and whose each is: the
    batch's, and the long texts' (counted piece by piece) from their ends."""
    edge_owners, edges = batch.edge_owners, edge_sample(batch.edges)
    missing = np.flatnonzero(
        (batch.tokens > 0) & (np.bincount(edge_owners, minlength=batch.texts) == 0)
    )
    if len(missing):
        more_owners, more = edge_runs([texts[i] for i in missing.tolist()], settings)
        edge_owners = np.concatenate((edge_owners, missing[more_owners]))
        edges = np.concatenate((edges, more))
    return edge_owners, edges


def fingerprint_file(
    path: str | os.PathLike[str],
    settings: FeatureSettings,
    max_bytes: int = DEFAULT_MAX_BYTES,
    documents: bool = True,
) -> tuple[int, str]:
    """(fingerprint, encoding) of one file; NotTextError says why there is none."""
    decoded = read_text(path, max_bytes, documents)
    return fingerprint_text(decoded, settings), decoded.encoding


# One outcome per file, in plain values that pickle cheaply: (index, fingerprint or None,
# encoding or skip reason, skip detail, the file's version as read, format,
# packed sketch, excerpt sample, digest of the bytes)
_Outcome = tuple[
    int,
    int | None,
    str,
    SkipDetail | None,
    FileVersion,
    str,
    bytes | None,
    bytes | None,
    bytes | None,
]


def _prefetch(paths: Sequence[str], max_bytes: int) -> None:
    """Ask the kernel to start reading a batch's files now (Linux, BSD).

    The reads then overlap the fingerprinting of the files before them: on a
    cold disk cache this made a first scan with two workers about a fifth
    faster. Only regular files within the size cap are touched, and nothing
    blocks: a file that cannot be opened is simply left to read_text.
    """
    if sys.platform in ("win32", "darwin"):  # no posix_fadvise there
        return
    advise = getattr(os, "posix_fadvise", None)
    if advise is None:
        return
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    for path in paths:
        try:
            fd = os.open(path, flags)
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and 0 < info.st_size <= max_bytes:
                advise(fd, 0, 0, os.POSIX_FADV_WILLNEED)
        except OSError:
            pass
        finally:
            os.close(fd)


def fingerprint_batch(
    batch: Sequence[tuple[int, str]], job: Job, cancel: CancelToken | None = None
) -> list[_Outcome]:
    """Read a batch's files, then fingerprint all their texts in one pass; in this
    process, a cancel also ends a long document."""
    if len(batch) > 1:
        _prefetch([path for _, path in batch], job.max_bytes)
    outcomes: list[_Outcome] = []
    texts: list[tuple[int, DecodedText]] = []
    for index, path in batch:
        try:
            texts.append((index, read_text(path, job.max_bytes, job.documents, cancel)))
        except ExtractionCancelled:
            break  # the scan is ending: this file and the rest have no outcome
        except NotTextError as exc:
            version, digest = exc.read if exc.read is not None else (_UNREAD, None)
            skip = (index, None, exc.reason.value, exc.detail, version, "", None, None, digest)
            outcomes.append(skip)
        except Exception as exc:  # a bug or an OS surprise must not end the scan
            outcomes.append(_failed(index, exc))
    try:
        results = fingerprint_all([decoded.text for _, decoded in texts], job.settings)
    except Exception as exc:  # as above; the batch's files are reported, not lost
        return outcomes + [_failed(index, exc) for index, _ in texts]
    for (index, decoded), (value, packed, sample) in zip(texts, results, strict=True):
        if value is None:
            detail = SkipDetail(SkipCause.NO_WORDS)
            empty = SkipReason.EMPTY.value
            outcomes.append((index, None, empty, detail, _UNREAD, "", None, None, None))
        else:
            form, digest, read = decoded.format, decoded.digest, decoded.version
            outcomes.append(
                (index, value, decoded.encoding, None, read, form, packed, sample, digest)
            )
    return outcomes


def _failed(index: int, exc: Exception) -> _Outcome:
    detail = SkipDetail(SkipCause.EXCEPTION, error=f"{type(exc).__name__}: {exc}")
    return (index, None, SkipReason.ERROR.value, detail, _UNREAD, "", None, None, None)


#: Documents cost more to read per byte than text (PDF about 1-2 MB/s, text tens):
#: they count this many times their size towards a batch, so that a batch of
#: documents stays short too (a cancel waits for a command line's own pool's batch).
_DOCUMENT_WEIGHT = 8
_DOCUMENT_SUFFIXES = frozenset(
    {".pdf", ".docx", ".docm", ".pptx", ".pptm", ".odt", ".odp", ".epub", ".rtf"}
)


def _cost(entry: FileEntry, job: Job) -> int:
    if job.documents and entry.path.suffix.lower() in _DOCUMENT_SUFFIXES:
        return entry.size * _DOCUMENT_WEIGHT
    return entry.size


def _batches(
    entries: Sequence[tuple[int, FileEntry]], job: Job, most_bytes: int = _BATCH_BYTES
) -> Iterator[list[tuple[int, str]]]:
    for batch in bounded_batches(entries, lambda e: _cost(e[1], job), _BATCH_FILES, most_bytes):
        yield [(index, os.fspath(entry.path)) for index, entry in batch]


def fingerprint_entries(
    entries: Sequence[FileEntry],
    job: Job,
    context: ScanContext | None = None,
    folder: Path | None = None,
    sketches: bool = True,
) -> Iterator[Fingerprinted | Skipped]:
    """Fingerprint files: answers from the cache first (without their sketches unless
    ``sketches``), the rest in-process or in a pool.

    Yields as results arrive (not in input order) and stops early when
    cancelled. A given pool is always used; one is started here only when
    none is given and the work is large enough to pay for it.
    """
    context = context or ScanContext()
    cancel, cache = context.cancel, context.cache
    started = time.monotonic()
    trace = log.isEnabledFor(logging.DEBUG)  # once: no per-file cost when not logging
    reporter = Reporter(context.progress, len(entries), sum(e.size for e in entries))
    reporter.emit("", force=True)
    settings_key = job.cache_key()
    bits = job.settings.bits
    known = cache.lookup_folder(folder, settings_key, bits, sketches) if cache and folder else {}
    todo: list[tuple[int, FileEntry]] = []
    for index, entry in enumerate(entries):
        hit = known.get(entry.rel) if known else None
        # A file now over the size limit is read (and refused) whatever the cache says.
        if hit is None or hit.version != FileVersion.of(entry) or entry.size > job.max_bytes:
            todo.append((index, entry))
            continue
        reporter.advance(entry)
        if trace:
            _trace("cached", entry, hit.fingerprint, hit.encoding, hit.format, hit.detail)
        if hit.fingerprint is None:
            reason = SkipReason(hit.encoding)
            if hit.digest is None:
                yield Skipped(entry.path, entry.rel, reason, hit.detail)
            else:
                yield SkippedRead(
                    entry.path, entry.rel, reason, hit.detail, hit.version, hit.digest
                )
        else:
            yield Fingerprinted(
                entry,
                hit.fingerprint,
                hit.encoding,
                True,
                hit.format,
                hit.sketch,
                hit.sample,
                hit.digest,
            )
    if context.cancelled:
        return
    executor, own_pool = context.executor, None
    sizes = [entry.size for _, entry in todo]
    if executor is None and pays_off(job.jobs, sum(sizes), max(sizes, default=0)):
        executor = own_pool = make_pool(job.jobs)
    log.info(
        "fingerprints: %d of %d files from the cache, %d to read (%d bytes) %s",
        len(entries) - len(todo),
        len(entries),
        len(todo),
        sum(sizes),
        "inline" if executor is None else f"in a pool of {job.jobs}",
    )
    fresh: list[tuple[Path, CachedOutcome]] = []
    completed = interrupted = False
    try:
        if executor is None:
            outcomes = _inline(todo, job, cancel)
        else:
            outcomes = _pooled(executor, todo, job, cancel)
        for outcome_batch in outcomes:
            for index, value, encoding, detail, read, form, packed, sample, digest in outcome_batch:
                entry = entries[index]
                reporter.advance(entry)
                if trace:
                    _trace("read", entry, value, encoding, form, detail)
                if value is None:
                    reason = SkipReason(encoding)
                    version = FileVersion.of(entry) if digest is None else read
                    if reason in _CACHEABLE_SKIPS:
                        outcome = CachedOutcome(version, None, encoding, detail, digest=digest)
                        fresh.append((entry.path, outcome))
                    if digest is None:
                        yield Skipped(entry.path, entry.rel, reason, detail)
                    else:
                        yield SkippedRead(entry.path, entry.rel, reason, detail, read, digest)
                else:
                    outcome = CachedOutcome(
                        read, value, encoding, None, form, packed, sample, digest
                    )
                    fresh.append((entry.path, outcome))
                    yield Fingerprinted(
                        entry,
                        value,
                        encoding,
                        format=form,
                        sketch=packed,
                        sample=sample,
                        digest=digest,
                        read=read,
                    )
            if len(fresh) >= _CACHE_WRITE_ROWS:
                _store(cache, settings_key, fresh)
            if context.cancelled:
                return
        completed = True
    except BaseException:
        interrupted = True  # Ctrl+C, or the caller stopped early: nothing may wait
        raise
    finally:
        if own_pool is not None:
            own_pool.finish(completed)  # a cut-short scan does not wait for running batches
        if not interrupted:
            _store(cache, settings_key, fresh)
        reporter.emit("", force=True)
        log.info("fingerprints: done in %.3f s", time.monotonic() - started)


def _trace(
    how: str,
    entry: FileEntry,
    value: int | None,
    encoding: str,
    form: str,
    detail: SkipDetail | None,
) -> None:
    """A file read or found in the cache ("how"): its format and encoding, or why it
    is skipped (``encoding`` holds the reason then)."""
    if value is not None:
        kind = f"{form}, {encoding}" if encoding else form  # a document may have none
        log.debug("%s: %s (%s, %d bytes)", how, entry.rel, kind, entry.size)
    else:
        cause = f": {detail.cause.value}" if detail is not None else ""
        log.debug("%s, skipped: %s (%s%s)", how, entry.rel, encoding, cause)


def _store(
    cache: FingerprintCache | None, settings_key: str, fresh: list[tuple[Path, CachedOutcome]]
) -> None:
    """Write what was learnt in one transaction, and forget it."""
    if cache is not None and fresh:
        cache.store(settings_key, fresh)
    fresh.clear()


def _inline(
    todo: Sequence[tuple[int, FileEntry]], job: Job, cancel: CancelToken | None
) -> Iterator[list[_Outcome]]:
    """In small batches (a cancel is seen after each), fingerprinted together."""
    for batch in _batches(todo, job, _INLINE_BATCH_BYTES):
        if cancel is not None and cancel.is_set():
            return
        yield fingerprint_batch(batch, job, cancel)


def _pooled(
    executor: Executor,
    todo: Sequence[tuple[int, FileEntry]],
    job: Job,
    cancel: CancelToken | None,
) -> Iterator[list[_Outcome]]:
    """Keep two batches per worker in flight; yield each as it completes."""

    def submit(batch: list[tuple[int, str]]) -> Future[list[_Outcome]]:
        return executor.submit(fingerprint_batch, batch, job)

    # (Without a token, a wait with no timeout: nothing to look at meanwhile.)
    for _batch, outcomes in in_flight(_batches(todo, job), submit, 2 * max(1, job.jobs), cancel):
        yield outcomes

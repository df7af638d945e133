"""Exact similarity of pairs of files, in worker processes: what grouping asks for.

A file takes part in many pairs where near-duplicates abound (dozens in a
folder of overlapping excerpts), and reading and cutting it into words costs
several times more than comparing two prepared texts. So each process keeps
the texts it read in a small cache (LRU, bounded by the words it holds, keyed
by path, size and modification time so that an edited file is read again),
and pairs arrive in an order that keeps neighbours together
(grouping.local_order). Two files with the same text are similar 1.0 without
being cut into words: 20,000 copies of a file cost 20,000 reads.

Given the fingerprint cache (``CachedTexts``), a text prepared before (by a scan
or an earlier grouping, kept in the cache's table of prepared texts) is taken
from there when its file is unchanged, neither read nor cut into words again:
each worker reads the table itself (cache_prepared.PreparedReader), and the
texts it had to prepare go back to this process, which keeps them for the next
time. Files with the same bytes (the digests the walk found) are similar 1.0
there too.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Generator, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import xxhash

from simfind.core.base.errors import NotTextError
from simfind.core.base.paths import FileVersion
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.cache.prepared import CachedPrepared, PreparedReader
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import (
    Comparable,
    comparable,
    pack_tokens,
    shares,
    unpack_tokens,
)
from simfind.core.linkage.verified import (
    ComparedBatches,
    Pair,
    PairComparer,
    VerifiedPairs,
    pair_keys,
)
from simfind.core.runs.batching import in_flight
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.core.scan.scanner import prepared_key
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

#: Pairs sent to a worker at once: amortises the round trip, keeps a cancel prompt.
PAIR_BATCH = 32
#: Words (tokens) a process keeps prepared, across all its cached texts.
CACHE_TOKENS = 4_000_000
#: Prepared texts one grouping keeps in the fingerprint cache, at most (bytes: about 20
#: a word, three or four times the text): a folder where most files have near-duplicates
#: would otherwise grow the cache by several times its own size.
KEPT_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True)
class PreparedSource:
    """Where a worker finds prepared texts: the cache's file, and the key they are under;
    whether the texts it prepares are to be handed back (to be kept there)."""

    database: str
    key: str
    keep: bool = True


@dataclass(frozen=True)
class CachedTexts:
    """The fingerprint cache, for prepared texts, and the files as the walk found them
    (by row: their versions and their bytes' digests, looked at for the few compared)."""

    cache: FingerprintCache
    key: str
    found: Sequence[Match]

    @property
    def source(self) -> PreparedSource:
        return PreparedSource(str(self.cache.path), self.key)

    def walked(self, row: int) -> tuple[FileVersion, bytes | None]:
        match = self.found[row]
        return FileVersion.of(match), match.digest


def cached_texts(
    cache: FingerprintCache | None, options: ScanOptions, found: Sequence[Match]
) -> CachedTexts | None:
    """The cache's prepared texts for comparing the files ``found`` (None without a cache)."""
    if cache is None or not cache.usable:
        return None
    return CachedTexts(cache, prepared_key(options), found)


#: What a worker is told of one file: its path, and the version and bytes' digest the
#: walk found (a prepared text of that version is taken from the cache).
Known = tuple[str, FileVersion | None, bytes | None]


@dataclass
class _Text:
    """A file's text as read (its digest), and once needed, prepared for comparing.

    A text taken prepared from the cache has no raw text and no digest of it, but the
    digest of its file's bytes where the walk gave one."""

    digest: bytes | None
    raw: str | None
    prepared: Comparable | None = None
    #: The file's bytes hashed, and the version read (what a prepared text is kept as).
    byte_digest: bytes | None = None
    version: FileVersion | None = None
    #: Prepared here, and not yet handed back to be kept in the cache.
    fresh: bool = False

    def same_text(self, other: _Text) -> bool:
        """Whether the two are known to hold the same text (without comparing words)."""
        if self.digest is not None and self.digest == other.digest:
            return True
        return self.byte_digest is not None and self.byte_digest == other.byte_digest

    @property
    def weight(self) -> int:
        """What it holds, in words (roughly, for text not yet cut into words)."""
        if self.prepared is not None:
            # Its words (a few arrays of one value per word, as it is compared).
            normalized = self.prepared.normalized or ""
            return 4 * self.prepared.size + len(normalized) // 4 + 1
        return len(self.raw or "") // 4 + 1


class _TextCache:
    """Texts by (path, size, mtime), least recently used dropped first."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self.entries: OrderedDict[tuple[str, int, int, bool], _Text] = OrderedDict()
        self.reader: PreparedReader | None = None

    def get(self, path: str, max_bytes: int, documents: bool = True) -> _Text | None:
        """The file's text, read now or earlier (None if it cannot be read as text)."""
        return self.get_many([(path, None, None)], max_bytes, documents)[0]

    def get_many(
        self,
        files: Sequence[Known],
        max_bytes: int,
        documents: bool = True,
        source: PreparedSource | None = None,
    ) -> list[_Text | None]:
        """Each file's text, held, taken prepared from ``source``, or read now (None for
        one that cannot be read as text)."""
        found: dict[str, _Text | None] = {}
        missing: dict[str, tuple[tuple[str, int, int, bool], FileVersion, bytes | None]] = {}
        for path, walked, byte_digest in files:
            if path in found or path in missing:
                continue
            try:
                info = Path(path).stat()
            except OSError:
                found[path] = None
                continue
            key = (path, info.st_size, info.st_mtime_ns, documents)
            held = self.entries.get(key)
            if held is not None:
                self.entries.move_to_end(key)
                found[path] = held
                continue
            version = FileVersion.of_stat(info)
            # The walk's digest is of the file as it is only if the file is as walked (by
            # its size and time: a group's match does not keep the inode).
            same = walked is not None and walked[:2] == version[:2]
            missing[path] = (key, version, byte_digest if same else None)
        stored = self._stored(list(missing), source)
        for path, (key, version, byte_digest) in missing.items():
            hit = stored.get(FingerprintCache.key(path))
            entry = None
            if hit is not None and hit.version == version:
                try:
                    entry = _Text(None, None, unpack_tokens(hit.words, hit.normalized))
                except ValueError:
                    entry = None  # a damaged row: read and prepared again
                else:
                    entry.byte_digest, entry.version = byte_digest, version
            if entry is None:
                entry = self._read(path, max_bytes, documents)
            if entry is not None:
                self._add(key, entry)
            found[path] = entry
        return [found[path] for path, _, _ in files]

    def _stored(
        self, paths: list[str], source: PreparedSource | None
    ) -> dict[bytes, CachedPrepared]:
        if source is None or not paths:
            return {}
        if self.reader is None or self.reader.database != source.database:
            if self.reader is not None:
                self.reader.close()
            self.reader = PreparedReader(source.database)
        return self.reader.lookup(paths, source.key)

    @staticmethod
    def _read(path: str, max_bytes: int, documents: bool) -> _Text | None:
        try:
            decoded = read_text(path, max_bytes, documents)
        except (NotTextError, OSError):
            return None
        text = decoded.text
        digest = xxhash.xxh3_128_digest(text.encode("utf-8", "surrogatepass"))
        return _Text(digest, text, byte_digest=decoded.digest or None, version=decoded.version)

    def _add(self, key: tuple[str, int, int, bool], entry: _Text) -> None:
        self.entries[key] = entry
        self.held += entry.weight
        self._trim()

    def prepare(self, entry: _Text, settings: FeatureSettings) -> Comparable:
        """The entry's text cut into words (once), its raw text let go."""
        if entry.prepared is None:
            before = entry.weight
            entry.prepared = comparable(entry.raw or "", settings)
            entry.raw = None
            entry.fresh = True
            self.held += entry.weight - before
            self._trim()
        return entry.prepared

    def _trim(self) -> None:
        while self.held > self.budget and len(self.entries) > 2:
            _, dropped = self.entries.popitem(last=False)
            self.held -= dropped.weight


_cache: _TextCache | None = None


def pair_similarities(
    pairs: Sequence[tuple[str, str]],
    settings: FeatureSettings,
    max_bytes: int,
    documents: bool = True,
    common: Boilerplate = boilerplate.NONE,
) -> list[float | None]:
    """Exact similarity of each pair of files (None where one cannot be read as text)."""
    known = [((a, None, None), (b, None, None)) for a, b in pairs]
    return compare_files(known, settings, max_bytes, documents, common)[0]


#: The texts a worker prepared, by path, to be kept in the cache.
Fresh = list[tuple[str, CachedPrepared]]
#: What comparing a batch found: each pair's similarity, its figure with nothing
#: discounted (``Shares.alone``; None where the file could not be read), the texts
#: prepared for them.
Compared = tuple[list[float | None], list[float | None], Fresh]
#: Each batch of pairs with what comparing them found.
Answers = Generator[tuple[list[Pair], Compared], None, None]


class AloneFigures:
    """The figures with nothing discounted of the pairs a comparer compared (keyed as
    VerifiedPairs, the lower row first; NaN: a file that could not be read), gathered as
    the grouping compares them, so that its members' figures need no comparison again."""

    def __init__(self) -> None:
        self._keys: list[np.ndarray] = []
        self._values: list[np.ndarray] = []

    def add(self, batch: Sequence[Pair], alone: Sequence[float | None]) -> None:
        if not batch:
            return
        ends = np.asarray(batch, dtype=np.int64).reshape(-1, 2)
        self._keys.append(pair_keys(ends.min(axis=1), ends.max(axis=1)))
        self._values.append(
            np.asarray([np.nan if v is None else v for v in alone], dtype=np.float64)
        )

    def pairs(self) -> VerifiedPairs:
        """The figures gathered, by pair of rows."""
        return VerifiedPairs.of_batches(self._keys, self._values)


def compare_files(
    pairs: Sequence[tuple[Known, Known]],
    settings: FeatureSettings,
    max_bytes: int,
    documents: bool = True,
    common: Boilerplate = boilerplate.NONE,
    source: PreparedSource | None = None,
) -> Compared:
    """Exact similarity of each pair of files (None where one cannot be read as text),
    its figure with nothing discounted, and, given a ``source`` of prepared texts, the
    texts prepared here (to be kept).

    A module-level function of plain arguments, so a worker process can run it.
    """
    global _cache
    if _cache is None:
        _cache = _TextCache(CACHE_TOKENS)
    files = [known for pair in pairs for known in pair]
    texts = _cache.get_many(files, max_bytes, documents, source)
    values: list[float | None] = []
    alone: list[float | None] = []
    fresh: Fresh = []
    for number in range(len(pairs)):
        a, b = texts[2 * number], texts[2 * number + 1]
        if a is None or b is None:
            values.append(None)
            alone.append(None)
        elif a.same_text(b):
            values.append(1.0)  # the same text: nothing to cut into words
            alone.append(1.0)
        else:
            prepared = _cache.prepare(a, settings), _cache.prepare(b, settings)
            found = shares(*prepared, common)
            values.append(found.similarity)
            alone.append(found.alone)
            if source is not None and source.keep:
                ends = (files[2 * number], files[2 * number + 1])
                for (path, _, _), text, form in zip(ends, (a, b), prepared, strict=True):
                    if text.fresh and text.version is not None:
                        text.fresh = False  # handed back once
                        kept = CachedPrepared(text.version, form.normalized, pack_tokens(form))
                        fresh.append((path, kept))
    return values, alone, fresh


def _batches(pairs: list[Pair]) -> Iterator[list[Pair]]:
    for start in range(0, len(pairs), PAIR_BATCH):
        yield pairs[start : start + PAIR_BATCH]


def _loaded() -> None:
    """Nothing: a worker that runs it has loaded this module, ready to compare."""


def file_comparer(
    paths: Sequence[Path],
    settings: FeatureSettings,
    max_bytes: int,
    executor: Executor | None = None,
    workers: int = 1,
    documents: bool = True,
    common: Boilerplate = boilerplate.NONE,
    texts: CachedTexts | None = None,
    alone: AloneFigures | None = None,
) -> PairComparer:
    """A grouping.PairComparer over files: rows are indexes into ``paths``.

    In ``executor`` (a few batches per worker in flight, so each stays busy), or
    in this process when there is none. With ``texts``, prepared texts come from the
    cache where their files are unchanged, and those prepared now are kept there.
    ``alone`` gathers each pair's figure with nothing discounted.
    """
    if executor is not None:
        # Each worker loads this module now (0.12-0.3 s), while this process prepares
        # the search for pairs, rather than at its first comparison, where a group waits.
        for _ in range(max(1, workers)):
            executor.submit(_loaded)
    # Only the few files compared are named: a list of all 100,000 names took 0.1 s.
    names: dict[int, str] = {}

    def name(row: int) -> str:
        found = names.get(row)
        if found is None:
            found = names[row] = os.fspath(paths[row])
        return found

    kept = 0  # bytes of prepared texts handed to the cache by this comparer

    def source() -> PreparedSource | None:
        if texts is None:
            return None
        return replace(texts.source, keep=kept < KEPT_BYTES)

    def known(row: int) -> Known:
        if texts is None:
            return name(row), None, None
        return (name(row), *texts.walked(row))

    def task(batch: list[Pair]) -> list[tuple[Known, Known]]:
        return [(known(a), known(b)) for a, b in batch]

    def run(batch: list[Pair]) -> Compared:
        return compare_files(task(batch), settings, max_bytes, documents, common, source())

    def inline(pairs: list[Pair]) -> Answers:
        for batch in _batches(pairs):
            yield batch, run(batch)

    def pooled(pairs: list[Pair], pool: Executor) -> Answers:
        def submit(batch: list[Pair]) -> Future[Compared]:
            return pool.submit(
                compare_files, task(batch), settings, max_bytes, documents, common, source()
            )

        yield from in_flight(_batches(pairs), submit, 2 * max(1, workers))

    def compare(pairs: list[Pair]) -> ComparedBatches:
        nonlocal kept
        answers = inline(pairs) if executor is None else pooled(pairs, executor)
        fresh: Fresh = []
        try:
            for batch, (values, figures, prepared) in answers:
                if alone is not None:
                    alone.add(batch, figures)
                for path, data in prepared:
                    if kept < KEPT_BYTES:
                        fresh.append((path, data))
                        kept += len(data.words)
                yield batch, values
        finally:
            answers.close()
            if texts is not None and fresh:
                texts.cache.store_prepared(texts.key, fresh)

    return compare

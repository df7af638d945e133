"""Exact similarity of pairs of files, in worker processes: what grouping asks for.

A file takes part in many pairs where near-duplicates abound (dozens in a
folder of overlapping excerpts), and reading and cutting it into words costs
several times more than comparing two prepared texts. So each process keeps
the texts it read in a small cache (LRU, bounded by the words it holds, keyed
by path, size and modification time so that an edited file is read again),
and pairs arrive in an order that keeps neighbours together
(grouping.local_order). Two files with the same text are similar 1.0 without
being cut into words: 20,000 copies of a file cost 20,000 reads.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path

import xxhash

from simfind.core.base.errors import NotTextError
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import Comparable, comparable, similarity
from simfind.core.groups.grouping import ComparedBatches, Pair, PairComparer
from simfind.core.runs.batching import in_flight
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

#: Pairs sent to a worker at once: amortises the round trip, keeps a cancel prompt.
PAIR_BATCH = 32
#: Words (tokens) a process keeps prepared, across all its cached texts.
CACHE_TOKENS = 4_000_000


@dataclass
class _Text:
    """A file's text as read (its digest), and once needed, prepared for comparing."""

    digest: bytes
    raw: str | None
    prepared: Comparable | None = None

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

    def get(self, path: str, max_bytes: int, documents: bool = True) -> _Text | None:
        """The file's text, read now or earlier (None if it cannot be read as text)."""
        try:
            info = Path(path).stat()
        except OSError:
            return None
        key = (path, info.st_size, info.st_mtime_ns, documents)
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
            return found
        try:
            decoded = read_text(path, max_bytes, documents)
        except (NotTextError, OSError):
            return None
        text = decoded.text
        entry = _Text(xxhash.xxh3_128_digest(text.encode("utf-8", "surrogatepass")), text)
        self.entries[key] = entry
        self.held += entry.weight
        self._trim()
        return entry

    def prepare(self, entry: _Text, settings: FeatureSettings) -> Comparable:
        """The entry's text cut into words (once), its raw text let go."""
        if entry.prepared is None:
            before = entry.weight
            entry.prepared = comparable(entry.raw or "", settings)
            entry.raw = None
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
    """Exact similarity of each pair of files (None where one cannot be read as text).

    A module-level function of plain arguments, so a worker process can run it.
    """
    global _cache
    if _cache is None:
        _cache = _TextCache(CACHE_TOKENS)
    values: list[float | None] = []
    for first, second in pairs:
        a = _cache.get(first, max_bytes, documents)
        b = _cache.get(second, max_bytes, documents)
        if a is None or b is None:
            values.append(None)
        elif a.digest == b.digest:
            values.append(1.0)  # the same text: nothing to cut into words
        else:
            prepared = _cache.prepare(a, settings), _cache.prepare(b, settings)
            values.append(similarity(*prepared, settings, common))
    return values


def _batches(pairs: list[Pair]) -> Iterator[list[Pair]]:
    for start in range(0, len(pairs), PAIR_BATCH):
        yield pairs[start : start + PAIR_BATCH]


def file_comparer(
    paths: Sequence[Path],
    settings: FeatureSettings,
    max_bytes: int,
    executor: Executor | None = None,
    workers: int = 1,
    documents: bool = True,
    common: Boilerplate = boilerplate.NONE,
) -> PairComparer:
    """A grouping.PairComparer over files: rows are indexes into ``paths``.

    In ``executor`` (a few batches per worker in flight, so each stays busy), or
    in this process when there is none.
    """
    names = [os.fspath(p) for p in paths]

    def task(batch: list[Pair]) -> list[tuple[str, str]]:
        return [(names[a], names[b]) for a, b in batch]

    def inline(pairs: list[Pair]) -> ComparedBatches:
        for batch in _batches(pairs):
            yield batch, pair_similarities(task(batch), settings, max_bytes, documents, common)

    def pooled(pairs: list[Pair], pool: Executor) -> ComparedBatches:
        def submit(batch: list[Pair]) -> Future[list[float | None]]:
            return pool.submit(
                pair_similarities, task(batch), settings, max_bytes, documents, common
            )

        yield from in_flight(_batches(pairs), submit, 2 * max(1, workers))

    def compare(pairs: list[Pair]) -> ComparedBatches:
        if executor is None:
            yield from inline(pairs)
        else:
            yield from pooled(pairs, executor)

    return compare

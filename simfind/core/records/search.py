"""Near-duplicate records: every group of them, or those nearest a query.

The same pipeline as for files, one level down. Records are collected
(collect.py: read as text and cut into records, cutting.py); each has a SimHash
fingerprint of its features (64 bits by default: word pairs and, records being
short, character n-grams, exactly as a short file's).

* Groups: candidates are the pairs of fingerprints within the radius
  (candidates.candidate_pairs: pigeonhole tables or a shared scan of all
  pairs, whichever is faster), each checked by the exact similarity
  (verify.shares' measure, many pairs at once: pair_table.py), the text many
  records carry (an attribution, a field label) counting little, and groups
  formed by the same rule as file groups (grouping.group_files: complete link,
  every two records of a group similar).
* A query: its fingerprint's distance to every record, the nearest verified
  exactly, ranked by that similarity as a scan ranks files.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from simfind.core.base.errors import (
    InputError,
    InputProblem,
)
from simfind.core.compare.pair_table import PairTable
from simfind.core.compare.verify import comparable, shares
from simfind.core.fingerprint.simhash import distances, to_array
from simfind.core.index.candidates import (
    Collapsed,
    check_radius,
    collapse,
    servable_radius,
    widest_radius,
)
from simfind.core.index.minhash import minhash_pairs
from simfind.core.index.pigeonhole import Pairs
from simfind.core.linkage.grouping import (
    Compared,
    ComparedBatches,
    FileGroup,
    GroupingOptions,
    Pair,
    PairComparer,
    group_files,
    grouping_progress,
    with_strays,
)
from simfind.core.linkage.grouping import regroup as grouping_regroup
from simfind.core.records.collect import (
    RecordOptions,
    RecordSet,
    collect_records,
    fingerprint_piece,
)
from simfind.core.records.cutting import (
    Piece,
    RecordKind,
    RecordSpec,
    default_threshold,
)
from simfind.core.records.identifiers import NameKind
from simfind.core.runs.jobs import make_pool
from simfind.core.scan.context import ScanContext
from simfind.core.scan.rank import RankOptions
from simfind.core.text.features import folded_texts

#: Pairs compared between two looks at the cancel token and two progress reports.
_COMPARE_BATCH = 8192

#: From this many records, the search for candidate pairs is shared among worker processes.
_POOL_RECORDS = 50_000

#: The longest search for pairs of records (estimated seconds, one core) before the radius
#: is narrowed: ten times the files' (candidates.SEARCH_BUDGET). Short records need the
#: widest radius: among 261,000 Chinese lines the files' budget narrowed it to 16 of 128
#: bits and found 0.169 of the planted copies; this one keeps 41 and finds 0.978, the
#: grouping taking 95 s instead of 28 (bench_records --only zh_large --search-budget
#: 60,600). Up to about 750,000 distinct records keep the widest radius.
RECORD_SEARCH_BUDGET = 600.0

#: From this many distinct records (not names), candidates are found by MinHash LSH on
#: their character shingles (index.minhash), not by a scan of all pairs of
#: fingerprints: among 100,000 Chinese lines, 154,000 candidate pairs found in 2.2 s of
#: one core, instead of 3.3 million from a scan of 5·10⁹ pairs of fingerprints (the
#: grouping's CPU 85 s -> 13 s, the parent's peak 1.3 GB -> 0.33 GB), every planted copy
#: still found; and it stays complete past the ~750,000 records the scan could afford.
#: Names keep the scan: their threshold (0.8) and features were tuned on it.
MINHASH_FROM = 10_000


@dataclass(frozen=True)
class RecordMember:
    record: int
    #: Exact similarity to the group's centre (1.0 for the centre; None only after a cancel).
    similarity: float | None
    distance: int


@dataclass
class RecordGroup:
    """Near-duplicate records: ``members[0]`` is the centre."""

    members: list[RecordMember]


@dataclass
class RecordGroupsResult(RecordSet):
    threshold: float = 0.0
    #: Fingerprints within this many bits were compared exactly.
    radius: int = 0
    #: How candidates were found: "simhash" (within the radius) or "minhash" (index.minhash).
    search: str = "simhash"
    groups: list[RecordGroup] = field(default_factory=list)
    candidates: int = 0
    compared: int = 0
    elapsed: float = 0.0
    #: What is needed to group the records again at another threshold (``regroup_records``).
    compared_pairs: Compared | None = None
    table: PairTable | None = None

    def grouped(self) -> int:
        """How many records are in a group (one in two groups counts once)."""
        return len({member.record for group in self.groups for member in group.members})


@dataclass(frozen=True)
class RecordMatch:
    record: int
    distance: int
    #: Exact similarity to the query (None where not verified).
    similarity: float | None
    similar: bool


@dataclass
class RecordScanResult(RecordSet):
    query: str = ""
    query_fingerprint: int = 0
    threshold: float = 0.0
    #: Every record, verified ones first by similarity, then the rest by distance.
    matches: list[RecordMatch] = field(default_factory=list)
    elapsed: float = 0.0


def record_comparer(table: PairTable) -> PairComparer:
    """A grouping.PairComparer over records (rows index the table's texts), in batches."""

    def compare(pairs: list[Pair]) -> ComparedBatches:
        for start in range(0, len(pairs), _COMPARE_BATCH):
            batch = pairs[start : start + _COMPARE_BATCH]
            ends = np.asarray(batch, dtype=np.int64).reshape(-1, 2)
            values: list[float | None] = table.similarities(ends[:, 0], ends[:, 1]).tolist()
            yield batch, values

    return compare


def _default_grouping(options: RecordOptions) -> GroupingOptions:
    """The grouping a caller that names none gets: at the kind of record's own threshold."""
    return GroupingOptions(threshold=default_threshold(options.spec))


def find_record_groups(
    paths: Sequence[Path],
    options: RecordOptions,
    grouping: GroupingOptions | None = None,
    context: ScanContext | None = None,
) -> RecordGroupsResult:
    """Every group of near-duplicate records among the files and folders given.

    An explicit ``grouping.radius`` the index cannot serve raises
    candidates.RadiusTooWideError; the default radius is narrowed instead.
    """
    started = time.monotonic()
    context = context or ScanContext()
    grouping = grouping or _default_grouping(options)
    if grouping.radius is not None:
        check_radius(grouping.radius, options.features.bits)
    found = collect_records(paths, options, context)
    result = group_records(found, options, grouping, context)
    result.elapsed = time.monotonic() - started
    return result


def group_records(
    found: RecordSet,
    options: RecordOptions,
    grouping: GroupingOptions | None = None,
    context: ScanContext | None = None,
) -> RecordGroupsResult:
    """The groups of near-duplicates among records already collected."""
    started = time.monotonic()
    context = context or ScanContext()
    grouping = replace(grouping or _default_grouping(options), search_budget=RECORD_SEARCH_BUDGET)
    result = RecordGroupsResult(**vars(found), threshold=grouping.threshold)
    result.radius = grouping.radius if grouping.radius is not None else widest_radius(found.bits)
    if len(result.records) >= 2 and not result.cancelled:
        fingerprints = to_array([record.fingerprint for record in result.records], result.bits)
        texts = [record.text for record in result.records]
        search = None
        if grouping.radius is None:
            # Short records' near-duplicates lie far apart (see records.record_settings):
            # the widest radius, each fingerprint keeping its nearest partners, as wide as
            # the search for pairs among this many can afford; or, among many records of
            # text, MinHash's candidates, which need no radius.
            nodes = collapse(fingerprints)
            distinct = len(nodes.unique)
            widest = widest_radius(result.bits)
            if _by_minhash(options, distinct):
                # Found before the table is built, so that their arrays are never held at once.
                # On the texts as the fingerprints read them (Traditional as Simplified).
                measured = folded_texts(texts, options.features)
                search = _minhash_search(measured, nodes, grouping.per_fingerprint, context)
                result.search, radius = "minhash", widest
            else:
                radius = servable_radius(distinct, result.bits, widest, grouping.search_budget)
            grouping = replace(grouping, radius=radius)
        table = PairTable(texts, options.features)
        result.boilerplate = table.boilerplate()
        pool = context.executor
        own_pool = None
        if (
            pool is None
            and search is None
            and options.jobs > 1
            and len(result.records) >= _POOL_RECORDS
        ):
            pool = own_pool = make_pool(options.jobs)
        workers = max(1, options.jobs) if pool is not None else 1
        completed = False
        try:
            outcome = group_files(
                fingerprints,
                record_comparer(table),
                grouping,
                grouping_progress(context.progress),
                context.cancel,
                grouper=with_strays,
                executor=pool,
                workers=workers,
                search=search,
            )
            completed = not outcome.cancelled
        finally:
            if own_pool is not None:
                own_pool.finish(completed)
        result.radius = outcome.radius
        result.candidates, result.compared = outcome.candidates, outcome.compared
        result.cancelled = outcome.cancelled
        result.groups = _record_groups(outcome.groups)
        result.compared_pairs, result.table = outcome.found, table
    result.elapsed = time.monotonic() - started
    return result


def _by_minhash(options: RecordOptions, distinct: int) -> bool:
    """Whether candidates are found by MinHash (many records of text, not names)."""
    return options.spec.kind is not RecordKind.IDENTIFIERS and distinct >= MINHASH_FROM


def _minhash_search(
    texts: Sequence[str], nodes: Collapsed, per_fingerprint: int, context: ScanContext
) -> Callable[[Collapsed], Pairs]:
    """The candidate pairs of the nodes (distinct fingerprints) by MinHash, found now; the
    grouping's own collapse of the same fingerprints gives the same nodes."""
    chosen = [texts[row] for row in nodes.first.tolist()]
    pairs = minhash_pairs(chosen, nodes.unique, per_fingerprint, context.cancel)

    def search(same: Collapsed) -> Pairs:
        return pairs

    return search


def _record_groups(found: list[FileGroup]) -> list[RecordGroup]:
    return [
        RecordGroup([RecordMember(m.row, m.similarity, m.distance) for m in group.members])
        for group in found
    ]


def regroup_records(result: RecordGroupsResult, threshold: float) -> RecordGroupsResult:
    """The groups of the same records at another threshold, from the pairs compared (no
    file read, no search for pairs); returned as it is where it cannot be regrouped."""
    if result.compared_pairs is None or result.table is None:
        return replace(result, threshold=threshold)
    outcome = grouping_regroup(
        result.compared_pairs, threshold, record_comparer(result.table), with_strays
    )
    again = replace(result, threshold=threshold, compared=result.compared + outcome.compared)
    again.groups = _record_groups(outcome.groups)
    return again


def query_piece(query: str, spec: RecordSpec) -> Piece:
    """A query as a record of the kind searched (a name is compared as a name)."""
    text = query.strip()
    kind = NameKind.VARIABLE if spec.kind is RecordKind.IDENTIFIERS else None
    return Piece(0, text, kind)


def rank_records(
    query: str,
    paths: Sequence[Path],
    options: RecordOptions,
    rank: RankOptions | None = None,
    context: ScanContext | None = None,
) -> RecordScanResult:
    """Every record of the inputs, nearest to ``query`` first.

    As a scan ranks files: the nearest ``rank.verify_top`` by distance, and any
    within ``rank.radius``, are compared exactly and come first, most similar
    first; the rest follow by distance.
    """
    started = time.monotonic()
    context = context or ScanContext()
    rank = rank or RankOptions()
    piece = query_piece(query, options.spec)
    query_value = fingerprint_piece(piece, options.features) if piece.text else None
    if query_value is None:
        raise InputError(InputProblem.QUERY_EMPTY)
    found = collect_records(paths, options, context)
    result = RecordScanResult(
        **vars(found), query=piece.text, query_fingerprint=query_value, threshold=rank.threshold
    )
    records = result.records
    if not records:
        result.elapsed = time.monotonic() - started
        return result
    dist = distances(query_value, to_array([r.fingerprint for r in records], result.bits))
    nearest = np.argsort(dist, kind="stable")[: rank.verify_top]
    within = np.flatnonzero(dist <= rank.radius(result.bits))
    chosen = sorted(set(nearest.tolist()) | set(within.tolist()))
    query_form = comparable(piece.text, options.features)
    table = PairTable([record.text for record in records], options.features)
    result.boilerplate = table.boilerplate()
    verified: dict[int, float] = {}
    for row in chosen:
        if context.cancelled:
            result.cancelled = True
            break
        text = records[row].text
        value = 1.0 if text == piece.text else None
        if value is None:
            value = shares(query_form, table.forms[row], result.boilerplate).similarity
        verified[row] = value
    matches = []
    for row, value in enumerate(dist.tolist()):
        sim = verified.get(row)
        similar = sim is not None and sim >= rank.threshold
        matches.append(RecordMatch(row, value, sim, similar))
    matches.sort(key=lambda m: (m.similarity is None, -(m.similarity or 0.0), m.distance, m.record))
    result.matches = matches
    result.elapsed = time.monotonic() - started
    return result


__all__ = [
    "RecordGroup",
    "RecordGroupsResult",
    "RecordMatch",
    "RecordMember",
    "RecordScanResult",
    "find_record_groups",
    "group_records",
    "rank_records",
    "record_comparer",
    "regroup_records",
]

"""Near-duplicate records: every group of them, or those nearest a query.

The same pipeline as for files, one level down. Files (given, or found below
folders by the scan's walk) are read as text (textio) and cut into records
(records.py) in worker processes when there is much to read; each record gets
a SimHash fingerprint of its features (64 bits by default: word pairs and,
records being short, character n-grams, exactly as a short file's).

* Groups: candidates are the pairs of fingerprints within the radius
  (candidates.candidate_pairs: pigeonhole tables or a shared scan of all
  pairs, whichever is faster), each checked by the exact similarity
  (verify.shares' measure, many pairs at once: pair_table.py), the text many
  records carry (an attribution, a field label) counting little, and groups
  formed by the same rule as file groups (grouping.group_files: complete link,
  every two records of a group similar).
* A query: its fingerprint's distance to every record, the nearest verified
  exactly, ranked by that similarity as a scan ranks files.

Names (``identifiers``) are distinct across the files: each is one record, at
its first definition (files in path order), with the number of files that
define it. Other records are each one item at one place.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path

import numpy as np

from simfind.core.base.errors import (
    InputError,
    InputProblem,
    NotTextError,
    OsFailure,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.compare import boilerplate as common_text
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.pair_table import PairTable
from simfind.core.compare.verify import comparable, shares
from simfind.core.fingerprint.simhash import distances, fingerprint, to_array
from simfind.core.groups.grouping import (
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
from simfind.core.groups.grouping import regroup as grouping_regroup
from simfind.core.index.candidates import check_radius, collapse, servable_radius, widest_radius
from simfind.core.records.cutting import (
    DEFAULT_MIN_CHARS,
    Piece,
    RecordKind,
    RecordsError,
    RecordSpec,
    can_have_records,
    cut,
    default_threshold,
    feature_text,
    long_enough,
    piece_settings,
    record_settings,
)
from simfind.core.records.identifiers import NameKind
from simfind.core.runs.batching import bounded_batches
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.progress import Reporter
from simfind.core.scan.context import ScanContext
from simfind.core.scan.inputs import check_listing
from simfind.core.scan.rank import RankOptions
from simfind.core.scan.walk import Skipped, WalkOptions, walk
from simfind.core.text.features import FeatureSettings, extract
from simfind.core.text.reading import DEFAULT_MAX_BYTES, read_text

# The channel -v prints ("core.record_search: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.record_search")

#: Files sent to a worker at once.
_BATCH_FILES = 32
_BATCH_BYTES = 2 * 1024 * 1024
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
#: Cutting a file into records and fingerprinting each costs about this many times
#: more per byte than fingerprinting it whole (a fingerprint for every dozen
#: characters), and reading names as much again (Pygments' lexers): for deciding
#: when a pool of workers pays.
_RECORD_COST = 16
_LEXING_COST = 2


@dataclass(frozen=True)
class RecordOptions:
    spec: RecordSpec
    #: Records shorter than this are left out (records.DEFAULT_MIN_CHARS).
    min_chars: int = DEFAULT_MIN_CHARS
    features: FeatureSettings = field(default_factory=record_settings)
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    jobs: int = 1

    def __post_init__(self) -> None:
        # The kind's own features where none were chosen (records.record_settings).
        if self.features == record_settings(self.features.bits):
            object.__setattr__(
                self, "features", record_settings(self.features.bits, self.spec.kind)
            )


@dataclass(frozen=True)
class SourceFile:
    """A file records were taken from: where, and how it was decoded."""

    path: Path
    #: Its path below the input it was found under ("" for a file given itself).
    rel: str
    #: The index of that input among those given.
    root: int
    encoding: str
    size: int
    #: Its modified time when the search listed it (0: not known).
    mtime_ns: int = 0


@dataclass(frozen=True)
class Record:
    #: The index of its file in the result's ``files``.
    file: int
    #: 1-based: its line, a paragraph's or CSV row's first line, a name's first definition.
    line: int
    text: str
    fingerprint: int
    #: For names, what they name.
    kind: NameKind | None = None
    #: For names, how many files define it (it is listed at the first).
    places: int = 1


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
class RecordSet:
    """The records of some inputs, and what could not be read."""

    inputs: list[Path]
    spec: RecordSpec
    bits: int
    files: list[SourceFile] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    cancelled: bool = False
    #: The text many records carry, which counted little (boilerplate.py).
    boilerplate: Boilerplate = common_text.NONE

    def file_of(self, record: Record) -> SourceFile:
        return self.files[record.file]


@dataclass
class RecordGroupsResult(RecordSet):
    threshold: float = 0.0
    #: Fingerprints within this many bits were compared exactly.
    radius: int = 0
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


# ---------------------------------------------------------------------------
# Reading: files to records, in worker processes when it pays.

#: One file's outcome in plain values: (index, encoding, [(line, text, kind, fingerprint)])
#: or (index, skip reason value, skip detail) when it gives none.
_Read = tuple[int, str, list[tuple[int, str, str, int]]]
_Failed = tuple[int, str, SkipDetail | None]


def fingerprint_piece(piece: Piece, settings: FeatureSettings) -> int | None:
    """A record's fingerprint (None when it has no words or characters at all)."""
    text = feature_text(piece)
    features = extract(text, piece_settings(text, settings))
    if len(features.hashes) == 0:
        return None
    return fingerprint(features, settings.bits)


def read_records(
    batch: Sequence[tuple[int, str]],
    spec: RecordSpec,
    settings: FeatureSettings,
    min_chars: int,
    max_bytes: int,
) -> list[_Read | _Failed]:
    """Records of a batch of files, fingerprinted.

    A module-level function of plain arguments, so a worker process can run it.
    """
    outcomes: list[_Read | _Failed] = []
    for index, path in batch:
        try:
            decoded = read_text(path, max_bytes)
            pieces = cut(decoded.text, spec, Path(path).name)
        except NotTextError as exc:
            outcomes.append((index, exc.reason.value, exc.detail))
            continue
        except RecordsError as exc:
            detail = SkipDetail(exc.cause, error=exc.error, column=exc.column, columns=exc.columns)
            outcomes.append((index, SkipReason.NO_RECORDS.value, detail))
            continue
        found: list[tuple[int, str, str, int]] = []
        for piece in pieces:
            if not long_enough(piece, min_chars):
                continue
            value = fingerprint_piece(piece, settings)
            if value is not None:
                kind = piece.kind.value if piece.kind is not None else ""
                found.append((piece.line, piece.text, kind, value))
        outcomes.append((index, decoded.encoding, found))
    return outcomes


@dataclass(frozen=True)
class _Todo:
    path: Path
    rel: str
    root: int
    size: int
    mtime_ns: int


def _inputs(paths: Sequence[Path]) -> list[Path]:
    """The inputs, absolute and each once; InputError for one that cannot be read at all."""
    unique: list[Path] = []
    for given in paths:
        path = Path(os.path.abspath(given))
        try:
            info = path.stat()
        except FileNotFoundError as exc:
            raise InputError(InputProblem.INPUT_MISSING, given) from exc
        except OSError as exc:
            raise InputError(InputProblem.INPUT_UNREADABLE, given, OsFailure.of(exc)) from exc
        if path.is_dir():
            check_listing(path)
        elif not path.is_file():
            raise InputError(InputProblem.INPUT_NOT_A_FILE, given)
        if path not in unique:
            unique.append(path)
        del info
    return unique


def _todo(
    inputs: list[Path], options: RecordOptions, context: ScanContext
) -> tuple[list[_Todo], list[Skipped]]:
    todo: list[_Todo] = []
    skipped: list[Skipped] = []
    seen: set[tuple[int, int]] = set()
    no_lexer = SkipDetail(SkipCause.NO_LEXER)
    for root, path in enumerate(inputs):
        if path.is_file():
            info = path.stat()
            if (info.st_dev, info.st_ino) not in seen:
                seen.add((info.st_dev, info.st_ino))
                todo.append(_Todo(path, "", root, info.st_size, info.st_mtime_ns))
            continue
        for found in walk(path, options.walk):
            if context.cancelled:
                return todo, skipped
            if isinstance(found, Skipped):
                skipped.append(found)
            elif (found.dev, found.ino) in seen:
                continue  # a file below two of the folders given is one file
            elif not can_have_records(options.spec, found.path.name):
                skipped.append(Skipped(found.path, found.rel, SkipReason.NO_RECORDS, no_lexer))
            else:
                seen.add((found.dev, found.ino))
                todo.append(_Todo(found.path, found.rel, root, found.size, found.mtime_ns))
    return todo, skipped


def _batches(todo: Sequence[_Todo]) -> Iterator[list[tuple[int, str]]]:
    numbered = enumerate(todo)
    for batch in bounded_batches(numbered, lambda t: t[1].size, _BATCH_FILES, _BATCH_BYTES):
        yield [(index, os.fspath(item.path)) for index, item in batch]


def _outcomes(
    todo: Sequence[_Todo], options: RecordOptions, context: ScanContext, executor: Executor | None
) -> Iterator[list[_Read | _Failed]]:
    """Each batch's outcomes as it completes: two batches per worker in flight, or inline."""
    arguments = (options.spec, options.features, options.min_chars, options.max_bytes)
    if executor is None:
        for single in _batches(todo):
            for one in single:
                if context.cancelled:
                    return
                yield read_records([one], *arguments)
        return
    batches = _batches(todo)
    running: set[Future[list[_Read | _Failed]]] = set()
    try:
        while True:
            if not context.cancelled:
                for batch in islice(batches, 2 * max(1, options.jobs) - len(running)):
                    running.add(executor.submit(read_records, batch, *arguments))
            if not running:
                return
            done, running = wait(running, timeout=0.1, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            if context.cancelled:
                return
    finally:
        for future in running:
            future.cancel()


def _skipped(item: _Todo, inputs: list[Path], reason: SkipReason, detail: SkipDetail | None):  # type: ignore[no-untyped-def]
    if not item.rel:
        # A file given itself: the command cannot do what was asked of it.
        raise InputError(
            InputProblem.INPUT_UNUSABLE, inputs[item.root], reason=reason, detail=detail
        )
    return Skipped(item.path, item.rel, reason, detail)


def collect_records(
    paths: Sequence[Path], options: RecordOptions, context: ScanContext | None = None
) -> RecordSet:
    """The records of the files given and of the files below the folders given.

    A file given that gives no records raises InputError (INPUT_UNUSABLE, with
    the reason); files found below a folder are skipped with theirs.
    """
    context = context or ScanContext()
    inputs = _inputs(paths)
    result = RecordSet(inputs, options.spec, options.features.bits)
    todo, result.skipped = _todo(inputs, options, context)
    reporter = Reporter(context.progress, len(todo), sum(item.size for item in todo))
    reporter.emit("", force=True)
    total = sum(item.size for item in todo) * _RECORD_COST
    if options.spec.kind is RecordKind.IDENTIFIERS:
        total *= _LEXING_COST
    executor, own_pool = context.executor, None
    if executor is None and pays_off(options.jobs, total):
        executor = own_pool = make_pool(options.jobs)
    read: dict[int, tuple[str, list[tuple[int, str, str, int]]]] = {}
    completed = False
    try:
        for outcomes in _outcomes(todo, options, context, executor):
            for outcome in outcomes:
                index = outcome[0]
                item = todo[index]
                reporter.advance(item)
                if isinstance(outcome[2], list):
                    read[index] = (outcome[1], outcome[2])
                else:
                    detail = outcome[2]
                    skip = _skipped(item, inputs, SkipReason(outcome[1]), detail)
                    result.skipped.append(skip)
        completed = not context.cancelled
    finally:
        reporter.emit("", force=True)
        if own_pool is not None:
            own_pool.finish(completed)  # stopped: running batches are not waited for
    result.cancelled = context.cancelled
    _assemble(result, todo, read)
    result.skipped.sort(key=lambda s: os.fsencode(s.path))
    log.info(
        "records: %d (%s) from %d files, %d skipped",
        len(result.records),
        options.spec,
        len(result.files),
        len(result.skipped),
    )
    return result


def _assemble(
    result: RecordSet,
    todo: list[_Todo],
    read: dict[int, tuple[str, list[tuple[int, str, str, int]]]],
) -> None:
    """Files in path order, their records in file order; names once, at their first file."""
    order = sorted(read, key=lambda index: os.fsencode(todo[index].path))
    names: dict[str, int] = {}
    places: dict[int, int] = {}
    for index in order:
        item = todo[index]
        encoding, found = read[index]
        number = len(result.files)
        result.files.append(
            SourceFile(item.path, item.rel, item.root, encoding, item.size, item.mtime_ns)
        )
        for line, text, kind, value in found:
            if kind:
                seen = names.get(text)
                if seen is not None:
                    places[seen] += 1
                    continue
                names[text] = len(result.records)
                places[len(result.records)] = 1
            record = Record(number, line, text, value, NameKind(kind) if kind else None)
            result.records.append(record)
    for row, count in places.items():
        if count > 1:
            old = result.records[row]
            result.records[row] = Record(
                old.file, old.line, old.text, old.fingerprint, old.kind, count
            )


# ---------------------------------------------------------------------------
# Exact comparison of records, in this process (their texts are here already).


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
        if grouping.radius is None:
            # Short records' near-duplicates lie far apart (see records.record_settings):
            # the widest radius, each fingerprint keeping its nearest partners, as wide as
            # the search for pairs among this many can afford.
            distinct = len(collapse(fingerprints).unique)
            widest = widest_radius(result.bits)
            radius = servable_radius(distinct, result.bits, widest, grouping.search_budget)
            grouping = replace(grouping, radius=radius)
        table = PairTable([record.text for record in result.records], options.features)
        result.boilerplate = table.boilerplate()
        pool = context.executor
        own_pool = None
        if pool is None and options.jobs > 1 and len(result.records) >= _POOL_RECORDS:
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


# ---------------------------------------------------------------------------
# The records nearest a query.


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
    "Record",
    "RecordGroup",
    "RecordGroupsResult",
    "RecordMatch",
    "RecordMember",
    "RecordOptions",
    "RecordScanResult",
    "RecordSet",
    "SourceFile",
    "collect_records",
    "find_record_groups",
    "group_records",
    "rank_records",
    "read_records",
    "record_comparer",
    "regroup_records",
]

"""Records collected: files (given, or found below folders by the scan's walk) read as
text and cut into records (cutting.py), each fingerprinted, in worker processes when
there is much to read.

Names (``identifiers``) are distinct across the files: each is one record, at
its first definition (files in path order), with the number of files that
define it. Other records are each one item at one place.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.base.defaults import DEFAULT_MAX_BYTES, DEFAULT_MIN_CHARS
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
from simfind.core.fingerprint.simhash import fingerprint, fingerprint_texts
from simfind.core.records.cutting import (
    Piece,
    RecordKind,
    RecordsError,
    RecordSpec,
    can_have_records,
    cut,
    feature_text,
    long_enough,
    piece_settings,
    record_settings,
)
from simfind.core.records.identifiers import NameKind
from simfind.core.runs.batching import bounded_batches, in_flight
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.progress import Reporter
from simfind.core.scan.context import ScanContext
from simfind.core.scan.inputs import check_listing
from simfind.core.scan.walk import Skipped, WalkOptions, walk
from simfind.core.text.features import FeatureSettings, extract
from simfind.core.text.reading import read_text

# The channel -v prints ("core.record_search: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.record_search")

#: Files sent to a worker at once.
_BATCH_FILES = 32

_BATCH_BYTES = 2 * 1024 * 1024

#: Cutting a file into records and fingerprinting each costs about this many times
#: more per byte than fingerprinting it whole (a fingerprint for every dozen
#: characters), and reading names as much again (Pygments' lexers): for deciding
#: when a pool of workers pays.
_RECORD_COST = 16

_LEXING_COST = 2

#: Records fingerprinted in one NumPy pass: bounds its arrays (a few MB).
_FINGERPRINT_BATCH = 4096


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
        bits, fold = self.features.bits, self.features.fold_scripts
        if self.features == record_settings(bits, fold_scripts=fold):
            object.__setattr__(self, "features", record_settings(bits, self.spec.kind, fold))


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
    #: The text many records carry, which counts for nothing where both have it (boilerplate.py).
    boilerplate: Boilerplate = common_text.NONE

    def file_of(self, record: Record) -> SourceFile:
        return self.files[record.file]


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
        kept = [piece for piece in pieces if long_enough(piece, min_chars)]
        values = fingerprint_pieces(kept, settings)
        found = [
            (piece.line, piece.text, piece.kind.value if piece.kind is not None else "", value)
            for piece, value in zip(kept, values, strict=True)
            if value is not None
        ]
        outcomes.append((index, decoded.encoding, found))
    return outcomes


def fingerprint_pieces(pieces: Sequence[Piece], settings: FeatureSettings) -> list[int | None]:
    """Each record's fingerprint_piece, records of the same settings in one NumPy pass
    (features.batch_features): the same values, at a thirtieth of the time per record."""
    texts = [feature_text(piece) for piece in pieces]
    values: list[int | None] = [None] * len(texts)
    by_settings: dict[FeatureSettings, list[int]] = {}
    for at, text in enumerate(texts):
        by_settings.setdefault(piece_settings(text, settings), []).append(at)
    for chosen, rows in by_settings.items():
        for start in range(0, len(rows), _FINGERPRINT_BATCH):
            part = rows[start : start + _FINGERPRINT_BATCH]
            found = fingerprint_texts([texts[r] for r in part], chosen)
            for at, value in zip(part, found, strict=True):
                values[at] = value
    return values


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

    def submit(batch: list[tuple[int, str]]) -> Future[list[_Read | _Failed]]:
        return executor.submit(read_records, batch, *arguments)

    for _batch, outcomes in in_flight(
        _batches(todo), submit, 2 * max(1, options.jobs), context.cancel
    ):
        yield outcomes


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


__all__ = [
    "Record",
    "RecordOptions",
    "RecordSet",
    "SourceFile",
    "collect_records",
    "read_records",
]

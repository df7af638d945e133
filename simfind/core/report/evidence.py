"""What a report shows of two files, or of a group: each file's facts, both texts, the
shared passages and the figures, measured as the diff pane measures them.

The figures are the engine's own: the similarity and the containment both ways from
``verify.shares`` (the same boilerplate counting little as in the scan that found the
pair), the distance between the two fingerprints the scan makes, the shared passages
from ``passages.shared_passages``. A group's report compares each file with the
group's centre, as the groups' list and the diff below it do: a group of n files is
n - 1 comparisons, not n(n - 1)/2, and each is the pair whose figures the list shows.

No words here: the report is worded where it is written (html_report.ReportLabels).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from simfind import __version__
from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion, absolute
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate, text_spans
from simfind.core.compare.passages import MIN_WORDS, SharedPassages, shared_passages
from simfind.core.compare.verify import Comparable, comparable, shares
from simfind.core.fingerprint.simhash import hamming
from simfind.core.runs.progress import CancelToken
from simfind.core.scan.fingerprinting import fingerprint_and_sample
from simfind.core.scan.options import ScanOptions
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import folded_texts
from simfind.core.text.reading import read_text

#: Bytes hashed at a time for a file's SHA-256.
_HASH_CHUNK = 1 << 20


class ReportReadError(Exception):
    """A file of the report cannot be read as text: which, and why (as a skip's reason)."""

    def __init__(self, path: Path, reason: SkipReason, detail: SkipDetail | None = None) -> None:
        super().__init__(path, reason, detail)
        self.path = path
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True)
class FileFacts:
    """One file as the report describes it."""

    path: Path
    size: int
    mtime_ns: int
    #: The encoding its bytes were read in ("" for a document's extracted text).
    encoding: str
    #: "text", or the document format its text was taken from ("docx", "pdf", ...).
    format: str
    #: SHA-256 of its bytes, in hexadecimal.
    sha256: str

    @property
    def name(self) -> str:
        return self.path.name


@dataclass(frozen=True)
class ReportSettings:
    """How the files were read and compared."""

    bits: int
    threshold: float
    max_bytes: int
    documents: bool
    #: Files the boilerplate was learnt from (0: none, two files compared alone).
    boilerplate_texts: int = 0
    min_words: int = MIN_WORDS

    @classmethod
    def of(cls, options: ScanOptions, common: Boilerplate) -> ReportSettings:
        return cls(
            bits=options.features.bits,
            threshold=options.rank.threshold,
            max_bytes=options.max_bytes,
            documents=not options.text_only,
            boilerplate_texts=0 if common.empty else common.texts,
        )


@dataclass(frozen=True)
class PairEvidence:
    """Two files compared: the left one (A) and the right one (B)."""

    left: FileFacts
    right: FileFacts
    left_text: str
    right_text: str
    similarity: float
    #: The share of A found in B (the scan's HOLDS%, A the reference) and of B in A (HELD%).
    left_in_right: float
    right_in_left: float
    #: Bits in which the two fingerprints differ (None: a text without words has none).
    distance: int | None
    bits: int
    #: The verdict: similar at or above this similarity.
    threshold: float
    similar: bool
    passages: SharedPassages
    #: Per side: the words (tokens) of the text, and of those the boilerplate ones.
    words: tuple[int, int]
    boilerplate_words: tuple[int, int]
    #: Per side: the characters [start, end) that are boilerplate (shown dimmed).
    boilerplate_spans: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]] = (
        (),
        (),
    )
    #: The similarity with nothing discounted (the boilerplate counted), and whether the
    #: figures are estimates (texts too long to compare word by word in time).
    alone: float | None = None
    estimated: bool = False


@dataclass(frozen=True)
class Report:
    """What one report file holds: one pair, or the pairs of a group (centre first)."""

    pairs: tuple[PairEvidence, ...]
    settings: ReportSettings
    made: datetime
    version: str = __version__
    #: The group's number as ``simfind groups`` numbers it (None: a report of one pair).
    group: int | None = None
    #: The folders searched for the group.
    folders: tuple[Path, ...] = field(default_factory=tuple)


def sha256_of(path: Path, version: FileVersion) -> str:
    """The SHA-256 of a file's bytes, as read when its text was (``version``)."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as stream:
            info = os.fstat(stream.fileno())
            for chunk in iter(lambda: stream.read(_HASH_CHUNK), b""):
                digest.update(chunk)
    except OSError as exc:
        raise NotTextError(SkipReason.UNREADABLE, SkipDetail.of_os_error(exc)) from exc
    if (info.st_size, info.st_mtime_ns) != (version.size, version.mtime_ns):
        raise NotTextError(SkipReason.CHANGED, SkipDetail(SkipCause.WRITTEN_WHILE_READ))
    return digest.hexdigest()


@dataclass
class _Read:
    facts: FileFacts
    decoded: DecodedText
    form: Comparable
    fingerprint: int | None


def _read(path: Path, options: ScanOptions) -> _Read:
    try:
        decoded = read_text(path, options.max_bytes, documents=not options.text_only)
        digest = sha256_of(path, decoded.version)
    except NotTextError as exc:
        raise ReportReadError(path, exc.reason, exc.detail) from exc
    try:
        fingerprint: int | None = fingerprint_and_sample(decoded, options.features)[0]
    except NotTextError:
        fingerprint = None  # no words: no fingerprint, and no distance
    facts = FileFacts(
        path=absolute(path),
        size=decoded.version.size,
        mtime_ns=decoded.version.mtime_ns,
        encoding=decoded.encoding,
        format=decoded.format,
        sha256=digest,
    )
    return _Read(facts, decoded, comparable(decoded.text, options.features), fingerprint)


def _boilerplate_words(form: Comparable, common: Boilerplate) -> int:
    weights = form.weights(common)
    return 0 if weights is None else int(np.count_nonzero(weights < 1.0))


def _pair(left: _Read, right: _Read, options: ScanOptions, common: Boilerplate) -> PairEvidence:
    found = shares(left.form, right.form, common)
    distance = None
    if left.fingerprint is not None and right.fingerprint is not None:
        distance = hamming(left.fingerprint, right.fingerprint)
    texts = left.decoded.text, right.decoded.text
    # Passages and grey text found where the figures were measured (Traditional Chinese
    # read as Simplified, when folded); every character keeps its place in the text shown.
    measured = folded_texts(texts, options.features)
    cjk = options.features.cjk
    return PairEvidence(
        left=left.facts,
        right=right.facts,
        left_text=texts[0],
        right_text=texts[1],
        similarity=found.similarity,
        alone=found.alone,
        estimated=found.estimated,
        left_in_right=found.first_in_second,
        right_in_left=found.second_in_first,
        distance=distance,
        bits=options.features.bits,
        threshold=options.rank.threshold,
        similar=found.similarity >= options.rank.threshold,
        passages=shared_passages(measured[0], measured[1]),
        words=(left.form.size, right.form.size),
        boilerplate_words=(
            _boilerplate_words(left.form, common),
            _boilerplate_words(right.form, common),
        ),
        boilerplate_spans=(
            tuple(text_spans(measured[0], common, cjk)),
            tuple(text_spans(measured[1], common, cjk)),
        ),
    )


def now() -> datetime:
    """The time a report is made: local, with its offset."""
    return datetime.now(timezone.utc).astimezone()


def pair_report(
    left: Path,
    right: Path,
    options: ScanOptions,
    common: Boilerplate = boilerplate.NONE,
) -> Report:
    """The report of two files (``common``: the text the scan that found them counted
    little; none for two files compared alone). ReportReadError for a file that
    cannot be read as text."""
    first, second = _read(left, options), _read(right, options)
    return Report(
        pairs=(_pair(first, second, options, common),),
        settings=ReportSettings.of(options, common),
        made=now(),
    )


def group_report(
    paths: Sequence[Path],
    options: ScanOptions,
    common: Boilerplate = boilerplate.NONE,
    number: int | None = None,
    folders: Sequence[Path] = (),
    cancel: CancelToken | None = None,
) -> Report:
    """The report of a group: its first file (the centre) compared with each other one."""
    if len(paths) < 2:
        raise ValueError("a group has at least two files")
    centre = _read(paths[0], options)
    pairs = []
    for path in paths[1:]:
        if cancel is not None and cancel.is_set():
            break
        pairs.append(_pair(centre, _read(path, options), options, common))
    return Report(
        pairs=tuple(pairs),
        settings=ReportSettings.of(options, common),
        made=now(),
        group=number,
        folders=tuple(folders),
    )


__all__ = [
    "FileFacts",
    "PairEvidence",
    "Report",
    "ReportReadError",
    "ReportSettings",
    "group_report",
    "pair_report",
    "sha256_of",
]

"""Rank a folder's files against the reference: distance filters, exact similarity orders."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import Enum

import numpy as np
import numpy.typing as npt

from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare.containment import Exact
from simfind.core.fingerprint import excerpts
from simfind.core.fingerprint.simhash import distances, to_array
from simfind.core.fingerprint.sketch import EMPTY, SKETCH_SIZE, pack, resemblance, unpack
from simfind.core.runs.batching import bounded_batches
from simfind.core.runs.progress import CancelToken
from simfind.core.scan.match import Match as Match  # its home; still found here
from simfind.core.text.features import FeatureSettings

#: Candidates verified together, at most this many files and about this many bytes:
#: one task for a worker, one step of progress. Their texts are prepared together
#: (verify.comparables), which costs less a file the more there are; a cancel is
#: still seen within a few tens of milliseconds.
VERIFY_BATCH = 16
VERIFY_BATCH_BYTES = 1 << 20

#: A cancel while files are still read keeps what was found and still compares the
#: nearest of them exactly: at most this many files, this many bytes, this long (s).
AFTER_CANCEL_FILES = 20
AFTER_CANCEL_BYTES = 4 * 1024 * 1024
AFTER_CANCEL_SECONDS = 1.0


class Ranking(str, Enum):
    """What the verified files are ordered by."""

    #: The whole file: most similar first.
    SIMILARITY = "similarity"
    #: Files that hold the reference: the largest share of the reference found first.
    CONTAINMENT = "containment"


#: A reference is short beside a folder's files where it is at most this share of their
#: median size: a quotation, a pasted paragraph, a note among chapters.
SHORT_SHARE = 0.25


def is_short_reference(reference_size: int, sizes: Sequence[int]) -> bool:
    """Whether a reference of ``reference_size`` bytes is short beside files of ``sizes``
    (the reference's own row left out): at most a quarter of their median size. The median,
    not the mean: a few large files do not make every reference short. No files: not short."""
    if not sizes:
        return False
    return reference_size <= SHORT_SHARE * float(np.median(np.asarray(sizes, dtype=np.float64)))


@dataclass(frozen=True)
class RankOptions:
    #: The nearest files by distance, always verified exactly.
    verify_top: int = 200
    #: The nearest files by sketch (estimated resemblance), verified too: files that
    #: changed a lot and that SimHash's distance puts far away (see sketch.py).
    verify_by_sketch: int = 50
    #: The files whose excerpt samples most hold the reference or are most held in it,
    #: verified too: excerpts and quotations, far by distance and by sketch (excerpts.py).
    verify_by_excerpt: int = 50
    #: Files within this distance are verified too (None: 3/16 of the bits).
    verify_radius: int | None = None
    #: The verdict: verified similarity from which a file is called similar.
    threshold: float = DEFAULT_THRESHOLD
    #: The order of the verified files.
    ranking: Ranking = Ranking.SIMILARITY
    #: Ranked by similarity, a short reference is ranked by containment instead
    #: (``for_reference``): what a quotation or a pasted paragraph asks is which files hold it.
    short_by_containment: bool = False

    def for_reference(self, reference_size: int, sizes: Sequence[int]) -> RankOptions:
        """These options for a reference of ``reference_size`` bytes among files of
        ``sizes``: containment where ``short_by_containment`` and the reference is short."""
        if (
            self.short_by_containment
            and self.ranking is Ranking.SIMILARITY
            and is_short_reference(reference_size, sizes)
        ):
            return replace(self, ranking=Ranking.CONTAINMENT)
        return self

    def radius(self, bits: int) -> int:
        return self.verify_radius if self.verify_radius is not None else bits * 3 // 16

    def holds(self, match: Match) -> bool:
        """Whether a verified file holds at least the threshold's share of the reference."""
        return match.reference_in_file is not None and match.reference_in_file >= self.threshold

    def wanted(self, match: Match) -> bool:
        """Whether a file is one this ranking looks for: similar as a whole, or, ranked
        by containment, holding the reference."""
        return match.similar or (self.ranking is Ranking.CONTAINMENT and self.holds(match))


#: Verifies candidates: yields each batch with what its exact comparison found as it
#: completes (in any order; None for a file that can no longer be read; a bare float
#: from a verifier that measures the similarity alone).
VerifiedBatches = Generator[tuple[list[Match], list[Exact | float | None]], None, None]
Verifier = Callable[[list[Match]], VerifiedBatches]


def rank_matches(
    matches: list[Match],
    reference_fingerprint: int,
    settings: FeatureSettings,
    options: RankOptions,
    verify: Verifier,
    cancel: CancelToken | None = None,
    on_candidates: Callable[[list[Match]], None] | None = None,
    on_verified: Callable[[list[Match]], None] | None = None,
    reference_sketch: bytes | None = None,
    reference_sample: bytes | None = None,
) -> None:
    """Set distances, verify the nearest candidates, and sort ``matches`` in place.

    Verified candidates come first, most similar first (distance breaks ties),
    or under Ranking.CONTAINMENT those that hold most of the reference first;
    the rest follow by distance. The candidates are the verify_top nearest by
    distance, any within the radius, the verify_by_sketch nearest by sketch,
    and the verify_by_excerpt that most hold the reference or are held in it by
    their excerpt samples; ties at a cut-off go by relative path, so the same
    folder gives the same candidates whatever order its files arrived in. ``verify`` gives the
    exact similarity of the candidates to the reference, batch by batch; it may
    farm the work out to other processes. ``on_candidates`` hears which files
    are about to be verified, ``on_verified`` each batch done. A cancel stops
    the verifying between batches and keeps what was verified. A cancel before
    it starts (while the files were read) still has the nearest few verified,
    in a bounded time.
    """
    if not matches:
        return
    fingerprints = to_array([m.fingerprint for m in matches], settings.bits)
    dist = distances(reference_fingerprint, fingerprints)
    for match, value in zip(matches, dist.tolist(), strict=True):
        match.distance = value
    by_name = np.empty(len(matches), dtype=np.int64)
    rels = [m.rel for m in matches]
    by_name[sorted(range(len(matches)), key=rels.__getitem__)] = np.arange(len(matches))
    order = np.lexsort((by_name, dist))  # by distance, then by relative path
    chosen = set(order[: options.verify_top].tolist())
    chosen.update(np.flatnonzero(dist <= options.radius(settings.bits)).tolist())
    if reference_sketch is not None and options.verify_by_sketch > 0:
        chosen.update(_nearest_by_sketch(matches, reference_sketch, dist, by_name, options))
    if reference_sample is not None and options.verify_by_excerpt > 0:
        score = excerpts.scores(reference_sample, [m.sample for m in matches])
        top = np.lexsort((by_name, dist, -score))[: options.verify_by_excerpt]
        chosen.update(top[score[top] > 0].tolist())
    candidates = [matches[i] for i in order.tolist() if i in chosen and not matches[i].is_reference]
    for match in matches:
        if match.is_reference:
            match.similarity, match.similar = 1.0, True
            match.reference_in_file = match.file_in_reference = 1.0
    if cancel is not None and cancel.is_set():
        candidates = _nearest_few(candidates)
        cancel = _Deadline(AFTER_CANCEL_SECONDS)
    if on_candidates is not None:
        on_candidates(candidates)
    if candidates and not (cancel is not None and cancel.is_set()):
        results = verify(candidates)
        try:
            for batch, values in results:
                for match, value in zip(batch, values, strict=True):
                    _set_verified(match, value, options.threshold)
                if on_verified is not None:
                    on_verified(batch)
                if cancel is not None and cancel.is_set():
                    break
        finally:
            results.close()  # a verifier's pending work is dropped at once
    _sort(matches, dist, by_name, options.ranking)


def _sort(
    matches: list[Match],
    dist: npt.NDArray[np.uint8],
    by_name: npt.NDArray[np.int64],
    ranking: Ranking,
) -> None:
    """Sort ``matches`` in place as ``rank_key`` (or ``containment_key``) orders them, in
    one NumPy sort of their columns (``by_name``: each one's place by relative path)."""
    count = len(matches)
    similarity = np.fromiter((m.similarity or 0.0 for m in matches), np.float64, count)
    keys = [
        by_name,
        np.fromiter((not m.is_reference for m in matches), bool, count),
        dist,
        -similarity,
    ]
    if ranking is Ranking.CONTAINMENT:
        held = np.fromiter((m.reference_in_file or 0.0 for m in matches), np.float64, count)
        keys.append(-held)
    keys.append(np.fromiter((m.similarity is None for m in matches), bool, count))
    matches[:] = [matches[i] for i in np.lexsort(keys).tolist()]


def _set_verified(match: Match, value: Exact | float | None, threshold: float) -> None:
    if isinstance(value, Exact):
        match.similarity = value.similarity
        match.reference_in_file = value.reference_in_file
        match.file_in_reference = value.file_in_reference
        match.alone = value.alone
        match.estimated = value.estimated
    else:
        match.similarity = value
    match.similar = match.similarity is not None and match.similarity >= threshold


def _nearest_by_sketch(
    matches: list[Match],
    reference_sketch: bytes,
    dist: npt.NDArray[np.uint8],
    by_name: npt.NDArray[np.int64],
    options: RankOptions,
) -> list[int]:
    """The files whose sketch resembles the reference's most (and at all)."""
    empty = pack(np.full(SKETCH_SIZE, EMPTY, dtype=np.uint64))
    sketches = unpack(b"".join(m.sketch or empty for m in matches)).reshape(-1, SKETCH_SIZE)
    score = resemblance(unpack(reference_sketch), sketches)
    order = np.lexsort((by_name, dist, -score))
    top = order[: options.verify_by_sketch]
    result: list[int] = top[score[top] > 0].tolist()
    return result


def _nearest_few(candidates: list[Match]) -> list[Match]:
    """The nearest candidates within the after-cancel budget (the nearest one always)."""
    chosen: list[Match] = []
    size = 0
    for match in candidates[:AFTER_CANCEL_FILES]:
        size += match.size
        if chosen and size > AFTER_CANCEL_BYTES:
            break
        chosen.append(match)
    return chosen


class _Deadline:
    """A cancel token that sets itself after a number of seconds."""

    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def is_set(self) -> bool:
        return time.monotonic() >= self.end


def batches(candidates: list[Match]) -> Iterator[list[Match]]:
    """The candidates in batches of VERIFY_BATCH files and about VERIFY_BATCH_BYTES at
    most, nearest first."""
    return bounded_batches(candidates, _size, VERIFY_BATCH, VERIFY_BATCH_BYTES)


def _size(match: Match) -> int:
    return match.size


def rank_key(match: Match) -> tuple[int, float, int, int, str]:
    return (
        0 if match.similarity is not None else 1,
        -(match.similarity or 0.0),
        match.distance,
        0 if match.is_reference else 1,
        match.rel,
    )


def containment_key(match: Match) -> tuple[int, float, float, int, int, str]:
    """Verified files first, those that hold most of the reference first; then as
    ``rank_key``."""
    return (
        0 if match.similarity is not None else 1,
        -(match.reference_in_file or 0.0),
        -(match.similarity or 0.0),
        match.distance,
        0 if match.is_reference else 1,
        match.rel,
    )

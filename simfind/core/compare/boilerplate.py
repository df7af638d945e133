"""Text that many files (or records) carry: licence headers, banners, templates, attributions.

Measured from the scanned set itself, with no word list: the document
frequency of runs of two words. For files, of the runs every file samples
(excerpts.samples keeps the runs whose feature falls in the lowest eighth of
their range, so two files sample the same runs of the text they share); for
records, which are short, of all their runs.

A run is boilerplate when at least ``carriers(n)`` texts carry it and, for
most of them, it is part of what they share with many others, not of what
makes them what they are: a licence header is a fifth of most modules that
carry it, while the text that twelve revisions of one report share is most
of each. So each text's widely shared part (the share of its runs that many
texts carry) is measured, and a widely carried run is boilerplate only where
that part is under half for most of its carriers (more than half of them). Twelve revisions of one
report, a folder's copies of a file, keep every word; the header they carry
beside four hundred other modules does not.

In a text, a word is boilerplate where the nearest of its sampled runs (no
further than ``REACH`` words) is: a header of sixty words holds about seven
sampled runs, and the words between them follow. A widely carried run counts
only as part of a passage (``confirmed``): a pair of common words alone is none.

A text's start and end are words of their own (``EDGE``), so that a label of a
word at either end (``子曰``, ``--《论语》``, ``Version``) is a run many texts carry.
Records count every run; a file's sample holds its runs at either end always
(``edge_runs``: their features put below every sampled one's, ``EDGE_BITS``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import I64, U64
from simfind.core.fingerprint.excerpts import EDGE_BELOW, SAMPLE_SHIFT
from simfind.core.text.escapes import unescaped
from simfind.core.text.features import FeatureSettings
from simfind.core.text.hashing import shingle
from simfind.core.text.scripts import fold_scripts
from simfind.core.text.shingles import (
    EDGE_RUNS,
    EDGE_WORD,
    FEATURE_BITS,
    edge_features,
    feature_ids,
)
from simfind.core.text.token_chars import CjkMode
from simfind.core.text.tokens import token_spans

B = npt.NDArray[np.bool_]
IntP = npt.NDArray[np.intp]

#: At least this many texts, and this share of them, carry a run that is boilerplate.
MIN_CARRIERS = 8
CARRIER_SHARE = 0.02
#: A widely carried run is boilerplate where, for most of its carriers, less than
#: this share of their runs is widely carried.
MOSTLY_OWN = 0.5
#: A word takes the verdict of the nearest sampled run within this many words.
REACH = 12
#: Widely carried runs are boilerplate in a text where this many follow each other there
#: (each within REACH words of the one before), or at either end of it.
CHAIN = 3
#: A text's start and its end as a word, in the runs that find labels at either end.
EDGE = EDGE_WORD
#: A file's edge runs are sampled always: their features cut to this many low bits
#: (below every other sampled value but one in 2**16, and inside a sample's cap).
EDGE_BITS = 29
_EDGE_MASK = np.uint64((1 << EDGE_BITS) - 1)
#: A file's first and last words are found in this many characters at either end.
EDGE_CHARS = 256
#: Buckets (of the low bits) through which the widely carried values are found.
_TABLE_BITS = 20
_TABLE_SIZE = 1 << _TABLE_BITS

#: Files: the runs excerpts.samples keeps (features below 2**45), as it packs them.
FILE_LIMIT = 1 << (FEATURE_BITS - SAMPLE_SHIFT)
FILE_DROP = FEATURE_BITS - SAMPLE_SHIFT - 32
#: A file sample's values under this are its edge runs (one in 2**16 of the others too).
EDGE_VALUES = EDGE_BELOW
assert EDGE_VALUES == 1 << (EDGE_BITS - FILE_DROP)


def carriers(texts: int) -> int:
    """How many texts must carry a run for it to be boilerplate."""
    return max(MIN_CARRIERS, int(np.ceil(CARRIER_SHARE * texts)))


@dataclass(frozen=True)
class Boilerplate:
    """The runs of two words found to be boilerplate, as sampled values.

    A run's feature ``f`` (shingles.feature_ids) is sampled when ``f < limit``,
    and its value is ``f >> drop``.
    """

    values: U64 = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    limit: int = FILE_LIMIT
    drop: int = FILE_DROP
    #: Texts the frequencies were counted over.
    texts: int = 0
    #: Counted over runs of the measure's own words (verify.Comparable.tokens: records),
    #: not over the fingerprint's words that the files' samples hold.
    of_tokens: bool = False

    @property
    def empty(self) -> bool:
        return not len(self.values)

    def marks(self, features: U64, words: int) -> B:
        """Which of a text's ``words`` are boilerplate, from its runs' features in order,
        its start and end among its words (``word_marks``)."""
        marked = np.zeros(words, dtype=bool)
        if self.empty or not len(features):
            return marked
        sampled = np.flatnonzero(features < np.uint64(self.limit))
        if not len(sampled):
            return marked
        values = features[sampled] >> np.uint64(self.drop)
        at = np.minimum(np.searchsorted(self.values, values), len(self.values) - 1)
        close = np.ones(len(sampled), dtype=bool)
        close[1:] = np.diff(sampled) <= REACH
        at_end = (sampled < EDGE_RUNS) | (sampled >= len(features) - EDGE_RUNS)
        verdict = confirmed(self.values[at] == values, close, at_end)
        if not verdict.any():
            return marked
        # A run at either end marks its own two words; every other word takes the verdict
        # of its nearest sampled run away from the ends (by the distance to the run's
        # middle, no further than REACH; of two as near, boilerplate wins): a saying
        # whose sample is little more than its labels keeps the rest of its words.
        for run in sampled[at_end & verdict].tolist():
            marked[run : run + 2] = True
        inner = ~at_end
        if not (verdict & inner).any():
            return marked
        middles = sampled[inner].astype(np.float64) + 0.5
        kept = verdict[inner]
        word = np.arange(words, dtype=np.float64)
        right = np.minimum(np.searchsorted(middles, word), len(middles) - 1)
        left = np.maximum(right - 1, 0)
        to_left, to_right = np.abs(word - middles[left]), np.abs(middles[right] - word)
        from_left = (to_left < to_right) | ((to_left == to_right) & kept[left])
        nearest = np.where(from_left, left, right)
        marked |= (np.minimum(to_left, to_right) <= REACH) & kept[nearest]
        return marked

    def word_marks(self, words: U64) -> B:
        """Which of a text's words (their hashes, in order) are boilerplate, its start and
        end counted as words of their own (records' edge runs as they are, a file's cut to
        the sampled values its sample holds them as)."""
        if self.empty or not len(words):
            return np.zeros(len(words), dtype=bool)
        features = feature_ids(shingle(np.concatenate((EDGE, words, EDGE)), 2))
        if not self.of_tokens:
            features[:EDGE_RUNS] &= _EDGE_MASK
            features[-EDGE_RUNS:] &= _EDGE_MASK
        result: B = self.marks(features, len(words) + 2)[1:-1]
        return result

    def __reduce__(self) -> tuple[object, ...]:
        return (Boilerplate, (self.values, self.limit, self.drop, self.texts, self.of_tokens))


NONE = Boilerplate()


def confirmed(verdict: B, close: B, at_end: B) -> B:
    """The widely carried runs of a text (``verdict``, its runs in order) that are its
    boilerplate: those of a chain of ``CHAIN`` or more (``close[i]``: run i follows run
    i - 1 closely, within ``REACH`` words and in the same text), and those of a chain
    holding a run at either end of the text (``at_end``): a label, a prefix or an
    attribution there (``子曰``, ``--《论语》``) is boilerplate however short.

    A pair of common words ("of the", "return self", 之也) is carried by most texts,
    each time a small part of them, and alone it is no boilerplate: marked, with the
    words around it, it set a third of Flask's app.py aside, and two of its releases
    read 62.4 % alike in a folder holding both against 72.2 % for their diff."""
    if not verdict.any():
        return verdict
    linked = np.zeros(len(verdict), dtype=bool)
    linked[1:] = verdict[1:] & verdict[:-1] & close[1:]
    chain = np.cumsum(~linked) - 1
    lengths = np.bincount(chain, weights=verdict)
    ends = np.zeros(len(lengths), dtype=bool)
    ends[chain[at_end & verdict]] = True
    result: B = verdict & ((lengths[chain] >= CHAIN) | ends[chain])
    return result


def from_values(
    texts: Sequence[npt.NDArray[np.unsignedinteger]],
    limit: int = FILE_LIMIT,
    drop: int = FILE_DROP,
) -> Boilerplate:
    """The boilerplate of a set of texts, from each text's distinct sampled values."""
    count = len(texts)
    lengths = np.fromiter((len(t) for t in texts), dtype=np.int64, count=count)
    if count < carriers(count) or not lengths.sum():
        return Boilerplate(limit=limit, drop=drop, texts=count)
    values = np.concatenate([np.asarray(t, dtype=np.uint64) for t in texts])
    owners = np.repeat(np.arange(count, dtype=np.int64), lengths)
    return from_owned(values, owners, count, limit, drop)


def from_owned(
    values: npt.NDArray[np.unsignedinteger],
    owners: npt.NDArray[np.signedinteger],
    count: int,
    limit: int,
    drop: int,
) -> Boilerplate:
    """``from_values`` of the texts' values end to end (``owners``: whose each one is;
    a text's values distinct). The values may be of any unsigned width (a file sample's
    are 32 bits: half the memory, and counted without a sort)."""
    lengths = np.bincount(owners, minlength=count)
    return _counted(values, lengths, count, limit, drop, owners)


def _counted(
    values: npt.NDArray[np.unsignedinteger],
    lengths: npt.NDArray[np.integer],
    count: int,
    limit: int,
    drop: int,
    owners: npt.NDArray[np.signedinteger] | None = None,
    edge_below: int = 0,
) -> Boilerplate:
    """``from_owned`` of texts of ``lengths`` values each, end to end in ``values``, in
    their order (``owners``: whose each value is, when known already; values under
    ``edge_below``: a file's edge runs)."""
    needed = carriers(count)
    if count < needed or not len(values):
        return Boilerplate(limit=limit, drop=drop, texts=count)
    # A value that ``needed`` texts carry fills the bucket of its low bits at least that
    # far: only the values of such buckets (the widely carried ones, and the few that
    # share their bucket) are counted exactly. A sort of all 13 million values of
    # 100,000 files took 0.66 s, the buckets' count 0.1 s.
    filled = _bucket_counts(values) >= needed
    maybe = _in_buckets(values, filled)
    candidates = values[maybe]
    counted = _exact_counts(candidates, filled, needed)
    if counted is None:
        return Boilerplate(limit=limit, drop=drop, texts=count)
    carried_values, carried, run_of = counted
    hit = run_of >= 0
    run = run_of[hit]
    at = maybe[hit]
    wide_owners = _owners_at(at, lengths, owners)
    # Each text's widely shared part, and for each widely carried run how many of its
    # carriers have that part under MOSTLY_OWN. A file's edge runs are no part of it: a
    # saying whose sample is its source and a run or two is still mostly its own.
    own_part = wide_owners
    own_lengths = np.asarray(lengths, dtype=np.int64)
    if edge_below:
        own_part = wide_owners[values[at] >= edge_below]
        edges = np.flatnonzero(values < edge_below)
        own_lengths = own_lengths - np.bincount(_owners_at(edges, lengths, owners), minlength=count)
    shared_part = np.bincount(own_part, minlength=count) / np.maximum(own_lengths, 1)
    mostly_own = shared_part[wide_owners] < MOSTLY_OWN
    own = np.bincount(run, weights=mostly_own, minlength=len(carried_values))
    marked: U64 = carried_values[is_boilerplate(carried, own)].astype(np.uint64)
    return Boilerplate(values=marked, limit=limit, drop=drop, texts=count)


def _owners_at(
    at: I64, lengths: npt.NDArray[np.integer], owners: npt.NDArray[np.signedinteger] | None
) -> I64:
    """Whose each of the values at ``at`` (ascending) is."""
    if owners is not None:
        result: I64 = owners[at].astype(np.int64)
        return result
    # From how many of them fall before each text's end.
    ends = np.searchsorted(at, np.cumsum(lengths))
    return np.repeat(np.arange(len(lengths), dtype=np.int64), np.diff(ends, prepend=0))


#: Values whose buckets are found in one pass (their numbers as intp: 32 MB at a time,
#: not 8 bytes for each of all the values at once).
_CHUNK = 1 << 22


def _buckets(values: npt.NDArray[np.unsignedinteger]) -> Iterator[tuple[int, IntP]]:
    """Each chunk of the values' buckets (the low bits), with where it starts."""
    low = values.dtype.type(_TABLE_SIZE - 1)
    for start in range(0, len(values), _CHUNK):
        yield start, (values[start : start + _CHUNK] & low).astype(np.intp)


def _bucket_counts(values: npt.NDArray[np.unsignedinteger]) -> I64:
    """How many values fall in each bucket."""
    counts = np.zeros(_TABLE_SIZE, dtype=np.int64)
    for _, chunk in _buckets(values):
        counts += np.bincount(chunk, minlength=_TABLE_SIZE)
    return counts


def _in_buckets(values: npt.NDArray[np.unsignedinteger], buckets: B) -> I64:
    """Where the values are that fall in the given buckets, ascending."""
    found = [np.flatnonzero(buckets[chunk]) + start for start, chunk in _buckets(values)]
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def _exact_counts(
    candidates: npt.NDArray[np.unsignedinteger], filled: B, needed: int
) -> tuple[npt.NDArray[np.unsignedinteger], I64, I64] | None:
    """The widely carried values among ``candidates`` (ascending), how many texts carry
    each, and for each candidate the index of its value among them (-1: not widely
    carried); None when there are none. ``filled``: the buckets the candidates are of."""
    high_bits = candidates.dtype.itemsize * 8 - _TABLE_BITS
    buckets = int(np.count_nonzero(filled))
    if high_bits <= 16 and buckets << high_bits <= max(1 << 22, len(candidates)):
        # Small values: a value is its bucket and its high bits, so one count by both
        # (the bucket as its rank among the filled ones) is an exact count of each; its
        # table no larger than the candidates (else they are sorted, as wide values).
        rank = np.cumsum(filled, dtype=np.int64) - 1
        low = candidates.dtype.type(_TABLE_SIZE - 1)
        keys = rank[(candidates & low).astype(np.intp)]
        keys <<= high_bits  # in place: four million candidates' temporaries are 32 MB each
        keys |= candidates >> _TABLE_BITS
        frequency = np.bincount(keys, minlength=buckets << high_bits)
        wide_keys = np.flatnonzero(frequency >= needed)
        if not len(wide_keys):
            return None
        bucket_low = np.flatnonzero(filled)[wide_keys >> high_bits]
        unsorted = ((wide_keys & ((1 << high_bits) - 1)) << _TABLE_BITS) | bucket_low
        order = np.argsort(unsorted, kind="stable")
        run_of_key = np.full(len(frequency), -1, dtype=np.int64)
        run_of_key[wide_keys[order]] = np.arange(len(order))
        carried_values = unsorted[order].astype(candidates.dtype)
        return carried_values, frequency[wide_keys[order]], run_of_key[keys]
    # Wide values (records' 45-bit features): sorted, and counted in runs of equals.
    ordered = np.sort(candidates)
    first = np.ones(len(ordered), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    frequency = np.diff(np.append(starts, len(ordered)))
    widely = frequency >= needed
    if not widely.any():
        return None
    carried_values = ordered[starts[widely]]
    at = np.minimum(np.searchsorted(carried_values, candidates), len(carried_values) - 1)
    run_of = np.where(carried_values[at] == candidates, at, -1)
    return carried_values, frequency[widely], run_of


def is_boilerplate(
    carried: npt.NDArray[np.integer], mostly_own: npt.NDArray[np.number]
) -> npt.NDArray[np.bool_]:
    """Which widely carried runs are boilerplate, given how many texts carry each and how
    many of those are mostly their own text: most of them (the upper median's side)."""
    result: npt.NDArray[np.bool_] = mostly_own >= carried // 2 + 1
    return result


def of_samples(samples: Sequence[bytes | None]) -> Boilerplate:
    """The boilerplate of a folder, from its files' excerpt samples."""
    # The samples end to end, read at once (unpacked one by one and widened, 100,000
    # files' took 0.6 s), as they are (32 bits, little-endian: no copy); then as
    # from_owned, with no owner for each value (only for the widely carried ones).
    count = len(samples)
    lengths = np.fromiter((len(s or b"") // 4 for s in samples), dtype=np.int64, count=count)
    if count < carriers(count) or not lengths.sum():
        return Boilerplate(texts=count)
    values = np.frombuffer(b"".join(s or b"" for s in samples), dtype="<u4")
    return _counted(values, lengths, count, FILE_LIMIT, FILE_DROP, edge_below=EDGE_VALUES)


RECORD_LIMIT = 1 << FEATURE_BITS


def of_features(features: Sequence[U64]) -> Boilerplate:
    """The boilerplate of a set of short texts (records), from all of each one's runs of
    two of the measure's words (their distinct features)."""
    return replace(from_values(features, limit=RECORD_LIMIT, drop=0), of_tokens=True)


def edge_runs(texts: Sequence[str], settings: FeatureSettings) -> tuple[I64, U64]:
    """The edge runs of each non-empty text (``EDGE_RUNS`` at either end), as a file's
    sample holds them: (whose each is, its feature). The words are the exact measure's
    (verify.comparable), found in the first and the last ``EDGE_CHARS`` characters: for
    the long texts, whose runs a batch counts piece by piece (FeatureBatch.edges)."""
    owners: list[int] = []
    features: list[U64] = []
    for owner, text in enumerate(texts):
        ends = [text] if len(text) <= 2 * EDGE_CHARS else [text[:EDGE_CHARS], text[-EDGE_CHARS:]]
        words = [_measured_words(end, settings) for end in ends]
        first, last = words[0], words[-1]
        if not len(first) or not len(last):
            continue
        if len(ends) == 1 or min(len(first), len(last)) < EDGE_RUNS:
            runs = edge_sample(edge_features(np.concatenate(words) if len(ends) > 1 else first))
        else:
            runs = edge_sample(
                edge_features(np.concatenate((first[:EDGE_RUNS], last[-EDGE_RUNS:])))
            )
        owners += [owner] * len(runs)
        features.append(runs)
    if not features:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint64)
    return np.array(owners, dtype=np.int64), np.concatenate(features)


def edge_sample(features: U64) -> U64:
    """Edge runs' features as a file's sample holds them (below every other)."""
    result: U64 = features & _EDGE_MASK
    return result


def _measured_words(text: str, settings: FeatureSettings) -> U64:
    """The exact measure's words of a text (verify.comparable's)."""
    if settings.fold_scripts:
        text = fold_scripts(text)
    return token_spans(unescaped(text), settings.cjk, "words")[2]


def text_spans(text: str, common: Boilerplate, cjk: CjkMode = "words") -> list[tuple[int, int]]:
    """Where a text's boilerplate is: character ranges [start, end), each a run of marked
    words with what lies between them (for a diff to show them apart)."""
    if common.empty:
        return []
    starts, ends, hashes = token_spans(text, cjk)
    marked = common.word_marks(hashes)
    if not marked.any():
        return []
    index = np.flatnonzero(marked)
    breaks = np.flatnonzero(np.diff(index) > 1)
    firsts = index[np.concatenate(([0], breaks + 1))]
    lasts = index[np.concatenate((breaks, [len(index) - 1]))]
    return [(int(starts[a]), int(ends[b])) for a, b in zip(firsts, lasts, strict=True)]


__all__ = [
    "EDGE",
    "NONE",
    "Boilerplate",
    "carriers",
    "confirmed",
    "edge_runs",
    "edge_sample",
    "from_owned",
    "from_values",
    "is_boilerplate",
    "of_features",
    "of_samples",
    "text_spans",
]

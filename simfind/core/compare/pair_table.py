"""Many short texts (records) compared pair by pair, thousands of pairs in one NumPy pass.

The measure is verify.shares' own: difflib's ratio of the two texts' words;
texts of at most ``verify.CHAR_WORDS`` word compared by their characters.
Here the words two texts share are first counted in any order (each word as
often as both have it), which is at least what difflib matches: a pair whose
count stays under ``EXACT_FROM`` keeps it, far from any threshold a user would
choose, and the others are measured exactly (verify.shares), unless what they
share is in order already (no word twice in either text, the shared words'
places rising in both): then difflib matches every one of them, the count is
its figure, and no call per pair is made.

A grouping compares hundreds of thousands of pairs of records of a dozen
words, where a Python call per pair would cost more than the arithmetic, so
here every text's words are hashed once, with their repeat count folded in
(the n-th "the" of a text is another key than its first), and a batch of
pairs is matched as one sorted array of (pair, key).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64, sorted_distinct
from simfind.core.compare import boilerplate as common_text
from simfind.core.compare.blocks import DIFFLIB_CELLS
from simfind.core.compare.boilerplate import EDGE, Boilerplate
from simfind.core.compare.verify import (
    BOILERPLATE_WEIGHT,
    CHAR_WORDS,
    Comparable,
    prepared,
    shares,
)
from simfind.core.text.batch_buffers import many_mode_buffers
from simfind.core.text.escapes import unescaped
from simfind.core.text.features import FeatureSettings, folded_texts
from simfind.core.text.hashing import fmix64, shingle, word_places
from simfind.core.text.shingles import feature_ids

B = npt.NDArray[np.bool_]

#: Pairs whose shared words, counted in any order, reach this are measured exactly
#: (verify.shares); below it, the count in any order is kept: at least difflib's figure,
#: and far from any threshold a user would choose.
EXACT_FROM = 0.25

_REPEAT_SALT = np.uint64(0xD6E8FEB86659FD93)
_PAIR_SALT = np.uint64(0x9FB21C651E98DF25)


def _ranges(starts: I64, counts: I64) -> tuple[I64, I64]:
    """(which range, the index it points at) of every element of the ranges
    [starts[i], starts[i] + counts[i]), end to end."""
    which = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    offsets = np.cumsum(counts) - counts
    inside = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(offsets, counts)
    return which, np.repeat(starts, counts) + inside


#: Texts cut into words at once (the words of a million records at once took 1.5 GB).
_TEXTS_AT_ONCE = 1 << 16


def _word_hashes(texts: Sequence[str], settings: FeatureSettings) -> tuple[U64, I64]:
    """Every word's hash in text order, and the text each belongs to."""
    hashes: list[U64] = [np.empty(0, dtype=np.uint64)]
    owners: list[I64] = [np.empty(0, dtype=np.int64)]
    for first in range(0, len(texts), _TEXTS_AT_ONCE):
        part = texts[first : first + _TEXTS_AT_ONCE]
        buffers = many_mode_buffers(part, settings.cjk, ("words",))[0]
        starts, _, found = word_places(b" ".join(buffers))
        first_bytes = np.cumsum([0] + [len(b) + 1 for b in buffers[:-1]], dtype=np.int64)
        hashes.append(found)
        owners.append(np.searchsorted(first_bytes, starts, side="right") - 1 + first)
    return np.concatenate(hashes), np.concatenate(owners)


#: Pairs matched at once by _difflib_covered (its arrays: pairs × words² each), and the
#: longest text it takes (longer ones are measured one pair at a time).
_BATCH_PAIRS = 1024
_BATCH_WORDS = 96


def _difflib_covered(x: U64, y: U64, nx: I64, ny: I64) -> tuple[B, B]:
    """Which words of each first and second text difflib's matching blocks cover, for many
    pairs at once: x and y hold the pairs' words (one row a pair, padded past nx and ny).

    difflib.SequenceMatcher without junk (autojunk=False, as blocks._by_difflib) takes the
    longest run of equal words in a stretch of both texts (of the longest, the one that
    starts first in the first text, then in the second), then does the same on each side
    of it. Here every pair's runs of equal words are counted once (the run ending at each
    place of both), and each round takes every open stretch's longest run at once: the
    same blocks as difflib's, without a Python call per pair."""
    pairs, width = x.shape
    inside_x = np.arange(width)[None, :] < nx[:, None]
    inside_y = np.arange(width)[None, :] < ny[:, None]
    equal = (x[:, :, None] == y[:, None, :]) & inside_x[:, :, None] & inside_y[:, None, :]
    # Words per text at most _BATCH_WORDS (< 128): a run's length fits in a byte.
    runs = np.zeros((pairs, width, width), dtype=np.int8)
    runs[:, 0, :] = equal[:, 0, :]
    runs[:, :, 0] = equal[:, :, 0]
    for i in range(1, width):
        runs[:, i, 1:] = (runs[:, i - 1, :-1] + 1) * equal[:, i, 1:]
    places = np.arange(width, dtype=np.int16)
    covered_x = np.zeros((pairs, width + 1), dtype=np.int16)
    covered_y = np.zeros((pairs, width + 1), dtype=np.int16)
    # Open stretches: the pair, and [alo, ahi) of its first text, [blo, bhi) of its second.
    owner = np.arange(pairs, dtype=np.int64)
    alo = np.zeros(pairs, dtype=np.int16)
    blo = np.zeros(pairs, dtype=np.int16)
    ahi, bhi = nx.astype(np.int16), ny.astype(np.int16)
    whole = True  # the first round: every pair's whole texts, in order
    while len(owner):
        # The run ending at (i, j) cut to the stretch (how far i and j lie inside it), and
        # nothing where either lies outside it.
        reach_i = places[None, :] - alo[:, None] + 1
        reach_i[(reach_i < 0) | (places[None, :] >= ahi[:, None])] = 0
        reach_j = places[None, :] - blo[:, None] + 1
        reach_j[(reach_j < 0) | (places[None, :] >= bhi[:, None])] = 0
        cut = np.minimum(
            runs if whole else runs[owner],
            np.minimum(reach_i[:, :, None], reach_j[:, None, :]).astype(np.int8),
        )
        # The first largest in row order: the least end in the first text, then in the
        # second, which for runs of one length is difflib's choice.
        best = cut.reshape(len(owner), -1).argmax(axis=1)
        end_i, end_j = best // width, best % width
        size = cut.reshape(len(owner), -1)[np.arange(len(owner)), best]
        found = size > 0
        owner, alo, ahi, blo, bhi = (v[found] for v in (owner, alo, ahi, blo, bhi))
        size = size[found].astype(np.int16)
        i = (end_i[found] - size + 1).astype(np.int16)
        j = (end_j[found] - size + 1).astype(np.int16)
        np.add.at(covered_x, (owner, i), 1)
        np.add.at(covered_x, (owner, i + size), -1)
        np.add.at(covered_y, (owner, j), 1)
        np.add.at(covered_y, (owner, j + size), -1)
        left = (alo < i) & (blo < j)
        right = (i + size < ahi) & (j + size < bhi)
        owner = np.concatenate((owner[left], owner[right]))
        whole = False
        alo, ahi = (
            np.concatenate((alo[left], (i + size)[right])),
            np.concatenate((i[left], ahi[right])),
        )
        blo, bhi = (
            np.concatenate((blo[left], (j + size)[right])),
            np.concatenate((j[left], bhi[right])),
        )
    return np.cumsum(covered_x, axis=1)[:, :width] > 0, np.cumsum(covered_y, axis=1)[:, :width] > 0


#: Forms kept made at once (_Forms): a line among clustered lines is compared with dozens
#: of others, and making its form and its boilerplate weights again for each pair took
#: a third of every comparison (100,000 clustered lines: 2 × 359,000 weights made).
_FORMS_KEPT = 1 << 15


class _Forms:
    """Each text's verify.prepared form, made when it is asked for (few pairs need one),
    the last _FORMS_KEPT made kept with what they derived (their boilerplate weights): a
    million records' forms made at once held a Python object and arrays each."""

    def __init__(self, texts: Sequence[str], hashes: U64, starts: I64, counts: I64) -> None:
        self.texts, self.hashes, self.starts, self.counts = texts, hashes, starts, counts
        self._kept: dict[int, Comparable] = {}

    def __len__(self) -> int:
        return len(self.texts)

    def __getitem__(self, row: int) -> Comparable:
        form = self._kept.get(row)
        if form is None:
            start = int(self.starts[row])
            form = prepared(self.texts[row], self.hashes[start : start + int(self.counts[row])])
            if len(self._kept) >= _FORMS_KEPT:
                del self._kept[next(iter(self._kept))]  # the oldest made
            self._kept[row] = form
        return form


class PairTable:
    """Texts prepared for ``similarities`` of many pairs of them (rows index ``texts``)."""

    def __init__(self, texts: Sequence[str], settings: FeatureSettings) -> None:
        self.settings = settings
        texts = [unescaped(text) for text in folded_texts(texts, settings)]  # as verify reads them
        hashes, owners = _word_hashes(texts, settings)
        words = np.bincount(owners, minlength=len(texts)).astype(np.int64)
        self.words: I64 = words
        self.word_start: I64 = np.cumsum(words) - words
        self.word_owner: I64 = owners
        self.hashes: U64 = hashes
        self.forms = _Forms(texts, hashes, self.word_start, words)
        self.keys: U64 = self._keys()
        self.weights: F64 | None = None
        #: Each word's weight as verify.shares weighs it, for the rows ``_weighed``.
        self._word_weights: F64 | None = None
        self._weighed: B = np.zeros(0, dtype=bool)
        self.common: Boilerplate | None = None

    def _keys(self) -> U64:
        """Each word's key: its hash and how many equal words of its text come before it
        (and, in ``repeated``, whether its text holds that word more than once)."""
        order = np.lexsort((self.hashes, self.word_owner))
        hashes, owners = self.hashes[order], self.word_owner[order]
        first = np.ones(len(hashes), dtype=bool)
        if len(hashes) > 1:
            first[1:] = (hashes[1:] != hashes[:-1]) | (owners[1:] != owners[:-1])
        index = np.arange(len(hashes), dtype=np.int64)
        repeat = np.empty(len(hashes), dtype=np.int64)
        repeat[order] = index - np.maximum.accumulate(np.where(first, index, 0))
        group = np.cumsum(first) - 1
        sizes = np.bincount(group) if len(group) else group
        self.repeated: B = np.zeros(len(hashes), dtype=bool)
        self.repeated[order] = sizes[group] > 1 if len(group) else self.repeated
        keyed: U64 = self.hashes ^ fmix64(repeat.astype(np.uint64) * _REPEAT_SALT)
        return keyed

    def _edged_runs(self) -> tuple[U64, I64, I64]:
        """Every text's runs of two words, its start and end counted as words of their own
        (as verify.Comparable.marked counts them for records): each run's feature, its
        text, and the place (among all the words, edges included) of its first word."""
        count = len(self.words)
        edged = self.words + 2
        starts = np.cumsum(edged) - edged
        total = int(edged.sum())
        values = np.full(total, EDGE[0], dtype=np.uint64)
        inner = np.ones(total, dtype=bool)
        inner[starts] = False
        inner[starts + edged - 1] = False
        values[inner] = self.hashes
        owner = np.repeat(np.arange(count, dtype=np.int64), edged)
        within = np.ones(total, dtype=bool)
        within[starts + edged - 1] = False  # a run does not cross into the next text
        first = np.flatnonzero(within[:-1]) if total > 1 else np.zeros(0, dtype=np.int64)
        features = feature_ids(shingle(values, 2)[first]) if total > 1 else values[:0]
        self._inner = inner
        return features, owner[first], first

    def boilerplate(self) -> Boilerplate:
        """The runs many of these texts carry (boilerplate.of_features), weighed from now on."""
        features, owners, first = self._edged_runs()
        order = np.lexsort((features, owners))
        values, sorted_owners = features[order], owners[order]
        keep = np.ones(len(values), dtype=bool)
        if len(values) > 1:
            keep[1:] = (values[1:] != values[:-1]) | (sorted_owners[1:] != sorted_owners[:-1])
        found = replace(
            common_text.from_owned(
                values[keep], sorted_owners[keep], len(self.words), common_text.RECORD_LIMIT, 0
            ),
            of_tokens=True,
        )
        if not found.empty:
            # A word is boilerplate where a run it lies in is: what Comparable.marked finds
            # for records too (every run of theirs is sampled, and a word takes the verdict
            # of its nearer run, boilerplate winning a tie), so the sums here are
            # verify.shares' own. In one pass over all the texts.
            # Runs follow each other within a text; a text's first and last are its ends.
            starts = np.ones(len(owners), dtype=bool)
            starts[1:] = owners[1:] != owners[:-1]
            lasts = np.ones(len(owners), dtype=bool)
            lasts[:-1] = starts[1:]
            marked_run = common_text.confirmed(
                np.isin(features, found.values), ~starts, starts | lasts
            )
            marked = np.zeros(len(self._inner), dtype=bool)
            marked[first[marked_run]] = True
            marked[first[marked_run] + 1] = True
            marked = marked[self._inner]
            if marked.any():
                self.weights = np.where(marked, BOILERPLATE_WEIGHT, 1.0)
        self.common = found
        self._word_weights = None  # weighed again by this boilerplate
        return found

    def similarities(self, first: I64, second: I64) -> F64:
        """The similarity of each pair (first[i], second[i]) of rows."""
        result = np.empty(len(first), dtype=np.float64)
        if not len(first):
            return result
        na, nb = self.words[first], self.words[second]
        by_chars = np.maximum(na, nb) <= CHAR_WORDS
        odd = np.flatnonzero(by_chars)
        for at in odd.tolist():  # a word or none: by characters (or, if too long, alone)
            result[at] = self.pair(int(first[at]), int(second[at]))
        words = np.flatnonzero(~by_chars)
        if len(words):
            a, b = first[words], second[words]
            held_a, all_a, in_order, shared = self._held(a, b, order=True)
            held_b, all_b, _, _ = self._held(b, a)
            # At least what difflib matches: pairs that could reach EXACT_FROM are measured
            # exactly, unless what they share is in order already, when it is all matched.
            bound = 2 * shared / np.maximum(na[words] + nb[words], 1)
            total = all_a + all_b
            needs_exact = ~in_order | (total == 0)
            result[words] = np.where(total > 0, (held_a + held_b) / np.maximum(total, 1e-300), 0)
            again = words[(bound >= EXACT_FROM) & needs_exact]
            short = (na[again] * nb[again] <= DIFFLIB_CELLS) & (np.minimum(na, nb)[again] > 0)
            short &= np.maximum(na, nb)[again] <= _BATCH_WORDS
            for at in again[~short].tolist():
                result[at] = self.pair(int(first[at]), int(second[at]))
            batched = again[short]
            # The shortest first, so that each batch is padded little.
            batched = batched[np.argsort(np.maximum(na, nb)[batched], kind="stable")]
            for start in range(0, len(batched), _BATCH_PAIRS):
                at = batched[start : start + _BATCH_PAIRS]
                result[at] = self._by_blocks(first[at], second[at])
        return result

    def _by_blocks(self, first: I64, second: I64) -> F64:
        """verify.shares' similarity of each pair (first[k], second[k]) of texts of more
        than one word, short enough for difflib alone (blocks.matching_blocks): the blocks
        of the pair in the order verify measures it (the shorter text first, or of two
        as long the lesser words' bytes: verify._second_first), all pairs at once."""
        na, nb = self.words[first], self.words[second]
        swap = nb < na
        same = np.flatnonzero(na == nb)
        if len(same):
            swap[same] = self._lesser(second[same], first[same], na[same])
        x = np.where(swap, second, first)
        y = np.where(swap, first, second)
        nx, ny = self.words[x], self.words[y]
        width = int(max(int(np.max(nx)), int(np.max(ny))))
        places = np.arange(width, dtype=np.int64)[None, :]
        at_x = np.minimum(self.word_start[x][:, None] + places, len(self.hashes) - 1)
        at_y = np.minimum(self.word_start[y][:, None] + places, len(self.hashes) - 1)
        covered_x, covered_y = _difflib_covered(self.hashes[at_x], self.hashes[at_y], nx, ny)
        inside_x, inside_y = places < nx[:, None], places < ny[:, None]
        weights = self._shares_weights(np.concatenate((x, y)))
        weight_x, weight_y = weights[at_x], weights[at_y]
        # verify._sums: a covered word counts its weight, a word not covered counts 1.
        held_x = (weight_x * (covered_x & inside_x)).sum(axis=1)
        held_y = (weight_y * (covered_y & inside_y)).sum(axis=1)
        all_x = held_x + np.count_nonzero(inside_x & ~covered_x, axis=1)
        all_y = held_y + np.count_nonzero(inside_y & ~covered_y, axis=1)
        matched = np.count_nonzero(covered_x & inside_x, axis=1)
        total = all_x + all_y
        plain = 2 * matched / (nx + ny)
        result: F64 = np.where(total > 0, (held_x + held_y) / np.maximum(total, 1), plain)
        return result

    def _shares_weights(self, rows: I64) -> F64:
        """Every word's weight as verify.shares weighs it (Comparable.weights: the text's
        own boilerplate marks), made for the ``rows`` that have none yet."""
        if self._word_weights is None:
            self._word_weights = np.ones(len(self.hashes), dtype=np.float64)
            self._weighed = np.zeros(len(self.words), dtype=bool)
        common = self.common
        if common is not None and not common.empty:
            for row in sorted_distinct(rows[~self._weighed[rows]]).tolist():
                start = int(self.word_start[row])
                stop = start + int(self.words[row])
                marked = common.word_marks(self.hashes[start:stop])
                self._word_weights[start:stop] = np.where(marked, BOILERPLATE_WEIGHT, 1.0)
        self._weighed[rows] = True
        return self._word_weights

    def _lesser(self, texts: I64, others: I64, words: I64) -> B:
        """For pairs of texts of as many words, whether each text's words as bytes come
        before the other's (``bytes`` of the hashes, as verify._second_first compares)."""
        width = int(np.max(words))
        places = np.arange(width, dtype=np.int64)[None, :]
        inside = places < words[:, None]
        at_t = np.minimum(self.word_start[texts][:, None] + places, len(self.hashes) - 1)
        at_o = np.minimum(self.word_start[others][:, None] + places, len(self.hashes) - 1)
        # Bytes in memory order: the little-endian words byte-swapped compare as numbers.
        mine = np.where(inside, self.hashes[at_t].astype("<u8").byteswap(), 0)
        theirs = np.where(inside, self.hashes[at_o].astype("<u8").byteswap(), 0)
        differ = mine != theirs
        first = np.argmax(differ, axis=1)
        rows = np.arange(len(texts))
        lesser: B = differ[rows, first] & (mine[rows, first] < theirs[rows, first])
        return lesser

    def pair(self, a: int, b: int) -> float:
        """The similarity of one pair of rows (verify.shares)."""
        return shares(self.forms[a], self.forms[b], self.common).similarity

    def _held(self, texts: I64, others: I64, order: bool = False) -> tuple[F64, F64, B, F64]:
        """(weight of each text's words that the other has too, counted in any order, the
        weight of all its words that count, with ``order`` whether those shared words are
        all difflib would match (see _in_order), and how many words it shares)."""
        pairs = len(texts)
        pair_of_word, word = _ranges(self.word_start[texts], self.words[texts])
        pair_of_other, other_word = _ranges(self.word_start[others], self.words[others])
        salt = fmix64(np.arange(pairs, dtype=np.uint64) * _PAIR_SALT + np.uint64(1))
        wanted = self.keys[word] ^ salt[pair_of_word]
        offered = self.keys[other_word] ^ salt[pair_of_other]
        sorting = np.argsort(offered) if order else None  # to find each word's equal
        offered = offered[sorting] if sorting is not None else np.sort(offered)
        hit = np.zeros(len(wanted), dtype=bool)
        in_order = np.zeros(pairs, dtype=bool)
        if len(offered):
            at = np.minimum(np.searchsorted(offered, wanted), len(offered) - 1)
            hit = offered[at] == wanted
            if sorting is not None:
                partner = other_word[sorting[at[hit]]]
                in_order = self._in_order(texts, others, pair_of_word[hit], word[hit], partner)
        shared = np.bincount(pair_of_word, weights=hit, minlength=pairs).astype(np.float64)
        if self.weights is None:
            return shared, self.words[texts].astype(np.float64), in_order, shared
        weights = self.weights[word]
        held = np.bincount(pair_of_word, weights=weights * hit, minlength=pairs)
        # A word not matched counts fully, boilerplate or not (verify._sums).
        total = held + np.bincount(pair_of_word, weights=~hit, minlength=pairs)
        return held.astype(np.float64), total.astype(np.float64), in_order, shared

    def _in_order(self, texts: I64, others: I64, pair: I64, word: I64, partner: I64) -> B:
        """For each pair, whether difflib matches exactly the words matched here: their
        places rising in both texts, and either no shared word twice in either text (each
        pairs with its one equal; words only one text has never match: then every
        longest-first choice keeps the others on its two sides, and difflib matches them
        all) or every word of both matched (the same words in the same order). ``pair``,
        ``word`` and ``partner``: each shared word of the pair's first text, in order, its
        place and the place of its equal in the other."""
        count = len(texts)
        falling = np.zeros(len(pair), dtype=bool)
        if len(pair) > 1:
            falling[1:] = (pair[1:] == pair[:-1]) & (np.diff(partner) <= 0)
        rising = np.ones(count, dtype=bool)
        rising[pair[falling]] = False
        repeated = np.zeros(count, dtype=bool)
        repeated[pair[self.repeated[word] | self.repeated[partner]]] = True
        shared = np.bincount(pair, minlength=count)
        whole = (shared == self.words[texts]) & (shared == self.words[others])
        result: B = rising & (~repeated | whole)
        return result

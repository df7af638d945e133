"""Many short texts (records) compared pair by pair, thousands of pairs in one NumPy pass.

The measure is verify.shares' own: the words of each text that lie in a run of
two words the other text has too, over the words of both; texts of fewer than
``verify.CHAR_WORDS`` words compared by their characters. Here the runs are
first counted in any order (each run matched once), which for a line of a
dozen words is what a diff keeps, or a little more: the pairs that reach
``EXACT_FROM`` so are measured again in order, as verify.shares does, unless
their matched runs are in order already (no run twice, the places rising in
both texts, no gap where a lone word could be kept): then the count is what
verify.shares would find, and no call per pair is made. On real lines (the
Chinese revisions' 16,560 lines) that is 99 % of them.

A grouping compares hundreds of thousands of pairs of records of a dozen
words, where a Python call per pair would cost more than the arithmetic, so
here every text's runs are hashed once, with their repeat
count folded in (the n-th "a b" of a text is another key than its first), and
a batch of pairs is matched as one sorted array of (pair, key).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from simfind.core.base.arrays import F64, I64, U64
from simfind.core.compare import boilerplate as common_text
from simfind.core.compare.anchors import GAP_WORDS
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import (
    BOILERPLATE_WEIGHT,
    CHAR_WORDS,
    Comparable,
    prepared,
    shares,
)
from simfind.core.text.batch_buffers import many_mode_buffers
from simfind.core.text.features import FeatureSettings, folded_texts
from simfind.core.text.hashing import fmix64, shingle, word_places
from simfind.core.text.shingles import feature_ids

B = npt.NDArray[np.bool_]

#: Pairs whose shared runs, counted in any order, reach this are measured exactly (in
#: order, verify.shares); below it, the count in any order is kept: about the same for
#: short texts, and far from any threshold a user would choose.
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


def _token_hashes(texts: Sequence[str], settings: FeatureSettings) -> tuple[U64, I64]:
    """Every word's hash in text order, and the text each belongs to."""
    hashes: list[U64] = [np.empty(0, dtype=np.uint64)]
    owners: list[I64] = [np.empty(0, dtype=np.int64)]
    for first in range(0, len(texts), _TEXTS_AT_ONCE):
        part = texts[first : first + _TEXTS_AT_ONCE]
        buffers = many_mode_buffers(part, settings.cjk, ("chunks",))[0]
        starts, _, found = word_places(b" ".join(buffers))
        first_bytes = np.cumsum([0] + [len(b) + 1 for b in buffers[:-1]], dtype=np.int64)
        hashes.append(found)
        owners.append(np.searchsorted(first_bytes, starts, side="right") - 1 + first)
    return np.concatenate(hashes), np.concatenate(owners)


class _Forms:
    """Each text's verify.prepared form, made when it is asked for (few pairs need one):
    a million records' forms made at once held a Python object and arrays each."""

    def __init__(self, texts: Sequence[str], hashes: U64, starts: I64, counts: I64) -> None:
        self.texts, self.hashes, self.starts, self.counts = texts, hashes, starts, counts

    def __len__(self) -> int:
        return len(self.texts)

    def __getitem__(self, row: int) -> Comparable:
        start = int(self.starts[row])
        return prepared(self.texts[row], self.hashes[start : start + int(self.counts[row])])


class PairTable:
    """Texts prepared for ``similarities`` of many pairs of them (rows index ``texts``)."""

    def __init__(self, texts: Sequence[str], settings: FeatureSettings) -> None:
        self.settings = settings
        texts = folded_texts(texts, settings)
        hashes, owners = _token_hashes(texts, settings)
        tokens = np.bincount(owners, minlength=len(texts)).astype(np.int64)
        self.tokens: I64 = tokens
        self.token_start: I64 = np.cumsum(tokens) - tokens
        self.forms = _Forms(texts, hashes, self.token_start, tokens)
        # Runs of two words within a text: the run at token p joins tokens p and p + 1.
        within = owners[:-1] == owners[1:]
        self.gram_token: I64 = np.flatnonzero(within)
        self.grams: U64 = shingle(hashes, 2)[within] if len(hashes) > 1 else hashes[:0]
        self.gram_owner: I64 = owners[self.gram_token]
        self.gram_count: I64 = np.bincount(self.gram_owner, minlength=len(texts))
        self.gram_start: I64 = np.cumsum(self.gram_count) - self.gram_count
        self.keys: U64 = self._keys()
        self.weights: F64 | None = None
        self.common: Boilerplate | None = None

    def _keys(self) -> U64:
        """Each run's key: its hash and how many equal runs of its text come before it
        (and, in ``repeats``, which texts hold a run twice)."""
        order = np.lexsort((self.grams, self.gram_owner))
        grams, owners = self.grams[order], self.gram_owner[order]
        first = np.ones(len(grams), dtype=bool)
        if len(grams) > 1:
            first[1:] = (grams[1:] != grams[:-1]) | (owners[1:] != owners[:-1])
        index = np.arange(len(grams), dtype=np.int64)
        repeat = np.empty(len(grams), dtype=np.int64)
        repeat[order] = index - np.maximum.accumulate(np.where(first, index, 0))
        self.repeats: B = np.bincount(self.gram_owner[repeat > 0], minlength=len(self.tokens)) > 0
        keyed: U64 = self.grams ^ fmix64(repeat.astype(np.uint64) * _REPEAT_SALT)
        return keyed

    def boilerplate(self) -> Boilerplate:
        """The runs many of these texts carry (boilerplate.of_features), weighed from now on."""
        features = feature_ids(self.grams)
        order = np.lexsort((features, self.gram_owner))
        values, owners = features[order], self.gram_owner[order]
        keep = np.ones(len(values), dtype=bool)
        if len(values) > 1:
            keep[1:] = (values[1:] != values[:-1]) | (owners[1:] != owners[:-1])
        found = replace(
            common_text.from_owned(
                values[keep], owners[keep], len(self.tokens), common_text.RECORD_LIMIT, 0
            ),
            of_tokens=True,
        )
        if not found.empty:
            # A word is boilerplate where a run it lies in is: what Comparable.weights finds
            # for records too (every run of theirs is sampled, and a word takes the verdict
            # of its nearer run, boilerplate winning a tie), so the sums here are
            # verify.shares' own. In one pass over all the texts.
            marked_gram = np.isin(features, found.values)
            marked = np.zeros(int(self.tokens.sum()), dtype=bool)
            marked[self.gram_token[marked_gram]] = True
            marked[self.gram_token[marked_gram] + 1] = True
            if marked.any():
                self.weights = np.where(marked, BOILERPLATE_WEIGHT, 1.0)
        self.common = found
        return found

    def similarities(self, first: I64, second: I64) -> F64:
        """The similarity of each pair (first[i], second[i]) of rows."""
        result = np.empty(len(first), dtype=np.float64)
        if not len(first):
            return result
        na, nb = self.tokens[first], self.tokens[second]
        by_chars = np.minimum(na, nb) < CHAR_WORDS
        odd = np.flatnonzero(by_chars)
        for at in odd.tolist():  # a word or two: by characters (or, if too long, alone)
            result[at] = self.pair(int(first[at]), int(second[at]))
        words = np.flatnonzero(~by_chars)
        if len(words):
            a, b = first[words], second[words]
            held_a, all_a, in_order = self._held(a, b, order=True)
            held_b, all_b, _ = self._held(b, a)
            result[words] = (held_a + held_b) / (all_a + all_b)
            # Counted in any order, a pair's shared runs are about what a diff keeps (in
            # order): the pairs that could be similar are measured exactly, unless their
            # runs are in order already, when the count is the exact measure's own.
            again = words[(result[words] >= EXACT_FROM) & ~in_order]
            for at in again.tolist():
                result[at] = self.pair(int(first[at]), int(second[at]))
        return result

    def pair(self, a: int, b: int) -> float:
        """The similarity of one pair of rows (verify.shares)."""
        return shares(self.forms[a], self.forms[b], self.common).similarity

    def _held(self, texts: I64, others: I64, order: bool = False) -> tuple[F64, F64, B]:
        """(weight of each text's words in a run the other has, weight of all its words,
        and with ``order`` whether those runs are what verify.shares keeps: see _in_order)."""
        pairs = len(texts)
        pair_of_gram, gram = _ranges(self.gram_start[texts], self.gram_count[texts])
        pair_of_other, other_gram = _ranges(self.gram_start[others], self.gram_count[others])
        salt = fmix64(np.arange(pairs, dtype=np.uint64) * _PAIR_SALT + np.uint64(1))
        wanted = self.keys[gram] ^ salt[pair_of_gram]
        offered = self.keys[other_gram] ^ salt[pair_of_other]
        sorting = np.argsort(offered) if order else None  # to find each run's equal
        offered = offered[sorting] if sorting is not None else np.sort(offered)
        hit = np.zeros(len(wanted), dtype=bool)
        in_order = np.zeros(pairs, dtype=bool)
        if len(offered):
            at = np.minimum(np.searchsorted(offered, wanted), len(offered) - 1)
            hit = offered[at] == wanted
            if sorting is not None:
                partner = other_gram[sorting[at[hit]]]
                in_order = self._in_order(texts, others, pair_of_gram[hit], gram[hit], partner)
        covered = self._covered_in_pairs(hit, pair_of_gram, gram, texts)
        pair_of_token, token = _ranges(self.token_start[texts], self.tokens[texts])
        if self.weights is None:
            held = np.bincount(pair_of_token, weights=covered, minlength=pairs)
            return held.astype(np.float64), self.tokens[texts].astype(np.float64), in_order
        weights = self.weights[token]
        held = np.bincount(pair_of_token, weights=weights * covered, minlength=pairs)
        # A word not covered counts fully, boilerplate or not (verify._sums).
        total = held + np.bincount(pair_of_token, weights=~covered, minlength=pairs)
        return held.astype(np.float64), total.astype(np.float64), in_order

    def _in_order(self, texts: I64, others: I64, pair: I64, gram: I64, partner: I64) -> B:
        """For each pair, whether what verify.shares keeps is exactly the runs matched here:
        no run twice in either text (each run pairs with its one equal), the matched runs'
        places rising in both texts (then they are the heaviest chain, whole), and no gap
        between two of them where verify's gap_matches could keep a lone word: a gap of
        one to GAP_WORDS words on both sides, but for one word against one (two equal
        words there would have continued the run). ``gram`` and ``partner``: each matched
        run of the pair's first text, in order, and its equal in the other."""
        result = ~(self.repeats[texts] | self.repeats[others])
        if len(pair) < 2:
            return result
        here = self.gram_token[gram] - self.token_start[texts][pair]
        there = self.gram_token[partner] - self.token_start[others][pair]
        same = pair[1:] == pair[:-1]
        step_here, step_there = np.diff(here), np.diff(there)
        gap_here, gap_there = step_here - 2, step_there - 2  # words between two runs
        lone_word = (
            (gap_here > 0)
            & (gap_here <= GAP_WORDS)
            & (gap_there > 0)
            & (gap_there <= GAP_WORDS)
            & ((gap_here > 1) | (gap_there > 1))
        )
        broken = same & ((step_there <= 0) | lone_word)
        result[pair[1:][broken]] = False
        return result

    def _covered_in_pairs(self, hit: B, pair_of_gram: I64, gram: I64, texts: I64) -> B:
        """For each pair's copy of its text's tokens, whether a matched run covers it."""
        counts = self.tokens[texts]
        offset = np.cumsum(counts) - counts  # where each pair's tokens start
        local = self.gram_token[gram] - self.token_start[texts][pair_of_gram]
        at = offset[pair_of_gram[hit]] + local[hit]
        covered = np.zeros(int(counts.sum()) + 1, dtype=bool)
        covered[at] = True
        covered[at + 1] = True
        result: B = covered[:-1]
        return result

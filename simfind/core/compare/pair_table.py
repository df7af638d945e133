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

from simfind.core.base.arrays import F64, I64, U64
from simfind.core.compare import boilerplate as common_text
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
            for at in again.tolist():
                result[at] = self.pair(int(first[at]), int(second[at]))
        return result

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

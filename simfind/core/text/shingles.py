"""Shingles counted into features: a text's table (built piece by piece), and a batch's
keys (owner << FEATURE_BITS | feature) that one sort counts for all its texts.

A feature is the top FEATURE_BITS bits of a shingle's hash.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simfind.core.base.arrays import I64, U64, sorted_distinct
from simfind.core.text.hashing import locate_words, shingle, word_hashes
from simfind.core.text.long_text import cut_pieces
from simfind.core.text.token_chars import CjkMode, TokenMode
from simfind.core.text.tokens import word_buffers

#: A feature is named by the top FEATURE_BITS bits of its hash; the rest of a 64-bit
#: sort key says which text of a batch it belongs to, so one sort counts them all.
FEATURE_BITS = 48

OWNER_SHIFT = np.uint64(FEATURE_BITS)

TO_FEATURE = np.uint64(64 - FEATURE_BITS)

_FEATURE_MASK = np.uint64((1 << FEATURE_BITS) - 1)


def feature_ids(shingle_hashes: U64) -> U64:
    """The features that shingles (or character n-grams) of these hashes are."""
    result: U64 = shingle_hashes >> TO_FEATURE
    return result


#: Texts in one batch: the owner must fit in the key's low bits.
MAX_BATCH = 1 << (64 - FEATURE_BITS)

#: Pending shingles of a long text are counted into its table at about this many.
_MERGE_SHINGLES = 1 << 20


def count_keys(keys: U64) -> tuple[U64, I64]:
    """Distinct keys (ascending) and how often each occurs; sorts ``keys`` in place."""
    keys.sort()
    return count_sorted(keys)


def count_sorted(keys: U64) -> tuple[U64, I64]:
    """Distinct keys and how often each occurs, of keys already in ascending order."""
    if len(keys) == 0:
        return keys, np.zeros(0, dtype=np.int64)
    first = np.empty(len(keys), dtype=bool)
    first[0] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    at = np.flatnonzero(first)
    counts = np.diff(at, append=len(keys))
    return keys[at], counts


def _merge_counts(table: tuple[U64, I64], more: tuple[U64, I64]) -> tuple[U64, I64]:
    """Two (distinct keys, counts) tables as one (the first may be changed in place)."""
    keys, counts = table
    if not len(keys):
        return more
    at = np.searchsorted(keys, more[0])
    found = at < len(keys)
    found[found] = keys[at[found]] == more[0][found]
    counts[at[found]] += more[1][found]
    fresh = ~found
    return np.insert(keys, at[fresh], more[0][fresh]), np.insert(counts, at[fresh], more[1][fresh])


def shingle_counts(
    text: str, n: int, cjk: CjkMode = "words", tokens: TokenMode = "words"
) -> tuple[U64, I64, int]:
    """(distinct features ascending, their counts, tokens) of the n-shingles of a text.

    A long text is tokenised a piece at a time (see ``cut_pieces``), the last n - 1
    tokens of a piece carried into the next, and its shingles counted into one
    table as they come: memory grows with the distinct features, not with the
    text's tokens. A text of fewer than n tokens has one feature, the shingle
    of all of them.
    """
    return shingle_tables(text, ((tokens, n),), cjk)[0]


def shingle_tables(
    text: str, kinds: Sequence[tuple[TokenMode, int]], cjk: CjkMode = "words"
) -> list[tuple[U64, I64, int]]:
    """``shingle_counts`` for several (token mode, shingle size) at once, in one pass."""
    tables = [_ShingleTable(n) for _, n in kinds]
    for piece in cut_pieces(text):
        for table, buffer in zip(
            tables, word_buffers(piece, cjk, [mode for mode, _ in kinds]), strict=True
        ):
            table.add(word_hashes(buffer))
    return [table.result() for table in tables]


class _ShingleTable:
    """Counts the n-shingles of a token stream that arrives in pieces."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.carry = np.zeros(0, dtype=np.uint64)
        self.table = (np.zeros(0, dtype=np.uint64), np.zeros(0, dtype=np.int64))
        self.pending: list[U64] = []
        self.waiting = self.total = 0

    def add(self, hashes: U64) -> None:
        n = self.n
        self.total += len(hashes)
        joined = np.concatenate((self.carry, hashes)) if len(self.carry) else hashes
        if len(joined) >= n:
            self.pending.append(feature_ids(shingle(joined, n)))
            self.waiting += len(self.pending[-1])
            self.carry = joined[len(joined) - n + 1 :]
        else:
            self.carry = joined
        if self.waiting >= _MERGE_SHINGLES:
            self._merge()

    def _merge(self) -> None:
        if self.pending:
            self.table = _merge_counts(self.table, count_keys(np.concatenate(self.pending)))
        self.pending, self.waiting = [], 0

    def result(self) -> tuple[U64, I64, int]:
        self._merge()
        if self.total and not len(self.table[0]):  # fewer tokens than a shingle
            self.table = count_keys(feature_ids(shingle(self.carry, self.n)))
        return self.table[0], self.table[1], self.total


#: A text's start and its end as a word, in the runs that find labels at either end
#: (boilerplate.py).
EDGE_WORD = np.array([0x5EC7_1E55_0DD5_EED5], dtype=np.uint64)
#: Runs at either end of a text that a file's sample holds (a label of two words: 子曰).
EDGE_RUNS = 2


def edge_features(words: U64) -> U64:
    """The features of a text's ``EDGE_RUNS`` runs at either end, its start and end as
    words (``EDGE_WORD``), from its words' hashes in order; distinct, ascending."""
    if not len(words):
        return np.zeros(0, dtype=np.uint64)
    head = shingle(np.concatenate((EDGE_WORD, words[:EDGE_RUNS])), 2)
    tail = shingle(np.concatenate((words[-EDGE_RUNS:], EDGE_WORD)), 2)
    return sorted_distinct(feature_ids(np.concatenate((head, tail))))


def owned_edges(owners: I64, hashes: U64, tokens: I64) -> tuple[I64, U64]:
    """``edge_features`` of each text of a batch whose words are ``hashes`` (``owners``
    ascending): whose each feature is, and the feature.

    All texts at once: each text's four word pairs at its ends (two for a text of one
    word) are laid side by side, hashed as shingles, and one sort of their keys (owner
    << FEATURE_BITS | feature) makes each text's distinct and ascending.
    """
    present = np.flatnonzero(tokens > 0)
    if not len(present):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.uint64)
    counts = tokens[present]
    last = np.cumsum(tokens)[present] - 1
    first = last - counts + 1
    two = counts > 1  # (EDGE_RUNS is 2: a text's two pairs inside it, beside its two edges)
    edge = np.full(len(present), EDGE_WORD[0], dtype=np.uint64)
    left = np.concatenate((edge, hashes[first[two]], hashes[last[two] - 1], hashes[last]))
    right = np.concatenate((hashes[first], hashes[first[two] + 1], hashes[last[two]], edge))
    pairs = np.empty(2 * len(left), dtype=np.uint64)
    pairs[0::2], pairs[1::2] = left, right
    whose = np.concatenate((present, present[two], present[two], present))
    keys = sorted_distinct(owned_keys(whose, feature_ids(shingle(pairs, 2)[0::2])))
    return owners_of(keys), features_of(keys)


def owned_shingles(buffers: Sequence[bytes], n: int) -> tuple[U64, I64, tuple[I64, U64]]:
    """The n-shingles of several word buffers at once, as keys (owner << FEATURE_BITS |
    feature, unsorted, repeats kept), each buffer's count of tokens, and the features of
    its runs at either end (``owned_edges``).

    The buffers' tokens are hashed as one; a shingle never spans two buffers. A
    buffer of fewer tokens than n has one shingle, of all of them.
    """
    starts = np.cumsum([0] + [len(b) + 1 for b in buffers[:-1]], dtype=np.int64)
    positions, hashes = locate_words(b" ".join(buffers))
    owners = np.searchsorted(starts, positions, side="right") - 1
    tokens = np.bincount(owners, minlength=len(buffers)).astype(np.int64)
    keys: U64 = np.zeros(0, dtype=np.uint64)
    if len(hashes) >= n:
        span = len(hashes) - n + 1
        inside = owners[:span] == owners[n - 1 :]
        keys = (owners[:span][inside].astype(np.uint64) << OWNER_SHIFT) | (
            shingle(hashes, n)[inside] >> TO_FEATURE
        )
    few = np.flatnonzero((tokens > 0) & (tokens < n))
    if len(few):  # no shingle of theirs is among the others: each goes in at its place
        alone = [shingle(hashes[owners == owner], n) >> TO_FEATURE for owner in few.tolist()]
        mine = np.concatenate(alone) | (few.astype(np.uint64) << OWNER_SHIFT)
        keys = np.insert(keys, np.searchsorted(owners_of(keys), few), mine)
    return keys, tokens, owned_edges(owners, hashes, tokens)


def sort_by_owner(keys: U64) -> None:
    """Sort keys of ``owned_shingles`` (grouped by owner, ascending) in place, one owner's
    at a time: many small sorts stay in the CPU's cache, and took half the time of one
    sort of a batch's keys."""
    if len(keys) < 2:
        return
    owners = owners_of(keys)
    ends = np.flatnonzero(owners[1:] != owners[:-1]) + 1
    start = 0
    for end in [*ends.tolist(), len(keys)]:
        keys[start:end].sort()
        start = end


def owned_keys(owners: I64, features: U64) -> U64:
    """Keys (owner << FEATURE_BITS | feature) of features and whose each is."""
    result: U64 = (owners.astype(np.uint64) << OWNER_SHIFT) | features
    return result


def owners_of(keys: U64) -> I64:
    """The owner (text of a batch) of each key of ``owned_shingles``."""
    result: I64 = (keys >> OWNER_SHIFT).astype(np.int64)
    return result


def features_of(keys: U64) -> U64:
    """The feature of each key of ``owned_shingles``."""
    result: U64 = keys & _FEATURE_MASK
    return result

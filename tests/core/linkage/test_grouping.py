"""Grouping near-duplicates: exact similarity decides, chains never merge unrelated files."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from simfind.core.compare.verify import comparable, similarity
from simfind.core.fingerprint.simhash import fingerprint, to_array
from simfind.core.index.candidates import RadiusTooWideError
from simfind.core.linkage.grouping import (
    ComparedBatches,
    GroupingOptions,
    Pair,
    Round,
    by_complete_link,
    group_files,
    with_strays,
)
from simfind.core.linkage.verified import VerifiedPairs, pair_keys
from simfind.core.text.features import FeatureSettings, extract
from tests.texts import CODE, EN_DOCS, ZH_DOCS

SETTINGS = FeatureSettings()


def edges(*triples: tuple[int, int, float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    i, j, s = zip(*triples, strict=True)
    return np.array(i), np.array(j), np.array(s, dtype=np.float64)


def ones(count: int) -> np.ndarray:
    return np.ones(count, dtype=np.int64)


CHAIN = ((0, 1, 0.9), (1, 2, 0.8), (2, 3, 0.85), (3, 4, 0.7))


def test_complete_link_breaks_a_chain_into_similar_pairs() -> None:
    groups = by_complete_link(ones(5), *edges(*CHAIN))
    assert sorted(sorted(g) for g in groups) == [[0, 1], [2, 3]]


def test_complete_link_groups_only_where_every_pair_is_similar() -> None:
    triangle = [(0, 1, 0.9), (0, 2, 0.8), (1, 2, 0.85)]
    groups = by_complete_link(ones(5), *edges(*triangle, (2, 3, 0.95), (3, 4, 0.6)))
    # 2~3 is the most similar pair, so 2 and 3 join first; 0 and 1 are not similar
    # to 3, so they stay together on their own; 4 is similar to 3 only.
    assert sorted(sorted(g) for g in groups) == [[0, 1], [2, 3]]
    groups = by_complete_link(ones(4), *edges(*triangle, (0, 3, 0.6), (1, 3, 0.6), (2, 3, 0.6)))
    assert [sorted(g) for g in groups] == [[0, 1, 2, 3]]


def test_complete_link_centre_is_the_member_most_similar_to_the_rest() -> None:
    triangle = [(0, 1, 0.7), (0, 2, 0.95), (1, 2, 0.9)]
    assert by_complete_link(ones(3), *edges(*triangle)) == [[2, 0, 1]]
    # A node standing for several identical files weighs as much as they do.
    assert by_complete_link(np.array([1, 5, 1]), *edges(*triangle))[0][0] == 1


def test_a_node_with_copies_is_a_group_by_itself() -> None:
    empty = np.empty(0, dtype=np.int64)
    assert by_complete_link(np.array([1, 3, 1]), empty, empty, np.empty(0)) == [[1]]


def test_with_strays_no_node_with_a_similar_partner_is_left_out() -> None:
    # Complete link keeps 4 out (it is similar to 3, not to 2): it joins 3 in a group of
    # its own, 3 first. Node 5 has no partner and stays out. Node 1, grouped with 0, is
    # shown beside its second nearest too (2, in another group); 3's second nearest is 4,
    # which chose 3: one group of the two, around 3.
    groups = with_strays(ones(6), *edges(*CHAIN))
    assert sorted(sorted(g) for g in groups[:2]) == [[0, 1], [2, 3]]
    assert groups[2:] == [[2, 1], [3, 4]]
    # A stray joins its most similar partners; strays of one partner share its group.
    triangle = [(0, 1, 0.9), (0, 2, 0.9), (1, 2, 0.9)]
    groups = with_strays(ones(5), *edges(*triangle, (3, 0, 0.7), (3, 2, 0.8), (4, 2, 0.65)))
    assert [sorted(g) for g in groups[:1]] == [[0, 1, 2]]
    assert groups[1:] == [[0, 3], [2, 3, 4]]


class Texts:
    """Texts with their fingerprints, compared exactly in process; counts comparisons."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.rows = to_array([fingerprint(extract(t, SETTINGS), 128) for t in texts], 128)
        self.comparisons: list[Pair] = []

    def similarity(self, a: int, b: int) -> float:
        return similarity(
            comparable(self.texts[a], SETTINGS), comparable(self.texts[b], SETTINGS), SETTINGS
        )

    def compare(self, pairs: list[Pair]) -> ComparedBatches:
        for start in range(0, len(pairs), 3):
            batch = pairs[start : start + 3]
            self.comparisons.extend(batch)
            yield batch, [self.similarity(a, b) for a, b in batch]


def edited(text: str, every: int) -> str:
    """Every ``every``-th sentence (。or .) dropped."""
    cut = "。" if "。" in text else "."
    parts = text.split(cut)
    return cut.join(p for k, p in enumerate(parts) if k % every != every - 1)


def test_near_copies_are_grouped_and_strangers_are_not() -> None:
    texts = [*ZH_DOCS, *EN_DOCS, CODE]
    # Copies of rows 0 and 1 (edited) and of the first English text (the same text).
    texts += [edited(ZH_DOCS[0], 5), ZH_DOCS[1] + "补充一句话。", EN_DOCS[0]]
    folder = Texts(texts)
    result = group_files(folder.rows, folder.compare)
    grouped = sorted(sorted(m.row for m in g.members) for g in result.groups)
    base = len(ZH_DOCS) + len(EN_DOCS) + 1
    assert grouped == [[0, base], [1, base + 1], [len(ZH_DOCS), base + 2]]
    for group in result.groups:
        centre = group.members[0]
        assert (centre.similarity, centre.distance) == (1.0, 0)
        for member in group.members[1:]:
            assert member.similarity == pytest.approx(folder.similarity(centre.row, member.row))
            assert member.similarity >= 0.6
    assert result.radius == 32 and result.distinct == len(texts) - 1


def test_identical_files_cost_one_comparison_each() -> None:
    rows = np.repeat(np.array([[7, 9]], dtype=np.uint64), 20_000, axis=0)
    seen: list[Pair] = []

    def compare(pairs: list[Pair]) -> ComparedBatches:
        for start in range(0, len(pairs), 500):
            batch = pairs[start : start + 500]
            seen.extend(batch)
            yield batch, [1.0] * len(batch)

    result = group_files(rows, compare)
    assert [len(g.members) for g in result.groups] == [20_000]
    assert len(seen) == result.compared == 19_999
    assert {a for a, _ in seen} == {0}
    assert result.distinct == 1 and result.candidates == 0


def test_a_copy_of_a_fingerprint_that_is_not_similar_leaves_the_group() -> None:
    rows = np.repeat(np.array([[1, 2]], dtype=np.uint64), 4, axis=0)

    def compare(pairs: list[Pair]) -> ComparedBatches:
        yield pairs, [None if b == 2 else (0.3 if b == 3 else 0.99) for _, b in pairs]

    result = group_files(rows, compare)
    assert [[m.row for m in g.members] for g in result.groups] == [[0, 1]]


def test_each_member_is_compared_with_its_own_centre() -> None:
    # Two nodes: A (rows 0, 2) and B (rows 1, 3), similar; B has the more copies.
    rows = np.array([[0, 0], [1, 0], [0, 0], [1, 0], [1, 0]], dtype=np.uint64)
    asked: list[Pair] = []

    def compare(pairs: list[Pair]) -> ComparedBatches:
        asked.extend(pairs)
        yield pairs, [0.9] * len(pairs)

    result = group_files(rows, compare)
    (group,) = result.groups
    assert group.centre == 1
    assert [m.row for m in group.members] == [1, 0, 2, 3, 4]
    assert [m.distance for m in group.members] == [0, 1, 1, 0, 0]
    assert asked == [(0, 1), (1, 2), (1, 3), (1, 4)]


def test_progress_names_the_round_and_counts_pairs() -> None:
    folder = Texts([ZH_DOCS[0], ZH_DOCS[0] + "又一句。", ZH_DOCS[0] + "再一句。", ZH_DOCS[0]])
    heard: list[tuple[Round, int, int]] = []
    group_files(folder.rows, folder.compare, progress=lambda *a: heard.append(a))
    candidates = [h for h in heard if h[0] is Round.CANDIDATES]
    members = [h for h in heard if h[0] is Round.MEMBERS]
    assert candidates[0] == (Round.CANDIDATES, 0, 3) and candidates[-1] == (Round.CANDIDATES, 3, 3)
    assert members[-1][1] == members[-1][2] == 1
    # The search for pairs comes first, in thousandths.
    assert heard[0][0] is Round.SEARCH and (Round.SEARCH, 1000, 1000) in heard
    assert heard.index((Round.SEARCH, 1000, 1000)) < heard.index(candidates[0])


def test_a_cancel_keeps_what_was_compared() -> None:
    texts = [ZH_DOCS[0] + f"第{k}句。" for k in range(8)]
    folder = Texts(texts)
    cancel = threading.Event()
    calls = 0

    def compare(pairs: list[Pair]) -> ComparedBatches:
        nonlocal calls
        for batch_values in folder.compare(pairs):
            calls += 1
            if calls == 2:
                cancel.set()
            yield batch_values

    result = group_files(folder.rows, compare, cancel=cancel)
    assert result.cancelled
    assert result.compared == 6 < result.candidates
    assert all(m.similarity is not None for g in result.groups for m in g.members)


def test_an_explicit_radius_too_wide_is_refused() -> None:
    rows = np.arange(40, dtype=np.uint64).reshape(20, 2)
    with pytest.raises(RadiusTooWideError):
        group_files(rows, Texts([]).compare, GroupingOptions(radius=63))


def test_verified_pairs_keep_every_similarity_the_comparer_gave() -> None:
    texts = [*ZH_DOCS, *EN_DOCS, CODE, edited(ZH_DOCS[0], 5), ZH_DOCS[1] + "补充一句话。"]
    folder = Texts(texts)
    result = group_files(folder.rows, folder.compare)
    assert result.found is not None
    verified = result.found.verified
    pairs = dict(verified)
    # Every pair compared, each once, the lower row first, its float as computed.
    assert sorted(pairs) == sorted(set(folder.comparisons))
    assert len(verified) == result.compared == len(pairs)
    for (a, b), value in pairs.items():
        assert a < b and value == folder.similarity(a, b)
        assert verified.get(a, b) == value and (a, b) in verified
    assert sorted(verified.similarities().tolist()) == sorted(pairs.values())
    missing = next(
        (a, b) for a in range(len(texts)) for b in range(a + 1, len(texts)) if (a, b) not in pairs
    )
    assert verified.get(*missing) is None and missing not in verified


def test_verified_pairs_tell_no_similarity_from_not_compared() -> None:
    verified = VerifiedPairs(
        pair_keys(np.array([5, 1, 1]), np.array([9, 2, 3])), np.array([0.5, np.nan, 0.25])
    )
    found, values = verified.lookup(np.array([1, 1, 2, 5]), np.array([2, 3, 3, 9]))
    assert found.tolist() == [True, True, False, True]
    assert values[[1, 3]].tolist() == [0.25, 0.5] and np.isnan(values[[0, 2]]).all()
    assert (1, 2) in verified and verified.get(1, 2) is None and (2, 3) not in verified
    assert list(verified) == [((1, 2), None), ((1, 3), 0.25), ((5, 9), 0.5)]
    # Later values replace earlier ones, as a dictionary's update did.
    verified.add(
        VerifiedPairs(pair_keys(np.array([1, 7]), np.array([3, 8])), np.array([0.75, 1.0]))
    )
    assert dict(verified) == {(1, 2): None, (1, 3): 0.75, (5, 9): 0.5, (7, 8): 1.0}
    assert sorted(verified.similarities().tolist()) == [0.5, 0.75, 1.0]
    with pytest.raises(ValueError):
        pair_keys(np.array([0]), np.array([1 << 31]))

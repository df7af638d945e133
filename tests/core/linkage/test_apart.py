"""Pairs kept apart (the ignore list's) group as pairs found not similar, in every grouping."""

from __future__ import annotations

import numpy as np
import pytest

from simfind.core.index.candidates import collapse
from simfind.core.linkage.apart import Apart
from simfind.core.linkage.grouping import (
    ComparedBatches,
    FileGroup,
    GroupingOptions,
    Pair,
    group_files,
    regroup,
)
from simfind.core.linkage.streaming import stream_groups
from tests.core.linkage.test_streaming import OPTIONS, Comparer, Inline, clustered


class NotSimilar(Comparer):
    """The same similarities, but none for the pairs given: what "not similar" means."""

    def __init__(self, pairs: set[Pair]) -> None:
        super().__init__()
        self.none = pairs

    def __call__(self, pairs: list[Pair]) -> ComparedBatches:
        for batch, values in super().__call__(pairs):
            yield batch, [None if p in self.none else v for p, v in zip(batch, values, strict=True)]


def together(groups: list[FileGroup], pair: Pair) -> bool:
    return any({pair[0], pair[1]} <= {m.row for m in g.members} for g in groups)


def grouped_pairs(rows: np.ndarray, groups: list[FileGroup], count: int) -> set[Pair]:
    """Pairs of files grouped together, each alone in its node (no copy shares its
    fingerprint): the comparer is asked of exactly them."""
    counts = collapse(rows)
    alone = counts.counts[counts.inverse] == 1
    found: list[Pair] = []
    for group in groups:
        members = [m.row for m in group.members if alone[m.row]]
        found += [(a, b) for k, a in enumerate(members) for b in members[k + 1 :]]
    return set(sorted(found)[::7][:count])


@pytest.mark.parametrize("seed", range(3))
def test_pairs_kept_apart_group_as_if_not_similar(seed: int) -> None:
    rows = clustered(seed)
    whole = group_files(rows, Comparer(), OPTIONS)
    pairs = {(min(p), max(p)) for p in grouped_pairs(rows, whole.groups, 6)}
    assert len(pairs) >= 3
    expected = group_files(rows, NotSimilar(pairs), OPTIONS)
    assert expected.groups != whole.groups
    comparer = Comparer()
    kept = group_files(rows, comparer, OPTIONS, apart=Apart(pairs))
    assert kept.groups == expected.groups
    assert not set(comparer.pairs) & pairs  # never read to compare
    assert not any(together(kept.groups, pair) for pair in pairs)
    streamed = stream_groups(rows, Comparer(), lambda _: None, OPTIONS, apart=Apart(pairs))
    assert streamed.groups == expected.groups


def test_pairs_kept_apart_while_the_search_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from simfind.core.index import frontier_search
    from simfind.core.linkage import streaming

    monkeypatch.setattr(streaming, "shares_scan", lambda *args: True)
    monkeypatch.setattr(streaming, "READY_INTERVAL", 0.0)
    monkeypatch.setattr(frontier_search, "RANGE_DISTANCES", 1500)
    options = GroupingOptions(threshold=0.6, radius=12, per_fingerprint=4)
    rows = clustered(2, 600)
    whole = group_files(rows, Comparer(), options)
    pairs = grouped_pairs(rows, whole.groups, 8)
    expected = group_files(rows, NotSimilar(pairs), options)
    handed: list[FileGroup] = []
    streamed = stream_groups(
        rows, Comparer(), handed.extend, options, executor=Inline(), workers=2, apart=Apart(pairs)
    )
    assert streamed.groups == expected.groups != whole.groups
    assert not any(together(handed, pair) for pair in pairs)


def test_copies_kept_apart_never_group_together_but_each_groups_with_others() -> None:
    # Rows 0, 1 and 2 share a fingerprint (identical texts); row 3 is a near copy. Copies
    # are one node, taken as similar without a comparison: 1 and 2 are compared with
    # their centre (0) only, never with each other.
    near = np.array([[5, 7]], dtype=np.uint64)
    rows = np.vstack([near, near, near, near ^ np.uint64(3)])

    def alike(pairs: list[Pair]) -> ComparedBatches:
        yield pairs, [0.9] * len(pairs)

    def members(groups: list[FileGroup]) -> list[list[int]]:
        return [sorted(m.row for m in g.members) for g in groups]

    whole = group_files(rows, alike, OPTIONS)
    assert members(whole.groups) == [[0, 1, 2, 3]]
    kept = group_files(rows, alike, OPTIONS, apart=Apart([(1, 2)]))
    assert not together(kept.groups, (1, 2))
    assert members(kept.groups) == [[0, 1, 3]]
    streamed = stream_groups(rows, alike, lambda _: None, OPTIONS, apart=Apart([(2, 1)]))
    assert streamed.groups == kept.groups
    # Set apart after the search: a regrouping splits the copies' node and compares the
    # pairs that gives.
    assert whole.found is not None
    again = regroup(whole.found, 0.6, alike, apart=Apart([(1, 2)]))
    assert again.groups == kept.groups


@pytest.mark.parametrize("seed", range(3))
def test_a_regrouping_keeps_apart_pairs_set_apart_since(seed: int) -> None:
    rows = clustered(seed)
    whole = group_files(rows, Comparer(), OPTIONS)
    nodes = collapse(rows)
    shared = np.flatnonzero(nodes.counts[nodes.inverse] > 1)  # rows with a copy
    grouped = {m.row for g in whole.groups for m in g.members}
    copies = [int(r) for r in shared if int(r) in grouped][:2]
    pairs = grouped_pairs(rows, whole.groups, 4)
    # A copy kept apart from the other files of its group too (its node is split).
    for row in copies:
        group = next(g for g in whole.groups if row in {m.row for m in g.members})
        pairs |= {(min(row, m.row), max(row, m.row)) for m in group.members if m.row != row}
    apart = Apart(pairs)
    assert whole.found is not None and not apart.separates(whole.found.nodes)
    fresh = group_files(rows, Comparer(), GroupingOptions(0.7, 12), apart=apart)
    again = regroup(whole.found, 0.7, Comparer(), apart=apart)
    assert again.groups == fresh.groups
    assert not any(together(again.groups, pair) for pair in pairs)

"""The final order of a scan's files."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from simfind.core.scan import rank as rank_module
from simfind.core.scan.rank import Match, Ranking, containment_key, rank_key


@pytest.mark.parametrize("ranking", list(Ranking))
def test_the_columnar_sort_orders_as_the_rank_keys(ranking: Ranking) -> None:
    rng = random.Random(5)
    matches = []
    for index in range(400):  # ties everywhere: few similarities, few distances
        verified = rng.random() < 0.6
        similarity = rng.choice([0.0, 0.25, 0.5, 0.9, 1.0]) if verified else None
        match = Match(
            path=Path(f"/f/{index}"),
            rel=f"{rng.choice('abc')}/{rng.randrange(1000):03d}-{index}",
            size=1,
            mtime_ns=0,
            encoding="utf-8",
            fingerprint=0,
            distance=rng.randrange(4),
            similarity=similarity,
            is_reference=index == 7,
            reference_in_file=None if similarity is None else rng.choice([0.0, 0.5, 1.0]),
        )
        matches.append(match)
    key = rank_key if ranking is Ranking.SIMILARITY else containment_key
    expected = sorted(matches, key=key)
    dist = np.array([m.distance for m in matches], dtype=np.uint8)
    by_name = np.empty(len(matches), dtype=np.int64)
    by_name[sorted(range(len(matches)), key=lambda i: matches[i].rel)] = np.arange(len(matches))
    rank_module._sort(matches, dist, by_name, ranking)
    assert [m.rel for m in matches] == [m.rel for m in expected]


def test_candidates_are_verified_in_batches_of_a_few_files_and_bytes() -> None:
    def match(name: str, size: int) -> Match:
        return Match(Path(name), name, size, 0, "utf-8", 0)

    small = [match(f"s{i}", 1_000) for i in range(40)]
    assert [len(b) for b in rank_module.batches(small)] == [16, 16, 8]
    # A large file ends its batch; the order, nearest first, is kept.
    big = rank_module.VERIFY_BATCH_BYTES
    mixed = [match("a", 10), match("huge", big), match("b", 10), match("c", big // 2)]
    mixed += [match("d", big // 2), match("e", 10)]
    found = [[m.rel for m in b] for b in rank_module.batches(mixed)]
    assert found == [["a", "huge"], ["b", "c", "d"], ["e"]]
    assert list(rank_module.batches([])) == []


def test_a_reference_is_short_at_a_quarter_of_the_median_size_or_less() -> None:
    from simfind.core.scan.rank import RankOptions, is_short_reference

    chapters = [4000, 4200, 5000, 90_000_000]  # one huge file does not move the median
    assert is_short_reference(1150, chapters)  # 4600 / 4 = 1150
    assert not is_short_reference(1151, chapters)
    assert not is_short_reference(10, [])  # no files: nothing to be short beside
    auto = RankOptions(short_by_containment=True)
    assert auto.for_reference(300, chapters).ranking is Ranking.CONTAINMENT
    assert auto.for_reference(4000, chapters).ranking is Ranking.SIMILARITY
    # Asked for similarity outright (the command line, "Similarity of the whole file"): kept.
    assert RankOptions().for_reference(300, chapters).ranking is Ranking.SIMILARITY

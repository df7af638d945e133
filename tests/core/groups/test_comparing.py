"""Exact similarity of pairs of real files, in process and in a real worker pool."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from simfind.core.compare.verify import comparable, similarity
from simfind.core.groups import file_comparer as comparing
from simfind.core.groups.file_comparer import file_comparer, pair_similarities
from simfind.core.linkage.grouping import local_order
from simfind.core.runs.jobs import make_pool
from simfind.core.text.features import FeatureSettings
from tests.texts import ZH_DOCS

SETTINGS = FeatureSettings()


def write(folder: Path) -> list[Path]:
    folder.mkdir()
    texts = [ZH_DOCS[0], ZH_DOCS[0] + "多了一句。", ZH_DOCS[1], ZH_DOCS[0]]
    paths = []
    for k, text in enumerate(texts):
        path = folder / f"{k}.txt"
        path.write_bytes(text.encode("gbk" if k == 3 else "utf-8"))
        paths.append(path)
    (folder / "binary.bin").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(500))
    paths.append(folder / "binary.bin")
    return paths


def expected(a: str, b: str) -> float:
    return similarity(comparable(a, SETTINGS), comparable(b, SETTINGS), SETTINGS)


def test_pairs_are_compared_exactly_and_same_texts_are_one(tmp_path: Path) -> None:
    paths = write(tmp_path / "f")
    names = [os.fspath(p) for p in paths]
    values = pair_similarities(
        [(names[0], names[1]), (names[0], names[2]), (names[0], names[3]), (names[0], names[4])],
        SETTINGS,
        1 << 20,
    )
    assert values[0] == pytest.approx(expected(ZH_DOCS[0], ZH_DOCS[0] + "多了一句。"))
    assert values[1] == pytest.approx(expected(ZH_DOCS[0], ZH_DOCS[1]))
    assert values[2] == 1.0  # the same text, in GBK
    assert values[3] is None  # not text


def test_a_file_edited_between_two_comparisons_is_read_again(tmp_path: Path) -> None:
    paths = write(tmp_path / "f")
    names = [os.fspath(p) for p in paths]
    assert pair_similarities([(names[0], names[3])], SETTINGS, 1 << 20) == [1.0]
    paths[3].write_text(ZH_DOCS[2], encoding="utf-8")
    assert pair_similarities([(names[0], names[3])], SETTINGS, 1 << 20)[0] < 0.6


def test_the_cache_holds_no_more_words_than_its_budget(tmp_path: Path) -> None:
    paths = write(tmp_path / "f")
    names = [os.fspath(p) for p in paths[:4]]
    whole = comparing._TextCache(10**9)
    texts = [whole.get(n, 1 << 20) for n in names]
    weights = [whole.prepare(t, SETTINGS) and t.weight for t in texts if t is not None]
    cache = comparing._TextCache(budget=weights[1] + weights[2] + weights[3])
    for name in names:
        entry = cache.get(name, 1 << 20)
        assert entry is not None
        cache.prepare(entry, SETTINGS)
    # The three most recent fit exactly; the oldest was dropped.
    assert [key[0] for key in cache.entries] == names[1:]
    assert cache.held == sum(weights[1:])


@pytest.mark.parametrize("pooled", [False, True])
def test_the_comparer_answers_every_pair_once(tmp_path: Path, pooled: bool) -> None:
    paths = write(tmp_path / "f")
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)] * 20  # more than a batch
    pool = make_pool(2) if pooled else None
    try:
        compare = file_comparer(paths, SETTINGS, 1 << 20, pool, 2)
        answered = {}
        for batch, values in compare(pairs):
            assert len(batch) == len(values) <= comparing.PAIR_BATCH
            for pair, value in zip(batch, values, strict=True):
                answered.setdefault(pair, []).append(value)
    finally:
        if pool is not None:
            pool.shutdown()
    assert sum(len(v) for v in answered.values()) == len(pairs)
    assert answered[(0, 3)][0] == 1.0
    assert answered[(0, 2)][0] == pytest.approx(expected(ZH_DOCS[0], ZH_DOCS[1]))


def test_local_order_visits_every_pair_once_keeping_neighbours_together() -> None:
    # A path 0-1-2-...-9 given in a scrambled order: breadth first walks it in turn.
    rng = np.random.default_rng(4)
    i = np.arange(9)
    j = i + 1
    shuffle = rng.permutation(9)
    i, j = i[shuffle], j[shuffle]
    order = local_order(10, i, j)
    assert sorted(order.tolist()) == list(range(9))
    assert [int(i[k]) for k in order] == list(range(9))

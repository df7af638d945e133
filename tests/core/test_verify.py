"""Exact similarity: edit distance for short texts, LCS ratio, Jaccard for huge ones."""

from __future__ import annotations

import pytest

from simfind.core import verify
from simfind.core.features import FeatureSettings
from simfind.core.verify import comparable, jaccard, similarity
from tests.texts import CODE, EN_DOCS, ZH_DOCS

SETTINGS = FeatureSettings()


def sim(a: str, b: str) -> float:
    return similarity(comparable(a, SETTINGS), comparable(b, SETTINGS), SETTINGS)


def test_identical_texts_are_fully_similar() -> None:
    for text in (ZH_DOCS[0], CODE, "短"):
        assert sim(text, text) == 1.0


def test_short_texts_use_edit_distance() -> None:
    # One character of 17 changed.
    assert sim(
        "你妈妈喊你回家吃饭哦，回家罗回家罗", "你妈妈叫你回家吃饭哦，回家罗回家罗"
    ) == pytest.approx(1 - 1 / 17, abs=1e-9)


def test_long_texts_use_the_share_of_tokens_in_order() -> None:
    edited = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")
    value = sim(ZH_DOCS[1], edited)
    assert 0.9 < value < 1.0
    assert sim(ZH_DOCS[1], ZH_DOCS[2]) < 0.4


def test_unrelated_english_is_dissimilar() -> None:
    assert sim(EN_DOCS[0], EN_DOCS[1]) < 0.4


def test_huge_texts_fall_back_to_shingle_jaccard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify, "MAX_LCS_CELLS", 10)
    a, b = comparable(CODE, SETTINGS), comparable(CODE.replace("sections", "groups"), SETTINGS)
    assert similarity(a, b, SETTINGS) == pytest.approx(jaccard(a.shingles, b.shingles))
    assert 0.3 < similarity(a, b, SETTINGS) < 1.0

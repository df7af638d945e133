"""Exact similarity: the share of two texts that is the same, as a diff of their words says."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.judge import gap, ratio, words
from simfind.core.compare import verify
from simfind.core.compare.verify import (
    Shares,
    comparable,
    comparables,
    shares,
    similarity,
)
from simfind.core.text.features import FeatureSettings
from simfind.core.text.long_text import PIECE_CHARS
from tests.texts import CODE, EN_DOCS, SERIALIZER, ZH_DOCS

SETTINGS = FeatureSettings()


def measure(a: str, b: str) -> Shares:
    return shares(comparable(a, SETTINGS), comparable(b, SETTINGS))


def sim(a: str, b: str) -> float:
    return measure(a, b).similarity


def test_identical_texts_are_fully_similar() -> None:
    for text in (ZH_DOCS[0], CODE, "短", "parse_config"):
        assert measure(text, text) == (1.0, 1.0, 1.0, 1.0, False)


def test_an_edited_text_scores_what_a_diff_of_its_words_says() -> None:
    edited = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")
    assert 0.9 < sim(ZH_DOCS[1], edited) < 1.0
    assert sim(ZH_DOCS[1], edited) == pytest.approx(ratio(ZH_DOCS[1], edited), abs=0.02)
    rewritten = (
        EN_DOCS[0]
        .replace("every evening at dusk", "each night")
        .replace("forty years", "four decades")
    )
    assert sim(EN_DOCS[0], rewritten) == pytest.approx(ratio(EN_DOCS[0], rewritten), abs=0.02)


def test_unrelated_texts_score_near_nothing() -> None:
    for a, b in ((ZH_DOCS[1], ZH_DOCS[2]), (ZH_DOCS[3], ZH_DOCS[4]), (EN_DOCS[0], EN_DOCS[1])):
        assert sim(a, b) < 0.15
        assert gap(sim(a, b), a, b) <= 0.02


def test_a_text_holding_another_and_three_times_as_much_scores_its_share() -> None:
    more = " ".join(EN_DOCS[1:] + EN_DOCS[1:])
    found = measure(EN_DOCS[0], EN_DOCS[0] + " " + more)
    assert found.similarity == pytest.approx(ratio(EN_DOCS[0], EN_DOCS[0] + " " + more), abs=0.02)
    assert 0.3 < found.similarity < 0.5
    assert found.first_in_second == 1.0  # it holds all of the first
    # ... which is its own words' share of the longer text.
    shorter, longer = len(words(EN_DOCS[0])), len(words(EN_DOCS[0] + " " + more))
    assert found.second_in_first == pytest.approx(shorter / longer, abs=0.01)


def test_a_repeated_text_matches_each_run_once() -> None:
    twice = measure(ZH_DOCS[0], ZH_DOCS[0] + ZH_DOCS[0])
    assert twice.similarity == pytest.approx(2 / 3, abs=0.01)
    assert twice.first_in_second == 1.0
    assert twice.second_in_first == pytest.approx(0.5, abs=0.01)
    # As a diff: "a b" three times against once is one match.
    assert sim("a b a b a b", "a b") == pytest.approx(ratio("a b a b a b", "a b"))


def test_a_moved_paragraph_counts_once_where_a_diff_keeps_it() -> None:
    moved = ZH_DOCS[2] + ZH_DOCS[1]
    assert sim(ZH_DOCS[1] + ZH_DOCS[2], moved) == pytest.approx(
        ratio(ZH_DOCS[1] + ZH_DOCS[2], moved), abs=0.02
    )
    assert 0.4 < sim(ZH_DOCS[1] + ZH_DOCS[2], moved) < 0.6


def test_chance_pairs_of_words_out_of_order_do_not_count() -> None:
    """Shuffled sentences of one text share their word pairs, not their order: a diff
    keeps one sentence's worth (the longest run in order), not the whole."""
    sentences = [s + "。" for s in ZH_DOCS[5].split("。") if s]
    shuffled = "".join(sentences[::-1])
    assert gap(sim(ZH_DOCS[5], shuffled), ZH_DOCS[5], shuffled) <= 0.02
    assert sim(ZH_DOCS[5], shuffled) < 0.5


def test_a_word_or_none_is_compared_by_its_characters() -> None:
    assert sim("parse_config", "parse_configs") == pytest.approx(24 / 25)
    assert sim("parse_config", "load_records") < 0.5
    assert sim("---", "---") == 1.0  # no words at all
    assert sim("---", "}}}") == 0.0
    assert sim("", "") == 1.0 and sim("", "text") == 0.0


def test_two_words_or_more_are_compared_by_their_words_as_a_diff_counts_them() -> None:
    """Texts of 2 to 10 words, English and Chinese, punctuation no word: the ratio of
    difflib over the judge's words, to the last digit."""
    pairs = [
        ("Be different: conform.", "Be practically conform."),
        ("Stay hungry. Stay foolish.", "Stay hungry, stay foolish"),
        ("hello world", "hello word"),
        ("Version 2.3.3", "Version 2.3.2"),
        ("知足常乐", "知足者常乐"),
        ("人怕没理，狗怕夹尾。", "人怕没脸，树怕没皮。"),
        ("什么是 Debian GNU/Linux？", "什么是 Debian conffile？"),
        ("a b c d e f g h i j", "j i h g f e d c b a"),
    ]
    for a, b in pairs:
        assert gap(sim(a, b), a, b) <= 1e-9, (a, b)
    assert sim("Be different: conform.", "Be practically conform.") == pytest.approx(2 / 3)
    assert sim("Stay hungry. Stay foolish.", "Stay hungry, stay foolish") == 1.0


def test_similarity_is_symmetric_and_bounded() -> None:
    texts = [ZH_DOCS[0], CODE, EN_DOCS[0], "短", ZH_DOCS[0] + CODE, "", "one"]
    for a in texts:
        for b in texts:
            assert sim(a, b) == sim(b, a)
            assert 0.0 <= sim(a, b) <= 1.0
            assert similarity(comparable(a, SETTINGS), comparable(b, SETTINGS), SETTINGS) == sim(
                a, b
            )


def test_the_similarity_lies_between_the_two_containments() -> None:
    for a, b in ((SERIALIZER, CODE), (ZH_DOCS[0], ZH_DOCS[0] + ZH_DOCS[3])):
        found = measure(a, b)
        low, high = sorted((found.first_in_second, found.second_in_first))
        assert low <= found.similarity <= high


def test_a_prepared_text_survives_the_cache_format() -> None:
    made = comparable(CODE + ZH_DOCS[1], SETTINGS)
    back = verify.unpack_tokens(verify.pack_tokens(made), made.normalized)
    assert back == made
    assert shares(back, made)[:3] == (1.0, 1.0, 1.0)


def test_texts_prepared_together_are_prepared_as_one_by_one() -> None:
    # Chinese, English, code, a composing mark, a word or two, nothing at all, and a
    # text long enough to be cut into pieces.
    long_text = (CODE + "\n" + ZH_DOCS[0] + "\n") * (PIECE_CHARS // len(CODE + ZH_DOCS[0]) + 2)
    texts = [
        *ZH_DOCS,
        *EN_DOCS,
        CODE,
        "e\u0301 composes: café, and ﬁ folds",
        "one",
        "two words",
        "",
        "   ",
        long_text,
        "短",
        SERIALIZER,
    ]
    assert len(long_text) > PIECE_CHARS
    together = comparables(texts, SETTINGS)
    for text, made in zip(texts, together, strict=True):
        assert made == comparable(text, SETTINGS)
    assert not np.array_equal(together[0].words, together[1].words)
    assert together[texts.index("one")].normalized == "one"
    assert together[texts.index("two words")].normalized is None  # compared by its words

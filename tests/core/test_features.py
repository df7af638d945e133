"""Tokens, normalisation and shingles."""

from __future__ import annotations

import numpy as np

from simfind.core.features import (
    FeatureSettings,
    extract,
    hash_tokens,
    normalize,
    shingle,
    tokenize,
)
from simfind.core.segment import cut_cjk


def words(text: str) -> list[str]:
    return [token.decode("utf-8") for token in tokenize(text)]


def test_latin_words_numbers_and_identifiers() -> None:
    assert words("def parse_config(path): return x2 + 42") == [
        "def",
        "parse_config",
        "path",
        "return",
        "x2",
        "42",
    ]


def test_chinese_runs_are_cut_into_jieba_words() -> None:
    assert words("我们在公司敲键盘") == ["我们", "在", "公司", "敲", "键盘"]


def test_mixed_chinese_and_english() -> None:
    assert words("用Python写一个SimHash算法") == ["用", "python", "写", "一个", "simhash", "算法"]


def test_ascii_fast_path_agrees_with_unicode_path() -> None:
    ascii_text = "Hello_World, foo-bar 123 CamelCase"
    # The trailing é forces the general (NFKC + regex) path for the same ASCII words.
    assert words(ascii_text + " é")[:-1] == words(ascii_text)


def test_normalisation_folds_width_case_and_space() -> None:
    assert normalize("ＡＢＣ\u3000Ｄｅｆ  \n\t１２３") == "abc def 123"
    assert words("ＨＥＬＬＯ　世界") == ["hello", "世界"]


def test_segmenters_agree() -> None:
    text = "结巴分词是一个优秀的中文分词组件，支持精确模式和搜索引擎模式"
    assert cut_cjk(text, "rjieba") == cut_cjk(text, "jieba")


def test_shingles_are_order_sensitive() -> None:
    forward = hash_tokens([b"a", b"b", b"c"])
    backward = hash_tokens([b"c", b"b", b"a"])
    assert set(shingle(forward, 1).tolist()) == set(shingle(backward, 1).tolist())
    assert set(shingle(forward, 2).tolist()).isdisjoint(shingle(backward, 2).tolist())


def test_fewer_tokens_than_a_shingle_still_give_a_feature() -> None:
    assert len(shingle(hash_tokens([b"alone"]), 3)) == 1


def test_short_text_uses_character_ngrams() -> None:
    settings = FeatureSettings(short_chars=200, char_ngram=3)
    short = extract("你妈妈喊你回家吃饭", settings)
    assert short.short
    assert len(short.hashes) == len("你妈妈喊你回家吃饭") - 2
    long = extract("word " * 100 + "more words here", settings)
    assert not long.short


def test_weights_grow_sublinearly_with_frequency() -> None:
    settings = FeatureSettings(shingle=1, short_chars=0)
    features = extract("alpha " * 20 + "beta", settings)
    by_hash = dict(zip(features.hashes.tolist(), features.weights.tolist(), strict=True))
    alpha, beta = (by_hash[int(h)] for h in hash_tokens([b"alpha", b"beta"]))
    assert alpha > beta
    assert alpha < 20 * beta
    assert np.all(features.weights == np.rint(features.weights))  # whole numbers: exact sums

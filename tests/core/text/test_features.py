"""Tokens, normalisation and shingles."""

from __future__ import annotations

import random
import unicodedata
from pathlib import Path

import numpy as np
import pytest
import xxhash

from simfind.core.fingerprint.simhash import fingerprint, hamming
from simfind.core.text import batch_buffers, folding, long_text, shingles, token_chars
from simfind.core.text.batch_buffers import many_mode_buffers, many_word_buffers
from simfind.core.text.features import FeatureSettings, char_weight, extract
from simfind.core.text.folding import may_be_shorter, normalize
from simfind.core.text.hashing import hash_tokens, locate_words, shingle, word_hashes
from simfind.core.text.reading import read_text
from simfind.core.text.segment import cut_cjk
from simfind.core.text.shingles import feature_ids
from simfind.core.text.tokens import tokenize, word_buffer
from tests.texts import CODE, EN_DOCS, ZH_DOCS


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


def test_short_text_adds_character_ngrams_that_fade_with_length() -> None:
    settings = FeatureSettings(short_chars=200, fade_chars=600, char_ngram=3)
    text = "你妈妈喊你回家吃饭"
    short = extract(text, settings)
    assert short.short
    words = len(shingle(hash_tokens(tokenize(text)), settings.shingle))
    assert len(short.hashes) == words + len(text) - 2
    assert char_weight(100, settings) == 1.0
    assert char_weight(400, settings) == 0.5
    assert char_weight(600, settings) == 0.0
    long = extract("word " * 200 + "more words here", settings)
    assert not long.short
    assert len(long.hashes) == len(
        set(shingle(hash_tokens(tokenize("word " * 200 + "more words here")), 2).tolist())
    )


def test_versions_either_side_of_the_short_limit_stay_close() -> None:
    settings = FeatureSettings()
    base = "第一句话说明情况。第二句话补充细节。" * 6  # about 108 characters
    longer = base + "再加一句结尾的话，让文本超过界限。" * 6
    shorter = longer.replace("再加一句", "再添一句", 1)
    a, b = (fingerprint(extract(t, settings)) for t in (longer, shorter))
    assert len(normalize(longer)) > settings.short_chars > len(normalize(base))
    assert hamming(a, b) <= 8


def test_weights_grow_sublinearly_with_frequency() -> None:
    settings = FeatureSettings(shingle=1, short_chars=0, fade_chars=0)
    features = extract("alpha " * 20 + "beta", settings)
    by_hash = dict(zip(features.hashes.tolist(), features.weights.tolist(), strict=True))
    alpha, beta = (by_hash[int(h)] for h in feature_ids(hash_tokens([b"alpha", b"beta"])))
    assert alpha > beta
    assert alpha < 20 * beta
    assert np.all(features.weights == np.rint(features.weights))  # whole numbers: exact sums


def test_the_cheap_length_bound_never_skips_a_text_that_normalises_short() -> None:
    limit = 600
    texts = [
        "word " * 200,  # long, plainly
        " \t\n" * 5000 + "x" * 599,  # mostly space: short once normalised
        "\x1c\x1d" * 3000 + "y" * 10,  # separators Python counts as space
        "e\u0301" * 1200,  # 2,400 code points that compose into 1,200
        "\u1100\u1161\u11a8" * 700,  # Hangul jamo: three compose into one
        "ﬁ" * 300,  # a ligature that NFKC expands
        "\u00a0 \u3000" * 3000 + "中文" * 100,  # Unicode spaces around a short text
        "中文，标点（全角）。" * 70,  # 700 characters, 599 of them ideographs and marks
        "中文标点。" * 130 + "e\u0301" * 10,  # long enough unless the accents compose
        "\u1100\u1161" * 350 + "中",  # 701 code points, 351 once composed
        "¨ ¨ " * 400,  # each folds to a space and a combining mark
    ]
    for text in texts:
        short = len(normalize(text)) < limit
        assert may_be_shorter(text, limit) or not short, text[:20]
    assert not may_be_shorter("word " * 200, limit)  # the bound does settle plain texts
    # Chinese prose between the limit and four times it, with nothing that composes, is
    # settled without normalising it.
    assert not may_be_shorter("中文，标点（全角）。" * 70, limit)
    assert may_be_shorter("中文标点。" * 130 + "e\u0301" * 10, limit)


def test_no_character_but_white_space_folds_to_nothing_but_white_space() -> None:
    # may_be_shorter counts on it: only a character that composes with a neighbour can
    # make a text shorter once normalised. The characters that NFKC or case folding
    # change are those with a decomposition or another case.
    for code in range(0x110000):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF or char.isspace():
            continue
        if not unicodedata.decomposition(char) and char.casefold() == char:
            continue
        folded = unicodedata.normalize("NFKC", char).casefold()
        assert folded and not folded.isspace(), hex(code)


def test_the_vectorised_tokens_are_the_tokens() -> None:
    # word_buffer classifies code points in NumPy and cuts all CJK runs in one call;
    # tokenize is the plain statement (regular expressions, one jieba call per run).
    texts = [
        *ZH_DOCS,
        CODE,
        "用Python写一个SimHash算法，ＨＥＬＬＯ　世界！foo_bar(x2)=42",
        "café e\u0301t\u00e9 ﬁne ß Straße İstanbul Σίσυφος",  # marks that compose, folds
        "\u1100\u1161\u11a8 가각 \u3400\U00020000\uf900 abc",  # jamo, CJK ext. A/B, compat.
        "中文English中文12中",
        "①②③ ㎏ ½ 〇 々 ー",
    ]
    for text in texts:
        for cjk in ("words", "chars"):
            for mode in ("words", "chunks"):
                found = word_buffer(text, cjk, mode).split()
                assert found == tokenize(text, cjk, mode), text[:20]


def test_chunks_keep_punctuation_and_cut_chinese() -> None:
    chunks = [t.decode() for t in tokenize("x = f(a, b)  # 用Python写，好吗？", tokens="chunks")]
    assert chunks == ["x", "=", "f(a,", "b)", "#", "用", "python", "写", ",", "好", "吗", "?"]


def test_a_token_hash_is_a_documented_function_of_its_bytes() -> None:
    def reference(word: bytes) -> int:
        mask = (1 << 64) - 1

        def mix(k: int) -> int:
            k ^= k >> 33
            k = k * 0xFF51AFD7ED558CCD & mask
            k ^= k >> 33
            k = k * 0xC4CEB9FE1A85EC53 & mask
            return k ^ (k >> 33)

        k = 0x9E3779B97F4A7C15
        h = mix(int.from_bytes(word[:8], "little") ^ (len(word) * k & mask))
        if len(word) > 32:
            return mix((h * k + xxhash.xxh3_64_intdigest(word)) & mask)
        for start in range(8, len(word), 8):
            h = mix((h * k + int.from_bytes(word[start : start + 8], "little")) & mask)
        return h

    words = [b"a", b"seven77", b"eight888", b"nine99999", b"x" * 16, b"y" * 17, b"z" * 32]
    words += [b"w" * 33, "中文分词".encode(), b"_"]
    assert word_hashes(b"  ".join(words) + b" ").tolist() == [reference(w) for w in words]


def test_a_long_text_is_tokenised_in_pieces_with_the_same_features(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = "\n".join([*ZH_DOCS, CODE, *EN_DOCS] * 3)
    whole = extract(text, FeatureSettings())
    monkeypatch.setattr(long_text, "PIECE_CHARS", 300)
    monkeypatch.setattr(shingles, "_MERGE_SHINGLES", 500)
    pieces = extract(text, FeatureSettings())
    assert pieces.hashes.tolist() == whole.hashes.tolist()
    assert pieces.weights.tolist() == whole.weights.tolist()


def test_no_character_folded_alone_could_have_composed_with_its_neighbour() -> None:
    # fold_codes maps code point by code point only when no character of the text can
    # join the one before it; every second half of a canonical composition must say so.
    for code in range(0x110000):
        parts = unicodedata.decomposition(chr(code)).split()
        if len(parts) == 2 and not parts[0].startswith("<"):
            second = int(parts[1], 16)
            assert folding._fold_one(second) == folding.COMPLEX, hex(code)
    # Kirat Rai's vowel signs compose since Unicode 16 (Python 3.14): E + E is AI.
    for text in ("e\u0301", "\u1100\u1161\u11a8", "ﬁ", "ǅ\u0323", "Ａ\u0300", "\U00016d67" * 2):
        expected = unicodedata.normalize("NFKC", text).casefold()
        assert normalize(text) == expected


def test_a_batch_of_texts_gets_each_texts_own_word_buffer() -> None:
    texts = [
        "中文开头的文本，结尾也是中文",
        "mixed English 和中文 words…",  # "…" folds to three characters
        "",
        "行一\n行二\r\n第三行",
        "ＦＵＬＬ　ＷＩＤＴＨ　全角字符",
        "结尾是中文",
        "e\u0301 composes: café",  # a combining mark: the texts are done one by one
        "Straße ﬁ ligature",
    ]
    one_by_one = [word_buffer(text) for text in texts]
    assert many_word_buffers(texts, "words") == one_by_one
    without_composing = texts[:6] + texts[7:]
    assert many_word_buffers(without_composing, "words") == [
        word_buffer(text) for text in without_composing
    ]
    assert many_word_buffers(texts[:2], "chars") == [word_buffer(t, "chars") for t in texts[:2]]
    # Both token modes at once, ASCII texts among the others: each text's own buffers.
    mixed = [*texts, "plain ASCII, (punctuation) kept_as chunks", "  "]
    words, chunks = many_mode_buffers(mixed, "words", ("words", "chunks"))
    assert words == [word_buffer(t) for t in mixed]
    assert chunks == [word_buffer(t, "words", "chunks") for t in mixed]


def test_the_ideographs_set_at_once_are_what_learning_them_gives() -> None:
    folded = folding._folded_table()
    kinds = token_chars._kind_table("words")
    chunk_kinds = token_chars._kind_table("chunks")
    for low, high in folding._PLAIN_IDEOGRAPHS:
        for code in range(low, high + 1, 7):
            assert folded[code] == folding._fold_one(code), hex(code)
    for low, high in token_chars._IDEOGRAPH_RANGES:
        for code in (low, low + 1, (low + high) // 2, high - 1, high):
            learnt = token_chars._kind(chr(code), "words")
            assert kinds[code] == learnt == chunk_kinds[code] == 2, hex(code)
    for code in (0x33FF, 0x4DC0, 0x4DFF, 0xA000, 0xF8FF, 0xFB00, 0x1FFFF, 0x31350):
        assert kinds[code] == 255, hex(code)  # not an ideograph: still to be learnt
        assert token_chars._kind(chr(code), "words") != 2, hex(code)


def test_code_with_a_few_non_ascii_characters_gets_the_whole_texts_buffers() -> None:
    # Mostly ASCII: done as ASCII stretches with the runs between them folded and cut
    # apart; each must still give what the whole text gives, in both token modes.
    code = "def area(r):\n    return 3.14159 * r * r  # circle\n" * 40
    texts = [
        "© 2024 Ünïcode Corp.\n" + code + "café = 'naïve'\n",  # runs at the start and inside
        code + "# 计算圆的面积，半径为 r（单位：米）\n" + code,  # jieba words in a comment
        code
        + "x = '…' + 'ﬁ' + 'Ｆｕｌｌ'\n"
        + code
        + "ending with ß",  # expansions, run at the end
        code + "name = 'Jose\u0301'\n" + code,  # a combining accent after an ASCII letter
        code + "Ǆ ǅ ǆ İ ı ς σ Σ" + code,  # case folding that is not ASCII's
        "中文为主的文本，" * 50 + "with some English",  # mostly not ASCII: done whole
    ]
    assert batch_buffers._ascii_parts(texts[0]) is not None
    assert batch_buffers._ascii_parts(texts[3]) is None  # composes with the "e"
    assert batch_buffers._ascii_parts(texts[5]) is None
    words, chunks = many_mode_buffers(texts, "words", ("words", "chunks"))
    for text, word, chunk in zip(texts, words, chunks, strict=True):
        assert word == word_buffer(text)
        assert chunk == word_buffer(text, "words", "chunks")
        # and what word_buffer gives is the plain statement of the tokens
        assert word.split() == tokenize(text)


def test_random_mostly_ascii_texts_get_the_whole_texts_buffers() -> None:
    # Seeded: code-like ASCII with rare characters of every awkward kind (fold to another
    # ideograph, expand, full width, outside the BMP, white space that is not ASCII's,
    # composing marks that must keep a text whole), against the whole-text path.
    rng = random.Random(17)
    plain = ["def ", "x", "_name", " = ", "42", "\n", "\t", "(", ")", "Hello", "WORLD", ". "]
    singles = "éﬁ…ⅫＡｶ\uf900\U00020000，😀ßİςǅ\u00a0\u3000\u200b©\u2028\x85\u00ad"
    rare = [*singles, "测试一下", "\u0627\u0644"]
    composing = ["\u0301", "\u1100\u1161", "\uac00"]
    texts, through = [], 0
    for trial in range(40):
        pool = rare + composing if trial % 4 == 0 else rare
        rate = rng.choice([0.0005, 0.002])
        pieces = [
            rng.choice(pool) if rng.random() < rate else rng.choice(plain) for _ in range(3000)
        ]
        text = rng.choice(rare) + "".join(pieces) + rng.choice(rare)
        through += batch_buffers._ascii_parts(text) is not None
        texts.append(text)
    assert 10 < through < len(texts)  # both paths are taken
    words, chunks = many_mode_buffers(texts, "words", ("words", "chunks"))
    assert words == [word_buffer(t) for t in texts]
    assert chunks == [word_buffer(t, "words", "chunks") for t in texts]


def _edges_one_by_one(tokens: np.ndarray, hashes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """shingles.owned_edges as it was: ``edge_features`` of each text in turn."""
    ends = np.cumsum(tokens)
    found = [
        (owner, shingles.edge_features(hashes[end - count : end]))
        for owner, (count, end) in enumerate(zip(tokens.tolist(), ends.tolist(), strict=True))
        if count
    ]
    return (
        np.concatenate([np.full(len(f), o, dtype=np.int64) for o, f in found]),
        np.concatenate([f for _, f in found]),
    )


def test_the_edges_of_a_batch_at_once_are_each_texts_edge_features() -> None:
    # Real text of every kind a batch meets: Chinese manuals and sayings, code, English,
    # and texts of no word, one word, two and three (their edge pairs overlap).
    data = Path(__file__).resolve().parents[2] / "data"
    real = [read_text(p).text for p in sorted(data.glob("*/*.txt"))]  # one in Big5
    real += [Path(shingles.__file__).read_text(encoding="utf-8"), *ZH_DOCS, *EN_DOCS, CODE]
    texts = [*real, "", "一", "word", "two words", "三 个 词", "  ", *real[:3]]
    buffers = many_word_buffers(texts, "words")
    starts = np.cumsum([0] + [len(b) + 1 for b in buffers[:-1]], dtype=np.int64)
    positions, hashes = locate_words(b" ".join(buffers))
    owners = np.searchsorted(starts, positions, side="right") - 1
    tokens = np.bincount(owners, minlength=len(texts)).astype(np.int64)
    assert {0, 1, 2, 3} <= set(tokens.tolist()) and len(real) > 20
    whose, features = shingles.owned_edges(owners, hashes, tokens)
    old_whose, old_features = _edges_one_by_one(tokens, hashes)
    assert whose.dtype == old_whose.dtype and features.dtype == old_features.dtype
    assert whose.tolist() == old_whose.tolist()
    assert features.tolist() == old_features.tolist()

"""The planting of bench_records: a planted copy is the edit it is labelled with."""

from __future__ import annotations

from random import Random

from rapidfuzz.distance import Levenshtein

from benchmarks import record_datasets as rd

#: Tang poem lines in traditional characters, as chinese-poetry ships them.
LINES = ["幽賞未云徧，煙光奈夕何。", "雪盡銅駝路，花照石崇家。", "獨自成千古，依然舊四鄰。"]
VOCABULARY = ["山", "水", "明月", "春風", "故人"]
ALPHABET = "山水月風人天"


def test_words_of_a_classical_line_are_dictionary_words() -> None:
    # jieba's HMM glued 煙光奈夕何 (half the verse) into one "word".
    for line in LINES:
        assert max(len(word) for word in rd._zh_words(line)) <= 2, rd._zh_words(line)


def test_a_small_planted_edit_leaves_a_near_copy() -> None:
    # One or two edits of a character or a word: never half a 12-character line.
    for line in LINES:
        for seed in range(40):
            copy, kind = rd._zh_edit(line, Random(seed), ALPHABET, VOCABULARY)
            if kind == "small":
                assert Levenshtein.distance(line, copy) <= 4, (line, copy)

"""Fingerprints: correct against a per-bit oracle, stable everywhere, distances vectorised."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys

import numpy as np
import pytest

from simfind.core.fingerprint.simhash import (
    distances,
    fingerprint,
    fingerprints,
    hamming,
    lane_hashes,
    simhash,
    to_array,
)
from simfind.core.text.features import FeatureSettings, batch_features, extract
from tests.texts import CODE, EN_DOCS, ZH_DOCS

PINNED_SETTINGS = FeatureSettings(
    bits=128, shingle=2, short_chars=200, fade_chars=600, char_ngram=3, cjk="words", weighting="log"
)


def oracle_simhash(hashes: np.ndarray, weights: np.ndarray, lanes: int) -> int:
    """Charikar's algorithm written out bit by bit: the slow, obvious version."""
    values = lane_hashes(hashes, lanes)
    result = 0
    for bit in range(64 * lanes):
        lane, offset = divmod(bit, 64)
        total = 0.0
        for row, weight in zip(values, weights, strict=True):
            total += weight if (int(row[lane]) >> offset) & 1 else -weight
        if total > 0:
            result |= 1 << bit
    return result


@pytest.mark.parametrize("lanes", [1, 2])
@pytest.mark.parametrize("text", [ZH_DOCS[1], EN_DOCS[0], CODE, "短文本"])
def test_vectorised_simhash_matches_the_per_bit_oracle(text: str, lanes: int) -> None:
    features = extract(text, FeatureSettings(bits=64 * lanes))
    expected = oracle_simhash(features.hashes, features.weights, lanes)
    assert simhash(features.hashes, features.weights, lanes) == expected


def _pinned() -> list[str]:
    return [f"{fingerprint(extract(t, PINNED_SETTINGS), 128):032x}" for t in (ZH_DOCS[0], CODE)]


def test_known_values_are_pinned() -> None:
    # Computed once; a change here changes every fingerprint users have cached or exported.
    assert _pinned() == [
        "731c0521530d839bf9bcc0724ebd6ad5",
        "9ad92036e11bcb021ec39fea0a7f7d2b",
    ]


def test_a_batch_gives_each_text_its_own_fingerprint() -> None:
    settings = FeatureSettings()
    texts = [ZH_DOCS[0], CODE, "", "短文本", EN_DOCS[1], "one", " \n ", *ZH_DOCS[1:3]]
    alone = [fingerprint(extract(t, settings), 128) for t in texts]
    together = fingerprints(batch_features(texts, settings), 128)
    assert [
        None if not len(extract(t, settings).hashes) else a
        for t, a in zip(texts, alone, strict=True)
    ] == together
    assert together[2] is None and together[6] is None  # nothing to compare
    # Whatever else is in the batch, and in whatever order.
    assert fingerprints(batch_features(texts[::-1], settings), 128) == together[::-1]


def test_fingerprints_do_not_depend_on_the_process() -> None:
    script = "from tests.core.fingerprint.test_simhash import _pinned; print(' '.join(_pinned()))"
    outputs = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout.strip())
    assert outputs == {" ".join(_pinned())}


def test_the_64_bit_fingerprint_is_the_low_lane_of_128() -> None:
    for text in (ZH_DOCS[2], EN_DOCS[1]):
        wide = fingerprint(extract(text, FeatureSettings(bits=128)), 128)
        narrow = fingerprint(extract(text, FeatureSettings(bits=64)), 64)
        assert wide & ((1 << 64) - 1) == narrow


def test_unrelated_chinese_documents_are_far_apart() -> None:
    # The seeds' string hash leaves the top bits of one-character tokens unset, pulling
    # unrelated Chinese texts to ~11 bits apart; a good hash keeps them near 32 of 64.
    settings = FeatureSettings()
    prints = [fingerprint(extract(t, settings)) for t in ZH_DOCS]
    gaps = [hamming(a, b) for a, b in itertools.combinations(prints, 2)]
    assert min(gaps) >= 18
    assert 26 <= float(np.mean(gaps)) <= 38


def test_a_small_edit_moves_few_bits() -> None:
    settings = FeatureSettings()
    original = ZH_DOCS[4]
    edited = original.replace("正式发布", "正式上线")
    distance = hamming(
        fingerprint(extract(original, settings)), fingerprint(extract(edited, settings))
    )
    assert distance <= 6


@pytest.mark.parametrize("bits", [64, 128])
@pytest.mark.parametrize("count", [500, 150_001])  # one block; several, the last one short
def test_one_against_many_equals_pairwise(bits: int, count: int) -> None:
    rng = np.random.default_rng(7)
    prints = [int.from_bytes(rng.bytes(bits // 8), "little") for _ in range(count)]
    reference = prints[17]
    array = to_array(prints, bits)
    assert all(array[:, lane].flags.contiguous for lane in range(bits // 64))
    vectorised = distances(reference, array)
    assert vectorised.tolist() == [hamming(reference, p) for p in prints]
    assert vectorised[17] == 0
    # Any layout gives the same answer, only slower.
    assert distances(reference, np.ascontiguousarray(array)).tolist() == vectorised.tolist()

"""A batch's one-pass paths (issue 46 item 4) give what the per-text and older paths gave,
bit for bit, on real texts: code, Simplified and Traditional Chinese, a text mixing
them with English, an empty text and one huge word.

The older paths are written out here as they stood before: the excerpt samples by a
lexsort of every feature, the SimHash margins by a bincount per byte, the corner quotes
by str.translate, whether a text may fold or be short asked of each text alone.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np
import pytest

from simfind.core.fingerprint import simhash
from simfind.core.fingerprint.excerpts import samples
from simfind.core.scan.fingerprinting import batch_edges, batch_samples, fingerprint_all
from simfind.core.text import folding, scripts
from simfind.core.text.features import FeatureBatch, FeatureSettings, batch_features
from simfind.core.text.folding import many_may_be_shorter, may_be_shorter
from simfind.core.text.reading import read_text
from simfind.core.text.scripts import fold_many, fold_scripts, may_fold
from tests.places import ROOT, TESTS

DATA = TESTS / "data"


def real_texts() -> dict[str, str]:
    """Real files of every kind the fingerprint meets, and the edge cases."""
    code = [
        DATA / "versions" / "make_versions.py",
        DATA / "documents" / "make_documents.py",
        ROOT / "simfind" / "core" / "text" / "folding.py",  # a few non-ASCII characters
        ROOT / "simfind" / "core" / "text" / "scripts.py",  # corner quotes among the code
        ROOT / "simfind" / "core" / "text" / "tokens.py",
        ROOT / "simfind" / "core" / "fingerprint" / "sketch.py",
    ]
    simplified = sorted((DATA / "zh_manual").glob("*.txt"))
    texts = {path.name: read_text(path).text for path in code + simplified}
    traditional = read_text(DATA / "zh_scripts" / "faq-what-is-debian.big5.txt").text
    english = read_text(DATA / "documents" / "en.txt").text
    texts["traditional (Big5)"] = traditional
    texts["mixed"] = english[:3000] + traditional[:3000] + texts["backup-bookworm.txt"][:3000]
    texts["empty"] = ""
    texts["huge word"] = "x" * 200_000 + " " + english[:500]
    texts["sayings"] = read_text(DATA / "sayings" / "sayings.txt").text
    texts["zh document"] = read_text(DATA / "documents" / "zh.txt").text
    return texts


TEXTS = real_texts()


def test_the_real_texts_are_of_every_kind() -> None:
    assert may_fold(TEXTS["traditional (Big5)"]) and may_fold(TEXTS["mixed"])
    assert not may_fold(TEXTS["backup-bookworm.txt"])
    code = [text for name, text in TEXTS.items() if name.endswith(".py")]
    assert any(text.isascii() for text in code) and not all(text.isascii() for text in code)
    assert any(mark in TEXTS["scripts.py"] for mark in "「」『』")


def test_a_batch_folds_each_text_as_alone() -> None:
    texts = list(TEXTS.values())
    assert fold_many(texts) == [fold_scripts(text) for text in texts]
    assert fold_many([]) == []
    assert fold_many(["ascii only", ""]) == ["ascii only", ""]
    # Past the table (extension B): may fold, so converted, as alone.
    rare = "𠀀" + TEXTS["traditional (Big5)"][:200]
    assert fold_many(["plain", rare]) == ["plain", fold_scripts(rare)]


def test_corner_quotes_are_replaced_as_str_translate_did() -> None:
    before = str.maketrans("「」『』", "“”‘’")
    for text in (TEXTS["scripts.py"], "「說」『話』" * 50 + TEXTS["traditional (Big5)"][:500]):
        old = scripts._convert(text).translate(before)
        assert fold_scripts(text) == old
        assert "「" not in fold_scripts(text)


def test_a_batch_bounds_each_texts_length_as_alone() -> None:
    limit = 600
    tricky = [
        " \t\n" * 5000 + "x" * 599,
        "\u00a0 \u3000" * 3000 + "中文" * 100,
        "中文，标点（全角）。" * 70,
        "中文标点。" * 130 + "e\u0301" * 10,
        "\u1100\u1161" * 350 + "中",
        "中" * 599 + "\u3000" * 9000 + "文" * 30,  # mostly space past the prefix counted
        "¨ ¨ " * 400,
        "中" * 2399 + " " * 7201 + "文" * 5000,  # a prefix one short of settling it
    ]
    texts = [*TEXTS.values(), *tricky]
    for size in (limit, 200):
        assert many_may_be_shorter(texts, size) == [may_be_shorter(t, size) for t in texts]
    assert many_may_be_shorter([], limit) == []


def test_every_white_space_lies_below_the_table() -> None:
    spaces = [code for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert max(spaces) < folding._SPACE_BELOW
    assert np.flatnonzero(folding._spaces()).tolist() == spaces


def lexsorted_samples(
    texts: Sequence[str], batch: FeatureBatch, settings: FeatureSettings
) -> list[bytes]:
    """The excerpt samples as they were made before: every feature lexsorted."""
    owners, words = batch.owners[batch.words], batch.hashes[batch.words]
    edge_owners, edges = batch_edges(texts, batch, settings)
    all_owners, all_words = np.concatenate((owners, edge_owners)), np.concatenate((words, edges))
    order = np.lexsort((all_words, all_owners))
    all_owners, all_words = all_owners[order], all_words[order]
    distinct = np.ones(len(all_words), dtype=bool)
    distinct[1:] = (all_words[1:] != all_words[:-1]) | (all_owners[1:] != all_owners[:-1])
    return samples(all_owners[distinct], all_words[distinct], batch.texts)


def bincount_margins(batch: FeatureBatch, lanes: int) -> np.ndarray:
    """The SimHash margins as they were made before: a bincount per byte."""
    texts = batch.texts
    histograms = np.zeros((8 * lanes, texts * 256), dtype=np.float64)
    lane_values = simhash.lane_hashes(batch.hashes, lanes).astype("<u8", copy=False)
    columns = np.ascontiguousarray(lane_values.view(np.uint8).T)
    base = batch.owners * 256
    for index, column in enumerate(columns):
        histograms[index] += np.bincount(
            base + column, weights=batch.weights, minlength=texts * 256
        )
    per_bit = histograms.reshape(8 * lanes, texts, 256) @ simhash._BITS_OF_BYTE
    totals = per_bit.transpose(1, 0, 2).reshape(texts, 64 * lanes)
    weight = np.bincount(batch.owners, weights=batch.weights, minlength=texts)
    return 2.0 * totals - weight[:, None]


@pytest.mark.parametrize("bits", [64, 128])
def test_a_batch_gets_the_older_paths_fingerprints_and_samples(bits: int) -> None:
    settings = FeatureSettings(bits=bits)
    texts = list(TEXTS.values())
    batch = batch_features(texts, settings)
    lanes = bits // 64
    margins = simhash.accumulate_many(batch.owners, batch.hashes, batch.weights, batch.texts, lanes)
    assert np.array_equal(margins, bincount_margins(batch, lanes))
    assert batch_samples(texts, batch, settings) == lexsorted_samples(texts, batch, settings)
    # A batch's results are each text's own, whatever else is in the batch.
    together = fingerprint_all(texts, settings)
    assert together == [fingerprint_all([text], settings)[0] for text in texts]
    assert together[list(TEXTS).index("empty")][0] is None
    named = zip(TEXTS, together, strict=True)
    assert all(value is not None for name, (value, _, _) in named if name != "empty")

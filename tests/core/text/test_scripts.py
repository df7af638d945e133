"""Traditional and Simplified Chinese as one text: a Big5 Traditional copy of a real
Simplified document, made by another converter than the one simfind folds with
(tests/data/zh_scripts/README.md), through the real scan, cache and diff."""

from __future__ import annotations

import difflib
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.compare.diff import DiffOptions, diff_texts, inline_spans
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.features import FeatureSettings
from simfind.core.text.scripts import fold_scripts, may_fold
from tests.places import TESTS

DATA = TESTS / "data"
SIMPLIFIED = DATA / "zh_manual" / "faq-what-is-debian.txt"
TRADITIONAL = DATA / "zh_scripts" / "faq-what-is-debian.big5.txt"
UNRELATED = ("backup-bookworm.txt", "backup-bullseye.txt", "hardware-bookworm.txt")

FOLDED = ScanOptions()
AS_WRITTEN = ScanOptions(features=FeatureSettings(fold_scripts=False))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The Big5 copy among unrelated real Chinese documents (the original left out)."""
    root = tmp_path / "docs"
    root.mkdir()
    shutil.copy(TRADITIONAL, root)
    for name in UNRELATED:
        shutil.copy(DATA / "zh_manual" / name, root)
    return root


def test_the_copy_is_big5_and_traditional() -> None:
    data = TRADITIONAL.read_bytes()
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    text = data.decode("big5")
    assert "發行版" in text and "发行版" in SIMPLIFIED.read_text(encoding="utf-8")
    assert may_fold(text)


def test_phrases_fold_to_simplified_keeping_every_place() -> None:
    for traditional, simplified in [
        ("頭髮", "头发"),
        ("天氣乾燥", "天气干燥"),
        ("後來", "后来"),
        ("我們瞭解", "我们了解"),
        ("看著裡面", "看着里面"),  # Taiwan's forms
        ("「電腦」", "“电脑”"),  # and quotation marks
    ]:
        assert may_fold(traditional)
        assert fold_scripts(traditional) == simplified
    # Characters both scripts share are left alone where nothing else is Traditional.
    assert not may_fold("瞭解") and fold_scripts("瞭解") == "瞭解"
    assert not may_fold("什么") and may_fold("什麼") and fold_scripts("什麼") == "什么"
    text = TRADITIONAL.read_bytes().decode("big5")
    folded = fold_scripts(text)
    assert len(folded) == len(text)
    assert [i for i, c in enumerate(text) if not "\u3400" <= c <= "\u9fff"] == [
        i for i, c in enumerate(folded) if not "\u3400" <= c <= "\u9fff"
    ]
    # Folded, the copy and its original meet: of the 262 characters the converter changed,
    # the 5 left are its own mistakes (了 written 瞭 where OpenCC keeps 瞭, as in 瞭望).
    simplified = SIMPLIFIED.read_text(encoding="utf-8")
    assert sum(a != b for a, b in zip(simplified, text, strict=True)) == 262
    left = [(a, b) for a, b in zip(fold_scripts(simplified), folded, strict=True) if a != b]
    assert len(left) <= 8 and ("了", "瞭") in left
    # Text without Chinese is handed back as it is.
    assert not may_fold("café, naïve") and fold_scripts("café, naïve") == "café, naïve"


def test_the_copy_scores_095_and_ranks_first_only_when_folded(folder: Path) -> None:
    folded = scan(SIMPLIFIED, folder, FOLDED)
    as_written = scan(SIMPLIFIED, folder, AS_WRITTEN)
    for result in (folded, as_written):
        assert next(m.path.name for m in result.matches) == TRADITIONAL.name
        assert result.matches[0].encoding == "big5"
    assert folded.matches[0].similarity is not None and folded.matches[0].similarity >= 0.95
    assert folded.matches[0].similar
    assert as_written.matches[0].similarity is not None
    assert as_written.matches[0].similarity < 0.6
    # An independent measure agrees: difflib's ratio of the characters, folded and not.
    original = SIMPLIFIED.read_text(encoding="utf-8")
    copy = TRADITIONAL.read_bytes().decode("big5")
    assert difflib.SequenceMatcher(None, original, fold_scripts(copy)).ratio() > 0.97
    assert difflib.SequenceMatcher(None, original, copy).ratio() < 0.85
    # Unrelated documents stay unrelated.
    assert all(m.similarity is not None and m.similarity < 0.1 for m in folded.matches[1:])


def test_the_cache_never_mixes_folded_and_unfolded(folder: Path) -> None:
    with FingerprintCache() as cache:
        first = scan(SIMPLIFIED, folder, FOLDED, ScanContext(cache=cache))
        second = scan(SIMPLIFIED, folder, AS_WRITTEN, ScanContext(cache=cache))
        third = scan(SIMPLIFIED, folder, FOLDED, ScanContext(cache=cache))
    fresh = scan(SIMPLIFIED, folder, AS_WRITTEN)
    copy = next(m for m in second.matches if m.path.name == TRADITIONAL.name)
    alone = next(m for m in fresh.matches if m.path.name == TRADITIONAL.name)
    assert (copy.fingerprint, copy.similarity) == (alone.fingerprint, alone.similarity)
    assert first.matches[0].fingerprint != copy.fingerprint
    assert (third.matches[0].fingerprint, third.matches[0].similarity) == (
        first.matches[0].fingerprint,
        first.matches[0].similarity,
    )


def test_changed_words_are_found_in_the_folded_line_and_marked_on_the_line_as_written() -> None:
    left, right = "我們的頭髮很乾燥。", "我们的头发很湿。"
    folded = fold_scripts(left)
    assert folded == "我们的头发很干燥。"
    left_spans, right_spans = inline_spans(left, right, DiffOptions(fold_scripts=True))
    # The same words as the Simplified line's, on the same places of the line as written.
    assert (left_spans, right_spans) == inline_spans(folded, right)
    assert [left[a:b] for a, b in left_spans] == ["很乾燥"]
    assert [right[a:b] for a, b in right_spans] == ["很湿"]
    as_written = inline_spans(left, right)[0]
    assert any("頭髮" in left[a:b] for a, b in as_written)
    assert [
        r.kind.value for r in diff_texts("頭髮\n", "头发\n", DiffOptions(fold_scripts=True)).rows
    ] == ["equal"]
    assert [r.kind.value for r in diff_texts("頭髮\n", "头发\n").rows] == ["changed"]


def test_the_settings_key_names_the_fold() -> None:
    folded, as_written = FeatureSettings(), FeatureSettings(fold_scripts=False)
    assert folded.fold_scripts and folded.key() != as_written.key()
    assert replace(as_written, fold_scripts=True) == folded

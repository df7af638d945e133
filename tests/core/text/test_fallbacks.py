"""Where a platform has no wheel of rjieba or google-re2 (pyproject.toml's markers), simfind
runs on their fallbacks: the same fingerprints, the same files walked."""

from __future__ import annotations

from pathlib import Path

import pytest

from simfind.core.scan import walk
from simfind.core.scan.fingerprinting import fingerprint_all
from simfind.core.scan.walk import FileEntry, WalkOptions
from simfind.core.text import segment
from simfind.core.text.features import FeatureSettings
from tests.places import TESTS

DATA = TESTS / "data"


def _chinese_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((DATA / "zh_manual").glob("*.txt"))]


def test_the_pure_python_segmenter_gives_the_same_fingerprints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    texts = _chinese_texts()
    assert len(texts) >= 5
    settings = FeatureSettings()
    compiled = fingerprint_all(texts, settings)
    assert segment.available_segmenter() == "rjieba"
    monkeypatch.setattr(segment, "available_segmenter", lambda: "jieba")  # no rjieba wheel
    assert segment.cut_cjk("结巴分词") == segment._segmenter("jieba")("结巴分词")
    assert fingerprint_all(texts, settings) == compiled


def test_patterns_walk_the_same_files_without_re2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("a/notes.md", "a/b/draft.txt", "a/b/c/keep.txt", "build/out.txt", "x.log"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(name, encoding="utf-8")
    options = WalkOptions(include=("*.txt", "*.md"), exclude=("build/", "**/c/*"))

    def walked() -> list[str]:
        return [e.rel for e in walk.walk(tmp_path, options) if isinstance(e, FileEntry)]

    with_re2 = walked()
    assert walk._backend() == "re2"
    monkeypatch.setattr(walk, "_backend", lambda: "simple")  # no google-re2 wheel
    assert walked() == with_re2 == ["a/b/draft.txt", "a/notes.md"]

"""Rescans and re-queries: the same rows whatever the arrival order, nothing re-read."""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.fingerprint.sketch import SKETCH_SIZE, pack
from simfind.core.scan.context import ScanContext
from simfind.core.scan.fingerprinting import fingerprint_entries, fingerprint_texts
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match, RankOptions, VerifiedBatches, rank_matches
from simfind.core.scan.scanner import scan
from simfind.core.scan.walk import FileEntry, WalkOptions, walk
from simfind.core.text.features import FeatureSettings
from tests.texts import (
    CODE,
    EN_DOCS,
    SERIALIZER,
    SERIALIZER_SHRUNK,
    SERIALIZER_STRANGER,
    ZH_DOCS,
)

scan_core = importlib.import_module("simfind.core.scan.scanner")


def rows(matches: list[Match]) -> list[tuple[str, int, float | None]]:
    return [(m.rel, m.distance, m.similarity) for m in matches]


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    """A reference and a folder of twelve equal files tied at one distance from it."""
    folder = tmp_path / "folder"
    folder.mkdir()
    for number in range(12):
        (folder / f"copy{number:02d}.txt").write_text(EN_DOCS[1], encoding="utf-8")
    reference = tmp_path / "reference.txt"
    reference.write_text(EN_DOCS[0], encoding="utf-8")
    return reference, folder


def test_ties_at_the_cut_off_go_by_path_not_by_arrival(
    tmp_path: Path, copies: tuple[Path, Path]
) -> None:
    # Issue 19, item 15: which of several files tied at the cut-off were compared
    # exactly depended on the order they arrived in, and cached files arrive first.
    reference, folder = copies
    options = ScanOptions(rank=RankOptions(verify_top=4, verify_radius=0, verify_by_sketch=0))
    uncached = scan(reference, folder, options)
    with FingerprintCache(tmp_path / "cache") as cache:
        # A partly cached folder: these four are answered first.
        entries = [e for e in walk(folder, WalkOptions()) if isinstance(e, FileEntry)]
        late = [e for e in entries if e.rel in ("copy11.txt", "copy09.txt", "copy07.txt")]
        list(fingerprint_entries(late, options.job, ScanContext(cache=cache), folder))
        partly = scan(reference, folder, options, ScanContext(cache=cache))
    verified = [m.rel for m in uncached.matches if m.similarity is not None]
    assert verified == ["copy00.txt", "copy01.txt", "copy02.txt", "copy03.txt"]
    assert rows(partly.matches) == rows(uncached.matches)


def test_the_same_folder_in_any_order_gives_the_same_rows() -> None:
    settings = FeatureSettings()
    texts = [EN_DOCS[1]] * 9 + [CODE, ZH_DOCS[0]]
    prints = fingerprint_texts(texts, settings)

    def ranked(order: list[int]) -> list[tuple[str, int, float | None]]:
        matches = [
            Match(Path(f"f{i}"), f"f{i:02d}", 1, 1, "utf-8", prints[i][0] or 0, sketch=prints[i][1])
            for i in order
        ]

        def verify(candidates: list[Match]) -> VerifiedBatches:
            yield candidates, [0.5] * len(candidates)

        reference, sketch = fingerprint_texts([EN_DOCS[0]], settings)[0]
        assert reference is not None
        rank_matches(
            matches,
            reference,
            settings,
            RankOptions(verify_top=3),
            verify,
            None,
            reference_sketch=sketch,
        )
        return rows(matches)

    forward = list(range(len(texts)))
    assert ranked(forward) == ranked(forward[::-1]) == ranked(forward[3:] + forward[:3])


def test_a_file_far_by_distance_but_alike_by_sketch_is_compared() -> None:
    # SimHash puts a file that changed a lot far away; its sketch still resembles.
    settings = FeatureSettings()
    near = [Match(Path(f"n{i}"), f"n{i}", 1, 1, "utf-8", 0) for i in range(5)]
    alike = pack(np.arange(SKETCH_SIZE, dtype=np.uint64))
    far = Match(Path("far"), "far", 1, 1, "utf-8", (1 << 128) - 1, sketch=alike)
    compared: list[str] = []

    def verify(candidates: list[Match]) -> VerifiedBatches:
        compared.extend(m.rel for m in candidates)
        yield candidates, [0.1] * len(candidates)

    options = RankOptions(verify_top=5, verify_radius=0)
    rank_matches([*near, far], 0, settings, options, verify, None, reference_sketch=alike)
    assert "far" in compared
    compared.clear()
    rank_matches([*near, far], 0, settings, options, verify, None)  # no sketch: distance alone
    assert "far" not in compared


def test_a_shrunken_module_and_a_longer_stranger_read_their_diffs_and_again_from_the_cache(
    tmp_path: Path, without_stored_answers: None
) -> None:
    """Issue 17's Django miss (sessions/serializers.py): the module shrunk to a stub, and a
    longer stranger that shares its imports, idioms and docstring's words. Each reads what
    difflib's ratio of their words says (the stranger 0.49, the stub 0.32: issue 41's
    measure ranks the stranger first, as the diff does), the stub's containment (HELD %)
    says it is mostly the reference's; and the same again from the cache's prepared texts."""
    from benchmarks.judge import ratio

    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "serializers.py").write_text(SERIALIZER_SHRUNK, encoding="utf-8")
    (folder / "views.py").write_text(SERIALIZER_STRANGER, encoding="utf-8")
    reference = tmp_path / "serializers_old.py"
    reference.write_text(SERIALIZER, encoding="utf-8")
    texts = {"serializers.py": SERIALIZER_SHRUNK, "views.py": SERIALIZER_STRANGER}
    with FingerprintCache(tmp_path / "cache") as cache:
        for _ in range(2):
            result = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
            assert [m.rel for m in result.matches] == ["views.py", "serializers.py"]
            for match in result.matches:
                assert match.similarity == pytest.approx(ratio(SERIALIZER, texts[match.rel]))
            stub = result.matches[1]
            assert stub.file_in_reference is not None and stub.file_in_reference > 0.7


def test_a_rescan_compares_unchanged_files_without_reading_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    for index, text in enumerate([*ZH_DOCS, *EN_DOCS, CODE]):
        (folder / f"f{index}.txt").write_text(text, encoding="utf-8")
    reference = tmp_path / "reference.txt"
    reference.write_text(ZH_DOCS[1].replace("几个月", "半年"), encoding="utf-8")
    read: list[str] = []
    real = scan_core.read_text

    def counting(path: str | os.PathLike[str], *args: Any, **kwargs: Any) -> object:
        read.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(scan_core, "read_text", counting)
    with FingerprintCache(tmp_path / "cache") as cache:
        first = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
        assert len(read) > 5  # the reference, and the candidates compared exactly
        read.clear()
        changed = folder / "f1.txt"
        changed.write_text(ZH_DOCS[1] + "再加一句。", encoding="utf-8")
        again = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
    assert read == [str(reference), str(changed)]  # only the reference and the changed file
    unchanged = [row for row in rows(first.matches) if row[0] != "f1.txt"]
    assert [row for row in rows(again.matches) if row[0] != "f1.txt"] == unchanged


@pytest.mark.usefixtures("without_stored_answers")
def test_a_rescan_finds_every_file_in_the_cache_whatever_its_name(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    names = [
        "plain.txt",
        "sub/deeper/nested.txt",
        "中文 目录/笔记.txt",
        os.fsdecode(b"caf\xe9-latin1-name.txt"),  # not UTF-8: a surrogate in the name
        "with space/and, comma.txt",
    ]
    for index, name in enumerate(names):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text([*ZH_DOCS, *EN_DOCS][index], encoding="utf-8")
    reference = tmp_path / "reference.txt"
    reference.write_text(EN_DOCS[0], encoding="utf-8")
    with FingerprintCache(tmp_path / "cache") as cache:
        first = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
        again = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
    assert sorted(m.rel for m in first.matches) == sorted(names)
    assert first.bytes_read > 0
    assert again.bytes_read == 0  # every file answered by the cache
    assert rows(again.matches) == rows(first.matches)

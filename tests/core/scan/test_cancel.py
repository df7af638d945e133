"""A cancel while files are read keeps what was found, and compares the nearest of them."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from simfind.core.runs import progress
from simfind.core.runs.progress import Progress
from simfind.core.scan import rank
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.scanner import scan
from tests.texts import EN_DOCS


def cancelled_scan(folder: Path, after: int) -> ScanResult:
    cancel = threading.Event()

    def on_progress(seen: Progress) -> None:
        if seen.stage == "reading" and seen.files_done >= after:
            cancel.set()

    return scan(folder / "f000.txt", folder, ScanOptions(), ScanContext(on_progress, cancel))


@pytest.fixture
def many(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0.0)
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(200):
        (folder / f"f{index:03}.txt").write_text(f"{EN_DOCS[index % 3]} {index}", encoding="utf-8")
    return folder


def test_the_nearest_files_found_are_still_compared(many: Path) -> None:
    result = cancelled_scan(many, after=40)
    assert result.cancelled and 40 <= len(result.matches) < 200
    assert 0 < result.compared <= rank.AFTER_CANCEL_FILES
    compared = [m for m in result.matches if m.similarity is not None and not m.is_reference]
    others = [m for m in result.matches if m.similarity is None]
    assert max(m.distance for m in compared) <= min(m.distance for m in others)
    assert result.matches[: len(compared) + 1] == sorted(
        result.matches[: len(compared) + 1], key=rank.rank_key
    )
    near = [m for m in compared if m.rel.endswith(("003.txt", "006.txt", "009.txt"))]
    assert near and all(m.similar for m in near)  # the reference's own siblings, verified


def test_past_its_budget_nothing_more_is_compared(
    many: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rank, "AFTER_CANCEL_SECONDS", 0.0)
    result = cancelled_scan(many, after=40)
    assert result.cancelled and result.matches
    assert result.compared == 0  # plainly not compared: the summary says so


def test_after_a_cancel_no_pool_is_started_for_the_nearest(
    many: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simfind.core.runs import jobs as pool
    from simfind.core.scan import scanner as scan_module

    monkeypatch.setattr(pool, "SMALL_SCAN_BYTES", 0)  # a pool would pay off for anything

    def no_pool(jobs: int) -> None:
        raise AssertionError("a pool started to compare the few nearest after a cancel")

    monkeypatch.setattr(scan_module, "make_pool", no_pool)
    cancel = threading.Event()

    def on_progress(seen: Progress) -> None:
        if seen.stage == "reading" and seen.files_done >= 40:
            cancel.set()

    context = ScanContext(on_progress, cancel)
    result = scan(many / "f000.txt", many, ScanOptions(jobs=2), context)
    assert result.cancelled and result.compared > 0

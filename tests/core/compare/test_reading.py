"""How a scan read its files travels with its result, and the diff takes it whole: a
Traditional copy of a Simplified text, scanned with scripts folded (the default) and
not, diffed from each result's own settings."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simfind.core.compare.diff import DiffResult, Kind, diff_texts
from simfind.core.groups.folder_groups import find_groups
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.results.reading import read_result_file
from simfind.core.results.reopening import reopened
from simfind.core.results.writing import save_result
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.features import FeatureSettings
from tests.places import TESTS

DATA = TESTS / "data"
SIMPLIFIED = DATA / "zh_manual" / "faq-what-is-debian.txt"
TRADITIONAL = DATA / "zh_scripts" / "faq-what-is-debian.big5.txt"
AS_WRITTEN = ScanOptions(features=FeatureSettings(fold_scripts=False), text_only=True)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "资料"
    root.mkdir()
    shutil.copy(TRADITIONAL, root)
    shutil.copy(SIMPLIFIED, root)
    for name in ("backup-bookworm.txt", "hardware-bookworm.txt"):
        shutil.copy(DATA / "zh_manual" / name, root)
    return root


def _changed(result: DiffResult) -> int:
    return sum(1 for row in result.rows if row.kind is not Kind.EQUAL)


def test_a_scans_diff_reads_the_texts_as_the_scan_did(folder: Path) -> None:
    simplified = SIMPLIFIED.read_text(encoding="utf-8")
    traditional = TRADITIONAL.read_bytes().decode("big5")
    folded = scan(SIMPLIFIED, folder, ScanOptions()).reading
    written = scan(SIMPLIFIED, folder, AS_WRITTEN).reading
    assert folded is not None and written is not None
    assert (folded.fold_scripts, folded.documents, folded.bits) == (True, True, 128)
    assert (written.fold_scripts, written.documents) == (False, False)
    as_folded = diff_texts(simplified, traditional, folded.diff_options())
    as_written = diff_texts(simplified, traditional, written.diff_options())
    # Lines that differ in their script alone are equal rows when the scan folded them.
    assert _changed(as_folded) < _changed(as_written) / 3


def test_a_search_for_groups_and_its_saved_result_carry_how_it_read(
    folder: Path, tmp_path: Path
) -> None:
    grouping = GroupingOptions(threshold=0.9)
    folded = find_groups(folder, ScanOptions(), grouping)
    written = find_groups(folder, AS_WRITTEN, grouping)
    assert folded.reading is not None and folded.reading.fold_scripts
    assert folded.reading.common == folded.boilerplate
    assert written.reading is not None and not written.reading.fold_scripts
    assert not written.reading.documents
    # Folded, the copy is a near-duplicate of its original; read as written, it is not.
    assert any(len(g.members) == 2 for g in folded.groups)
    assert not written.groups
    target = tmp_path / "groups.json"
    save_result(target, written)
    again = reopened(read_result_file(target), {}).result
    assert again.reading is not None
    assert (again.reading.fold_scripts, again.reading.documents) == (False, False)

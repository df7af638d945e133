"""Folders that are near-copies, found in trees of real texts: every copy paired with its
original, nothing unrelated paired, the figures as an independent count has them."""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest

from simfind.core.folders.pairing import FolderPair, Side
from simfind.core.folders.search import FoldersResult, find_folder_pairs
from simfind.core.scan.options import ScanOptions
from tests.core.folders.trees import DATA, build_trees, count_shared, word_ratio


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return build_trees(tmp_path_factory.mktemp("trees"))


@pytest.fixture(scope="module")
def found(trees: dict[str, Path]) -> FoldersResult:
    return find_folder_pairs([trees["project"].parent], ScanOptions(jobs=1))


def _pairs(result: FoldersResult) -> dict[frozenset[Path], FolderPair]:
    return {frozenset((p.a, p.b)): p for g in result.groups for p in g.pairs}


def test_every_copy_is_paired_with_its_original_and_nothing_else(
    trees: dict[str, Path], found: FoldersResult
) -> None:
    # quotes/ is part of project/'s pair with its copy: listed with the backup alone.
    assert set(_pairs(found)) == {
        frozenset((trees["project"], trees["copy"])),
        frozenset((trees["quotes"], trees["backup"])),
        frozenset((trees["copied quotes"], trees["backup"])),
    }
    # The backup and the two quotes/ it was copied from are one group of three.
    groups = [set(g.folders) for g in found.groups]
    assert {trees["project"], trees["copy"]} in groups
    assert {trees["quotes"], trees["copied quotes"], trees["backup"]} in groups
    assert found.groups[0].folders[0] == trees["project"]  # the largest first


@pytest.mark.parametrize(
    ("one", "other"), [("project", "copy"), ("quotes", "backup"), ("copied quotes", "backup")]
)
def test_each_pair_counts_as_filecmp_and_difflib_do(
    trees: dict[str, Path], found: FoldersResult, one: str, other: str
) -> None:
    pair = _pairs(found)[frozenset((trees[one], trees[other]))]
    expected = count_shared(pair.a, pair.b)
    assert pair.tally(Side.IDENTICAL).files == expected.identical
    assert pair.tally(Side.NEAR).files == expected.near
    assert pair.tally(Side.CHANGED).files == expected.changed
    assert pair.tally(Side.ONLY_A).files == expected.only_a
    assert pair.tally(Side.ONLY_B).files == expected.only_b
    assert pair.paired.bytes == expected.paired_bytes
    assert pair.size == expected.all_bytes
    assert pair.share == pytest.approx(expected.share)
    for file in pair.files:
        if file.side is Side.NEAR:
            assert file.a is not None and file.b is not None
            assert file.similarity == pytest.approx(word_ratio(file.a, file.b), abs=0.05)


def test_the_copy_s_edits_are_where_they_were_made(
    trees: dict[str, Path], found: FoldersResult
) -> None:
    pair = _pairs(found)[frozenset((trees["project"], trees["copy"]))]
    sides = {f.rel: f.side for f in pair.files}
    assert sides["quotes/sayings.txt"] is Side.NEAR
    assert sides["manual/backup-bookworm.txt"] is Side.NEAR
    assert sides["notes/bicycle notes.txt"] is Side.CHANGED
    in_project = Side.ONLY_A if pair.a == trees["project"] else Side.ONLY_B
    in_copy = Side.ONLY_B if in_project is Side.ONLY_A else Side.ONLY_A
    assert sides["reference/faq-ch03-choosing.txt"] is in_project
    assert sides["manual/new-chapter.txt"] is in_copy


def test_a_higher_threshold_leaves_out_the_pairs_below_it(
    trees: dict[str, Path], found: FoldersResult
) -> None:
    copies = frozenset((trees["project"], trees["copy"]))
    cut = _pairs(found)[copies].share + 0.01
    strict = find_folder_pairs([trees["project"].parent], ScanOptions(jobs=1), threshold=cut)
    assert copies not in _pairs(strict)
    assert all(p.share >= cut for p in _pairs(strict).values())
    assert {k for k, p in _pairs(found).items() if p.share >= cut} <= set(_pairs(strict))


def test_two_folders_given_are_paired_with_each_other(trees: dict[str, Path]) -> None:
    result = find_folder_pairs([trees["project"], trees["copy"]], ScanOptions(jobs=1))
    assert [set(g.folders) for g in result.groups] == [{trees["project"], trees["copy"]}]


def test_a_renamed_file_is_paired_with_its_original_by_its_bytes(tmp_path: Path) -> None:
    original, renamed = tmp_path / "thesis", tmp_path / "Copy of thesis"
    shutil.copytree(DATA / "zh_manual", original)
    shutil.copytree(original, renamed)
    (renamed / "backup-bookworm.txt").rename(renamed / "backup (final).txt")
    result = find_folder_pairs([tmp_path], ScanOptions(jobs=1))
    (pair,) = _pairs(result).values()
    assert {pair.a, pair.b} == {original, renamed}
    moved = [f for f in pair.files if f.a is not None and f.b is not None and f.a.name != f.b.name]
    assert [(f.side, {f.a.name, f.b.name}) for f in moved if f.a and f.b] == [
        (Side.IDENTICAL, {"backup-bookworm.txt", "backup (final).txt"})
    ]
    assert filecmp.cmp(moved[0].a, moved[0].b, shallow=False)  # type: ignore[arg-type]
    assert pair.share == 1.0 and pair.tally(Side.IDENTICAL).files == len(list(original.iterdir()))

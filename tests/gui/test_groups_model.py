"""The groups tree: a well-behaved model, checkable files, reference files never marked, sorting."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPersistentModelIndex, Qt

from simfind.core.groups import find_groups
from simfind.core.scan import ScanOptions
from simfind.gui.groups_model import GroupColumn, GroupsModel
from tests.texts import CODE, ZH_DOCS


def folders(tmp_path: Path) -> tuple[Path, Path]:
    work, archive = tmp_path / "work", tmp_path / "archive"
    work.mkdir()
    archive.mkdir()
    for k in range(3):
        (work / f"note{k}.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (work / "a.py").write_text(CODE, encoding="utf-8")
    (archive / "a.py").write_text(CODE, encoding="utf-8")
    (work / "alone.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    return work, archive


def test_the_tree_holds_groups_and_their_files(qtmodeltester, tmp_path: Path) -> None:
    work, archive = folders(tmp_path)
    model = GroupsModel()
    model.set_result(find_groups(work, ScanOptions(), reference_folders=[archive]))
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    first = model.index(0, 0)
    assert model.rowCount(first) == 3
    assert model.data(first) == "Group 1: 3 files"
    centre = model.index(0, 0, first)
    assert model.match_at(centre) is model.centre_of(centre)
    assert model.data(model.index(0, GroupColumn.SIMILARITY, first)) == "100.0"


def test_files_are_checkable_except_in_reference_folders(qtbot, tmp_path: Path) -> None:
    work, archive = folders(tmp_path)
    model = GroupsModel()
    model.set_result(find_groups(work, ScanOptions(), reference_folders=[archive]))
    code_group = next(model.index(r, 0) for r in range(2) if model.rowCount(model.index(r, 0)) == 2)
    files = [model.index(r, 0, code_group) for r in range(2)]
    kept = next(i for i in files if model.match_at(i).path.parent == archive)
    other = next(i for i in files if i != kept)
    assert not model.flags(kept) & Qt.ItemFlag.ItemIsUserCheckable
    assert model.data(kept, Qt.ItemDataRole.CheckStateRole) is None
    assert not model.setData(kept, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert model.setData(other, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert [m.path for m in model.marked()] == [work / "a.py"]
    model.set_marked({archive / "a.py", work / "note1.txt"})
    assert [m.path for m in model.marked()] == [work / "note1.txt"]


def test_sorting_orders_groups_and_keeps_selections(tmp_path: Path) -> None:
    work, archive = folders(tmp_path)
    model = GroupsModel()
    model.set_result(find_groups(work, ScanOptions(), reference_folders=[archive]))
    held = QPersistentModelIndex(model.index(1, 0, model.index(0, 0)))
    path = model.match_at(held).path
    model.sort(GroupColumn.NAME, Qt.SortOrder.AscendingOrder)
    assert [model.rowCount(model.index(r, 0)) for r in range(2)] == [2, 3]
    assert model.match_at(held).path == path
    model.sort(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    frees = [model.group_at(model.index(r, 0)).reclaimable for r in range(2)]
    assert frees == sorted(frees, reverse=True)

"""The groups tree: a well-behaved model, checkable files, reference files never marked, sorting."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPersistentModelIndex, Qt

from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan.options import ScanOptions
from simfind.gui.groups_list.columns import GroupColumn, reclaimable
from simfind.gui.groups_list.model import GroupsModel
from tests.texts import CODE, ZH_DOCS


def folders(tmp_path: Path) -> tuple[Path, Path]:
    work, archive = tmp_path / "work", tmp_path / "archive"
    work.mkdir()
    archive.mkdir()
    # The same text in three encodings: 100 % similar, none byte-identical.
    for k, encoding in enumerate(("utf-8", "gbk", "utf-16")):
        (work / f"note{k}.txt").write_text(ZH_DOCS[0], encoding=encoding)
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
    assert model.item_at(first) is None and model.is_group(first)
    assert model.data(model.index(0, GroupColumn.SIMILARITY, first)) == "100.0"


def test_byte_identical_files_are_shown_as_such(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "a.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (work / "copy of a.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (work / "b (gbk).txt").write_text(ZH_DOCS[0], encoding="gbk")
    model = GroupsModel()
    model.set_result(find_groups(work, ScanOptions()))
    group = model.index(0, 0)

    def column(number: GroupColumn) -> dict[str, str]:
        return {
            model.match_at(model.index(r, 0, group)).path.name: model.data(
                model.index(r, number, group)
            )
            for r in range(model.rowCount(group))
        }

    # Every figure is to the centre (the file with a copy: it stands for two); what a file
    # is to the centre is said beside it, and the group says what it is.
    assert column(GroupColumn.SIMILARITY) == {
        "a.txt": "100.0",
        "copy of a.txt": "100.0",
        "b (gbk).txt": "100.0",
    }
    assert column(GroupColumn.KIND) == {
        "a.txt": "",
        "copy of a.txt": "identical",
        "b (gbk).txt": "same text",
    }
    assert model.data(model.index(0, GroupColumn.KIND)) == "same text"


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
    frees = [reclaimable(model.members(r)) for r in range(2)]
    assert frees == sorted(frees, reverse=True)


def test_hidden_files_leave_and_come_back(qtmodeltester, tmp_path: Path) -> None:
    work, archive = folders(tmp_path)
    model = GroupsModel()
    model.set_result(find_groups(work, ScanOptions(), reference_folders=[archive]))
    notes = next(r for r in range(2) if model.rowCount(model.index(r, 0)) == 3)
    centre, second, third = model.members(notes)
    model.set_marked({second.path, third.path})
    model.hide({second.path})
    qtmodeltester.check(model)
    assert [m.path for m in model.marked()] == [third.path]
    notes = next(r for r in range(model.group_count()) if centre in model.members(r))
    assert model.members(notes) == [centre, third]
    # Without its centre a group keeps its other files, and no figure measured against it.
    model.unhide({second.path})
    model.hide({centre.path})
    notes = next(r for r in range(model.group_count()) if second in model.members(r))
    group = model.index(notes, 0)
    assert model.members(notes) == [second, third]
    assert model.centre_of(model.index(0, 0, group)) is None
    assert model.data(model.index(0, GroupColumn.SIMILARITY, group)) == ""
    # A group left with one file leaves the view.
    model.hide({second.path})
    assert model.group_count() == 1
    model.unhide({centre.path, second.path})
    assert model.group_count() == 2
    assert [m.path for m in model.marked()] == [third.path]  # a hidden file lost its mark


class Lines:
    """Records of another kind: (file, line number, text), as a records mode would group them."""

    def titles(self) -> list[str]:
        return ["Line", "Text"]

    def header_tip(self, column: int) -> str | None:
        return None

    def key(self, item: tuple[str, int, str]) -> tuple[str, int]:
        return item[0], item[1]

    def checkable(self, item: tuple[str, int, str]) -> bool:
        return False

    def numeric(self, column: int) -> bool:
        return column == 0

    def item_text(self, item: tuple[str, int, str], column: int, measured: bool) -> str:
        return f"{item[0]}:{item[1]}" if column == 0 else item[2]

    def item_tip(self, item: tuple[str, int, str], is_centre: bool) -> str | None:
        return None

    def font(self, item: tuple[str, int, str], is_centre: bool) -> None:
        return None

    def group_text(self, members: list[tuple[str, int, str]], number: int, column: int) -> str:
        return f"{number}: {len(members)}" if column == 0 else ""

    def group_tip(self, column: int) -> str | None:
        return None

    def sort_key(self, column: int):  # type: ignore[no-untyped-def]
        return len if column == 0 else None


def test_groups_of_other_items_than_files(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    model = GroupsModel()
    lines = [("a.txt", 3, "hello"), ("a.txt", 9, "hello!"), ("b.txt", 1, "hullo")]
    model.set_groups([lines[:2], lines], Lines())
    qtmodeltester.check(model)
    model.sort(0, Qt.SortOrder.DescendingOrder)
    group = model.index(0, 0)
    assert model.data(group) == "1: 3"
    assert model.data(model.index(2, 0, group)) == "b.txt:1"
    assert not model.flags(model.index(0, 0, group)) & Qt.ItemFlag.ItemIsUserCheckable
    assert model.index_of(("b.txt", 1)).parent() == group

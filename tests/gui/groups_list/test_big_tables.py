"""Large results sort and filter in bulk (NumPy) exactly as a key or a test per row would.

The rows are a real scan of a folder made for it: names that tie (the same name in
several folders, names that differ only in case), Chinese names, GBK and UTF-8,
HTML documents among text files, sizes and modified times with ties.
"""

from __future__ import annotations

import gc
import os
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match, RankOptions
from simfind.core.scan.scanner import scan
from simfind.gui.groups_list import model as groups_model
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.groups_list.tree import GroupsTree
from simfind.gui.pages.compare import results_model
from simfind.gui.pages.compare.results_model import Column, ResultsModel, _placed
from simfind.gui.widgets import file_filter
from simfind.gui.widgets.file_filter import FileFilter, filter_text
from tests.texts import CODE, EN_DOCS, ZH_DOCS

ASCENDING, DESCENDING = Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder
NAMES = ["readme.txt", "README.txt", "笔记.txt", "notes.md", "a.txt", "页面.html", "Page.html"]


def make_folder(root: Path, count: int = 240) -> Path:
    rng = random.Random(7)
    texts = [*ZH_DOCS, *EN_DOCS, CODE]
    for index in range(count):
        folder = root / rng.choice(["a", "B", "a/深", "c", "Zeta/x"])
        folder.mkdir(parents=True, exist_ok=True)
        name = NAMES[index % len(NAMES)]
        path = folder / f"{index % 40}-{name}" if index % 3 else folder / name
        text = texts[index % len(texts)]
        body = text[: len(text) // (1 + index % 3)] + f"\n{index % 17}"
        if path.suffix == ".html":
            path.write_text(f"<html><body><p>{body}</p></body></html>", encoding="utf-8")
        else:
            path.write_bytes(body.encode("gbk" if index % 5 == 0 and text in ZH_DOCS else "utf-8"))
        stamp = 1_600_000_000 + 3600 * (index % 9)  # ties in the modified time
        os.utime(path, (stamp, stamp))
    return root


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> ScanResult:
    folder = make_folder(tmp_path_factory.mktemp("big") / "folder")
    reference = sorted(folder.rglob("*.txt"))[0]
    # Fewer files verified than found, as in a large folder: some rows stay blank.
    rank = RankOptions(verify_top=60, verify_by_sketch=10, verify_by_excerpt=10, verify_radius=2)
    result = scan(reference, folder, ScanOptions(rank=rank))
    # Every kind of row: the reference, rows compared exactly and rows left blank.
    assert any(m.is_reference for m in result.matches)
    assert any(m.similarity is not None for m in result.matches if not m.is_reference)
    assert any(m.similarity is None for m in result.matches)
    assert {m.format for m in result.matches} >= {"text", "html"}
    assert len({m.encoding for m in result.matches}) >= 3  # GBK, UTF-8, ASCII
    return result


def expected(matches: list[Match], column: Column, order: Qt.SortOrder) -> list[Match]:
    """Python's stable sort over the keys a row gives, a descending view read backwards."""
    descending = order == DESCENDING
    ordered = sorted(matches, key=lambda m: _placed(m, column, descending))
    return ordered[::-1] if descending else ordered


@pytest.mark.parametrize("column", list(Column))
def test_every_column_sorts_as_pythons_sorted_over_its_keys(
    qtbot, scanned: ScanResult, column: Column
) -> None:
    model = ResultsModel()
    for order in (ASCENDING, DESCENDING):
        model.replace_all(scanned.matches)
        model.sort(-1)  # the order given: the next sort starts from it
        model.replace_all(scanned.matches)
        model.sort(column, order)
        assert model.visible_matches() == expected(scanned.matches, column, order)


def test_a_sort_keeps_the_last_order_among_ties(qtbot, scanned: ScanResult) -> None:
    model = ResultsModel()
    model.replace_all(scanned.matches)
    model.sort(Column.NAME, ASCENDING)
    model.sort(Column.FOLDER, DESCENDING)
    model.sort(Column.MODIFIED, ASCENDING)
    by_name = expected(scanned.matches, Column.NAME, ASCENDING)
    by_folder = expected(by_name, Column.FOLDER, DESCENDING)[::-1]  # as stored: ascending
    assert model.visible_matches() == expected(by_folder, Column.MODIFIED, ASCENDING)


def test_rows_streamed_then_verified_end_in_the_order_of_the_final_figures(
    qtbot, scanned: ScanResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(results_model, "SORT_WHILE_STREAMING", 50)  # large: sorted at the end
    model = ResultsModel()
    model.sort(Column.SIMILARITY, DESCENDING)
    final = [replace(m) for m in scanned.matches]
    streamed = [
        replace(m, similarity=None, similar=False, reference_in_file=None, file_in_reference=None)
        for m in final
    ]
    for at in range(0, len(streamed), 30):
        model.append(streamed[at : at + 30])
    model.apply_final(final)
    got = [(m.rel, m.similarity) for m in model.visible_matches()]
    assert got == [(m.rel, m.similarity) for m in expected(streamed, Column.SIMILARITY, DESCENDING)]
    assert got != [(m.rel, m.similarity) for m in streamed]


@pytest.mark.parametrize("text", ["a/", "笔记", "readme", "深/1", "page.html", "nothing-like-it"])
def test_a_typed_filter_keeps_the_rows_whose_path_holds_it(
    qtbot, scanned: ScanResult, text: str
) -> None:
    model = ResultsModel()
    model.replace_all(scanned.matches)
    model.sort(Column.NAME, DESCENDING)
    shown = model.visible_matches()
    model.set_filter(text=text.upper())  # typed in capitals: found all the same
    assert model.visible_matches() == [m for m in shown if text.casefold() in filter_text(m)]
    model.set_filter(text="")
    assert model.visible_matches() == shown


def test_filters_combine_and_hidden_rows_leave(qtbot, scanned: ScanResult) -> None:
    model = ResultsModel()
    model.replace_all(scanned.matches)
    model.sort(Column.SIZE, ASCENDING)
    shown = model.visible_matches()
    gone = {m.path for m in shown[::3]}
    model.hide(gone)
    model.set_filter(text="a", max_distance=20, file_format="text")
    assert model.visible_matches() == [
        m
        for m in shown
        if m.path not in gone and m.distance <= 20 and m.format == "text" and "a" in filter_text(m)
    ]
    model.set_filter(file_format="html")
    assert {m.format for m in model.visible_matches()} == {"html"}
    model.set_filter(file_format="pdf")  # no row has it
    assert model.visible_matches() == []


def test_the_row_of_a_match_and_the_marks_follow_the_order(qtbot, scanned: ScanResult) -> None:
    model = ResultsModel()
    model.replace_all(scanned.matches)
    model.sort(Column.NAME, DESCENDING)
    shown = model.visible_matches()
    for row in (0, 7, len(shown) - 1):
        assert model.row_of(shown[row]) == row
    picked = [m for m in shown[::5] if not m.is_reference]
    model.set_marked({m.path for m in picked})
    assert model.marked() == picked[::-1]  # as sorted (ascending; the view reads it backwards)
    model.sort(Column.SIZE, ASCENDING)
    assert model.marked() == [m for m in model.visible_matches() if m in picked]
    model.set_filter(text="zeta")
    outside = next(m for m in shown if "zeta" not in filter_text(m))
    assert model.row_of(outside) == -1


# -- the groups page's list -------------------------------------------------------------------
@pytest.fixture(scope="module")
def grouped(scanned: ScanResult):  # type: ignore[no-untyped-def]
    result = find_groups(scanned.directory, ScanOptions())
    assert len(result.groups) >= 5
    return result


def flat_rows(tree: GroupsTree) -> list[object]:
    """What each row of the list shows: a group's number and size, or a file's path."""
    flat = tree.flat
    rows: list[object] = []
    for row in range(flat.rowCount()):
        item = tree.item_at(flat.index(row, 0))
        rows.append(item.path if item is not None else flat.index(row, 0).data())
    return rows


def tree_rows(model: GroupsModel) -> list[object]:
    rows: list[object] = []
    for group in range(model.rowCount()):
        rows.append(model.index(group, 0).data())
        rows += [m.path for m in model.members(group)]
    return rows


def test_the_list_shows_each_group_then_its_files(qtbot, qtmodeltester, grouped) -> None:  # type: ignore[no-untyped-def]
    model = GroupsModel()
    tree = GroupsTree(model)
    qtbot.addWidget(tree)
    model.set_result(grouped)
    qtmodeltester.check(tree.flat)
    assert flat_rows(tree) == tree_rows(model)
    row = tree.flat.from_source(model.index(1, GroupColumn.SIZE, model.index(2, 0)))
    assert row.data() == model.index(1, GroupColumn.SIZE, model.index(2, 0)).data()
    assert tree.flat.source(row) == model.index(1, GroupColumn.SIZE, model.index(2, 0))


def test_a_click_on_a_header_sorts_the_groups_and_keeps_the_file_selected(qtbot, grouped) -> None:  # type: ignore[no-untyped-def]
    model = GroupsModel()
    tree = GroupsTree(model)
    qtbot.addWidget(tree)
    tree.show()
    model.set_result(grouped)
    tree.setCurrentIndex(model.index(1, 0, model.index(3, 0)))
    chosen = tree.current_item()
    for column, order in ((GroupColumn.NAME, ASCENDING), (GroupColumn.SIMILARITY, DESCENDING)):
        tree.header().setSortIndicator(column, order)
        assert flat_rows(tree) == tree_rows(model)
        assert tree.current_item() is chosen
        assert tree.selected_items() == [chosen]
        if column == GroupColumn.NAME:  # by how many files
            counts = [len(model.members(g)) for g in range(model.rowCount())]
            assert counts == sorted(counts) and counts[0] < counts[-1]


def test_a_box_ticked_in_the_list_marks_the_file(qtbot, grouped) -> None:  # type: ignore[no-untyped-def]
    model = GroupsModel()
    tree = GroupsTree(model)
    qtbot.addWidget(tree)
    model.set_result(grouped)
    member = tree.flat.from_source(model.index(1, 0, model.index(0, 0)))
    assert tree.flat.setData(member, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert model.marked() == [model.members(0)[1]]
    assert member.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked


@pytest.mark.parametrize("text", ["a/", "笔记", "readme", "nothing-like-it", ""])
def test_groups_pass_a_filter_in_bulk_as_file_by_file(qtbot, grouped, text: str) -> None:  # type: ignore[no-untyped-def]
    chosen = FileFilter()
    qtbot.addWidget(chosen)
    groups = [list(g.members) for g in grouped.groups]
    for fmt in (None, "html", "text"):
        chosen.text_field.setText(text)
        chosen.format_box.setCurrentIndex(chosen.format_box.findData(fmt))
        bulk = chosen.groups_passing(groups)
        assert list(bulk) == [any(chosen.accepts(m) for m in members) for members in groups]
    model = GroupsModel()
    model.set_result(grouped)
    chosen.format_box.setCurrentIndex(0)
    model.set_filter(chosen.accepts, chosen.groups_passing)
    bulk_rows = tree_rows(model)
    model.set_filter(chosen.accepts)
    assert tree_rows(model) == bulk_rows


def test_marks_by_a_rule_are_those_of_the_rule_file_by_file(qtbot, window, grouped) -> None:  # type: ignore[no-untyped-def]
    page = window.groups
    page._on_grouped(grouped)
    for rule in (KeepRule.NEWEST, KeepRule.LARGEST, KeepRule.SHORTEST_PATH):
        page.mark_all_but_one(rule)
        marked = {m.path for m in page.marked()}
        for members in page.model.shown_groups():
            key = {
                KeepRule.NEWEST: lambda m: -m.mtime_ns,
                KeepRule.LARGEST: lambda m: -m.size,
                KeepRule.SHORTEST_PATH: lambda m: 0,
            }[rule]
            kept = min(members, key=lambda m: (key(m), len(str(m.path)), str(m.path)))
            assert {m.path for m in members} - marked == {kept.path}


def test_results_shown_are_left_out_of_the_collectors_full_passes(qtbot, window, grouped) -> None:  # type: ignore[no-untyped-def]
    gc.unfreeze()
    window.groups._on_grouped(grouped)
    assert gc.get_freeze_count() > 0
    gc.unfreeze()


def test_the_flat_rows_find_their_group_by_bisection(qtbot, grouped) -> None:  # type: ignore[no-untyped-def]
    model = GroupsModel()
    tree = GroupsTree(model)
    qtbot.addWidget(tree)
    model.set_result(grouped)
    starts = np.cumsum([0] + [len(model.members(g)) + 1 for g in range(model.rowCount())])
    for row in range(int(starts[-1])):
        group = int(np.searchsorted(starts, row, side="right")) - 1
        assert tree.flat.locate(row) == (group, row - int(starts[group]) - 1)
    assert tree.flat.source(QModelIndex()) == QModelIndex()


def test_files_read_aside_for_the_filter_pass_as_read_at_the_keystroke(
    qtbot, grouped, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(file_filter, "READ_ASIDE_FROM", 0)
    groups = [list(g.members) for g in grouped.groups]
    aside, at_once = FileFilter(), FileFilter()
    qtbot.addWidget(aside)
    qtbot.addWidget(at_once)
    aside.read_aside(groups)
    assert aside._reading is not None
    for chosen in (aside, at_once):
        chosen.text_field.setText("a/")
    assert list(aside.groups_passing(groups)) == list(at_once.groups_passing(groups))
    assert aside._reading is None


def test_sort_keys_worked_out_aside_sort_as_worked_out_at_the_click(
    qtbot, grouped, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(groups_model, "SORT_KEYS_ASIDE_FROM", 0)
    aside, at_click = GroupsModel(), GroupsModel()
    for model in (aside, at_click):
        model.set_result(grouped)
    aside.sort_keys_aside()
    assert aside._keys_aside is not None
    for column in (GroupColumn.SIMILARITY, GroupColumn.NAME, GroupColumn.SIZE):
        for order in (DESCENDING, ASCENDING):
            aside.sort(column, order)
            at_click.sort(column, order)
            assert tree_rows(aside) == tree_rows(at_click)
    assert aside._keys_aside is None

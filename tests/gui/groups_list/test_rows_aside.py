"""A large result's groups made ready, sorted and marked off the GUI thread: the same rows,
order and marks as Python works them out, stale answers dropped, and a sign while it works."""

from __future__ import annotations

import random
import sysconfig
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.scan.options import ScanOptions
from simfind.gui.groups_list import rule_marks
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.groups_list.shown_groups import places_in, sorted_order
from simfind.gui.pages.groups import page as groups_page
from simfind.gui.pages.lines import page as lines_page
from simfind.gui.pages.lines import record_preview
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.widgets import threshold
from tests.gui.pages.groups.test_groups_window import english, search, tree
from tests.gui.pages.lines.test_records_view import find, quotes
from tests.gui.waiting import ended

__all__ = ["english", "quotes", "tree"]  # fixtures


@pytest.fixture(autouse=True)
def always_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every result, histogram and marking goes to the pool thread, however small."""
    monkeypatch.setattr(groups_page, "SHOW_ASIDE_FROM", 0)
    monkeypatch.setattr(lines_page, "SHOW_ASIDE_FROM", 0)
    monkeypatch.setattr(threshold, "COUNT_ASIDE_FROM", 0)
    monkeypatch.setattr(rule_marks, "MARK_ASIDE_FROM", 0)


@pytest.fixture(scope="module")
def families(tmp_path_factory: pytest.TempPathFactory) -> GroupsResult:
    """Groups of two to four near copies of standard-library modules (every 20th line
    edited in each copy), of many sizes: groups that tie on some columns and not others."""
    folder = tmp_path_factory.mktemp("families")
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    sources = [p for p in sorted(stdlib.glob("*.py")) if 3_000 <= p.stat().st_size <= 30_000]
    for number, source in enumerate(sources[:36]):
        lines = source.read_text(encoding="utf-8").splitlines()
        for copy in range(2 + number % 3):
            edited = list(lines)
            for at in range(copy, len(edited), 20):
                edited[at] = f"# copy {copy} of {number} at {at}" if copy else edited[at]
            (folder / f"c{copy}").mkdir(exist_ok=True)
            (folder / f"c{copy}" / source.name).write_text("\n".join(edited), encoding="utf-8")
    result = find_groups(folder, ScanOptions())
    assert len(result.groups) >= 30
    return result


def lowest(members: list) -> float:  # type: ignore[type-arg]
    return min(m.similarity for m in members if m.similarity is not None)


# Each column's order of the groups, worked out here: (column, its key of a group).
KEYS = {
    GroupColumn.NAME: len,
    GroupColumn.SIMILARITY: lowest,
    GroupColumn.SIZE: lambda members: sum(m.size for m in members) - max(m.size for m in members),
}


def rows(window: MainWindow) -> list[list[Path]]:
    model = window.groups.model
    return [[m.path for m in model.members(row)] for row in range(model.group_count())]


def expected(result: GroupsResult, column: GroupColumn, order: Qt.SortOrder) -> list[list[Path]]:
    """Python's stable sort of the result's groups (ties in the result's order either way)."""
    ordered = sorted(
        result.groups,
        key=lambda g: KEYS[column](g.members),
        reverse=order == Qt.SortOrder.DescendingOrder,
    )
    return [[m.path for m in g.members] for g in ordered]


def test_the_order_numpy_gives_is_pythons_sorted() -> None:
    rng = random.Random(32)
    for values in (
        [rng.randrange(5) for _ in range(500)],  # many ties
        [rng.random() for _ in range(500)],
        [round(rng.random(), 1) for _ in range(500)],
        [float(rng.randrange(3)) for _ in range(200)] + [-0.0, 0.0],
        ["b", "a", "b", "c"],  # not numbers: Python sorts them
        [],
    ):
        for descending in (False, True):
            wanted = sorted(range(len(values)), key=values.__getitem__, reverse=descending)
            assert sorted_order(values, descending) == wanted


def test_each_group_is_found_among_those_given_by_its_very_items() -> None:
    rng = random.Random(32)
    items = [object() for _ in range(400)]
    given = [items[at : at + rng.randrange(2, 6)] for at in range(0, 380, 6)]
    for case in range(40):
        groups = [list(g) for g in given]
        rng.shuffle(groups)
        groups.append(items[390:393])  # not given
        if case % 4 == 1:
            groups[0] = groups[0][:-1]  # one item fewer
        if case % 4 == 2:
            groups[1] = [groups[1][0], object(), *groups[1][2:]]  # an item not the same
        if case % 4 == 3:
            groups[2] = [groups[2][0], *reversed(groups[2][1:])]  # another order
        by_items = {tuple(map(id, g)): at for at, g in enumerate(given)}
        wanted = [by_items.get(tuple(map(id, g)), -1) for g in groups]
        assert places_in(given, groups) == wanted
        if case % 4 == 3:  # the same first item in two groups given: still exact
            twice = [*given, [given[0][0], object()]]
            wanted = [
                {tuple(map(id, g)): at for at, g in enumerate(twice)}.get(tuple(map(id, g)), -1)
                for g in groups
            ]
            assert places_in(twice, groups) == wanted
    assert places_in([], [[items[0]]]) == [-1] and places_in(given, []) == []


def test_a_result_shown_aside_has_the_rows_and_order_python_gives(
    qtbot, window: MainWindow, families: GroupsResult
) -> None:  # type: ignore[no-untyped-def]
    page = window.groups
    with qtbot.waitSignal(page.showing.running_changed, check_params_cb=ended, timeout=10_000):
        page._on_grouped(families)
        assert page.showing.running and page.model.group_count() == 0  # not yet: on its way
    # The page sorts by the space freed, largest first, as it always has.
    assert rows(window) == expected(families, GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    # Each pair's similarity counted in its 5 % bin, as counted here one by one.
    found = families.compared_pairs
    assert found is not None
    counts = [0] * 20
    for similarity in found.verified.similarities().tolist():
        counts[min(int(similarity * 20), 19)] += 1
    qtbot.waitUntil(lambda: page.threshold.histogram.counts == counts, timeout=10_000)
    # A file selected stays selected through every sort, and every order is Python's.
    chosen = page.model.members(7)[1]
    page.tree.setCurrentIndex(page.model.index(1, 0, page.model.index(7, 0)))
    moved = set()
    for column in KEYS:
        for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            page.tree.header().setSortIndicator(column, order)
            assert rows(window) == expected(families, column, order), (column, order)
            assert page.tree.current_item() is chosen
            moved.add(page.tree.selectionModel().currentIndex().row())
    assert len(moved) >= 3  # the sorts did move it
    # With a file hidden (moved away) and a filter typed, the same holds for what is left.
    gone = page.model.members(0)[0].path
    page.files_moved({gone})
    page.file_filter.text_field.setText("c1")
    page.tree.header().setSortIndicator(GroupColumn.SIMILARITY, Qt.SortOrder.AscendingOrder)
    left = replace(
        families,
        groups=[
            replace(g, members=[m for m in g.members if m.path != gone])
            for g in families.groups
            if any("c1" in str(m.rel) for m in g.members)
        ],
    )
    left.groups[:] = [g for g in left.groups if len(g.members) >= 2]
    assert rows(window) == expected(left, GroupColumn.SIMILARITY, Qt.SortOrder.AscendingOrder)


def test_only_the_latest_result_is_shown(qtbot, window: MainWindow, families: GroupsResult) -> None:  # type: ignore[no-untyped-def]
    page = window.groups
    fewer = replace(families, groups=families.groups[:5])
    with qtbot.waitSignal(page.showing.running_changed, check_params_cb=ended, timeout=10_000):
        page._on_grouped(families)
        page._on_grouped(fewer)  # asked for before the first answer came: the first is dropped
    assert rows(window) == expected(fewer, GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    # A result whose groups were replaced before its answer came (a new search) is not shown.
    with qtbot.waitSignal(page.showing.running_changed, check_params_cb=ended, timeout=10_000):
        page._on_grouped(families)
        page.model.set_result(None)
    assert rows(window) == []


def test_marking_all_but_one_shows_it_is_at_work(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [tree["work"]])
    page = window.groups
    viewport = page.tree.viewport()
    assert page.rules_button.isEnabled() and page.bar.label.text() == "No file marked"
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        # While the pool thread works: the bar says so and moves, the rules wait, a busy pointer.
        assert page.marker.running
        assert page.bar.label.text() == "Marking files…"
        assert page.bar.busy_bar.isVisibleTo(page.bar)
        assert not page.rules_button.isEnabled()
        assert viewport.cursor().shape() == Qt.CursorShape.BusyCursor
    marked = sum(len(members) - 1 for members in page.model.shown_groups())
    assert page.bar.label.text().startswith(f"{marked} files marked")
    assert not page.bar.busy_bar.isVisibleTo(page.bar)
    assert page.rules_button.isEnabled()
    assert viewport.cursor().shape() == Qt.CursorShape.ArrowCursor


def test_repeated_lines_marked_aside_are_those_each_group_keeps_but_its_first(
    qtbot, window: MainWindow, quotes: Path
) -> None:  # type: ignore[no-untyped-def]
    find(window, qtbot, quotes)
    view = window.lines
    qtbot.waitUntil(lambda: not view.showing.running, timeout=10_000)
    result = view.result
    assert result is not None
    # Each group keeps its first line in the file; every other line of it is marked.
    wanted = []
    for group in result.groups:
        records = [m.record for m in group.members]
        first = min(records, key=lambda r: (result.records[r].file, result.records[r].line))
        wanted += [r for r in records if r != first]
    with qtbot.waitSignal(view.marker.running_changed, check_params_cb=ended, timeout=10_000):
        view.mark_repeats()
        assert view.marker.running and not view.mark_button.isEnabled()
        assert view.marked_label.text() == "Marking repeated lines…"
        assert view.tree.viewport().cursor().shape() == Qt.CursorShape.BusyCursor
    assert sorted(m.record for m in view.model.marked()) == sorted(wanted)
    assert view.marked_label.text() == f"{len(wanted)} lines marked"
    assert view.mark_button.isEnabled()
    # Unmark All before the answer: it stays unmarked.
    view.unmark_all()
    with qtbot.waitSignal(view.marker.running_changed, check_params_cb=ended, timeout=10_000):
        view.mark_repeats()
        view.unmark_all()
    assert view.model.marked() == []
    assert view.marked_label.text() == "No line marked"


def test_a_long_file_is_previewed_whole_in_pieces(
    qtbot, window: MainWindow, quotes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(record_preview, "PIECE", 16)  # the quotes in pieces of 16 characters
    find(window, qtbot, quotes)
    view = window.lines
    qtbot.waitUntil(lambda: view.model.group_count() > 0, timeout=10_000)
    text = quotes.read_text(encoding="utf-8")
    assert len(text) > 10 * record_preview.PIECE
    qtbot.waitUntil(lambda: view.preview.toPlainText() == text, timeout=10_000)
    # The last group's second record: the preview goes to its line.
    last = view.model.group_count() - 1
    view.tree.setCurrentIndex(view.model.index(1, 0, view.model.index(last, 0)))
    record = view.model.record_at(view.model.index(1, 0, view.model.index(last, 0)))
    assert record is not None
    qtbot.waitUntil(lambda: view.current_line() == record.line, timeout=10_000)
    assert view.preview.numbers[: text.count("\n") + 1] == list(range(1, text.count("\n") + 2))

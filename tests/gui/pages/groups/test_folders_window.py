"""The groups page's Folders view: the folders that are near-copies in the trees of real
texts, largest first, with the figures an independent count gives; a pair's files side
by side, in the palette's colours; a double-click on a file pair opens its diff."""

from __future__ import annotations

import filecmp
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from simfind.core.cleanup.moves import Action
from simfind.core.folders.pairing import Side
from simfind.gui.base import colours, i18n
from simfind.gui.diff.pair_window import PairWindow
from simfind.gui.pages.groups.folder_pairs import FileColumn, PairColumn
from simfind.gui.shell.main_window import MainWindow
from tests.core.folders.trees import NEAR, build_trees, count_shared, word_ratio
from tests.gui.cleanup.test_clean_up_window import confirm
from tests.gui.pages.groups.test_groups_window import search


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


#: The fixture that proves a folder was left as it was (tests/conftest.py).
Keeping = Callable[[Path], Callable[[], None]]


def files_below(folder: Path) -> dict[str, Path]:
    return {
        Path(root, name).relative_to(folder).as_posix(): Path(root, name)
        for root, _, names in os.walk(folder)
        for name in names
    }


def show_folders(qtbot: QtBot, window: MainWindow) -> None:
    view = window.groups.folders_view
    with qtbot.waitSignal(view.shown, timeout=60_000):
        qtbot.mouseClick(view.button, Qt.MouseButton.LeftButton)
    assert window.groups.views.currentWidget() is view


def test_the_folders_view_lists_each_copy_with_its_original(
    qtbot: QtBot, qtmodeltester: ModelTester, window: MainWindow, tmp_path: Path
) -> None:
    trees = build_trees(tmp_path / "side by side")
    search(qtbot, window, [tmp_path / "side by side"])
    show_folders(qtbot, window)
    view = window.groups.folders_view
    model = view.pairs_model
    tip = Qt.ItemDataRole.ToolTipRole
    shown = [
        (model.index(r, PairColumn.FIRST).data(tip), model.index(r, PairColumn.SECOND).data(tip))
        for r in range(model.rowCount())
    ]
    # Below the folder searched, by its name; the whole path in the tooltip.
    assert model.index(0, PairColumn.SECOND).data() == "side by side/project (copy)"
    assert {frozenset(p) for p in shown} == {
        frozenset((str(trees["project"]), str(trees["copy"]))),
        frozenset((str(trees["backup"]), str(trees["quotes"]))),
        frozenset((str(trees["backup"]), str(trees["copied quotes"]))),
    }
    assert shown[0] == (str(trees["project"]), str(trees["copy"]))  # the largest first
    for row in range(model.rowCount()):
        pair = model.pair_at(row)
        assert pair is not None
        expected = count_shared(pair.a, pair.b)
        assert model.index(row, PairColumn.SHARE).data() == f"{100 * expected.share:.1f} %"
        assert model.index(row, PairColumn.IDENTICAL).data() == str(expected.identical)
        assert model.index(row, PairColumn.NEAR).data() == str(expected.near)
        assert model.index(row, PairColumn.ONLY_A).data() == str(expected.only_a)
    # The first pair is selected: its files side by side, each side in its column.
    files = view.files_model
    rows = {
        files.index(r, FileColumn.FIRST).data() or files.index(r, FileColumn.SECOND).data(): r
        for r in range(files.rowCount())
    }
    near = rows["quotes/sayings.txt"]
    assert files.index(near, FileColumn.HOW).data().startswith("Near, ")
    palette = colours.current()
    background = Qt.ItemDataRole.BackgroundRole
    assert files.index(near, FileColumn.FIRST).data(background) == palette.changed
    gone = rows["reference/faq-ch03-choosing.txt"]
    assert files.index(gone, FileColumn.SECOND).data() == ""
    assert files.index(gone, FileColumn.FIRST).data(background) == palette.inserted
    assert files.index(gone, FileColumn.SECOND).data(background) == palette.gap
    assert files.file_at(rows["index.html"]).side is Side.IDENTICAL  # type: ignore[union-attr]
    qtmodeltester.check(model)
    qtmodeltester.check(files)
    # Selecting a pair of files shows their diff below, the first folder's on the left,
    # titled with the pair's own figure (as difflib's ratio on words has it).
    diff = window.groups.diff_view
    assert diff.title.text() == "Select a pair of files to see their diff."
    with qtbot.waitSignal(diff.shown, timeout=20_000):
        view.files.setCurrentIndex(files.index(near, FileColumn.HOW))
    first = trees["project"] / "quotes" / "sayings.txt"
    second = trees["copy"] / "quotes" / "sayings.txt"
    assert diff.left.toPlainText().split() == first.read_text(encoding="utf-8").split()
    assert diff.right.toPlainText().split() == second.read_text(encoding="utf-8").split()
    assert diff.match is not None and diff.match.similarity is not None
    assert abs(diff.match.similarity - word_ratio(first, second)) <= 0.02
    view.files.setCurrentIndex(files.index(gone, FileColumn.HOW))  # one side only: no diff
    assert diff.match is None
    # A double-click on a pair of files opens their diff.
    index = view.files.model().index(near, FileColumn.HOW)
    view.files.scrollTo(index)
    place = view.files.visualRect(index).center()
    qtbot.mouseClick(view.files.viewport(), Qt.MouseButton.LeftButton, pos=place)
    qtbot.mouseDClick(view.files.viewport(), Qt.MouseButton.LeftButton, pos=place)
    (opened,) = window.groups.pair_windows
    assert isinstance(opened, PairWindow)
    assert {opened.left, opened.right} == {
        trees["project"] / "quotes" / "sayings.txt",
        trees["copy"] / "quotes" / "sayings.txt",
    }
    opened.close()


def test_a_new_search_empties_the_view_and_versions_take_its_place(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    trees = build_trees(tmp_path / "trees")
    search(qtbot, window, [trees["unrelated"]])
    show_folders(qtbot, window)
    view = window.groups.folders_view
    assert view.pairs_model.rowCount() == 0
    assert view.summary.text() == "No folders are near-copies of each other."
    window.groups.action_versions.setChecked(True)
    assert not view.action.isChecked()
    assert window.groups.views.currentWidget() is window.groups.versions_view


def test_keeping_one_folder_moves_the_other_s_copies_with_the_clean_up_and_undo(
    qtbot: QtBot,
    window: MainWindow,
    tmp_path: Path,
    untouched: Callable[[Path], Callable[[], None]],
) -> None:
    trees = build_trees(tmp_path / "side by side")
    search(qtbot, window, [tmp_path / "side by side"])
    show_folders(qtbot, window)
    view = window.groups.folders_view
    assert view.files_model.pair is not None
    assert (view.files_model.pair.a, view.files_model.pair.b) == (trees["project"], trees["copy"])
    project_left = untouched(trees["project"])
    qtbot.mouseClick(view.keep_first, Qt.MouseButton.LeftButton)
    # The copy's files with an identical or near file at their place in the project
    # (filecmp, difflib), and no other.
    expected = {
        trees["copy"] / rel
        for rel, path in files_below(trees["copy"]).items()
        if (trees["project"] / rel).is_file()
        and (
            filecmp.cmp(path, trees["project"] / rel, shallow=False)
            or word_ratio(path, trees["project"] / rel) >= NEAR
        )
    }
    assert {m.path for m in window.marked()} == expected
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    asked = confirm(qtbot, window, answer=True)
    assert asked.heading.startswith(f"Move {len(expected)} files")
    assert not any(p.exists() for p in expected)
    project_left()
    # What only the copy had stays; the pair is gone from the view.
    assert (trees["copy"] / "manual" / "new-chapter.txt").is_file()
    assert (trees["copy"] / "notes" / "bicycle notes.txt").is_file()
    qtbot.waitUntil(lambda: view.found is not None, timeout=20_000)
    pairs = {frozenset((p.a, p.b)) for g in view.found.groups for p in g.pairs}  # type: ignore[union-attr]
    assert frozenset((trees["project"], trees["copy"])) not in pairs
    # Undo puts them back, and the pair with them.
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(window.move_bar.undo_button, Qt.MouseButton.LeftButton)
    assert all(p.is_file() for p in expected)
    qtbot.waitUntil(lambda: view.found is not None, timeout=20_000)
    pairs = {frozenset((p.a, p.b)) for g in view.found.groups for p in g.pairs}  # type: ignore[union-attr]
    assert frozenset((trees["project"], trees["copy"])) in pairs

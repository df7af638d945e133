"""The groups as versions through the window: the revision chains of tests/data/versions
(Word and PDF files saved by LibreOffice) as a tree, a step's diff, and the marking rule
that keeps the newest version of each chain."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem

from simfind.gui.base import i18n
from simfind.gui.shell.main_window import MainWindow
from tests.core.versions.test_versions import planted
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import scan_and_wait


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def below(item: QTreeWidgetItem) -> dict[str, object]:
    """The tree under an item, by file name: {name: {name below it: ...}}."""
    found: dict[str, object] = {}
    for index in range(item.childCount()):
        child = item.child(index)
        assert child is not None
        found[child.text(0)] = below(child)
    return found


def test_groups_shown_as_versions_with_a_steps_diff_and_the_newest_kept(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "docs"
    folder.mkdir()
    planted(folder)
    search(qtbot, window, [folder])
    page = window.groups
    assert page.views.currentWidget() is page.tree
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    assert page.action_versions.isChecked()
    assert page.views.currentWidget() is page.versions_view
    view = page.versions_view
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 2, timeout=30_000)
    tops = [view.tree.topLevelItem(i) for i in range(2)]
    groups = {item.text(0): item for item in tops if item is not None}
    bicycle = next(g for title, g in groups.items() if "6 version" in title)
    assert "1 chain" in next(iter(groups))
    # Oldest first, each under the version it was made from; v3 (saved first) before v2.
    assert below(bicycle) == {
        "bicycle notes.txt": {
            "bicycle notes_v3.txt": {
                "bicycle notes_v2.docx": {
                    "bicycle notes final.docx": {"bicycle notes final (1).pdf": {}}
                },
                "bicycle notes (club).txt": {},
            }
        }
    }
    items = {item.text(0): item for item in view._items()}
    newest = {name for name, item in items.items() if item.font(0).bold()}
    assert newest == {
        "bicycle notes final (1).pdf",
        "bicycle notes (club).txt",
        "备份管理 最终版.pdf",
    }
    assert items["bicycle notes (club).txt"].text(7) == "newest"
    assert items["bicycle notes final.docx"].text(7) == "same time, placed by name"
    # The step from the first draft to v3: one sentence of 15 words added.
    v3 = items["bicycle notes_v3.txt"]
    assert [v3.text(c) for c in (4, 5, 6)] == ["15", "0", "0"]

    # A version selected: its step's diff, the version it grew from on the left.
    v2 = items["bicycle notes_v2.docx"]
    view.tree.setCurrentItem(v2)
    diff = page.diff_view
    qtbot.waitUntil(lambda: diff.rendered is not None, timeout=20_000)
    assert diff.left_side is not None and diff.left_side.path.name == "bicycle notes_v3.txt"
    assert diff.right_side is not None and diff.right_side.path.name == "bicycle notes_v2.docx"
    assert "Earlier version" in diff.summary.left_header.text()
    assert f"similarity {v2.text(3)} %" in diff.title.text()
    assert "of the earlier version is in this file" in diff.passages_label.text()

    # Mark All but One → keep the newest version of each chain: the branch keeps both tips.
    page.action_keep_versions.trigger()
    qtbot.waitUntil(lambda: len(page.marked()) > 0, timeout=20_000)
    assert {m.path.name for m in page.marked()} == {
        "bicycle notes.txt",
        "bicycle notes_v3.txt",
        "bicycle notes_v2.docx",
        "bicycle notes final.docx",
        "备份管理_v2.docx",
    }

    # Back to the groups: the tree again, its diff to the centre.
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    assert page.views.currentWidget() is page.tree


def test_a_references_similar_files_shown_as_versions(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "docs"
    folder.mkdir()
    planted(folder)
    scan_and_wait(qtbot, window, folder / "备份管理.txt", folder)
    page = window.compare
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    assert page.views.currentWidget() is page.versions_view
    view = page.versions_view
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 1, timeout=30_000)
    top = view.tree.topLevelItem(0)
    assert top is not None and top.text(0) == "3 versions, 1 chain"  # its one group, unnumbered
    assert view.label.text().startswith("The reference and its similar files oldest first")
    # The authors' revision (its Word file), then the final PDF grown from it.
    assert below(top) == {"备份管理.txt": {"备份管理_v2.docx": {"备份管理 最终版.pdf": {}}}}
    final = next(i for i in view._items() if i.text(0) == "备份管理 最终版.pdf")
    view.tree.setCurrentItem(final)
    diff = page.diff_view
    qtbot.waitUntil(lambda: diff.rendered is not None, timeout=20_000)
    assert diff.left_side is not None and diff.left_side.path.name == "备份管理_v2.docx"
    assert "Earlier version" in diff.summary.left_header.text()
    # Back to the table: a row's diff is against the reference again.
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    page.table.selectRow(1)
    qtbot.waitUntil(lambda: "Reference" in diff.summary.left_header.text(), timeout=20_000)


def test_each_version_shows_its_folder_so_files_of_one_name_are_told_apart(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "project"
    inner = folder / "build.in" / "build.in"
    inner.mkdir(parents=True)
    text = " ".join(f"requirement{n} pinned to version {n}.{n}" for n in range(60))
    (folder / "build.in" / "build.in.txt").write_text(text, encoding="utf-8")
    (inner / "build.in.txt").write_text(text + " and one more line", encoding="utf-8")
    search(qtbot, window, [folder])
    page = window.groups
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    view = page.versions_view
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 1, timeout=30_000)
    assert view.tree.headerItem().text(1) == "Folder"
    rows = [(item.text(0), item.text(1)) for item in view._items()[1:]]
    sep = os.sep
    assert rows == [
        ("build.in.txt", f"build.in{sep}"),
        ("build.in.txt", f"build.in{sep}build.in{sep}"),
    ]
    assert view._items()[2].toolTip(1) == str(inner)


def test_a_versions_figure_says_what_the_shared_text_did_to_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """As a group's row does: "85.7 (90.0)", its tooltip saying what the second is
    (sayings of 《论语》 that share their labels; the figures difflib's)."""
    from simfind.gui.versions import view as versions_view
    from tests.core.versions.test_version_figures import later_edit

    folder, own, counted = later_edit(tmp_path)
    search(qtbot, window, [folder])
    page = window.groups
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    view = page.versions_view
    qtbot.waitUntil(lambda: "60.txt" in {i.text(0) for i in view._items()}, timeout=30_000)
    edit = next(i for i in view._items() if i.text(0) == "60.txt")
    text = edit.text(versions_view._SIMILARITY)
    figure, shared = text.removesuffix(")").split(" (")
    assert abs(float(figure) - 100 * own) <= 2 and abs(float(shared) - 100 * counted) <= 2
    tip = edit.toolTip(versions_view._SIMILARITY)
    assert f"Counting it, as the two files compared alone are, {shared} %" in tip
    first = next(i for i in view._items() if i.text(0) == "08.txt")
    assert first.text(versions_view._SIMILARITY) == ""  # the first of its chain

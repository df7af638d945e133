"""The groups mode through the window: search, groups, diff, sort, export, marking rules."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.core.runs.progress import Progress
from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import GroupColumn, reclaimable
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.texts import CODE, EN_DOCS, ZH_DOCS

DAY = 86_400


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    """English with its plural forms ("1 file", "2 files"), as the app starts it."""
    i18n.apply_language("en")


def write(path: Path, text: str, days: int, encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    os.utime(path, (days * DAY * 100, days * DAY * 100))
    return path


@pytest.fixture
def tree(tmp_path: Path) -> dict[str, Path]:
    """A folder with two groups of near-duplicates and a file alike to none, and an archive."""
    work, archive = tmp_path / "work", tmp_path / "archive"
    report = ZH_DOCS[0]
    files = {
        "report": write(work / "a" / "report.txt", report, 5),
        "report-longer": write(
            work / "b" / "longer-name" / "report.txt", report + "\n游客们很喜欢这里。", 2
        ),
        "report-newest": write(work / "c" / "r.txt", report.replace("清晨", "早上"), 9, "gbk"),
        "config": write(work / "code" / "config.py", CODE, 3),
        "config-old": write(
            work / "code" / "config_old.py", CODE.replace("cannot parse", "could not parse"), 1
        ),
        "alone": write(work / "notes" / "note.md", EN_DOCS[0], 4),
        "archived": write(archive / "config.py", CODE, 8),
    }
    files["work"], files["archive"] = work, archive
    return files


def search(qtbot, window: MainWindow, folders: list[Path], references: list[Path] = ()) -> None:  # type: ignore[no-untyped-def, assignment]
    """Switch to the groups mode with a click on its tab, list the folders, press Scan."""
    tabs = window.mode_tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(Mode.GROUPS).center())
    assert window.mode() is Mode.GROUPS
    entries = [(str(f), False) for f in folders] + [(str(r), True) for r in references]
    window.groups.folder_list.set_entries(entries)
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
        assert window.scans.running
    qtbot.waitUntil(lambda: window.groups.result is not None, timeout=10_000)


def group_paths(window: MainWindow) -> list[list[Path]]:
    model = window.groups.model
    return [[m.path for m in model.members(r)] for r in range(model.group_count())]


def test_groups_mode_end_to_end(
    qtbot, window: MainWindow, tree: dict[str, Path], tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    assert window.inputs.currentWidget() is window.compare.inputs
    search(qtbot, window, [tree["work"]])
    assert window.inputs.currentWidget() is window.groups.folder_list
    assert window.results.currentWidget() is window.groups
    groups = group_paths(window)
    assert sorted(map(sorted, groups)) == sorted(
        [
            sorted([tree["report"], tree["report-longer"], tree["report-newest"]]),
            sorted([tree["config"], tree["config-old"]]),
        ]
    )
    assert "2 groups of near-duplicates (5 files) among 6 scanned, 0 skipped" in (
        window.summary_label.text()
    )
    model = window.groups.model
    # Sorted by the space they could free, most first; each group's centre first.
    frees = [reclaimable(model.members(r)) for r in range(model.group_count())]
    assert frees == sorted(frees, reverse=True)
    window.groups.tree.sortByColumn(GroupColumn.NAME, Qt.SortOrder.DescendingOrder)
    assert [len(g) for g in group_paths(window)] == [3, 2]
    group = model.index(0, 0)
    assert model.data(group) == "Group 1: 3 files"
    centre = model.members(0)[0]
    assert centre.is_reference and centre.similarity == 1.0
    member = model.index(1, 0, group)
    similarity = model.data(model.index(1, GroupColumn.SIMILARITY, group))
    assert 60 <= float(similarity) < 100
    assert {model.data(model.index(r, GroupColumn.ENCODING, group)) for r in range(3)} >= {
        "gb18030"
    }

    # Selecting a file shows its diff with the centre of its group.
    diff = window.groups.diff_view
    with qtbot.waitSignal(
        diff.shown, check_params_cb=lambda _: diff.rendered is not None, timeout=20_000
    ):
        window.groups.tree.setCurrentIndex(member)
    assert diff.left_side is not None and diff.left_side.path == centre.path
    assert diff.right_side is not None and diff.right_side.path == model.item_at(member).path
    assert "Centre of the group" in diff.left_header.text()
    assert "shared passage" in diff.passages_label.text()
    assert "of the centre" in diff.passages_label.text()  # not "of the reference"
    assert f"similarity {similarity} %" in diff.title.text()
    window.groups.tree.setCurrentIndex(group)
    assert diff.match is None and "centre" in diff.title.text()

    # Export as shown, in both formats.
    out = tmp_path / "out"
    out.mkdir()
    assert window.groups.export_to(str(out / "groups.csv"))
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: window.tasks.pending == 0, timeout=20_000
    ):
        assert window.groups.export_to(str(out / "groups.json"))
    rows = list(csv.DictReader((out / "groups.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert [(r["Group"], r["Centre"]) for r in rows[:3]] == [
        ("1", "true"),
        ("1", "false"),
        ("1", "false"),
    ]
    assert {Path(r["Path"]) for r in rows} == {p for g in groups for p in g}
    nested = json.loads((out / "groups.json").read_text(encoding="utf-8"))["groups"]
    assert [g["files"] for g in nested] == [3, 2]
    assert nested[0]["members"][0]["path"] == str(centre.path)
    assert nested[1]["reclaimable"] == min(
        (tree["config"].stat().st_size, tree["config-old"].stat().st_size)
    )
    # Into a searched folder too: the user chose it (it was refused).
    inside = tree["work"] / "groups.csv"
    assert window.groups.export_to(str(inside))
    qtbot.waitUntil(inside.exists, timeout=10_000)


def test_each_marking_rule_through_the_window(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [tree["work"]])
    reports = {tree["report"], tree["report-longer"], tree["report-newest"]}
    configs = {tree["config"], tree["config-old"]}

    def kept_after(rule: KeepRule, folder: Path | None = None) -> set[Path]:
        window.groups.mark_all_but_one(rule, folder)
        marked = {m.path for m in window.marked()}
        return (reports | configs) - marked

    assert kept_after(KeepRule.NEWEST) == {tree["report-newest"], tree["config"]}
    assert kept_after(KeepRule.OLDEST) == {tree["report-longer"], tree["config-old"]}
    largest_config = max(configs, key=lambda p: p.stat().st_size)
    assert kept_after(KeepRule.LARGEST) == {tree["report-longer"], largest_config}
    assert kept_after(KeepRule.SHORTEST_PATH) == {tree["report-newest"], tree["config"]}
    # In a folder: groups without a file there are left unmarked.
    assert kept_after(KeepRule.IN_FOLDER, tree["work"] / "a") == {tree["report"]} | configs
    assert "left" in window.statusBar().currentMessage()
    assert (
        window.groups.bar.label.text()
        == "2 files marked, " + window.groups.bar.label.text().split(", ")[1]
    )
    # The menu's rule marks as the method does; Unmark All clears.
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    assert len(window.marked()) == 3
    window.action_unmark.trigger()
    assert window.marked() == []
    assert window.groups.bar.label.text() == "No file marked"


def test_reference_folders_are_compared_and_never_marked(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [tree["work"]], [tree["archive"]])
    model = window.groups.model
    archived = model.index_of(tree["archived"])
    assert archived.isValid()  # compared: in the configs' group
    group = [m.path for m in model.members(archived.parent().row())]
    assert set(group) == {tree["config"], tree["config-old"], tree["archived"]}
    assert not model.flags(archived) & Qt.ItemFlag.ItemIsUserCheckable
    assert model.data(archived, Qt.ItemDataRole.CheckStateRole) is None
    assert "never marked" in model.data(archived, Qt.ItemDataRole.ToolTipRole)
    # Whatever the rule, the archive's file is kept and both others marked.
    for rule in (KeepRule.NEWEST, KeepRule.OLDEST, KeepRule.LARGEST, KeepRule.SHORTEST_PATH):
        window.groups.mark_all_but_one(rule)
        marked = {m.path for m in window.marked()}
        assert tree["archived"] not in marked
        assert {tree["config"], tree["config-old"]} <= marked
    window.groups.mark_all_but_one(KeepRule.IN_FOLDER, tree["archive"])
    assert tree["archived"] not in {m.path for m in window.marked()}
    model.set_marked({tree["archived"], tree["config"]})
    assert [m.path for m in window.marked()] == [tree["config"]]
    # A click on its row's check box position does nothing either.
    assert not model.setData(archived, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)


def test_the_search_for_pairs_shows_its_progress(window: MainWindow, tmp_path: Path) -> None:
    window.status.started_groups([tmp_path])
    window.status.progressed(Progress(250, 1000, 0, 0, "", 12.0, stage="searching"))
    assert window.progress_label.text() == "Finding pairs of similar fingerprints…"
    assert window.progress_bar.text() == "25%"
    window.status.progressed(Progress(3, 40, 0, 0, "", 13.0, stage="verifying"))
    assert window.progress_label.text() == "Comparing files with similar fingerprints exactly…"


def test_the_groups_filter_shows_whole_groups_and_keeps_marks(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [tree["work"]])
    assert window.groups.model.group_count() == 2
    window.groups.rules_menu.actions()[0].trigger()  # mark all but one in each group
    marked = {m.path for m in window.marked()}
    assert len(marked) == 3
    page = window.groups
    page.file_filter.text_field.setText("CONFIG_old")  # case does not matter
    # Only the group with a file of that name, shown whole (its other file too).
    assert sorted(map(sorted, group_paths(window))) == [
        sorted([tree["config"], tree["config-old"]])
    ]
    assert {m.path for m in window.marked()} == marked  # marks in the group left out stay
    page.file_filter.text_field.setText("longer-name")  # a folder's name
    assert len(group_paths(window)) == 1 and tree["report"] in group_paths(window)[0]
    page.file_filter.text_field.setText("nothing like it")
    assert group_paths(window) == []
    assert window.groups.tree._placeholder == "No group has a file that matches the filter."
    page.file_filter.text_field.clear()
    page.file_filter.format_box.setCurrentIndex(page.file_filter.format_box.findData("docx"))
    assert group_paths(window) == []
    page.file_filter.format_box.setCurrentIndex(0)  # all formats
    assert len(group_paths(window)) == 2

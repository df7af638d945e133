"""The groups page fills in while the search compares files; a cancel keeps what it shows."""

from __future__ import annotations

import sysconfig
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt, QTimer

from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.scan.options import ScanOptions
from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import FileColumns, GroupColumn, reclaimable
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture(scope="module")
def pairs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Modules of Python's own library, each beside a copy with every 25th line edited: a
    group of two per module, enough comparisons that groups come while others go on."""
    folder = tmp_path_factory.mktemp("stdlib pairs")
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    # A link may lead nowhere there (Debian's sitecustomize.py, into /etc).
    sources = [
        p
        for p in sorted(stdlib.glob("*.py"))
        if p.is_file() and 4_000 <= p.stat().st_size <= 60_000
    ]
    for number, source in enumerate(sources):
        text = source.read_text(encoding="utf-8")
        lines = text.splitlines()
        for at in range(0, len(lines), 25):
            lines[at] = f"# edited {number} {at}"
        (folder / "a").mkdir(exist_ok=True)
        (folder / "b").mkdir(exist_ok=True)
        (folder / "a" / source.name).write_text(text, encoding="utf-8")
        (folder / "b" / source.name).write_text("\n".join(lines), encoding="utf-8")
    return folder


def paths(model: GroupsModel) -> list[list[Path]]:
    return [[m.path for m in model.members(row)] for row in range(model.group_count())]


def start(qtbot, window: MainWindow, folder: Path) -> None:  # type: ignore[no-untyped-def]
    tabs = window.mode_tabs
    qtbot.mouseClick(tabs, Qt.MouseButton.LeftButton, pos=tabs.tabRect(Mode.GROUPS).center())
    window.options_panel.cache_box.setChecked(False)
    window.groups.folder_list.set_entries([(str(folder), False)])
    qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
    assert window.scans.running


def search_watching(
    qtbot, window: MainWindow, pairs: Path, watch: Callable[[], None]
) -> GroupsResult:  # type: ignore[no-untyped-def]
    """Search the folder for groups, ``watch`` called at each change of the list's layout
    (groups coming in); the search's result."""
    page, model = window.groups, window.groups.model
    model.layoutChanged.connect(watch)
    with qtbot.waitSignal(page.finished, timeout=120_000):
        start(qtbot, window, pairs)
    qtbot.waitUntil(lambda: page.result is not None, timeout=10_000)
    model.layoutChanged.disconnect(watch)
    assert page.result is not None
    return page.result


def test_groups_appear_while_the_search_compares_and_end_as_a_whole_search_gives_them(
    qtbot, window: MainWindow, pairs: Path
) -> None:  # type: ignore[no-untyped-def]
    page, model = window.groups, window.groups.model
    # (groups shown, the search still running, what the window says of it)
    during: list[tuple[int, bool, str]] = []
    picked: list[Path] = []

    said: list[tuple[bool, str]] = []  # what the window said once the first came in

    def pick() -> None:  # the user selects a file of the first group and marks it
        said.append((page.result is None, window.summary_label.text()))
        item = model.index(1, 0, model.index(0, 0))
        page.tree.setCurrentIndex(item)
        model.setData(item, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
        picked.append(model.item_at(item).path)

    def inserted() -> None:
        if model.group_count() == (during[-1][0] if during else 0):
            return  # no group came
        running = window.scans.running and page.result is None
        during.append((model.group_count(), running, window.summary_label.text()))
        if len(during) == 1:
            QTimer.singleShot(0, pick)  # once the groups that came are in

    result = search_watching(qtbot, window, pairs, inserted)
    assert not result.cancelled
    # Groups came while the search ran, not all at its end, and the window said so. (Those
    # that came while the window showed the last go in with the result.)
    assert during and during[0][1] and during[0][0] < len(result.groups) >= 100
    assert said and said[0][0]
    assert "of near-duplicates so far" in said[0][1] and "still comparing" in said[0][1]
    # At the end: the groups of the result, in the order the view sorts them, as a model
    # given the whole result at once shows them; the selection and the mark stayed.
    fresh = GroupsModel()
    fresh.sort(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    fresh.set_result(result)
    assert paths(model) == paths(fresh)
    assert page.tree.current_item().path == picked[0]
    assert [m.path for m in model.marked()] == picked
    assert "so far" not in window.summary_label.text()
    files = sum(len(g.members) for g in result.groups)
    assert f"{len(result.groups)} groups of near-duplicates ({files} files)" in (
        window.summary_label.text()
    )


def test_a_cancel_keeps_the_groups_shown_and_says_the_list_is_partial(
    qtbot, window: MainWindow, pairs: Path
) -> None:  # type: ignore[no-untyped-def]
    page, model = window.groups, window.groups.model
    shown: list[list[list[Path]]] = []

    def inserted() -> None:
        if page.result is not None:
            return  # the search's end
        if not shown:  # Cancel, as soon as the first groups show
            window.cancel_scan()
        shown.append(paths(model))

    result = search_watching(qtbot, window, pairs, inserted)
    assert result.cancelled and shown
    kept = paths(model)
    # Every group shown before the search stopped is still there, as it was.
    assert all(group in kept for group in shown[-1]) and len(kept) < 100
    assert sorted(map(tuple, kept)) == sorted(
        tuple(m.path for m in g.members) for g in result.groups
    )
    assert "Cancelled, the list is partial" in window.summary_label.text()


def test_groups_appended_take_their_sorted_place_and_indexes_follow_them(
    qtmodeltester, pairs: Path
) -> None:  # type: ignore[no-untyped-def]
    result = find_groups(pairs, ScanOptions())
    model = GroupsModel()
    model.sort(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    model.set_groups([], FileColumns(result))
    groups = [g.members for g in result.groups]
    # Found in another order than the one shown: the middle ones first, then the rest.
    middle = len(groups) // 2
    model.append_groups(groups[middle : middle + 3])
    held = QPersistentModelIndex(model.index(1, 0, model.index(2, 0)))
    item = model.item_at(held)
    model.append_groups(groups[: middle + 2 : -1] + groups[:middle])
    qtmodeltester.check(model)
    # An item's index still names it, though groups came before its own.
    assert held.isValid() and model.item_at(held) is item
    frees = [reclaimable(model.members(row)) for row in range(model.group_count())]
    assert frees == sorted(frees, reverse=True) and model.group_count() == len(groups)
    assert model.put_in_order(groups)
    fresh = GroupsModel()
    fresh.sort(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
    fresh.set_result(result)
    assert paths(model) == paths(fresh) and model.item_at(held) is item
    # A list without a group given before is refused, and nothing changes.
    assert not model.put_in_order(groups[1:]) and paths(model) == paths(fresh)

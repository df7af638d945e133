"""Not Duplicates and the Ignore List dialog, through a real window offscreen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt

from simfind.core.ignore.pairs import IgnoredPair, Side
from simfind.core.ignore.store import FILE_NAME, IgnoreStore
from simfind.gui.base import colours, i18n
from simfind.gui.ignore.dialog import IgnoreListDialog
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.cli.test_cli_ignore import notes
from tests.gui.pages.groups.test_groups_window import group_paths, search
from tests.gui.shell.test_main_window import scan_and_wait

__all__ = ["notes"]  # the fixture: a draft, two edits of it, a stranger


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def names(groups: list[list[Path]]) -> list[set[str]]:
    return [{p.name for p in group} for group in groups]


def select_group_row(window: MainWindow, row: int) -> None:
    tree = window.groups.tree
    index = tree.flat.from_source(window.groups.model.index(row, 0))
    flags = (
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
    )
    tree.selectionModel().select(index, flags)


def test_not_duplicates_takes_a_file_out_of_its_group_and_a_rescan_keeps_it_out(
    qtbot, window: MainWindow, notes: Path
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [notes])
    assert names(group_paths(window)) == [{"draft.txt", "edit.txt", "other edit.txt"}]
    assert window.groups.tree.select_item(notes / "edit.txt")
    assert window.action_not_duplicates.isVisible() and window.action_not_duplicates.isEnabled()
    window.action_not_duplicates.trigger()
    assert names(group_paths(window)) == [{"draft.txt", "other edit.txt"}]  # at once
    # Scanned again at once, before the list is written: still out.
    search(qtbot, window, [notes])
    assert names(group_paths(window)) == [{"draft.txt", "other edit.txt"}]
    qtbot.waitUntil(lambda: len(IgnoreStore().entries()) == 2, timeout=10_000)
    search(qtbot, window, [notes])
    assert names(group_paths(window)) == [{"draft.txt", "other edit.txt"}]
    # Grouped again at another threshold: still out.
    with qtbot.waitSignal(window.groups.result_changed, timeout=20_000):
        window.groups.threshold.box.setValue(60)  # as a user types it
    assert names(group_paths(window)) == [{"draft.txt", "other edit.txt"}]


def test_not_duplicates_on_a_group_parts_all_its_files(
    qtbot, window: MainWindow, notes: Path
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [notes])
    select_group_row(window, 0)
    window.action_not_duplicates.trigger()
    assert group_paths(window) == []
    qtbot.waitUntil(lambda: len(IgnoreStore().entries()) == 3, timeout=10_000)
    search(qtbot, window, [notes])
    assert group_paths(window) == []


def test_not_duplicates_in_compare_leaves_a_file_out_and_the_toggle_shows_it_dimmed(
    qtbot, window: MainWindow, notes: Path
) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, notes / "draft.txt", notes)
    compare, model = window.compare, window.compare.model

    def shown() -> set[str]:
        return {model.match_at(r).path.name for r in range(model.rowCount())}

    assert "edit.txt" in shown() and not compare.ignored_toggle.isEnabled()
    row = model.row_of(
        next(
            model.match_at(r)
            for r in range(model.rowCount())
            if model.match_at(r).path.name == "edit.txt"
        )
    )
    compare.table.selectRow(row)
    window.action_not_duplicates.trigger()
    assert "edit.txt" not in shown()
    assert compare.ignored_toggle.text() == "Show Ignored (1)"
    compare.ignored_toggle.setChecked(True)
    assert "edit.txt" in shown()
    at = next(r for r in range(model.rowCount()) if model.match_at(r).path.name == "edit.txt")
    colour = model.index(at, Column.NAME).data(Qt.ItemDataRole.ForegroundRole).color()
    # Greyed: the palette's dimmed text, fainter than its text and still readable.
    chosen = colours.current()
    assert colour == chosen.dimmed
    assert 4.5 <= colours.contrast(colour, chosen.base) < colours.contrast(chosen.text, chosen.base)
    compare.ignored_toggle.setChecked(False)
    qtbot.waitUntil(lambda: len(IgnoreStore().entries()) == 1, timeout=10_000)
    scan_and_wait(qtbot, window, notes / "draft.txt", notes)
    assert "edit.txt" not in shown() and "other edit.txt" in shown()


def test_the_dialog_lists_searches_and_removes_entries(
    qtbot, window: MainWindow, notes: Path
) -> None:  # type: ignore[no-untyped-def]
    store = IgnoreStore()
    a, b, c = (Side(bytes([k]) * 16, notes / name) for k, name in enumerate("abc"))
    stored = store.add([IgnoredPair.of(a, b), IgnoredPair.of(b, c)])
    dialog = window.show_ignore_list()
    assert isinstance(dialog, IgnoreListDialog)
    qtbot.waitUntil(lambda: dialog.shown.rowCount() == 2, timeout=10_000)
    assert dialog.count.text() == "2 pairs"
    assert dialog.entries.item(0, 3).text() == "00000000 01010101"
    dialog.search.setText(str(notes / "c"))
    assert dialog.shown_ids() == [stored[1].id]
    assert dialog.count.text() == "1 of 2 pairs"
    dialog.table.selectRow(0)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(dialog._loaded) == 1, timeout=10_000)
    assert [e.id for e in store.entries()] == [stored[0].id]
    dialog.search.clear()
    assert dialog.shown_ids() == [stored[0].id]
    # Sorted by any column: by the second file.
    dialog.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)
    dialog.close()


def test_a_damaged_list_is_said_once_and_set_aside(
    qtbot, window: MainWindow, private_data: Path
) -> None:  # type: ignore[no-untyped-def]
    (private_data / FILE_NAME).write_bytes(b"\x00garbage" * 100)
    dialog = window.show_ignore_list()
    qtbot.waitUntil(lambda: "damaged" in window.statusBar().currentMessage(), timeout=10_000)
    assert dialog.shown.rowCount() == 0
    assert len(list(private_data.glob(f"{FILE_NAME}.damaged-*"))) == 1
    dialog.close()

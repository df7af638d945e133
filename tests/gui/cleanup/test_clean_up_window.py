"""Marking and moving files through the window: confirmation, trash, folder, undo, log."""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QStyle, QStyleOptionViewItem

from simfind.core.base.paths import human_size
from simfind.core.cleanup.journal import default_journal_path
from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.cleanup.move_dialogs import ConfirmMoveDialog
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import scan_and_wait
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture
def copies(tmp_path: Path) -> Path:
    """Three copies of a note (one edited), two of a script, a file alike to none."""
    folder = tmp_path / "资料"
    (folder / "old").mkdir(parents=True)
    (folder / "笔记.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "笔记 copy.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "old" / "笔记.txt").write_text(ZH_DOCS[0].replace("清晨", "早上"), encoding="utf-8")
    (folder / "tool.py").write_text(CODE, encoding="utf-8")
    (folder / "old" / "tool.py").write_text(CODE, encoding="utf-8")
    (folder / "readme.md").write_text(EN_DOCS[1], encoding="utf-8")
    return folder


@dataclass
class Asked:
    """What the confirmation showed."""

    heading: str
    where: str
    files: list[str]
    warning: str | None
    changed_box: bool  # the box to move changed files too was there
    keep_folders: bool | None = None  # the box to keep folders, as offered (None: not there)


def confirm(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    answer: bool,
    tick_changed: bool = False,
    keep_folders: bool | None = None,
) -> Asked:
    """Answer the confirmation as a user would: a click on Move, or on Cancel (and a click on
    the box to keep folders where it is not as ``keep_folders`` asks)."""
    qtbot.waitUntil(lambda: window.clean_up.dialog is not None, timeout=20_000)
    dialog: ConfirmMoveDialog | None = window.clean_up.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.cancel_button.isDefault()
    if tick_changed:
        box = dialog.include_changed
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))
        assert box.isChecked()
    keep = dialog.keep_folders
    offered = keep.isChecked() if keep.isVisibleTo(dialog) else None
    if keep_folders is not None and keep.isChecked() != keep_folders:
        qtbot.mouseClick(keep, Qt.MouseButton.LeftButton, pos=QPoint(6, keep.height() // 2))
        assert keep.isChecked() is keep_folders
    items = (dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount()))
    asked = Asked(
        dialog.heading.text(),
        dialog.where.text() if dialog.where.isVisibleTo(dialog) else "",
        [item.text(0) for item in items if item is not None],
        dialog.warning.text() if dialog.warning.isVisibleTo(dialog) else None,
        dialog.include_changed.isVisibleTo(dialog),
        offered,
    )
    button = dialog.move_button if answer else dialog.cancel_button
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return asked


def shown_paths(window: MainWindow) -> set[Path]:
    model = window.groups.model
    return {m.path for r in range(model.group_count()) for m in model.members(r)}


def test_trash_goes_to_a_real_freedesktop_trash_and_the_rows_leave(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, freedesktop_trash: Path
) -> None:
    search(qtbot, window, [copies])
    assert window.groups.model.group_count() == 2
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    marked = [m.path for m in window.marked()]
    assert len(marked) == 3
    size = sum(p.stat().st_size for p in marked)
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=True)
    assert sorted(asked.files) == sorted(str(p) for p in marked)
    assert asked.heading == f"Move 3 files ({human_size(size)}) to the Trash?"

    assert not any(p.exists() for p in marked)
    trashed = sorted((freedesktop_trash / "files").iterdir())
    assert len(trashed) == 3
    infos = [p.read_text(encoding="utf-8") for p in (freedesktop_trash / "info").iterdir()]
    origins = {unquote(i.split("Path=")[1].splitlines()[0]) for i in infos}
    assert origins == {str(p) for p in marked}
    # The rows leave the view: each group is down to one file, so the groups go too.
    assert window.groups.model.group_count() == 0
    assert window.marked() == []
    text = window.move_bar.message.text()
    assert window.move_bar.isVisible() and "Moved 3 files" in text and "to the Trash" in text
    assert str(default_journal_path()) in text
    assert window.move_bar.log_button.isVisible() and not window.move_bar.undo_button.isVisible()
    # The lines tab moves no files: the bar is not its own, and comes back with the groups.
    window.set_mode(Mode.RECORDS)
    assert not window.move_bar.isVisible()
    window.set_mode(Mode.GROUPS)
    assert window.move_bar.isVisible()
    rows = list(csv.DictReader(default_journal_path().read_text(encoding="utf-8-sig").splitlines()))
    assert [(r["action"], r["outcome"]) for r in rows] == [("trash", "done")] * 3
    assert sum(int(r["size"]) for r in rows) == size
    assert not window.action_undo_move.isEnabled()


def test_move_to_a_folder_and_undo(qtbot, window: MainWindow, copies: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [copies])
    before = shown_paths(window)
    window.groups.model.set_marked({copies / "笔记 copy.txt", copies / "old" / "tool.py"})
    aside = tmp_path / "aside"
    aside.mkdir()
    (aside / "tool.py").write_text("a file already there", encoding="utf-8")
    assert window.move_marked(Action.MOVE, aside)
    # Files from two folders keep them unless the box is unticked, as it is here.
    asked = confirm(qtbot, window, answer=True, keep_folders=False)
    assert asked.keep_folders is True
    assert asked.where == str(aside) and asked.heading.startswith("Move 2 files")
    assert not (copies / "笔记 copy.txt").exists() and not (copies / "old" / "tool.py").exists()
    assert (aside / "笔记 copy.txt").read_text(encoding="utf-8") == ZH_DOCS[0]
    assert (aside / "tool (2).py").read_text(encoding="utf-8") == CODE  # never over a file
    assert (aside / "tool.py").read_text(encoding="utf-8") == "a file already there"
    # The moved files leave; the script's group, down to one file, leaves with them.
    assert shown_paths(window) == {copies / "笔记.txt", copies / "old" / "笔记.txt"}
    assert window.move_bar.undo_button.isVisible()
    assert window.action_undo_move.isEnabled()

    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(window.move_bar.undo_button, Qt.MouseButton.LeftButton)
    assert (copies / "笔记 copy.txt").read_text(encoding="utf-8") == ZH_DOCS[0]
    assert (copies / "old" / "tool.py").read_text(encoding="utf-8") == CODE
    assert sorted(p.name for p in aside.iterdir()) == ["tool.py"]
    assert shown_paths(window) == before
    assert "Put 2 files back" in window.move_bar.message.text()
    assert not window.action_undo_move.isEnabled()
    rows = list(csv.DictReader(default_journal_path().read_text(encoding="utf-8-sig").splitlines()))
    assert [r["action"] for r in rows] == ["move", "move", "undo", "undo"]
    assert {r["destination"] for r in rows[:2]} == {
        str(aside / "笔记 copy.txt"),
        str(aside / "tool (2).py"),
    }


def test_after_a_move_the_status_bar_no_longer_counts_the_marked_files(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, tmp_path: Path
) -> None:
    search(qtbot, window, [copies])
    window.groups.mark_all_but_one(KeepRule.NEWEST)
    assert window.statusBar().currentMessage().startswith("Marked ")
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=True)
    assert any(aside.iterdir())
    assert window.statusBar().currentMessage() == ""
    assert window.move_bar.message.text().startswith("Moved ")


def test_a_cancelled_confirmation_leaves_every_file_in_place(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    copies: Path,
    tmp_path: Path,
    untouched: Callable[[Path], Callable[[], None]],
) -> None:
    search(qtbot, window, [copies])
    check = untouched(tmp_path)
    window.groups.model.set_marked(shown_paths(window))
    assert len(window.marked()) == 5
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=False)
    # Every file of both groups marked: the confirmation said no copy would be left.
    assert asked.warning is not None and asked.warning.startswith("In 2 groups every file")
    aside = tmp_path / "aside"
    window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=False)
    check()
    assert len(window.marked()) == 5 and window.groups.model.group_count() == 2
    assert not window.move_bar.isVisible()
    assert not default_journal_path().exists()


def test_a_file_changed_after_the_scan_is_not_moved_silently(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, freedesktop_trash: Path
) -> None:
    search(qtbot, window, [copies])
    changed, same = copies / "笔记 copy.txt", copies / "old" / "tool.py"
    window.groups.model.set_marked({changed, same})
    with changed.open("a", encoding="utf-8") as out:
        out.write("扫描之后又加了一句。")
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=True)
    assert asked.changed_box
    assert asked.files == [str(same), f"{changed} — changed since the scan"]
    assert asked.heading.startswith("Move 1 file (")
    assert changed.exists() and not same.exists()
    assert window.groups.model.index_of(changed).isValid()  # still shown, still marked
    assert [m.path for m in window.marked()] == [changed]

    # Asked again, and this time ticked: it moves as it is now.
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=True, tick_changed=True)
    assert asked.heading.startswith("Move 1 file (")
    assert not changed.exists()
    assert (
        (freedesktop_trash / "files" / changed.name)
        .read_text(encoding="utf-8")
        .endswith("又加了一句。")
    )


def test_a_file_changed_after_the_confirmation_is_not_moved(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, tmp_path: Path
) -> None:
    search(qtbot, window, [copies])
    target = copies / "old" / "tool.py"
    window.groups.model.set_marked({target})
    window.move_marked(Action.MOVE, tmp_path)
    qtbot.waitUntil(lambda: window.clean_up.dialog is not None, timeout=20_000)
    target.write_text(CODE + "# edited while the question was open\n", encoding="utf-8")
    confirm(qtbot, window, answer=True)
    assert target.exists() and not (tmp_path / "tool.py").exists()
    assert "1 file was not moved" in window.move_bar.message.text()
    assert window.move_bar.details_button.isVisible()


def check_box(view: QAbstractItemView, index: QModelIndex) -> QPoint:
    """Where a row's check box is drawn."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualRect(index)
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    style = view.style()
    return style.subElementRect(
        QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view
    ).center()


def test_the_compare_modes_check_boxes(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, freedesktop_trash: Path
) -> None:
    scan_and_wait(qtbot, window, copies / "笔记.txt", copies)
    model, table = window.compare.model, window.compare.table
    assert window.compare.bar.isVisible() and not window.action_trash.isEnabled()
    rows = {model.match_at(r).path: r for r in range(model.rowCount())}
    reference = model.index(rows[copies / "笔记.txt"], Column.NAME)
    assert model.data(reference, Qt.ItemDataRole.CheckStateRole) is None  # never the reference
    other = model.index(rows[copies / "readme.md"], Column.NAME)
    table.scrollTo(other)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=check_box(table, other))
    assert model.data(other, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert window.compare.bar.label.text().startswith("1 file marked")
    window.compare.action_mark_similar.trigger()
    marked = {m.path for m in window.marked()}
    assert marked == {copies / "笔记 copy.txt", copies / "old" / "笔记.txt"}
    assert window.action_trash.isEnabled()
    window.action_trash.trigger()
    confirm(qtbot, window, answer=True)
    assert not any(p.exists() for p in marked)
    assert {model.match_at(r).path for r in range(model.rowCount())} == set(rows) - marked
    assert len(list((freedesktop_trash / "files").iterdir())) == 2

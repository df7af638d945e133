"""Clean-up that keeps order, through the window: a move to a folder keeping each file's
folders (the box, remembered), and duplicates replaced by hard links, then undone."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from simfind.core.base.paths import human_size
from simfind.core.cleanup.journal import default_journal_path
from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.cleanup.link_dialogs import ConfirmLinksDialog
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.moving import KEEP_FOLDERS
from tests.gui.cleanup.test_clean_up_window import confirm, shown_paths
from tests.gui.pages.groups.test_groups_window import search
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture
def copies(tmp_path: Path) -> Path:
    """A note, its byte-identical copy and an edited one; a script and its copy elsewhere."""
    folder = tmp_path / "资料"
    (folder / "old").mkdir(parents=True)
    (folder / "笔记.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "笔记 copy.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "old" / "笔记.txt").write_text(ZH_DOCS[0].replace("清晨", "早上"), encoding="utf-8")
    (folder / "tool.py").write_text(CODE, encoding="utf-8")
    (folder / "old" / "tool.py").write_text(CODE, encoding="utf-8")
    (folder / "readme.md").write_text(EN_DOCS[1], encoding="utf-8")
    os.utime(folder / "old" / "tool.py", ns=(1_650_000_000_000_000_000,) * 2)
    (folder / "old" / "tool.py").chmod(0o600)
    return folder


def test_files_from_two_folders_keep_them_and_undo_removes_the_folder_made(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, tmp_path: Path, settings: QSettings
) -> None:
    search(qtbot, window, [copies])
    before = shown_paths(window)
    window.groups.model.set_marked({copies / "笔记 copy.txt", copies / "old" / "tool.py"})
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    qtbot.waitUntil(lambda: window.clean_up.dialog is not None, timeout=20_000)
    dialog = window.clean_up.dialog
    assert dialog is not None
    assert str(copies) in dialog.note.text()
    assert str(aside / "old" / "tool.py") in dialog.note.text()  # the example shown
    asked = confirm(qtbot, window, answer=True)
    assert asked.keep_folders is True  # the default for files from several folders
    assert sorted(p.relative_to(aside).as_posix() for p in aside.rglob("*")) == [
        "old",
        "old/tool.py",
        "笔记 copy.txt",
    ]
    assert (aside / "old" / "tool.py").read_text(encoding="utf-8") == CODE
    assert not (copies / "old" / "tool.py").exists()

    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(window.move_bar.undo_button, Qt.MouseButton.LeftButton)
    assert (copies / "old" / "tool.py").read_text(encoding="utf-8") == CODE
    assert (copies / "笔记 copy.txt").read_text(encoding="utf-8") == ZH_DOCS[0]
    assert list(aside.iterdir()) == []  # "old" was made by the move, and is gone
    assert shown_paths(window) == before

    # Unticked once, the box stays unticked the next time.
    window.groups.model.set_marked({copies / "笔记 copy.txt", copies / "old" / "tool.py"})
    window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=True, keep_folders=False)
    assert settings.value(KEEP_FOLDERS, True, bool) is False
    assert sorted(p.name for p in aside.iterdir()) == ["tool.py", "笔记 copy.txt"]
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        window.move_bar.undo_button.click()
    window.groups.model.set_marked({copies / "笔记 copy.txt", copies / "old" / "tool.py"})
    window.move_marked(Action.MOVE, aside)
    asked = confirm(qtbot, window, answer=False)
    assert asked.keep_folders is False


def test_files_from_one_folder_are_not_offered_the_box(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path, tmp_path: Path
) -> None:
    search(qtbot, window, [copies])
    window.groups.model.set_marked({copies / "笔记 copy.txt", copies / "tool.py"})
    window.move_marked(Action.MOVE, tmp_path)
    asked = confirm(qtbot, window, answer=False)
    assert asked.keep_folders is None


def answer_links(qtbot, window: MainWindow, answer: bool) -> tuple[str, str, list[str]]:  # type: ignore[no-untyped-def]
    """The links' confirmation as shown (heading, note, rows), answered with a click."""
    qtbot.waitUntil(lambda: window.clean_up.links_dialog is not None, timeout=20_000)
    dialog: ConfirmLinksDialog | None = window.clean_up.links_dialog
    assert dialog is not None and dialog.isVisible() and dialog.cancel_button.isDefault()
    rows = [dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount())]
    shown = (dialog.heading.text(), dialog.note.text(), [r.text(0) for r in rows if r])
    button = dialog.replace_button if answer else dialog.cancel_button
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return shown


def test_duplicates_become_hard_links_and_undo_makes_them_copies_again(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path
) -> None:
    search(qtbot, window, [copies])
    kept_note, kept_tool = copies / "笔记.txt", copies / "tool.py"
    same_note, edited, same_tool = (
        copies / "笔记 copy.txt",
        copies / "old" / "笔记.txt",
        copies / "old" / "tool.py",
    )
    assert not window.action_link.isEnabled()  # nothing marked
    window.groups.model.set_marked({same_note, edited, same_tool})
    assert window.action_link.isEnabled() and window.action_link.isVisible()
    assert window.action_link in window.menu_mark.actions()
    window.action_link.trigger()
    heading, note, rows = answer_links(qtbot, window, answer=True)
    assert heading.startswith("Replace 2 file")
    freed = same_note.stat().st_size + len(CODE.encode("utf-8"))
    assert "share one copy on disk" in note and "editing one of them edits them all" in note
    assert "1 file differs from the kept file and is left as it is." in note
    assert f"This frees {human_size(freed)}." in note
    assert rows[-1].startswith(str(edited)) and "differ" in rows[-1]

    assert same_note.stat().st_ino == kept_note.stat().st_ino
    assert same_tool.stat().st_ino == kept_tool.stat().st_ino
    assert kept_tool.stat().st_nlink == 2
    assert edited.stat().st_ino != kept_note.stat().st_ino and edited.stat().st_nlink == 1
    text = window.move_bar.message.text()
    assert text.startswith("Replaced 2 file") and "1 file" in text
    assert window.action_undo_move.text() == "&Undo the Last Replacement by Hard Links"
    assert window.action_undo_move.isEnabled() and window.move_bar.undo_button.isVisible()
    rows_logged = default_journal_path().read_text(encoding="utf-8-sig").splitlines()
    assert sum(1 for r in rows_logged if ",link,done," in r) == 2

    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        window.undo_move()
    for path, kept in ((same_note, kept_note), (same_tool, kept_tool)):
        assert path.stat().st_ino != kept.stat().st_ino and path.stat().st_nlink == 1
        assert path.read_bytes() == kept.read_bytes()
    info = same_tool.stat()
    assert stat.S_IMODE(info.st_mode) == 0o600 and info.st_mtime_ns == 1_650_000_000_000_000_000
    assert window.move_bar.message.text().startswith("Made 2 file")
    assert window.action_undo_move.text() == "&Undo the Last Move to a Folder"


def test_a_cancelled_link_confirmation_changes_nothing(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: Path
) -> None:
    search(qtbot, window, [copies])
    window.groups.model.set_marked({copies / "笔记 copy.txt"})
    window.action_link.trigger()
    answer_links(qtbot, window, answer=False)
    assert (copies / "笔记 copy.txt").stat().st_nlink == 1
    assert not default_journal_path().exists()
    # The compare tab knows no kept file: it offers no links.
    qtbot.mouseClick(
        window.mode_tabs, Qt.MouseButton.LeftButton, pos=window.mode_tabs.tabRect(0).center()
    )
    assert not window.action_link.isVisible()

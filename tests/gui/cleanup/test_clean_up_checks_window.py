"""What the clean-up's confirmations and reports say of files kept in reference folders, of
kept files changed since the scan, and of files saved while they were being moved."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from simfind.core.cleanup import renames, transfer
from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.cleanup.link_dialogs import ConfirmLinksDialog
from simfind.gui.cleanup.move_dialogs import not_moved_lines
from simfind.gui.shell.main_window import MainWindow
from tests.gui.base.test_zh_words import assert_chinese
from tests.gui.cleanup.test_clean_up_window import confirm, copies  # noqa: F401 (a fixture)
from tests.gui.pages.groups.test_groups_window import search
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")
    yield
    i18n.apply_language("en")


@pytest.fixture
def faq(tmp_path: Path) -> dict[str, Path]:
    """A working copy of a FAQ chapter the same as the archive's (a reference folder), and
    two identical copies of another chapter outside it."""
    work, archive = tmp_path / "work", tmp_path / "archive"
    files = {
        "working": work / "docs" / "faq-ch03.txt",
        "archived": archive / "faq-ch03.txt",
        "ch04": work / "docs" / "faq-ch04.txt",
        "ch04 copy": work / "notes" / "faq-ch04.txt",
        "work": work,
        "archive": archive,
    }
    for name, text in (
        ("working", ZH_DOCS[1]),
        ("archived", ZH_DOCS[1]),
        ("ch04", EN_DOCS[2]),
        ("ch04 copy", EN_DOCS[2]),
    ):
        files[name].parent.mkdir(parents=True, exist_ok=True)
        files[name].write_text(text, encoding="utf-8")
    return files


def links_dialog(qtbot, window: MainWindow) -> ConfirmLinksDialog:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.clean_up.links_dialog is not None, timeout=20_000)
    dialog = window.clean_up.links_dialog
    assert dialog is not None and dialog.isVisible() and dialog.cancel_button.isDefault()
    return dialog


def rows(dialog: ConfirmLinksDialog) -> list[str]:
    items = (dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount()))
    return [item.text(0) for item in items if item is not None]


def click(qtbot, box) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))


def test_a_link_to_a_reference_folder_is_said_and_made_only_when_ticked(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, faq: dict[str, Path]
) -> None:
    # Issue 43, 4b: the working copy became a link to the archive's file, unsaid.
    search(qtbot, window, [faq["work"]], [faq["archive"]])
    window.groups.mark_all_but_one(KeepRule.SHORTEST_PATH)
    marked = {m.path for m in window.marked()}
    assert faq["working"] in marked and faq["archived"] not in marked and len(marked) == 2
    window.action_link.trigger()
    dialog = links_dialog(qtbot, window)
    assert dialog.heading.text() == "Replace 1 file by a hard link to the file kept in its group?"
    assert dialog.tie_to_reference.isVisibleTo(dialog) and not dialog.tie_to_reference.isChecked()
    assert dialog.tie_to_reference.text().startswith(
        "Link the 1 file whose kept file is in a reference folder too"
    )
    assert "1 file has the bytes of a file in a reference folder (in orange)" in dialog.note.text()
    assert f"{faq['working']} — would tie to a reference folder" in rows(dialog)
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(dialog.replace_button, Qt.MouseButton.LeftButton)
    assert faq["working"].stat().st_nlink == 1 and faq["archived"].stat().st_nlink == 1
    assert faq["ch04"].stat().st_nlink == 2  # the other pair, outside the reference folders
    assert "1 file was not replaced" in window.move_bar.message.text()
    report = window.move_bar.report
    assert report is not None
    assert not_moved_lines(report) == [
        f"{faq['working']} — left: it would tie to a file in a reference folder"
    ]

    # Asked again, and ticked: told what it means, and linked.
    window.groups.model.set_marked({faq["working"]})
    window.action_link.trigger()
    dialog = links_dialog(qtbot, window)
    assert not dialog.replace_button.isEnabled()  # nothing to replace unless ticked
    click(qtbot, dialog.tie_to_reference)
    assert dialog.replace_button.isEnabled()
    assert dialog.heading.text().startswith("Replace 1 file by a hard link")
    assert "1 file becomes a link to a file in a reference folder" in dialog.note.text()
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(dialog.replace_button, Qt.MouseButton.LeftButton)
    assert faq["working"].stat().st_ino == faq["archived"].stat().st_ino


def test_a_file_whose_kept_file_changed_since_the_scan_stays(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    copies: Path,  # noqa: F811
    freedesktop_trash: Path,
) -> None:
    search(qtbot, window, [copies])
    note, tool = copies / "笔记 copy.txt", copies / "old" / "tool.py"
    window.groups.model.set_marked({note, tool})
    # The note's group keeps 笔记.txt (and the edited old/笔记.txt): one is saved anew.
    (copies / "笔记.txt").write_text(ZH_DOCS[0] + "又加了一句。", encoding="utf-8")
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=True)
    assert asked.heading.startswith("Move 1 file (")
    assert f"{note} — the file kept for it changed since the scan; left out" in asked.files
    assert note.exists() and not tool.exists()
    assert (freedesktop_trash / "files" / "tool.py").read_text(encoding="utf-8") == CODE


def test_a_file_saved_while_it_moves_stays_and_the_report_says_so(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    copies: Path,  # noqa: F811
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    search(qtbot, window, [copies])
    tool = copies / "old" / "tool.py"
    window.groups.model.set_marked({tool})
    real = renames.rename_new

    def saved_first(source: Path, target: Path) -> bool:
        if source == tool:  # another program saves it just as it moves
            aside = tool.with_name(".tool.py.editor")
            aside.write_text(CODE + "# saved meanwhile\n", encoding="utf-8")
            aside.replace(tool)
        return real(source, target)

    monkeypatch.setattr(transfer, "rename_new", saved_first)
    aside = tmp_path / "aside"
    aside.mkdir()
    window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=True)
    assert tool.read_text(encoding="utf-8").endswith("# saved meanwhile\n")
    assert list(aside.iterdir()) == []
    assert "1 file was not moved (see Details)" in window.move_bar.message.text()
    report = window.move_bar.report
    assert report is not None
    assert not_moved_lines(report) == [f"{tool} — left: it changed since it was compared"]
    i18n.apply_language("zh_CN")
    assert_chinese(not_moved_lines(report)[0], [str(tool)])
    bar = window.move_bar.message
    qtbot.waitUntil(lambda: bar.text() != "" and "Moved" not in bar.text(), timeout=5000)
    assert_chinese(bar.text(), [str(tmp_path), os.environ["SIMFIND_DATA_DIR"]])

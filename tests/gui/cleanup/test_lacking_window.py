"""Keep the Newest marking a version with text the kept file lacks: the confirmation says
so, with how many words, and offers to keep it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.cleanup.move_dialogs import ConfirmMoveDialog
from simfind.gui.shell.main_window import MainWindow
from tests.core.cleanup.test_lacking import CHAPTER, EDITED, difflib_lacking
from tests.gui.pages.groups.test_groups_window import search
from tests.texts import EN_DOCS

# Enough text shared around the chapter for the two versions to be grouped.
TAIL = "\n\n".join(EN_DOCS)


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture
def versions(tmp_path: Path) -> Path:
    """The edited chapter, the unedited one saved last, and an older copy of that."""
    folder = tmp_path / "faq"
    folder.mkdir()
    (folder / "faq-ch01 final.txt").write_text(EDITED + TAIL, encoding="utf-8")
    (folder / "faq-ch01 copy.txt").write_text(CHAPTER + TAIL, encoding="utf-8")
    (folder / "faq-ch01.txt").write_text(CHAPTER + TAIL, encoding="utf-8")
    for age, name in enumerate(["faq-ch01.txt", "faq-ch01 final.txt", "faq-ch01 copy.txt"]):
        stamp = (1_700_000_000 - 1000 * age) * 10**9
        os.utime(folder / name, ns=(stamp, stamp))
    return folder


def opened(qtbot, window: MainWindow) -> ConfirmMoveDialog:  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.clean_up.dialog is not None, timeout=20_000)
    dialog = window.clean_up.dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def test_the_confirmation_names_the_version_and_keeping_it_leaves_it_in_place(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, versions: Path, tmp_path: Path
) -> None:
    final, copy, saved = (
        versions / n for n in ["faq-ch01 final.txt", "faq-ch01 copy.txt", "faq-ch01.txt"]
    )
    search(qtbot, window, [versions])
    assert window.groups.model.group_count() == 1
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    assert {m.path for m in window.marked()} == {final, copy}
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    dialog = opened(qtbot, window)

    words = difflib_lacking(EDITED + TAIL, CHAPTER + TAIL)
    note = dialog.lacking_note.text()
    assert dialog.lacking_note.isVisibleTo(dialog) and dialog.keep_lacking.isVisibleTo(dialog)
    assert f"{final}: {words} words not in {saved}" in note.splitlines()
    assert str(copy) not in note  # the copy lacks nothing
    assert dialog.heading.text().startswith("Move 2 files")
    shot = os.environ.get("SIMFIND_SHOT")  # a picture of it, for a person to look at
    if shot:
        dialog.grab().save(shot)
    box = dialog.keep_lacking
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(6, box.height() // 2))
    assert box.isChecked() and dialog.heading.text().startswith("Move 1 file ")
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)

    assert final.read_text(encoding="utf-8") == EDITED + TAIL  # kept where it was
    assert not copy.exists() and saved.exists()
    assert sorted(p.name for p in aside.iterdir()) == ["faq-ch01 copy.txt"]


def test_in_chinese_the_confirmation_says_it_too(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, versions: Path, tmp_path: Path
) -> None:
    i18n.apply_language("zh_CN")
    search(qtbot, window, [versions])
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    dialog = opened(qtbot, window)
    note = dialog.lacking_note.text()
    assert str(versions / "faq-ch01 final.txt") in note
    # In Chinese, and no English left (the path aside: a temporary folder's name may hold any word).
    assert "words" not in note.replace(str(versions), "")
    shot = os.environ.get("SIMFIND_SHOT")
    if shot:
        dialog.grab().save(shot.replace(".png", "-zh.png"))
    dialog.reject()

"""The status line tells of the latest state: the last refusal, the groups left after a move."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.gui.cleanup.test_clean_up_window import confirm, copies  # noqa: F401  # a fixture
from tests.gui.pages.groups.test_groups_window import search


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The warning boxes' texts, shown without waiting for a click."""
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: said.append(args[2]))
    return said


def press_scan(window: MainWindow) -> None:
    window.scan_button.click()
    assert not window.scans.running


def test_each_refused_scan_replaces_the_last_in_the_status_line(  # type: ignore[no-untyped-def]
    window: MainWindow, tmp_path: Path, warnings: list[str]
) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text("some words of a note\n", encoding="utf-8")
    window.compare.reference_field.set_path(str(tmp_path / "gone.txt"))
    window.compare.folder_field.set_path(str(folder))
    press_scan(window)
    assert "gone.txt" in window.summary_label.text()
    window.compare.reference_field.set_path(str(folder / "a.txt"))
    for missing in ("first-missing", "second-missing"):
        window.compare.folder_field.set_path(str(tmp_path / missing))
        press_scan(window)
        summary = window.summary_label.text()
        assert summary.startswith("Not started: ") and missing in summary
        assert "gone.txt" not in summary
    assert len(warnings) == 3
    # The groups tab's refusal too: a folder listed that is not there.
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(tmp_path / "third-missing"), False)])
    press_scan(window)
    assert "third-missing" in window.summary_label.text() and len(warnings) == 4


def test_after_a_move_the_status_line_counts_the_groups_left(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    copies: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    search(qtbot, window, [copies])
    assert window.summary_label.text().startswith("2 groups (5 files)")
    window.groups.model.set_marked({copies / "笔记 copy.txt"})
    aside = tmp_path / "aside"
    aside.mkdir()
    assert window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=True)
    qtbot.waitUntil(lambda: (aside / "笔记 copy.txt").exists(), timeout=10_000)
    qtbot.waitUntil(lambda: "left" in window.summary_label.text())
    assert window.summary_label.text().startswith("2 groups (4 files) left.")
    assert "Found: 2 groups (5 files)" in window.summary_label.text()
    window.action_undo_move.trigger()
    qtbot.waitUntil(lambda: window.summary_label.text().startswith("2 groups (5 files)"))
    assert "left" not in window.summary_label.text()

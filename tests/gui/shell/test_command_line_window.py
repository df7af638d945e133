"""What the command line names decides the window's tab, and paths are kept absolute."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from simfind.cli import main
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from simfind.gui.widgets.window_state import REFERENCES
from tests.texts import EN_DOCS


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    folder = tmp_path / "notes"
    folder.mkdir()
    for index, text in enumerate(EN_DOCS):
        (folder / f"note{index}.txt").write_text(text, encoding="utf-8")
    return folder


def _window_last_on_groups(qtbot, settings: QSettings, elsewhere: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    """A window whose last session ended on All Near-Duplicates, with a folder listed."""
    settings.setValue("window/mode", int(Mode.GROUPS))
    settings.setValue("groups/folders", [str(elsewhere)])
    settings.setValue("groups/references", ["0"])
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    assert window.mode() is Mode.GROUPS
    return window


def test_a_file_on_the_command_line_opens_compare_and_scans_it(
    qtbot, settings: QSettings, notes: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    window = _window_last_on_groups(qtbot, settings, elsewhere)
    window.open_inputs(notes / "note0.txt", notes)
    assert window.mode() is Mode.COMPARE
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()  # what `simfind gui --scan FILE FOLDER` does once the window shows
    assert window.compare.model.rowCount() == len(EN_DOCS)  # the reference has its row too
    assert window.groups.result is None  # the remembered folders were not searched
    window.scans.wait()


def test_a_folder_alone_opens_all_near_duplicates_with_that_folder(
    qtbot, settings: QSettings, notes: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    settings.setValue("window/mode", int(Mode.COMPARE))
    window = _window_last_on_groups(qtbot, settings, elsewhere)
    window.set_mode(Mode.COMPARE)
    window.open_inputs(None, notes)
    assert window.mode() is Mode.GROUPS
    assert window.groups.folder_list.folders() == [notes]


def test_a_relative_path_typed_is_kept_absolute(
    qtbot, window: MainWindow, notes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    window.compare.reference_field.set_path("notes/../notes/note1.txt")
    window.compare.folder_field.set_path("notes")
    assert window.compare.reference_field.path() == notes / "note1.txt"
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    assert window.compare.model.rowCount() == len(EN_DOCS)  # the reference has its row too
    # Picked later from the recent list, in a window started from another folder, it works.
    assert window.state.recent(REFERENCES)[0] == str(notes / "note1.txt")
    assert window.compare.scanned_reference == notes / "note1.txt"


def test_the_command_line_hands_the_window_absolute_paths(
    tmp_path: Path, notes: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[tuple[Path | None, Path | None]] = []
    monkeypatch.setattr(
        "simfind.gui.shell.app.run_gui", lambda r, f, s, result: opened.append((r, f)) or 0
    )
    monkeypatch.chdir(notes)
    assert main(["gui", "note0.txt", "."]) == 0
    assert opened == [(notes / "note0.txt", notes)]


def test_the_title_names_what_is_shown_and_the_app(qtbot, window: MainWindow, notes: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.windowTitle() == "Find near-duplicates \N{EM DASH} simfind"
    window.open_inputs(notes / "note2.txt", notes)
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    # As a taskbar and Alt+Tab show it: the reference's name, then the app's.
    assert window.windowTitle() == "note2.txt \N{EM DASH} simfind"
    window.set_mode(Mode.RECORDS)
    assert window.windowTitle() == "Find near-duplicates \N{EM DASH} simfind"
    window.set_mode(Mode.COMPARE)
    assert window.windowTitle() == "note2.txt \N{EM DASH} simfind"


def test_the_ranking_shows_only_where_there_is_a_reference(window: MainWindow) -> None:
    window.options_toggle.setChecked(True)
    window.set_mode(Mode.COMPARE)
    assert window.options_panel.ranking_box.isVisible()
    window.set_mode(Mode.GROUPS)
    assert window.options_panel.isVisible() and not window.options_panel.ranking_box.isVisible()
    assert not window.options_panel.ranking_label.isVisible()


def test_a_missing_path_on_the_command_line_is_said_in_the_window(
    qtbot, window: MainWindow, notes: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nosuch.txt"  # `simfind gui nosuch.txt` from tmp_path
    window.open_inputs(missing, tmp_path)
    status = window.compare.status.summary.text()
    assert "The reference file was not found" in status and "nosuch.txt" in status
    window.set_language("zh_CN")
    assert "nosuch.txt" in window.compare.status.summary.text()
    assert "参考文件" in window.compare.status.summary.text()
    window.set_language("en")
    window.open_inputs(notes / "note0.txt", notes)  # a usable file: no complaint left behind
    assert "not found" not in window.compare.status.summary.text()

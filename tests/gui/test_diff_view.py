"""The diff preview, driven through the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from simfind.gui.main_window import MainWindow
from tests.texts import CODE


def lines_of(text: str) -> str:
    return "\n".join(f"{text} line {i}" for i in range(300))


def select(qtbot, window: MainWindow, name: str) -> None:  # type: ignore[no-untyped-def]
    for row in range(window.model.rowCount()):
        if window.model.match_at(row).path.name == name:
            window.table.selectRow(row)
            break
    qtbot.waitUntil(
        lambda: window.diff_view.rendered is not None and not window.diff_view.tasks.pending,
        timeout=10_000,
    )


def scanned(qtbot, window: MainWindow, folder: Path, reference: Path) -> None:  # type: ignore[no-untyped-def]
    window.reference_field.set_path(str(reference))
    window.folder_field.set_path(str(folder))
    window.start_scan()
    qtbot.waitUntil(lambda: not window.scans.running, timeout=60_000)


def test_selecting_a_row_fills_both_panes(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "code"
    folder.mkdir()
    (folder / "a.py").write_text(CODE, encoding="utf-8")
    (folder / "b.py").write_text(CODE.replace("cannot parse", "could not parse"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.py")
    select(qtbot, window, "b.py")
    view = window.diff_view
    assert view.left.toPlainText() == CODE.rstrip("\n")
    assert view.right.toPlainText().count("could not parse") == 1
    assert "b.py" in view.right_header.text() and "Reference" in view.left_header.text()
    assert "similarity" in view.title.text()


def test_next_and_previous_move_to_the_changes(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "long"
    folder.mkdir()
    text = lines_of("same")
    lines = text.splitlines()
    lines[40] = "changed forty"
    lines[200] = "changed two hundred"
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(lines), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.diff_view
    assert view.rendered is not None and view.rendered.changes == [40, 200]
    assert view.current_line() == 40  # the first change is shown at once
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.current_line() == 200
    assert view.right.textCursor().blockNumber() == 200
    qtbot.mouseClick(view.previous_button, Qt.MouseButton.LeftButton)
    assert view.current_line() == 40


def test_scrolling_one_pane_scrolls_the_other(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "scroll"
    folder.mkdir()
    text = lines_of("x" * 300)
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text(text.replace("line 150", "line one-fifty"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.diff_view
    view.left.verticalScrollBar().setValue(17)
    assert view.right.verticalScrollBar().value() == 17
    view.wrap.click()  # prose wraps; unwrapped, the long lines scroll sideways
    assert not view.wrap.isChecked()
    view.right.horizontalScrollBar().setValue(25)
    assert view.left.horizontalScrollBar().value() == 25


def test_only_changes_folds_unchanged_lines(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "fold"
    folder.mkdir()
    text = lines_of("same")
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text(text.replace("same line 150", "other line 150"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.diff_view
    view.only_changes.setChecked(True)
    qtbot.waitUntil(lambda: view.rendered is not None and not view.tasks.pending, timeout=10_000)
    shown = view.left.toPlainText().splitlines()
    assert shown[0].startswith("⋯ 147 unchanged")
    assert "same line 150" in shown


def test_binary_file_shows_a_notice_and_offers_to_open_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "a.txt").write_text(CODE, encoding="utf-8")
    (folder / "b.txt").write_text(CODE + "\nmore", encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    (folder / "b.txt").write_bytes(bytes(range(256)) * 10)  # became binary after the scan
    for row in range(window.model.rowCount()):
        if window.model.match_at(row).path.name == "b.txt":
            window.table.selectRow(row)
    qtbot.waitUntil(lambda: window.diff_view.open_button.isVisible(), timeout=10_000)
    assert "Cannot compare" in window.diff_view.notice.text()

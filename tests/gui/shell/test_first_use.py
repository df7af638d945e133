"""What a new user hits in the first minutes with the window (issue 13), driven as they would."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from simfind.core.runs.progress import Progress
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import RankOptions
from simfind.gui.base import i18n
from simfind.gui.diff.widgets import CJK_MONOSPACE
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.skipped_dialog import SkippedDialog
from simfind.gui.widgets.window_state import FIRST_SIZE
from tests.texts import EN_DOCS


def scan(qtbot, window: MainWindow, reference: Path, folder: Path) -> None:  # type: ignore[no-untyped-def]
    window.compare.reference_field.set_path(str(reference))
    window.compare.folder_field.set_path(str(folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()


def diffed(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    view = window.compare.diff_view
    qtbot.waitUntil(lambda: view.rendered is not None and not view.tasks.pending, timeout=10_000)


def select(qtbot, window: MainWindow, name: str) -> int:  # type: ignore[no-untyped-def]
    row = rows(window).index(name)
    window.compare.table.selectRow(row)
    diffed(qtbot, window)
    return row


def rows(window: MainWindow) -> list[str]:
    return [
        window.compare.model.match_at(r).path.name for r in range(window.compare.model.rowCount())
    ]


@pytest.fixture
def two_changes(tmp_path: Path) -> Path:
    folder = tmp_path / "long"
    folder.mkdir()
    lines = [f"same line {i}" for i in range(300)]
    (folder / "a.txt").write_text("\n".join(lines), encoding="utf-8")
    lines[40], lines[200] = "changed forty", "changed two hundred"
    (folder / "b.txt").write_text("\n".join(lines), encoding="utf-8")
    (folder / "c.txt").write_text("\n".join(lines[:150]), encoding="utf-8")
    return folder


def test_alt_down_goes_to_the_next_change_even_from_the_table(
    qtbot, window: MainWindow, two_changes: Path
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, two_changes / "a.txt", two_changes)
    row = select(qtbot, window, "b.txt")
    window.activateWindow()
    window.compare.table.setFocus()
    qtbot.waitUntil(window.compare.table.hasFocus)
    assert window.compare.diff_view.current_line() == 40
    qtbot.keyClick(window.compare.table, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert window.compare.diff_view.current_line() == 200
    assert window.compare.table.currentIndex().row() == row  # the table did not move on
    qtbot.keyClick(window.compare.table, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert window.compare.diff_view.current_line() == 40
    window.set_language("zh_CN")  # texts set again: the keys still work
    qtbot.keyClick(window.compare.table, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    window.set_language("en")
    assert window.compare.diff_view.current_line() == 200


def test_the_change_strip_forgets_the_previous_file(
    qtbot, window: MainWindow, two_changes: Path
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, two_changes / "a.txt", two_changes)
    select(qtbot, window, "b.txt")
    assert window.compare.diff_view.overview.marks
    scan(qtbot, window, two_changes / "a.txt", two_changes)  # a rescan
    assert window.compare.diff_view.overview.marks == []
    select(qtbot, window, "b.txt")
    window.compare.diff_view.clear()
    assert window.compare.diff_view.overview.marks == []


@pytest.fixture
def few_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the three nearest files are compared exactly: the rest stay blank."""
    options = ScanOptions(rank=RankOptions(verify_top=3, verify_radius=0, verify_by_sketch=0))
    monkeypatch.setattr(
        "simfind.gui.widgets.options_panel.OptionsPanel.scan_options", lambda _: options
    )


def click_header(qtbot, window: MainWindow, column: Column) -> None:  # type: ignore[no-untyped-def]
    header = window.compare.table.horizontalHeader()
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def test_sorting_by_similarity_keeps_the_selection_and_the_reference_on_top(
    qtbot, window: MainWindow, mixed_folder: Path, few_compared: None
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    chosen = "note1.md"
    select(qtbot, window, chosen)
    for order in (Qt.SortOrder.DescendingOrder, Qt.SortOrder.AscendingOrder):
        click_header(qtbot, window, Column.SIMILARITY)  # first click: most similar first
        header = window.compare.table.horizontalHeader()
        assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
            Column.SIMILARITY,
            order,
        )
        names = rows(window)
        assert names[0] == "文章1.txt"  # the reference stays on top
        similarities = [window.compare.model.match_at(r).similarity for r in range(len(names))]
        blank = [s is None for s in similarities]
        assert blank == sorted(blank) and any(blank)  # blanks last, in either order
        current = window.compare.table.currentIndex().row()
        assert names[current] == chosen
        assert chosen in window.compare.diff_view.right_header.text()
    row = window.compare.table.currentIndex().row()
    # The keys move on from the kept selection (up from the last row, where it may
    # stand: which blank row is nearest depends on the fingerprints).
    last = window.compare.model.rowCount() - 1
    key, step = (Qt.Key.Key_Up, -1) if row == last else (Qt.Key.Key_Down, 1)
    qtbot.keyClick(window.compare.table, key)
    assert window.compare.table.currentIndex().row() == row + step


def test_a_failed_scan_shows_no_results_of_another(
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    assert rows(window) and window.windowTitle().startswith("文章1.txt")
    # A reference with no words (a binary one finds its copies instead).
    blank = mixed_folder.parent / "blank.txt"
    blank.write_text(" \n\t\n", encoding="utf-8")
    scan(qtbot, window, blank, mixed_folder)
    qtbot.waitUntil(lambda: bool(window.findChildren(QMessageBox)), timeout=10_000)
    (box,) = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert box.text().split("\n") == [
        "The reference file cannot be compared as text.",
        "Why: empty (no words or characters to compare)",  # it read "…text (empty (…)):"
        f"File: {blank}",
    ]
    box.close()
    # Under the error, the last reference's rows would read as the new one's: they go.
    assert rows(window) == [] and window.compare.last_result is None
    assert window.windowTitle() == "Find near-duplicates \N{EM DASH} simfind"
    assert str(blank) not in window.state.recent("recent/references")
    summary = window.summary_label.text()
    assert str(blank) in summary and re.search(r"stopped: [A-Z]", summary)
    # The dialog's three lines on one, as clauses (no ". Why:" or ": /path" run together).
    assert summary.endswith(
        "The reference file cannot be compared as text; "
        f"Why: empty (no words or characters to compare); File: {blank}"
    )


def test_one_count_while_scanning(qtbot, window: MainWindow, mixed_folder: Path) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, mixed_folder / "note0.md", mixed_folder)
    matches = window.compare.last_result.matches if window.compare.last_result else []
    window.compare.reference_field.set_path(str(mixed_folder / "note1.md"))
    window.status.started(mixed_folder)
    window.compare._on_matches(matches[:9])  # as the scan's signals bring them
    window.compare._on_progress(Progress(5, 13, 1000, 9000, "x", 1.0))
    summary = window.summary_label.text().replace(str(mixed_folder), "")
    numbers = set(re.findall(r"\d+", summary))
    assert numbers <= set(re.findall(r"\d+", window.progress_bar.text()))


@pytest.fixture
def english() -> Iterator[None]:
    yield
    i18n.apply_language("en")


def mnemonics(window: MainWindow) -> list[str]:
    texts = [a.text() for a in window.menuBar().actions()]
    texts += [label.text() for label in window.findChildren(QLabel) if label.buddy() is not None]
    return [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_title_keys_and_tips_in_both_languages(
    qtbot, window: MainWindow, language: str, english: None
) -> None:  # type: ignore[no-untyped-def]
    window.set_language(language)
    # The title ends in the app's name, once (Qt adds none to a title ending in it).
    title = window.windowTitle()
    assert title.endswith(" \N{EM DASH} simfind") and title.count("simfind") == 1
    # "Mark All but One" opens a menu: its arrow stands beside the text, not over its end.
    button = window.groups.rules_button
    width = button.sizeHint().width()
    text_ends = (width + button.fontMetrics().horizontalAdvance(button.text())) / 2
    assert text_ends <= width - button.arrow_width()
    keys = mnemonics(window)
    # six menus, the file modes' two fields and the records mode's two (hidden in turn)
    assert len(keys) == 10 and len(set(keys)) == len(keys), keys
    model = window.compare.model
    for column in (Column.DISTANCE, Column.SIMILARITY):
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert tip and len(tip) > 40


def test_skipped_files_are_listed_in_plain_sight(
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, mixed_folder / "note0.md", mixed_folder)
    window.show_skipped()
    (dialog,) = [d for d in window.findChildren(SkippedDialog) if d.isVisible()]
    assert dialog.list.isVisible() and dialog.list.topLevelItemCount() == 1
    item = dialog.list.topLevelItem(0)
    assert item.text(0) == "logo.png" and item.text(1).startswith("binary file")
    dialog.copy()
    assert QApplication.clipboard().text().startswith("logo.png\tbinary file")
    dialog.close()


def test_completion_never_covers_the_folder_field(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "notes-about-everything.txt").write_text("text", encoding="utf-8")
    edit = window.compare.reference_field.edit()
    edit.setFocus()
    edit.clear()
    completer = window.compare.reference_field.completer()
    qtbot.keyClicks(edit, str(tmp_path / "notes-a"))
    qtbot.waitUntil(lambda: edit.text().endswith("notes-about-everything.txt"), timeout=10_000)
    popup = completer.popup()
    assert popup is None or not popup.isVisible()
    assert edit.selectedText() == "bout-everything.txt"  # completed inline, to be accepted


def test_show_in_folder_says_when_it_cannot(
    qtbot, window: MainWindow, mixed_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    scan(qtbot, window, mixed_folder / "note0.md", mixed_folder)
    window.compare.table.selectRow(1)
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    monkeypatch.setattr("simfind.gui.shell.file_actions.sys.platform", "linux")
    window.show_selected_in_folder()
    assert window.statusBar().currentMessage().startswith("Could not show")


def test_long_names_get_the_room(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "a rather long folder name" / "and another level below it"
    folder.mkdir(parents=True)
    name = "the minutes of the annual meeting of the committee, second draft.txt"
    (folder / name).write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "b.txt").write_text(EN_DOCS[1], encoding="utf-8")
    window.resize(*FIRST_SIZE)  # as on first use
    scan(qtbot, window, folder / "b.txt", tmp_path)
    table = window.compare.table
    needed = table.fontMetrics().horizontalAdvance(name)
    assert table.columnWidth(Column.NAME) >= needed
    assert table.columnWidth(Column.NAME) > table.columnWidth(Column.FOLDER)


def test_the_window_and_the_command_line_round_alike(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    from simfind.cli.base.tables import write_table
    from simfind.core.base.paths import percent
    from simfind.core.report.export import row
    from simfind.core.scan.rank import Match

    match = Match(Path("/x/a.txt"), "a.txt", 10, 10**18, "utf-8", 1, 3, 0.14149)
    window.compare.model.reset(64)
    window.compare.model.append([match])
    shown = window.compare.model.index(0, Column.SIMILARITY).data()
    import io

    out = io.StringIO()
    write_table([row(match, 64)], out)
    assert shown == percent(0.14149) and f" {shown} " in out.getvalue()


def row_tops(pane) -> list[float]:  # type: ignore[no-untyped-def]
    tops, block = [], pane.document().begin()
    while block.isValid():
        tops.append(pane.blockBoundingGeometry(block).top())
        block = block.next()
    return tops


def row_lines(pane) -> list[int]:  # type: ignore[no-untyped-def]
    """How many lines each row's block takes in the pane (the panes scroll line by line)."""
    lines, block = [], pane.document().begin()
    while block.isValid():
        lines.append(block.lineCount())
        block = block.next()
    return lines


def test_long_lines_wrap_in_prose_with_the_panes_aligned(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "prose"
    folder.mkdir()
    paragraph = "清晨的菜市场总是最热闹的地方，卖菜的阿姨把刚摘下的青菜摆得整整齐齐。" * 8
    # Lines enough below to scroll by whatever font the machine draws Chinese in.
    tail = [f"第{i}行" for i in range(40)]
    left = ["标题", paragraph, "短的一行", paragraph, "结尾", *tail]
    edited = paragraph[:-6] + "明天早上再来。"
    right = ["标题", edited, "短的一行", "插入的一行", paragraph, "结尾", *tail]
    (folder / "a.txt").write_text("\n".join(left), encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(right), encoding="utf-8")
    (folder / "c.py").write_text("x = 1\n" + "y = '" + "a" * 400 + "'\n", encoding="utf-8")
    # Wide, then narrower: both wider than the window's least width in any font it may
    # draw its labels in (875 pixels with DejaVu alone).
    window.resize(1300, 800)
    scan(qtbot, window, folder / "a.txt", folder)
    select(qtbot, window, "b.txt")
    view = window.compare.diff_view
    assert view.wrap.isChecked()  # prose: on by default
    assert view.left.horizontalScrollBar().maximum() == 0  # nothing hidden past the edge
    lines = view.left.document().findBlockByNumber(1).lineCount()
    assert lines > 2
    assert row_lines(view.left) == row_lines(view.right)  # row for row, side by side
    if view.left.font().family() in CJK_MONOSPACE:  # one line height: level to the pixel
        assert row_tops(view.left) == row_tops(view.right)
    # Narrower panes wrap more lines: aligned again.
    window.resize(950, 800)
    assert window.width() == 950
    qtbot.waitUntil(lambda: view.left.document().findBlockByNumber(1).lineCount() > lines)
    qtbot.waitUntil(lambda: row_lines(view.left) == row_lines(view.right), timeout=5_000)
    assert view.left.verticalScrollBar().maximum() > 7
    view.left.verticalScrollBar().setValue(7)
    assert view.right.verticalScrollBar().value() == 7
    # Copied text is the rows' own, without the padding.
    view.left.selectAll()
    assert view.left.createMimeDataFromSelection().text() == view.rendered.left_text
    # Turned off, the rows are one line each again; code is not wrapped unless asked.
    view.wrap.click()
    assert not view.wrap.isChecked() and view.left.pads == []
    assert view.left.horizontalScrollBar().maximum() > 0
    view.wrap.click()
    assert view.wrap.isChecked() and view.wrap_chosen
    window.compare.diff_view.wrap_chosen = False
    select(qtbot, window, "c.py")
    assert not view.wrap.isChecked()

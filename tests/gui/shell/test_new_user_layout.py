"""The window's layout and words as a new user meets them: nothing clipped that matters,
guidance where a view is empty (issue 47, item 7)."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QSettings

from simfind.core.base.paths import human_size
from simfind.core.cleanup.moves import Action, FileState, PlannedFile
from simfind.gui.cleanup.move_dialogs import ConfirmMoveDialog, LookedAt
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.gui.shell.test_main_window import scan_and_wait
from tests.places import TESTS


def test_the_confirmation_shows_a_large_size_below_the_rows_in_view(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    files = []
    for index in range(1200):  # past the 1,000 rows Qt measures to fit a column
        path = tmp_path / f"note{index:04}.txt"
        path.write_text("a few words", encoding="utf-8")
        files.append(path)
    large = tmp_path / "zz-large.bin"
    with large.open("wb") as handle:
        handle.truncate(1900 * 1024 * 1024)  # sparse: 1.9 GiB named, nothing written
    files.append(large)
    planned = [PlannedFile(p, p.stat().st_size, p.stat().st_mtime_ns) for p in files]
    seen = [LookedAt(p, FileState.UNCHANGED, p) for p in planned]
    dialog = ConfirmMoveDialog(Action.TRASH, None, seen, 0, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    last = dialog.list.topLevelItem(dialog.list.topLevelItemCount() - 1)
    assert last.text(1) == human_size(1900 * 1024 * 1024) == "1.9 GiB"
    assert not dialog.list.viewport().rect().intersects(dialog.list.visualItemRect(last))
    needed = dialog.list.fontMetrics().horizontalAdvance(last.text(1))
    header = dialog.list.header()
    assert header.sectionSize(1) > needed + 4
    # The whole column in view, the scroll bar beside it, not over it.
    right = header.sectionViewportPosition(1) + header.sectionSize(1)
    assert right <= dialog.list.viewport().width()


def test_the_format_column_holds_the_format_names_found(
    qtbot, settings: QSettings, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    documents = TESTS / "data" / "documents"
    folder = tmp_path / "documents"
    folder.mkdir()
    for name in ("en.txt", "en.odt", "en-slides.odp", "en.docx", "en.html"):
        shutil.copy(documents / name, folder / name)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1024, 640)  # a small screen: no room left over for the last column
    window.show()
    table, model = window.compare.table, window.compare.model
    table.setColumnWidth(Column.FORMAT, 95)  # its width at first (restored: the user's)
    scan_and_wait(qtbot, window, folder / "en.txt", folder)
    formats = {model.index(row, Column.FORMAT).data() for row in range(model.rowCount())}
    assert {"OpenDocument", "OpenDocument slides", "Word"} <= formats
    for language in ("en", "zh_CN"):
        window.set_language(language)
        metrics = table.fontMetrics()
        for row in range(model.rowCount()):
            shown = model.index(row, Column.FORMAT).data()
            assert metrics.horizontalAdvance(shown) + 4 < table.columnWidth(Column.FORMAT), shown
    window.set_language("en")
    window.scans.wait()


def test_the_empty_compare_tab_says_what_to_do(
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:  # type: ignore[no-untyped-def]
    table, histogram = window.compare.table, window.compare.threshold.histogram
    assert "press Scan" in table.placeholder
    assert histogram.isHidden()  # no empty box beside the threshold
    window.set_language("zh_CN")
    assert "扫描" in table.placeholder and "press" not in table.placeholder
    window.set_language("en")
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    assert table.placeholder == "" and table.model().rowCount() > 0
    assert histogram.isVisible() and sum(histogram.counts) > 0


def test_a_small_window_gives_the_table_and_the_diff_more_room(
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:  # type: ignore[no-untyped-def]
    window.resize(1024, 640)
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    window.compare.table.selectRow(1)
    view = window.compare.diff_view
    qtbot.waitUntil(lambda: view.rendered is not None and not view.tasks.pending, timeout=20_000)
    # Options sits under Scan, within the inputs' rows: no row of its own above the table.
    toggle, inputs = window.options_toggle, window.inputs
    toggle_bottom = toggle.mapTo(window, toggle.rect().bottomLeft()).y()
    inputs_bottom = inputs.mapTo(window, inputs.rect().bottomLeft()).y()
    assert toggle.isVisible() and toggle_bottom <= inputs_bottom + 4
    assert (
        toggle.mapTo(window, toggle.rect().topLeft()).y()
        >= window.scan_button.mapTo(window, window.scan_button.rect().bottomLeft()).y()
    )
    # Above each pane two lines, its name with its facts, then its path (three before).
    for header in (view.left_header, view.right_header):
        assert header.text().count("<br>") == 1, header.text()
        assert " B</small>" in header.text().split("<br>")[0], header.text()

"""The window's layout and words as a new user meets them: nothing clipped that matters,
guidance where a view is empty (issue 47, item 7)."""

from __future__ import annotations

from pathlib import Path

from simfind.core.base.paths import human_size
from simfind.core.cleanup.moves import Action, FileState, PlannedFile
from simfind.core.text.documents.formats import DocumentFormat
from simfind.gui.main_window import MainWindow
from simfind.gui.move_dialogs import ConfirmMoveDialog, LookedAt
from simfind.gui.results_model import Column
from simfind.gui.wording import words
from tests.gui.test_main_window import scan_and_wait


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


def test_the_format_column_holds_every_format_name(window: MainWindow) -> None:
    for language in ("en", "zh_CN"):
        window.set_language(language)
        metrics = window.compare.table.fontMetrics()
        width = window.compare.table.columnWidth(Column.FORMAT)
        for name in (words.document_format(f.value) for f in DocumentFormat):
            assert metrics.horizontalAdvance(name) + 4 < width, (language, name)
    window.set_language("en")


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

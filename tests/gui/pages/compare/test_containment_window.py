"""The window: containment both ways as columns, and the ranking "contains the reference"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt

from simfind.core.scan.rank import Ranking
from simfind.gui.base import i18n
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.widgets.options_panel import AUTOMATIC
from tests.core.compare.test_containment import distractors, head, prose
from tests.gui.shell.test_main_window import column_texts, scan_and_wait


@pytest.fixture
def quoted(tmp_path: Path) -> tuple[Path, Path]:
    """(a quotation, a folder with a report that holds it, a near-copy of it and others)."""
    root = tmp_path / "files"
    root.mkdir()
    quotation = head(prose(20, 120), 300)
    reference = tmp_path / "quotation.txt"
    reference.write_text(quotation, encoding="utf-8")
    report = prose(21, 250) + " " + quotation + " " + prose(22, 250)
    (root / "report.txt").write_text(report, encoding="utf-8")
    edited = [w if i % 5 else "zzz" for i, w in enumerate(quotation.split(" "))]
    (root / "edited.txt").write_text(" ".join(edited), encoding="utf-8")
    distractors(root, 8)
    return reference, root


@pytest.fixture
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    i18n.apply_language("en")


def choose(window: MainWindow, ranking: Ranking) -> None:
    box = window.options_panel.ranking_box
    box.setCurrentIndex(box.findData(ranking.value))


def is_green(window: MainWindow, name: str) -> bool:
    """Whether the row of ``name`` is tinted as a file the ranking looks for."""
    model = window.compare.model
    row = column_texts(window, Column.NAME).index(name)
    brush = model.index(row, Column.NAME).data(Qt.ItemDataRole.BackgroundRole)
    return brush is not None and brush.color().green() > brush.color().red() + 50


def test_containment_columns_show_both_shares_and_sort(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, quoted: tuple[Path, Path]
) -> None:
    choose(window, Ranking.SIMILARITY)  # sorted by distance: the click sorts by Holds
    scan_and_wait(qtbot, window, *quoted)
    names = column_texts(window, Column.NAME)
    holds = dict(zip(names, column_texts(window, Column.HOLDS), strict=True))
    held = dict(zip(names, column_texts(window, Column.HELD), strict=True))
    assert float(holds["report.txt"]) > 95 and 5 < float(held["report.txt"]) < 20
    header = window.compare.table.horizontalHeader()
    middle = header.sectionViewportPosition(Column.HOLDS) + header.sectionSize(Column.HOLDS) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, header.height() // 2)
    )
    assert header.sortIndicatorSection() == Column.HOLDS
    assert header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder  # most held first
    assert column_texts(window, Column.NAME)[:2] == ["report.txt", "edited.txt"]


def test_ranking_by_containment_is_an_option_the_scan_obeys_and_remembers(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, settings: QSettings, quoted: tuple[Path, Path]
) -> None:
    choose(window, Ranking.SIMILARITY)
    scan_and_wait(qtbot, window, *quoted)
    assert column_texts(window, Column.NAME)[0] == "edited.txt"  # by distance
    choose(window, Ranking.CONTAINMENT)
    scan_and_wait(qtbot, window, *quoted)
    assert window.compare.last_options is not None
    assert window.compare.last_options.rank.ranking is Ranking.CONTAINMENT
    assert column_texts(window, Column.NAME)[0] == "report.txt"
    # The summary counts the files that hold half the reference or more (report.txt,
    # 100 %; edited.txt, four words of five: 80 %) beside those similar as a whole.
    assert window.summary_label.text() == (
        "2 holding 50 % or more of the reference, 1 similar, of 10 scanned, 0 skipped"
    )
    # The rows the ranking looks for are the green ones: report.txt holds the reference,
    # though it is not similar as a whole. From 85 %, edited.txt (80 %) is not one of them.
    assert is_green(window, "report.txt") and is_green(window, "edited.txt")
    window.compare.threshold.box.setValue(85)  # as a user types it
    qtbot.waitUntil(lambda: not is_green(window, "edited.txt"))
    assert is_green(window, "report.txt")
    window.compare.threshold.box.setValue(50)  # remembered, as the ranking is
    window.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.options_panel.ranking() is Ranking.CONTAINMENT
    choose(again, Ranking.SIMILARITY)
    scan_and_wait(qtbot, again, *quoted)
    assert again.compare.table.horizontalHeader().sortIndicatorSection() == Column.DISTANCE
    assert again.summary_label.text() == "1 similar of 10 scanned, 0 skipped"
    assert not is_green(again, "report.txt") and is_green(again, "edited.txt")


def test_the_columns_and_the_option_in_chinese(  # type: ignore[no-untyped-def]
    window: MainWindow, english_afterwards: None
) -> None:
    window.set_language("zh_CN")
    model = window.compare.model
    titles = [model.headerData(c, Qt.Orientation.Horizontal) for c in (Column.HOLDS, Column.HELD)]
    assert titles == ["含参考 %", "参考含 %"]
    box = window.options_panel.ranking_box
    assert box.itemText(box.findData(Ranking.CONTAINMENT.value)) == "包含参考文件"
    assert window.options_panel.ranking_label.text() == "排序依据："


def test_the_holders_summary_in_chinese(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, quoted: tuple[Path, Path], english_afterwards: None
) -> None:
    choose(window, Ranking.CONTAINMENT)
    scan_and_wait(qtbot, window, *quoted)
    window.set_language("zh_CN")
    assert window.summary_label.text() == (
        "扫描了 10 个文件，其中 2 个包含参考文件的 50% 以上，1 个相似，跳过 0 个"
    )


def test_a_short_reference_ranks_by_what_contains_it_by_default(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, quoted: tuple[Path, Path]
) -> None:
    quotation, folder = quoted
    sizes = sorted(p.stat().st_size for p in folder.iterdir())
    median = (sizes[len(sizes) // 2 - 1] + sizes[len(sizes) // 2]) / 2
    assert quotation.stat().st_size <= median / 4  # short: a quarter of the median or less
    assert window.options_panel.ranking_box.currentData() == AUTOMATIC  # the default
    scan_and_wait(qtbot, window, quotation, folder)
    header = window.compare.table.horizontalHeader()
    assert header.sortIndicatorSection() == Column.HOLDS
    assert column_texts(window, Column.NAME)[:2] == ["report.txt", "edited.txt"]
    assert is_green(window, "report.txt")  # it holds the reference: what was asked
    # The same words typed or pasted: a text, short beside the folder's files.
    page = window.compare.inputs
    page.text_toggle.setChecked(True)
    page.reference_text.setPlainText(quotation.read_text(encoding="utf-8"))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    assert column_texts(window, Column.NAME)[0] == "report.txt"
    page.text_toggle.setChecked(False)
    # A reference as long as the folder's files is ranked as a whole (by distance).
    scan_and_wait(qtbot, window, folder / "other00.txt", folder)
    assert header.sortIndicatorSection() == Column.DISTANCE
    assert window.compare.last_result is not None
    assert window.compare.last_result.rank.ranking is Ranking.SIMILARITY

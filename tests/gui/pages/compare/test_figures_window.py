"""The Compare table's Similarity cell: what the folder's shared text did to a figure,
and an estimate marked "~", both sorted by the figure itself (issue 41). Real text:
the sayings of 《论语》 of Debian's fortunes-zh, Django's GeoDjango forms page in two
releases; the figures checked against difflib's ratio of words (benchmarks/judge.py)."""

from __future__ import annotations

import csv
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt

from benchmarks.judge import ratio
from simfind.core.base.paths import percent
from simfind.core.compare import blocks, verify
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.gui.base import i18n
from simfind.gui.pages.compare.results_model import Column, ResultsModel
from simfind.gui.shell.main_window import MainWindow
from tests.core.compare.test_shown_figures import FORMS_NEW, FORMS_OLD, _body, _sayings_folder
from tests.gui.shell.test_main_window import column_texts, scan_and_wait

_TIP = Qt.ItemDataRole.ToolTipRole


@pytest.fixture
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    i18n.apply_language("en")


def _cell(window: MainWindow, name: str, role: int = Qt.ItemDataRole.DisplayRole) -> str:
    model = window.compare.model
    row = column_texts(window, Column.NAME).index(name)
    value: str = model.index(row, Column.SIMILARITY).data(role)
    return value


def test_a_row_says_the_figure_with_the_folders_shared_text(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, english_afterwards: None
) -> None:
    folder, sayings = _sayings_folder(tmp_path)
    scan_and_wait(qtbot, window, folder / "09.txt", folder)
    own, whole = ratio(_body(sayings[9]), _body(sayings[28])), ratio(sayings[9], sayings[28])
    assert _cell(window, "28.txt") == f"{percent(own)} ({percent(whole)})"
    tip = _cell(window, "28.txt", _TIP)
    assert f"Counting it, as the two files compared alone are, {percent(whole)} %" in tip
    # Sorting by the column sorts by the figure, not by the cell's text.
    header = window.compare.table.horizontalHeader()
    middle = header.sectionViewportPosition(Column.SIMILARITY) + header.sectionSize(1) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, header.height() // 2)
    )
    assert header.sortIndicatorSection() == Column.SIMILARITY
    model = window.compare.model
    figures = [model.match_at(row).similarity or 0.0 for row in range(1, model.rowCount())]
    assert figures == sorted(figures, reverse=True)
    # The export says both figures, as numbers a spreadsheet reads.
    target = tmp_path / "out.csv"
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: target.exists(), timeout=10_000
    ):
        assert window.compare.export_to(str(target))
    rows = {
        r["Name"]: r for r in csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines())
    }
    assert rows["28.txt"]["Similarity %"] == percent(own)
    assert rows["28.txt"]["Counting shared text %"] == percent(whole)
    assert rows["09.txt"]["Counting shared text %"] == ""  # the reference
    # In Chinese too.
    i18n.apply_language("zh_CN")
    window.compare.model.retranslate()
    assert f"计入这些文字（两个文件单独比较时即如此），为 {percent(whole)} %" in _cell(
        window, "28.txt", _TIP
    )


def test_an_estimate_reads_with_a_tilde_and_sorts_by_its_figure(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """Under a work limit too small to finish (the real one: blocks.WORK_LIMIT, 60 million
    words hashed and sorted), the forms page's two releases are estimated."""
    monkeypatch.setattr(
        verify, "matching_blocks", functools.partial(blocks.matching_blocks, work_limit=2_000)
    )
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "old.txt").write_bytes(FORMS_OLD.read_bytes())
    (folder / "copy.txt").write_bytes(FORMS_NEW.read_bytes())
    (folder / "note.txt").write_text(FORMS_NEW.read_text("utf-8")[:100], encoding="utf-8")
    result = scan(folder / "copy.txt", folder, ScanOptions(jobs=1))
    model = ResultsModel()
    model.reset(result.bits)
    model.append(result.matches)
    model.settle()
    rows = {model.match_at(r).rel: r for r in range(model.rowCount())}
    old = model.match_at(rows["old.txt"])
    assert old.estimated and old.similarity is not None
    cell = model.index(rows["old.txt"], Column.SIMILARITY)
    assert cell.data() == f"~{percent(old.similarity)}"
    assert cell.data(_TIP).startswith("An estimate (~): the two texts are too long to compare")
    note = model.index(rows["note.txt"], Column.SIMILARITY)
    assert not note.data().startswith("~")  # exact: short enough
    model.sort(Column.SIMILARITY, Qt.SortOrder.DescendingOrder)
    figures = [model.match_at(r).similarity or 0.0 for r in range(model.rowCount())]
    assert figures[1:] == sorted(figures[1:], reverse=True)  # the reference stays on top

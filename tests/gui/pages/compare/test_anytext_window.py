"""The window with any text as the reference (the Compare tab's "Text" toggle), and two
files compared on their own (File → Compare Two Files…, two files dropped): a real
window offscreen, real files, the figures checked against difflib."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog

from benchmarks import judge
from simfind.core.base.paths import percent
from simfind.gui.diff.pair_window import PairWindow
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS

DOCUMENTS = TESTS / "data" / "documents"
EDITED = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / f"文章{index}.txt").write_text(text, encoding="utf-8")
    (root / "修订.txt").write_bytes(EDITED.encode("gbk"))
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    return root


def names(window: MainWindow) -> list[str]:
    model = window.compare.model
    return [model.match_at(row).path.name for row in range(model.rowCount())]


def drop(window: MainWindow, paths: list[Path]) -> None:
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, data, Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    window.dropEvent(event)


def shown(qtbot, pair: PairWindow) -> None:  # type: ignore[no-untyped-def]
    view = pair.diff_view
    qtbot.waitUntil(lambda: view.rendered is not None and not view.tasks.pending, timeout=20_000)


def test_a_pasted_text_is_scanned_as_the_reference(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, folder: Path, tmp_path: Path, settings: QSettings
) -> None:
    page = window.compare
    before = sorted(p.name for p in folder.iterdir())
    qtbot.mouseClick(page.text_toggle, Qt.MouseButton.LeftButton)
    assert page.reference_text.isVisible() and not page.reference_field.isVisible()
    assert not page.inputs.reference_browse.isVisible()
    page.reference_text.setFocus()
    page.reference_text.insertPlainText(EDITED)  # as a paste puts it there
    page.folder_field.set_path(str(folder))
    with qtbot.waitSignal(page.finished, timeout=60_000):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
    assert names(window)[:2] == ["修订.txt", "文章1.txt"]
    assert len(names(window)) == len(ZH_DOCS) + 2
    assert sorted(p.name for p in folder.iterdir()) == before  # the text was written nowhere
    model = page.model
    assert "reference" not in model.index(0, Column.NAME).data()  # no file is the reference
    assert model.index(0, Column.SIMILARITY).data() == "100.0"
    assert float(model.index(1, Column.SIMILARITY).data()) == pytest.approx(
        judge.ratio(EDITED, ZH_DOCS[1]) * 100, abs=1.0
    )
    assert window.windowTitle().startswith("(pasted text)")
    page.table.selectRow(1)
    view = page.diff_view
    qtbot.waitUntil(lambda: view.rendered is not None and not view.tasks.pending, timeout=20_000)
    assert "(pasted text)" in view.left_header.text()
    assert view.rendered is not None and view.rendered.exact is not None
    assert percent(view.rendered.exact.similarity) == model.index(1, Column.SIMILARITY).data()
    target = tmp_path / "结果.csv"
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: target.exists(), timeout=10_000
    ):
        assert page.export_to(str(target))
    rows = list(csv.DictReader(target.read_text(encoding="utf-8-sig").splitlines()))
    assert rows[0]["Name"] == "修订.txt" and rows[0]["Similarity %"] == "100.0"
    # The toggle and the text are taken up at the next start.
    window.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.compare.text_toggle.isChecked()
    assert again.compare.reference_text.toPlainText() == EDITED
    # A file dropped is the reference again, as before.
    again.show()
    drop(again, [folder / "文章2.txt"])
    assert not again.compare.text_toggle.isChecked()
    assert again.compare.reference_field.path() == folder / "文章2.txt"


def test_a_blank_text_is_refused_before_a_scan(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    monkeypatch.setattr(
        "simfind.gui.pages.compare.page.QMessageBox.warning",
        lambda _parent, _title, text: said.append(text),
    )
    page = window.compare
    page.text_toggle.setChecked(True)
    page.reference_text.setPlainText("  \n ")
    page.folder_field.set_path(str(folder))
    page.start()
    assert not window.scans.running
    assert said == ["Type or paste the text to compare with (it has no words yet)."]


def test_compare_two_files_opens_their_diff(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    utf8, gbk = tmp_path / "原文.txt", tmp_path / "修订-gbk.txt"
    utf8.write_text(ZH_DOCS[1], encoding="utf-8")
    gbk.write_bytes(EDITED.encode("gbk"))
    answers = iter([(str(utf8), ""), (str(gbk), "")])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args, **_kw: next(answers))
    action = window.compare.action_compare_two
    assert action in window.menu_file.actions() and action.isVisible()
    action.trigger()
    assert len(window.compare.pair_windows) == 1
    pair = window.compare.pair_windows[0]
    shown(qtbot, pair)
    assert pair.isVisible() and "原文.txt ↔ 修订-gbk.txt" in pair.windowTitle()
    view = pair.diff_view
    assert pair.found is not None and view.rendered is not None and view.rendered.exact
    similarity = pair.found.shares.similarity
    assert view.rendered.exact.similarity == similarity  # the title's and the pane's figure
    assert abs(similarity - judge.ratio(ZH_DOCS[1], EDITED)) <= 0.01
    assert f"similarity {percent(similarity)} %" in view.title.text()
    assert "gb18030" in view.right_header.text() and "First file" in view.left_header.text()
    assert "of the first file is in the second" in view.passages_label.text()
    assert view.rendered.changes  # the changed line is shown as changed
    pair.close()


def test_two_files_dropped_open_their_diff(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    docx, txt = DOCUMENTS / "zh.docx", DOCUMENTS / "zh.txt"
    before = window.compare.reference_field.path_text()
    drop(window, [docx, txt])
    assert len(window.compare.pair_windows) == 1
    assert window.compare.reference_field.path_text() == before  # not a reference now
    pair = window.compare.pair_windows[0]
    shown(qtbot, pair)
    assert pair.found is not None and pair.found.left.format == "docx"
    assert "Word" in pair.diff_view.left_header.text()
    expected = judge.ratio(pair.found.left.text, pair.found.right.text)
    assert abs(pair.found.shares.similarity - expected) <= 0.02  # see test_given_text
    # One file dropped keeps its meaning: the reference.
    drop(window, [txt])
    assert len(window.compare.pair_windows) == 1
    assert window.compare.reference_field.path() == txt
    # A file and a folder: the reference and the folder, as before.
    drop(window, [docx, tmp_path])
    assert window.compare.folder_field.path_text() == os.fspath(tmp_path)
    assert len(window.compare.pair_windows) == 1


def test_two_files_that_cannot_be_compared_say_so_above_the_reason(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    """No row to select there: the title says the two files could not be compared (it said
    "Select a row to compare it with the reference." above the error)."""
    from simfind.core.text.features import FeatureSettings

    text, gone = tmp_path / "a.txt", tmp_path / "gone.txt"
    text.write_text(EN_DOCS[0], encoding="utf-8")
    pair = PairWindow(text, gone, FeatureSettings(), documents=True)
    qtbot.addWidget(pair)
    assert pair.diff_view.title.text() == "Comparing…"
    qtbot.waitUntil(lambda: pair.error is not None, timeout=20_000)
    view = pair.diff_view
    assert view.title.text() == "These files could not be compared."
    assert view.notice.isVisibleTo(pair) and "gone.txt" in view.notice.text()

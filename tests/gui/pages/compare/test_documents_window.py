"""Documents in the window: the Format column and filter, the diff's header, the options."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from simfind.core.base.errors import SkipCause, SkipDetail, SkipReason
from simfind.gui.base import i18n
from simfind.gui.base.wording import words
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.gui.diff.test_diff_view import scanned, select
from tests.places import TESTS
from tests.texts import ZH_DOCS

DOCUMENTS = TESTS / "data" / "documents"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档"
    root.mkdir()
    for name in ("zh.docx", "zh.pdf", "zh.epub", "zh.doc"):
        shutil.copyfile(DOCUMENTS / name, root / name)
    for index, text in enumerate(ZH_DOCS[:3]):
        (root / f"笔记{index}.txt").write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    i18n.apply_language("en")


def shown(window: MainWindow, column: Column) -> dict[str, str]:
    model = window.compare.model
    return {
        model.match_at(row).path.name: model.index(row, column).data()
        for row in range(model.rowCount())
    }


def test_the_format_column_sorts_and_filters(qtbot, window: MainWindow, folder: Path) -> None:  # type: ignore[no-untyped-def]
    scanned(qtbot, window, folder, folder / "zh.docx")
    formats = shown(window, Column.FORMAT)
    assert formats["zh.docx"] == "Word" and formats["zh.pdf"] == "PDF"
    assert formats["zh.epub"] == "EPUB" and formats["笔记0.txt"] == "text"
    window.compare.table.sortByColumn(
        Column.FORMAT, window.compare.table.horizontalHeader().sortIndicatorOrder()
    )
    column = [
        window.compare.model.index(r, Column.FORMAT).data()
        for r in range(window.compare.model.rowCount())
    ]
    assert window.compare.model.match_at(0).is_reference  # the reference (Word) stays on top
    column = column[1:]
    assert column == sorted(column, key=str.casefold) or column == sorted(
        column, key=str.casefold, reverse=True
    )
    window.compare.format_box.setCurrentIndex(window.compare.format_box.findData("pdf"))
    assert list(shown(window, Column.NAME)) == ["zh.pdf"]
    window.compare.format_box.setCurrentIndex(window.compare.format_box.findData(None))
    assert len(shown(window, Column.NAME)) == 6


def test_the_diff_says_where_the_text_came_from_and_open_keeps_the_file(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, folder: Path, english_afterwards: None
) -> None:
    scanned(qtbot, window, folder, folder / "zh.docx")
    select(qtbot, window, "zh.pdf")
    view = window.compare.diff_view
    assert "text extracted from PDF" in view.right_header.text()
    assert "text extracted from Word" in view.left_header.text()
    assert "城东图书馆在老纺织厂的旧址上改建而成" in view.right.toPlainText()
    assert view.match is not None and view.match.path == folder / "zh.pdf"  # Open opens this
    i18n.apply_language("zh_CN")
    select(qtbot, window, "zh.epub")
    assert "文字提取自：EPUB" in view.right_header.text()


def test_plain_text_only_is_an_option_the_scan_obeys(
    qtbot, window: MainWindow, folder: Path
) -> None:  # type: ignore[no-untyped-def]
    window.options_panel.text_only_box.setChecked(True)
    scanned(qtbot, window, folder, folder / "笔记0.txt")
    assert set(shown(window, Column.FORMAT).values()) == {"text"}
    assert "zh.docx" not in shown(window, Column.NAME)


def test_every_document_skip_is_worded_in_both_languages(english_afterwards: None) -> None:
    cases = [
        (SkipReason.LEGACY_FORMAT, SkipDetail(SkipCause.OLD_FORMAT, format="doc")),
        (SkipReason.ENCRYPTED, SkipDetail(SkipCause.PASSWORD, format="pdf")),
        (SkipReason.CORRUPT, SkipDetail(SkipCause.DAMAGED, format="docx")),
        (SkipReason.ZIP_BOMB, SkipDetail(SkipCause.TOO_MANY_PARTS, size=30000, limit=20000)),
        (SkipReason.ZIP_BOMB, SkipDetail(SkipCause.PART_TOO_LARGE, size=2**32, limit=2**26)),
        (SkipReason.ZIP_BOMB, SkipDetail(SkipCause.COMPRESSION_RATIO, size=1000, limit=200)),
        (SkipReason.ZIP_BOMB, SkipDetail(SkipCause.UNPACKED_TOO_LARGE, size=2**29, limit=2**28)),
        (
            SkipReason.ZIP_BOMB,
            SkipDetail(SkipCause.PAGE_CONTENT_TOO_LARGE, size=2**25, limit=2**24),
        ),
        (SkipReason.XML_BOMB, SkipDetail(SkipCause.ENTITY_DECLARATIONS, format="docx")),
        (SkipReason.NO_TEXT_LAYER, SkipDetail(SkipCause.SCANNED_PAGES, size=12, format="pdf")),
        (SkipReason.TIMED_OUT, SkipDetail(SkipCause.OVER_BUDGET, limit=30000, format="pdf")),
        (SkipReason.TEXT_TOO_LARGE, SkipDetail(SkipCause.TEXT_OVER_LIMIT, limit=64 << 20)),
    ]
    english = [words.skip_text(reason, detail) for reason, detail in cases]
    assert english[0] == "legacy Word format: save it as .docx"
    assert english[9] == "no text layer — a scanned image (12 scanned pages)"
    assert english[10] == "took too long to read (more than 30 s)"
    i18n.apply_language("zh_CN")
    chinese = [words.skip_text(reason, detail) for reason, detail in cases]
    assert chinese[0] == "旧版 Word 格式：请另存为 .docx"
    assert chinese[9] == "没有文字层，是扫描件（共 12 页扫描页）"
    for text in chinese:
        assert any("\u4e00" <= char <= "\u9fff" for char in text), text

"""Under a light palette and a dark one, and after a switch between them, the window's text
stays readable: the contrast of text and background measured on the rendered pixels
(WCAG: 4.5 for text, 3 for the histogram's bars) in the diff, the tables, the histogram
and the confirmation's list."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QImage, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

from simfind.core.cleanup.moves import Action, FileState, PlannedFile
from simfind.core.compare.diff import Kind
from simfind.gui.base.colours import contrast
from simfind.gui.cleanup.move_dialogs import ConfirmMoveDialog, LookedAt
from simfind.gui.diff.widgets import DiffPane
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.gui.palettes import dark_palette
from tests.gui.shell.test_main_window import scan_and_wait

HEADER = "".join(
    f"# Licensed under the Apache License, Version 2.0, clause {n} of the agreement\n"
    for n in range(6)
)
WORDS = [
    "river",
    "lantern",
    "harbour",
    "meadow",
    "pepper",
    "violin",
    "glacier",
    "orchard",
    "canyon",
    "copper",
]


def body(seed: int, lines: int = 14) -> str:
    return "".join(
        " ".join(WORDS[(seed * 7 + line * 3 + k) % len(WORDS)] for k in range(8)) + f" {line}\n"
        for line in range(lines)
    )


@pytest.fixture
def themed(qapp: QApplication) -> Iterator[dict[str, QPalette]]:
    """Fusion, with its light palette and a dark one to switch between; as before after."""
    style, palette = qapp.style().name(), qapp.palette()
    qapp.setStyle(QStyleFactory.create("Fusion"))
    yield {"light": qapp.style().standardPalette(), "dark": dark_palette()}
    qapp.setStyle(QStyleFactory.create(style))
    qapp.setPalette(palette)


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()
        time.sleep(0.01)


def text_contrast(image: QImage, area: QRect) -> float:
    """The contrast of the text in ``area`` with its background, read off the pixels: the
    background is the commonest colour, the text the one farthest from it (found in a
    few pixels at least: a glyph's stems, not one stray pixel of its edge)."""
    area = area.intersected(image.rect())
    counts = Counter(
        image.pixel(x, y)
        for y in range(area.top(), area.bottom() + 1)
        for x in range(area.left(), area.right() + 1)
    )
    background = QColor(counts.most_common(1)[0][0])
    return max(contrast(QColor(rgb), background) for rgb, n in counts.items() if n >= 3)


def line_area(pane: DiffPane, line: int, start: int = 0, end: int | None = None) -> QRect:
    """Where a display line (from column ``start`` to ``end``) is drawn in the pane."""
    block = pane.document().findBlockByNumber(line)
    top = pane.blockBoundingGeometry(block).translated(pane.contentOffset()).toRect()
    cursor = QTextCursor(block)
    cursor.setPosition(block.position() + start)
    left = pane.cursorRect(cursor).left()
    cursor.setPosition(block.position() + (block.length() - 1 if end is None else end))
    right = pane.cursorRect(cursor).left() if end is not None else left + 10_000
    return QRect(left, top.top() + 1, max(1, right - left), top.height() - 2)


def diff_contrasts(window: MainWindow) -> dict[str, float]:
    """The lowest contrast of text on each kind of line (and changed word) of the diff."""
    view = window.compare.diff_view
    rendered = view.rendered
    assert rendered is not None
    found: dict[str, float] = {}
    for pane, left in ((view.left, True), (view.right, False)):
        pane.setFocus()
        image = pane.viewport().grab().toImage()
        greyed = rendered.boilerplate_spans[0 if left else 1]
        for line, row in enumerate(rendered.rows):
            number = None if row is None else row.left if left else row.right
            if row is None or number is None:
                continue
            spans = row.left_spans if left else row.right_spans
            kind = row.kind.value
            if row.kind is Kind.CHANGED and spans:
                found_word = text_contrast(image, line_area(pane, line, *spans[0]))
                found["changed word"] = min(found.get("changed word", 99), found_word)
                if spans[0][0] == 0:
                    continue
                area = line_area(pane, line, 0, spans[0][0])
            elif number in greyed:
                kind = "boilerplate"
                area = line_area(pane, line, *greyed[number][0])
            else:
                area = line_area(pane, line)
            if area.bottom() < image.height():
                found[kind] = min(found.get(kind, 99), text_contrast(image, area))
    return found


def table_contrast(view: QWidget, rows: int, column: int) -> float:
    """The lowest contrast of text and background of a table's first rows in a column (those
    in sight and not selected: a selection is in the palette's own colours)."""
    image = view.viewport().grab().toImage()  # type: ignore[attr-defined]
    model = view.model()  # type: ignore[attr-defined]
    selected = view.selectionModel()  # type: ignore[attr-defined]
    areas = [
        view.visualRect(model.index(row, column))  # type: ignore[attr-defined]
        for row in range(min(rows, model.rowCount()))
        if not selected.isSelected(model.index(row, column))
    ]
    shown = [area for area in areas if image.rect().contains(area)]
    assert shown, "rows in sight"
    return min(text_contrast(image, area) for area in shown)


def bar_contrast(widget: QWidget) -> float:
    image = widget.grab().toImage()
    return text_contrast(image, image.rect().adjusted(3, 3, -3, -3))


@pytest.fixture
def licensed(tmp_path: Path) -> tuple[Path, Path]:
    """Files that share a licence header (boilerplate), one an edited copy of the reference."""
    folder = tmp_path / "sources"
    folder.mkdir()
    for index in range(1, 16):
        (folder / f"module{index:02}.py").write_text(HEADER + body(index), encoding="utf-8")
    reference = tmp_path / "reference.py"
    text = HEADER + body(0)
    reference.write_text(text, encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines[8] = lines[8].replace("lantern", "lamp")  # changed: one word
    del lines[11]  # deleted
    lines.insert(14, "an inserted line of its own\n")
    (folder / "edited.py").write_text("".join(lines), encoding="utf-8")
    return reference, folder


def test_text_stays_readable_under_a_light_and_a_dark_palette(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, themed: dict[str, QPalette], licensed: tuple[Path, Path]
) -> None:
    reference, folder = licensed
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication)
    window.resize(1400, 900)
    scan_and_wait(qtbot, window, reference, folder)
    names = [
        window.compare.model.match_at(r).path.name for r in range(window.compare.model.rowCount())
    ]
    window.compare.table.selectRow(names.index("edited.py"))
    qtbot.waitUntil(lambda: window.compare.diff_view.rendered is not None, timeout=30_000)
    window.compare.diff_view.left.verticalScrollBar().setValue(0)
    for name in ("light", "dark", "light"):  # and back: a theme change recolours
        qapp.setPalette(themed[name])
        settle()
        measured = diff_contrasts(window)
        assert set(measured) >= {"equal", "changed", "changed word", "inserted", "deleted"}
        assert "boilerplate" in measured, "the licence header is greyed"
        assert min(measured.values()) >= 4.5, (name, measured)
        table = window.compare.table
        assert table_contrast(table, 17, Column.SIMILARITY) >= 4.5, name
        assert bar_contrast(window.compare.threshold.histogram) >= 3.0, name


def test_the_groups_table_and_the_confirmation_stay_readable(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, themed: dict[str, QPalette], licensed: tuple[Path, Path]
) -> None:
    _, folder = licensed
    (folder / "copy.py").write_bytes((folder / "module01.py").read_bytes())
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication)
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(folder), False)])
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    files = sorted(folder.glob("module*.py"))
    planned = [PlannedFile(p, p.stat().st_size, p.stat().st_mtime_ns) for p in files[:4]]
    seen = [
        LookedAt(planned[0], FileState.UNCHANGED, planned[0]),
        LookedAt(planned[1], FileState.CHANGED, planned[1]),  # in orange
        LookedAt(planned[2], FileState.KEPT_CHANGED, planned[2]),  # in grey
        LookedAt(planned[3], FileState.VANISHED, None),  # in grey
    ]
    dialog = ConfirmMoveDialog(Action.TRASH, None, seen, 1, window)
    qtbot.addWidget(dialog)
    dialog.show()
    for name in ("light", "dark", "light"):
        qapp.setPalette(themed[name])
        settle()
        tree = window.groups.tree
        assert tree.flat.rowCount() >= 2
        assert table_contrast(tree, 6, 0) >= 4.5, name
        assert table_contrast(dialog.list, 4, 0) >= 4.5, name
        warning = dialog.warning.grab().toImage()
        assert text_contrast(warning, warning.rect()) >= 4.5, name
        dialog.list.setFocus()
    assert dialog.list.topLevelItem(1).foreground(0).color() != (
        dialog.list.topLevelItem(0).foreground(0).color()
    )

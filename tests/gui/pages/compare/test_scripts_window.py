"""Traditional and Simplified as one text in the window: the option, the scan it drives,
the diff that shows the Big5 copy as written and agrees with its row."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from simfind.core.compare import boilerplate
from simfind.core.compare.diff import DiffOptions, Kind
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.gui.diff.rendering import Side, compute
from simfind.gui.shell.main_window import MainWindow
from tests.gui.diff.test_diff_view import scanned, select
from tests.places import TESTS

DATA = TESTS / "data"
SIMPLIFIED = DATA / "zh_manual" / "faq-what-is-debian.txt"
TRADITIONAL = DATA / "zh_scripts" / "faq-what-is-debian.big5.txt"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "资料"
    root.mkdir()
    shutil.copy(TRADITIONAL, root)
    for name in ("backup-bookworm.txt", "hardware-bookworm.txt"):
        shutil.copy(DATA / "zh_manual" / name, root)
    return root


def test_the_diff_shows_the_copy_as_written_and_agrees_with_the_row(folder: Path) -> None:
    row = scan(SIMPLIFIED, folder, ScanOptions()).matches[0]
    copy = TRADITIONAL.read_bytes().decode("big5")
    left = Side(SIMPLIFIED, "utf-8", SIMPLIFIED.stat().st_size)
    right = Side(folder / TRADITIONAL.name, "big5", TRADITIONAL.stat().st_size)
    rendered = compute(left, right, DiffOptions(fold_scripts=True), False, boilerplate.NONE)
    assert rendered.result.right_lines == copy.splitlines()
    assert rendered.exact is not None and rendered.exact.similarity == row.similarity
    plain = compute(left, right, DiffOptions(), False, boilerplate.NONE)
    changed = [r for r in rendered.result.rows if r.kind is not Kind.EQUAL]
    unchanged = [r for r in plain.result.rows if r.kind is not Kind.EQUAL]
    # Lines that differ in their script alone are equal rows: the few left differ in words.
    assert len(changed) < len(unchanged) / 3
    assert plain.exact is not None and plain.exact.similarity < 0.6


def test_the_checkbox_drives_the_scan_and_the_diff(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, folder: Path, settings: QSettings
) -> None:
    box = window.options_panel.fold_scripts_box
    assert box.isChecked() and box.text() == "Treat Traditional and Simplified as the same"
    scanned(qtbot, window, folder, SIMPLIFIED)
    first = window.compare.model.match_at(0)
    assert first.path.name == TRADITIONAL.name
    assert first.similarity is not None and first.similarity >= 0.95
    select(qtbot, window, TRADITIONAL.name)
    view = window.compare.diff_view
    assert view.right.toPlainText().startswith("1.2. 什麼是 Debian GNU/Linux？")
    assert view.rendered is not None and view.rendered.exact is not None
    assert view.rendered.exact.similarity == first.similarity

    box.setChecked(False)
    scanned(qtbot, window, folder, SIMPLIFIED)
    row = next(
        window.compare.model.match_at(r)
        for r in range(window.compare.model.rowCount())
        if window.compare.model.match_at(r).path.name == TRADITIONAL.name
    )
    assert row.similarity is not None and row.similarity < 0.6
    select(qtbot, window, TRADITIONAL.name)
    assert view.rendered is not None and view.rendered.exact is not None
    assert view.rendered.exact.similarity == row.similarity

    window.close()  # the choice is remembered, like the other options
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert not again.options_panel.fold_scripts_box.isChecked()

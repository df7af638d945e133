"""The diff of a group's file reads the texts as the search did: its reading settings,
taken whole from its result (a Traditional copy of a Simplified text, scripts folded)."""

from __future__ import annotations

import shutil
from pathlib import Path

from simfind.core.compare.diff import Kind
from simfind.gui.shell.main_window import MainWindow
from tests.gui.pages.groups.test_groups_window import search
from tests.places import TESTS

DATA = TESTS / "data"
SIMPLIFIED = DATA / "zh_manual" / "faq-what-is-debian.txt"
TRADITIONAL = DATA / "zh_scripts" / "faq-what-is-debian.big5.txt"


def test_the_diff_of_a_member_takes_the_searchs_reading_whole(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "资料"
    folder.mkdir()
    for source in (SIMPLIFIED, TRADITIONAL, DATA / "zh_manual" / "backup-bookworm.txt"):
        shutil.copy(source, folder)
    assert window.options_panel.fold_scripts_box.isChecked()
    search(qtbot, window, [folder])
    result = window.groups.result
    assert result is not None and result.reading is not None and result.reading.fold_scripts
    model = window.groups.model
    assert model.group_count() == 1
    group = model.index(0, 0)
    diff = window.groups.diff_view
    with qtbot.waitSignal(
        diff.shown, check_params_cb=lambda _: diff.rendered is not None, timeout=20_000
    ):
        window.groups.tree.setCurrentIndex(model.index(1, 0, group))
    assert diff.reading is result.reading
    assert diff.rendered is not None
    rows = diff.rendered.result.rows
    changed = [r for r in rows if r.kind is not Kind.EQUAL]
    # Lines that differ in their script alone are equal rows, as the search read them.
    assert len(changed) < len(rows) / 4

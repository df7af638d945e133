"""Files dated past 2262, past 9999, before 1901 and before 1970 in the window: the Modified
column of the results, of the groups and of the versions shows each, and sorts them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.core.cache.test_file_times import TIMES, YEARS, dated  # noqa: F401 - the fixture
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import column_texts, scan_and_wait


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def test_the_modified_columns_show_and_sort_every_time(
    qtbot,
    window: MainWindow,
    dated: Path,  # noqa: F811
) -> None:  # type: ignore[no-untyped-def]
    # datetime.fromtimestamp raised on a year past 9999 (and on Windows before 1970).
    scan_and_wait(qtbot, window, dated / "now.txt", dated)
    model = window.compare.model
    assert model.rowCount() == len(TIMES)
    model.sort(Column.MODIFIED, Qt.SortOrder.AscendingOrder)
    names = [m.path.name for m in model.visible_matches() if not m.is_reference]
    assert names == [n for n in sorted(TIMES, key=TIMES.__getitem__) if n != "now.txt"]
    shown = column_texts(window, Column.MODIFIED)
    for year in YEARS.values():
        assert any(text.startswith(f"{year}-06-15 ") for text in shown), shown

    search(qtbot, window, [dated])
    groups = window.groups.model
    group = groups.index(0, 0)
    cells = {
        groups.data(groups.index(r, GroupColumn.MODIFIED, group))
        for r in range(groups.rowCount(group))
    }
    for year in YEARS.values():
        assert any(str(text).startswith(f"{year}-06-15 ") for text in cells), cells

    page = window.groups
    qtbot.mouseClick(page.versions_button, Qt.MouseButton.LeftButton)
    view = page.versions_view
    qtbot.waitUntil(lambda: view.tree.topLevelItemCount() == 1, timeout=30_000)
    texts: list[str] = []
    pending = [view.tree.topLevelItem(0)]
    while pending:
        item = pending.pop()
        assert item is not None
        texts.append(item.text(2))
        pending += [item.child(i) for i in range(item.childCount())]
    for year in YEARS.values():
        assert any(text.startswith(f"{year}-06-15 ") for text in texts), texts

"""Help: F1 opens how simfind compares; the shortcuts page lists the window's own keys."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from simfind.gui.base import i18n
from simfind.gui.shell.help_pages import HelpDialog
from simfind.gui.shell.main_window import MainWindow


def _open_help(qtbot, window: MainWindow, key: Qt.Key) -> HelpDialog:  # type: ignore[no-untyped-def]
    qtbot.keyClick(window, key)
    qtbot.waitUntil(lambda: bool(window.findChildren(HelpDialog)), timeout=5000)
    (dialog,) = window.findChildren(HelpDialog)
    return dialog


def _rows(table: QTableWidget) -> dict[str, str]:
    return {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}


def test_f1_opens_how_simfind_compares_and_the_shortcuts_are_the_windows(
    qtbot, window: MainWindow
) -> None:  # type: ignore[no-untyped-def]
    dialog = _open_help(qtbot, window, Qt.Key.Key_F1)
    assert dialog.tabs.currentWidget() is dialog.comparing
    page = dialog.comparing.toPlainText()
    for figure in ("Similarity", "Holds", "Held", "Distance"):
        assert f"\n{figure}\n" in f"\n{page}\n"
    # One example carried through: 100 words held whole by a file of 400.
    assert "2 × 100 ÷ (100 + 400) = 40 %" in page and "25 % (100 of its 400 words)" in page
    rows = _rows(dialog.shortcuts)
    assert rows["Scan"] == "F5"
    assert rows["Next change in the diff"] == "Alt+Down"
    assert rows["How simfind Compares"] == "F1"
    assert all(rows.values()) and len(rows) >= 12
    dialog.close()
    window.action_shortcuts.trigger()
    (shortcuts,) = [d for d in window.findChildren(HelpDialog) if d.isVisible()]
    assert shortcuts.tabs.currentWidget() is shortcuts.shortcuts


def test_help_in_chinese(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.set_language("zh_CN")
    try:
        dialog = _open_help(qtbot, window, Qt.Key.Key_F1)
        page = dialog.comparing.toPlainText()
        assert "相似度" in page and "2 × 100 ÷ (100 + 400) = 40 %" in page
        assert dialog.tabs.tabText(1) == "键盘快捷键"
        assert _rows(dialog.shortcuts)["扫描"] == "F5"  # not "扫描(S)": the key goes too
        table = dialog.shortcuts
        where = {table.item(r, 0).text(): table.item(r, 2).text() for r in range(table.rowCount())}
        assert where["扫描"] == "所有标签页"
        assert where["导出表格"] == "与参考文件比较、近似重复的行"  # as Chinese lists them
        dialog.close()
    finally:
        window.set_language("en")
        i18n.apply_language("en")


def test_the_shortcuts_follow_the_menus_each_with_its_tab(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    window.action_shortcuts.trigger()
    (dialog,) = [d for d in window.findChildren(HelpDialog) if d.isVisible()]
    assert dialog.windowTitle() == "Help"  # the window system adds " — simfind"
    table = dialog.shortcuts
    rows = [tuple(table.item(r, c).text() for c in range(3)) for r in range(table.rowCount())]
    assert table.horizontalHeaderItem(2).text() == "Tab"
    exports = sorted((tab, name) for name, keys, tab in rows if keys == "Ctrl+E")
    # Ctrl+E once for each export, and the tabs it works on say which export it is.
    assert exports == [
        ("Compare with a File, Near-Duplicate Lines", "Export the Table"),
        ("Find All Near-Duplicates", "Export Groups"),
    ], rows
    assert len({(name, keys) for name, keys, _ in rows}) == len(rows)
    where = {name: tab for name, _, tab in rows}
    assert where["Scan"] == "Every tab"
    assert where["Next change in the diff"] == "Compare with a File, Find All Near-Duplicates"
    # In the menus' order: File's entries before Scan's, Scan's before Help's.
    names = [name for name, _, _ in rows]
    assert (
        names.index("Choose Reference File")
        < names.index("Scan")
        < names.index("How simfind Compares")
    )
    assert names.index("How simfind Compares") < names.index("Next change in the diff")

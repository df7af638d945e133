"""File → Export Report… on the Compare and Groups pages: the dialog asked, the report
written off the GUI thread with the figures the window shows, in its language."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from simfind.core.base.paths import percent
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.gui.pages.groups.test_groups_window import search
from tests.places import TESTS
from tests.report_html import read_report
from tests.texts import EN_DOCS

DATA = TESTS / "data"
ZH_OLD = DATA / "zh_manual" / "backup-bullseye.txt"
ZH_NEW = DATA / "zh_manual" / "backup-bookworm.txt"


def folder_of_editions(tmp_path: Path) -> Path:
    root = tmp_path / "手册"
    root.mkdir()
    (root / "old.txt").write_text(ZH_OLD.read_text("utf-8"), encoding="utf-8")
    (root / "new.txt").write_text(ZH_NEW.read_text("utf-8"), encoding="utf-8")
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "other.md").write_text(EN_DOCS[2], encoding="utf-8")
    return root


def menu_action(window: MainWindow, text: str):  # type: ignore[no-untyped-def]
    """The File menu's action of this text, as the user finds it."""
    found = [
        a for a in window.menu_file.actions() if a.text().replace("&", "") == text and a.isVisible()
    ]
    assert len(found) == 1 and found[0].isEnabled()
    return found[0]


def test_compare_page_exports_the_selected_rows_report(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    folder = folder_of_editions(tmp_path)
    page = window.compare
    page.reference_field.set_path(str(folder / "old.txt"))
    page.folder_field.set_path(str(folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
    names = [page.model.index(r, Column.NAME).data() for r in range(page.model.rowCount())]
    row = names.index("new.txt")
    page.table.selectRow(row)
    shown = page.model.index(row, Column.SIMILARITY).data()
    target = tmp_path / "out" / "报告.html"
    target.parent.mkdir()
    asked: list[str] = []

    def save_dialog(parent, title, start, filters):  # type: ignore[no-untyped-def]
        asked.append(title)
        return str(target), filters

    monkeypatch.setattr("simfind.gui.pages.base.QFileDialog.getSaveFileName", save_dialog)
    with qtbot.waitSignal(
        window.tasks.finished,
        check_params_cb=lambda _: (
            target.exists() and "Exported" in window.statusBar().currentMessage()
        ),
        timeout=20_000,
    ):
        menu_action(window, "Export Report…").trigger()
    assert asked == ["Export Report"]
    read = read_report(target.read_text("utf-8"))
    assert read.row("Name") == ["old.txt", "new.txt"]
    assert read.row("Similarity")[0] == f"{shown} %"
    match = page.model.match_at(row)
    assert read.row("Similarity")[0] == f"{percent(match.similarity or 0.0)} %"
    assert read.row("Fingerprint distance")[0] == f"{match.distance} of 128 bits"
    assert "备份管理" in read.sides[1].text


def test_compare_page_asks_for_a_row_first(qtbot, window: MainWindow, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    told: list[str] = []
    monkeypatch.setattr(
        "simfind.gui.pages.compare.page.QMessageBox.information", lambda *args: told.append(args[2])
    )
    window.compare.export_report()
    assert told and "Select a file" in told[0]


def test_groups_page_exports_the_selected_group_in_chinese(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    folder = folder_of_editions(tmp_path)
    edited = ZH_NEW.read_text("utf-8").replace("备份", "备存", 2)
    (folder / "new-edited.txt").write_text(edited, encoding="utf-8")
    (folder / "new-noted.txt").write_text(edited + "\n附注。", encoding="utf-8")
    search(qtbot, window, [folder])
    page = window.groups
    model = page.model
    rows = [model.members(r) for r in range(model.group_count())]
    row = next(r for r, members in enumerate(rows) if len(members) >= 3)
    page.tree.setCurrentIndex(model.index(row, 0))
    target = tmp_path / "组.html"
    monkeypatch.setattr(
        "simfind.gui.pages.base.QFileDialog.getSaveFileName",
        lambda *args: (str(target), args[3]),
    )
    window.set_language("zh_CN")
    try:
        with qtbot.waitSignal(
            window.tasks.finished,
            check_params_cb=lambda _: target.exists() and not window.tasks.pending,
            timeout=20_000,
        ):
            page.export_report()
    finally:
        window.set_language("en")
    read = read_report(target.read_text("utf-8"))
    assert read.lang == "zh-CN"
    members = rows[row]
    assert len(read.sides) == 2 * (len(members) - 1)  # the centre beside each other file
    for index, member in enumerate(members[1:], start=2):
        cells = read.row(str(index))
        assert cells[0] == str(member.path)
        assert cells[1] == f"{percent(member.similarity or 0.0)} %"
        assert cells[2] == str(member.distance)

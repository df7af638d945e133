"""The window's records mode: a file's near-duplicate lines grouped, preview at the line, export."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QMessageBox

from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordSpec
from simfind.core.records.search import find_record_groups
from simfind.core.runs.progress import Progress
from simfind.gui.base import i18n
from simfind.gui.pages.lines.page import KINDS
from simfind.gui.pages.lines.record_groups_model import RecordColumn, RecordGroupsModel
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.core.cleanup.test_line_removal import copied_sayings
from tests.core.records.test_record_search import QUOTES
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import scan_and_wait


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    """English with its plural forms ("1 file", "2 files"), as the app starts it."""
    i18n.apply_language("en")


@pytest.fixture(autouse=True)
def no_modal_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A warning box would wait for a click that never comes: fail at once instead."""

    def refuse(*args: object) -> None:
        raise AssertionError(f"unexpected warning: {args[1:]}")

    monkeypatch.setattr(QMessageBox, "warning", refuse)


@pytest.fixture
def quotes(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    path = folder / "quotes.txt"
    path.write_text("\n".join(QUOTES) + "\n", encoding="utf-8")
    return path


def test_the_model_is_the_groups_tree_with_records(qtmodeltester, quotes: Path) -> None:
    result = find_record_groups([quotes], RecordOptions(RecordSpec.parse("lines")))
    model = RecordGroupsModel()
    model.set_records(result, [quotes])
    qtmodeltester.check(model)
    assert model.rowCount() == 3
    group = model.index(0, 0)
    assert model.data(group) == "Group 1: 2 records"
    assert model.rowCount(group) == 2
    lines = {model.data(model.index(row, RecordColumn.LINE, group)) for row in range(2)}
    assert lines in ({"1", "7"}, {"2", "10"}, {"3", "9"})
    assert model.data(model.index(0, RecordColumn.FILE, group)) == str(quotes)
    assert model.data(model.index(0, RecordColumn.SIMILARITY, group)) == "100.0"
    # Lines can be marked (to be left out of a copy of their file); other records not.
    assert model.flags(model.index(0, 0, group)) & Qt.ItemFlag.ItemIsUserCheckable
    cells = find_record_groups([quotes], RecordOptions(RecordSpec.parse("paragraphs")))
    model.set_records(cells, [quotes])
    assert not model.flags(model.index(0, 0, model.index(0, 0))) & Qt.ItemFlag.ItemIsUserCheckable


def find(window: MainWindow, qtbot, path: Path) -> None:  # type: ignore[no-untyped-def]
    view = window.lines
    window.set_mode(Mode.RECORDS)
    view.set_path(str(path))
    with qtbot.waitSignal(view.finished, timeout=30000):
        view.start()


def test_a_file_dropped_in_records_mode_lists_its_groups(window: MainWindow, qtbot, quotes: Path):
    view = window.lines
    window.set_mode(Mode.RECORDS)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(quotes))])
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, data, Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )  # fmt: skip
    with qtbot.waitSignal(view.finished, timeout=30000):
        window.dropEvent(event)
    assert not view.running and view.result is not None
    assert view.model.rowCount() == 3
    assert "3 groups of near-duplicates among 10 records in 1 file" in view.summary.text()


def test_selecting_a_record_shows_its_line(window: MainWindow, qtbot, quotes: Path) -> None:
    find(window, qtbot, quotes)
    view = window.lines
    model = view.model
    group = model.index(0, 0)
    second = model.index(1, 0, group)
    record = model.record_at(second)
    assert record is not None
    view.tree.setCurrentIndex(second)
    qtbot.waitUntil(lambda: view.preview.toPlainText().startswith(QUOTES[0]), timeout=10000)
    qtbot.waitUntil(lambda: view.current_line() == record.line, timeout=10000)
    selected = view.preview.extraSelections()
    assert selected and selected[0].cursor.blockNumber() == record.line - 1
    assert f"line {record.line}" in view.preview_label.text()
    # The file's own line numbers in a gutter beside the text, as in the diff.
    assert view.preview.numbers[record.line - 1] == record.line
    assert view.preview.viewportMargins().left() == view.preview.gutter.width() > 0


def exported_rows(window: MainWindow, qtbot, target: Path) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    """The Lines tab's groups exported to ``target`` (CSV) and read back."""
    done: list[str] = []
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: bool(done), timeout=10000
    ):
        assert window.lines.export_to(str(target), done.append)
    with target.open(encoding="utf-8-sig") as stream:
        return list(csv.DictReader(stream))


def test_records_export_as_csv(window: MainWindow, qtbot, quotes: Path, tmp_path: Path) -> None:
    find(window, qtbot, quotes)
    target = tmp_path / "out.csv"
    rows = exported_rows(window, qtbot, target)
    assert len(rows) == 6 and {row["Group"] for row in rows} == {"1", "2", "3"}
    assert all(row["Path"] == str(quotes) for row in rows)
    # Into the folder searched too: the user chose it (it was refused).
    inside = quotes.parent / "out.csv"
    assert exported_rows(window, qtbot, inside) == rows


def test_a_csv_file_without_the_column_says_so(window: MainWindow, qtbot, tmp_path: Path):
    table = tmp_path / "t.csv"
    table.write_text("who,text\nme,hello there\n", encoding="utf-8")
    view = window.lines
    view.kind_box.setCurrentIndex(view.kind_box.findData(RecordSpec.parse("csv:x").kind.value))
    assert view.column_field.isVisibleTo(view)
    view.column_field.setText("quote")
    warned: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
        find(window, qtbot, table)
    assert warned and "quote" in warned[0] and "who, text" in warned[0]
    # Headline, why, which file: one thing per line, no parenthesis inside another.
    headline, why, file = warned[0].split("\n")
    assert headline == "This file has no records to compare."
    assert why.startswith("Why: ") and file == f"File: {table}"
    # The dialog says it all; the summary under the results only that it stopped.
    assert view.summary.text() == headline


def test_each_kind_chosen_is_the_kind_searched(window: MainWindow) -> None:
    view = window.lines
    for row, kind in enumerate(KINDS):
        view.kind_box.setCurrentIndex(row)
        assert view.spec().kind is kind


def test_records_mode_in_chinese(window: MainWindow, qtbot, quotes: Path) -> None:
    i18n.apply_language("zh_CN")
    try:
        window.retranslate()
        assert window.mode_tabs.tabText(Mode.RECORDS) == "近似重复的行"
        find(window, qtbot, quotes)
        view = window.lines
        # One sentence, in Chinese order (it read "3 组近似重复 共 10 条记录 来自 1 个文件").
        assert view.summary.text() == "在 1 个文件的 10 条记录中找到 3 组近似重复项"
        assert view.model.data(view.model.index(0, 0)) == "第 1 组：2 条记录"
        assert view.model.headerData(1, Qt.Orientation.Horizontal) == "行"
    finally:
        i18n.apply_language("en")
        window.retranslate()


def test_records_mode_shows_its_own_inputs_and_marks_nothing(window: MainWindow) -> None:
    window.set_mode(Mode.RECORDS)
    assert window.lines.isVisibleTo(window)
    assert not window.scan_button.isVisibleTo(window)
    assert not window.inputs.isVisibleTo(window)
    assert window.marked() == []
    window.set_mode(Mode.GROUPS)
    assert window.scan_button.isVisibleTo(window) and not window.lines.isVisibleTo(window)


def test_the_status_bar_tells_of_no_comparison_in_records_mode(
    window: MainWindow, qtbot, quotes: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "copy.txt").write_text(quotes.read_text(encoding="utf-8"), encoding="utf-8")
    scan_and_wait(qtbot, window, quotes, folder)
    summary = window.summary_label.text()
    assert "1 similar" in summary
    window.set_mode(Mode.RECORDS)
    assert window.summary_label.text() == ""
    assert not window.skipped_button.isVisibleTo(window)
    window.set_mode(Mode.COMPARE)
    assert window.summary_label.text() == summary


def test_the_search_for_pairs_shows_its_progress_in_both_languages(
    window: MainWindow, qtbot, quotes: Path
) -> None:  # type: ignore[no-untyped-def]
    view = window.lines
    window.set_mode(Mode.RECORDS)
    view.set_path(str(quotes))
    blocker = qtbot.waitSignal(view.finished, timeout=30_000)
    view.start()
    searching = Progress(420, 1000, 0, 0, "", 30.0, stage="searching")
    view._on_progress(searching)  # as a long search for pairs reports it
    assert view.progress_bar.text() == "Finding pairs of similar fingerprints  42%"
    i18n.apply_language("zh_CN")
    view._on_progress(searching)
    assert view.progress_bar.text() == "正在查找指纹相近的记录对  42%"
    i18n.apply_language("en")
    blocker.wait()


def test_repeated_lines_marked_and_left_out_of_a_copy(
    window: MainWindow, qtbot, quotes: Path
) -> None:  # type: ignore[no-untyped-def]
    find(window, qtbot, quotes)
    view = window.lines
    assert view.marks_row.isVisible() and not view.save_button.isEnabled()
    qtbot.mouseClick(view.mark_button, Qt.MouseButton.LeftButton)
    marked = sorted(view.model.columns.record(m).line for m in view.model.marked())
    assert marked == [7, 9, 10]  # each group keeps its first line
    assert view.marked_label.text() == "3 lines marked"
    original = quotes.read_bytes()
    with qtbot.waitSignal(
        window.tasks.finished,
        check_params_cb=lambda _: bool(view.findChildren(QMessageBox)),
        timeout=10000,
    ):
        qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    (box,) = [b for b in view.findChildren(QMessageBox) if b.isVisible()]
    copy = quotes.with_name("quotes (without repeated lines).txt")
    assert box.text() == f"3 lines left out of quotes.txt; the copy:\n{copy}"
    box.close()
    assert quotes.read_bytes() == original  # never in place
    kept = [q for number, q in enumerate(QUOTES, start=1) if number not in (7, 9, 10)]
    assert copy.read_text(encoding="utf-8") == "\n".join(kept) + "\n"


def test_the_lines_said_marked_are_the_lines_the_copy_leaves_out(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    # Issue 43, 5b: "238 lines marked", and the copy left out 235.
    source = copied_sayings(tmp_path / "sayings.txt")
    find(window, qtbot, source)
    view = window.lines
    qtbot.mouseClick(view.mark_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.marker.running, timeout=10000)
    marked = view.model.marked()
    lines = {view.model.columns.record(m).line for m in marked}
    assert len(marked) > len(lines)  # some lines are in two groups, marked in both
    assert view.marked_label.text() == f"{len(lines)} lines marked"
    with qtbot.waitSignal(
        window.tasks.finished,
        check_params_cb=lambda _: bool(view.findChildren(QMessageBox)),
        timeout=10000,
    ):
        qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    (box,) = [b for b in view.findChildren(QMessageBox) if b.isVisible()]
    assert box.text().startswith(f"{len(lines)} lines left out of sayings.txt;")
    box.close()
    copy = source.with_name("sayings (without repeated lines).txt")
    before = source.read_text(encoding="utf-8").splitlines()
    assert len(copy.read_text(encoding="utf-8").splitlines()) == len(before) - len(lines)


def test_the_groups_show_as_one_flat_list_and_sorting_keeps_the_selected_record(
    window: MainWindow, qtbot, quotes: Path
) -> None:  # type: ignore[no-untyped-def]
    find(window, qtbot, quotes)
    view = window.lines
    rows = view.tree.model()  # what the view shows: each group's row, then its records
    assert rows.rowCount() == 3 + 6 and rows.rowCount(rows.index(0, 0)) == 0
    texts = [rows.data(rows.index(row, RecordColumn.RECORD)) for row in range(rows.rowCount())]
    assert [t.startswith("Group ") for t in texts] == [True, False, False] * 3
    records = view.result.records
    for group in range(3):
        members = view.model.members(group)
        assert texts[3 * group] == f"Group {group + 1}: 2 records"
        shown = [records[m.record].text for m in members]
        assert texts[3 * group + 1 : 3 * group + 3] == shown
    # A line ticked on its row of the view is marked.
    ticked = rows.index(4, RecordColumn.RECORD)
    assert rows.setData(ticked, Qt.CheckState.Checked.value, Qt.ItemDataRole.CheckStateRole)
    assert [m.record for m in view.model.marked()] == [view.tree.item_at(ticked).record]
    assert view.marked_label.text() == "1 line marked"
    # The first group's second record selected; each sort keeps it selected, wherever it goes.
    chosen = view.model.members(0)[1]
    view.tree.setCurrentIndex(view.model.index(1, 0, view.model.index(0, 0)))
    line = f"line {records[chosen.record].line}"
    qtbot.waitUntil(lambda: line in view.preview_label.text(), timeout=10000)
    places = set()
    for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
        view.tree.header().setSortIndicator(RecordColumn.SIMILARITY, order)
        assert view.tree.current_item() == chosen
        row = view.tree.selectionModel().currentIndex().row()
        assert rows.data(rows.index(row, RecordColumn.RECORD)) == records[chosen.record].text
        assert view.tree.selectionModel().isRowSelected(row)
        places.add(row)
        assert line in view.preview_label.text()
    assert len(places) == 2  # the sorts did move it


def test_a_workbook_says_which_records_it_had_to_cut(
    window: MainWindow, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from tests.cli.test_cli_records import long_lines
    from tests.workbook_read import read_workbook

    path, lines = long_lines(tmp_path)
    find(window, qtbot, path)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warned.append(args[2]))
    target = tmp_path / "records.xlsx"
    done: list[str] = []
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: bool(done), timeout=10000
    ):
        assert window.lines.export_to(str(target), done.append)
    assert warned == [
        "2 cells held more than the 32,767 characters an Excel cell holds. Each is cut in its "
        'cell, with a note, and written whole on the sheet "Whole values". A CSV export keeps '
        "every value in one piece."
    ]
    results, whole = read_workbook(target)
    assert all("Whole values" in results.notes[f"D{n}"] for n in (2, 3))
    assert sorted("".join(whole.row(n)[4:]) for n in (2, 3)) == sorted(lines)


def test_the_csv_export_keeps_a_bullet_as_written_and_guards_a_formula(
    window: MainWindow, qtbot, tmp_path: Path
) -> None:
    bullet = "-   Require Werkzeug >= 3.0.0 and the newest Jinja release for templates."
    formula = '-2+3+cmd|" /C calc"!A0 and some words to make the record long enough'
    notes = tmp_path / "notes" / "changes.txt"
    notes.parent.mkdir()
    notes.write_text("\n".join([bullet, formula, "Unrelated", bullet, formula]) + "\n", "utf-8")
    find(window, qtbot, notes)
    records = {row["Record"] for row in exported_rows(window, qtbot, tmp_path / "out.csv")}
    assert records == {bullet, "'" + formula}


def test_the_lines_and_groups_exports_have_the_windows_language_in_their_headers(
    window: MainWindow, qtbot, quotes: Path, tmp_path: Path
) -> None:
    i18n.apply_language("zh_CN")
    try:
        window.retranslate()
        find(window, qtbot, quotes)
        lines, groups = tmp_path / "行.csv", tmp_path / "组.csv"
        done: list[str] = []
        with qtbot.waitSignal(
            window.tasks.finished, check_params_cb=lambda _: bool(done), timeout=10000
        ):
            assert window.lines.export_to(str(lines), done.append)
        search(qtbot, window, [copies_of(quotes, tmp_path)])
        with qtbot.waitSignal(
            window.tasks.finished, check_params_cb=lambda _: groups.exists(), timeout=10000
        ):
            assert window.groups.export_to(str(groups))
        for target in (lines, groups):
            with target.open(encoding="utf-8-sig") as stream:
                header = next(csv.reader(stream))
            assert header[:2] in (["组", "路径"], ["组", "类型"]), header
            assert "路径" in header and "路径的字节（十六进制）" in header
            assert not any(title.isascii() for title in header), header
    finally:
        i18n.apply_language("en")
        window.retranslate()


def copies_of(quotes: Path, tmp_path: Path) -> Path:
    """A folder of two copies of the quotes: one group to export."""
    folder = tmp_path / "copies"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_bytes(quotes.read_bytes())
    return folder

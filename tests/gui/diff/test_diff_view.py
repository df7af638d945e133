"""The diff preview, driven through the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.gui.base import i18n
from simfind.gui.shell.main_window import MainWindow
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    """English with its plural forms ("1 file", "2 files"), as the app starts it."""
    i18n.apply_language("en")


def lines_of(text: str) -> str:
    return "\n".join(f"{text} line {i}" for i in range(300))


def select(qtbot, window: MainWindow, name: str) -> None:  # type: ignore[no-untyped-def]
    for row in range(window.compare.model.rowCount()):
        if window.compare.model.match_at(row).path.name == name:
            window.compare.table.selectRow(row)
            break
    qtbot.waitUntil(
        lambda: (
            window.compare.diff_view.rendered is not None
            and not window.compare.diff_view.tasks.pending
        ),
        timeout=10_000,
    )


def scanned(qtbot, window: MainWindow, folder: Path, reference: Path) -> None:  # type: ignore[no-untyped-def]
    window.compare.reference_field.set_path(str(reference))
    window.compare.folder_field.set_path(str(folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()


def test_selecting_a_row_fills_both_panes(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "code"
    folder.mkdir()
    (folder / "a.py").write_text(CODE, encoding="utf-8")
    (folder / "b.py").write_text(CODE.replace("cannot parse", "could not parse"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.py")
    select(qtbot, window, "b.py")
    view = window.compare.diff_view
    assert view.left.toPlainText() == CODE.rstrip("\n")
    assert view.right.toPlainText().count("could not parse") == 1
    assert "b.py" in view.right_header.text() and "Reference" in view.left_header.text()
    assert "similarity" in view.title.text()


def test_next_and_previous_move_to_the_changes(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "long"
    folder.mkdir()
    text = lines_of("same")
    lines = text.splitlines()
    lines[40] = "changed forty"
    lines[200] = "changed two hundred"
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text("\n".join(lines), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.compare.diff_view
    assert view.rendered is not None and view.rendered.changes == [40, 200]
    assert view.current_line() == 40  # the first change is shown at once
    qtbot.mouseClick(view.next_button, Qt.MouseButton.LeftButton)
    assert view.current_line() == 200
    assert view.right.textCursor().blockNumber() == 200
    qtbot.mouseClick(view.previous_button, Qt.MouseButton.LeftButton)
    assert view.current_line() == 40


def test_scrolling_one_pane_scrolls_the_other(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "scroll"
    folder.mkdir()
    text = lines_of("x" * 300)
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text(text.replace("line 150", "line one-fifty"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.compare.diff_view
    view.left.verticalScrollBar().setValue(17)
    assert view.right.verticalScrollBar().value() == 17
    view.wrap.click()  # prose wraps; unwrapped, the long lines scroll sideways
    assert not view.wrap.isChecked()
    view.right.horizontalScrollBar().setValue(25)
    assert view.left.horizontalScrollBar().value() == 25


def test_only_changes_folds_unchanged_lines(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "fold"
    folder.mkdir()
    text = lines_of("same")
    (folder / "a.txt").write_text(text, encoding="utf-8")
    (folder / "b.txt").write_text(text.replace("same line 150", "other line 150"), encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    select(qtbot, window, "b.txt")
    view = window.compare.diff_view
    with qtbot.waitSignal(
        view.shown,
        check_params_cb=lambda _: view.rendered is not None and not view.tasks.pending,
        timeout=10_000,
    ):
        view.only_changes.setChecked(True)
    shown = view.left.toPlainText().splitlines()
    assert shown[0].startswith("⋯ 147 unchanged")
    assert "same line 150" in shown


def test_binary_file_shows_a_notice_and_offers_to_open_it(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "a.txt").write_text(CODE, encoding="utf-8")
    (folder / "b.txt").write_text(CODE + "\nmore", encoding="utf-8")
    scanned(qtbot, window, folder, folder / "a.txt")
    (folder / "b.txt").write_bytes(bytes(range(256)) * 10)  # became binary after the scan
    for row in range(window.compare.model.rowCount()):
        if window.compare.model.match_at(row).path.name == "b.txt":
            window.compare.table.selectRow(row)
    qtbot.waitUntil(lambda: window.compare.diff_view.open_button.isVisible(), timeout=10_000)
    assert "Cannot compare" in window.compare.diff_view.notice.text()


def passages_folder(tmp_path: Path) -> Path:
    """A talk and a longer newsletter reprinting two of its paragraphs, the second first."""
    folder = tmp_path / "周刊"
    folder.mkdir()
    docs = [text.replace("。", "。\n") for text in ZH_DOCS]
    (folder / "talk.txt").write_text(docs[1] + "\n" + docs[5], encoding="utf-8")
    edited = docs[1].replace("几个月", "半年")
    newsletter = [docs[3], docs[5], EN_DOCS[1] + "\n", docs[2], edited, docs[4]]
    (folder / "newsletter.txt").write_text("\n".join(newsletter), encoding="utf-8")
    (folder / "unrelated.txt").write_text(EN_DOCS[0] + "\n" + EN_DOCS[2], encoding="utf-8")
    return folder


def underlined(pane) -> list[tuple[int, str]]:  # type: ignore[no-untyped-def]
    """(block, text) of every underline among a pane's highlights."""
    return [
        (s.cursor.blockNumber(), s.cursor.selectedText())
        for s in pane.extraSelections()
        if s.format.fontUnderline()
    ]


def test_shared_passages_are_marked_and_summed_up(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    folder = passages_folder(tmp_path)
    scanned(qtbot, window, folder, folder / "talk.txt")
    select(qtbot, window, "newsletter.txt")
    view = window.compare.diff_view
    rendered = view.rendered
    assert rendered is not None
    label = view.passages_label
    assert label.isVisible()
    assert "2 shared passages" in label.text() and "of the reference" in label.text()
    assert "of this file" in label.text()
    talk_lines = (folder / "talk.txt").read_text(encoding="utf-8").splitlines()
    news_lines = (folder / "newsletter.txt").read_text(encoding="utf-8").splitlines()
    # The paper-making paragraph, moved ahead: all its lines marked on both sides.
    paper = [i for i, line in enumerate(news_lines) if line.startswith(("造纸术", "此后造纸"))]
    assert len(paper) == 2
    right_rows = view.right.passage_rows
    right_marked = {rendered.rows[r].right for r in right_rows if rendered.rows[r] is not None}
    assert set(range(paper[0], paper[1] + 1)) <= right_marked
    left_marked = {
        rendered.rows[r].left for r in view.left.passage_rows if rendered.rows[r] is not None
    }
    assert {
        talk_lines.index(line) for line in talk_lines if line.startswith("造纸术")
    } <= left_marked
    # Not the weather report, the recipe or the English note the talk does not hold.
    assert not any(
        news_lines[n].startswith(("气象台", "番茄炒蛋", "To configure")) for n in right_marked
    )
    # The edited sentence: only the part before the edit is a passage, underlined.
    (line,) = [i for i, text in enumerate(news_lines) if "半年" in text]
    row = next(r for r, shown in enumerate(rendered.rows) if shown and shown.right == line)
    marks = [text for block, text in underlined(view.right) if block == row]
    assert marks and all("半年" not in text for text in marks)
    assert news_lines[line].startswith(marks[0])
    # A place in the summary goes there: the moved paragraph's lines in this file, or in
    # the reference (the other pane shows the same row).
    first = rendered.passages.passages[0]
    assert news_lines[first.right.first_line].startswith("造纸术")
    label.linkActivated.emit("right:0")
    shown = rendered.rows[view.right.textCursor().blockNumber()]
    assert shown is not None and shown.right == first.right.first_line
    assert view.left.textCursor().blockNumber() == view.right.textCursor().blockNumber()
    label.linkActivated.emit("left:0")
    shown = rendered.rows[view.left.textCursor().blockNumber()]
    assert shown is not None and shown.left == first.left.first_line
    assert talk_lines[first.left.first_line].startswith("造纸术")


def test_no_shared_passage_says_so(qtbot, window: MainWindow, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = passages_folder(tmp_path)
    scanned(qtbot, window, folder, folder / "talk.txt")
    select(qtbot, window, "unrelated.txt")
    view = window.compare.diff_view
    assert "No shared passages of 16 words or more" in view.passages_label.text()
    assert view.left.passage_rows == view.right.passage_rows == frozenset()
    assert underlined(view.right) == []

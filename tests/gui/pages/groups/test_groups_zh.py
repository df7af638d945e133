"""The groups mode and the clean-up in Chinese: no English sentence on any of their paths."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from PySide6.QtCore import Qt

from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import display_path
from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action, FileMove, MoveReport, Outcome
from simfind.gui.base.wording import sentences, words
from simfind.gui.cleanup.move_dialogs import not_moved_lines
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.modes import Mode
from tests.gui.base.test_zh_words import assert_chinese, chinese  # noqa: F401 (a fixture)
from tests.gui.cleanup.test_clean_up_window import copies  # noqa: F401 (a fixture)


def texts_of_the_groups_mode(window: MainWindow) -> list[str]:
    model = window.groups.model
    found = [
        window.mode_tabs.tabText(Mode.COMPARE),
        window.mode_tabs.tabText(Mode.GROUPS),
        window.mode_tabs.tabToolTip(Mode.GROUPS),
        window.groups.folder_list.add_button.text(),
        window.groups.folder_list.remove_button.text(),
        window.groups.folder_list.tree.headerItem().text(0),
        window.groups.folder_list.tree.headerItem().text(1),
        window.groups.folder_list.tree.toolTip(),
        window.groups.rules_button.text(),
        window.groups.rules_button.toolTip(),
        window.menu_mark.title(),
        window.groups.bar.label.text(),
        window.summary_label.text(),
        window.groups.diff_view.title.text(),
    ]
    found += [action.text() for action in window.menu_mark.actions() if action.text()]
    found += [action.text() for action in window.groups.rules_menu.actions() if action.text()]
    threshold = window.groups.threshold
    found += [threshold.label.text(), threshold.box.toolTip(), threshold.histogram.toolTip()]
    for column in range(model.columnCount()):
        found.append(model.headerData(column, Qt.Orientation.Horizontal))
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        if tip:
            found.append(tip)
    for row in range(model.group_count()):
        group = model.index(row, 0)
        found.append(model.data(group))
        found.append(model.data(model.index(row, 2)))
    return found


def test_the_groups_mode_and_the_clean_up_speak_chinese(  # type: ignore[no-untyped-def]
    qtbot,
    window: MainWindow,
    copies: Path,  # noqa: F811
    tmp_path: Path,
    chinese: None,  # noqa: F811
) -> None:
    data = os.environ["SIMFIND_DATA_DIR"]  # the move log's folder (tests/conftest.py)
    allowed = [str(tmp_path), display_path(tmp_path), data, "KiB", "tool.py", "readme.md"]
    window.set_mode(Mode.GROUPS)
    assert_chinese(window.groups.tree._placeholder)
    window.groups.folder_list.set_entries([(str(copies), False), (str(tmp_path / "归档"), True)])
    (tmp_path / "归档").mkdir()
    (tmp_path / "归档" / "tool.py").write_bytes((copies / "tool.py").read_bytes())
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    qtbot.waitUntil(lambda: window.groups.result is not None, timeout=10_000)
    window.groups.mark_all_but_one(KeepRule.NEWEST)
    assert_chinese(window.statusBar().currentMessage())
    for text in texts_of_the_groups_mode(window):
        assert_chinese(text, allowed)
    archived = window.groups.model.index_of(tmp_path / "归档" / "tool.py")
    assert_chinese(window.groups.model.data(archived), allowed)
    assert_chinese(window.groups.model.data(archived, Qt.ItemDataRole.ToolTipRole))

    # The confirmation, with a file changed since the scan.
    marked = window.marked()
    changed = marked[0].path
    changed.write_text("扫描之后改过了。", encoding="utf-8")
    window.move_marked(Action.MOVE, tmp_path / "aside")
    qtbot.waitUntil(lambda: window.clean_up.dialog is not None, timeout=20_000)
    dialog = window.clean_up.dialog
    assert dialog is not None
    for text in (
        dialog.windowTitle(),
        dialog.heading.text(),
        dialog.note.text(),
        dialog.include_changed.text(),
        dialog.move_button.text(),
        dialog.cancel_button.text(),
        dialog.list.headerItem().text(0),
        dialog.list.headerItem().text(1),
    ):
        assert_chinese(text, allowed)
    assert "。 " not in dialog.note.text()
    flagged = [dialog.list.topLevelItem(i).text(0) for i in range(dialog.list.topLevelItemCount())]
    assert_chinese(next(t for t in flagged if t.startswith(str(changed))), allowed)
    (tmp_path / "aside").mkdir()
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        dialog.accept()
    bar = window.move_bar
    assert_chinese(bar.message.text(), allowed)
    assert "。 " not in bar.message.text()
    for button in (bar.undo_button, bar.log_button):
        assert_chinese(button.text())
    assert_chinese(window.groups.tree._placeholder)

    # Undo, and every reason a file may stay.
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        window.undo_move()
    assert_chinese(bar.message.text(), allowed)
    here = tmp_path / "a.txt"
    report = MoveReport(Action.TRASH, None)
    for outcome in Outcome:
        error = OsFailure(errno.EACCES, "Permission denied") if outcome is Outcome.FAILED else None
        report.records.append(FileMove(here, None, outcome, 3, error))
    report.records.append(FileMove(here, None, Outcome.FAILED, 3))
    bar.show_report(report, False)
    assert_chinese(bar.message.text(), allowed)
    assert_chinese(bar.details_button.text())
    for line in not_moved_lines(report):
        assert_chinese(line, allowed)
    for outcome in Outcome:
        assert_chinese(words.move_outcome(FileMove(here, None, outcome, 1)))


def test_sentences_are_spaced_in_english_and_not_in_chinese() -> None:
    assert sentences("Moved 2 files.", "", "Logged in /x/moves.csv") == (
        "Moved 2 files. Logged in /x/moves.csv"
    )
    assert sentences("已移动 2 个文件。", "日志已保存到 /x") == "已移动 2 个文件。日志已保存到 /x"
    assert sentences("（见详细信息）", "Logged") == "（见详细信息）Logged"

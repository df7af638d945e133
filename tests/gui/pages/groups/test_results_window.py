"""File → Save Results… and Open Results… through the window: a search's groups saved,
files edited and deleted, the result opened again with those shown as such and never
marked or moved; the rest cleaned as if just found (a real trash); a result file that
cannot be used is one message, the groups shown kept."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.core.groups.since import SinceSaved
from simfind.core.results.document import VERSION
from simfind.core.results.reading import is_result_file
from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.shell.main_window import MainWindow
from tests.gui.cleanup.test_clean_up_window import confirm
from tests.gui.pages.groups.test_groups_window import search
from tests.texts import CODE, EN_DOCS, ZH_DOCS

DAY = 86_400


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def write(path: Path, text: str, days: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    os.utime(path, (days * DAY * 100, days * DAY * 100))
    return path


@pytest.fixture
def copies(tmp_path: Path) -> dict[str, Path]:
    """Notes in three copies, code in two, a file alike to none."""
    work = tmp_path / "work"
    return {
        "notes": write(work / "notes.md", EN_DOCS[0], 9),
        "notes-old": write(work / "old" / "notes.md", EN_DOCS[0], 2),
        "notes-older": write(work / "older" / "notes.md", EN_DOCS[0], 1),
        "code": write(work / "tool.py", CODE, 5),
        "code-old": write(work / "old" / "tool.py", CODE, 3),
        "alone": write(work / "其他.txt", ZH_DOCS[2], 4),
        "work": work,
    }


def saved_result(qtbot, window: MainWindow, copies: dict[str, Path], target: Path) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [copies["work"]])
    assert window.groups.model.group_count() == 2
    window.groups.action_save_results.setEnabled(True)
    with qtbot.waitSignal(
        window.tasks.finished,
        check_params_cb=lambda _: not window.groups.result_files.busy,
        timeout=20_000,
    ):
        assert window.groups.save_results_to(target)
    assert is_result_file(target)


def reopen(qtbot, window: MainWindow, target: Path) -> None:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(window.groups.result_files.opened, timeout=20_000):
        assert window.open_result_file(target)
    qtbot.waitUntil(lambda: window.groups.model.group_count() > 0, timeout=10_000)


def rows(window: MainWindow) -> dict[Path, tuple[str, bool, str | None]]:
    """Each file shown: its name cell, whether it can be marked, its tip."""
    model = window.groups.model
    found = {}
    for row in range(model.group_count()):
        group = model.index(row, 0)
        for at in range(model.rowCount(group)):
            index = model.index(at, GroupColumn.NAME, group)
            item = model.item_at(index)
            checkable = bool(model.flags(index) & Qt.ItemFlag.ItemIsUserCheckable)
            found[item.path] = (
                model.data(index, Qt.ItemDataRole.DisplayRole),
                checkable,
                model.data(index, Qt.ItemDataRole.ToolTipRole),
            )
    return found


def test_a_saved_result_reopened_shows_what_changed_and_never_moves_it(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: dict[str, Path], tmp_path: Path, freedesktop_trash: Path
) -> None:
    target = tmp_path / "result.json"
    saved_result(qtbot, window, copies, target)
    document = json.loads(target.read_text(encoding="utf-8"))
    assert document["version"] == VERSION and len(document["groups"]) == 2
    # After the result was saved: the newest notes edited, the old code deleted.
    edited = copies["notes"]
    edited.write_text(EN_DOCS[0] + "\nA line written after.\n", encoding="utf-8")
    copies["code-old"].unlink()
    edited_bytes = edited.read_bytes()

    window.groups.model.set_result(None)  # as if the window had been closed
    reopen(qtbot, window, target)
    result = window.groups.result
    assert result is not None and result.saved
    assert result.stale == {edited: SinceSaved.CHANGED, copies["code-old"]: SinceSaved.VANISHED}
    shown = rows(window)
    assert shown[edited][0] == "notes.md  (changed since saved)" and not shown[edited][1]
    assert shown[copies["code-old"]][0] == "tool.py  (gone since saved)"
    gone = shown[copies["code-old"]]
    assert not gone[1] and "no longer there" in str(gone[2])
    assert shown[copies["notes-old"]][1] and shown[copies["code"]][1]
    assert not window.groups.threshold.isEnabled()  # nothing to group again without a search
    assert "Saved " in window.summary_label.text() and "1 file gone since saved" in (
        window.summary_label.text()
    )
    assert [e[0] for e in window.groups.folder_list.entries()] == [str(copies["work"])]

    # Keep the newest: the edited file would have been kept; it takes no part, so the
    # newest of the rest is kept, and the code's group (its copy gone) marks nothing.
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    qtbot.waitUntil(lambda: not window.groups.marker.running, timeout=10_000)
    assert {m.path for m in window.marked()} == {copies["notes-older"]}
    # Marking a changed file by hand does nothing either.
    window.groups.model.set_marked({edited, copies["notes-older"]})
    assert {m.path for m in window.marked()} == {copies["notes-older"]}
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=True)
    assert asked.files == [str(copies["notes-older"])]
    assert [p.name for p in (freedesktop_trash / "files").iterdir()] == ["notes.md"]
    assert not copies["notes-older"].exists() and copies["notes-old"].exists()
    assert edited.read_bytes() == edited_bytes


def test_a_result_that_cannot_be_opened_is_one_message(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: dict[str, Path], tmp_path: Path
) -> None:
    target = tmp_path / "result.json"
    saved_result(qtbot, window, copies, target)
    shown = [[m.path for m in g] for g in window.groups.model.shown_groups()]
    text = target.read_text(encoding="utf-8")
    files = {
        "damaged.json": text[: len(text) // 3],
        "newer.json": text.replace(f'"version": {VERSION}', f'"version": {VERSION + 1}', 1),
        "foreign.json": '{"name": "a package", "version": "1.0.0"}',
    }
    said = {}
    for name, content in files.items():
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        assert window.open_result_file(path)
        files_ = window.groups.result_files
        qtbot.waitUntil(lambda files_=files_: files_.message is not None, timeout=10_000)
        assert files_.message is not None
        said[name] = files_.message.text()
        files_.message.done(0)
        assert path.read_text(encoding="utf-8") == content  # nothing lost
        assert [[m.path for m in g] for g in window.groups.model.shown_groups()] == shown
    assert "damaged" in said["damaged.json"] and "line" in said["damaged.json"]
    assert "newer simfind" in said["newer.json"]
    assert "not a simfind result" in said["foreign.json"]


def test_simfind_gui_result_opens_it(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: dict[str, Path], tmp_path: Path, monkeypatch
) -> None:
    target = tmp_path / "result.json"
    saved_result(qtbot, window, copies, target)
    opened = {}

    def run_gui(reference, directory, scan, result) -> int:  # type: ignore[no-untyped-def]
        opened.update(reference=reference, directory=directory, result=result)
        return 0

    import simfind.gui.shell.app

    monkeypatch.setattr(simfind.gui.shell.app, "run_gui", run_gui)
    from simfind.cli.entry import run

    assert run(["gui", str(target)]) == 0
    assert opened == {"reference": None, "directory": None, "result": target}
    # A JSON file that is no result is a reference to compare, as any file.
    other = copies["work"] / "package.json"
    other.write_text('{"name": "x"}', encoding="utf-8")
    assert run(["gui", str(other)]) == 0
    assert opened["result"] is None and opened["reference"] == other


def test_a_move_in_the_window_is_undone_by_simfind_clean(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, copies: dict[str, Path], tmp_path: Path, capsys
) -> None:
    from simfind.cli import main

    search(qtbot, window, [copies["work"]])
    before = {p: p.read_bytes() for p in copies["work"].rglob("*.*")}
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    qtbot.waitUntil(lambda: not window.groups.marker.running, timeout=10_000)
    away = tmp_path / "away"
    away.mkdir()
    assert window.move_marked(Action.MOVE, away)
    confirm(qtbot, window, answer=True)
    report = window.clean_up.last_move
    assert report is not None and not any(p.exists() for p in before if p.parent.name == "old")
    # The window closed; a terminal later puts the files back from the operation's log.
    code = main(["clean", "--undo", report.operation])
    assert code == 0, capsys.readouterr().err
    assert {p: p.read_bytes() for p in copies["work"].rglob("*.*")} == before

"""Mark All but One worked out off the GUI thread: the same marks, and no stale answer taken."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simfind.core.cleanup.marking import Candidate, KeepRule, mark_all_but_one
from simfind.gui.groups_list import rule_marks
from simfind.gui.shell.main_window import MainWindow
from tests.gui.pages.groups.test_groups_window import english, search, tree
from tests.gui.waiting import ended

__all__ = ["english", "tree"]  # fixtures


@pytest.fixture(autouse=True)
def always_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every result goes to the pool thread, however few its files (a handful here)."""
    monkeypatch.setattr(rule_marks, "MARK_ASIDE_FROM", 0)


def synchronous_marks(
    window: MainWindow, rule: KeepRule, folder: Path | None, same: bool
) -> tuple[list[Path], str]:
    """The marked paths, in order, and the mark bar's words, as the rule gave them on the
    GUI thread before."""
    model = window.groups.model
    groups = model.shown_groups()
    checkable = model.columns.checkable
    candidates = [
        [Candidate(m.path, m.size, m.mtime_ns, not checkable(m), m.digest) for m in members]
        for members in groups
    ]
    marks = mark_all_but_one(candidates, rule, folder, same)
    model.set_marked({groups[g][k].path for g, ks in enumerate(marks.marked) for k in ks})
    found = [m.path for m in model.marked()]
    label = window.groups.bar.label.text()  # files and bytes
    model.set_marked(set())
    return found, label


def marked_paths(window: MainWindow) -> list[Path]:
    return [m.path for m in window.groups.model.marked()]


def test_each_rule_marks_the_same_files_from_the_pool_thread(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    # A byte-identical copy, so that "Only Byte-Identical" has something to mark.
    (tree["work"] / "d").mkdir()
    shutil.copy2(tree["report"], tree["work"] / "d" / "report.txt")
    search(qtbot, window, [tree["work"]], [tree["archive"]])
    page = window.groups
    rules = [(r, None) for r in KeepRule if r is not KeepRule.IN_FOLDER]
    rules.append((KeepRule.IN_FOLDER, tree["work"] / "a"))
    seen = set()
    for same in (False, True):
        page.action_identical_only.setChecked(same)
        for rule, folder in rules:
            expected, label = synchronous_marks(window, rule, folder, same)
            assert expected  # every rule marks something here
            seen.add(tuple(expected))
            with qtbot.waitSignal(
                page.marker.running_changed, check_params_cb=ended, timeout=10_000
            ):
                page.mark_all_but_one(rule, folder)
                assert marked_paths(window) == []  # not yet: the answer comes through the loop
                assert page.marker.running
            assert marked_paths(window) == expected, (rule, same)
            assert page.bar.label.text() == label  # the same count and size
            assert page.bar.label.text().startswith(f"{len(expected)} file")
            assert window.statusBar().currentMessage().startswith("Marked")
            page.unmark_all()
    assert len(seen) >= 4  # the rules differ here: the same marks would prove little
    # With a filter: only the groups it shows are marked, in the order marked() gives.
    page.action_identical_only.setChecked(False)
    page.file_filter.text_field.setText("longer-name")
    expected, label = synchronous_marks(window, KeepRule.NEWEST, None, False)
    assert expected and tree["config"] not in expected and tree["config-old"] not in expected
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
    assert marked_paths(window) == expected
    assert page.bar.label.text() == label


def test_an_answer_older_than_the_latest_request_or_result_is_dropped(
    qtbot, window: MainWindow, tree: dict[str, Path]
) -> None:  # type: ignore[no-untyped-def]
    search(qtbot, window, [tree["work"]])
    page = window.groups
    newest, _ = synchronous_marks(window, KeepRule.NEWEST, None, False)
    oldest, _ = synchronous_marks(window, KeepRule.OLDEST, None, False)
    assert newest != oldest
    said: list[str] = []
    page.status_message.connect(lambda text, _: said.append(text))
    # A second click before the first answer: only the second's marks are taken.
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        page.mark_all_but_one(KeepRule.OLDEST)
    assert marked_paths(window) == oldest
    assert len(said) == 1
    page.unmark_all()
    # Unmark All before the answer: it stays unmarked.
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        page.unmark_all()
    assert marked_paths(window) == []
    # Files moved away before the answer (the groups shown changed): nothing is marked.
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        page.files_moved({tree["alone"], tree["report"]})
    assert marked_paths(window) == []
    assert len(said) == 1
    # A filter typed before the answer: nothing is marked.
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        page.file_filter.text_field.setText("config")
    assert marked_paths(window) == []
    page.file_filter.text_field.clear()
    # A new result before the answer: none of the old marks.
    page.files_restored({tree["report"]})
    with qtbot.waitSignal(page.marker.running_changed, check_params_cb=ended, timeout=10_000):
        page.mark_all_but_one(KeepRule.NEWEST)
        page.model.set_result(None)
    assert marked_paths(window) == []
    assert len(said) == 1

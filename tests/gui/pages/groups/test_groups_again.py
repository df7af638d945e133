"""Searching an unchanged folder for groups again in the window takes the grouping the
cache kept: the same groups, no pair compared again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from simfind.core.linkage import streaming
from simfind.gui.shell.main_window import MainWindow
from tests.gui.pages.groups.test_groups_window import group_paths, search, tree  # noqa: F401


def test_searching_again_compares_nothing(
    qtbot,
    window: MainWindow,
    tree: dict[str, Path],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # type: ignore[no-untyped-def]
    grouped: list[int] = []
    real = streaming.stream_groups

    def counted(*args: Any, **kwargs: Any) -> Any:
        outcome = real(*args, **kwargs)
        grouped.append(outcome.compared)
        return outcome

    monkeypatch.setattr(streaming, "stream_groups", counted)
    search(qtbot, window, [tree["work"]])
    first = group_paths(window)
    assert len(grouped) == 1 and grouped[0] >= 2 and len(first) == 2
    search(qtbot, window, [tree["work"]])
    assert len(grouped) == 1  # the grouping kept: nothing compared
    assert group_paths(window) == first
    assert window.groups.result is not None and window.groups.result.compared == grouped[0]

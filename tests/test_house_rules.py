"""The house's single places, kept single: work off the GUI thread goes through the lane,
signals are typed, the collector has one owner, a file's record is made in one module."""

from __future__ import annotations

import ast
from pathlib import Path

import simfind

PACKAGE = Path(simfind.__file__).parent


def calls(where: Path) -> list[tuple[str, ast.Call]]:
    """Every call in the modules under ``where``: (the module's path, the call)."""
    found = []
    for path in sorted(where.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found.append((path.relative_to(PACKAGE).as_posix(), node))
    return found


def dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


def test_the_window_starts_no_thread_of_its_own() -> None:
    bare = [
        path
        for path, call in calls(PACKAGE / "gui")
        if dotted(call.func) in ("threading.Thread", "Thread", "QThread")
    ]
    assert bare == []  # work off the GUI thread goes through simfind/gui/work/tasks.py


def test_the_windows_signals_are_typed() -> None:
    untyped = [
        path
        for path, call in calls(PACKAGE / "gui")
        if dotted(call.func) in ("Signal", "Slot")
        and any(isinstance(a, ast.Name) and a.id == "object" for a in call.args)
    ]
    assert untyped == []


def test_the_collector_has_one_owner() -> None:
    owners = {
        path
        for path, call in calls(PACKAGE)
        if dotted(call.func) in ("gc.disable", "gc.enable", "gc.freeze", "gc.unfreeze")
    }
    assert owners == {"core/runs/runtime.py"}


def test_a_files_record_is_made_in_one_module() -> None:
    makers = {path for path, call in calls(PACKAGE) if dotted(call.func) == "Match"}
    assert makers == {"core/scan/match.py"}

"""The worker pool: its tasks' answers and errors, its ends, and only the standard
library's public interfaces beneath it."""

from __future__ import annotations

import ast
import os
import time
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from simfind.core.runs import worker_pool
from simfind.core.runs.worker_pool import WorkerPool

#: Names with a leading underscore that the standard library documents as public.
DOCUMENTED = frozenset({"_exit"})  # os._exit
POOL_MODULES = [Path(worker_pool.__file__), Path(worker_pool.__file__).with_name("worker_start.py")]


def private_attributes_not_its_own(source: Path) -> list[str]:
    """``x._name`` read anywhere in ``source`` where ``_name`` is no attribute the module
    sets or defines itself: another's private part (the standard library's)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)  # a dataclass's fields
    read = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            read.append((node.lineno, node.attr))
        elif (  # getattr(pool, "_processes", None) and its kin
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr", "setattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            read.append((node.lineno, node.args[1].value))
    return sorted(
        f"{source.name}:{line}: .{name}"
        for line, name in read
        if name.startswith("_")
        and not (name.startswith("__") and name.endswith("__"))
        and name not in own | DOCUMENTED
    )


@pytest.mark.parametrize("source", POOL_MODULES, ids=lambda p: p.name)
def test_the_pool_touches_no_private_part_of_the_standard_library(source: Path) -> None:
    # ProcessPoolExecutor's _processes, _call_queue, _result_queue._writer, ... were the
    # only way to end it safely; a new Python's may lack them or mean something else.
    assert private_attributes_not_its_own(source) == []


def square(value: int) -> int:
    return value * value


def fail(message: str) -> None:
    raise ValueError(message)


def unsendable() -> object:
    return lambda: None  # a lambda cannot be pickled back


def test_answers_errors_and_where_they_were_raised() -> None:
    pool = WorkerPool(2)
    try:
        assert list(pool.map(square, range(200))) == [v * v for v in range(200)]
        with pytest.raises(ValueError, match="no such thing") as raised:
            pool.submit(fail, "no such thing").result(timeout=60)
        assert "in fail" in str(raised.value.__cause__)  # the worker's traceback
        with pytest.raises(Exception, match="lambda"):
            pool.submit(unsendable).result(timeout=60)
        with pytest.raises(Exception, match="lambda"):
            pool.submit(lambda: None).result(timeout=60)  # a task that cannot travel
        assert pool.submit(square, 7).result(timeout=60) == 49  # the pool still works
    finally:
        pool.shutdown()
    assert all(worker.exitcode == 0 for worker in pool._processes.values())
    with pytest.raises(RuntimeError):
        pool.submit(square, 1)


def test_ended_the_queued_tasks_are_cancelled_and_the_running_ones_fail() -> None:
    pool = WorkerPool(1)
    running = pool.submit(time.sleep, 600)
    queued = pool.submit(square, 3)
    deadline = time.monotonic() + 60
    while not running.running() and time.monotonic() < deadline:
        time.sleep(0.01)
    pool.terminate()
    with pytest.raises(BrokenProcessPool):
        running.result(timeout=10)
    with pytest.raises(CancelledError):
        queued.result(timeout=10)
    assert all(not worker.is_alive() for worker in pool._processes.values())


def test_a_worker_killed_breaks_the_pool_and_its_tasks_fail() -> None:
    pool = WorkerPool(2)
    try:
        running = pool.submit(time.sleep, 600)
        while not running.running():
            time.sleep(0.01)
        time.sleep(0.2)  # in the worker now
        victim = next(iter(pool._processes))
        os.kill(victim, 9)
        with pytest.raises(BrokenProcessPool):
            running.result(timeout=60)
        with pytest.raises(BrokenProcessPool):
            pool.submit(square, 2)
    finally:
        pool.terminate()

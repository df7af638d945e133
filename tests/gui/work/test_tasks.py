"""The task runner: work on a pool thread, its outcome back on the GUI thread."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThreadPool

from simfind.gui.work.tasks import TaskRunner


def test_results_and_errors_come_back_on_the_gui_thread(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner()
    gui = threading.get_ident()
    seen: list[tuple[str, object, bool]] = []
    worker_threads: list[int] = []

    def work() -> int:
        worker_threads.append(threading.get_ident())
        return 42

    def fail() -> int:
        raise ValueError("no")

    runner.run(work, lambda v: seen.append(("done", v, threading.get_ident() == gui)), seen.append)
    runner.run(
        fail,
        lambda v: seen.append(("done", v, False)),
        lambda e: seen.append(("error", type(e).__name__, threading.get_ident() == gui)),
    )
    assert runner.pending == 2
    qtbot.waitUntil(lambda: runner.pending == 0, timeout=5000)
    assert sorted(seen) == [("done", 42, True), ("error", "ValueError", True)]
    assert worker_threads and worker_threads[0] != gui


def test_a_runner_deleted_before_the_end_is_no_trouble(qtbot) -> None:  # type: ignore[no-untyped-def]
    release = threading.Event()
    runner = TaskRunner()
    runner.run(lambda: release.wait(5), lambda _: None, lambda _: None)
    runner.deleteLater()
    qtbot.wait(50)  # the runner is deleted while its job still waits
    release.set()
    assert QThreadPool.globalInstance().waitForDone(5000)

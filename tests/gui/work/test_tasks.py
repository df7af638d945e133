"""The task runner: work on a pool thread, its outcome back on the GUI thread."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThreadPool

from simfind.gui.work.tasks import JobEnd, TaskRunner, ahead


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


def test_latest_wins_by_key_and_every_end_is_signalled(qtbot) -> None:  # type: ignore[no-untyped-def]
    runner = TaskRunner()
    release = threading.Event()
    taken: list[str] = []
    first = runner.run(lambda: release.wait(5) and "first", taken.append, taken.append, key="k")
    ends: list[JobEnd] = []
    runner.finished.connect(ends.append)
    with qtbot.waitSignal(runner.finished, check_params_cb=lambda _: len(ends) == 2, timeout=5000):
        second = runner.run(lambda: "second", taken.append, taken.append, key="k")
        assert first.cancelled and not second.cancelled  # the earlier told to stop
        release.set()
    assert taken == ["second"]  # the superseded one's answer is not taken
    by_number = {end.number: end for end in ends}
    assert not by_number[first.number].taken
    assert by_number[second.number].taken and by_number[second.number].result == "second"


def test_progress_comes_back_on_the_gui_thread_before_the_end(qtbot) -> None:  # type: ignore[no-untyped-def]
    from simfind.core.runs.progress import Progress

    runner = TaskRunner()
    gui = threading.get_ident()
    seen: list[object] = []

    def work(job) -> str:  # type: ignore[no-untyped-def]
        job.report(Progress(1, 2, 10, 20, "a.txt", 0.1))
        return "done"

    with qtbot.waitSignal(runner.finished, timeout=5000):
        runner.start(
            work,
            seen.append,
            seen.append,
            on_progress=lambda p: seen.append((p, threading.get_ident() == gui)),
        )
    assert seen == [(Progress(1, 2, 10, 20, "a.txt", 0.1), True), "done"]


def test_work_ahead_not_begun_is_done_where_it_is_waited_for() -> None:
    pool = QThreadPool()
    pool.setMaxThreadCount(1)
    release = threading.Event()
    busy = ahead(lambda: release.wait(5), pool)  # holds the pool's only thread
    here = threading.get_ident()
    waiting = ahead(threading.get_ident, pool)
    assert waiting.wait() == here  # taken back from the queue, not waited for behind `busy`
    release.set()
    assert busy.wait() is True
    assert pool.waitForDone(5000)


def test_work_ahead_raises_its_error_where_it_is_waited_for() -> None:
    def fail() -> None:
        raise ValueError("no")

    job = ahead(fail)
    try:
        job.wait()
    except ValueError as exc:
        assert str(exc) == "no"
    else:
        raise AssertionError("the error was lost")

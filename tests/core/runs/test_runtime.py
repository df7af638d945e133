"""How a simfind process runs its garbage collector (core/runs/runtime.py)."""

from __future__ import annotations

import gc

from simfind.core.runs.runtime import collector_paused


def test_the_collector_pauses_and_comes_back_as_it_was() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()  # a window's scan turns it off: it stays off
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_is_on_again_only_when_the_last_hold_is_let_go() -> None:
    from simfind.core.runs.runtime import COLLECTOR

    assert gc.isenabled()
    COLLECTOR.hold()  # a scan
    with collector_paused():  # its grouping, on the scan's thread
        assert not gc.isenabled()
    assert not gc.isenabled()  # the scan still holds it
    COLLECTOR.hold()  # a job aside
    COLLECTOR.release(set_aside=True)  # the scan's end: the job still makes its objects
    assert not gc.isenabled()
    COLLECTOR.release()
    assert gc.isenabled()

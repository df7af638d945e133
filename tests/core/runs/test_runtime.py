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

"""For tests that wait for a window's signals rather than poll its state."""

from __future__ import annotations


def ended(running: bool) -> bool:
    """A ``check_params_cb`` for a wait on ``running_changed``: the work's end
    (``running_changed(False)``), not its start."""
    return not running

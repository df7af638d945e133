"""The ``simfind`` command: the window by default, ``scan``, ``groups`` and ``cache`` headless.

One module a job: parser (the grammar), commands (scan, groups, cache), signals
(stopping cleanly) and entry (where every launch begins); base/ what the commands
share (output: rows to stdout or a file; terminal: the progress line; words: the
core's outcomes in English); clean/ and ignore/ a command each. Only this file and
signals load before ``main`` runs, so that Ctrl+C (or SIGTERM, SIGHUP) while the rest
loads is an interrupt like any other, not a traceback nor a silent death.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """The ``simfind`` command (and the bundled executable): the window without a command."""
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        # What the parser's --version says, without loading the parser, NumPy and the
        # engine first (0.17 s of CPU, against 0.03 s for Python alone).
        from simfind import __version__

        print(f"simfind {__version__}")
        return 0
    from simfind.cli.signals import stop_on_signals

    try:
        with stop_on_signals():  # SIGTERM while the rest loads ends it as Ctrl+C does
            from simfind.cli.entry import run
        return run(argv)
    except KeyboardInterrupt:
        from simfind.cli.signals import interrupted

        return interrupted()


def gui_main(argv: Sequence[str] | None = None) -> int:
    """The ``simfind-gui`` script: ``simfind gui`` with its arguments."""
    return main(["gui", *(sys.argv[1:] if argv is None else argv)])


__all__ = ["gui_main", "main"]

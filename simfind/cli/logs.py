"""-v, -vv and --debug: simfind's log on stderr, for a report a user can send.

The core logs through ``logging.getLogger(__name__)`` and never prints; without
these flags no handler is set, and nothing is shown (simfind/__init__ gives the
"simfind" logger a NullHandler, so that not even a warning reaches Python's
last-resort output, in the window as on the command line).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Sequence

from simfind import __version__

log = logging.getLogger(__name__)


class _Lines(logging.Formatter):
    """ "simfind: [  412 ms] core.scan: walk: ...": the time since start, the module."""

    def format(self, record: logging.LogRecord) -> str:
        where = record.name.removeprefix("simfind.")
        line = f"simfind: [{record.relativeCreated:6.0f} ms] {where}: {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def log_level(verbose: int, debug: bool) -> int | None:
    """-v: what each stage did and its time; -vv or --debug: each file as well."""
    if debug or verbose > 1:
        return logging.DEBUG
    return logging.INFO if verbose else None


def start_log(verbose: int, debug: bool, argv: Sequence[str]) -> None:
    """Send simfind's log to stderr at the level asked for (nothing when none is)."""
    level = log_level(verbose, debug)
    if level is None:
        return
    import platform  # only for a log: a run without one never loads it

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Lines())
    root = logging.getLogger("simfind")
    root.setLevel(level)
    root.addHandler(handler)
    log.info(
        "simfind %s, Python %s, %s; arguments: %s",
        __version__,
        platform.python_version(),
        platform.platform(),
        " ".join(argv),
    )

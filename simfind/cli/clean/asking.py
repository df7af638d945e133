"""Asking the person at the terminal before anything is removed.

The question goes to the terminal itself, not to standard input: in
``simfind groups D --format json | simfind clean - --trash`` standard input is the
pipe, and the person is still there to answer. Where no terminal can be opened (cron,
CI, a service, ssh without a tty) nobody can answer: ``terminal`` says None, and a
command that would act asks for --yes instead.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TextIO

#: The console's own input on Windows, as /dev/tty is the terminal on POSIX.
_CONSOLE = "CONIN$" if sys.platform == "win32" else "/dev/tty"


@contextlib.contextmanager
def terminal() -> Iterator[tuple[TextIO, TextIO] | None]:
    """The terminal to ask on, as (what the person types, where the question goes), or
    None where there is none: standard input and error where both are one, else the
    process's terminal (/dev/tty, CONIN$) where it has one and standard error shows."""
    if sys.stdin is not None and sys.stdin.isatty() and sys.stderr.isatty():
        yield sys.stdin, sys.stderr
        return
    if sys.stderr is None or not sys.stderr.isatty():
        yield None
        return
    try:
        typed = open(_CONSOLE, encoding=sys.stderr.encoding or "utf-8")  # noqa: SIM115, PTH123
    except OSError:  # no controlling terminal (ENXIO), or none to open
        yield None
        return
    with typed:
        yield typed, sys.stderr


def answer_yes(typed: TextIO, shown: TextIO, question: str) -> bool:
    """Ask ``question`` and say whether the answer was yes (y, yes; anything else, or the
    end of input, is no)."""
    shown.write(question)
    shown.flush()
    try:
        line = typed.readline()
    except (OSError, UnicodeDecodeError):
        return False
    if not line:  # end of input: nobody answered
        shown.write("\n")
    return line.strip().lower() in ("y", "yes")


def confirm(question: str) -> bool | None:
    """Whether the person at the terminal said yes; None where there is no terminal."""
    with terminal() as found:
        if found is None:
            return None
        return answer_yes(*found, question)


__all__ = ["answer_yes", "confirm", "terminal"]

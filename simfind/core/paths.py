"""Paths, sizes and times as people read them, and where a path lies."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as text that can always be printed: undecodable bytes become \\x escapes."""
    text = os.fspath(path)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def is_inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """Whether ``path`` lies in ``folder`` (links resolved): simfind never writes there."""
    try:
        Path(path).resolve().relative_to(Path(folder).resolve())
    except ValueError:
        return False
    return True


def human_size(size: int) -> str:
    """A size for people: 575 B, 12.1 KiB, 3.4 MiB."""
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} B"


def percent(similarity: float) -> str:
    """A similarity in percent with one decimal, as the window and the command line show it.

    Rounded once from the four decimals the exports keep, so that every front end
    shows the same figure (14.1, never 14.2 in one place and 14.1 in another).
    """
    return f"{round(similarity, 4) * 100:.1f}"


def format_time(mtime_ns: int) -> str:
    """A modification time in ISO 8601 with the local offset, to the second."""
    return datetime.fromtimestamp(mtime_ns / 1e9).astimezone().isoformat(timespec="seconds")

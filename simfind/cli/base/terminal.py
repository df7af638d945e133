"""What reaches the terminal: the progress line on stderr, and text made safe to show."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from typing import TextIO

from simfind.core.base.shown import shown_text
from simfind.core.runs.progress import Progress

#: Text made safe to show: a name's controls and bidirectional characters escaped (one
#: function for the terminal, the window and the report).
terminal_text = shown_text


def duration(seconds: float) -> str:
    """A time left, rounded as people say it: "8 s", "3 min", "1 h 20 min"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 90 else f"{minutes // 60} h {minutes % 60} min"


def progress_text(progress: Progress) -> str:
    """The line: what is done of how much, the percentage, the rate and the time left."""
    done, total = f"{progress.files_done:,}", f"{progress.files_total:,}"
    if progress.stage == "searching":
        return f"finding pairs of similar fingerprints  {progress.percent}%"
    rate = progress.bytes_done / 1e6 / progress.elapsed if progress.elapsed > 0 else 0.0
    if progress.stage == "verifying":
        text = f"comparing the nearest files exactly: {done} of {total}  {progress.percent}%"
    elif progress.stage == "hashing":
        text = (
            f"comparing the bytes of files of one size: {done} of {total}  "
            f"{progress.percent}%  {rate:.1f} MB/s"
        )
    else:
        text = f"reading {done} of {total} files  {progress.percent}%  {rate:.1f} MB/s"
    left = progress.seconds_left()
    if left is not None:
        text += f"  about {duration(left)} left"
    return text


def progress_printer(stream: TextIO) -> tuple[Callable[[Progress], None], Callable[[], None]]:
    """Show progress on ``stream`` (a terminal), and clear the line at the end."""

    def show(progress: Progress) -> None:
        # A line wider than the terminal wraps, and \r would then rewrite only its last part.
        width = max(20, shutil.get_terminal_size().columns - 1)
        stream.write(f"\r\033[K{progress_text(progress)[:width]}")
        stream.flush()

    def clear() -> None:
        stream.write("\r\033[K")
        stream.flush()

    return show, clear

"""Progress on the terminal: one line on stderr, rewritten in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from simfind.core.progress import Progress


def progress_printer(stream: TextIO) -> tuple[Callable[[Progress], None], Callable[[], None]]:
    def show(progress: Progress) -> None:
        done, total = progress.files_done, progress.files_total
        if progress.stage == "verifying":
            text = f"comparing the nearest files exactly: {done}/{total}"
        else:
            rate = progress.bytes_done / 1e6 / progress.elapsed if progress.elapsed > 0 else 0.0
            text = f"scanned {done}/{total} files, {rate:.1f} MB/s"
        stream.write(f"\r\033[K{text}")
        stream.flush()

    def clear() -> None:
        stream.write("\r\033[K")
        stream.flush()

    return show, clear

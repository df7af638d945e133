"""How far a scan has come, and how to stop it: the core's two lines to its caller.

Progress goes out through a callback, a few times a second at most; a cancel
comes in through a token the core looks at between files (anything with
``is_set()``, e.g. threading.Event).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

#: Progress reaches the caller at most this often (seconds).
PROGRESS_INTERVAL = 0.2

#: What a scan is doing: reading and fingerprinting every file, then comparing
#: the nearest candidates with the reference exactly (files read a second time).
#: Grouping searches for the pairs of similar fingerprints in between ("searching",
#: counted in thousandths of the search), and hashes the bytes of files of a shared
#: size for identical files ("hashing").
Stage = Literal["reading", "hashing", "searching", "verifying"]


class CancelToken(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Progress:
    """Where a scan stands; in the "verifying" stage the counts are of candidates."""

    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    current: str
    elapsed: float
    stage: Stage = "reading"

    @property
    def percent(self) -> int:
        """The share of the stage's files done, in whole percent."""
        return 100 * self.files_done // self.files_total if self.files_total > 0 else 0

    def seconds_left(self) -> float | None:
        """Time to the stage's end at the rate so far (by bytes); None until there is a rate."""
        if self.elapsed <= 0.5 or self.bytes_done <= 0:
            return None
        return max(0.0, (self.bytes_total - self.bytes_done) * self.elapsed / self.bytes_done)


ProgressCallback = Callable[[Progress], None]


class Item(Protocol):
    """A file as progress counts it: its size, and its path in the folder."""

    @property
    def size(self) -> int: ...

    @property
    def rel(self) -> str: ...


class Reporter:
    """Throttles progress calls to one per PROGRESS_INTERVAL, plus the first and last."""

    def __init__(
        self,
        callback: ProgressCallback | None,
        files: int,
        total_bytes: int,
        stage: Stage = "reading",
    ) -> None:
        self.callback = callback
        self.stage: Stage = stage
        self.files_total = files
        self.bytes_total = total_bytes
        self.files_done = 0
        self.bytes_done = 0
        self.started = time.monotonic()
        self.last = 0.0

    def advance(self, item: Item) -> None:
        self.step(1, item.size, item.rel)

    def step(self, files: int, size: int, current: str) -> None:
        self.files_done += files
        self.bytes_done += size
        self.emit(current)

    def emit(self, current: str, force: bool = False) -> None:
        now = time.monotonic()
        if self.callback is None or (not force and now - self.last < PROGRESS_INTERVAL):
            return
        self.last = now
        self.callback(
            Progress(
                self.files_done,
                self.files_total,
                self.bytes_done,
                self.bytes_total,
                current,
                now - self.started,
                self.stage,
            )
        )


class VerifyProgress:
    """Progress of the second stage: the nearest candidates read again and compared."""

    def __init__(self, callback: ProgressCallback | None) -> None:
        self.callback = callback
        self.reporter: Reporter | None = None

    def start(self, candidates: Sequence[Item]) -> None:
        if self.callback is None or not candidates:
            return
        total = sum(m.size for m in candidates)
        self.reporter = Reporter(self.callback, len(candidates), total, stage="verifying")
        self.reporter.emit("", force=True)

    def advance(self, batch: Sequence[Item]) -> None:
        if self.reporter is not None:
            self.reporter.step(len(batch), sum(m.size for m in batch), batch[-1].rel)

    def finish(self) -> None:
        if self.reporter is not None:
            self.reporter.emit("", force=True)

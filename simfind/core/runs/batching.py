"""Work cut into batches of a few items and a bounded size, as files are read and compared."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from itertools import islice
from typing import Generic, TypeVar

from simfind.core.runs.progress import CancelToken

Item = TypeVar("Item")
Batch = TypeVar("Batch")
Result = TypeVar("Result")

#: Seconds between two looks at a cancel token while batches run.
CANCEL_POLL = 0.1


def bounded_batches(
    items: Iterable[Item], weight: Callable[[Item], int], most_items: int, most_weight: int
) -> Iterator[list[Item]]:
    """The items in order, in batches of at most ``most_items`` and about ``most_weight``
    (a batch ends with the item that reaches it, so one heavy item is a batch alone)."""
    batch: list[Item] = []
    total = 0
    for item in items:
        batch.append(item)
        total += weight(item)
        if len(batch) >= most_items or total >= most_weight:
            yield batch
            batch, total = [], 0
    if batch:
        yield batch


class Flight(Generic[Batch, Result]):
    """Batches submitted to a pool and not yet back: the one place the core's loops over a
    pool start work and take it back, waiting (``in_flight``) or polled (a search that
    runs beside other work: index.frontier_search)."""

    def __init__(self, submit: Callable[[Batch], Future[Result]]) -> None:
        self._submit = submit
        self.running: dict[Future[Result], Batch] = {}

    def fill(self, todo: Iterator[Batch], most: int) -> None:
        """Submit the next of ``todo`` until ``most`` are running."""
        for batch in islice(todo, max(0, most - len(self.running))):
            self.running[self._submit(batch)] = batch

    def back(self, timeout: float | None = 0.0) -> list[tuple[Batch, Result]]:
        """The batches done, with their results (a worker's error is raised here), waiting
        up to ``timeout`` seconds for one where some run and none is done (None: until one
        is; 0: no wait)."""
        if not self.running:
            return []
        done: Iterable[Future[Result]] = [f for f in self.running if f.done()]
        if not done and timeout != 0:
            done, _ = wait(self.running, timeout=timeout, return_when=FIRST_COMPLETED)
        return [(self.running.pop(future), future.result()) for future in done]

    def drop(self) -> None:
        """The batches not started are cancelled (those running end on their own)."""
        for future in self.running:
            future.cancel()
        self.running.clear()


def in_flight(
    batches: Iterable[Batch],
    submit: Callable[[Batch], Future[Result]],
    most: int,
    cancel: CancelToken | None = None,
) -> Iterator[tuple[Batch, Result]]:
    """Each batch with its result, as each finishes, at most ``most`` submitted and not yet
    done at a time (a few per worker keep every worker busy). Closed early, the batches
    submitted and not yet started are cancelled. Once ``cancel`` is set (looked at every
    ``CANCEL_POLL`` seconds) nothing more is submitted, and it ends after the batches
    that finished by then."""
    todo = iter(batches)
    flight = Flight(submit)
    timeout = None if cancel is None else CANCEL_POLL
    try:
        while True:
            if cancel is None or not cancel.is_set():
                flight.fill(todo, most)
            if not flight.running:
                return
            yield from flight.back(timeout)
            if cancel is not None and cancel.is_set():
                return
    finally:
        flight.drop()

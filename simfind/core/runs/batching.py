"""Work cut into batches of a few items and a bounded size, as files are read and compared."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from itertools import islice
from typing import TypeVar

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
    running: dict[Future[Result], Batch] = {}
    timeout = None if cancel is None else CANCEL_POLL
    try:
        while True:
            if cancel is None or not cancel.is_set():
                for batch in islice(todo, most - len(running)):
                    running[submit(batch)] = batch
            if not running:
                return
            done, _ = wait(running, timeout=timeout, return_when=FIRST_COMPLETED)
            for future in done:
                yield running.pop(future), future.result()
            if cancel is not None and cancel.is_set():
                return
    finally:
        for future in running:
            future.cancel()

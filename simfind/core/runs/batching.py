"""Work cut into batches of a few items and a bounded size, as files are read and compared."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Item = TypeVar("Item")


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

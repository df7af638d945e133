"""Batches sent to a pool a few at a time, each with its result."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor

from simfind.core.runs.batching import bounded_batches, in_flight


def test_bounded_batches_end_at_the_item_that_reaches_the_weight() -> None:
    sizes = [1, 1, 5, 1, 1, 1]
    assert list(bounded_batches(sizes, lambda s: s, most_items=3, most_weight=4)) == [
        [1, 1, 5],
        [1, 1, 1],
    ]


def test_in_flight_pairs_each_batch_with_its_result_and_bounds_the_queue() -> None:
    lock = threading.Lock()
    running = 0
    most_seen = 0
    submitted = []

    def work(batch: list[int]) -> int:
        nonlocal running, most_seen
        with lock:
            running += 1
            most_seen = max(most_seen, running)
        try:
            return sum(batch)
        finally:
            with lock:
                running -= 1

    with ThreadPoolExecutor(max_workers=8) as pool:

        def submit(batch: list[int]) -> Future[int]:
            submitted.append(batch)
            return pool.submit(work, batch)

        batches = [[i, i] for i in range(50)]
        results = dict((tuple(b), r) for b, r in in_flight(batches, submit, most=3))
    assert results == {(i, i): 2 * i for i in range(50)}
    assert most_seen <= 3


def test_in_flight_closed_early_cancels_what_has_not_started() -> None:
    gate = threading.Event()
    futures: list[Future[int]] = []
    with ThreadPoolExecutor(max_workers=1) as pool:

        def submit(batch: int) -> Future[int]:
            # The first batch is done at once; the next holds the one worker at the gate.
            future = pool.submit(lambda: batch if batch == 0 else gate.wait(5) and batch)
            futures.append(future)
            return future

        results = in_flight(range(10), submit, most=4)
        assert next(results) == (0, 0)
        results.close()  # the consumer stops: what is queued is dropped
        gate.set()
    assert len(futures) == 4  # never more than four submitted
    # The one worker may have taken the second batch already; the last two never started.
    assert not futures[0].cancelled() and futures[2].cancelled() and futures[3].cancelled()


def test_in_flight_stops_submitting_once_cancelled_and_ends_after_what_finished() -> None:
    cancel = threading.Event()
    submitted: list[list[int]] = []
    release = threading.Event()

    def work(batch: list[int]) -> int:
        if batch[0] >= 2:  # the batches after the cancel never end by themselves
            release.wait(10)
        return batch[0]

    with ThreadPoolExecutor(max_workers=4) as pool:

        def submit(batch: list[int]) -> Future[int]:
            submitted.append(batch)
            return pool.submit(work, batch)

        got = []
        for _batch, result in in_flight(([i] for i in range(100)), submit, 2, cancel):
            got.append(result)
            if result == 1:
                cancel.set()
        release.set()
    # Ended within a poll of the cancel, with the two that finished before it; nothing
    # submitted after it but the two that were in flight when it came.
    assert got == [0, 1] or sorted(got) == [0, 1]
    assert len(submitted) <= 4

"""A Dask client: to a scheduler that is already running, or to a cluster on this machine."""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from distributed import Client, LocalCluster

import simfind
from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.runs.jobs import default_jobs


def check_workers(client: Client) -> None:
    """Every worker must run this simfind version, or the fingerprints could differ."""
    versions = client.run(_simfind_version)
    wrong = {worker: v for worker, v in versions.items() if v != simfind.__version__}
    if wrong:
        raise ClusterError(
            ClusterProblem.WORKER_MISMATCH,
            version=simfind.__version__,
            names=tuple(f"{worker} {version}" for worker, version in sorted(wrong.items())),
        )


def _simfind_version() -> str:
    import simfind as here

    return here.__version__


@contextmanager
def connect(
    address: str | None = None,
    workers: int | None = None,
    dashboard: str | None = ":8787",
    memory_limit: str | None = None,
) -> Iterator[Client]:
    """A client for ``address``, or for a new cluster of worker processes on this machine.

    The local cluster has one single-threaded worker process per core (fingerprinting
    holds the GIL, so threads would not help) and its dashboard at ``dashboard`` (a
    free port is taken when that one is busy; None: any free port, as the scheduler
    serves its HTTP routes in any case). Each worker may use ``memory_limit`` (e.g.
    "4GB"; by default the machine's memory shared out), spilling to disk from 60 % of it.
    """
    if address:
        try:
            client = Client(address, timeout="20s")
        except (OSError, TimeoutError, ValueError) as exc:  # ValueError: not an address
            raise ClusterError(
                ClusterProblem.SCHEDULER_UNREACHABLE, address=address, error=str(exc)
            ) from exc
        with client:
            check_workers(client)
            yield client
        return
    with warnings.catch_warnings():
        # A busy port is no matter: the dashboard takes another, and its link says which.
        warnings.filterwarnings("ignore", "Port .* is already in use", UserWarning)
        cluster = LocalCluster(
            n_workers=workers or default_jobs(),
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0" if dashboard is None else dashboard,
            silence_logs=logging.ERROR,
            memory_limit=memory_limit or "auto",
        )
    with cluster, Client(cluster) as client:
        yield client

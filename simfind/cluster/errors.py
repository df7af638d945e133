"""What can go wrong on a cluster, as data: the command line words it (cli/base/words.py).

Importable without the dask extra, so that its absence can be reported too.
"""

from __future__ import annotations

from enum import Enum


class ClusterProblem(str, Enum):
    #: The dask extra is not installed (``module`` is the one missing).
    EXTRA_MISSING = "extra-missing"
    #: SOURCE does not exist (``path``; ``parquet`` tells which kind it was named as).
    SOURCE_MISSING = "source-missing"
    #: SOURCE is neither a folder nor a Parquet dataset (``path``).
    NOT_A_SOURCE = "not-a-source"
    #: A Parquet dataset without the id or text column (``path``, ``names``: the missing
    #: ones, ``present``: the columns it has).
    COLUMNS_MISSING = "columns-missing"
    #: A Parquet dataset with no Parquet file in it (``path``).
    NO_PARQUET_FILE = "no-parquet-file"
    #: A Parquet dataset that cannot be read: not Parquet, or damaged (``path``, ``error``:
    #: Arrow's words).
    PARQUET_UNREADABLE = "parquet-unreadable"
    #: A Parquet text column that does not hold text (``path``, ``names``: the column,
    #: ``error``: the type it holds).
    TEXT_COLUMN_NOT_TEXT = "text-column-not-text"
    #: The scheduler at ``address`` cannot be reached (``error``: the system's words).
    SCHEDULER_UNREACHABLE = "scheduler-unreachable"
    #: Workers run another simfind (``version``: ours, ``names``: "worker version").
    WORKER_MISMATCH = "worker-mismatch"
    #: More than one SOURCE with --dask.
    ONE_SOURCE = "one-source"
    #: Parquet output without --dask, or without --output.
    PARQUET_NEEDS_DASK = "parquet-needs-dask"
    PARQUET_NEEDS_OUTPUT = "parquet-needs-output"


class ClusterError(Exception):
    """A problem with the cluster, its source or its options, with its parameters."""

    def __init__(
        self,
        problem: ClusterProblem,
        *,
        path: str = "",
        address: str = "",
        module: str = "",
        version: str = "",
        error: str = "",
        names: tuple[str, ...] = (),
        present: tuple[str, ...] = (),
        parquet: bool = False,
    ) -> None:
        super().__init__(problem, path or address or module)
        self.problem = problem
        self.path = path
        self.address = address
        self.module = module
        self.version = version
        self.error = error
        self.names = names
        self.present = present
        self.parquet = parquet

"""Which kind of source a path names: a Parquet dataset, or a folder of files (no Dask here)."""

from __future__ import annotations

import os

#: Parquet names that make SOURCE a dataset rather than a folder of files to read.
PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")


def is_parquet(location: str | os.PathLike[str]) -> bool:
    """A Parquet dataset is named like one: a file or folder ending in .parquet (.parq, .pq)."""
    return os.fspath(location).rstrip("/\\").lower().endswith(PARQUET_SUFFIXES)

"""simfind on a Dask cluster: the desktop's fingerprints and groups for corpora beyond one machine.

Needs the dask extra (``pip install "simfind[dask]"``) here and on every worker;
nothing outside this package imports it. The names below are loaded on first
use, so that ``simfind.cluster.errors`` can be imported without the extra.

    from simfind.cluster import ClusterOptions, connect, find_groups

    with connect("tcp://scheduler:8786") as client:   # or connect() for this machine
        result = find_groups("/shared/corpus.parquet", client, ClusterOptions())
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from simfind.cluster.connect import connect
    from simfind.cluster.pipeline import (
        ClusterOptions,
        StageProgress,
        candidate_pairs,
        find_groups,
    )

_WHERE = {
    "connect": "simfind.cluster.connect",
    "ClusterOptions": "simfind.cluster.pipeline",
    "StageProgress": "simfind.cluster.pipeline",
    "candidate_pairs": "simfind.cluster.pipeline",
    "find_groups": "simfind.cluster.pipeline",
}

__all__ = ["ClusterOptions", "StageProgress", "candidate_pairs", "connect", "find_groups"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)

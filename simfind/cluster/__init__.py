"""simfind on a Dask cluster: the desktop's fingerprints and groups for corpora beyond one machine.

Needs the dask extra (``pip install "simfind[dask]"``) here and on every worker;
nothing outside this package imports it.

    from simfind.cluster import ClusterOptions, connect, find_groups

    with connect("tcp://scheduler:8786") as client:   # or connect() for this machine
        result = find_groups("/shared/corpus.parquet", client, ClusterOptions())
"""

from simfind.cluster.connect import WorkerMismatchError, connect
from simfind.cluster.pipeline import ClusterOptions, StageProgress, candidate_pairs, find_groups

__all__ = [
    "ClusterOptions",
    "StageProgress",
    "WorkerMismatchError",
    "candidate_pairs",
    "connect",
    "find_groups",
]

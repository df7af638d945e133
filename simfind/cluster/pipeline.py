"""Every group of near-duplicates in a corpus, computed on a Dask cluster.

Stages, each a set of pure tasks (Dask may run one twice, or again after a
worker died, and the result is the same):

1. fingerprinting: every document, in the workers, by the desktop's code;
2. joining: the pigeonhole tables as shuffles on block keys (``join``);
3. verifying: every candidate pair compared exactly beside its documents;
4. grouping: the verified pairs, back in this process, by the desktop's rule.

Nothing is written anywhere while this runs; the caller writes the result.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
from distributed import Client, as_completed, futures_of

from simfind.cluster.assemble import assemble
from simfind.cluster.fingerprints import REASON, fingerprints, lane_columns
from simfind.cluster.join import near_pairs, plan_tables, shuffle_partitions
from simfind.cluster.sources import (
    NAME,
    Source,
    documents,
    folder_source,
    is_parquet,
    parquet_source,
)
from simfind.cluster.verify import verified_pairs
from simfind.core.errors import SkipReason
from simfind.core.features import FeatureSettings
from simfind.core.fingerprinting import Job
from simfind.core.groups import GroupsResult
from simfind.core.textio import DEFAULT_MAX_BYTES
from simfind.core.walk import Skipped, WalkOptions


@dataclass(frozen=True)
class ClusterOptions:
    """What the desktop's ``groups`` takes, plus where a Parquet dataset keeps its columns."""

    features: FeatureSettings = field(default_factory=lambda: FeatureSettings(bits=64))
    max_distance: int | None = None
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    id_column: str = "id"
    text_column: str = "text"
    #: Blocks per fingerprint for the tables (None: estimated from the corpus size).
    blocks: int | None = None

    @property
    def distance(self) -> int:
        """The grouping distance: by default 3 bits of every 64, as on the desktop."""
        if self.max_distance is not None:
            return self.max_distance
        return 3 * self.features.bits // 64


@dataclass(frozen=True)
class StageProgress:
    """Partitions of the current stage done, of all its partitions."""

    stage: str
    done: int
    total: int
    elapsed: float


StageCallback = Callable[[StageProgress], None]


def open_source(location: str | os.PathLike[str], options: ClusterOptions) -> Source:
    if is_parquet(location):
        return parquet_source(os.fspath(location), options.id_column, options.text_column)
    return folder_source(Path(location), options.walk)


def _run_stage(
    client: Client, collection: Any, stage: str, started: float, progress: StageCallback | None
) -> Any:
    """Persist a collection on the cluster and report its partitions as they finish."""
    persisted = client.persist(collection)
    futures = futures_of(persisted)
    if progress is not None:
        progress(StageProgress(stage, 0, len(futures), time.monotonic() - started))
    for done, _ in enumerate(as_completed(futures), start=1):
        if progress is not None:
            progress(StageProgress(stage, done, len(futures), time.monotonic() - started))
    return persisted


def _skipped(frame: pd.DataFrame, source: Source) -> list[Skipped]:
    found = [
        Skipped(Path(source.location) / name, name, SkipReason(reason), detail)
        for name, reason, detail in frame[[NAME, REASON, "detail"]].itertuples(
            index=False, name=None
        )
    ]
    return sorted(source.skipped + found, key=lambda s: s.rel)


def find_groups(
    location: str | os.PathLike[str],
    client: Client,
    options: ClusterOptions = ClusterOptions(),
    progress: StageCallback | None = None,
) -> GroupsResult:
    """All groups of near-duplicates among the documents at ``location``, on ``client``'s cluster.

    ``location`` is a folder that every worker sees at the same path, or a Parquet
    dataset (a file or folder named ``*.parquet``) with an id and a text column.
    The groups equal those the desktop's ``find_groups`` gives for the same
    documents and settings.
    """
    started = time.monotonic()
    source = open_source(location, options)
    bits, distance = options.features.bits, options.distance
    if distance + 1 > bits:
        raise ValueError(f"max_distance must be below {bits}")
    lanes = lane_columns(bits)
    job = Job(options.features, options.max_bytes)
    result = GroupsResult(Path(source.location), bits, distance)

    prints = _run_stage(client, fingerprints(source, job), "fingerprinting", started, progress)
    valid = prints[prints[REASON] == ""]
    result.files, unusable = client.compute(
        [valid.shape[0], prints[prints[REASON] != ""][[NAME, REASON, "detail"]]], sync=True
    )
    result.skipped = _skipped(unusable, source)

    tables = plan_tables(result.files, bits, distance, options.blocks)
    workers = sum(client.nthreads().values())
    partitions = shuffle_partitions(result.files, workers)
    pairs = near_pairs(valid[lanes], lanes, distance, tables, partitions)
    pairs = _run_stage(client, pairs, "joining", started, progress)

    checked = verified_pairs(
        pairs, documents(source), valid, lanes, source.kind, options.features, options.max_bytes
    )
    checked = _run_stage(client, checked, "verifying", started, progress)
    verified = client.compute(checked, sync=True)

    result.groups = assemble(verified, source.kind, source.location, bits, lanes)
    result.elapsed = time.monotonic() - started
    return result

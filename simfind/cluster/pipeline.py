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

import asyncio
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import dask.dataframe as dd
import pandas as pd
from distributed import Client, futures_of, wait

from simfind.cluster.assemble import assemble
from simfind.cluster.boilerplate import documents_boilerplate
from simfind.cluster.fingerprints import REASON, fingerprints, lane_columns
from simfind.cluster.join import (
    Slice,
    collapse,
    distinct_rows,
    plan_tables,
    same_fingerprint_edges,
    shuffle_partitions,
    table_join,
)
from simfind.cluster.sources import (
    NAME,
    Source,
    documents,
    folder_source,
    is_parquet,
    parquet_source,
)
from simfind.cluster.verify import SIMILARITY, verified_pairs
from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import SkipDetail, SkipReason
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.index.candidates import check_radius, default_radius, servable_radius
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.scan.fingerprinting import Job
from simfind.core.scan.walk import Skipped, WalkOptions
from simfind.core.text.features import FeatureSettings


@dataclass(frozen=True)
class ClusterOptions:
    """What the desktop's ``groups`` takes, plus where a Parquet dataset keeps its columns."""

    features: FeatureSettings = field(default_factory=FeatureSettings)
    grouping: GroupingOptions = field(default_factory=GroupingOptions)
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    id_column: str = "id"
    text_column: str = "text"
    #: Blocks per fingerprint for the tables (None: estimated from the corpus size).
    blocks: int | None = None
    #: The join runs in this many slices of the key space, one after another (None: as
    #: many as keep each slice's shuffle within a quarter of the workers' memory).
    slices: int | None = None

    def radius(self, distinct: int) -> int:
        """The radius the desktop would use for this many distinct fingerprints."""
        if self.grouping.radius is not None:
            return self.grouping.radius
        bits = self.features.bits
        return servable_radius(distinct, bits, default_radius(bits))


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


#: Progress is reported at least this often while a stage runs (seconds).
TICK = 1.0


class _Stage:
    """Runs a stage's steps on the cluster, one after another, reporting finished partitions."""

    def __init__(
        self, client: Client, name: str, total: int, started: float, callback: StageCallback | None
    ) -> None:
        self.client, self.name, self.total = client, name, total
        self.started, self.callback = started, callback
        self.done = 0
        self._report()

    def _report(self) -> None:
        if self.callback is not None:
            elapsed = time.monotonic() - self.started
            self.callback(StageProgress(self.name, self.done, self.total, elapsed))

    def run(self, collections: list[Any]) -> list[Any]:
        """Persist collections on the cluster together; return them when all partitions are done.

        Progress is reported as partitions finish, and at least every TICK seconds (a
        shuffle may finish no partition for minutes). A task's error is raised here.
        """
        persisted = self.client.persist(collections)
        pending = set(futures_of(persisted))
        while pending:
            try:
                done, pending = wait(pending, timeout=TICK, return_when="FIRST_COMPLETED")
            except (TimeoutError, asyncio.TimeoutError):
                self._report()
                continue
            for future in done:
                if future.status == "error":
                    future.result()
            self.done += len(done)
            self._report()
        return list(persisted)


def _slices(rows: int, lanes: int, client: Client) -> int:
    """Slices for the join: each slice's shuffle should fit in a quarter of the workers' memory."""
    try:
        info = client.scheduler_info(n_workers=-1)  # some releases list only five by default
    except TypeError:  # releases before the argument list all of them
        info = client.scheduler_info()
    workers = info["workers"].values()
    memory = sum(w.get("memory_limit") or 0 for w in workers) or 4 * 2**30
    moved = rows * (8 * (2 + lanes))  # key, row and lanes of every fingerprint
    return max(1, -(-4 * moved // memory))


def candidate_pairs(
    client: Client,
    prints: dd.DataFrame,
    count: int,
    bits: int,
    distance: int | Callable[[int], int],
    *,
    blocks: int | None = None,
    slices: int | None = None,
    progress: StageCallback | None = None,
    started: float | None = None,
) -> dd.DataFrame:
    """Every pair of rows within ``distance`` (i < j), each once, persisted on the cluster.

    ``prints`` holds ``count`` fingerprints: rows as its index, the lanes as columns.
    Identical fingerprints are collapsed first (a shuffle on the whole fingerprint):
    each member other than the smallest row comes out as a pair with that row, at
    distance 0, and only the smallest goes on. Then each table is a shuffle on its
    key; with several slices of the key space, one slice's shuffles run after
    another's. ``distance`` may be a function of the number of distinct
    fingerprints, known once they are collapsed.
    """
    lanes = lane_columns(bits)
    partitions = shuffle_partitions(count, sum(client.nthreads().values()))
    pieces = slices or _slices(count, len(lanes), client)
    shares = [Slice(number, pieces) for number in range(pieces)]
    began = time.monotonic() if started is None else started
    joining = _Stage(client, "joining", len(shares) * partitions, began, progress)
    collapsed = dd.concat(
        [joining.run([collapse(prints, lanes, partitions, s)])[0] for s in shares]
    )
    distinct = distinct_rows(collapsed, lanes)
    if callable(distance):
        distance = distance(int(client.compute(distinct.shape[0], sync=True)))
    tables = plan_tables(count, bits, distance, blocks)
    joining.total += len(shares) * len(tables) * partitions
    found = []
    for share in shares:  # all tables of a slice in one graph, the slices one after another
        found += joining.run(
            [
                table_join(distinct, lanes, tables, number, distance, partitions, share)
                for number in range(len(tables))
            ]
        )
    return dd.concat([same_fingerprint_edges(collapsed), *found])


def _skipped(frame: pd.DataFrame, source: Source) -> list[Skipped]:
    found = [
        Skipped(Path(source.location) / name, name, SkipReason(reason), SkipDetail.from_json(text))
        for name, reason, text in frame[[NAME, REASON, "detail"]].itertuples(index=False, name=None)
    ]
    return sorted(source.skipped + found, key=lambda s: s.rel)


def find_groups(
    location: str | os.PathLike[str] | Source,
    client: Client,
    options: ClusterOptions = ClusterOptions(),
    progress: StageCallback | None = None,
) -> GroupsResult:
    """All groups of near-duplicates among the documents at ``location``, on ``client``'s cluster.

    ``location`` is a folder that every worker sees at the same path, or a Parquet
    dataset (a file or folder named ``*.parquet``) with an id and a text column.
    The groups equal those the desktop's ``find_groups`` gives for the same
    documents and settings. ``location`` may be opened already (``open_source``: a
    source that cannot be read is then refused before any cluster is started).
    """
    started = time.monotonic()
    bits = options.features.bits
    if options.grouping.radius is not None:
        check_radius(options.grouping.radius, bits)
    source = location if isinstance(location, Source) else open_source(location, options)
    lanes = lane_columns(bits)
    job = Job(options.features, options.max_bytes)
    threshold = options.grouping.threshold
    result = GroupsResult([Path(source.location)], [], bits, 0, threshold)

    def stage(name: str) -> Callable[[int], _Stage]:
        return lambda total: _Stage(client, name, total, started, progress)

    fingerprinted = fingerprints(source, job)
    (prints,) = stage("fingerprinting")(fingerprinted.npartitions).run([fingerprinted])
    valid = prints[prints[REASON] == ""]
    result.files, unusable = client.compute(
        [valid.shape[0], prints[prints[REASON] != ""][[NAME, REASON, "detail"]]], sync=True
    )
    result.skipped = _skipped(unusable, source)
    if result.files < 2:  # as on the desktop: nothing to pair
        result.radius = options.grouping.radius or default_radius(bits)
        result.elapsed = time.monotonic() - started
        return result

    def radius_for(distinct: int) -> int:
        result.radius = options.radius(distinct)
        return result.radius

    pairs = candidate_pairs(
        client,
        valid[lanes],
        result.files,
        bits,
        radius_for,
        blocks=options.blocks,
        slices=options.slices,
        progress=progress,
        started=started,
    )
    documents_frame = documents(source)
    result.boilerplate = documents_boilerplate(valid, result.files, client)

    def verify(frame: Any) -> Any:
        return verified_pairs(
            frame,
            documents_frame,
            valid,
            lanes,
            source.kind,
            options.features,
            options.max_bytes,
            result.boilerplate,
        )

    checked = verify(pairs)
    (checked,) = stage("verifying")(checked.npartitions).run([checked])
    verified = client.compute(checked, sync=True)

    def more(asked: list[tuple[int, int]]) -> dict[tuple[int, int], float | None]:
        """Pairs the rule asks for beyond the candidates (a member against its centre)."""
        frame = pd.DataFrame(asked, columns=["i", "j"]).assign(distance=0)
        done = client.compute(verify(dd.from_pandas(frame, npartitions=1)), sync=True)
        return {
            (int(a), int(b)): None if pd.isna(value) else float(value)
            for a, b, value in zip(done["i"], done["j"], done[SIMILARITY], strict=True)
        }

    grouping = replace(options.grouping, radius=result.radius)
    result.groups, outcome = assemble(
        verified, source.kind, source.location, bits, lanes, grouping, more
    )
    result.candidates = len(verified)
    result.compared = outcome.compared
    result.elapsed = time.monotonic() - started
    return result

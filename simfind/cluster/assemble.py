"""Verified pairs to groups, by the desktop's own grouping rule (core.grouping.group_files).

The one seam between the cluster and the grouping rule. The cluster has found
every candidate pair (every pair of distinct fingerprints within the radius,
and each identical fingerprint's members beside its representative) and
compared them exactly; the documents those pairs touch, and only those, are
put in the order the desktop uses, and ``group_files`` runs over them as it
does on the desktop, its exact comparisons answered from what the cluster
compared (and any it still asks for compared in the workers). The candidate
pairs ``group_files`` finds among these documents are the desktop's: every
document with a partner within the radius is among them.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from simfind.cluster.sources import NAME, Kind
from simfind.cluster.verify import RECORD_COLUMNS, SIMILARITY
from simfind.core.groups.folder_groups import Group
from simfind.core.linkage.grouping import (
    ComparedBatches,
    Grouping,
    GroupingOptions,
    Pair,
    group_files,
)
from simfind.core.scan.match import file_match

#: Exact similarities of pairs of rows (the cluster's row numbers), computed in the workers.
MoreComparisons = Callable[[list[Pair]], dict[Pair, float | None]]


def _records(pairs: pd.DataFrame, lanes: list[str], kind: Kind, location: str) -> pd.DataFrame:
    """One row per document in a pair, indexed by its row, in the desktop's order (by path)."""
    columns = [*RECORD_COLUMNS, *lanes]
    ends = []
    for end in ("i", "j"):
        part = pairs[[end, *(f"{c}_{end}" for c in columns)]]
        ends.append(part.set_axis(["row", *columns], axis=1))
    records = pd.concat(ends).drop_duplicates("row").set_index("row")
    shared = records[NAME].duplicated(keep=False).to_numpy()
    if shared.any():  # a Parquet id on several rows: each row named apart
        names = records[NAME].to_numpy(dtype=object)
        rows = records.index.to_numpy()
        names[shared] = [f"{n} (row {r})" for n, r in zip(names[shared], rows[shared], strict=True)]
        records[NAME] = names
    records["path"] = [_path(kind, location, name) for name in records[NAME]]
    order = sorted(range(len(records)), key=lambda k: os.fsencode(records["path"].iloc[k]))
    return records.iloc[order]


def _path(kind: Kind, location: str, name: str) -> Path:
    return Path(location) / name if kind == "folder" else Path(name)


def _fingerprint(values: list[int]) -> int:
    return sum(int(v) << (64 * lane) for lane, v in enumerate(values))


def assemble(
    pairs: pd.DataFrame,
    kind: Kind,
    location: str,
    bits: int,
    lanes: list[str],
    options: GroupingOptions,
    more: MoreComparisons,
) -> tuple[list[Group], Grouping]:
    """Groups from the verified pairs (columns i, j, distance, similarity, both records)."""
    if pairs.empty:
        return [], Grouping(radius=options.radius or 0)
    records = _records(pairs, lanes, kind, location)
    rows = records.index.to_numpy()
    position = {int(row): k for k, row in enumerate(rows.tolist())}
    known: dict[Pair, float | None] = {}
    for a, b, value in zip(
        pairs["i"].tolist(), pairs["j"].tolist(), pairs[SIMILARITY].tolist(), strict=True
    ):
        ka, kb = position[a], position[b]
        known[(min(ka, kb), max(ka, kb))] = None if np.isnan(value) else float(value)

    def compare(asked: list[Pair]) -> ComparedBatches:
        missing = [pair for pair in asked if pair not in known]
        if missing:
            found = more([(int(rows[a]), int(rows[b])) for a, b in missing])
            for a, b in missing:
                known[(a, b)] = found.get((int(rows[a]), int(rows[b])))
        yield asked, [known[pair] for pair in asked]

    prints = records[lanes].to_numpy(dtype=np.uint64)
    outcome = group_files(prints, compare, options)
    matches = [
        file_match(
            path=path,
            rel=name,
            size=int(size),
            mtime_ns=int(seconds) * 1_000_000_000 + int(subns),
            encoding=encoding,
            fingerprint=_fingerprint(list(values)),
            format=form,
            digest=bytes.fromhex(digest) or None,
        )
        for path, name, size, seconds, subns, encoding, form, digest, *values in records[
            ["path", *RECORD_COLUMNS, *lanes]
        ].itertuples(index=False, name=None)
    ]
    return [Group.of(found, matches) for found in outcome.groups], outcome

"""Verified pairs to groups, by the desktop's own grouping rule.

The one seam between the cluster and the grouping rule: the verified pairs
come back from the workers with both ends' records; the documents they touch
are put in the order the desktop uses (by relative path or id), and the
core's rule turns pairs into groups. Only documents that are in some pair
reach this step, never the whole corpus.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from simfind.cluster.sources import NAME, Kind
from simfind.cluster.verify import RECORD_COLUMNS, SIMILARITY
from simfind.core.groups import Group, _group
from simfind.core.index import groups as components
from simfind.core.rank import Match


def _records(pairs: pd.DataFrame, lanes: list[str]) -> pd.DataFrame:
    """One row per document in a pair: its record, indexed by row, sorted by name."""
    columns = [*RECORD_COLUMNS, *lanes]
    ends = []
    for end in ("i", "j"):
        part = pairs[[end, *(f"{c}_{end}" for c in columns)]]
        ends.append(part.set_axis(["row", *columns], axis=1))
    records = pd.concat(ends).drop_duplicates("row").set_index("row")
    return records.sort_values(NAME, kind="stable")


def _fingerprint(values: list[int]) -> int:
    return sum(int(v) << (64 * lane) for lane, v in enumerate(values))


def assemble(
    pairs: pd.DataFrame, kind: Kind, location: str, bits: int, lanes: list[str]
) -> list[Group]:
    """Groups from verified pairs (columns i, j, distance, similarity and both records)."""
    if pairs.empty:
        return []
    records = _records(pairs, lanes)
    position = pd.Series(np.arange(len(records)), index=records.index)
    matches = [
        Match(
            path=Path(location) / name if kind == "folder" else Path(name),
            rel=name,
            size=int(size),
            mtime_ns=int(mtime_ns),
            encoding=encoding,
            fingerprint=_fingerprint(list(prints)),
        )
        for name, size, mtime_ns, encoding, *prints in records[
            [*RECORD_COLUMNS, *lanes]
        ].itertuples(index=False, name=None)
    ]
    i = position.loc[pairs["i"].to_numpy()].to_numpy()
    j = position.loc[pairs["j"].to_numpy()].to_numpy()
    similarity = pairs[SIMILARITY].to_numpy(dtype=float)
    return group_rule(matches, i, j, similarity, bits)


def group_rule(
    matches: list[Match], i: np.ndarray, j: np.ndarray, similarity: np.ndarray, bits: int
) -> list[Group]:
    """The desktop's rule: linked documents chain into one group around its centre."""
    del similarity  # the current rule groups by distance alone
    return [_group([matches[k] for k in part], bits) for part in components(len(matches), i, j)]

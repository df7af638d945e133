"""The pigeonhole candidate join as shuffles of Dask DataFrames.

The desktop finds near pairs with block tables in one process
(``core.index.table_pairs``); here each table is one shuffle:

1. Identical fingerprints are collapsed first: a shuffle on the whole
   fingerprint puts each set of equals in one partition, where its smallest
   row becomes the representative and every other member an edge to it at
   distance 0. A corpus with ten thousand copies of one page then gives
   ten thousand edges, not fifty million pairs, and no table key is skewed
   by them.
2. For each table (a choice of blocks the core computes), every distinct
   fingerprint gets the table's key, the kept blocks' bits; a shuffle on the
   key brings all fingerprints sharing a key into one partition, where the
   core's ``one_table_pairs`` sorts them, pairs each run of equal keys, checks the
   full Hamming distance and keeps a pair only if this is the first table its
   fingerprints agree on. So every pair within the distance comes out of
   exactly one table, and no global de-duplication is needed.

A table moves (8-byte key + 8-byte row + 8 bytes per lane) per distinct
fingerprint through the network; nothing else is shuffled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import dask.dataframe as dd
import numpy as np
import pandas as pd

from simfind.core.index.pigeonhole import (
    Table,
    block_tables,
    choose_blocks,
    one_table_pairs,
    table_key,
)
from simfind.core.text.hashing import fmix64

#: Time of moving one fingerprint through a table's shuffle (serialising, sending,
#: sorting it; about 1 µs on this project's machine), against the desktop's sort
#: (0.12 µs): candidates are cheap beside it, so a cluster takes fewer tables.
SHUFFLE_SECONDS = 1e-6

#: Fingerprints per partition after a shuffle: 2 million rows of key, row and lanes are
#: 48-64 MB, a comfortable task for a worker.
SHUFFLE_ROWS = 2_000_000

ROW, REP, KEY = "row", "rep", "key"
PAIR_COLUMNS = ("i", "j", "distance")


@dataclass(frozen=True)
class Slice:
    """A share of the key space, ``number`` of ``count``: a big join is run one slice at a time.

    Every key falls in exactly one slice, so equal keys meet in the same one;
    each slice's shuffle moves only its share of the fingerprints.
    """

    number: int = 0
    count: int = 1

    def mask(self, values: np.ndarray) -> np.ndarray:
        if self.count == 1:
            return np.ones(len(values), dtype=bool)
        mixed = fmix64(np.asarray(values, dtype=np.uint64))
        return (mixed % np.uint64(self.count)) == np.uint64(self.number)


WHOLE = Slice()


def pairs_meta() -> pd.DataFrame:
    return pd.DataFrame({c: np.empty(0, dtype=np.int64) for c in PAIR_COLUMNS})


def _collapse_part(frame: pd.DataFrame, lanes: Sequence[str]) -> pd.DataFrame:
    """Each row with the smallest row holding the same fingerprint (``rep``)."""
    if frame.empty:
        return frame.assign(**{REP: np.empty(0, dtype=np.int64)})
    ordered = frame.sort_values([*lanes, ROW], kind="stable")
    values = [ordered[c].to_numpy() for c in lanes]
    change = np.zeros(len(ordered), dtype=bool)
    change[0] = True
    for column in values:
        change[1:] |= column[1:] != column[:-1]
    starts = np.flatnonzero(change)
    run = np.cumsum(change) - 1
    rows = ordered[ROW].to_numpy()
    return ordered.assign(**{REP: rows[starts][run]})


def shuffle_partitions(rows: int, workers: int) -> int:
    """Partitions after a shuffle of ``rows``: each small enough, and every worker busy."""
    return max(1, -(-rows // SHUFFLE_ROWS), min(workers, -(-rows // 1000)))


def _sliced(frame: pd.DataFrame, column: str, share: Slice) -> pd.DataFrame:
    return frame if share.count == 1 else frame[share.mask(frame[column].to_numpy())]


def collapse(
    fingerprints: dd.DataFrame, lanes: Sequence[str], partitions: int, share: Slice = WHOLE
) -> dd.DataFrame:
    """Columns row, lanes, rep: rep == row for the one row kept of each identical set.

    Only the fingerprints whose low lane falls in ``share`` are taken.
    """
    frame = fingerprints[list(lanes)].reset_index()
    if share.count > 1:
        frame = frame.map_partitions(_sliced, lanes[0], share, meta=frame._meta)
    shuffled = frame.shuffle(on=list(lanes), npartitions=partitions)
    meta = frame._meta.assign(**{REP: np.empty(0, dtype=np.int64)})
    return shuffled.map_partitions(_collapse_part, list(lanes), meta=meta)


def same_fingerprint_edges(collapsed: dd.DataFrame) -> dd.DataFrame:
    """(representative, member, 0) for every member that is not its set's representative."""
    others = collapsed[collapsed[ROW] != collapsed[REP]]
    return others.map_partitions(
        lambda f: pd.DataFrame(
            {
                "i": f[REP].to_numpy(np.int64),
                "j": f[ROW].to_numpy(np.int64),
                "distance": np.zeros(len(f), dtype=np.int64),
            }
        ),
        meta=pairs_meta(),
    )


def _keyed_part(
    frame: pd.DataFrame, lanes: Sequence[str], table: Table, share: Slice
) -> pd.DataFrame:
    arrays = [frame[c].to_numpy(np.uint64) for c in lanes]
    key = table_key(arrays, table) if len(frame) else np.empty(0, dtype=np.uint64)
    keyed = pd.DataFrame(
        {KEY: key, ROW: frame[ROW].to_numpy(np.int64), **dict(zip(lanes, arrays, strict=True))}
    )
    return _sliced(keyed, KEY, share)


def _pairs_part(
    frame: pd.DataFrame, lanes: Sequence[str], tables: list[Table], number: int, max_distance: int
) -> pd.DataFrame:
    """The pairs table ``number`` reports among the rows of one key-shuffled partition."""
    arrays = [frame[c].to_numpy(np.uint64) for c in lanes]
    rows = frame[ROW].to_numpy(np.int64)
    found_i, found_j, found_d = [], [], []
    for a, b, distance in one_table_pairs(arrays, tables, number, max_distance):
        found_i.append(np.minimum(rows[a], rows[b]))
        found_j.append(np.maximum(rows[a], rows[b]))
        found_d.append(distance)
    if not found_i:
        return pairs_meta()
    return pd.DataFrame(
        {
            "i": np.concatenate(found_i),
            "j": np.concatenate(found_j),
            "distance": np.concatenate(found_d).astype(np.int64),
        }
    )


def plan_tables(
    distinct: int, bits: int, max_distance: int, blocks: int | None = None
) -> list[Table]:
    """The tables for about ``distinct`` fingerprints: fewer and longer-keyed than the desktop's."""
    if blocks is None:
        blocks = choose_blocks(max(distinct, 2), bits, max_distance, SHUFFLE_SECONDS)
    return block_tables(bits, max_distance, blocks)


def table_join(
    distinct: dd.DataFrame,
    lanes: Sequence[str],
    tables: list[Table],
    number: int,
    max_distance: int,
    partitions: int,
    share: Slice = WHOLE,
) -> dd.DataFrame:
    """One table: key every distinct fingerprint, shuffle on the key, pair within partitions.

    Only the keys in ``share`` are taken.
    """
    meta = pd.DataFrame(
        {KEY: np.empty(0, np.uint64), ROW: np.empty(0, np.int64)}
        | {c: np.empty(0, np.uint64) for c in lanes}
    )
    keyed = distinct.map_partitions(_keyed_part, list(lanes), tables[number], share, meta=meta)
    shuffled = keyed.shuffle(on=KEY, npartitions=partitions)
    return shuffled.map_partitions(
        _pairs_part, list(lanes), tables, number, max_distance, meta=pairs_meta()
    )


def distinct_rows(collapsed: dd.DataFrame, lanes: Sequence[str]) -> dd.DataFrame:
    """The representative of each set of identical fingerprints: columns row and lanes."""
    return collapsed[collapsed[ROW] == collapsed[REP]][[ROW, *lanes]]

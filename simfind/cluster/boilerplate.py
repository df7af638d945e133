"""The documents' boilerplate counted in the workers: the desktop's rule, in three passes.

boilerplate.from_owned counts, over every document's excerpt sample, how many
documents carry each run, each document's widely shared part, and for each
widely carried run how many of its carriers are mostly their own text. Here
the same three counts are sums over the partitions (a value count, a map, a
grouped sum), so no sample ever leaves its worker; only the widely carried
runs (a few thousand values) and the verdict come back to the client, and the
result equals the desktop's for the same documents.
"""

from __future__ import annotations

from typing import Any

import dask.dataframe as dd
import numpy as np
import pandas as pd

from simfind.cluster.fingerprints import SAMPLE
from simfind.core.compare.boilerplate import MOSTLY_OWN, Boilerplate, carriers, is_boilerplate
from simfind.core.fingerprint.excerpts import unpack

VALUE = "value"
OWN = "own"


def _unpack(sample: str | None) -> np.ndarray:
    return unpack(bytes.fromhex(sample)) if sample else np.zeros(0, np.uint32)


def _values(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (document, sampled value) of a partition."""
    samples = [_unpack(s) for s in frame[SAMPLE].tolist()]
    values = np.concatenate(samples).astype(np.uint64) if samples else np.zeros(0, np.uint64)
    return pd.DataFrame({VALUE: values})


def _own(frame: pd.DataFrame, wide: np.ndarray) -> pd.DataFrame:
    """For each widely carried value a document holds: whether that document is mostly
    its own text (its widely carried share under MOSTLY_OWN)."""
    rows: list[np.ndarray] = []
    flags: list[np.ndarray] = []
    for sample in frame[SAMPLE].tolist():
        values = _unpack(sample).astype(np.uint64)
        held = values[np.isin(values, wide)]
        if not len(held):
            continue
        rows.append(held)
        flags.append(np.full(len(held), len(held) / len(values) < MOSTLY_OWN))
    if not rows:
        return pd.DataFrame({VALUE: np.zeros(0, np.uint64), OWN: np.zeros(0, bool)})
    return pd.DataFrame({VALUE: np.concatenate(rows), OWN: np.concatenate(flags)})


def documents_boilerplate(valid: dd.DataFrame, documents: int, client: Any) -> Boilerplate:
    """The boilerplate of the documents whose fingerprints are ``valid`` (with samples)."""
    needed = carriers(documents)
    if documents < needed:
        return Boilerplate(texts=documents)
    meta = pd.DataFrame({VALUE: np.zeros(0, np.uint64)})
    counts = valid[[SAMPLE]].map_partitions(_values, meta=meta)[VALUE].value_counts()
    found = client.compute(counts[counts >= needed], sync=True)
    wide = np.sort(found.index.to_numpy(dtype=np.uint64))
    if not len(wide):
        return Boilerplate(texts=documents)
    meta = pd.DataFrame({VALUE: np.zeros(0, np.uint64), OWN: np.zeros(0, bool)})
    own = valid[[SAMPLE]].map_partitions(_own, wide, meta=meta)
    tally = client.compute(own.groupby(VALUE)[OWN].sum(), sync=True)
    carried = found.reindex(tally.index).to_numpy(dtype=np.int64)
    chosen = tally.index.to_numpy(dtype=np.uint64)[
        is_boilerplate(carried, tally.to_numpy(dtype=np.float64))
    ]
    return Boilerplate(values=np.sort(chosen), texts=documents)


__all__ = ["documents_boilerplate"]

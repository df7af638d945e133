"""Candidate pairs verified exactly in the workers, next to their documents.

The documents never move: pairs are sent to the partitions that hold their
first document (a range shuffle of the pairs onto the documents' known
divisions), pick up its path or text there, then go to the partition of their
second document and pick up that one. Each worker then reads and compares the
texts with the desktop's ``verify.comparable`` and ``verify.similarity``
(re-reading a folder's files by path, each once per partition).
"""

from __future__ import annotations

from collections.abc import Sequence

import dask.dataframe as dd
import numpy as np
import pandas as pd

from simfind.cluster.fingerprints import DIGEST
from simfind.cluster.sources import NAME, PAYLOAD, Kind
from simfind.core.base.errors import NotTextError
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import Comparable, comparable, similarity
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

#: What the client needs of each end of a pair to assemble the groups.
RECORD_COLUMNS = (NAME, "size", "mtime_s", "mtime_subns", "encoding", "format", DIGEST)
SIMILARITY = "similarity"


def _ends(columns: Sequence[str], end: str) -> dict[str, str]:
    return {c: f"{c}_{end}" for c in columns}


def _attach(
    pairs: dd.DataFrame,
    end: str,
    documents: dd.DataFrame,
    fingerprints: dd.DataFrame,
    lanes: Sequence[str],
    divisions: tuple[int, ...],
) -> dd.DataFrame:
    """The pairs with the record and payload of their ``end`` ("i" or "j") beside them."""
    by_end = pairs.set_index(end, divisions=list(divisions))
    columns = [*RECORD_COLUMNS, *lanes]
    records = fingerprints[columns].rename(columns=_ends(columns, end))
    payload = documents[[PAYLOAD]].rename(columns={PAYLOAD: f"{PAYLOAD}_{end}"})
    joined = by_end.join(records, how="inner").join(payload, how="inner")
    return joined.reset_index().rename(columns={"row": end, "index": end})


def _verify_part(
    frame: pd.DataFrame,
    kind: Kind,
    settings: FeatureSettings,
    max_bytes: int,
    common: Boilerplate = boilerplate.NONE,
) -> pd.DataFrame:
    """Exact similarity of each pair; NaN where a file can no longer be read as text."""
    known: dict[int, Comparable | None] = {}

    def load(row: int, payload: str) -> Comparable | None:
        if row not in known:
            if kind == "folder":
                try:
                    text = read_text(payload, max_bytes).text
                except NotTextError:
                    known[row] = None
                    return None
            else:
                text = payload
            known[row] = comparable(text, settings)
        return known[row]

    values = np.full(len(frame), np.nan)
    rows = zip(
        frame["i"].tolist(),
        frame[f"{PAYLOAD}_i"].tolist(),
        frame["j"].tolist(),
        frame[f"{PAYLOAD}_j"].tolist(),
        strict=True,
    )
    for k, (i, payload_i, j, payload_j) in enumerate(rows):
        a, b = load(i, payload_i), load(j, payload_j)
        if a is not None and b is not None:
            values[k] = similarity(a, b, settings, common)
    return frame.drop(columns=[f"{PAYLOAD}_i", f"{PAYLOAD}_j"]).assign(**{SIMILARITY: values})


def verified_pairs(
    pairs: dd.DataFrame,
    documents: dd.DataFrame,
    fingerprints: dd.DataFrame,
    lanes: Sequence[str],
    kind: Kind,
    settings: FeatureSettings,
    max_bytes: int,
    common: Boilerplate = boilerplate.NONE,
) -> dd.DataFrame:
    """Pairs with both ends' records and their exact similarity, the documents'
    boilerplate (``common``) counting little, as on the desktop."""
    divisions = tuple(int(d) for d in fingerprints.divisions)
    with_i = _attach(pairs, "i", documents, fingerprints, lanes, divisions)
    with_both = _attach(with_i, "j", documents, fingerprints, lanes, divisions)
    meta = _verify_part(with_both._meta, kind, settings, max_bytes)
    return with_both.map_partitions(_verify_part, kind, settings, max_bytes, common, meta=meta)

"""Where a cluster's documents come from: a folder every worker sees, or a Parquet dataset.

Either source is cut into parts; part k holds the rows numbered from
``starts[k]`` on, so every document has a row number fixed before any work
starts, and a part read twice gives the same rows. The frames built here carry
those numbers as their index, with known divisions, so that later steps can
line pairs up with the partitions that hold their documents instead of
shuffling the documents.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.dataset as pads
import pyarrow.parquet as pq

from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.cluster.kinds import is_parquet
from simfind.core.scan.walk import FileEntry, Skipped, WalkOptions, walk

Kind = Literal["folder", "parquet"]

#: Files per part of a folder: a task fingerprints this many, one after another.
FOLDER_PART_FILES = 2000
#: ... or fewer, when they add up to this many bytes.
FOLDER_PART_BYTES = 64 * 1024 * 1024

#: Columns of a document frame: the name shown for it (a folder's relative path or the
#: dataset's id), and what verification needs (the file's path, or the text itself).
NAME, PAYLOAD = "name", "payload"


@dataclass(frozen=True)
class FolderPart:
    """Files of one part: relative paths, with the folder they lie in."""

    folder: str
    rels: tuple[str, ...]


@dataclass(frozen=True)
class ParquetPart:
    """One fragment (file or row group) of a Parquet dataset."""

    path: str
    row_group: int
    id_column: str
    text_column: str


Part = FolderPart | ParquetPart


@dataclass
class Source:
    """A source cut into parts, part k holding rows ``starts[k]`` to ``starts[k + 1] - 1``."""

    kind: Kind
    location: str
    parts: list[Part]
    starts: list[int]
    #: Entries the walk of a folder could not use (links not followed, FIFOs, ...).
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return self.starts[-1]

    def nonempty(self) -> tuple[list[Part], list[int]]:
        """The parts that hold a row, with their first rows (one empty part if none does)."""
        kept = [
            (part, start)
            for part, start, stop in zip(self.parts, self.starts, self.starts[1:], strict=False)
            if stop > start
        ] or [(self.parts[0], 0)]
        return [part for part, _ in kept], [start for _, start in kept]

    @property
    def divisions(self) -> tuple[int, ...]:
        """Dask divisions: the first row of each part, then the last row of the last."""
        non_empty = [s for s, e in zip(self.starts, self.starts[1:], strict=False) if e > s]
        return (*non_empty, self.rows - 1) if non_empty else (0, 0)


def folder_source(folder: Path, options: WalkOptions | None = None) -> Source:
    """Walk a folder here, as the desktop does, and cut its files into parts.

    Rows follow the relative paths' order, the order the desktop's groups use.
    """
    folder = Path(os.path.abspath(folder))
    entries: list[FileEntry] = []
    skipped: list[Skipped] = []
    for found in walk(folder, options or WalkOptions()):
        (skipped if isinstance(found, Skipped) else entries).append(found)  # type: ignore[arg-type]
    entries.sort(key=lambda e: e.rel)
    parts: list[Part] = []
    starts = [0]
    rels: list[str] = []
    size = 0
    for entry in entries:
        rels.append(entry.rel)
        size += entry.size
        if len(rels) >= FOLDER_PART_FILES or size >= FOLDER_PART_BYTES:
            parts.append(FolderPart(os.fspath(folder), tuple(rels)))
            starts.append(starts[-1] + len(rels))
            rels, size = [], 0
    if rels or not parts:
        parts.append(FolderPart(os.fspath(folder), tuple(rels)))
        starts.append(starts[-1] + len(rels))
    skipped.sort(key=lambda s: s.rel)
    return Source("folder", os.fspath(folder), parts, starts, skipped)


def parquet_source(location: str, id_column: str = "id", text_column: str = "text") -> Source:
    """A Parquet dataset's row groups as parts; only the footers are read here."""
    try:
        dataset = pads.dataset(location, format="parquet")
        fragments = sorted(dataset.get_fragments(), key=lambda f: f.path)
        footers = [fragment.metadata for fragment in fragments]
    except (pa.ArrowException, OSError) as exc:  # not Parquet, or damaged
        raise ClusterError(
            ClusterProblem.PARQUET_UNREADABLE, path=location, error=_first_line(exc)
        ) from exc
    missing = [c for c in (id_column, text_column) if c not in dataset.schema.names]
    if missing:
        raise ClusterError(
            ClusterProblem.COLUMNS_MISSING,
            path=location,
            names=tuple(missing),
            present=tuple(dataset.schema.names),
        )
    kind = dataset.schema.field(text_column).type
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        raise ClusterError(
            ClusterProblem.TEXT_COLUMN_NOT_TEXT,
            path=location,
            names=(text_column,),
            error=str(kind),
        )
    parts: list[Part] = []
    starts = [0]
    for fragment, footer in zip(fragments, footers, strict=True):
        for group in range(footer.num_row_groups):
            count = footer.row_group(group).num_rows
            parts.append(ParquetPart(fragment.path, group, id_column, text_column))
            starts.append(starts[-1] + count)
    if not parts:
        raise ClusterError(ClusterProblem.NO_PARQUET_FILE, path=location)
    return Source("parquet", location, parts, starts)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def read_part(part: Part, start: int) -> pd.DataFrame:
    """The documents of one part: index ``row``, columns name and payload (path or text)."""
    if isinstance(part, FolderPart):
        names = list(part.rels)
        payload = [os.path.join(part.folder, rel) for rel in part.rels]  # noqa: PTH118
    else:
        columns = [part.id_column, part.text_column]
        with pq.ParquetFile(part.path) as handle:
            table = handle.read_row_group(part.row_group, columns=columns)
        names = [str(v) for v in table.column(part.id_column).to_pylist()]
        payload = ["" if v is None else str(v) for v in table.column(part.text_column).to_pylist()]
    rows = pd.Index(np.arange(start, start + len(names), dtype=np.int64), name="row")
    return pd.DataFrame(
        {NAME: np.array(names, dtype=object), PAYLOAD: np.array(payload, dtype=object)},
        index=rows,
    )


def documents(source: Source) -> dd.DataFrame:
    """The source's documents as a lazy frame, one partition per part, rows as the index."""
    parts, starts = source.nonempty()
    meta = read_part(FolderPart("", ()), 0)
    return dd.from_map(
        read_part,
        parts,
        starts,
        meta=meta,
        divisions=source.divisions,
        label="simfind-read",
        enforce_metadata=False,
    )


__all__: Sequence[str] = [
    "FolderPart",
    "ParquetPart",
    "Source",
    "documents",
    "folder_source",
    "is_parquet",
    "parquet_source",
    "read_part",
]

"""What ``simfind folders`` prints: a row per pair of folders (table, CSV), or every
pair with its files (JSON, resources/schemas/folders.schema.json)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from simfind.cli.base.output import ascii_only
from simfind.cli.base.tables import write_folder_table
from simfind.core.base.paths import PATH_BYTES, path_fields
from simfind.core.folders.pairing import FilePair, FolderPair, Side
from simfind.core.report.export import write_csv

if TYPE_CHECKING:
    from simfind.core.folders.search import FoldersResult

Shown = Callable[[Path], "str | Path"]

_SIDES = (Side.IDENTICAL, Side.NEAR, Side.CHANGED, Side.ONLY_A, Side.ONLY_B)
#: A pair's row: its group, its share, its folders and what each side holds, each kind of
#: file by count and bytes.
COLUMNS = (
    "group",
    "share",
    "share_by_count",
    "folder_a",
    "folder_b",
    "files_a",
    "files_b",
    "size_a",
    "size_b",
    *(f"{side.value}_{what}" for side in _SIDES for what in ("files", "bytes")),
    # Last, as path_bytes is in the other commands' CSV: a folder's name as bytes where
    # its text does not say it (paths.path_fields), empty elsewhere.
    "folder_a_bytes",
    "folder_b_bytes",
)


def _figures(pair: FolderPair) -> dict[str, Any]:
    """A pair's share and what each folder holds (every format's)."""
    return {
        "share": round(pair.share, 4),
        "share_by_count": round(pair.share_by_count, 4),
        "files_a": pair.files_a,
        "files_b": pair.files_b,
        "size_a": sum(f.size_a for f in pair.files),
        "size_b": sum(f.size_b for f in pair.files),
    }


def pair_rows(result: FoldersResult, shown: Shown) -> list[dict[str, Any]]:
    rows = []
    for number, group in enumerate(result.groups, 1):
        for pair in group.pairs:
            row: dict[str, Any] = {"group": number, **_figures(pair)}
            for letter, folder in (("a", pair.a), ("b", pair.b)):
                fields = path_fields(shown(folder))
                row[f"folder_{letter}"] = fields["path"]
                row[f"folder_{letter}_bytes"] = fields.get(PATH_BYTES)
            for side in _SIDES:
                tally = pair.tally(side)
                row[f"{side.value}_files"], row[f"{side.value}_bytes"] = tally.files, tally.bytes
            rows.append(row)
    return rows


def emit_rows(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    if fmt == "csv":
        write_csv(rows, stream, COLUMNS)
    else:
        write_folder_table(rows, stream)


def _path(path: Path | None, shown: Shown) -> dict[str, str] | None:
    return None if path is None else path_fields(shown(path))


def _file(file: FilePair, shown: Shown) -> dict[str, Any]:
    return {
        "side": file.side.value,
        "rel": file.rel,
        "a": _path(file.a, shown),
        "b": _path(file.b, shown),
        "size_a": file.size_a,
        "size_b": file.size_b,
        "similarity": None if file.similarity is None else round(file.similarity, 4),
    }


def _pair(pair: FolderPair, shown: Shown) -> dict[str, Any]:
    made: dict[str, Any] = {
        "a": path_fields(shown(pair.a)),
        "b": path_fields(shown(pair.b)),
        **_figures(pair),
    }
    for side in _SIDES:
        tally = pair.tally(side)
        made[side.value] = {"files": tally.files, "bytes": tally.bytes}
    made["files"] = [_file(f, shown) for f in pair.files]
    return made


def emit_json(result: FoldersResult, given: list[Path], shown: Shown, stream: TextIO) -> None:
    document = {
        "format": "simfind-folders",
        "version": 1,
        "folders": [path_fields(folder) for folder in given],
        "threshold": result.threshold,
        "groups": [
            {
                "folders": [path_fields(shown(folder)) for folder in group.folders],
                "pairs": [_pair(pair, shown) for pair in group.pairs],
            }
            for group in result.groups
        ],
    }
    json.dump(document, stream, ensure_ascii=ascii_only(stream), indent=1)
    stream.write("\n")

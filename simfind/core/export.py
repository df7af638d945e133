"""Scan results as rows; the CSV and JSON writers; files written whole."""

from __future__ import annotations

import csv
import json
import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from simfind.core.paths import display_path, format_time
from simfind.core.rank import Match
from simfind.core.record_search import RecordGroupsResult, RecordSet

if TYPE_CHECKING:
    from simfind.core.groups import Group

#: Column names, in order, shared by CSV and JSON.
COLUMNS = (
    "path",
    "distance",
    "similarity",
    "similar",
    "reference",
    "size",
    "modified",
    "encoding",
    "format",
    "fingerprint",
)

#: Columns of `simfind groups` in CSV.
GROUP_COLUMNS = (
    "group",
    "path",
    "similarity",
    "distance",
    "centre",
    "size",
    "modified",
    "encoding",
    "format",
    "fingerprint",
)

#: CSV files carry a BOM, so that Excel reads them as UTF-8 (Chinese included).
CSV_ENCODING = "utf-8-sig"

# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def row(match: Match, bits: int) -> dict[str, Any]:
    """One match as plain values (JSON types)."""
    return {
        "path": display_path(match.path),
        "distance": match.distance,
        "similarity": None if match.similarity is None else round(match.similarity, 4),
        "similar": match.similar,
        "reference": match.is_reference,
        "size": match.size,
        "modified": format_time(match.mtime_ns),
        "encoding": match.encoding,
        "format": match.format,
        "fingerprint": f"{match.fingerprint:0{bits // 4}x}",
    }


def group_rows(
    groups: Sequence[Group], bits: int, shown_path: Callable[[Match], Path] | None = None
) -> list[dict[str, Any]]:
    """One row per file of each group (numbered from 1, in the order given), the
    columns of GROUP_COLUMNS plus what JSON nests by: ``group_files``,
    ``group_size``, ``reclaimable``. ``shown_path`` gives the path to write for a
    file (by default its own)."""
    rows = []
    for number, group in enumerate(groups, start=1):
        size, reclaimable = group.size, group.reclaimable  # once: a group may hold 20,000 files
        for match in group.members:
            shown = match if shown_path is None else replace(match, path=shown_path(match))
            item = {"group": number, **row(shown, bits)}
            item["centre"] = item.pop("reference")
            del item["similar"]
            item["group_files"] = len(group.members)
            item["group_size"] = size
            item["reclaimable"] = reclaimable
            rows.append(item)
    return rows


def nest_groups(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of ``group_rows`` as JSON has them: groups, each with its ``members``."""
    grouped: dict[int, list[dict[str, Any]]] = {}
    for item in rows:
        grouped.setdefault(item["group"], []).append(item)
    groups = []
    for number, members in grouped.items():
        size, reclaimable = members[0]["group_size"], members[0]["reclaimable"]
        plain = [
            {
                k: v
                for k, v in m.items()
                if k not in ("group", "group_files", "group_size", "reclaimable")
            }
            for m in members
        ]
        groups.append(
            {
                "group": number,
                "files": len(members),
                "size": size,
                "reclaimable": reclaimable,
                "members": plain,
            }
        )
    return groups


def safe_cell(value: Any) -> str:
    """A CSV cell that no spreadsheet will evaluate."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, str) and text.startswith(_FORMULA_STARTS):
        return "'" + text
    return text


def write_csv(
    rows: Iterable[dict[str, Any]], stream: TextIO, columns: Sequence[str] = COLUMNS
) -> None:
    """CSV with a header row; open ``stream`` with encoding 'utf-8-sig' for Excel."""
    writer = csv.writer(stream, lineterminator="\r\n")
    writer.writerow(columns)
    for item in rows:
        writer.writerow([safe_cell(item.get(name)) for name in columns])


def write_json(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    json.dump(list(rows), stream, ensure_ascii=False, indent=2)
    stream.write("\n")


def write_atomically(target: Path, emit: Callable[[TextIO], None], encoding: str = "utf-8") -> None:
    """Write a file through a temporary one beside it: whole, or not at all.

    An interrupted or failed write leaves the file as it was (or absent), never
    half written. The new file gets the permissions a plain open() gives.
    """
    temp = target.parent / f".simfind-{os.getpid()}-{secrets.token_hex(8)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    handle = os.open(temp, flags, 0o666)
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline="") as stream:
            emit(stream)
        temp.replace(target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def save_csv(
    target: Path, rows: Iterable[dict[str, Any]], columns: Sequence[str] = COLUMNS
) -> None:
    """The rows as a CSV file that Excel and LibreOffice open correctly, written whole."""
    write_atomically(target, lambda stream: write_csv(rows, stream, columns), CSV_ENCODING)


def save_groups(target: Path, rows: Sequence[dict[str, Any]], fmt: str) -> None:
    """Rows of ``group_rows`` written whole as "csv" (one row per file) or "json" (nested)."""
    if fmt == "json":
        write_atomically(target, lambda stream: write_json(nest_groups(rows), stream))
    elif fmt == "csv":
        save_csv(target, rows, GROUP_COLUMNS)
    else:
        raise ValueError(f"unknown format {fmt!r}")


#: Columns of records (`simfind scan --records`), CSV and JSON.
RECORD_COLUMNS = (
    "path",
    "line",
    "record",
    "kind",
    "places",
    "distance",
    "similarity",
    "similar",
    "encoding",
    "fingerprint",
)

#: Columns of groups of records (`simfind groups --records`) in CSV.
RECORD_GROUP_COLUMNS = (
    "group",
    "path",
    "line",
    "record",
    "kind",
    "places",
    "similarity",
    "distance",
    "centre",
    "encoding",
    "fingerprint",
)


def record_row(
    found: RecordSet, row: int, shown: str, distance: int, similarity: float | None
) -> dict[str, Any]:
    """One record as plain values (JSON types); ``shown`` is its file's path as shown."""
    record = found.records[row]
    source = found.file_of(record)
    return {
        "path": shown,
        "line": record.line,
        "record": record.text,
        "kind": record.kind.value if record.kind is not None else None,
        "places": record.places,
        "distance": distance,
        "similarity": None if similarity is None else round(similarity, 4),
        "encoding": source.encoding,
        "fingerprint": f"{record.fingerprint:0{found.bits // 4}x}",
    }


def shown_paths(found: RecordSet, given: Sequence[Path]) -> list[str]:
    """Each file's path as the user wrote its input (a folder given, or the file itself)."""
    as_given: dict[Path, Path] = {}
    for path in given:
        as_given.setdefault(Path(os.path.abspath(path)), path)
    roots = [as_given.get(path, path) for path in found.inputs]
    return [
        display_path(roots[source.root] / source.rel if source.rel else roots[source.root])
        for source in found.files
    ]


def record_group_rows(result: RecordGroupsResult, given: Sequence[Path]) -> list[dict[str, Any]]:
    """One row per record of every group (RECORD_GROUP_COLUMNS, and the group's size)."""
    paths = shown_paths(result, given)
    rows = []
    for number, group in enumerate(result.groups, start=1):
        for index, member in enumerate(group.members):
            record = result.records[member.record]
            item: dict[str, Any] = {"group": number}
            item.update(
                record_row(
                    result, member.record, paths[record.file], member.distance, member.similarity
                )
            )
            item["centre"] = index == 0
            item["group_records"] = len(group.members)
            rows.append(item)
    return rows

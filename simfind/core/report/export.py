"""Scan results as rows; the CSV, JSON and Excel writers; files written whole.

Two kinds of rows: ``row`` gives the command line's machine-readable columns
(similarity 0-1, ISO 8601 times, true/false); the window's export builds rows
for people (its own header, percentages, times a spreadsheet reads as dates)
and writes them with ``save_table``. Every path is written by paths.path_fields: its
text, and its bytes where the text would not read back as it (``path_bytes``).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import stat
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, TextIO

from simfind.core.base.paths import (
    PATH_BYTES,
    csv_guarded,
    display_path,
    format_times,
    path_fields,
    spreadsheet_stamp,
)
from simfind.core.compare.shown import shown
from simfind.core.report.workbook import CutCell, WorkbookWords, write_xlsx
from simfind.core.scan.match import Match

if TYPE_CHECKING:
    from simfind.core.groups.folder_groups import Group
    from simfind.core.groups.group import Member
    from simfind.core.records.collect import RecordSet
    from simfind.core.records.search import RecordGroupsResult

#: Column names, in order, shared by CSV and JSON.
COLUMNS = (
    "path",
    "distance",
    "similarity",
    "reference_in_file",
    "file_in_reference",
    "similar",
    "identical",
    "reference",
    "size",
    "modified",
    "encoding",
    "format",
    "fingerprint",
    "estimated",
    "catalogue",
    "similarity_alone",
    PATH_BYTES,
)

#: Columns of `simfind groups` in CSV.
GROUP_COLUMNS = (
    "group",
    "kind",
    "path",
    "similarity",
    "distance",
    "centre",
    "identical",
    "identical_to",
    "size",
    "modified",
    "encoding",
    "format",
    "fingerprint",
    "hash",
    "similarity_alone",
    PATH_BYTES,
)
#: What JSON nests by: the group's own, said once for all its members.
_GROUP_FIELDS = ("group", "kind", "group_files", "group_size", "reclaimable")

#: CSV files carry a BOM, so that Excel reads them as UTF-8 (Chinese included).
CSV_ENCODING = "utf-8-sig"


def row(match: Match, bits: int) -> dict[str, Any]:
    """One match as plain values (JSON types)."""
    return rows([match], bits)[0]


def rows(
    matches: Sequence[Match],
    bits: int,
    folder: str | os.PathLike[str] | None = None,
    paths: Sequence[str | os.PathLike[str]] | None = None,
    lead: Sequence[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """Matches as plain values (JSON types), times formatted all at once.

    With ``folder``, a path is shown as the folder joined with the match's
    relative path (as the user wrote the folder); with ``paths``, as given there (one
    for each match); else as the match's path. ``lead``: the cells each row begins with
    (one dictionary for each match).
    """
    times = format_times([m.mtime_ns for m in matches])
    width = bits // 4
    # Joined as pathlib joins (a leading "./" dropped), once rather than per row.
    prefix = None if folder is None else os.fspath(Path(folder) / "x")[:-1]

    def shown(match: Match) -> str | Path:
        if prefix is None:
            return match.path
        return prefix + (match.rel if os.sep == "/" else match.rel.replace("/", os.sep))

    written = [shown(m) for m in matches] if paths is None else paths
    first = lead if lead is not None else [{}] * len(matches)
    return [
        {
            **begun,
            **path_fields(path),
            "distance": None if m.by_bytes else m.distance,
            "similarity": None if m.similarity is None else round(m.similarity, 4),
            "reference_in_file": _share(m.reference_in_file),
            "file_in_reference": _share(m.file_in_reference),
            "similar": m.similar,
            "identical": m.identical,
            "reference": m.is_reference,
            "size": m.size,
            "modified": modified,
            "encoding": m.encoding,
            "format": m.format,
            "fingerprint": None if m.by_bytes else f"{m.fingerprint:0{width}x}",
            **_catalogued(m),
            **_alone(m),
        }
        for m, modified, path, begun in zip(matches, times, written, first, strict=True)
    ]


def _catalogued(match: Match) -> dict[str, Any]:
    """A file from a catalogue says so, and whether its figure is an estimate (a file
    grouped with one too): fields present only then, as ``path_bytes`` is."""
    if match.catalogue is None:
        return {"estimated": True} if match.estimated else {}
    return {"catalogue": os.fspath(match.catalogue), "estimated": match.estimated}


def _alone(match: Match | Member) -> dict[str, Any]:
    """The figure with the folder's shared text counted (as the pair compared alone
    reads), present only where that moves it by a point or more (compare.shown): a
    scan's row's to the reference, a group member's to its centre."""
    if match.similarity is None:
        return {}
    return shared_text_field(match.similarity, match.alone, match.estimated)


def shared_text_field(similarity: float, alone: float | None, estimated: bool) -> dict[str, Any]:
    """``similarity_alone``, the figure with the folder's shared text counted, where that
    moves ``similarity`` by a point or more (compare.shown); nothing elsewhere: any row's
    figure, a version's to the one it grew from too."""
    with_shared = shown(similarity, alone, estimated).with_shared
    return {} if with_shared is None else {"similarity_alone": round(with_shared, 4)}


def _share(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def group_rows(
    groups: Sequence[Group],
    bits: int,
    shown_path: Callable[[Path], str | Path] | None = None,
) -> list[dict[str, Any]]:
    """One row per file of each group (numbered from 1, in the order given), the
    columns of GROUP_COLUMNS, the members' extras JSON has (``mtime_ns``, ``device``,
    ``inode``, ``links``) and what JSON nests by: ``kind``, ``group_files``,
    ``group_size``, ``reclaimable``. ``shown_path`` gives the path to write for a file
    (by default its own), for its other names and the member it is identical to too."""
    shown: Callable[[Path], str | Path] = shown_path or _as_it_is
    files = [member.match for group in groups for member in group.members]
    # Each row begins with its group's number and kind (worked out once a group).
    lead: list[dict[str, Any]] = []
    for number, group in enumerate(groups, start=1):
        begun = {"group": number, "kind": group.kind.value}
        lead += [dict(begun) for _ in group.members]
    # All at once: no per-row time formatting.
    made = rows(files, bits, paths=[shown(m.path) for m in files], lead=lead)
    at = 0
    for group in groups:
        size, reclaimable = group.size, group.reclaimable  # once: a group may hold 20,000 files
        count = len(group.members)
        for item, member in zip(made[at : at + count], group.members, strict=True):
            match, twin = member.match, member.identical_to
            _to_centre(item, member)
            del item["reference"], item["similar"]
            item["centre"] = member.is_centre
            item["identical_to"] = None if twin is None else display_path(shown(twin))
            item["hash"] = match.digest.hex() if match.digest else None
            item["mtime_ns"] = match.mtime_ns
            item["device"], item["inode"] = match.dev, match.ino
            item["links"] = [display_path(shown(link)) for link in match.links]
            item["group_files"] = count
            item["group_size"] = size
            item["reclaimable"] = reclaimable
        at += count
    return made


def _to_centre(item: dict[str, Any], member: Member) -> None:
    """A member's row with its own figures to its centre, in the places ``rows`` gives
    a file's figures."""
    item["distance"] = None if member.match.by_bytes else member.distance
    item["similarity"] = None if member.similarity is None else round(member.similarity, 4)
    item["identical"] = member.identical
    if member.estimated or "catalogue" in item:
        item["estimated"] = member.estimated
    item.pop("similarity_alone", None)
    item.update(_alone(member))


def _as_it_is(path: Path) -> Path:
    return path


def nest_groups(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of ``group_rows`` as JSON has them: groups, each with its ``members``."""
    grouped: dict[int, list[dict[str, Any]]] = {}
    for item in rows:
        grouped.setdefault(item["group"], []).append(item)
    groups = []
    for number, members in grouped.items():
        first = members[0]
        plain = [{k: v for k, v in m.items() if k not in _GROUP_FIELDS} for m in members]
        groups.append(
            {
                "group": number,
                "kind": first["kind"],
                "files": len(members),
                "size": first["group_size"],
                "reclaimable": first["reclaimable"],
                "members": plain,
            }
        )
    return groups


def safe_cell(value: Any) -> str:
    """A CSV cell that no spreadsheet will evaluate: text that starts as a formula does, or
    with a ', gets a ' before it (drop one leading ' to read the value back)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if isinstance(value, str) and csv_guarded(text):
        return "'" + text
    return text


def _cells(values: list[Any]) -> list[str]:
    """``safe_cell`` of a column, its common kinds of value handled without a call each."""
    return [
        value
        if type(value) is str and not csv_guarded(value)
        else str(value)
        if type(value) is int
        else safe_cell(value)
        for value in values
    ]


def write_csv(
    rows: Iterable[dict[str, Any]],
    stream: TextIO,
    columns: Sequence[str] = COLUMNS,
    header: Sequence[str] | None = None,
) -> None:
    """CSV with a header row (``header``, the columns' titles for people; else their names);
    open ``stream`` with encoding 'utf-8-sig' for Excel."""
    items = list(rows)
    writer = csv.writer(stream, lineterminator="\r\n")
    writer.writerow(columns if header is None else header)
    cells = [_cells([item.get(name) for item in items]) for name in columns]
    writer.writerows(zip(*cells, strict=True))


def write_json(rows: Iterable[dict[str, Any]], stream: TextIO, ascii_only: bool = False) -> None:
    """A JSON array, one row to a line (each encoded by the json module's C encoder): its
    text as it is, or (``ascii_only``) with \\u escapes for a stream that cannot encode
    every character."""
    encode = json.JSONEncoder(ensure_ascii=ascii_only).encode
    lines = [encode(item) for item in rows]
    stream.write("[\n  " + ",\n  ".join(lines) + "\n]\n" if lines else "[]\n")


def write_atomically(
    target: Path, emit: Callable[[TextIO], None], encoding: str | None = "utf-8"
) -> None:
    """Write a file through a temporary one beside it: whole, or not at all.

    An interrupted or failed write leaves the file as it was (or absent), never
    half written. A new file gets the permissions a plain open() gives, a
    replaced one keeps its own. ``encoding=None`` hands ``emit`` a binary stream.
    """
    temp = target.parent / f".simfind-{os.getpid()}-{os.urandom(8).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    handle = os.open(temp, flags, 0o666)
    try:
        with contextlib.suppress(OSError):
            # By its descriptor where the system can (Windows only from Python 3.13).
            where: int | Path = handle if os.chmod in os.supports_fd else temp
            os.chmod(where, stat.S_IMODE(target.stat().st_mode))  # noqa: PTH101
        stream: IO[Any]
        if encoding is None:
            stream = os.fdopen(handle, "wb")
        else:
            stream = os.fdopen(handle, "w", encoding=encoding, newline="")
        with stream:
            emit(stream)  # type: ignore[arg-type]  # binary when encoding is None
        temp.replace(target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def write_output(
    target: Path, emit: Callable[[TextIO], None], encoding: str | None = "utf-8"
) -> None:
    """Write to ``target`` as what it is (inputs.check_output has vetted it).

    A device or a pipe (/dev/null, /dev/stdout, a FIFO) and a symbolic link are
    written through, as a shell's ``>`` would: replacing them with a regular file
    would break them (as root, ``-o /dev/null`` replaced /dev/null). Anything else
    is written whole through a temporary file (write_atomically).
    """
    try:
        special = target.is_symlink() or not stat.S_ISREG(target.stat().st_mode)
    except FileNotFoundError:
        special = False
    if not special:
        write_atomically(target, emit, encoding)
        return
    if encoding is None:  # binary (a workbook)
        data = io.BytesIO()
        emit(data)  # type: ignore[arg-type]
        with target.open("wb") as binary:
            binary.write(data.getvalue())
        return
    text = io.StringIO()  # made first, so that the target is opened only to be written
    emit(text)
    with target.open("w", encoding=encoding, newline="") as stream:
        stream.write(text.getvalue())


def save_csv(
    target: Path,
    rows: Iterable[dict[str, Any]],
    columns: Sequence[str] = COLUMNS,
    header: Sequence[str] | None = None,
) -> None:
    """The rows as a CSV file that Excel and LibreOffice open correctly, written whole
    (``header``: as write_csv)."""
    write_output(target, lambda stream: write_csv(rows, stream, columns, header), CSV_ENCODING)


def spreadsheet_time(mtime_ns: int) -> datetime | str:
    """A modification time as spreadsheets take a date: local, to the second, no offset.

    In CSV it reads "2024-05-01 14:03:09", which Excel and LibreOffice take for a date;
    one they hold no date for (before 1900, after 9999) is its ISO 8601 text instead.
    """
    return spreadsheet_stamp(mtime_ns)


def save_table(
    target: Path, header: Sequence[str], rows: Iterable[Sequence[Any]], words: WorkbookWords
) -> list[CutCell]:
    """Rows for people: an Excel workbook for a .xlsx target, else CSV (UTF-8 with a BOM,
    dates as "2024-05-01 14:03:09"); written whole. Returns the workbook's cells whose text
    was longer than a cell holds (cut there, whole on a sheet of its own: workbook.py)."""
    if target.suffix.lower() == ".xlsx":
        cut: list[CutCell] = []

        def emit(stream: BinaryIO) -> None:
            cut[:] = write_xlsx(stream, header, rows, words)

        write_output(target, emit, None)  # type: ignore[arg-type]  # binary: encoding None
        return cut
    records = (dict(zip(header, values, strict=True)) for values in rows)
    write_output(target, lambda stream: write_csv(records, stream, header), CSV_ENCODING)
    return []


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
    PATH_BYTES,
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
    PATH_BYTES,
)


def record_row(
    found: RecordSet, row: int, shown: Path, distance: int, similarity: float | None
) -> dict[str, Any]:
    """One record as plain values (JSON types); ``shown`` is its file's path as shown."""
    record = found.records[row]
    source = found.file_of(record)
    return {
        **path_fields(shown),
        "line": record.line,
        "record": record.text,
        "kind": record.kind.value if record.kind is not None else None,
        "places": record.places,
        "distance": distance,
        "similarity": None if similarity is None else round(similarity, 4),
        "encoding": source.encoding,
        "fingerprint": f"{record.fingerprint:0{found.bits // 4}x}",
    }


def shown_paths(found: RecordSet, given: Sequence[Path]) -> list[Path]:
    """Each file's path as the user wrote its input (a folder given, or the file itself)."""
    as_given: dict[Path, Path] = {}
    for path in given:
        as_given.setdefault(Path(os.path.abspath(path)), path)
    roots = [as_given.get(path, path) for path in found.inputs]
    return [
        roots[source.root] / source.rel if source.rel else roots[source.root]
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

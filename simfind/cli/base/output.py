"""What the command line prints: rows in the chosen format, to stdout or to --output."""

from __future__ import annotations

import argparse
import codecs
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from simfind.cli.base.tables import write_group_table, write_table
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import WORKBOOK, cells_cut
from simfind.core.base.paths import spreadsheet_date, with_separator
from simfind.core.report.export import (
    COLUMNS,
    CSV_ENCODING,
    GROUP_COLUMNS,
    rows,
    save_table,
    write_csv,
    write_json,
    write_output,
)
from simfind.core.report.export import group_rows as export_group_rows

if TYPE_CHECKING:
    from simfind.core.groups.group import FolderSearch
    from simfind.core.scan.options import ScanResult


def choose_format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    if args.output is not None:
        suffixes = {".json": "json", ".txt": "table", ".xlsx": "xlsx", ".parquet": "parquet"}
        return suffixes.get(args.output.suffix.lower(), "csv")
    return "table" if sys.stdout.isatty() else "csv"


def scan_rows(result: ScanResult, args: argparse.Namespace) -> list[dict[str, Any]]:
    matches = result.matches
    if args.max_distance is not None:
        matches = [m for m in matches if m.distance <= args.max_distance]
    if args.similar_only:
        matches = [m for m in matches if result.rank.wanted(m)]
    if args.sort == "distance":
        matches = sorted(
            matches,
            key=lambda m: (m.distance, -1.0 if m.similarity is None else -m.similarity),
        )
    if args.top is not None:
        matches = matches[: args.top]
    # Paths as the user wrote the folder, as `simfind groups`, find and grep show them;
    # a catalogue's files where its drive was.
    from_catalogue = any(m.catalogue is not None for m in matches)
    return rows(matches, result.bits, None if from_catalogue else args.directory)


def _as_given(result: FolderSearch, given: list[Path]) -> list[Path]:
    """The result's folders, then its reference folders, as the user wrote them."""
    written: dict[Path, Path] = {}
    for folder in given:
        written.setdefault(Path(os.path.abspath(folder)), folder)
    return [written.get(f, f) for f in [*result.folders, *result.reference_folders]]


def shown_paths(result: FolderSearch, given: list[Path]) -> Callable[[Path], str | Path]:
    """A file's path under the folder it was found in, as the user wrote that folder (the
    paths a member names too: its other names, the member with its bytes)."""
    folders = [*result.folders, *result.reference_folders]
    # Each folder as text with a separator at its end, and as the user wrote it (joined as
    # pathlib joins: a leading "./" dropped): a prefix replaced, with no path parsed.
    roots = [
        (with_separator(folder), os.fspath(written / "x")[:-1])
        for folder, written in zip(folders, _as_given(result, given), strict=True)
    ]

    def shown(path: Path) -> str | Path:
        text = os.fspath(path)
        for prefix, root in roots:
            if text.startswith(prefix):
                return root + text[len(prefix) :]
        # A name within its source (a Parquet dataset's row): below the first folder.
        return path if path.is_absolute() or not roots else roots[0][1] + text

    return shown


def group_rows(result: FolderSearch, given: list[Path]) -> list[dict[str, Any]]:
    """One row per file, its path under the folder as the user wrote it (``given``)."""
    return export_group_rows(result.groups, result.bits, shown_paths(result, given))


def emit_result(
    result: FolderSearch,
    given: list[Path],
    stream: TextIO,
    rows: list[dict[str, Any]] | None = None,
) -> None:
    """The groups as a result file (core.results), every path as the user wrote its folder,
    relative ones relative to the folder the command runs in (``rows``: the groups' rows
    made already by ``group_rows``, not made again)."""
    from simfind.core.results.writing import group_objects, header, write_result

    folders = [*result.folders, *result.reference_folders]
    written = dict(zip(folders, _as_given(result, given), strict=True))
    head = header(
        result,
        shown_path=lambda folder: written.get(folder, folder),
        working_folder=Path(os.path.abspath(os.curdir)),
    )
    groups = group_objects(result.groups, result.bits, shown_paths(result, given), rows)
    write_result(stream, head, groups, ascii_only(stream))


def ascii_only(stream: TextIO) -> bool:
    """Whether JSON must escape what the stream's encoding (a console's code page) lacks."""
    try:
        name = codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name
    except LookupError:
        return True
    return not name.startswith(("utf-8", "utf-16", "utf-32"))


def emit_scan(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    if fmt == "json":
        write_json(rows, stream, ascii_only(stream))
    elif fmt == "csv":
        write_csv(rows, stream, COLUMNS)
    else:
        write_table(rows, stream)


def emit_groups(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    """The groups' rows as CSV or a table (JSON is a result file: ``emit_result``)."""
    if fmt == "csv":
        write_csv(rows, stream, GROUP_COLUMNS)
    else:
        write_group_table(rows, stream)


def is_stdout(path: Path) -> bool:
    """Whether ``path`` names this process's standard output (/dev/stdout, /dev/fd/1...).

    Written to as it is: reopening it by name can be refused (a pipe another user made).
    """
    try:
        return os.path.samestat(path.stat(), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError):  # no such file; stdout closed or absent
        return False


def write(
    args: argparse.Namespace,
    fmt: str,
    emit: Callable[[TextIO], None],
    rows: list[dict[str, Any]],
    columns: Sequence[str],
) -> None:
    """To stdout, or to --output as what it is (export.write_output: a regular file
    through a temporary one, so an interrupted run leaves none).

    A workbook (.xlsx) has the same columns as CSV, in the cells' own types: numbers,
    true/false, and the modification time as a date.
    """
    if fmt == "xlsx":
        workbook = [[_cell(item, name) for name in columns] for item in rows]
        cut = save_table(args.output, columns, workbook, WORKBOOK)
        if cut:  # whole on a sheet of their own, but not where a reader of the table looks
            print(f"simfind: warning: {terminal_text(cells_cut(cut))}", file=sys.stderr)
        return
    if args.output is None or is_stdout(args.output):
        emit(sys.stdout)
        return
    write_output(args.output, emit, CSV_ENCODING if fmt == "csv" else "utf-8")


def _cell(item: dict[str, Any], name: str) -> Any:
    value = item.get(name)
    if name == "modified" and value:
        return spreadsheet_date(value)
    return value

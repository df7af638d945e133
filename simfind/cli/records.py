"""``simfind groups --records`` and ``simfind scan --records``: records instead of files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from simfind.cli.base.arguments import EXIT_USAGE
from simfind.cli.base.output import ascii_only, choose_format
from simfind.cli.base.running import (
    fold_scripts,
    no_workbook_to_stdout,
    run_engine,
    say,
    scan_options,
    write_rows,
)
from simfind.cli.base.tables import write_record_group_table, write_record_table
from simfind.cli.base.words import counted, nothing_found, radius_too_wide, run_summary
from simfind.core.base.errors import InputError, InputProblem, NotTextError
from simfind.core.base.paths import display_path
from simfind.core.index.candidates import RadiusTooWideError
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.records.collect import RecordOptions, RecordSet
from simfind.core.records.cutting import RecordSpec, default_threshold, record_settings
from simfind.core.records.search import find_record_groups, rank_records
from simfind.core.report.export import (
    RECORD_COLUMNS,
    RECORD_GROUP_COLUMNS,
    record_group_rows,
    record_row,
    shown_paths,
    write_csv,
    write_json,
)
from simfind.core.scan.rank import RankOptions
from simfind.core.text.reading import read_text


def _options(args: argparse.Namespace, reference: Path | None = None) -> RecordOptions:
    """The file commands' options, checked the same way (-o not the file the query came
    from, and left out of what is read)."""
    files = scan_options(args, reference=reference)
    return RecordOptions(
        spec=args.records,
        min_chars=args.min_length,
        features=record_settings(args.bits, fold_scripts=fold_scripts(args)),
        walk=files.walk,
        max_bytes=files.max_bytes,
        jobs=files.jobs,
    )


def _threshold(args: argparse.Namespace, spec: RecordSpec) -> float:
    return float(args.threshold) if args.threshold is not None else default_threshold(spec)


def _emit_groups(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    if fmt == "json":
        grouped: dict[int, list[dict[str, Any]]] = {}
        for item in rows:
            member = {k: v for k, v in item.items() if k not in ("group", "group_records")}
            grouped.setdefault(item["group"], []).append(member)
        write_json(
            [
                {"group": number, "records": len(members), "members": members}
                for number, members in grouped.items()
            ],
            stream,
            ascii_only(stream),
        )
    elif fmt == "csv":
        write_csv(rows, stream, RECORD_GROUP_COLUMNS)
    else:
        write_record_group_table(rows, stream)


def _refused(fmt: str, args: argparse.Namespace) -> bool:
    """A workbook on stdout, or Parquet (only groups --dask writes it): refused with a line."""
    if no_workbook_to_stdout(fmt, args):
        return True
    if fmt == "parquet":  # -o records.parquet: never a table under that name
        print(
            "simfind: --records writes no Parquet: name the file .csv, .json, .xlsx or .txt",
            file=sys.stderr,
        )
        return True
    return False


def run_record_groups(args: argparse.Namespace) -> int:
    fmt = choose_format(args)
    if _refused(fmt, args):
        return EXIT_USAGE
    inputs: list[Path] = args.directory
    options = _options(args)
    spec: RecordSpec = args.records
    grouping = GroupingOptions(threshold=_threshold(args, spec), radius=args.max_distance)
    try:
        result = run_engine(
            args, lambda ctx: find_record_groups(inputs, options, grouping, ctx), inputs
        )
    except RadiusTooWideError as exc:
        print(f"simfind: {radius_too_wide(exc)}", file=sys.stderr)
        return EXIT_USAGE
    rows = record_group_rows(result, inputs)
    status = write_rows(
        args, fmt, lambda stream: _emit_groups(rows, fmt, stream), rows, RECORD_GROUP_COLUMNS
    )
    if not args.quiet and status == 0:
        members = f"{counted(len(result.groups), 'group')} of {result.grouped():,} records"
        how = f"fingerprints within {result.radius} of {result.bits} bits, similar from "
        if result.search == "minhash":
            how = "candidates by MinHash of their characters, similar from "
        say(_summary(result, inputs, members, result.compared, how + f"{grouping.threshold:g}"))
    return status


def _query(args: argparse.Namespace) -> str:
    """The query: the file's text, or the argument itself (--text, or no such file)."""
    given = Path(args.reference)
    if args.reference == "-" and not args.text:  # piped, as for a scan of files
        from simfind.cli.pair import read_stdin

        return read_stdin(args.max_size * 1024 * 1024).text
    if args.text or not given.is_file():
        return _argument_text(str(args.reference))
    try:
        return read_text(given, args.max_size * 1024 * 1024).text
    except NotTextError as exc:
        problem = InputProblem.REFERENCE_NOT_TEXT
        raise InputError(problem, given, reason=exc.reason, detail=exc.detail) from exc


def _argument_text(text: str) -> str:
    """An argument as the text to look for: InputError where it holds bytes the system's
    encoding could not read (Python keeps them as surrogate escapes, which no text holds)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        encoding = sys.getfilesystemencoding().upper().replace("UTF8", "UTF-8")
        raise InputError(InputProblem.QUERY_UNDECODABLE, text=encoding) from None
    return text


def run_record_scan(args: argparse.Namespace) -> int:
    fmt = choose_format(args)
    if _refused(fmt, args):
        return EXIT_USAGE
    target: Path = args.directory
    given = Path(args.reference)
    from_file = not args.text and args.reference != "-" and given.is_file()
    options = _options(args, given if from_file else None)
    rank = RankOptions(threshold=_threshold(args, args.records))
    query = _query(args)
    result = run_engine(
        args, lambda ctx: rank_records(query, [target], options, rank, ctx), [target]
    )
    paths = shown_paths(result, [target])
    matches = [m for m in result.matches if m.similarity is not None]
    if args.max_distance is not None:
        matches = [m for m in matches if m.distance <= args.max_distance]
    if args.similar_only:
        matches = [m for m in matches if m.similar]
    if args.sort == "distance":
        matches.sort(key=lambda m: (m.distance, -(m.similarity or 0.0)))
    if args.top is not None:
        matches = matches[: args.top]
    rows = []
    for match in matches:
        record = result.records[match.record]
        item = record_row(result, match.record, paths[record.file], match.distance,
                          match.similarity)  # fmt: skip
        item["similar"] = match.similar
        rows.append(item)

    def emit(stream: TextIO) -> None:
        if fmt == "json":
            write_json(rows, stream, ascii_only(stream))
        elif fmt == "csv":
            write_csv(rows, stream, RECORD_COLUMNS)
        else:
            write_record_table(rows, stream)

    status = write_rows(args, fmt, emit, rows, RECORD_COLUMNS)
    if not args.quiet and status == 0:
        similar = sum(1 for m in result.matches if m.similar)
        compared = sum(1 for m in result.matches if m.similarity is not None)
        how = f"{result.bits}-bit fingerprints, similar from {rank.threshold:g}"
        say(_summary(result, [target], f"{similar:,} similar", compared, how))
    return status


def _summary(result: RecordSet, inputs: list[Path], found: str, compared: int, how: str) -> str:
    """The last line of a --records run, in the shape of a run over files (words.run_summary)."""
    kind = f"records ({result.spec})"
    if not result.records:
        return nothing_found([display_path(i) for i in inputs], len(result.skipped), kind)
    among = f"{counted(len(result.records), 'record')} ({result.spec}) of " + counted(
        len(result.files), "file"
    )
    return run_summary(found, among, len(result.skipped), compared, how, result.boilerplate)

"""The headless commands: ``scan``, ``groups`` and ``cache``."""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from simfind.cli.cluster import cluster_groups, write_parquet
from simfind.cli.output import choose_format, emit_groups, emit_scan, group_rows, scan_rows, write
from simfind.cli.parser import EXIT_USAGE
from simfind.cli.terminal import progress_printer
from simfind.cli.words import cache_warning, radius_too_wide, skip_line
from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.cache import FingerprintCache, open_cache
from simfind.core.candidates import RadiusTooWideError
from simfind.core.context import ScanContext
from simfind.core.export import COLUMNS, GROUP_COLUMNS
from simfind.core.features import FeatureSettings
from simfind.core.grouping import GroupingOptions
from simfind.core.groups import GroupsResult, find_groups
from simfind.core.inputs import check_output
from simfind.core.paths import display_path
from simfind.core.rank import RankOptions
from simfind.core.record_search import RecordGroupsResult, RecordScanResult
from simfind.core.scan import ScanOptions, ScanResult, scan
from simfind.core.verify import DEFAULT_THRESHOLD
from simfind.core.walk import WalkOptions


def _options(
    args: argparse.Namespace,
    threshold: float = DEFAULT_THRESHOLD,
    folders: list[Path] | None = None,
) -> ScanOptions:
    if args.output is not None:
        for folder in folders or [args.directory]:
            check_output(args.output, folder)
    return ScanOptions(
        features=FeatureSettings(bits=args.bits),
        walk=WalkOptions(
            include=tuple(args.include),
            exclude=tuple(args.exclude),
            hidden=args.hidden,
            follow_links=args.follow_links,
        ),
        max_bytes=args.max_size * 1024 * 1024,
        jobs=args.jobs,
        rank=RankOptions(threshold=threshold),
        text_only=args.text_only,
    )


R = TypeVar("R", ScanResult, GroupsResult, RecordGroupsResult, RecordScanResult)


def run_engine(
    args: argparse.Namespace, work: Callable[[ScanContext], R], folders: list[Path] | None = None
) -> R:
    """Run a scan-like job with the cache, a cancel token, progress and the skip report.

    Skipped files are shown under the folder as the user wrote it (one of ``folders``).
    """
    cache = None if args.no_cache else _open_cache()
    show_progress = not args.quiet and sys.stderr.isatty()
    progress, clear = progress_printer(sys.stderr)
    try:
        context = ScanContext(
            progress=progress if show_progress else None, cancel=threading.Event(), cache=cache
        )
        result = work(context)
    finally:
        if show_progress:
            clear()
        if cache is not None:
            cache.close()
    _report_skipped(args, result, folders)
    return result


def _report_skipped(
    args: argparse.Namespace,
    result: ScanResult | GroupsResult | RecordGroupsResult | RecordScanResult,
    folders: list[Path] | None,
) -> None:
    """Each skipped file on stderr, under the folder as the user wrote it (one of ``folders``)."""
    if args.quiet:
        return
    given = folders or [Path(args.directory)]
    for skipped in result.skipped:
        shown = next(
            (g for g in given if Path(os.path.abspath(g)) / skipped.rel == skipped.path),
            given[0],
        )
        where = display_path(shown / skipped.rel if skipped.rel != "." else shown)
        print(f"simfind: {skip_line(where, skipped.reason, skipped.detail)}", file=sys.stderr)


def _open_cache() -> FingerprintCache | None:
    """The user's cache, or None (with a warning) when it cannot be used."""
    cache, warnings = open_cache()
    for warning in warnings:
        print(f"simfind: warning: {cache_warning(warning)}", file=sys.stderr)
    return cache


def run_cache(args: argparse.Namespace) -> int:
    with FingerprintCache() as cache:
        for warning in cache.warnings:
            print(f"simfind: warning: {cache_warning(warning)}", file=sys.stderr)
        if args.action == "clear":
            count = cache.entries()
            cache.clear()
            print(f"cleared {count} fingerprints from {cache.path}")
        else:
            print(f"location: {cache.path}")
            print(f"entries:  {cache.entries()}")
            print(f"size:     {cache.size_bytes() / 1e6:.1f} MB")
    return 0


def _no_workbook_to_stdout(fmt: str, args: argparse.Namespace) -> bool:
    """A workbook is a file: refused (with a line) on stdout."""
    if fmt == "xlsx" and args.output is None:
        print(
            "simfind: --format xlsx writes a workbook: name its file with --output", file=sys.stderr
        )
        return True
    return False


def run_scan(args: argparse.Namespace) -> int:
    if args.records is not None:
        from simfind.cli.records import run_record_scan

        return run_record_scan(args)
    fmt = choose_format(args)
    if _no_workbook_to_stdout(fmt, args):
        return EXIT_USAGE
    if fmt == "parquet":  # -o result.parquet: never a table under that name
        print(
            "simfind: scan writes no Parquet (groups --dask does): "
            "name the file .csv, .json, .xlsx or .txt",
            file=sys.stderr,
        )
        return EXIT_USAGE
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    options = _options(args, threshold)
    reference = Path(args.reference)
    result = run_engine(args, lambda ctx: scan(reference, args.directory, options, ctx))
    rows = scan_rows(result, args)
    write(args, fmt, lambda stream: emit_scan(rows, fmt, stream), rows, COLUMNS)
    return 0


def run_groups(args: argparse.Namespace) -> int:
    if args.records is not None:
        from simfind.cli.records import run_record_groups

        return run_record_groups(args)
    fmt = choose_format(args)
    if _no_workbook_to_stdout(fmt, args):
        return EXIT_USAGE
    folders: list[Path] = args.directory
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    options = _options(args, threshold, folders)
    grouping = GroupingOptions(threshold=threshold, radius=args.max_distance)
    if fmt == "parquet" and args.dask is None:
        raise ClusterError(ClusterProblem.PARQUET_NEEDS_DASK)
    if fmt == "parquet" and args.output is None:
        raise ClusterError(ClusterProblem.PARQUET_NEEDS_OUTPUT)
    try:
        if args.dask is not None:
            result = cluster_groups(args, options, grouping)
            _report_skipped(args, result, folders)
        else:
            result = run_engine(
                args, lambda ctx: find_groups(folders, options, grouping, ctx), folders
            )
    except RadiusTooWideError as exc:
        print(f"simfind: {radius_too_wide(exc)}", file=sys.stderr)
        return EXIT_USAGE
    rows = group_rows(result, folders)
    if fmt == "parquet":
        write_parquet(rows, GROUP_COLUMNS, args.output)
    else:
        write(args, fmt, lambda stream: emit_groups(rows, fmt, stream), rows, GROUP_COLUMNS)
    if not args.quiet:
        count, files = len(result.groups), sum(len(g.members) for g in result.groups)
        print(
            f"simfind: {count} group{'' if count == 1 else 's'} of {files} files "
            f"among {result.files} text file{'' if result.files == 1 else 's'}; "
            f"{result.compared} exact comparisons "
            f"(fingerprints within {result.radius} of {args.bits} bits, similar from "
            f"{threshold:g})",
            file=sys.stderr,
        )
    return 0

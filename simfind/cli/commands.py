"""The headless commands: ``scan``, ``groups`` and ``cache``."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simfind.cli.base.arguments import EXIT_FAILURE, EXIT_USAGE
from simfind.cli.base.output import (
    choose_format,
    emit_groups,
    emit_result,
    emit_scan,
    group_rows,
    scan_rows,
)
from simfind.cli.base.running import (
    no_workbook_to_stdout,
    report_skipped,
    run_engine,
    say,
    scan_options,
    walk_options,
    write_rows,
)
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import (
    cache_warning,
    copies_summary,
    counted,
    files_looked_at,
    identical_refuses_catalogue,
    identical_summary,
    kinds_note,
    nothing_found,
    radius_too_wide,
    refused_identical,
    run_summary,
    said,
    too_long_note,
)
from simfind.cli.ignore import words as ignore_words
from simfind.cli.ignore.ignoring import read_ignore_list, remember_seen
from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.errors import CacheWarning, InputError, InputProblem
from simfind.core.base.paths import display_path
from simfind.core.cache.clearing import clear_cache
from simfind.core.cache.files import FILE_NAME, default_cache_dir, set_aside_files
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.ignore.files import apart_from_reference
from simfind.core.report.export import COLUMNS, GROUP_COLUMNS

#: The reference named so is read from standard input (``simfind scan - DIR``).
STDIN = "-"

if TYPE_CHECKING:
    from simfind.core.groups.folder_groups import GroupsResult
    from simfind.core.groups.group import FolderSearch
    from simfind.core.ignore.pairs import IgnoreList
    from simfind.core.scan.identical import IdenticalOptions
    from simfind.core.scan.options import ScanResult
    from simfind.core.text.given import TextInput


def _cache_failure(exc: OSError | sqlite3.Error) -> str:
    if isinstance(exc, NotADirectoryError):
        return "it is not a folder"
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def run_cache(args: argparse.Namespace) -> int:
    folder = default_cache_dir()
    if args.action == "clear":
        try:
            cleared = clear_cache(folder)
        except (OSError, sqlite3.Error) as exc:
            why = _cache_failure(exc)
            shown = terminal_text(display_path(folder))
            print(f"simfind: the cache in {shown} could not be cleared: {why}", file=sys.stderr)
            return EXIT_FAILURE
        if not folder.exists():
            print(f"no cache in {terminal_text(display_path(folder))}: nothing to clear")
            return 0
        where = terminal_text(display_path(folder / FILE_NAME))
        print(f"cleared {cleared.entries} fingerprints from {where}")
        if cleared.in_use:
            print("(another simfind process has it open: emptied, not removed)")
        return 0

    def warn(warning: CacheWarning) -> None:
        print(f"simfind: {terminal_text(said.warning(cache_warning(warning)))}", file=sys.stderr)

    try:
        opened = FingerprintCache(folder, on_warning=warn)
    except OSError as exc:
        why = _cache_failure(exc)
        print(
            f"simfind: the cache in {terminal_text(display_path(folder))} cannot be used: {why}",
            file=sys.stderr,
        )
        return EXIT_FAILURE
    with opened as cache:
        aside = set_aside_files(folder)
        print(f"location:  {terminal_text(display_path(cache.path))}")
        print(f"entries:   {cache.entries()}")
        print(f"size:      {cache.size_bytes() / 1e6:.1f} MB")
        print(
            f"set aside: {len(aside)} file{'' if len(aside) == 1 else 's'}, "
            f"{sum(p.stat().st_size for p in aside) / 1e6:.1f} MB"
            + (" ('simfind cache clear' removes them)" if aside else "")
        )
    return 0


def run_scan(args: argparse.Namespace) -> int:
    if args.max_distance is not None and args.max_distance > args.bits:
        # No two fingerprints differ in more bits than they have: a typing mistake.
        raise InputError(InputProblem.DISTANCE_TOO_LARGE, limit=args.bits)
    if args.records is not None:
        from simfind.cli.records import run_record_scan

        if args.sort == "containment":
            print("simfind: --sort containment ranks files, not --records", file=sys.stderr)
            return EXIT_USAGE

        return run_record_scan(args)
    from simfind.core.scan.scanner import scan  # a search for identical files never loads it

    fmt = choose_format(args)
    if no_workbook_to_stdout(fmt, args):
        return EXIT_USAGE
    if fmt == "parquet":  # -o result.parquet: never a table under that name
        print(
            "simfind: scan writes no Parquet (groups --dask does): "
            "name the file .csv, .json, .xlsx or .txt",
            file=sys.stderr,
        )
        return EXIT_USAGE
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    reference: TextInput
    if args.reference == STDIN:
        from simfind.cli.pair import read_stdin

        options = scan_options(args, threshold)  # the options' errors before waiting on input
        reference = read_stdin(options.max_bytes)
    else:
        reference = Path(args.reference)
        options = scan_options(args, threshold, reference=reference)
    ignored = read_ignore_list(args)
    result = run_engine(args, lambda ctx: scan(reference, args.directory, options, ctx))
    apart = apart_from_reference(result, ignored) if ignored else frozenset()
    result.matches = [m for m in result.matches if m.path not in apart]
    rows = scan_rows(result, args)
    status = write_rows(args, fmt, lambda stream: emit_scan(rows, fmt, stream), rows, COLUMNS)
    if status == 0 and not args.quiet:
        say(_scan_summary(result, [args.directory]))
        estimated = [row for row in rows if row.get("estimated")]  # of the rows shown
        _say_estimates(sum(1 for row in estimated if row.get("catalogue")))
        long_texts = sum(1 for row in estimated if not row.get("catalogue"))
        if long_texts:
            say(too_long_note(long_texts))
        if apart:
            say(ignore_words.left_out(len(apart)))
    return status


def _say_estimates(count: int) -> None:
    if count:
        from simfind.cli.catalogue.words import estimates_note

        say(estimates_note(count))


def _scan_summary(result: ScanResult, folders: list[Path]) -> str:
    if result.by_bytes:
        return copies_summary(result)
    if not result.matches:
        return nothing_found([display_path(f) for f in folders], len(result.skipped))
    similar = sum(1 for m in result.matches if m.similar and not m.is_reference)
    return run_summary(
        f"{similar:,} similar",
        counted(len(result.matches), "text file"),
        len(result.skipped),
        result.compared,
        f"{result.bits}-bit fingerprints, similar from {result.rank.threshold:g}",
        result.boilerplate,
    )


def _groups_summary(result: GroupsResult, folders: list[Path]) -> str:
    if result.files == 0:
        what = "files" if result.by_bytes else "text files"
        return nothing_found([display_path(f) for f in folders], len(result.skipped), what)
    members = sum(len(g.members) for g in result.groups)
    return run_summary(
        f"{counted(len(result.groups), 'group')} of {members:,} files{kinds_note(result)}",
        files_looked_at(result),
        len(result.skipped),
        result.compared,
        f"fingerprints within {result.radius} of {result.bits} bits, "
        f"similar from {result.threshold:g}",
        result.boilerplate,
        result.estimated,
    )


def run_groups(args: argparse.Namespace) -> int:
    if args.records is not None:
        from simfind.cli.records import run_record_groups

        return run_record_groups(args)
    from simfind.core.scan.identical import IdenticalOptions

    fmt = choose_format(args)
    if no_workbook_to_stdout(fmt, args):
        return EXIT_USAGE
    refused = refused_identical(args)
    if refused:
        print(f"simfind: {refused}", file=sys.stderr)
        return EXIT_USAGE
    if fmt == "parquet" and args.dask is None:
        raise ClusterError(ClusterProblem.PARQUET_NEEDS_DASK)
    if fmt == "parquet" and args.output is None:
        raise ClusterError(ClusterProblem.PARQUET_NEEDS_OUTPUT)
    folders: list[Path] = args.directory
    identical = IdenticalOptions(args.min_size, args.empty_files, args.identical)
    ignored = read_ignore_list(args)
    if identical.only:
        catalogue = _a_catalogue(folders)
        if catalogue is not None:
            print(
                f"simfind: {identical_refuses_catalogue(display_path(catalogue))}", file=sys.stderr
            )
            return EXIT_USAGE
        return _identical_groups(args, fmt, folders, identical, ignored)
    from simfind.cli.cluster import cluster_groups, write_parquet
    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.index.candidates import RadiusTooWideError
    from simfind.core.linkage.grouping import GroupingOptions

    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    options = scan_options(args, threshold)
    grouping = GroupingOptions(threshold=threshold, radius=args.max_distance)
    try:
        if args.dask is not None:
            if ignored:
                say(ignore_words.NOT_ON_DASK)
            result = cluster_groups(args, options, grouping)
            report_skipped(args, result, folders)
        else:
            result = run_engine(
                args,
                lambda ctx: find_groups(
                    folders, options, grouping, ctx, identical=identical, ignored=ignored
                ),
                folders,
            )
            remember_seen(result.kept_apart, result.found)
    except RadiusTooWideError as exc:
        print(f"simfind: {radius_too_wide(exc)}", file=sys.stderr)
        return EXIT_USAGE
    rows = group_rows(result, folders)
    if fmt == "parquet":
        write_parquet(rows, GROUP_COLUMNS, args.output)
    elif _write_groups(args, fmt, result, folders, rows):
        return EXIT_FAILURE
    if not args.quiet:
        say(_groups_summary(result, folders))
        _say_estimates(sum(1 for g in result.groups for m in g.members if m.estimated))
        if result.kept_apart or result.copies_apart:
            say(ignore_words.kept_apart(len(result.kept_apart) + result.copies_apart))
    return 0


def _write_groups(
    args: argparse.Namespace,
    fmt: str,
    result: FolderSearch,
    folders: list[Path],
    rows: list[dict[str, Any]],
) -> int:
    """The groups written as asked (JSON: a result file), as write_rows says it went."""
    if fmt == "json":
        return write_rows(args, fmt, lambda out: emit_result(result, folders, out, rows), rows, ())
    return write_rows(args, fmt, lambda stream: emit_groups(rows, fmt, stream), rows, GROUP_COLUMNS)


def _a_catalogue(folders: list[Path]) -> Path | None:
    """The first of the folders given that is a catalogue (only a file is looked into)."""
    for folder in folders:
        if folder.is_file():
            from simfind.core.cache.catalogue_store import looks_like_catalogue

            if looks_like_catalogue(folder):
                return folder
    return None


def _identical_groups(
    args: argparse.Namespace,
    fmt: str,
    folders: list[Path],
    identical: IdenticalOptions,
    ignored: IgnoreList | None,
) -> int:
    """``groups --identical``: identical files alone, with none of the text engine loaded."""
    from simfind.core.groups.identical_search import search_identical

    walk = walk_options(args)
    result = run_engine(
        args,
        lambda ctx: search_identical(folders, walk, ctx, identical=identical, ignored=ignored),
        folders,
    )
    if _write_groups(args, fmt, result, folders, group_rows(result, folders)):
        return EXIT_FAILURE
    if not args.quiet:
        if result.files == 0:
            say(nothing_found([display_path(f) for f in folders], len(result.skipped), "files"))
        else:
            say(identical_summary(result))
        if result.copies_apart:
            say(ignore_words.kept_apart(result.copies_apart))
    return 0

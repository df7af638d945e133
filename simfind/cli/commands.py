"""The headless commands: ``scan``, ``groups`` and ``cache``."""

from __future__ import annotations

import argparse
import logging
import os
import sqlite3
import stat
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from simfind.cli.output import (
    choose_format,
    emit_groups,
    emit_scan,
    group_rows,
    is_stdout,
    scan_rows,
    write,
)
from simfind.cli.parser import EXIT_FAILURE, EXIT_USAGE
from simfind.cli.terminal import progress_printer, terminal_text
from simfind.cli.words import (
    cache_warning,
    counted,
    nothing_found,
    radius_too_wide,
    run_summary,
    skip_line,
)
from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.cache import (
    FILE_NAME,
    FingerprintCache,
    clear_cache,
    default_cache_dir,
    open_cache,
    set_aside_files,
)
from simfind.core.context import ScanContext
from simfind.core.errors import CacheWarning
from simfind.core.export import COLUMNS, GROUP_COLUMNS
from simfind.core.features import FeatureSettings
from simfind.core.inputs import check_output
from simfind.core.paths import display_path
from simfind.core.pool import default_jobs, usable_jobs
from simfind.core.rank import Ranking, RankOptions
from simfind.core.scan import ScanOptions, ScanResult, scan
from simfind.core.verify import DEFAULT_THRESHOLD
from simfind.core.walk import WalkOptions, compile_patterns

log = logging.getLogger(__name__)


def _options(
    args: argparse.Namespace,
    threshold: float = DEFAULT_THRESHOLD,
    reference: Path | None = None,
) -> ScanOptions:
    """The options, each checked before any scanning (InputError for the first that is wrong)."""
    leave_out: frozenset[tuple[int, int]] = frozenset()
    if args.output is not None and not is_stdout(args.output):
        check_output(args.output, reference)
        leave_out = _written_file(args.output)
    walk = WalkOptions(
        include=tuple(args.include),
        exclude=tuple(args.exclude),
        hidden=args.hidden,
        follow_links=args.follow_links,
        leave_out=leave_out,
    )
    compile_patterns(walk.include)
    compile_patterns(walk.exclude)
    jobs = usable_jobs(default_jobs() if args.jobs is None else args.jobs)
    if args.jobs is not None and jobs < args.jobs and not args.quiet:
        print(
            f"simfind: note: using {jobs} worker process{'' if jobs == 1 else 'es'}, "
            f"not {args.jobs}: no more than this machine's cores and memory allow",
            file=sys.stderr,
        )
    return ScanOptions(
        features=FeatureSettings(bits=args.bits),
        walk=walk,
        max_bytes=args.max_size * 1024 * 1024,
        jobs=jobs,
        rank=RankOptions(threshold=threshold, ranking=_ranking(args)),
        text_only=args.text_only,
    )


def _written_file(output: Path) -> frozenset[tuple[int, int]]:
    """The output file as it is now (device, inode): a scan of its folder leaves it out."""
    try:
        info = output.stat()
    except OSError:
        return frozenset()  # not written yet: nothing of it to find
    return frozenset({(info.st_dev, info.st_ino)}) if stat.S_ISREG(info.st_mode) else frozenset()


def _ranking(args: argparse.Namespace) -> Ranking:
    """--sort containment ranks by the share of the reference a file holds."""
    return (
        Ranking.CONTAINMENT if getattr(args, "sort", None) == "containment" else Ranking.SIMILARITY
    )


if TYPE_CHECKING:
    from simfind.core.groups import GroupsResult
    from simfind.core.record_search import RecordGroupsResult, RecordScanResult

# Groups, records and the cluster are imported by the commands that use them: a scan
# never loads them (their imports cost a scan of a small folder a tenth of its time).
R = TypeVar("R", "ScanResult", "GroupsResult", "RecordGroupsResult", "RecordScanResult")


def run_engine(
    args: argparse.Namespace, work: Callable[[ScanContext], R], folders: list[Path] | None = None
) -> R:
    """Run a scan-like job with the cache, a cancel token, progress and the skip report.

    Skipped files are shown under the folder as the user wrote it (one of ``folders``).
    """
    # A log on stderr (-v) gets whole lines: no progress redrawn over them.
    show_progress = not (args.quiet or args.verbose or args.debug) and sys.stderr.isatty()
    progress, clear = progress_printer(sys.stderr)

    def warn(warning: CacheWarning) -> None:
        if show_progress:
            clear()  # the warning gets a line of its own; progress redraws below it
        print(f"simfind: warning: {terminal_text(cache_warning(warning))}", file=sys.stderr)

    cache = None if args.no_cache else open_cache(on_warning=warn)
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
        line = skip_line(where, skipped.reason, skipped.detail)
        print(f"simfind: {terminal_text(line)}", file=sys.stderr)


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
        print(f"simfind: warning: {terminal_text(cache_warning(warning))}", file=sys.stderr)

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


def _write(
    args: argparse.Namespace,
    fmt: str,
    emit: Callable[[TextIO], None],
    rows: list[dict[str, Any]],
    columns: Sequence[str],
) -> int:
    """Write the rows; a target that fails only now (a full disk) is one line, exit 1."""
    try:
        started = time.monotonic()
        write(args, fmt, emit, rows, columns)
        where = "stdout" if args.output is None else display_path(args.output)
        log.info(
            "wrote %d rows (%s) to %s in %.3f s", len(rows), fmt, where, time.monotonic() - started
        )
    except OSError as exc:
        if args.output is None:
            raise
        where = terminal_text(display_path(args.output))
        print(f"simfind: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILURE
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

        if args.sort == "containment":
            print("simfind: --sort containment ranks files, not --records", file=sys.stderr)
            return EXIT_USAGE

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
    reference = Path(args.reference)
    options = _options(args, threshold, reference=reference)
    result = run_engine(args, lambda ctx: scan(reference, args.directory, options, ctx))
    rows = scan_rows(result, args)
    status = _write(args, fmt, lambda stream: emit_scan(rows, fmt, stream), rows, COLUMNS)
    if status == 0 and not args.quiet:
        say(_scan_summary(result, [args.directory]))
    return status


def say(line: str) -> None:
    """One line for the user on stderr (stdout carries the rows alone)."""
    print(f"simfind: {terminal_text(line)}", file=sys.stderr)


def _scan_summary(result: ScanResult, folders: list[Path]) -> str:
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
        return nothing_found([display_path(f) for f in folders], len(result.skipped))
    members = sum(len(g.members) for g in result.groups)
    return run_summary(
        f"{counted(len(result.groups), 'group')} of {members:,} files",
        counted(result.files, "text file"),
        len(result.skipped),
        result.compared,
        f"fingerprints within {result.radius} of {result.bits} bits, "
        f"similar from {result.threshold:g}",
        result.boilerplate,
    )


def run_groups(args: argparse.Namespace) -> int:
    if args.records is not None:
        from simfind.cli.records import run_record_groups

        return run_record_groups(args)
    from simfind.cli.cluster import cluster_groups, write_parquet
    from simfind.core.candidates import RadiusTooWideError
    from simfind.core.grouping import GroupingOptions
    from simfind.core.groups import find_groups

    fmt = choose_format(args)
    if _no_workbook_to_stdout(fmt, args):
        return EXIT_USAGE
    folders: list[Path] = args.directory
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    options = _options(args, threshold)
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
    elif _write(args, fmt, lambda stream: emit_groups(rows, fmt, stream), rows, GROUP_COLUMNS):
        return EXIT_FAILURE
    if not args.quiet:
        say(_groups_summary(result, folders))
    return 0

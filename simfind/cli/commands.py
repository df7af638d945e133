"""The headless commands: ``scan``, ``groups`` and ``cache``."""

from __future__ import annotations

import argparse
import sqlite3
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, TypeVar

from simfind.cli.output import (
    choose_format,
    emit_groups,
    emit_scan,
    group_rows,
    is_stdout,
    scan_rows,
    write,
)
from simfind.cli.terminal import progress_printer, terminal_text
from simfind.cli.words import cache_warning, skip_line
from simfind.core.cache import (
    FILE_NAME,
    FingerprintCache,
    clear_cache,
    default_cache_dir,
    open_cache,
    set_aside_files,
)
from simfind.core.context import ScanContext
from simfind.core.errors import CacheWarning, InputError, InputProblem
from simfind.core.features import FeatureSettings
from simfind.core.groups import GroupsResult, find_groups
from simfind.core.inputs import check_output
from simfind.core.paths import display_path
from simfind.core.pool import default_jobs, usable_jobs
from simfind.core.rank import RankOptions
from simfind.core.scan import ScanOptions, ScanResult, scan
from simfind.core.verify import DEFAULT_THRESHOLD
from simfind.core.walk import WalkOptions, compile_patterns


def _options(
    args: argparse.Namespace, threshold: float = DEFAULT_THRESHOLD, reference: Path | None = None
) -> ScanOptions:
    """The options, each checked before any scanning (InputError for the first that is wrong)."""
    walk = WalkOptions(
        include=tuple(args.include),
        exclude=tuple(args.exclude),
        hidden=args.hidden,
        follow_links=args.follow_links,
    )
    compile_patterns(walk.include)
    compile_patterns(walk.exclude)
    if args.output is not None and not is_stdout(args.output):
        check_output(args.output, args.directory, reference)
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
        rank=RankOptions(threshold=threshold),
    )


R = TypeVar("R", ScanResult, GroupsResult)


def _run_engine(args: argparse.Namespace, work: Callable[[ScanContext], R]) -> R:
    """Run a scan-like job with the cache, a cancel token, progress and the skip report."""
    show_progress = not args.quiet and sys.stderr.isatty()
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
    if not args.quiet:
        shown = Path(args.directory)
        for skipped in result.skipped:
            where = display_path(shown / skipped.rel if skipped.rel != "." else shown)
            line = skip_line(where, skipped.reason, skipped.detail)
            print(f"simfind: {terminal_text(line)}", file=sys.stderr)
    return result


def run_cache(args: argparse.Namespace) -> int:
    folder = default_cache_dir()
    if args.action == "clear":
        try:
            cleared = clear_cache(folder)
        except (OSError, sqlite3.Error) as exc:
            print(f"simfind: the cache in {folder} could not be cleared: {exc}", file=sys.stderr)
            return 1
        where = terminal_text(display_path(folder / FILE_NAME))
        print(f"cleared {cleared.entries} fingerprints from {where}")
        if cleared.in_use:
            print("(another simfind process has it open: emptied, not removed)")
        return 0

    def warn(warning: CacheWarning) -> None:
        print(f"simfind: warning: {terminal_text(cache_warning(warning))}", file=sys.stderr)

    with FingerprintCache(folder, on_warning=warn) as cache:
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


def _write(args: argparse.Namespace, fmt: str, emit: Callable[[TextIO], None]) -> int:
    """Write the rows; a target that fails only now (a full disk) is one line, exit 1."""
    try:
        write(args, fmt, emit)
    except OSError as exc:
        if args.output is None:
            raise
        where = terminal_text(display_path(args.output))
        print(f"simfind: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


def run_scan(args: argparse.Namespace) -> int:
    fmt = choose_format(args)
    options = _options(args, args.threshold, args.reference)
    result = _run_engine(args, lambda ctx: scan(args.reference, args.directory, options, ctx))
    rows = scan_rows(result, args)
    return _write(args, fmt, lambda stream: emit_scan(rows, fmt, stream))


def run_groups(args: argparse.Namespace) -> int:
    fmt = choose_format(args)
    options = _options(args)
    distance = args.max_distance if args.max_distance is not None else 3 * args.bits // 64
    if distance + 1 > args.bits:
        raise InputError(InputProblem.DISTANCE_TOO_LARGE, limit=args.bits)
    result = _run_engine(args, lambda ctx: find_groups(args.directory, options, distance, ctx))
    rows = group_rows(result)
    if _write(args, fmt, lambda stream: emit_groups(rows, fmt, stream)):
        return 1
    if not args.quiet:
        print(
            f"simfind: {len(result.groups)} group{'' if len(result.groups) == 1 else 's'} "
            f"among {result.files} text files "
            f"(distance <= {distance} of {args.bits} bits)",
            file=sys.stderr,
        )
    return 0

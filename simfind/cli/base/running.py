"""What the commands share: the scan options from the flags, a run of the engine (cache,
cancel, progress, the skip report), the rows written, and a line for the user."""

from __future__ import annotations

import argparse
import logging
import os
import stat
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from simfind.cli.base.arguments import EXIT_FAILURE
from simfind.cli.base.output import is_stdout, write
from simfind.cli.base.terminal import progress_printer, terminal_text
from simfind.cli.base.words import cache_warning, said, skip_line
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.errors import CacheWarning
from simfind.core.base.paths import display_path
from simfind.core.cache.fingerprints import open_cache
from simfind.core.runs.jobs import default_jobs, usable_jobs
from simfind.core.scan.context import ScanContext
from simfind.core.scan.inputs import check_output
from simfind.core.scan.walk import WalkOptions, compile_patterns

# The channel -v prints ("cli.commands: wrote ..."): as before these left commands.py.
log = logging.getLogger("simfind.cli.commands")


def walk_options(args: argparse.Namespace, reference: Path | None = None) -> WalkOptions:
    """Which files are looked at: the patterns checked, the output left out (InputError for
    the first that is wrong)."""
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
    return walk


def scan_options(
    args: argparse.Namespace,
    threshold: float = DEFAULT_THRESHOLD,
    reference: Path | None = None,
) -> ScanOptions:
    """The options, each checked before any scanning (InputError for the first that is wrong)."""
    # Here, not above: a search for identical files alone loads no text engine.
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.rank import RankOptions
    from simfind.core.text.features import FeatureSettings

    walk = walk_options(args, reference)
    jobs = usable_jobs(default_jobs() if args.jobs is None else args.jobs)
    if args.jobs is not None and jobs < args.jobs and not args.quiet:
        print(
            f"simfind: note: using {jobs} worker process{'' if jobs == 1 else 'es'}, "
            f"not {args.jobs}: no more than this machine's cores and memory allow",
            file=sys.stderr,
        )
    return ScanOptions(
        features=FeatureSettings(bits=args.bits, fold_scripts=fold_scripts(args)),
        walk=walk,
        max_bytes=args.max_size * 1024 * 1024,
        jobs=jobs,
        rank=RankOptions(threshold=threshold, ranking=_ranking(args)),
        text_only=args.text_only,
    )


def fold_scripts(args: argparse.Namespace) -> bool:
    """Whether Traditional Chinese is read as Simplified (all but --no-fold-scripts)."""
    return not getattr(args, "no_fold_scripts", False)


def _written_file(output: Path) -> frozenset[tuple[int, int]]:
    """The output file as it is now (device, inode): a scan of its folder leaves it out."""
    try:
        info = output.stat()
    except OSError:
        return frozenset()  # not written yet: nothing of it to find
    return frozenset({(info.st_dev, info.st_ino)}) if stat.S_ISREG(info.st_mode) else frozenset()


def _ranking(args: argparse.Namespace) -> Ranking:
    """--sort containment ranks by the share of the reference a file holds."""
    from simfind.core.scan.rank import Ranking

    return (
        Ranking.CONTAINMENT if getattr(args, "sort", None) == "containment" else Ranking.SIMILARITY
    )


if TYPE_CHECKING:
    from simfind.core.folders.search import FoldersResult
    from simfind.core.groups.folder_groups import GroupsResult
    from simfind.core.groups.group import FolderSearch
    from simfind.core.records.search import RecordGroupsResult, RecordScanResult
    from simfind.core.scan.options import ScanOptions, ScanResult
    from simfind.core.scan.rank import Ranking

# Groups, records and the cluster are imported by the commands that use them: a scan
# never loads them (their imports cost a scan of a small folder a tenth of its time).
R = TypeVar(
    "R",
    "ScanResult",
    "GroupsResult",
    "FolderSearch",
    "RecordGroupsResult",
    "RecordScanResult",
    "FoldersResult",
)


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
        print(f"simfind: {terminal_text(said.warning(cache_warning(warning)))}", file=sys.stderr)

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
    report_skipped(args, result, folders)
    return result


def report_skipped(
    args: argparse.Namespace,
    result: ScanResult | FolderSearch | RecordGroupsResult | RecordScanResult | FoldersResult,
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


def write_rows(
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


def no_workbook_to_stdout(fmt: str, args: argparse.Namespace) -> bool:
    """A workbook is a file: refused (with a line) on stdout."""
    if fmt == "xlsx" and args.output is None:
        print(
            "simfind: --format xlsx writes a workbook: name its file with --output", file=sys.stderr
        )
        return True
    return False


def say(line: str) -> None:
    """One line for the user on stderr (stdout carries the rows alone)."""
    print(f"simfind: {terminal_text(line)}", file=sys.stderr)

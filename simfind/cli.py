"""The ``simfind`` command: the window by default, ``scan`` headless."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO, TypeVar

from simfind import __version__
from simfind.core.cache import FingerprintCache
from simfind.core.errors import UsageError
from simfind.core.export import (
    COLUMNS,
    GROUP_COLUMNS,
    display_path,
    is_inside,
    row,
    write_csv,
    write_group_table,
    write_json,
    write_table,
)
from simfind.core.features import FeatureSettings
from simfind.core.fingerprinting import Progress, default_jobs
from simfind.core.groups import GroupsResult, find_groups
from simfind.core.rank import RankOptions
from simfind.core.scan import ScanOptions, ScanResult, scan
from simfind.core.textio import DEFAULT_MAX_BYTES
from simfind.core.verify import DEFAULT_THRESHOLD
from simfind.core.walk import WalkOptions

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

SCAN_DESCRIPTION = """\
Compare every text file below DIRECTORY with REFERENCE and print one row per
file, best match first.

Each file gets a SimHash fingerprint (Chinese cut into words by jieba); its
Hamming DISTANCE to the reference's fingerprint is the number of bits in which
they differ (0 = same features). The nearest files by distance are then
compared exactly, and SIM% is that exact similarity: the share of words in
common, in order (edit distance for very short texts). Rows are ranked by it:
verified files first, most similar first, then the rest by distance. "*" marks
the files simfind calls similar (SIM% at or above --threshold).

When REFERENCE lies inside DIRECTORY it is listed too, at distance 0, and
marked "R" (JSON/CSV: "reference": true).
"""

SCAN_EPILOG = """\
output:
  --format table is an aligned table; csv has a header row and UTF-8 with a
  BOM, so Excel shows Chinese names; json is an array of objects with the keys
  path, distance, similarity (null where not verified), similar, reference,
  size, modified, encoding, fingerprint. Without --format: a table on a
  terminal, CSV when piped; with --output, the file's extension decides.
  Skipped files (binary, too large, unreadable, ...) are listed on stderr.

exit status:
  0 on success, 2 on a usage error or an unusable REFERENCE or DIRECTORY,
  130 when interrupted.

examples:
  simfind scan notes/draft.md notes/
  simfind scan report.txt ~/docs --top 10 --format json
  simfind scan main.py src/ --include '*.py' --exclude 'build/' -o result.csv
"""


GROUPS_DESCRIPTION = """\
List every group of near-duplicates below DIRECTORY: files whose fingerprints
differ in at most --max-distance bits, chained together (if a is near b and b
near c, all three are one group). Groups are found with pigeonhole tables, not
by comparing every pair, so a folder of a million files takes seconds.

Each group is listed around its most central file (marked "C"; in CSV/JSON
"centre": true), with every member's distance to it; largest groups first.

With --dask, the same groups are computed on a Dask cluster (the dask extra:
pip install "simfind[dask]"): on the scheduler at SCHEDULER (e.g.
tcp://10.0.0.5:8786), or on a cluster of --jobs worker processes started on
this machine. SOURCE is then a folder every worker sees at the same path, or
a Parquet dataset (a file or folder named *.parquet) with an id and a text
column. Output: the formats above, or Parquet with -o FILE.parquet.
"""


class _Parser(argparse.ArgumentParser):
    """argparse that says what is wrong in one line and exits with status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def _fraction(text: str) -> float:
    value = float(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must lie between 0 and 1, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="simfind",
        description="Find the near-duplicates of a file in a folder and see how they differ. "
        "Without a command, opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"simfind {__version__}")
    app = parser.add_argument_group("the app").add_mutually_exclusive_group()
    app.add_argument(
        "--install-desktop",
        action="store_true",
        help="put simfind in this user's application menu (Linux: desktop entry and icons)",
    )
    app.add_argument(
        "--uninstall-desktop", action="store_true", help="take it out of the menu again"
    )
    app.add_argument(
        "--self-test",
        action="store_true",
        help="open the window offscreen, scan a small generated folder, exit 0 if all works",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    gui = commands.add_parser("gui", help="open the window (the default)")
    gui.add_argument("reference", nargs="?", type=Path, help="reference file to fill in")
    gui.add_argument("directory", nargs="?", type=Path, help="folder to fill in")
    gui.add_argument("--scan", action="store_true", help="start scanning at once")

    run = commands.add_parser(
        "scan",
        help="rank the files of a folder by similarity to a reference file",
        description=SCAN_DESCRIPTION,
        epilog=SCAN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument("reference", type=Path, help="the file to compare with")
    run.add_argument("directory", type=Path, help="the folder to search (recursively)")
    shown = run.add_argument_group("what is shown")
    _add_output_options(shown)
    shown.add_argument(
        "--max-distance", type=_non_negative, metavar="K", help="only files within K bits"
    )
    shown.add_argument("--top", type=_positive, metavar="N", help="only the N best rows")
    shown.add_argument("--similar-only", action="store_true", help="only files called similar")
    shown.add_argument(
        "--sort",
        choices=("rank", "distance"),
        default="rank",
        help="rank (default): verified files by similarity, then the rest by distance; "
        "distance: by distance, ties by similarity",
    )
    how = run.add_argument_group("how files are compared")
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    how.add_argument(
        "--threshold",
        type=_fraction,
        default=DEFAULT_THRESHOLD,
        metavar="S",
        help="exact similarity (0-1) from which a file is called similar (default %(default)s)",
    )
    _add_file_options(run.add_argument_group("which files"))

    grouped = commands.add_parser(
        "groups",
        help="list every group of near-duplicate files in a folder",
        description=GROUPS_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    grouped.add_argument(
        "directory",
        type=Path,
        metavar="SOURCE",
        help="the folder to search (recursively); with --dask also a Parquet dataset",
    )
    shown = grouped.add_argument_group("what is shown")
    _add_output_options(shown, parquet=True)
    how = grouped.add_argument_group("how files are compared")
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=64, help="fingerprint size (default 64)"
    )
    how.add_argument(
        "--max-distance",
        type=_non_negative,
        metavar="K",
        help="files whose fingerprints differ in at most K bits are grouped "
        "(default 3 of 64 bits, 6 of 128)",
    )
    _add_file_options(grouped.add_argument_group("which files"))
    cluster = grouped.add_argument_group("on a Dask cluster")
    cluster.add_argument(
        "--dask",
        nargs="?",
        const="",
        metavar="SCHEDULER",
        help="run on the Dask scheduler at SCHEDULER, or on a local cluster without one",
    )
    cluster.add_argument(
        "--id-column", default="id", metavar="NAME", help="a Parquet source's id column (id)"
    )
    cluster.add_argument(
        "--text-column",
        default="text",
        metavar="NAME",
        help="a Parquet source's text column (text)",
    )
    cluster.add_argument(
        "--slices",
        type=_positive,
        metavar="S",
        help="run the candidate join in S slices of the key space, one after another "
        "(default: as many as keep each within a quarter of the workers' memory)",
    )

    cache = commands.add_parser(
        "cache",
        help="show or clear the fingerprint cache",
        description="simfind remembers fingerprints by path, size and modification time, "
        "so a second scan of an unchanged folder reads no file. The cache lives in the "
        "user's cache folder ($SIMFIND_CACHE_DIR overrides it).",
    )
    cache.add_argument("action", choices=("info", "clear"), help="what to do")
    return parser


def _add_output_options(group: argparse._ArgumentGroup, parquet: bool = False) -> None:
    formats = ("table", "csv", "json", "parquet") if parquet else ("table", "csv", "json")
    group.add_argument("--format", choices=formats, help="output format")
    group.add_argument("-o", "--output", type=Path, metavar="FILE", help="write to FILE")
    group.add_argument("-q", "--quiet", action="store_true", help="no progress, no skip list")


def _add_file_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--include",
        action="append",
        default=[],
        metavar="GLOB",
        help="only files matching GLOB (.gitignore syntax; repeatable)",
    )
    group.add_argument(
        "--exclude",
        action="append",
        default=[],
        metavar="GLOB",
        help="leave out files and folders matching GLOB (repeatable)",
    )
    group.add_argument("--hidden", action="store_true", help="include hidden files and folders")
    group.add_argument("--follow-links", action="store_true", help="follow symbolic links")
    group.add_argument(
        "--max-size",
        type=_positive,
        default=DEFAULT_MAX_BYTES // (1024 * 1024),
        metavar="MIB",
        help="skip files larger than MIB mebibytes (default %(default)s)",
    )
    group.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor update the fingerprint cache (see 'simfind cache')",
    )
    group.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        default=default_jobs(),
        metavar="N",
        help="worker processes (default: all cores, %(default)s)",
    )


def _choose_format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    if args.output is not None:
        suffixes = {".json": "json", ".txt": "table", ".parquet": "parquet"}
        return suffixes.get(args.output.suffix.lower(), "csv")
    return "table" if sys.stdout.isatty() else "csv"


def _progress_printer(stream: TextIO) -> tuple[Callable[[Progress], None], Callable[[], None]]:
    def show(progress: Progress) -> None:
        done, total = progress.files_done, progress.files_total
        if progress.stage == "verifying":
            text = f"comparing the nearest files exactly: {done}/{total}"
        else:
            rate = progress.bytes_done / 1e6 / progress.elapsed if progress.elapsed > 0 else 0.0
            text = f"scanned {done}/{total} files, {rate:.1f} MB/s"
        stream.write(f"\r\033[K{text}")
        stream.flush()

    def clear() -> None:
        stream.write("\r\033[K")
        stream.flush()

    return show, clear


def _scan_rows(result: ScanResult, args: argparse.Namespace) -> list[dict[str, Any]]:
    matches = result.matches
    if args.max_distance is not None:
        matches = [m for m in matches if m.distance <= args.max_distance]
    if args.similar_only:
        matches = [m for m in matches if m.similar]
    if args.sort == "distance":
        matches = sorted(
            matches,
            key=lambda m: (m.distance, -1.0 if m.similarity is None else -m.similarity),
        )
    if args.top is not None:
        matches = matches[: args.top]
    # Paths as the user wrote the folder, as `simfind groups`, find and grep show them.
    shown = Path(args.directory)
    return [row(replace(m, path=shown / m.rel), result.bits) for m in matches]


def _group_rows(result: GroupsResult) -> list[dict[str, Any]]:
    rows = []
    for number, group in enumerate(result.groups, start=1):
        for match in group.members:
            item = {"group": number, **row(match, result.bits)}
            item["centre"] = item.pop("reference")
            del item["similarity"], item["similar"]
            rows.append(item)
    return rows


def _emit_scan(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    if fmt == "json":
        write_json(rows, stream)
    elif fmt == "csv":
        write_csv(rows, stream, COLUMNS)
    else:
        write_table(rows, stream)


def _emit_groups(rows: list[dict[str, Any]], fmt: str, stream: TextIO) -> None:
    if fmt == "json":
        grouped: dict[int, list[dict[str, Any]]] = {}
        for item in rows:
            grouped.setdefault(item["group"], []).append(item)
        write_json(
            [{"group": g, "files": len(m), "members": m} for g, m in grouped.items()], stream
        )
    elif fmt == "csv":
        write_csv(rows, stream, GROUP_COLUMNS)
    else:
        write_group_table(rows, stream)


def _write(args: argparse.Namespace, fmt: str, emit: Callable[[TextIO], None]) -> None:
    """To stdout, or to --output through a temporary file (an interrupted run leaves none)."""
    if args.output is None:
        emit(sys.stdout)
        return
    target: Path = args.output
    encoding = "utf-8-sig" if fmt == "csv" else "utf-8"
    handle, temp = tempfile.mkstemp(prefix=".simfind-", dir=target.parent or Path())
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline="") as stream:
            emit(stream)
        Path(temp).replace(target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _options(args: argparse.Namespace, threshold: float = DEFAULT_THRESHOLD) -> ScanOptions:
    if args.output is not None:
        if is_inside(args.output, args.directory):
            raise UsageError(
                f"--output {args.output} lies inside the scanned folder; "
                "simfind never writes there: choose another place"
            )
        if not args.output.parent.resolve().is_dir():
            raise UsageError(f"--output folder not found: {args.output.parent}")
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
    )


R = TypeVar("R", ScanResult, GroupsResult)


def _run_engine(args: argparse.Namespace, work: Callable[..., R]) -> R:
    """Run a scan-like job with the cache, a cancel token, progress and the skip report."""
    cache = None if args.no_cache else _open_cache()
    show_progress = not args.quiet and sys.stderr.isatty()
    progress, clear = _progress_printer(sys.stderr)
    try:
        result = work(
            progress=progress if show_progress else None,
            cancel=threading.Event(),
            cache=cache,
        )
    finally:
        if show_progress:
            clear()
        if cache is not None:
            cache.close()
    _report_skipped(args, result)
    return result


def _report_skipped(args: argparse.Namespace, result: ScanResult | GroupsResult) -> None:
    """Each skipped file on stderr with its reason, under the folder as the user wrote it."""
    if args.quiet:
        return
    shown = Path(args.directory)
    for skipped in result.skipped:
        detail = f" ({skipped.detail})" if skipped.detail else ""
        where = display_path(shown / skipped.rel if skipped.rel != "." else shown)
        print(f"simfind: skipped {where}: {skipped.reason.value}{detail}", file=sys.stderr)


def _open_cache() -> FingerprintCache | None:
    """The user's cache, or None (with a warning) when it cannot be used."""
    try:
        cache = FingerprintCache()
    except (OSError, sqlite3.Error) as exc:
        print(f"simfind: warning: working without the fingerprint cache: {exc}", file=sys.stderr)
        return None
    for warning in cache.warnings:
        print(f"simfind: warning: {warning}", file=sys.stderr)
    return cache


def run_cache(args: argparse.Namespace) -> int:
    with FingerprintCache() as cache:
        for warning in cache.warnings:
            print(f"simfind: warning: {warning}", file=sys.stderr)
        if args.action == "clear":
            count = cache.entries()
            cache.clear()
            print(f"cleared {count} fingerprints from {cache.path}")
        else:
            print(f"location: {cache.path}")
            print(f"entries:  {cache.entries()}")
            print(f"size:     {cache.size_bytes() / 1e6:.1f} MB")
    return 0


def run_scan(args: argparse.Namespace) -> int:
    fmt = _choose_format(args)
    options = _options(args, args.threshold)
    result = _run_engine(args, lambda **kw: scan(args.reference, args.directory, options, **kw))
    rows = _scan_rows(result, args)
    _write(args, fmt, lambda stream: _emit_scan(rows, fmt, stream))
    return 0


def run_groups(args: argparse.Namespace) -> int:
    fmt = _choose_format(args)
    options = _options(args)
    distance = args.max_distance if args.max_distance is not None else 3 * args.bits // 64
    if distance + 1 > args.bits:
        raise UsageError(f"--max-distance must be below {args.bits}")
    if args.dask is not None:
        result = _cluster_groups(args, options, distance)
    elif fmt == "parquet":
        raise UsageError("--format parquet goes with --dask")
    else:
        result = _run_engine(
            args, lambda **kw: find_groups(args.directory, options, distance, **kw)
        )
    rows = _group_rows(result)
    if fmt == "parquet":
        if args.output is None:
            raise UsageError("--format parquet needs --output FILE")
        from simfind.cluster.command import write_parquet

        write_parquet(rows, GROUP_COLUMNS, args.output)
    else:
        _write(args, fmt, lambda stream: _emit_groups(rows, fmt, stream))
    if not args.quiet:
        print(
            f"simfind: {len(result.groups)} group{'' if len(result.groups) == 1 else 's'} "
            f"among {result.files} text files "
            f"(distance <= {distance} of {args.bits} bits)",
            file=sys.stderr,
        )
    return 0


def _cluster_groups(args: argparse.Namespace, options: ScanOptions, distance: int) -> GroupsResult:
    """The groups computed on a Dask cluster; the dask extra is imported only here."""
    try:
        from simfind.cluster.command import run
        from simfind.cluster.pipeline import ClusterOptions
    except ImportError as exc:
        raise UsageError(
            f"--dask needs the dask extra ({exc.name} is missing): pip install 'simfind[dask]'"
        ) from exc
    cluster_options = ClusterOptions(
        features=options.features,
        max_distance=distance,
        walk=options.walk,
        max_bytes=options.max_bytes,
        id_column=args.id_column,
        text_column=args.text_column,
        slices=args.slices,
    )
    result = run(args, cluster_options)
    _report_skipped(args, result)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    flag = next(
        (f for f in ("install_desktop", "uninstall_desktop", "self_test") if getattr(args, f)),
        None,
    )
    if flag is not None:
        if args.command is not None:
            print(f"simfind: --{flag.replace('_', '-')} goes alone", file=sys.stderr)
            return EXIT_USAGE
        from simfind.gui.app import app_command

        result = app_command([f"--{flag.replace('_', '-')}"])
        return EXIT_USAGE if result is None else result
    if args.command in (None, "gui"):
        from simfind.gui.app import run_gui

        return run_gui(
            getattr(args, "reference", None),
            getattr(args, "directory", None),
            getattr(args, "scan", False),
        )
    try:
        runner = {"cache": run_cache, "groups": run_groups, "scan": run_scan}[args.command]
        return runner(args)
    except UsageError as exc:
        print(f"simfind: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("simfind: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error worth a traceback.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())

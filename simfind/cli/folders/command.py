"""``simfind folders``: folders that are near-copies of each other (core.folders.search)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from simfind.cli.base.arguments import (
    EXIT_FAILURE,
    EXIT_USAGE,
    Parser,
    add_file_options,
    add_fold_option,
    add_log_options,
    fraction,
    path,
)
from simfind.cli.base.output import choose_format, shown_paths
from simfind.cli.base.running import run_engine, say, scan_options, write_rows
from simfind.cli.folders.words import FOLDERS_DESCRIPTION, FOLDERS_EPILOG, folders_summary
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.paths import absolute
from simfind.core.folders.pairing import DEFAULT_SHARE


def add_folders_command(commands: argparse._SubParsersAction[Parser]) -> None:
    folders = commands.add_parser(
        "folders",
        help="list the folders that are near-copies of each other",
        description=FOLDERS_DESCRIPTION,
        epilog=FOLDERS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    folders.add_argument(
        "directory",
        type=path,
        nargs="+",
        metavar="SOURCE",
        help="the folders to search (recursively); each is paired too",
    )
    shown = folders.add_argument_group("what is shown")
    shown.add_argument("--format", choices=("table", "csv", "json"), help="output format")
    shown.add_argument("-o", "--output", type=path, metavar="FILE", help="write to FILE")
    shown.add_argument("-q", "--quiet", action="store_true", help="no progress, no skip list")
    add_log_options(shown)
    how = folders.add_argument_group("how folders are compared")
    how.add_argument(
        "--threshold",
        type=fraction,
        metavar="S",
        help="the share of their bytes (0-1) two folders must have in common to be listed "
        f"(default {DEFAULT_SHARE})",
    )
    how.add_argument(
        "--near",
        type=fraction,
        metavar="S",
        help=f"exact similarity (0-1) from which two files are near-duplicates (default "
        f"{DEFAULT_THRESHOLD}, as 'simfind groups')",
    )
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    add_fold_option(how)
    add_file_options(folders.add_argument_group("which files"))


def run_folders(args: argparse.Namespace) -> int:
    from simfind.cli.folders.output import emit_json, emit_rows, pair_rows
    from simfind.core.folders.search import find_folder_pairs
    from simfind.core.linkage.grouping import GroupingOptions

    fmt = choose_format(args)
    if fmt not in ("table", "csv", "json"):
        print(
            f"simfind: folders writes no {fmt}: name the file .csv, .json or .txt",
            file=sys.stderr,
        )
        return EXIT_USAGE
    folders: list[Path] = args.directory
    near = DEFAULT_THRESHOLD if args.near is None else args.near
    share = DEFAULT_SHARE if args.threshold is None else args.threshold
    options = scan_options(args, near)
    grouping = GroupingOptions(threshold=near)
    result = run_engine(
        args, lambda ctx: find_folder_pairs(folders, options, grouping, ctx, share), folders
    )
    below = shown_paths(result.search, folders)
    written = {absolute(folder): folder for folder in folders}

    def shown(folder: Path) -> str | Path:
        """A path as the user wrote its folder; a folder given as it was written."""
        return written.get(folder) or below(folder)

    rows = pair_rows(result, shown)
    if fmt == "json":
        status = write_rows(args, fmt, lambda out: emit_json(result, folders, shown, out), rows, ())
    else:
        status = write_rows(args, fmt, lambda out: emit_rows(rows, fmt, out), rows, ())
    if status:
        return EXIT_FAILURE
    if not args.quiet:
        say(folders_summary(result))
    return 0

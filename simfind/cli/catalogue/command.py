"""``simfind catalogue``: make, update or merge a catalogue of a drive (core.catalogue)."""

from __future__ import annotations

import argparse
import sys
import threading
from pathlib import Path

from simfind.cli.base.arguments import (
    EXIT_USAGE,
    Parser,
    add_file_options,
    add_fold_option,
    add_log_options,
    path,
)
from simfind.cli.base.running import say, scan_options
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import cache_warning, said
from simfind.cli.catalogue.words import CATALOGUE_DESCRIPTION, CATALOGUE_EPILOG, made_summary
from simfind.core.base.errors import CacheWarning
from simfind.core.cache.fingerprints import open_cache
from simfind.core.scan.context import ScanContext


def add_catalogue_command(commands: argparse._SubParsersAction[Parser]) -> None:
    made = commands.add_parser(
        "catalogue",
        help="write a catalogue of a drive, to compare with while it is away",
        description=CATALOGUE_DESCRIPTION,
        epilog=CATALOGUE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument(
        "sources",
        type=path,
        nargs="+",
        metavar="SOURCE",
        help="the folders to catalogue; with --update the catalogue; with --merge catalogues",
    )
    made.add_argument("-o", "--output", type=path, metavar="FILE", help="the catalogue to write")
    what = made.add_mutually_exclusive_group()
    what.add_argument(
        "--update",
        action="store_true",
        help="bring the catalogue SOURCE up to date: only new and changed files are read",
    )
    what.add_argument(
        "--merge", action="store_true", help="write the catalogues SOURCE... as one, to FILE"
    )
    made.add_argument(
        "--with-texts",
        action="store_true",
        help="keep each file's text too, compressed: exact figures and diffs while the drive "
        "is away",
    )
    made.add_argument("-q", "--quiet", action="store_true", help="no summary")
    made.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    add_fold_option(made)
    add_file_options(made.add_argument_group("which files"))
    add_log_options(made)


def run_catalogue(args: argparse.Namespace) -> int:
    from simfind.core.catalogue.making import make_catalogue, merge_catalogues, update_catalogue

    sources: list[Path] = args.sources
    if args.update:
        if len(sources) != 1 or args.output is not None:
            print("simfind: --update takes one catalogue, and no --output", file=sys.stderr)
            return EXIT_USAGE
        args.output = sources[0]  # left out of its own folders' walk
    elif args.output is None:
        print("simfind: name the catalogue to write with -o FILE", file=sys.stderr)
        return EXIT_USAGE
    if args.merge:
        made = merge_catalogues(sources, args.output)
    else:
        options = scan_options(args)

        def warn(warning: CacheWarning) -> None:
            said_warning = said.warning(cache_warning(warning))
            print(f"simfind: {terminal_text(said_warning)}", file=sys.stderr)

        cache = None if args.no_cache else open_cache(on_warning=warn)
        context = ScanContext(cancel=threading.Event(), cache=cache)
        try:
            if args.update:
                made = update_catalogue(sources[0], options, context)
            else:
                made = make_catalogue(sources, args.output, options, context, args.with_texts)
        finally:
            if cache is not None:
                cache.close()
    if not args.quiet:
        say(made_summary(made, updated=args.update))
    return 0

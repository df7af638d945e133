"""``simfind report``: the evidence that two files (or a group's files) are near-duplicates,
as one self-contained HTML file, worded in the user's language as the window words it."""

from __future__ import annotations

import argparse
import stat
import sys
from pathlib import Path

from simfind.cli.base.arguments import EXIT_FAILURE, EXIT_USAGE
from simfind.cli.base.running import run_engine, say, scan_options
from simfind.cli.base.speaking import language, translator
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import counted, not_text, said
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.paths import display_path, percent
from simfind.core.report.evidence import Report, ReportReadError, group_report, pair_report
from simfind.core.report.html_report import ReportLabels, write_report
from simfind.core.scan.inputs import check_output
from simfind.core.words.report import ENGLISH as ENGLISH_LABELS
from simfind.core.words.report import ReportWords

#: The report's words in English (written in the user's language: ``labels``).
ENGLISH = ENGLISH_LABELS


def labels() -> ReportLabels:
    """The report's words in the command line's language, as the window writes its report."""
    return ReportWords(translator()).labels(language())


def run_report(args: argparse.Namespace) -> int:
    """Write the report of two files, or of group N of the folders given."""
    output: Path = args.output
    paths: list[Path] = args.paths
    try:
        if args.group is None:
            if len(paths) != 2:
                given = counted(len(paths), "path")
                print(
                    f"simfind: report compares two files ({given} given); "
                    "--group N FOLDER... reports a group",
                    file=sys.stderr,
                )
                return EXIT_USAGE
            for path in paths:
                problem = _not_a_file(path)
                if problem:
                    print(f"simfind: {terminal_text(problem)}", file=sys.stderr)
                    return EXIT_USAGE
            threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
            options = scan_options(args, threshold)
            for path in paths:
                if _same_file(output, path):
                    shown = terminal_text(display_path(output))
                    print(
                        f"simfind: --output {shown} is one of the files compared: "
                        "simfind will not overwrite it",
                        file=sys.stderr,
                    )
                    return EXIT_USAGE
            check_output(output)
            report = pair_report(paths[0], paths[1], options)
        else:
            found = _group(args, paths)
            if isinstance(found, int):
                return found
            report = found
    except ReportReadError as exc:
        why = not_text(exc.reason, exc.detail)
        shown = terminal_text(display_path(exc.path))
        print(f"simfind: {said.no_report(shown, why)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        write_report(output, report, labels())
    except OSError as exc:
        where = terminal_text(display_path(output))
        print(f"simfind: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILURE
    if not args.quiet:
        say(_summary(report, output, paths))
    return 0


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


def _not_a_file(path: Path) -> str:
    try:
        info = path.stat()
    except FileNotFoundError:
        return f"no such file: {display_path(path)}"
    except OSError as exc:
        return f"cannot read {display_path(path)}: {exc.strerror or exc}"
    if stat.S_ISDIR(info.st_mode):
        return (
            f"{display_path(path)} is a folder: report compares two files "
            "(--group N FOLDER... reports a group)"
        )
    if not stat.S_ISREG(info.st_mode):
        return f"not a regular file: {display_path(path)}"
    return ""


def _group(args: argparse.Namespace, folders: list[Path]) -> Report | int:
    """Group N of the folders, found as ``simfind groups`` finds and numbers them."""
    from simfind.cli.base.words import radius_too_wide
    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.index.candidates import RadiusTooWideError
    from simfind.core.linkage.grouping import GroupingOptions

    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    options = scan_options(args, threshold)
    grouping = GroupingOptions(threshold=threshold, radius=args.max_distance)
    try:
        result = run_engine(args, lambda ctx: find_groups(folders, options, grouping, ctx), folders)
    except RadiusTooWideError as exc:
        print(f"simfind: {radius_too_wide(exc)}", file=sys.stderr)
        return EXIT_USAGE
    number: int = args.group
    if not 1 <= number <= len(result.groups):
        where = ", ".join(terminal_text(display_path(f)) for f in folders)
        if not result.groups:
            found = f"no group of near-duplicates in {where}"
        else:
            found = (
                f"the groups of {where} are numbered 1 to {len(result.groups)} "
                "(as 'simfind groups' lists them with the same options)"
            )
        print(f"simfind: no group {number}: {found}; no report written", file=sys.stderr)
        return EXIT_USAGE
    group = result.groups[number - 1]
    paths = [m.path for m in group.files]
    return group_report(paths, options, result.boilerplate, number, result.folders)


def _summary(report: Report, output: Path, given: list[Path]) -> str:
    where = display_path(output)
    if report.group is None:
        pair = report.pairs[0]  # the files named as the user named them
        return (
            f"wrote {where}: {display_path(given[0])} and {display_path(given[1])}, "
            f"similarity {percent(pair.similarity)} %"
        )
    files = counted(len(report.pairs) + 1, "file")
    return f"wrote {where}: group {report.group}, {files}, each compared with its centre"

"""The parsers of the commands that show given files: versions, report, diff."""

from __future__ import annotations

import argparse

from simfind.cli.base.arguments import (
    EXIT_STATUS,
    EXIT_USAGE,
    Parser,
    add_file_options,
    add_fold_option,
    add_log_options,
    fraction,
    non_negative,
    path,
    positive,
    size_mib,
)
from simfind.core.base.defaults import DEFAULT_MAX_BYTES, DEFAULT_THRESHOLD

VERSIONS_DESCRIPTION = """\
Show near-duplicate files as versions of one text, oldest first: each linked
to the earlier version it most resembles (a tree where two versions grew from
one), with the size of each step and the newest of each chain marked.

For a FILE: the file and the files of its folder similar to it (as 'simfind
scan FILE FOLDER' finds them). For a FOLDER: every group of near-duplicates
below it (as 'simfind groups' finds them), each as its versions.

Versions are ordered by their modified time; files modified at the same
moment by their names (a draft, then v2, v3, then "final", then a copy such
as "(1)"), then by path. Each is linked to the earlier version with the
highest exact similarity (SIM%, as scan and groups show it); one like no
earlier version (below --threshold) starts a chain of its own. A step's size
is the words the later version added, removed and changed, from a diff of
the two texts' words.
"""

VERSIONS_EPILOG = """\
output:
  table: one block per group, each version under the one it grew from:
  #, FROM (the # of that version), MODIFIED, SIM% (to it), ADDED, REMOVED,
  CHANGED (words), "N" for the newest of a chain, "=" for a modified time
  another version shares (placed by name), PATH;
  json: an array of groups {group, files, chains, versions: [...]}.

examples:
  simfind versions "report final.docx"
  simfind versions ~/Documents/reports --format json -o versions.json

"""
VERSIONS_EPILOG += EXIT_STATUS


def add_versions_command(commands: argparse._SubParsersAction[Parser]) -> None:
    versions = commands.add_parser(
        "versions",
        help="show near-duplicate files as versions in order, each step's size",
        description=VERSIONS_DESCRIPTION,
        epilog=VERSIONS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    versions.add_argument(
        "path",
        type=path,
        metavar="FILE-OR-FOLDER",
        help="a file (its versions in its folder) or a folder (the versions of every group)",
    )
    shown = versions.add_argument_group("what is shown")
    shown.add_argument("--format", choices=("table", "json"), help="output format")
    shown.add_argument("-o", "--output", type=path, metavar="FILE", help="write to FILE")
    shown.add_argument("-q", "--quiet", action="store_true", help="no progress, no skip list")
    add_log_options(shown)
    how = versions.add_argument_group("how files are compared")
    add_fold_option(how)
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    how.add_argument(
        "--threshold",
        type=fraction,
        metavar="S",
        help="exact similarity (0-1) from which two files are versions of one text "
        f"(default {DEFAULT_THRESHOLD})",
    )
    how.add_argument(
        "--max-distance",
        type=non_negative,
        metavar="K",
        help="for a FOLDER, as for groups: files whose fingerprints differ in at most K bits "
        "are compared exactly (default 32 of 128; wider finds more heavily revised versions)",
    )
    add_file_options(versions.add_argument_group("which files"))


REPORT_DESCRIPTION = """\
Write one self-contained HTML file that shows why two files are near-duplicates:
both texts side by side, the passages they share highlighted and linked (click
one to go to the same passage in the other file), the figures (similarity, the
share of each file found in the other, the fingerprint distance, the
boilerplate discounted), each file's name, path, size, modification time,
encoding and SHA-256, the settings used and the simfind version. It opens
offline in any browser and prints to PDF.

With --group N, the report is of group N of the folders given, numbered as
'simfind groups' lists them with the same options: each file of the group is
compared with the group's centre. Two files alone are compared with no
boilerplate discounted (it is learnt from the files of a folder).
"""

REPORT_EPILOG = """\
examples:
  simfind report essay.txt essay-copy.txt -o essay.html
  simfind report --group 1 ~/docs -o group1.html

"""
REPORT_EPILOG += EXIT_STATUS


def add_report_command(commands: argparse._SubParsersAction[Parser]) -> None:
    report = commands.add_parser(
        "report",
        help="write an HTML report showing why two files (or a group) are near-duplicates",
        description=REPORT_DESCRIPTION,
        epilog=REPORT_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    report.add_argument(
        "paths",
        type=path,
        nargs="+",
        metavar="PATH",
        help="the two files to compare; with --group, the folders to search",
    )
    report.add_argument(
        "--group",
        type=positive,
        metavar="N",
        help="report group N of the folders, as 'simfind groups' numbers it",
    )
    report.add_argument(
        "-o", "--output", type=path, required=True, metavar="FILE", help="the HTML file to write"
    )
    report.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")
    add_log_options(report)
    how = report.add_argument_group("how files are compared")
    add_fold_option(how)
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    how.add_argument(
        "--threshold",
        type=fraction,
        metavar="S",
        help=f"exact similarity (0-1) from which files are near-duplicates (default "
        f"{DEFAULT_THRESHOLD})",
    )
    how.add_argument(
        "--max-distance",
        type=non_negative,
        metavar="K",
        help="with --group: as for 'simfind groups'",
    )
    add_file_options(report.add_argument_group("which files (with --group: as for groups)"))


DIFF_DESCRIPTION = """\
Compare two files with each other, no folder scanned: print the unified diff of
their text as simfind reads it (documents by their text, other encodings
decoded), then their figures as the window's diff shows them: similarity
(SIM%), holds (the share of FILE1 found in FILE2), held (the share of FILE2
found in FILE1) and the distance of their fingerprints.
"""

DIFF_EPILOG = f"""\
examples:
  simfind diff report.txt report-v2.txt
  simfind diff 报告.docx 报告-gbk.txt --format json

exit status (as diff(1)):
  0    the two texts are the same (as read: the same text in two encodings is)
  1    they differ
  {EXIT_USAGE}    an error: a file missing, not readable as text, a usage error
"""


def add_diff_command(commands: argparse._SubParsersAction[Parser]) -> None:
    pair = commands.add_parser(
        "diff",
        help="show how two files differ, with their similarity",
        description=DIFF_DESCRIPTION,
        epilog=DIFF_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    pair.add_argument("left", type=path, metavar="FILE1", help="the first file (the left side)")
    pair.add_argument("right", type=path, metavar="FILE2", help="the second file")
    pair.add_argument("--format", choices=("text", "json"), default="text",
                      help="text (default): the unified diff and a line of figures; json: "
                      "one object (schema: diff)")  # fmt: skip
    pair.add_argument("-o", "--output", type=path, metavar="FILE", help="write to FILE")
    pair.add_argument("-U", "--context", type=non_negative, default=3, metavar="N",
                      help="lines of context around each change (default %(default)s)")  # fmt: skip
    pair.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    pair.add_argument("--text-only", action="store_true",
                      help="plain text only: documents are not read for their text")  # fmt: skip
    pair.add_argument("--max-size", type=size_mib, default=DEFAULT_MAX_BYTES // (1024 * 1024),
                      metavar="MIB", help="refuse files larger than MIB mebibytes (default "
                      "%(default)s)")  # fmt: skip
    add_fold_option(pair)
    add_log_options(pair)

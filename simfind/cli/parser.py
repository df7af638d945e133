"""The ``simfind`` command line's grammar: commands, options, help texts (argparse)."""

from __future__ import annotations

import argparse
from pathlib import Path

from simfind import __version__
from simfind.cli.base.arguments import (
    EXIT_STATUS,
    Parser,
    add_cluster_options,
    add_file_options,
    add_fold_option,
    add_log_options,
    add_output_options,
    add_record_options,
    fraction,
    non_negative,
    path,
    positive,
    reference,
    size_bytes,
)
from simfind.cli.catalogue.command import add_catalogue_command
from simfind.cli.clean.command import add_clean_command
from simfind.cli.file_commands import (
    add_diff_command,
    add_report_command,
    add_versions_command,
)
from simfind.cli.folders.command import add_folders_command
from simfind.cli.ignore.command import add_ignore_command
from simfind.core.base.defaults import DEFAULT_THRESHOLD, NAME_THRESHOLD, RECORD_THRESHOLD

#: The shells ``simfind completion`` writes a script for (shtab's).
SHELLS = ("bash", "zsh", "fish", "powershell", "tcsh")

OUTPUT_CONTRACT = """\
json output:
  described by JSON Schemas installed with simfind (simfind/resources/schemas:
  scan and groups version 2, groups version 1 kept as groups.v1; record-scan,
  record-groups, diff, versions, ignore-list, clean, folders: version 1).
  Stable within a version: the fields, their types and meanings. Not stable: fingerprint values
  (a new version may fingerprint a file differently), and similarity values
  where the measure is improved.
"""

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

HOLDS% is the share of the reference found in the file, HELD% the share of the
file found in the reference (of their word pairs and chunk triples; edit
distance aligns a short text with the best-matching passage of the other).
Files that hold an excerpt of the reference, or a passage of it, are compared
exactly however far their distance. --sort containment ranks the files that
hold most of the reference first: excerpts, quotations, a text pasted into a
longer one.

When REFERENCE lies inside DIRECTORY it is listed too, at distance 0, and
marked "R" (JSON/CSV: "reference": true).

REFERENCE "-" reads the reference text from standard input (decoded as a file
is: a BOM, else UTF-8, else the encoding detected; empty input is an error).
Messages name it <stdin>; no row is the reference then.

With --records, the items of the files are ranked instead of the files:
DIRECTORY may be one file or a folder, and REFERENCE a file (its whole text is
the query) or, when no such file exists (or with --text), the text itself.
Each row is a record with its file and line; only the records compared
exactly are listed (the nearest by distance), most similar first.
"""

SCAN_EPILOG = """\
output:
  --format table is an aligned table; json is an array of objects with the
  keys path, distance, similarity (null where not verified),
  reference_in_file and file_in_reference (HOLDS% and HELD% as fractions,
  null where not verified), similar, identical (the reference's bytes exactly),
  reference, size, modified, encoding, format, fingerprint, and path_bytes (the
  name's bytes in hexadecimal) where the path as text would not read back,
  for a file in a catalogue, catalogue (the catalogue's path), estimated
  (true where the figure is an estimate: a catalogued file whose drive is
  away, or a pair too long to compare word by word), and similarity_alone
  (the figure with the text many of the folder's files share counted, where
  that moves it by a point or more); csv has the same columns and a header
  row. These columns are for programs: similarity is a
  fraction from 0 to 1, modified is ISO 8601 with its UTC offset, true/false
  are words. CSV written with --output starts with a UTF-8 BOM, so that Excel
  shows Chinese names; piped, it is plain UTF-8. -o FILE.xlsx writes an Excel
  workbook with the same columns (numbers, true/false and dates as such).
  The window's Export has headers in its language, percentages and dates
  for people. Without --format: a table on a terminal, CSV when piped; with
  --output, the extension decides (.json, .txt: table, .xlsx, else CSV).
  Skipped files (binary, too large, unreadable, ...) are listed on stderr,
  then a summary: the text files read, how many are similar, how many were
  skipped ("no text files found in DIRECTORY" when there is none).

documents:
  .docx, .pptx, .odt, .odp, .pdf, .html/.htm/.xhtml, .epub and .rtf files are
  compared by their text (headers, footers, footnotes, tables, text boxes;
  not comments or speaker notes); "format" says which (text for a text file).
  Old .doc/.ppt files, encrypted documents and scanned PDFs without text are
  skipped with the reason. --text-only compares plain text files only.

records (--records KIND):
  lines         every line (lines shorter than --min-length are left out)
  paragraphs    runs of lines between blank lines
  csv:COLUMN    the cells of one column of a CSV file (, ; tab or |), by its
                header name or its number from 1; the first row is the header
  identifiers   the names of functions, classes, constants and variables defined
                in source code (Pygments reads some 500 languages); a name's
                words (getUserName, get_user_name: get user name) make its
                fingerprint, the name as written its edit distance; each name
                is one record, at its first definition
  Short records are compared by normalised edit distance.

examples:
  simfind scan notes/draft.md notes/
  simfind scan report.txt ~/docs --top 10 --format json
  simfind scan main.py src/ --include '*.py' --exclude 'build/' -o result.csv
  xclip -o | simfind scan - ~/docs --top 5
  simfind scan "床前明月光" --records lines poems.txt --top 5
  simfind scan getUserInfo --records identifiers src/

"""
SCAN_EPILOG += EXIT_STATUS

GROUPS_DESCRIPTION = f"""\
List every group of near-duplicates below DIRECTORY (one or more folders):
files whose texts are at least --threshold similar, every two of a group; and
every group of identical files of any kind (images, archives, installers,
videos, PDFs without text), whose bytes are the same.

Each group says what it is: "identical" (every file has the centre's bytes),
"same text" (the same words in the same order as the centre, as simfind reads
them, but other bytes: another encoding, other line endings, a .docx and the
.txt saved from it), or "near-duplicates". A file with the bytes of another
file of its group that is not the centre says which ("same bytes as ..."); its
figures are still its own, to the centre. Names of one file (hard links) are one
file: never listed as duplicates of each other. Empty files are no duplicates
(--empty-files lists them). --identical looks for identical files alone, as
jdupes and rmlint do: by size, then a hash of the first and last 4 KiB, then a
hash of all the bytes (xxh3-128), each file read once at most and its hashes
kept in the cache. --text-only groups text files alone, as before.

How: each file gets a SimHash fingerprint, as for scan. Files whose
fingerprints differ in at most --max-distance bits (the DISTANCE, a quarter
of the bits by default: 32 of 128) are candidates; identical fingerprints
count once, and each fingerprint keeps its 64 nearest. Every candidate pair
is then compared exactly (SIM%: the share of words in common, in order, as
for scan), and two files are near-duplicates when that similarity reaches the
THRESHOLD ({DEFAULT_THRESHOLD} by default, the scan's verdict). A group is a set of files
every two of which are near-duplicates, so a chain (a like b, b like c)
never joins a and c unless they are alike too.

Each group is listed around its centre (marked "C"; in CSV/JSON
"centre": true), the file most similar to the rest, with every member's
exact similarity and distance to it; largest groups first.

With --records KIND (see 'simfind scan --help' for the kinds), the records of
the files given (or of every file below the folders given) are grouped
instead of the files: near-duplicate lines of a list of quotes, cells of a
CSV column, names in a codebase; each reported with its file and line. Their
fingerprints use the characters and words of a record (128 bits); each keeps
its 64 nearest within the widest distance (41 of 128 bits; beyond about
750,000 distinct records a narrower one, which finds far fewer), compared
exactly on the same scale as files. THRESHOLD is {RECORD_THRESHOLD} by
default, {NAME_THRESHOLD} for identifiers.

With --dask, the same groups are computed on a Dask cluster (the dask extra:
pip install "simfind[dask]"): on the scheduler at SCHEDULER (e.g.
tcp://10.0.0.5:8786), or on a cluster of --jobs worker processes started on
this machine. SOURCE (one) is then a folder every worker sees at the same path,
or a Parquet dataset (a file or folder named *.parquet) with an id and a text
column. Output: the formats above, or Parquet with -o FILE.parquet.
"""

GROUPS_EPILOG = """\
output:
  table: one block per group; csv: one row per file with the columns group,
  kind, path, similarity, distance, centre, identical (the centre's bytes),
  identical_to (the member whose bytes it has, not the centre), size,
  modified, encoding, format, fingerprint, hash (for programs, as scan's: a
  BOM only when written with --output); -o FILE.xlsx: the same columns in an
  Excel workbook; json: a result file, one object: {format, version, simfind,
  created, working_folder, inputs, settings, files, skipped, groups: [{group,
  kind, files, size, reclaimable, members: [...]}]}, each member with mtime_ns,
  device, inode, hash and links (its other names) too, and similarity_alone
  (its figure to the centre with the text many of the folder's files share
  counted, where that moves it by a point or more; the table says it after
  the path); what 'simfind clean' and the window's File → Open Results… read.
  (Before result files it was the bare array of groups: now '.groups'.)
  The summary (groups, files compared, the distance used) goes to stderr.

distance:
  A wider --max-distance finds more heavily edited copies and costs more exact
  comparisons. Beyond 41 of 128 bits (16 of 64) unrelated files' fingerprints
  would fall within it, and a distance too wide to search among so many files
  is refused with the widest that would do (exit status 2); the default is
  narrowed instead, and the summary says to what.

examples:
  simfind groups notes/
  simfind groups ~/Pictures ~/Downloads --identical --min-size 1M
  simfind groups ~/docs ~/backup --threshold 0.9 --format json -o groups.json
  simfind groups quotes.txt --records lines
  simfind groups sayings.csv --records csv:quote --format csv -o dups.csv
  simfind groups src/ --records identifiers

"""
GROUPS_EPILOG += EXIT_STATUS

#: The app's own actions, each a flag that goes alone.
_APP_ACTIONS = {
    "--install-desktop": "put simfind in this user's application menu (Linux: desktop entry "
    "and icons)",
    "--uninstall-desktop": "take it out of the menu again",
    "--self-test": "open the window offscreen, scan a small generated folder, exit 0 if all works",
}


class _OneAppFlag(argparse.Action):
    """Stores the flag given; a second one is refused, as a mutually exclusive group would."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        earlier = getattr(namespace, self.dest, None)
        if earlier is not None and earlier != option_string:
            parser.error(f"argument {option_string}: not allowed with argument {earlier}")
        setattr(namespace, self.dest, option_string)


def _add_app_flags(
    group: argparse._ArgumentGroup | argparse.ArgumentParser, dest: str, shown: bool
) -> None:
    """--install-desktop, --uninstall-desktop, --self-test: one of them, stored under ``dest``.

    Hidden (in ``simfind gui``, for the simfind-gui script) they stay out of the usage line.
    """
    if shown:
        flags = group.add_mutually_exclusive_group()
        for flag, words in _APP_ACTIONS.items():
            flags.add_argument(flag, dest=dest, action="store_const", const=flag, help=words)
        return
    for flag in _APP_ACTIONS:
        group.add_argument(
            flag,
            dest=dest,
            action=_OneAppFlag,
            nargs=0,
            default=argparse.SUPPRESS,
            help=argparse.SUPPRESS,
        )


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="simfind",
        description="Find the near-duplicates of a file in a folder and see how they differ. "
        "Without a command, opens the window.",
        epilog=f"{OUTPUT_CONTRACT}\n{EXIT_STATUS}\n'simfind COMMAND --help' says more of each "
        "command.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"simfind {__version__}")
    _add_app_flags(parser.add_argument_group("the app"), "app_flag", shown=True)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    gui = commands.add_parser(
        "gui",
        help="open the window (the default)",
        description="Open the window, filled in with the paths given: a file becomes the "
        "reference (and its folder the folder to search), a folder the folder to search; "
        "a file and a folder, in either order, both; a result file (simfind groups "
        "--format json, File → Save Results…) its groups. This is what a file manager's "
        "'Open with simfind' runs.",
    )
    gui.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help="a reference file and/or a folder to search, in either order; or a result file",
    )
    gui.add_argument("--scan", action="store_true", help="start scanning at once")
    # The simfind-gui script passes its arguments to this command: the app's flags too.
    _add_app_flags(gui, "gui_app_flag", shown=False)

    run = commands.add_parser(
        "scan",
        help="rank the files of a folder by similarity to a reference file",
        description=SCAN_DESCRIPTION,
        epilog=SCAN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    run.add_argument(
        "reference",
        type=reference,
        help="the file to compare with, or - to read the text from standard input "
        "(with --records: or a text)",
    )
    run.add_argument(
        "directory",
        type=path,
        help="the folder to search (recursively; with --records: or one file)",
    )
    shown = run.add_argument_group("what is shown")
    add_output_options(shown)
    shown.add_argument(
        "--max-distance", type=non_negative, metavar="K", help="only files within K bits"
    )
    shown.add_argument("--top", type=positive, metavar="N", help="only the N best rows")
    shown.add_argument(
        "--similar-only",
        action="store_true",
        help="only files called similar (with --sort containment, also those holding at "
        "least the threshold's share of the reference)",
    )
    shown.add_argument(
        "--no-ignore-list",
        action="store_true",
        help="show the files the ignore list pairs with the reference too (see 'simfind ignore')",
    )
    shown.add_argument(
        "--sort",
        choices=("rank", "containment", "distance"),
        default="rank",
        help="rank (default): verified files by similarity, then the rest by distance; "
        "containment: verified files by the share of the reference they hold (HOLDS%%), "
        "then as rank; distance: by distance, ties by similarity",
    )
    how = run.add_argument_group("how files are compared")
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    how.add_argument(
        "--threshold",
        type=fraction,
        metavar="S",
        help="exact similarity (0-1) from which a file is called similar (default "
        f"{DEFAULT_THRESHOLD}; records {RECORD_THRESHOLD}, identifiers {NAME_THRESHOLD})",
    )
    add_fold_option(how)
    records = run.add_argument_group("records")
    add_record_options(records)
    records.add_argument(
        "--text",
        action="store_true",
        help="with --records: REFERENCE is the text to look for, even if a file has that name",
    )
    add_file_options(run.add_argument_group("which files"))

    grouped = commands.add_parser(
        "groups",
        help="list every group of near-duplicate files in one or more folders",
        description=GROUPS_DESCRIPTION,
        epilog=GROUPS_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    grouped.add_argument(
        "directory",
        type=path,
        nargs="+",
        metavar="SOURCE",
        help="the folders to search (recursively; with --records: files too); "
        "with --dask one folder or a Parquet dataset",
    )
    shown = grouped.add_argument_group("what is shown")
    add_output_options(shown, parquet=True)
    shown.add_argument(
        "--no-ignore-list",
        action="store_true",
        help="group the pairs of files on the ignore list too (see 'simfind ignore')",
    )
    how = grouped.add_argument_group("how files are compared")
    how.add_argument(
        "--bits", type=int, choices=(64, 128), default=128, help="fingerprint size (default 128)"
    )
    how.add_argument(
        "--max-distance",
        type=non_negative,
        metavar="K",
        help="files whose fingerprints differ in at most K bits are compared exactly "
        "(default: a quarter of the bits, 32 of 128; records: 41 of 128; at most 41 of 128, "
        "16 of 64)",
    )
    how.add_argument(
        "--threshold",
        type=fraction,
        metavar="S",
        help="exact similarity (0-1) from which two files are near-duplicates "
        f"(default {DEFAULT_THRESHOLD}; records {RECORD_THRESHOLD}, identifiers {NAME_THRESHOLD})",
    )
    add_fold_option(how)
    same = grouped.add_argument_group("identical files")
    same.add_argument(
        "--identical",
        action="store_true",
        help="list identical files alone, of any kind: no file is read as text (the fastest)",
    )
    same.add_argument(
        "--min-size",
        type=size_bytes,
        default=1,
        metavar="SIZE",
        help="leave out files smaller than SIZE (bytes, or 4k, 10M, 1G; default 1)",
    )
    same.add_argument(
        "--empty-files",
        action="store_true",
        help="list the empty files as a group of their own (by default they are no duplicates)",
    )
    add_record_options(grouped.add_argument_group("records"))
    add_file_options(grouped.add_argument_group("which files"))
    add_cluster_options(grouped.add_argument_group("on a Dask cluster"))

    add_report_command(commands)
    add_diff_command(commands)
    add_versions_command(commands)
    add_ignore_command(commands)
    add_clean_command(commands)
    add_catalogue_command(commands)
    add_folders_command(commands)

    cache = commands.add_parser(
        "cache",
        help="show or clear the fingerprint cache",
        description="simfind remembers fingerprints by path, size and modification time, "
        "so a second scan of an unchanged folder reads no file. The cache lives in the "
        "user's cache folder ($SIMFIND_CACHE_DIR overrides it).",
    )
    cache.add_argument("action", choices=("info", "clear"), help="what to do")
    add_log_options(cache)

    completion = commands.add_parser(
        "completion",
        help="print a completion script for a shell",
        description="Print a script that completes simfind's commands, options and paths "
        "in SHELL. Installed for one user, for example:\n"
        "  bash: simfind completion bash > ~/.local/share/bash-completion/completions/simfind\n"
        "  zsh:  simfind completion zsh > ~/.zfunc/_simfind  (~/.zfunc in $fpath)\n"
        "  fish: simfind completion fish > ~/.config/fish/completions/simfind.fish\n"
        "  PowerShell: simfind completion powershell >> $PROFILE",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    completion.add_argument("shell", choices=SHELLS, help="the shell")
    return parser

"""The command line's shared grammar: exit statuses, argument types, option groups.

Every command's parser (parser.py, file_commands.py) takes its types and its
common options from here, so that a flag reads and checks the same everywhere.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.defaults import DEFAULT_MAX_BYTES, DEFAULT_MIN_CHARS
from simfind.core.runs.jobs import default_jobs

if TYPE_CHECKING:
    from simfind.core.records.cutting import RecordSpec

#: Done, whatever was found (no similar file is an answer too).
EXIT_OK = 0
#: Not done to the end: an --output (or the cache, the desktop entry) that could not be
#: written when it came to it, a window that cannot open, an unexpected error.
EXIT_FAILURE = 1
#: A usage error, an unusable REFERENCE or DIRECTORY.
EXIT_USAGE = 2
#: Stopped by a signal: this plus its number (signals.interrupted).
EXIT_SIGNALLED = 128
EXIT_STATUS = f"""\
exit status:
  {EXIT_OK}    done (also when nothing similar, or nothing at all, was found)
  {EXIT_FAILURE}    not done: a file could not be written when it came to it (--output on
       a full disk, the fingerprint cache for 'cache clear'), the window could not
       open, the self-test failed, or an unexpected error (--debug shows its
       traceback)
  {EXIT_USAGE}    a usage error, or an unusable REFERENCE, DIRECTORY, SOURCE or option
       (a missing file, a binary reference, an --output that cannot be written)
  {EXIT_SIGNALLED + 2}  interrupted (Ctrl+C); {EXIT_SIGNALLED + 15} stopped by SIGTERM, \
{EXIT_SIGNALLED + 1} by SIGHUP
"""


class Parser(argparse.ArgumentParser):
    """argparse that says what is wrong in one line and exits with status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


#: --max-size above this many MiB (1 TiB) is refused: no text file is that large.
MAX_SIZE_MIB = 1024 * 1024


def path(text: str) -> Path:
    if not text:  # Path("") is ".": an empty argument silently meant the current folder
        raise argparse.ArgumentTypeError("an empty path")
    return Path(text)


def reference(text: str) -> str:
    """A file, or with --records a text: kept as written (Path("") would be ".")."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path or text")
    return text


def size_mib(text: str) -> int:
    value = positive(text)
    if value > MAX_SIZE_MIB:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_SIZE_MIB} (1 TiB), not {value}")
    return value


def whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None


def positive(text: str) -> int:
    value = whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


#: The units a size may be given in (--min-size 4k): powers of 1024.
_SIZE_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def size_bytes(text: str) -> int:
    """A size of at least one byte: a number of bytes, or of k, M, G or T (KiB, MiB, ...)."""
    plain = text.strip().lower().removesuffix("ib").removesuffix("b")
    unit = plain[-1:] if plain[-1:] in _SIZE_UNITS else ""
    try:
        number = float(plain[: len(plain) - len(unit)])
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a size such as 100, 4k or 10M, not {text!r}"
        ) from None
    value = int(number * _SIZE_UNITS[unit])
    if value < 1 or number != number:
        raise argparse.ArgumentTypeError(
            f"must be at least 1 byte, not {text!r} (--empty-files lists empty files)"
        )
    return value


def non_negative(text: str) -> int:
    value = whole(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def fraction(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number from 0 to 1, not {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must lie between 0 and 1, not {value}")
    return value


def record_spec(text: str) -> RecordSpec:
    from simfind.core.records.cutting import RecordSpec  # only where records are asked for

    try:
        return RecordSpec.parse(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a kind of record: lines, paragraphs, csv:COLUMN or identifiers"
        ) from None


def add_record_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--records",
        type=record_spec,
        metavar="KIND",
        help="compare the records of the files, not the files: lines, paragraphs, "
        "csv:COLUMN or identifiers",
    )
    group.add_argument(
        "--min-length",
        type=positive,
        default=DEFAULT_MIN_CHARS,
        metavar="N",
        help="with --records: leave out records shorter than N characters (default %(default)s)",
    )


def add_output_options(group: argparse._ArgumentGroup, parquet: bool = False) -> None:
    formats = ("table", "csv", "json", "xlsx", *(("parquet",) if parquet else ()))
    group.add_argument(
        "--format",
        choices=formats,
        help="output format (xlsx: an Excel workbook, with --output only)",
    )
    group.add_argument("-o", "--output", type=path, metavar="FILE", help="write to FILE")
    group.add_argument("-q", "--quiet", action="store_true", help="no progress, no skip list")
    add_log_options(group)


def add_log_options(group: argparse._ArgumentGroup | argparse.ArgumentParser) -> None:
    group.add_argument(
        "-v",
        "--verbose",
        action="count",
        default=0,
        help="log on stderr what was read, skipped, taken from the cache and compared, "
        "with timings (-vv: each file), for a report; no progress line then",
    )
    group.add_argument(
        "--debug",
        action="store_true",
        help="as -vv, and an unexpected error's traceback",
    )


def add_cluster_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--dask",
        nargs="?",
        const="",
        metavar="SCHEDULER",
        help="run on the Dask scheduler at SCHEDULER, or on a local cluster without one",
    )
    group.add_argument(
        "--id-column", default="id", metavar="NAME", help="a Parquet source's id column (id)"
    )
    group.add_argument(
        "--text-column",
        default="text",
        metavar="NAME",
        help="a Parquet source's text column (text)",
    )
    group.add_argument(
        "--slices",
        type=positive,
        metavar="S",
        help="run the candidate join in S slices of the key space, one after another "
        "(default: as many as keep each within a quarter of the workers' memory)",
    )


def add_file_options(group: argparse._ArgumentGroup) -> None:
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
    group.add_argument(
        "--text-only",
        action="store_true",
        help="compare plain text files only: documents (Word, PDF, OpenDocument, EPUB, RTF) "
        "are not read for their text, web pages are compared with their tags",
    )
    group.add_argument("--hidden", action="store_true", help="include hidden files and folders")
    group.add_argument("--follow-links", action="store_true", help="follow symbolic links")
    group.add_argument(
        "--max-size",
        type=size_mib,
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
        type=positive,
        metavar="N",
        help=f"worker processes (default: all cores, {default_jobs()}; never more than the "
        "cores and the memory allow)",
    )


def add_fold_option(group: argparse._ArgumentGroup | argparse.ArgumentParser) -> None:
    group.add_argument(
        "--no-fold-scripts",
        action="store_true",
        help="compare Traditional and Simplified Chinese as written: by default both are "
        "read as Simplified (頭髮 as 头发), each file still shown as written",
    )

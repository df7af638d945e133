"""``simfind diff A B``: two files compared, no folder scanned; and the reference a
``scan -`` reads from standard input."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from simfind.cli.base.arguments import EXIT_USAGE
from simfind.cli.base.output import ascii_only, is_stdout
from simfind.cli.base.running import fold_scripts
from simfind.cli.base.terminal import terminal_text
from simfind.core.base.errors import (
    InputError,
    InputProblem,
    OsFailure,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.paths import display_path, path_fields, percent
from simfind.core.compare.pair import TwoTexts, compare_two
from simfind.core.report.export import write_output
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureSettings
from simfind.core.text.given import GivenText

#: diff(1)'s exit status: the texts are the same, they differ (2: an error, EXIT_USAGE).
EXIT_SAME = 0
EXIT_DIFFERENT = 1


def read_stdin(max_bytes: int, stream: BinaryIO | None = None) -> GivenText:
    """The reference piped to ``scan -``: its bytes decoded as a file's would be (BOM,
    UTF-8, else detected); InputError when it is empty, binary or larger than the cap."""
    try:
        data = _read_stdin(max_bytes + 1, stream)
    except (OSError, ValueError, AttributeError) as exc:
        # Closed (`<&-`: Python sets sys.stdin to None), or a descriptor that cannot be
        # read (open for writing only: EBADF; a folder: EISDIR).
        failure = OsFailure.of(exc) if isinstance(exc, OSError) else None
        raise InputError(InputProblem.STDIN_UNREADABLE, os_error=failure) from None
    if len(data) > max_bytes:
        detail = SkipDetail(SkipCause.GREW_PAST_LIMIT, limit=max_bytes)
        raise InputError(
            InputProblem.REFERENCE_NOT_TEXT, reason=SkipReason.TOO_LARGE, detail=detail
        )
    return GivenText.from_bytes(data)


def _read_stdin(size: int, stream: BinaryIO | None) -> bytes:
    if stream is not None:
        return stream.read(size)
    if sys.stdin.isatty():
        print("simfind: reading the reference text from the terminal; end it with Ctrl+D "
              "(Ctrl+Z, Enter on Windows)", file=sys.stderr)  # fmt: skip
    return sys.stdin.buffer.read(size)


def run_diff(args: argparse.Namespace) -> int:
    """Print the unified diff of the two texts as read and their figures; exit 0 when the
    texts are the same, 1 when they differ (2 for an error, from the entry)."""
    settings = FeatureSettings(bits=args.bits, fold_scripts=fold_scripts(args))
    left, right = Path(args.left), Path(args.right)
    found = compare_two(left, right, settings, args.max_size * 1024 * 1024, not args.text_only)
    if args.format == "json":
        ensure_ascii = args.output is None and ascii_only(sys.stdout)
        text = json.dumps(diff_json(found, args), ensure_ascii=ensure_ascii, indent=2) + "\n"
    else:
        text = unified(found, args) + figures_line(found, args) + "\n"
    try:
        _write(args, text)
    except OSError as exc:
        where = terminal_text(display_path(args.output))
        print(f"simfind: cannot write {where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE  # diff(1)'s trouble: 1 says "they differ"
    return EXIT_SAME if found.same_text else EXIT_DIFFERENT


def _write(args: argparse.Namespace, text: str) -> None:
    if args.output is None or is_stdout(args.output):
        if args.format != "json" and sys.stdout.isatty():  # a file's text is no command
            text = "\n".join(_shown(line) for line in text.split("\n"))
        sys.stdout.write(text)
        return

    def emit(stream: TextIO) -> None:
        stream.write(text)

    write_output(args.output, emit, "utf-8")


def _shown(line: str) -> str:
    """A line for a terminal: its control characters escaped, its tabs kept."""
    return "\t".join(terminal_text(part) for part in line.split("\t"))


def unified(found: TwoTexts, args: argparse.Namespace) -> str:
    """The texts' unified diff (empty when they are the same), lines as read."""
    lines = difflib.unified_diff(
        found.left.text.splitlines(keepends=True),
        found.right.text.splitlines(keepends=True),
        fromfile=display_path(args.left),
        tofile=display_path(args.right),
        n=args.context,
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def figures_line(found: TwoTexts, args: argparse.Namespace) -> str:
    """The pair's figures, as the window's diff shows them, in one line."""
    exact = found.shares
    distance = "—" if found.distance is None else f"{found.distance} of {found.bits} bits"
    same = "identical files" if found.identical else "same text" if found.same_text else ""
    left, right = display_path(args.left), display_path(args.right)
    return (
        f"similarity {percent(exact.similarity)} %; "
        f"holds {percent(exact.first_in_second)} % ({left} found in {right}), "
        f"held {percent(exact.second_in_first)} % ({right} found in {left}); "
        f"distance {distance}" + (f"; {same}" if same else "")
    )


def _side(path: Path, decoded: DecodedText) -> dict[str, Any]:
    try:
        size = path.stat().st_size
    except OSError:  # gone since it was read: the size of what was read
        size = len(decoded.text.encode("utf-8", "surrogatepass"))
    return {
        **path_fields(path),
        "size": size,
        "encoding": "" if decoded.format != "text" else decoded.encoding,
        "format": decoded.format,
    }


def diff_json(found: TwoTexts, args: argparse.Namespace) -> dict[str, Any]:
    """The pair as the diff schema (resources/schemas/diff.schema.json) describes it."""
    exact = found.shares
    return {
        "left": _side(Path(args.left), found.left),
        "right": _side(Path(args.right), found.right),
        "similarity": round(exact.similarity, 4),
        "left_in_right": round(exact.first_in_second, 4),
        "right_in_left": round(exact.second_in_first, 4),
        "distance": found.distance,
        "bits": found.bits,
        "identical": found.identical,
        "same_text": found.same_text,
        "diff": unified(found, args),
    }


__all__ = ["EXIT_DIFFERENT", "EXIT_SAME", "EXIT_USAGE", "read_stdin", "run_diff"]

"""``simfind clean``'s grammar: its options and help (run.py carries it out)."""

from __future__ import annotations

import argparse
from pathlib import Path

from simfind.cli.base.arguments import Parser, add_log_options, path
from simfind.core.cleanup.marking import KeepRule

CLEAN_DESCRIPTION = """\
Clean up the groups of a saved result with no window: in each group keep one file by
a rule (the window's Mark All but One) and trash the others, move them to a folder,
or replace them by hard links to the file kept.

RESULT is a result file (the window's File → Save Results…, or 'simfind groups DIR
--format json -o result.json'), or - to read one from standard input:
  simfind groups ~/Downloads --format json | simfind clean - --keep newest --trash

Before it acts on a file, clean looks at it and at the file kept for it: a file
whose size, modified time or inode is not what the result says (or whose bytes,
for a file identical to another, are not), or that is gone, is left where it is
and listed, and its group keeps another file. Files in reference folders are never
removed, and never linked to unless --link-to-reference says so. Pairs on the
ignore list are never one's duplicate of the other (--no-ignore-list: as saved).

Every file moved, trashed or linked is logged in moves.csv in simfind's data
folder, as the window logs it. A move or a replacement by links is also written
whole to operations/OPERATION.json there; 'simfind clean --undo OPERATION' (or the
path of that file) puts the files back, every byte, and a linked file's own
permissions and times with it. A move to the Trash is undone from the Trash.

On a terminal, clean shows what it will do and asks first (--yes does not ask);
where there is no terminal to ask on, it needs --yes.
"""

CLEAN_EPILOG = """\
keep rules (--keep):
  newest          the file modified last (the default)
  oldest          the file modified first
  largest         the largest file
  shortest-path   the file with the shortest path
  in:FOLDER       the file inside FOLDER (groups with none there are left)
  Ties go to the shorter path. A group with a file in a reference folder keeps it.

output:
  table (default): one line per file: what was done (trashed, moved, linked,
  would ..., left), its size, its path, and the file kept for it or why it was
  left. --format json: {action, dry_run, operation, done, left, size, files:
  [{path, outcome, reason, size, kept, destination}]} (schema clean).

exit status:
  0    every file the rule chose was trashed, moved or linked (or, with --dry-run,
       would be); --undo: every file was put back
  1    some files were left (changed or gone since the result, refused by the
       system, ...), or the question was answered no
  2    bad input: a result that is damaged, from a newer simfind or not simfind's,
       a log that cannot be undone, a bad option, or no terminal to ask on and no --yes

examples:
  simfind clean result.json --keep newest --trash --dry-run
  simfind clean result.json --keep in:~/Photos/originals --move-to ~/duplicates
  simfind groups ~/Downloads --format json | simfind clean - --only-identical --link --yes
  simfind clean --undo 20240501-140309-123456
"""


def keep_rule(text: str) -> tuple[KeepRule, Path | None]:
    """--keep's value: a rule's name, or in:FOLDER."""
    if text.startswith("in:"):
        folder = text[3:]
        if not folder:
            raise argparse.ArgumentTypeError("in: needs a folder (in:FOLDER)")
        return KeepRule.IN_FOLDER, Path(folder).expanduser()
    names = [r.value for r in KeepRule if r is not KeepRule.IN_FOLDER]
    if text not in names:
        raise argparse.ArgumentTypeError(f"{text!r} is no rule: {', '.join(names)} or in:FOLDER")
    return KeepRule(text), None


def add_clean_command(commands: argparse._SubParsersAction[Parser]) -> None:
    clean = commands.add_parser(
        "clean",
        help="trash, move or hard-link the duplicates of a saved result (or undo that)",
        description=CLEAN_DESCRIPTION,
        epilog=CLEAN_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    clean.add_argument(
        "result",
        nargs="?",
        metavar="RESULT",
        help="a result file, or - for standard input",
    )
    what = clean.add_argument_group("what to do (one of)")
    actions = what.add_mutually_exclusive_group()
    actions.add_argument("--trash", action="store_true", help="move them to the system's Trash")
    actions.add_argument(
        "--move-to", type=path, metavar="DIR", help="move them to DIR (keeping their folders)"
    )
    actions.add_argument(
        "--link", action="store_true", help="replace them by hard links to the file kept"
    )
    actions.add_argument(
        "--undo",
        metavar="LOG",
        help="put back what an operation moved or linked: its id (clean prints it) or the "
        "path of its log",
    )
    how = clean.add_argument_group("how")
    how.add_argument(
        "--keep",
        type=keep_rule,
        default=(KeepRule.NEWEST, None),
        metavar="RULE",
        help="which file of each group stays: newest (default), oldest, largest, "
        "shortest-path, or in:FOLDER",
    )
    how.add_argument(
        "--only-identical",
        action="store_true",
        help="only files with the same bytes as another of their group (never a file that "
        "only has the same text, or a near-duplicate)",
    )
    how.add_argument(
        "--link-to-reference",
        action="store_true",
        help="with --link: also link to a file kept in a reference folder (which ties the two)",
    )
    how.add_argument(
        "--no-ignore-list",
        action="store_true",
        help="clean the groups as saved, the pairs on the ignore list too",
    )
    how.add_argument("--dry-run", action="store_true", help="say what would be done, do nothing")
    how.add_argument("-y", "--yes", action="store_true", help="do not ask first")
    how.add_argument(
        "--format", choices=("table", "json"), default="table", help="output (default table)"
    )
    add_log_options(clean.add_argument_group("logging"))


__all__ = ["CLEAN_DESCRIPTION", "CLEAN_EPILOG", "add_clean_command", "keep_rule"]

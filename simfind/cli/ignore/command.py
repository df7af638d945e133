"""``simfind ignore``: the pairs of files the user said are not duplicates (add, list,
remove, clear), as the window's Ignore List shows them."""

from __future__ import annotations

import argparse
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from simfind.cli.base.arguments import EXIT_FAILURE, EXIT_USAGE, Parser, path
from simfind.cli.base.output import ascii_only
from simfind.cli.base.tables import write_ignore_table
from simfind.cli.base.terminal import terminal_text
from simfind.cli.ignore import words as ignore_words
from simfind.cli.ignore.ignoring import open_store
from simfind.core.base.paths import absolute, display_path, path_fields
from simfind.core.ignore.files import content_digest
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList, Side
from simfind.core.ignore.store import IgnoreStore, IgnoreStoreError
from simfind.core.report.export import write_json

IGNORE_DESCRIPTION = """\
The ignore list holds pairs of files you said are not duplicates (here, or with
Not Duplicates in the window). 'simfind groups' never puts the two files of a
pair in one group, and 'simfind scan' leaves out a file that is paired with the
reference (--no-ignore-list shows everything).

Each file of a pair is known by its content (a hash of its bytes) and its path
as last seen: a file renamed or moved stays ignored while its bytes are the same;
once either file is edited, the pair is judged afresh (the entry stays listed,
and holds again if the edit is undone). A pair of two identical copies is known
by its two paths as well.

The list lives in the user's data folder ($SIMFIND_DATA_DIR overrides it), as
ignore-list.sqlite; a damaged list is set aside and a new one started with the
entries that could still be read.
"""

IGNORE_EPILOG = """\
examples:
  simfind ignore add notes/plan.md notes/plan-2019.md
  simfind ignore list
  simfind ignore list --format json
  simfind ignore remove 12
  simfind ignore remove notes/plan.md notes/plan-2019.md
  simfind ignore clear --yes
"""


def add_ignore_command(commands: argparse._SubParsersAction[Parser]) -> None:
    ignore = commands.add_parser(
        "ignore",
        help="list, add or remove pairs of files that are not duplicates (the ignore list)",
        description=IGNORE_DESCRIPTION,
        epilog=IGNORE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = ignore.add_subparsers(
        dest="ignore_action", metavar="ACTION", required=True, parser_class=Parser
    )
    add = actions.add_parser("add", help="say that two files are not duplicates")
    add.add_argument("first", type=path, metavar="A", help="a file")
    add.add_argument("second", type=path, metavar="B", help="the file it is not a duplicate of")
    listed = actions.add_parser("list", help="show every pair on the list")
    listed.add_argument(
        "--format", choices=("table", "json"), default="table", help="output format"
    )
    remove = actions.add_parser(
        "remove", help="take pairs off the list: by their ids, or the two files of one"
    )
    remove.add_argument(
        "items", nargs="+", metavar="ID|A B", help="ids ('ignore list' shows them), or two files"
    )
    clear = actions.add_parser("clear", help="take every pair off the list")
    clear.add_argument("-y", "--yes", action="store_true", help="do not ask first")


def _say(line: str) -> None:
    print(f"simfind: {terminal_text(line)}", file=sys.stderr)


def _side(given: Path) -> Side:
    """A file given on the command line as a side; OSError where it cannot be read."""
    return Side(content_digest(given), absolute(given))


def entry_row(entry: IgnoredPair) -> dict[str, Any]:
    """An entry as 'ignore list --format json' writes it (ignore-list.schema.json)."""
    added = datetime.fromtimestamp(entry.added).astimezone().isoformat(timespec="seconds")
    return {
        "id": entry.id,
        "added": added,
        "first": {**path_fields(entry.first.path), "hash": entry.first.digest.hex()},
        "second": {**path_fields(entry.second.path), "hash": entry.second.digest.hex()},
    }


def _add(store: IgnoreStore, args: argparse.Namespace) -> int:
    try:
        if Path(args.first).samefile(args.second):
            _say(ignore_words.same_file(display_path(args.first)))
            return EXIT_USAGE
        first, second = _side(args.first), _side(args.second)
    except OSError as exc:
        where = display_path(exc.filename if exc.filename is not None else args.first)
        _say(ignore_words.unreadable(where, exc.strerror or str(exc)))
        return EXIT_USAGE
    held = {e.key for e in store.entries()}
    pair = IgnoredPair.of(first, second)
    (stored,) = store.add([pair])
    print(ignore_words.added(stored.id, pair.key not in held))
    return 0


def _list(store: IgnoreStore, args: argparse.Namespace) -> int:
    rows = [entry_row(entry) for entry in store.entries()]
    if args.format == "json":
        write_json(rows, sys.stdout, ascii_only(sys.stdout))
    elif rows:
        write_ignore_table(rows, sys.stdout)
    if not rows:
        _say(f"{ignore_words.EMPTY} ({display_path(store.path)})")
    else:
        _say(f"{ignore_words.entries(len(rows))} in {display_path(store.path)}")
    return 0


def _named(store: IgnoreStore, items: list[str]) -> list[int] | None:
    """The ids of the entries named: ids, or two files (by their paths as last seen, or
    by their contents now); None for anything else."""
    files = len(items) == 2 and all(Path(item).is_file() for item in items)
    if all(item.isdigit() for item in items) and not files:
        return [int(item) for item in items]
    if len(items) != 2:
        return None
    given = {absolute(item) for item in items}
    entries = store.entries()
    ids = [e.id for e in entries if {e.first.path, e.second.path} == given]
    try:
        a, b = (_side(Path(item)) for item in items)
    except OSError:
        return ids  # gone or unreadable: by paths alone
    return ids + [e.id for e in entries if e.id not in ids and IgnoreList([e]).ignores(a, b)]


def _remove(store: IgnoreStore, args: argparse.Namespace) -> int:
    ids = _named(store, args.items)
    if ids is None:
        _say("ignore remove takes ids, or the two files of a pair")
        return EXIT_USAGE
    count = store.remove(ids)
    if not count:
        _say(ignore_words.NOT_ON_THE_LIST)
        return EXIT_FAILURE
    print(ignore_words.removed(count))
    return 0


def _clear(store: IgnoreStore, args: argparse.Namespace) -> int:
    count = len(store.entries())
    if not count:
        print(ignore_words.EMPTY)
        return 0
    if not args.yes:
        if not sys.stdin.isatty():
            _say(ignore_words.CLEAR_ASKS)
            return EXIT_USAGE
        answer = input(ignore_words.clear_question(count))
        if answer.strip().lower() not in ("y", "yes"):
            print(ignore_words.NOT_CLEARED)
            return 0
    print(ignore_words.removed(store.clear()))
    return 0


_ACTIONS = {"add": _add, "list": _list, "remove": _remove, "clear": _clear}


def run_ignore(args: argparse.Namespace) -> int:
    store = open_store()
    try:
        return _ACTIONS[args.ignore_action](store, args)
    except IgnoreStoreError as exc:
        _say(ignore_words.store_notice(exc.notice))
        return EXIT_FAILURE


__all__ = ["add_ignore_command", "entry_row", "run_ignore"]

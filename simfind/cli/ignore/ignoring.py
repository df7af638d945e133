"""The ignore list in ``scan`` and ``groups``: read before the run (unless
--no-ignore-list), the paths its files were found at remembered after it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import said
from simfind.cli.ignore.words import store_notice
from simfind.core.ignore.files import side_of
from simfind.core.ignore.pairs import IgnoreList, Kept, last_seen
from simfind.core.ignore.store import IgnoreStore, IgnoreStoreError, StoreNotice
from simfind.core.scan.match import Match


def _warn(notice: StoreNotice, without: str = "") -> None:
    print(f"simfind: {terminal_text(said.warning(store_notice(notice, without)))}", file=sys.stderr)


def open_store() -> IgnoreStore:
    """The user's ignore list, its notices (a damaged file set aside) said on stderr."""
    return IgnoreStore(on_notice=_warn)


def read_ignore_list(args: argparse.Namespace) -> IgnoreList | None:
    """The list to apply (None with --no-ignore-list); one that cannot be read is said, and
    the run goes on without it."""
    if getattr(args, "no_ignore_list", False):
        return None
    try:
        return open_store().load()
    except IgnoreStoreError as exc:
        _warn(exc.notice, said.every_file_shown())
        return None


def remember_seen(kept: Sequence[Kept], found: Sequence[Match]) -> None:
    """The entries that kept apart files (rows of ``found``) at other paths than they hold
    remember those (their paths as last seen); a list that cannot be written now is said,
    and nothing else changes."""
    rows = {row for pair in kept for row in (pair.a, pair.b)}
    sides = {row: side_of(found[row].path, found[row].digest) for row in rows}
    moved = last_seen(kept, sides)
    if not moved:
        return
    try:
        open_store().remember_seen(moved)
    except IgnoreStoreError as exc:
        _warn(exc.notice)


__all__ = ["open_store", "read_ignore_list", "remember_seen"]

"""The ignore list's outcomes in the command line's English: one line each."""

from __future__ import annotations

from simfind.cli.base.speaking import core_words
from simfind.cli.base.words import counted
from simfind.core.ignore.store import StoreNotice


def store_notice(notice: StoreNotice, without: str = "") -> str:
    """What happened to the ignore list (the window's words, in the command line's
    language); ``without`` says what a run does without it."""
    said = core_words().ignore_notice(notice)
    return f"{said}; {without}" if without else said


def entries(count: int) -> str:
    return f"{count:,} entr{'y' if count == 1 else 'ies'}"


def kept_apart(pairs: int) -> str:
    return f"{counted(pairs, 'pair')} kept apart by the ignore list"


def left_out(files: int) -> str:
    return (
        f"{counted(files, 'file')} left out: not duplicates of the reference by the ignore "
        "list (--no-ignore-list shows them)"
    )


def added(ident: int, new: bool) -> str:
    return f"added #{ident}" if new else f"already on the list as #{ident} (its paths updated)"


def removed(count: int) -> str:
    return f"removed {entries(count)} from the ignore list"


NOT_ON_THE_LIST = "no such entry on the ignore list ('simfind ignore list' shows them)"
EMPTY = "the ignore list is empty"
CLEAR_ASKS = "'ignore clear' removes every entry: add --yes to do so without being asked"
NOT_CLEARED = "nothing was removed"
NOT_ON_DASK = "the ignore list is not applied to groups found on a Dask cluster"


def clear_question(count: int) -> str:
    return f"Remove all {entries(count)} from the ignore list? [y/N] "


def unreadable(path: str, why: str) -> str:
    return f"cannot read {path}: {why}"


def same_file(path: str) -> str:
    return f"{path} is named twice: a file is always a duplicate of itself"

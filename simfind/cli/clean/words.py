"""``simfind clean``'s outcomes in the command line's English: each file's, the summary,
the question before it acts, and why a result file or an operation's log cannot be used."""

from __future__ import annotations

from simfind.cli.base.speaking import core_words
from simfind.cli.base.words import counted, one_line
from simfind.cli.base.words import said as frames
from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import human_size
from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action, FileMove, Outcome
from simfind.core.cleanup.operation_log import OperationLogError, OperationLogProblem
from simfind.core.groups.since import SinceSaved
from simfind.core.results.reading import ResultFileError, ResultProblem

#: What was done to a file, by action (a table's first column).
DONE = {Action.TRASH: "trashed", Action.MOVE: "moved", Action.LINK: "linked"}
WOULD = {Action.TRASH: "would trash", Action.MOVE: "would move", Action.LINK: "would link"}
LEFT = "left"
PUT_BACK = "put back"
NOT_PUT_BACK = "not put back"

#: The action as a question and a summary say it.
_ACTION = {
    Action.TRASH: "move {files} to the Trash",
    Action.MOVE: "move {files} to {folder}",
    Action.LINK: "replace {files} by hard links to the files kept",
}

#: A rule as a question says it: keeping ... of each group.
_RULE = {
    KeepRule.NEWEST: "the newest file",
    KeepRule.OLDEST: "the oldest file",
    KeepRule.LARGEST: "the largest file",
    KeepRule.SHORTEST_PATH: "the file with the shortest path",
    KeepRule.IN_FOLDER: "the file in {folder}",
}

SINCE = {
    SinceSaved.CHANGED: "changed since the result was made",
    SinceSaved.VANISHED: "gone since the result was made",
}


def outcome(record: FileMove, linking: bool = False) -> str:
    """Why a file was left, or not put back, in the core's words (in the command
    line's language); the option that would have linked it is the command line's."""
    said = core_words().move_outcome(record.outcome, record.error, record.aside, linking)
    if record.outcome is Outcome.REFERENCE_KEPT:
        return frames.links_to_reference(said)
    return said


def kept(path: str) -> str:
    return f"kept: {path}"


def where_to(path: str) -> str:
    return f"to {path}"


def plan_line(action: Action, files: int, size: int, rule: KeepRule, folder: str = "") -> str:
    """What the clean-up will do, in one line: 'move 12 files (3.4 MiB) to the Trash,
    keeping the newest file of each group'."""
    what = f"{counted(files, 'file')} ({human_size(size)})"
    text = _ACTION[action].format(files=what, folder=folder)
    return f"{text}, keeping {_RULE[rule].format(folder=folder)} of each group"


def question(action: Action, files: int) -> str:
    verb = {Action.TRASH: "Move", Action.MOVE: "Move", Action.LINK: "Replace"}[action]
    where = {Action.TRASH: " to the Trash", Action.MOVE: "", Action.LINK: " by hard links"}
    which = "this file" if files == 1 else f"these {files:,} files"
    return f"{verb} {which}{where[action]}? [y/N] "


def more_files(count: int) -> str:
    return f"  ... and {count:,} more (--dry-run lists them all)"


def done_summary(action: Action, done: int, size: int, left: int) -> str:
    said = f"{DONE[action]} {counted(done, 'file')} ({human_size(size)})"
    return said + (f"; {counted(left, 'file')} left (listed above)" if left else "")


def dry_summary(action: Action, files: int, size: int, left: int) -> str:
    said = f"dry run: {WOULD[action]} {counted(files, 'file')} ({human_size(size)})"
    return said + (f"; {counted(left, 'file')} would be left" if left else "") + "; nothing changed"


def stale_kept(count: int) -> str:
    return (
        f"{counted(count, 'file')} that the rule would keep changed or went since the result "
        "was made: left as they are, another file of their groups kept instead"
    )


def set_apart(count: int) -> str:
    return f"{counted(count, 'file')} set apart from their groups by the ignore list: left alone"


def lacking(path: str, words: int, kept: str) -> str:
    return f"{path} holds text the file kept for it lacks: {counted(words, 'word')} not in {kept}"


def without_keeper(count: int, folder: str) -> str:
    return f"{counted(count, 'group')} without a file in {folder}: left as they are"


NOTHING_TO_DO = "nothing to clean up: no group has a file to remove by that rule"
DECLINED = "nothing was changed"
NEEDS_YES = (
    "no terminal to ask on: add --yes to clean up without being asked (--dry-run shows "
    "what it would do)"
)
STDIN_IS_A_TERMINAL = (
    "'-' reads the result from standard input, which is a terminal here: pipe a result in "
    "(simfind groups DIR --format json | simfind clean - ...) or name its file"
)
NO_ACTION = "say what to do: --trash, --move-to DIR or --link (or --undo LOG)"
UNDO_ALONE = "--undo takes the log of an operation, not a result: leave out RESULT"
NO_RESULT = "name the result file (or '-' for standard input)"
NO_REFERENCE_LINKS = "--link-to-reference goes with --link"
TRASH_NOT_UNDONE = (
    "that operation moved files to the Trash: the system's Trash gives them back, simfind does not"
)


def not_a_folder(path: str) -> str:
    return f"{path} is not a folder"


def undo_hint(operation: str) -> str:
    return f"operation {operation}; to undo it: simfind clean --undo {operation}"


def trash_hint() -> str:
    return "the system's Trash can give them back"


def undone_summary(back: int, left: int) -> str:
    said = f"put back {counted(back, 'file')}"
    return said + (f"; {counted(left, 'file')} not (listed above)" if left else "")


def log_not_written(why: str) -> str:
    return f"the log of this operation could not be written ({why}): it cannot be undone later"


def journal_not_written(why: str) -> str:
    return f"the journal of moved files could not be written: {why}"


def cannot_read(name: str, failure: OsFailure | None) -> str:
    return f"cannot read {name}: {failure.strerror if failure else ''}"


def result_problem(error: ResultFileError, name: str) -> str:
    """Why the result file ``name`` cannot be used, in one line (the core's words); nothing
    was changed."""
    damaged = error.problem in (ResultProblem.NOT_JSON, ResultProblem.DAMAGED)
    return frames.unusable_result(name, one_line(core_words().result_problem(error)), damaged)


def log_problem(error: OperationLogError, name: str) -> str:
    """Why the log ``name`` cannot be undone, in one line."""
    problem = error.problem
    if problem is OperationLogProblem.NOT_FOUND:
        return (
            f"no operation {name}: name the log file, or the operation's id that "
            "'simfind clean' printed"
        )
    if problem is OperationLogProblem.UNREADABLE:
        return cannot_read(name, error.os_error)
    if problem is OperationLogProblem.FOREIGN:
        return f"{name} is not the log of a simfind operation"
    if problem is OperationLogProblem.NEWER:
        return f"{name} was written by a newer simfind: update simfind to undo it"
    return f"{name} is damaged ({error.detail}): nothing was put back"


__all__ = [
    "DONE",
    "LEFT",
    "SINCE",
    "WOULD",
    "done_summary",
    "dry_summary",
    "kept",
    "log_problem",
    "outcome",
    "plan_line",
    "question",
    "result_problem",
]

"""``simfind clean``: a saved result (or ``simfind groups --format json`` on standard input)
cleaned up by the window's rules and through the window's own executor, with no window;
``simfind clean --undo LOG`` reverses a move or a replacement by links.

Nothing moves unasked: on a terminal it shows what it will do and asks (or --yes);
without one it needs --yes. Before it acts on a file it checks that the file, and the
file kept for it, are as the result says (size, time, inode; the bytes of identical
files); a file that changed is left, and listed. Exit status 0 when every file the rule
chose was acted on, 1 when some were left, 2 on bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from simfind.cli.base.arguments import EXIT_FAILURE, EXIT_USAGE
from simfind.cli.base.output import ascii_only
from simfind.cli.base.running import say
from simfind.cli.clean import output as clean_output
from simfind.cli.clean import words as clean_words
from simfind.cli.clean.asking import answer_yes, terminal
from simfind.cli.clean.output import FileRow
from simfind.cli.ignore.ignoring import read_ignore_list
from simfind.core.base.paths import display_path
from simfind.core.cleanup.hard_links import undo_links
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.lacking import lacking
from simfind.core.cleanup.moves import Action, MoveReport, undo
from simfind.core.cleanup.operation_log import (
    OperationLogError,
    find_operation,
    forget_undone,
    read_operation,
    undoable,
    write_operation,
)
from simfind.core.groups.since import look_now
from simfind.core.results.cleaning import CleanPlan, CleanRequest, carry_out, plan_clean, targets
from simfind.core.results.document import SavedResult
from simfind.core.results.reading import ResultFileError, read_result, read_result_file
from simfind.core.results.reopening import reopened

#: RESULT named so is read from standard input.
STDIN = "-"

#: Files listed in the question before the rest are counted.
_ASKED_FILES = 20


def _action(args: argparse.Namespace) -> Action | None:
    if args.trash:
        return Action.TRASH
    if args.move_to is not None:
        return Action.MOVE
    if args.link:
        return Action.LINK
    return None


def run_clean(args: argparse.Namespace) -> int:
    if args.undo is not None:
        if args.result is not None:
            say(clean_words.UNDO_ALONE)
            return EXIT_USAGE
        return _undo(args)
    action = _action(args)
    if args.result is None:
        say(clean_words.NO_RESULT)
        return EXIT_USAGE
    if action is None:
        say(clean_words.NO_ACTION)
        return EXIT_USAGE
    if args.link_to_reference and action is not Action.LINK:
        say(clean_words.NO_REFERENCE_LINKS)
        return EXIT_USAGE
    rule, keep_in = args.keep
    for folder in (args.move_to, keep_in):
        if folder is not None and not folder.is_dir():
            say(clean_words.not_a_folder(display_path(folder)))
            return EXIT_USAGE
    saved = _read(args.result)
    if saved is None:
        return EXIT_USAGE
    request = CleanRequest(
        action,
        rule,
        keep_in=None if keep_in is None else Path(keep_in).absolute(),
        destination=None if args.move_to is None else Path(args.move_to).absolute(),
        only_identical=args.only_identical,
        tie_to_reference=args.link_to_reference,
    )
    reopen = reopened(saved, look_now(saved.groups), read_ignore_list(args))
    plan = plan_clean(reopen.result, request)
    _notes(plan, len(reopen.set_apart))
    if args.dry_run:
        rows = clean_output.planned_rows(plan, targets(plan))
        _print(args, rows, action, True, None)
        say(clean_words.dry_summary(action, len(plan.act), plan.size, len(plan.left)))
        return EXIT_FAILURE if plan.left else 0
    if not plan.act:
        _print(args, clean_output.left_rows(plan), action, False, None)
        say(clean_words.NOTHING_TO_DO)
        return EXIT_FAILURE if plan.left else 0
    if not args.yes:
        agreed = _ask(plan)
        if agreed is None:
            say(clean_words.NEEDS_YES)
            return EXIT_USAGE
        if not agreed:
            say(clean_words.DECLINED)
            return EXIT_FAILURE
    report = carry_out(plan, Journal())
    return _done(args, plan, report)


def _read(name: str) -> SavedResult | None:
    """The result named (a file, or - for standard input); None once the reason is said."""
    shown = "standard input" if name == STDIN else display_path(name)
    try:
        if name != STDIN:
            return read_result_file(Path(name))
        if sys.stdin is None or sys.stdin.isatty():
            say(clean_words.STDIN_IS_A_TERMINAL)
            return None
        return read_result(sys.stdin.buffer.read())
    except ResultFileError as error:
        say(clean_words.result_problem(error, shown))
        return None


def _notes(plan: CleanPlan, set_apart: int) -> None:
    """What the rule leaves alone, said before anything is done."""
    if plan.without_keeper:
        folder = display_path(plan.request.keep_in or "")
        say(clean_words.without_keeper(plan.without_keeper, folder))
    if plan.stale_kept:
        say(clean_words.stale_kept(len(plan.stale_kept)))
    if set_apart:
        say(clean_words.set_apart(set_apart))
    if plan.request.action is not Action.LINK:
        for found in lacking(plan.files):
            say(
                clean_words.lacking(display_path(found.path), found.words, display_path(found.kept))
            )


def _ask(plan: CleanPlan) -> bool | None:
    """The person at the terminal asked, shown what will be done; None: no terminal."""
    request = plan.request
    folder = display_path(request.destination or request.keep_in or "")
    rows = clean_output.planned_rows(plan, targets(plan))
    with terminal() as found:
        if found is None:
            return None
        typed, shown = found
        line = clean_words.plan_line(request.action, len(plan.act), plan.size, request.rule, folder)
        shown.write(f"simfind clean will {line}:\n")
        listed = [r for r in rows if r.done][:_ASKED_FILES]
        clean_output.write_table(listed, shown)
        if len(plan.act) > len(listed):
            shown.write(clean_words.more_files(len(plan.act) - len(listed)) + "\n")
        left = [r for r in rows if not r.done]
        if left:
            clean_output.write_table(left, shown)
        return answer_yes(typed, shown, clean_words.question(request.action, len(plan.act)))


def _done(args: argparse.Namespace, plan: CleanPlan, report: MoveReport) -> int:
    """Say what was done, write the operation's log for an undo; the exit status."""
    operation = None
    if report.journal_error is not None:
        say(clean_words.journal_not_written(report.journal_error.strerror))
    if undoable(report):
        try:
            write_operation(report)
            operation = report.operation
        except OSError as exc:
            say(clean_words.log_not_written(exc.strerror or str(exc)))
    rows = clean_output.done_rows(plan, report)
    _print(args, rows, plan.request.action, False, operation)
    done = [r for r in rows if r.done]
    left = len(rows) - len(done)
    say(clean_words.done_summary(plan.request.action, len(done), sum(r.size for r in done), left))
    if operation is not None:
        say(clean_words.undo_hint(operation))
    elif plan.request.action is Action.TRASH and done:
        say(clean_words.trash_hint())
    return EXIT_FAILURE if left else 0


def _print(
    args: argparse.Namespace, rows: list[FileRow], action: Action, dry: bool, operation: str | None
) -> None:
    if args.format == "json":
        clean_output.write_json_document(
            rows, sys.stdout, action.value, dry, operation, ascii_only(sys.stdout)
        )
    else:
        clean_output.write_table(rows, sys.stdout)


def _undo(args: argparse.Namespace) -> int:
    """Put back what the operation ``args.undo`` names moved or linked."""
    try:
        where = find_operation(args.undo)
        report = read_operation(where)
    except OperationLogError as error:
        say(clean_words.log_problem(error, display_path(args.undo)))
        return EXIT_USAGE
    if report.action is Action.TRASH:
        say(clean_words.TRASH_NOT_UNDONE)
        return EXIT_USAGE
    journal = Journal()
    back = undo_links(report, journal) if report.action is Action.LINK else undo(report, journal)
    try:
        forget_undone(report, back, where)
    except OSError as exc:
        say(clean_words.log_not_written(exc.strerror or str(exc)))
    rows = clean_output.undone_rows(back)
    _print(args, rows, Action.UNDO, False, report.operation)
    left = sum(1 for r in rows if not r.done)
    say(clean_words.undone_summary(len(rows) - left, left))
    return EXIT_FAILURE if left else 0


__all__ = ["STDIN", "run_clean"]

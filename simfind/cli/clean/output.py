"""What ``simfind clean`` prints: one row per file (what was done to it, or why it was
left), as a table for people or as JSON for scripts (resources/schemas/clean.schema.json)."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from simfind.cli.base.terminal import terminal_text
from simfind.cli.clean import words as clean_words
from simfind.core.base.paths import display_path, human_size, path_fields
from simfind.core.cleanup.moves import Action, MoveReport, Outcome
from simfind.core.report.export import write_json
from simfind.core.results.cleaning import CleanPlan

#: The file clean's JSON says it is.
FORMAT = "simfind-clean"
VERSION = 1

#: JSON's outcome of a file a dry run would act on.
PLANNED = "planned"


@dataclass(frozen=True)
class FileRow:
    """One file of the clean-up and what became of it."""

    path: Path
    size: int
    #: "done", "planned", or why it was left (an Outcome's or SinceSaved's value).
    outcome: str
    #: The words of the table's first column (trashed, would move, left, ...).
    said: str
    reason: str = ""
    kept: Path | None = None
    destination: Path | None = None

    @property
    def done(self) -> bool:
        return self.outcome in (Outcome.DONE.value, PLANNED)


def planned_rows(plan: CleanPlan, targets: dict[Path, Path]) -> list[FileRow]:
    """A dry run's rows: the files it would act on, then those it would leave."""
    action = plan.request.action
    rows = [
        FileRow(p.file.path, p.file.size, PLANNED, clean_words.WOULD[action], "", p.kept)
        for p in plan.act
    ]
    for row in range(len(rows)):
        folder = targets.get(rows[row].path)
        if folder is not None:
            rows[row] = _to(rows[row], folder / rows[row].path.name)
    return rows + left_rows(plan)


def _to(row: FileRow, destination: Path) -> FileRow:
    return FileRow(
        row.path, row.size, row.outcome, row.said, row.reason, row.kept, destination=destination
    )


def left_rows(plan: CleanPlan) -> list[FileRow]:
    """The files the rule marked in the result that changed or went since."""
    return [
        FileRow(m.path, m.size, state.value, clean_words.LEFT, clean_words.SINCE[state])
        for m, state in plan.left
    ]


def done_rows(plan: CleanPlan, report: MoveReport) -> list[FileRow]:
    """What the executor did with each file, then the files left before it acted."""
    kept = {p.file.path: p.kept for p in plan.act}
    action = plan.request.action
    rows = []
    for record in report.records:
        done = record.outcome is Outcome.DONE
        reason = "" if done else clean_words.outcome(record, action is Action.LINK)
        rows.append(
            FileRow(
                record.source,
                record.size,
                record.outcome.value,
                clean_words.DONE[action] if done else clean_words.LEFT,
                reason,
                kept.get(record.source) if action is not Action.LINK else record.destination,
                record.destination if action is Action.MOVE else None,
            )
        )
    return rows + left_rows(plan)


def undone_rows(report: MoveReport) -> list[FileRow]:
    """An undo's rows: each file put back (where it was), or why not."""
    rows = []
    for record in report.records:
        done = record.outcome is Outcome.DONE
        # A move's undo goes from where it was moved to where it was; a link's names it.
        back = record.destination if record.destination is not None else record.source
        rows.append(
            FileRow(
                back,
                record.size,
                record.outcome.value,
                clean_words.PUT_BACK if done else clean_words.NOT_PUT_BACK,
                "" if done else clean_words.outcome(record),
            )
        )
    return rows


def shown(path: Path) -> str:
    """A path for the terminal: below the current folder as relative, else whole."""
    try:
        here = Path(os.path.abspath(os.curdir))
    except OSError:  # the current folder is gone
        return terminal_text(display_path(path))
    text = os.path.relpath(path, here) if path.is_relative_to(here) else os.fspath(path)
    return terminal_text(display_path(text))


def write_table(rows: Sequence[FileRow], stream: TextIO) -> None:
    """One line a file: what was done, its size, its path, then what it was kept for or
    why it was left."""
    width = max((len(r.said) for r in rows), default=0)
    sizes = [human_size(r.size) for r in rows]
    size_width = max((len(s) for s in sizes), default=0)
    lines = []
    for row, size in zip(rows, sizes, strict=True):
        text = f"{row.said:<{width}}  {size:>{size_width}}  {shown(row.path)}"
        if row.destination is not None:
            text += f"  {clean_words.where_to(shown(row.destination))}"
        if row.reason:
            text += f"  ({row.reason})"
        elif row.kept is not None:
            text += f"  ({clean_words.kept(shown(row.kept))})"
        lines.append(text + "\n")
    stream.write("".join(lines))


def write_json_document(
    rows: Sequence[FileRow],
    stream: TextIO,
    action: str,
    dry_run: bool,
    operation: str | None,
    ascii_only: bool,
) -> None:
    """The rows as clean's JSON: the action, each file with what became of it, the counts."""
    files = [_json_row(row) for row in rows]
    head = {
        "format": FORMAT,
        "version": VERSION,
        "action": action,
        "dry_run": dry_run,
        "operation": operation,
        "done": sum(1 for r in rows if r.done),
        "left": sum(1 for r in rows if not r.done),
        "size": sum(r.size for r in rows if r.done),
    }
    text_head = _encoded(head, ascii_only)[:-1]
    stream.write(text_head + ',\n "files": ')
    write_json(files, stream, ascii_only)
    stream.write("}\n")


def _encoded(value: Any, ascii_only: bool) -> str:
    return json.dumps(value, ensure_ascii=ascii_only)


def _json_row(row: FileRow) -> dict[str, Any]:
    return {
        **path_fields(row.path),
        "outcome": row.outcome,
        "reason": row.reason or None,
        "size": row.size,
        "kept": None if row.kept is None else path_fields(row.kept),
        "destination": None if row.destination is None else path_fields(row.destination),
    }


__all__ = [
    "FileRow",
    "done_rows",
    "left_rows",
    "planned_rows",
    "undone_rows",
    "write_json_document",
    "write_table",
]

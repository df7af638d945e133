"""One clean-up operation written whole, to be undone later, also by another process:
what ``simfind clean --undo LOG`` reads.

The journal (journal: moves.csv) is for people: a spreadsheet's rows, times to the
microsecond in local time, no inodes. An undo needs more, exactly: where each file went
and which file it was once there (inode, size, time to the nanosecond), the permissions
and times of a file replaced by a hard link, the folders the move made. A move to a folder
and a replacement by links therefore also write this: one JSON file per operation in the
user's data folder (``operations/OPERATION.json``), written whole or not at all, every
path by its path fields (paths.path_fields). Trashing writes none: the system's trash
gives its files back.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any, TextIO

from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import path_fields, path_from_fields, user_data_folder
from simfind.core.cleanup.moves import Action, Attributes, FileMove, MoveReport, Outcome
from simfind.core.report.export import write_atomically

FORMAT = "simfind-operation"
VERSION = 1


class OperationLogProblem(str, Enum):
    #: No such file, nor an operation of that name in the operations folder.
    NOT_FOUND = "not-found"
    UNREADABLE = "unreadable"
    #: Not whole JSON, or a field missing or of the wrong kind.
    DAMAGED = "damaged"
    #: JSON, but no simfind operation log.
    FOREIGN = "foreign"
    #: Written by a newer simfind.
    NEWER = "newer"


class OperationLogError(Exception):
    def __init__(
        self, problem: OperationLogProblem, detail: str = "", os_error: OsFailure | None = None
    ) -> None:
        super().__init__(problem.value, detail)
        self.problem = problem
        self.detail = detail
        self.os_error = os_error


def operations_folder() -> Path:
    """Where the operations' logs are kept: ``operations`` in simfind's data folder."""
    return user_data_folder() / "operations"


def undoable(report: MoveReport) -> bool:
    """Whether the report is one an undo can reverse (a move to a folder, links)."""
    return report.action in (Action.MOVE, Action.LINK) and report.count() > 0


def write_operation(report: MoveReport, target: Path | None = None) -> Path:
    """The report written whole to ``target`` (by default ``OPERATION.json`` in the
    operations folder); returns where. OSError where it cannot be written."""
    if target is None:
        target = operations_folder() / f"{report.operation}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "operation": report.operation,
        "action": report.action.value,
        "folder": None if report.folder is None else path_fields(report.folder),
        "created": [path_fields(f) for f in report.created],
        "freed": report.freed,
        "records": [_record(r) for r in report.records],
    }
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"

    def emit(stream: TextIO) -> None:
        stream.write(text)

    write_atomically(target, emit)
    return target


def _record(record: FileMove) -> dict[str, Any]:
    attributes = record.attributes
    return {
        "outcome": record.outcome.value,
        "source": path_fields(record.source),
        "destination": None if record.destination is None else path_fields(record.destination),
        "size": record.size,
        "moved": None if record.moved is None else list(record.moved),
        "attributes": None
        if attributes is None
        else {
            "mode": attributes.mode,
            "atime_ns": attributes.atime_ns,
            "mtime_ns": attributes.mtime_ns,
        },
    }


def kept(report: MoveReport) -> MoveReport:
    """The report, its log written where it can be undone (a move to a folder, links):
    a log that cannot be written leaves the report as it is, its undo in the window alone."""
    if undoable(report):
        with contextlib.suppress(OSError):
            write_operation(report)
    return report


def forget_undone(report: MoveReport, back: MoveReport, where: Path | None = None) -> None:
    """After an undo (``back``), the log keeps only what is still to put back, so that a
    second undo tries those alone; once nothing is, it is set aside as
    OPERATION.undone.json (``where``: the log, by default the operation's own). OSError
    where it cannot be written."""
    where = where or operations_folder() / f"{report.operation}.json"
    if not where.is_file():
        return
    put_back = {r.destination for r in back.records if r.outcome is Outcome.DONE}
    still = [r for r in report.records if r.outcome is Outcome.DONE and r.source not in put_back]
    if not still:
        where.replace(where.with_name(f"{report.operation}.undone.json"))
        return
    write_operation(replace(report, records=still), where)


def find_operation(name: str) -> Path:
    """The log ``name`` names: a file, or an operation's id (20240501-140309-123456) in
    the operations folder. OperationLogError(NOT_FOUND) where neither is."""
    path = Path(name)
    if path.is_file():
        return path
    kept = operations_folder() / f"{name}.json"
    if os.sep not in name and "/" not in name and kept.is_file():
        return kept
    raise OperationLogError(OperationLogProblem.NOT_FOUND, name)


def read_operation(path: Path) -> MoveReport:
    """The operation's report as it was written (OperationLogError where it cannot be)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise OperationLogError(OperationLogProblem.UNREADABLE, os_error=OsFailure.of(exc)) from exc
    try:
        document = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise OperationLogError(OperationLogProblem.DAMAGED, str(exc)) from exc
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise OperationLogError(OperationLogProblem.FOREIGN)
    version = document.get("version")
    if type(version) is int and version > VERSION:
        raise OperationLogError(OperationLogProblem.NEWER, str(version))
    try:
        folder = document["folder"]
        report = MoveReport(
            Action(document["action"]),
            None if folder is None else path_from_fields(folder),
            operation=str(document["operation"]),
        )
        report.created = [path_from_fields(f) for f in document["created"]]
        report.freed = int(document["freed"])
        report.records = [_file_move(r) for r in document["records"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise OperationLogError(OperationLogProblem.DAMAGED, repr(exc)) from exc
    return report


def _file_move(found: dict[str, Any]) -> FileMove:
    destination = found["destination"]
    moved = found["moved"]
    attributes = found["attributes"]
    return FileMove(
        path_from_fields(found["source"]),
        None if destination is None else path_from_fields(destination),
        Outcome(found["outcome"]),
        int(found["size"]),
        moved=None if moved is None else (int(moved[0]), int(moved[1]), int(moved[2])),
        attributes=None
        if attributes is None
        else Attributes(
            int(attributes["mode"]), int(attributes["atime_ns"]), int(attributes["mtime_ns"])
        ),
    )


__all__ = [
    "OperationLogError",
    "OperationLogProblem",
    "find_operation",
    "forget_undone",
    "kept",
    "operations_folder",
    "read_operation",
    "undoable",
    "write_operation",
]

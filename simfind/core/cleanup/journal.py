"""The log of the clean-up: every file moved, trashed, linked or put back, one CSV row each.

It lives in the user's data folder (moves.csv), is only ever appended to, and
opens in a spreadsheet (a byte-order mark at the start, so that Excel reads
Chinese names). Every name the file system holds is written with its own bytes:
on Linux and macOS a name that is not UTF-8 (os.fsdecode's surrogate escapes)
goes in as the bytes it is, and on Windows a name with a lone UTF-16 surrogate
as that surrogate's three bytes (WTF-8), so that ``Journal.read`` gives back
exactly the names written and an undo from the log reaches the very files. The
rows of a report are made whole before the first byte is written; a log that
cannot be written is said in the report (``journal_error``), never the end of it.
"""

from __future__ import annotations

import csv
import io
import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import format_time, user_data_folder
from simfind.core.report.export import safe_cell

if TYPE_CHECKING:
    from simfind.core.cleanup.reports import Attributes, FileMove, MoveReport

#: How a name is turned into bytes and back, losslessly (see the module's words).
NAME_ERRORS = "surrogatepass" if sys.platform == "win32" else "surrogateescape"

JOURNAL_COLUMNS = (
    "time",
    "operation",
    "action",
    "outcome",
    "source",
    "destination",
    "size",
    "error",
    # A file replaced by a hard link: its own permissions (octal) and times, which its
    # undo gives back.
    "mode",
    "modified",
    "accessed",
)

_BOM = "\ufeff".encode()


def default_journal_path() -> Path:
    """moves.csv in the user's data folder for simfind ($SIMFIND_DATA_DIR overrides it)."""
    return user_data_folder() / "moves.csv"


def _rows_text(rows: Iterable[Iterable[str]]) -> str:
    buffer = io.StringIO(newline="")
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue()


@dataclass
class Journal:
    """An append-only CSV log of every file moved, trashed or put back."""

    path: Path = field(default_factory=default_journal_path)

    def append(self, report: MoveReport) -> None:
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        rows = [
            [
                safe_cell(value)
                for value in (
                    stamp,
                    report.operation,
                    report.action.value,
                    record.outcome.value,
                    os.fspath(record.source),
                    _destination(record),
                    record.size,
                    "" if record.error is None else record.error.strerror,
                    *_attribute_cells(record.attributes),
                )
            ]
            for record in report.records
        ]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        new = not self.path.exists() or self.path.stat().st_size == 0
        if not new:
            self._upgrade()
        text = _rows_text([JOURNAL_COLUMNS, *rows] if new else rows)
        data = (_BOM if new else b"") + text.encode("utf-8", NAME_ERRORS)
        with self.path.open("ab") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())

    def _upgrade(self) -> None:
        """A log begun before the attributes' columns gets their names in its header (its
        rows leave them empty), rewritten whole and put in place at once."""
        with self.path.open(encoding="utf-8-sig", errors=NAME_ERRORS, newline="") as source:
            columns = next(csv.reader([source.readline()]), [])
            if tuple(columns) != JOURNAL_COLUMNS[:8]:  # current already, or not simfind's
                return
            rest = source.read()
        upgraded = self.path.with_name(self.path.name + ".new")
        with upgraded.open("wb") as out:
            out.write(_BOM + (_rows_text([JOURNAL_COLUMNS]) + rest).encode("utf-8", NAME_ERRORS))
            out.flush()
            os.fsync(out.fileno())
        upgraded.replace(self.path)

    def read(self) -> list[dict[str, str]]:
        """Every row logged so far, each name as it was written (``Path(row["source"])``
        is the file's own name)."""
        if not self.path.exists():
            return []
        with self.path.open(encoding="utf-8-sig", errors=NAME_ERRORS, newline="") as source:
            return list(csv.DictReader(source, restval=""))


def _destination(record: FileMove) -> str:
    """Where the file went; for one left, where a version of it is kept aside, if one is."""
    where = record.destination if record.destination is not None else record.aside
    return "" if where is None else os.fspath(where)


def _attribute_cells(attributes: Attributes | None) -> tuple[str, str, str]:
    if attributes is None:
        return ("", "", "")
    return (
        f"{attributes.mode:04o}",
        _time(attributes.mtime_ns),
        _time(attributes.atime_ns),
    )


def _time(ns: int) -> str:
    try:
        return datetime.fromtimestamp(ns / 1e9).astimezone().isoformat(timespec="microseconds")
    except (OverflowError, OSError, ValueError):  # past 9999 (tmpfs, xfs), before 1970 (Windows)
        return format_time(ns)


def failure_of(exc: Exception) -> OsFailure:
    """Any failure as the report keeps it: the system's, or a bug's own words."""
    if isinstance(exc, OSError):
        return OsFailure.of(exc)
    return OsFailure(None, f"{type(exc).__name__}: {exc}")


def log(report: MoveReport, journal: Journal | None) -> None:
    """Append the report to the journal; a failure to (of any kind) is kept in the report,
    which goes on to its caller as it is."""
    if journal is None:
        return
    try:
        journal.append(report)
    except Exception as exc:  # the files have moved: their report must come back
        report.journal_error = failure_of(exc)
    else:
        report.journal = journal.path


__all__ = ["JOURNAL_COLUMNS", "NAME_ERRORS", "Journal", "default_journal_path", "log"]

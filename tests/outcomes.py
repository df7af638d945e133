"""An example of every outcome the core words (simfind/core/words/outcomes.py), with the
parameters each uses: for the tests that check both front ends word them all alike."""

from __future__ import annotations

import errno
from pathlib import Path

from simfind.core.base.errors import (
    CacheProblem,
    CacheWarning,
    InputError,
    InputProblem,
    OsFailure,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.ignore.store import IgnoreProblem, StoreNotice

#: The parameters a cause uses (the others have none, or a document format).
_DETAILS = {
    SkipCause.CONTAINER: SkipDetail(SkipCause.CONTAINER, format="zip"),
    SkipCause.UNKNOWN_ENCODING: SkipDetail(SkipCause.UNKNOWN_ENCODING, encoding="x-mac-thai"),
    SkipCause.INVALID_BYTES: SkipDetail(SkipCause.INVALID_BYTES, encoding="gb18030"),
    SkipCause.OVER_LIMIT: SkipDetail(SkipCause.OVER_LIMIT, size=3 << 30, limit=64 << 20),
    SkipCause.GREW_PAST_LIMIT: SkipDetail(SkipCause.GREW_PAST_LIMIT, limit=64 << 20),
    SkipCause.OS_ERROR: SkipDetail(SkipCause.OS_ERROR, os_error=OsFailure(errno.EACCES, "x")),
    SkipCause.EXCEPTION: SkipDetail(SkipCause.EXCEPTION, error="RuntimeError: disk on fire"),
    SkipCause.NO_COLUMN: SkipDetail(SkipCause.NO_COLUMN, column="quote", columns=("a", "b")),
    SkipCause.NOT_CSV: SkipDetail(SkipCause.NOT_CSV, error="line contains NUL"),
    SkipCause.OLD_FORMAT: SkipDetail(SkipCause.OLD_FORMAT, format="ppt"),
    SkipCause.TOO_MANY_PARTS: SkipDetail(SkipCause.TOO_MANY_PARTS, size=20_000, limit=10_000),
    SkipCause.PART_TOO_LARGE: SkipDetail(SkipCause.PART_TOO_LARGE, size=5 << 30, limit=1 << 30),
    SkipCause.COMPRESSION_RATIO: SkipDetail(SkipCause.COMPRESSION_RATIO, size=900, limit=100),
    SkipCause.UNPACKED_TOO_LARGE: SkipDetail(SkipCause.UNPACKED_TOO_LARGE, size=9 << 30),
    SkipCause.PAGE_CONTENT_TOO_LARGE: SkipDetail(SkipCause.PAGE_CONTENT_TOO_LARGE, size=1 << 30),
    SkipCause.SCANNED_PAGES: SkipDetail(SkipCause.SCANNED_PAGES, size=1),
    SkipCause.OVER_BUDGET: SkipDetail(SkipCause.OVER_BUDGET, limit=30_000),
    SkipCause.TEXT_OVER_LIMIT: SkipDetail(SkipCause.TEXT_OVER_LIMIT, limit=10_000_000),
}


def skip_details() -> list[SkipDetail]:
    """One detail for each cause (a document's format where it has one), and the plural's
    other form."""
    found = [_DETAILS.get(cause, SkipDetail(cause, format="pdf")) for cause in SkipCause]
    return [*found, SkipDetail(SkipCause.SCANNED_PAGES, size=12)]


def input_errors(folder: Path) -> list[InputError]:
    """Each input problem with a path and the parameters it may carry, and those with a
    reason also without (the window and the command line word both)."""
    path = folder / "资料" / "report.txt"
    failure = OsFailure(errno.EACCES, "Permission denied")
    found = []
    for problem in InputProblem:
        found.append(
            InputError(
                problem,
                path,
                failure,
                SkipReason.BINARY,
                SkipDetail(SkipCause.NUL_BYTES),
                limit=64,
                text="[z-a]",
            )
        )
        found.append(InputError(problem, path, limit=128, text="UTF-8"))
    return found


def cache_warnings(folder: Path) -> list[CacheWarning]:
    aside = folder / "fingerprints.sqlite3.broken-1"
    found = [
        CacheWarning(problem, aside, error="file is not a database") for problem in CacheProblem
    ]
    found += [
        CacheWarning(CacheProblem.UNAVAILABLE, os_error=OsFailure(errno.EROFS, "x")),
        CacheWarning(CacheProblem.NOT_SAVED, os_error=OsFailure(errno.ENOSPC, "x")),
        CacheWarning(CacheProblem.ROWS_DAMAGED, count=1),
        CacheWarning(CacheProblem.ROWS_DAMAGED, count=3),
    ]
    return found


def ignore_notices(folder: Path) -> list[StoreNotice]:
    aside = folder / "ignore.sqlite3.broken-1"
    return [
        StoreNotice(IgnoreProblem.SET_ASIDE, aside, "file is not a database", recovered=1),
        StoreNotice(IgnoreProblem.SET_ASIDE, aside, "file is not a database", recovered=4),
        StoreNotice(IgnoreProblem.UNAVAILABLE, aside, os_error=OsFailure(errno.EACCES, "x")),
        StoreNotice(IgnoreProblem.UNAVAILABLE, aside, error="database is locked"),
    ]

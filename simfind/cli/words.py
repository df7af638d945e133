"""The core's outcomes in the command line's English: one line each, for stderr."""

from __future__ import annotations

from simfind.core.errors import (
    CacheProblem,
    CacheWarning,
    InputError,
    InputProblem,
    SkipCause,
    SkipDetail,
    SkipReason,
)


def skip_detail(detail: SkipDetail | None) -> str:
    """A skip's detail in English ("" when there is none)."""
    if detail is None:
        return ""
    words = {
        SkipCause.NO_ENCODING_FITS: "no text encoding fits",
        SkipCause.NUL_BYTES: "contains NUL bytes",
        SkipCause.CONTROL_BYTES: "control bytes",
        SkipCause.UNKNOWN_ENCODING: f"unknown encoding {detail.encoding}",
        SkipCause.INVALID_BYTES: f"too many invalid bytes for {detail.encoding}",
        SkipCause.NO_WORDS: "no words or characters to compare",
        SkipCause.OVER_LIMIT: f"{detail.size} bytes, the limit is {detail.limit}",
        SkipCause.GREW_PAST_LIMIT: f"grew past {detail.limit} bytes while read",
        SkipCause.WRITTEN_WHILE_READ: "written to while it was read",
        SkipCause.FOLDER_VISITED: "folder already visited",
        SkipCause.OS_ERROR: detail.os_error.strerror if detail.os_error else "",
        SkipCause.EXCEPTION: detail.error,
    }
    return words[detail.cause]


def not_text(reason: SkipReason, detail: SkipDetail | None) -> str:
    """Why a file is not text, as "reason: detail"."""
    words = skip_detail(detail)
    return f"{reason.value}: {words}" if words else reason.value


def skip_line(where: str, reason: SkipReason, detail: SkipDetail | None) -> str:
    """One file left out: "skipped PATH: reason (detail)"."""
    words = skip_detail(detail)
    return f"skipped {where}: {reason.value}" + (f" ({words})" if words else "")


def input_problem(error: InputError) -> str:
    """What is wrong with the reference, the folder or an option, in one line."""
    path, problem = error.path, error.problem
    strerror = error.os_error.strerror if error.os_error else ""
    if problem is InputProblem.REFERENCE_NOT_TEXT and error.reason is not None:
        return (
            f"reference file is not usable as text ({not_text(error.reason, error.detail)}): {path}"
        )
    words = {
        InputProblem.NO_REFERENCE: "no reference file given",
        InputProblem.NO_FOLDER: "no folder given",
        InputProblem.REFERENCE_MISSING: f"reference file not found: {path}",
        InputProblem.REFERENCE_UNREADABLE: f"reference file cannot be read: {path}: {strerror}",
        InputProblem.REFERENCE_IS_FOLDER: f"reference is not a regular file: {path}",
        InputProblem.REFERENCE_NOT_A_FILE: f"reference is not a regular file: {path}",
        InputProblem.REFERENCE_NOT_TEXT: f"reference file is not usable as text: {path}",
        InputProblem.FOLDER_MISSING: f"folder not found: {path}",
        InputProblem.NOT_A_FOLDER: f"not a folder: {path}",
        InputProblem.FOLDER_UNREADABLE: f"folder cannot be read: {path}: {strerror}",
        InputProblem.OUTPUT_INSIDE_FOLDER: f"--output {path} lies inside the scanned folder; "
        "simfind never writes there: choose another place",
        InputProblem.OUTPUT_FOLDER_MISSING: f"--output folder not found: {path}",
        InputProblem.OUTPUT_IS_FOLDER: f"--output {path} is a folder: name a file",
        InputProblem.OUTPUT_IS_REFERENCE: f"--output {path} is the reference file: "
        "simfind will not overwrite it",
        InputProblem.OUTPUT_NOT_A_FILE: f"--output {path} is not a file, a device or a pipe "
        "that simfind can write to",
        InputProblem.OUTPUT_UNWRITABLE: f"--output cannot be written: {path}: {strerror}",
        InputProblem.DISTANCE_TOO_LARGE: f"--max-distance must be below {error.limit}",
        InputProblem.BAD_PATTERN: f"not a valid pattern: {error.text!r} "
        "(.gitignore syntax; quote it in the shell)",
    }
    return words[problem]


def cache_warning(warning: CacheWarning) -> str:
    """What went wrong with the fingerprint cache, and what the scan does instead."""
    problem, path = warning.problem, warning.path
    why = warning.os_error.strerror if warning.os_error else warning.error
    words = {
        CacheProblem.DAMAGED: f"the fingerprint cache was damaged ({warning.error}); "
        f"it was moved to {path} and a new one started",
        CacheProblem.FOREIGN: f"another program's file was where the fingerprint cache "
        f"belongs; it was moved to {path} and a new one started",
        CacheProblem.UNAVAILABLE: f"working without the fingerprint cache: {why}",
        CacheProblem.DAMAGED_IN_USE: f"the fingerprint cache {path} is damaged "
        f"({warning.error}) and another simfind process has it open: working without it",
        CacheProblem.BUSY: f"the fingerprint cache {path} is locked by another simfind "
        "process: working without it this time",
        CacheProblem.READ_ONLY: f"the fingerprint cache {path} cannot be written: "
        "fingerprints are read from it but not saved",
        CacheProblem.NOT_SAVED: f"fingerprints are not saved this time: {why}",
        CacheProblem.ROWS_DAMAGED: f"{warning.count} unreadable "
        f"entr{'y' if warning.count == 1 else 'ies'} in the fingerprint cache dropped",
    }
    return words[problem]

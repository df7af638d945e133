"""The core's outcomes in the command line's English: one line each, for stderr."""

from __future__ import annotations

from simfind.core.candidates import RadiusProblem, RadiusTooWideError
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
        InputProblem.DISTANCE_TOO_LARGE: f"--max-distance must be below {error.limit}",
    }
    return words[problem]


def cache_warning(warning: CacheWarning) -> str:
    if warning.problem is CacheProblem.UNAVAILABLE:
        return f"working without the fingerprint cache: {warning.error}"
    return (
        f"the fingerprint cache was unreadable ({warning.error}); "
        f"it was moved to {warning.path} and a new one started"
    )


def radius_too_wide(error: RadiusTooWideError) -> str:
    if error.problem is RadiusProblem.UNRELATED:
        return (
            f"--max-distance {error.radius} is too wide for {error.bits}-bit fingerprints: "
            f"unrelated files would fall within it (at most {error.widest})"
        )
    return (
        f"--max-distance {error.radius} is too wide to search among {error.files:,} files "
        f"(at most {error.widest} here)"
    )

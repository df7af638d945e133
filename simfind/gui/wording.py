"""The engine's outcomes in the window's words, in the interface language.

The core reports typed reasons (SkipReason) and a few plain English messages
(usage problems, diff and cache notices). Reasons are worded here; messages are
recognised by their shape and worded anew, and shown as they came when a newer
core says something not known here (tests/gui/test_i18n.py keeps the two in step).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from simfind.core.errors import NotTextError, SkipReason, UsageError

# Under this name pyside6-lupdate finds the strings (the context comes first).
translate = QCoreApplication.translate


def skip_reason(reason: SkipReason) -> str:
    words = {
        SkipReason.BINARY: translate("Wording", "binary file"),
        SkipReason.UNDECODABLE: translate("Wording", "text encoding not recognised"),
        SkipReason.EMPTY: translate("Wording", "empty"),
        SkipReason.TOO_LARGE: translate("Wording", "too large"),
        SkipReason.NOT_REGULAR: translate("Wording", "not a regular file (pipe, device or socket)"),
        SkipReason.SYMLINK: translate("Wording", "symbolic link (not followed)"),
        SkipReason.SYMLINK_LOOP: translate("Wording", "symbolic link loop"),
        SkipReason.BROKEN_LINK: translate("Wording", "broken symbolic link"),
        SkipReason.UNREADABLE: translate("Wording", "cannot be read (permissions)"),
        SkipReason.VANISHED: translate("Wording", "disappeared during the scan"),
        SkipReason.CHANGED: translate("Wording", "changed while it was read"),
        SkipReason.ERROR: translate("Wording", "unexpected error"),
        SkipReason.LEGACY_FORMAT: translate(
            "Wording", "legacy Office format: save it as .docx or .pptx"
        ),
        SkipReason.ENCRYPTED: translate("Wording", "password-protected or encrypted"),
        SkipReason.CORRUPT: translate("Wording", "damaged or incomplete document"),
        SkipReason.ZIP_BOMB: translate(
            "Wording", "suspicious document: it would unpack to far too much data"
        ),
        SkipReason.XML_BOMB: translate("Wording", "suspicious document: XML entity declarations"),
        SkipReason.NO_TEXT_LAYER: translate("Wording", "no text layer — a scanned image"),
        SkipReason.TIMED_OUT: translate("Wording", "took too long to read"),
        SkipReason.TEXT_TOO_LARGE: translate("Wording", "too much text"),
    }
    return words.get(reason, reason.value)


def skip_text(reason: SkipReason, detail: str) -> str:
    if reason is SkipReason.LEGACY_FORMAT and detail in ("doc", "wps"):
        return translate("Wording", "legacy Word format: save it as .docx")
    if reason is SkipReason.LEGACY_FORMAT and detail == "ppt":
        return translate("Wording", "legacy PowerPoint format: save it as .pptx")
    text = skip_reason(reason)
    return f"{text} ({detail})" if detail else text


def _usage_patterns() -> list[tuple[str, Callable[[re.Match[str]], str]]]:
    return [
        (
            r"reference file not found: (?P<path>.*)",
            lambda m: translate("Wording", "The reference file was not found:\n{path}").format(
                **m.groupdict()
            ),
        ),
        (
            r"reference file cannot be read: (?P<path>.*): (?P<error>[^:]*)",
            lambda m: translate(
                "Wording", "The reference file cannot be read ({error}):\n{path}"
            ).format(**m.groupdict()),
        ),
        (
            r"reference is not a regular file: (?P<path>.*)",
            lambda m: translate("Wording", "The reference is not a regular file:\n{path}").format(
                **m.groupdict()
            ),
        ),
        (
            r"folder not found: (?P<path>.*)",
            lambda m: translate("Wording", "The folder was not found:\n{path}").format(
                **m.groupdict()
            ),
        ),
        (
            r"not a folder: (?P<path>.*)",
            lambda m: translate("Wording", "This is not a folder:\n{path}").format(**m.groupdict()),
        ),
        (
            r"folder cannot be read: (?P<path>.*): (?P<error>[^:]*)",
            lambda m: translate("Wording", "The folder cannot be read ({error}):\n{path}").format(
                **m.groupdict()
            ),
        ),
    ]


def usage_problem(error: UsageError) -> str:
    """What was wrong with the reference or the folder, in the interface language."""
    message = str(error)
    cause = error.__cause__
    if isinstance(cause, NotTextError):
        path = message.rpartition("): ")[2]
        return translate(
            "Wording", "The reference file cannot be compared as text ({reason}):\n{path}"
        ).format(reason=skip_text(cause.reason, cause.detail), path=path)
    for pattern, words in _usage_patterns():
        found = re.fullmatch(pattern, message, flags=re.DOTALL)
        if found:
            return words(found)
    return message


def diff_notice(notice: str) -> str:
    found = re.fullmatch(r"line endings differ \((\w+) and (\w+)\); they are ignored", notice)
    if found:
        return translate(
            "Wording", "line endings differ ({left} and {right}); they are ignored"
        ).format(left=found[1], right=found[2])
    if notice == "the texts are too large to align line by line; they are shown whole":
        return translate(
            "Wording", "the texts are too large to align line by line; they are shown whole"
        )
    found = re.fullmatch(
        r"(\d+) changed line\(s\) longer than ([\d,]+) characters "
        r"are shown without word highlighting",
        notice,
    )
    if found:
        return translate(
            "Wording",
            "{count} changed line(s) longer than {limit} characters are shown without word "
            "highlighting",
        ).format(count=found[1], limit=found[2])
    return notice


def cache_warning(warning: str) -> str:
    found = re.fullmatch(
        r"the fingerprint cache was unreadable \((?P<error>.*)\); "
        r"it was moved to (?P<path>.*) and a new one started",
        warning,
        flags=re.DOTALL,
    )
    if found:
        return translate(
            "Wording",
            "The fingerprint cache was unreadable ({error}); it was moved to {path} and a new "
            "one started",
        ).format(**found.groupdict())
    return warning


def unchanged_lines(count: int) -> str:
    return translate("Wording", "⋯ {count} unchanged lines").format(count=count)

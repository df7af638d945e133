"""Typed outcomes the engine reports; the CLI and the GUI turn them into words."""

from __future__ import annotations

from enum import Enum


class SkipReason(str, Enum):
    """Why a file in the scanned folder was not fingerprinted."""

    BINARY = "binary"
    UNDECODABLE = "undecodable"
    EMPTY = "empty"
    TOO_LARGE = "too-large"
    NOT_REGULAR = "not-a-regular-file"
    SYMLINK = "symlink-not-followed"
    SYMLINK_LOOP = "symlink-loop"
    BROKEN_LINK = "broken-link"
    UNREADABLE = "unreadable"
    VANISHED = "vanished"
    CHANGED = "changed-during-scan"
    ERROR = "error"
    # Documents (.docx, .pdf, ...): the detail is a name or numbers, never a sentence.
    LEGACY_FORMAT = "legacy-format"  # detail: doc, ppt, xls, wps
    ENCRYPTED = "encrypted"  # detail: the format
    CORRUPT = "corrupt-document"  # detail: the format
    ZIP_BOMB = "zip-bomb"  # detail: e.g. "members=20000" or "part-bytes=4294967296"
    XML_BOMB = "xml-entities"  # an XML part declares entities (billion laughs, external)
    NO_TEXT_LAYER = "no-text-layer"  # a PDF of scanned images; detail: pages
    TIMED_OUT = "extraction-timeout"  # detail: the budget in seconds
    TEXT_TOO_LARGE = "text-too-large"  # detail: the character limit


class NotTextError(Exception):
    """A file that cannot be fingerprinted as text, with the reason."""

    def __init__(self, reason: SkipReason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail


class UsageError(Exception):
    """An unusable reference, folder or option; the message names the problem."""

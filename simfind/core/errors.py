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


class NotTextError(Exception):
    """A file that cannot be fingerprinted as text, with the reason."""

    def __init__(self, reason: SkipReason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail


class UsageError(Exception):
    """An unusable reference, folder or option; the message names the problem."""

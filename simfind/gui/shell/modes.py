"""The window's modes, in the order of their tabs."""

from __future__ import annotations

from enum import IntEnum


class Mode(IntEnum):
    """The window's modes, in the order of their tabs."""

    COMPARE = 0
    GROUPS = 1
    # Near-duplicate records (lines, paragraphs, CSV cells, names) inside files.
    RECORDS = 2

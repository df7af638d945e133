"""Where a file's name places it among versions saved at the same moment.

Only for ties: the modified time orders versions; files that share it to the
nanosecond (copied together, unpacked from one archive) are placed by what their
names say, then by path. A name says, in this order of weight: "final" (final,
最终, 终稿, 定稿) comes after the drafts; a version number (v2, ver 3, version4,
_3, 第2版) counts up; a copy's number ("(1)", "copy 2", "副本") comes after the
file it copies. A name that says none of it is the first.
"""

from __future__ import annotations

import re
from pathlib import PurePath

_FINAL = re.compile(r"final|最终|终稿|定稿|終稿", re.IGNORECASE)
_VERSION = re.compile(
    r"(?:^|[^a-z])v(?:er(?:sion)?)?[ ._-]?(\d{1,4})(?!\d)|第(\d{1,4})版|[_-](\d{1,3})$",
    re.IGNORECASE,
)
_COPY = re.compile(r"\((\d{1,4})\)\s*$|\bcopy\b\s*(\d{0,4})\s*$|副本\s*(\d{0,4})\s*$", re.I)

NameRank = tuple[int, int, int]


def name_rank(path: PurePath) -> NameRank:
    """(final or not, version number, copy number) from the file's name (see the module)."""
    stem = path.stem.strip()
    copy = 0
    found = _COPY.search(stem)
    if found is not None:
        digits = next((g for g in found.groups() if g), "")
        copy = int(digits) if digits else 1
        stem = stem[: found.start()].rstrip(" _-")
    number = 0
    for found in _VERSION.finditer(stem):
        digits = next(g for g in found.groups() if g)
        number = int(digits)
    return (1 if _FINAL.search(stem) else 0, number, copy)


__all__ = ["NameRank", "name_rank"]

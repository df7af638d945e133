"""The folders a file keeps when it is moved to another folder.

Files marked in several folders, moved to one destination, keep their places
below the nearest folder that holds them all (the structure's root): from
``/scan/a/b/x.txt`` and ``/scan/c/x.txt`` to ``DEST/a/b/x.txt`` and
``DEST/c/x.txt``. The root is the files' own, not the scanned folder's, so that
two files never want one place and no empty levels are made above them; files
from one folder go straight into the destination. Only paths are computed
here, and the folders made and removed (moves.py moves the files).
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Sequence
from pathlib import Path, PurePath
from typing import TypeVar

P = TypeVar("P", bound=PurePath)


def several_folders(paths: Sequence[PurePath]) -> bool:
    """Whether the files lie in more than one folder (keeping folders then means something)."""
    return len({path.parent for path in paths}) > 1


def structure_root(paths: Sequence[P]) -> P | None:
    """The nearest folder holding every file, whose tree they keep below the destination
    (None: they share none, as files on two Windows drives)."""
    if not paths:
        return None
    root = paths[0].parent
    for path in paths[1:]:
        while not path.is_relative_to(root):
            if root.parent == root:
                return None
            root = root.parent
    return root


def kept_folders(paths: Sequence[P]) -> dict[P, PurePath]:
    """Each file's folder below the structure's root ("." for one in the root itself).

    Files with no folder in common (two drives, two network shares) keep theirs below
    a folder named for their drive: "C", "server share".
    """
    root = structure_root(paths)
    kept: dict[P, PurePath] = {}
    for path in paths:
        if root is not None:
            kept[path] = path.parent.relative_to(root)
        else:
            drive = " ".join(part for part in re.split(r"[\\/:]+", path.drive) if part)
            below = path.parent.relative_to(path.anchor)
            kept[path] = type(below)(drive or "drive") / below
    return kept


def make_folders(folder: Path, below: PurePath) -> list[Path]:
    """Make the folders ``below`` inside ``folder``, parents first; the ones made.

    NotADirectoryError where a file has the name one of them needs.
    """
    made = []
    here = folder
    for part in below.parts:
        here = here / part
        try:
            here.mkdir()
        except FileExistsError:
            if not here.is_dir():
                raise NotADirectoryError(
                    errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(here)
                ) from None
            continue
        made.append(here)
    return made


def remove_empty(folders: Sequence[Path]) -> list[Path]:
    """Remove those of ``folders`` (parents first) that are empty, children first; the
    ones removed. A folder that holds anything stays."""
    removed = []
    for folder in reversed(folders):
        try:
            folder.rmdir()
        except OSError:
            continue
        removed.append(folder)
    return removed

"""The one check of a scan's inputs, for the command line and the window alike.

Each function raises an InputError naming the problem. They only look at the
file system's entries (stat calls; the folder's listing is opened, not read),
so a window may call ``check_inputs`` on its GUI thread; reading and
fingerprinting the reference is the scan's work (scan.load_reference).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.errors import InputError, InputProblem, OsFailure
from simfind.core.base.paths import absolute, write_refusal

if TYPE_CHECKING:
    from simfind.core.text.given import TextInput

# What Path.exists() takes for "not there" rather than for an error.
_ABSENT = frozenset({errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.EBADF})


def check_reference(reference: Path) -> os.stat_result:
    """The reference is a regular file that can be looked at; returns its stat."""
    try:
        info = reference.stat()
    except FileNotFoundError as exc:
        raise InputError(InputProblem.REFERENCE_MISSING, reference) from exc
    except OSError as exc:
        problem = InputProblem.REFERENCE_UNREADABLE
        raise InputError(problem, reference, OsFailure.of(exc)) from exc
    if stat.S_ISDIR(info.st_mode):
        raise InputError(InputProblem.REFERENCE_IS_FOLDER, reference)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(InputProblem.REFERENCE_NOT_A_FILE, reference)
    return info


def check_folder(folder: Path) -> None:
    """The folder exists and is a folder."""
    try:
        info = folder.stat()
    except OSError as exc:
        if exc.errno in _ABSENT:
            raise InputError(InputProblem.FOLDER_MISSING, folder) from exc
        raise InputError(InputProblem.FOLDER_UNREADABLE, folder, OsFailure.of(exc)) from exc
    if not stat.S_ISDIR(info.st_mode):
        raise InputError(InputProblem.NOT_A_FOLDER, folder)


def check_source(folder: Path) -> None:
    """A folder, or a catalogue of one (a file: checked whole when the scan opens it)."""
    from simfind.core.cache.catalogue_store import looks_like_catalogue  # sqlite: when asked

    if not looks_like_catalogue(folder):
        check_folder(folder)


def check_listing(folder: Path) -> None:
    """The folder's listing can be opened (on a slow network share this may wait)."""
    try:
        with os.scandir(folder):
            pass
    except OSError as exc:
        raise InputError(InputProblem.FOLDER_UNREADABLE, folder, OsFailure.of(exc)) from exc


def check_inputs(reference: TextInput | None, folder: Path | None) -> None:
    """Both inputs chosen and usable as far as the file system's entries tell (stat only);
    a reference text given as it is needs words (GivenText.typed made sure of that)."""
    if reference is None:
        raise InputError(InputProblem.NO_REFERENCE)
    if folder is None:
        raise InputError(InputProblem.NO_FOLDER)
    check_source(folder)
    if isinstance(reference, Path):  # a given text has no file to look at
        check_reference(reference)


def check_output(output: Path, reference: Path | None = None) -> None:
    """A file to write can be written as what it is, and is not the reference.

    Checked before the scan, so that a bad target costs no scan. A device or a
    pipe (``/dev/null``, ``/dev/stdout``, a FIFO) and a symbolic link are written
    through, as a shell's ``>`` would (export.write_output); anything else is
    written whole through a temporary file beside the target, which needs its
    folder writable. It may lie in the scanned folder: the user named it (the scan
    leaves it out, WalkOptions.leave_out).
    """
    try:
        info: os.stat_result | None = output.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        if exc.errno not in _ABSENT:
            raise InputError(InputProblem.OUTPUT_UNWRITABLE, output, OsFailure.of(exc)) from exc
        info = None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise InputError(InputProblem.OUTPUT_IS_FOLDER, output)
        if reference is not None and _same_file(info, reference):
            raise InputError(InputProblem.OUTPUT_IS_REFERENCE, output)
        if stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode):
            _check_access(output, output)  # written through: nothing is created anywhere
            return
        if not stat.S_ISREG(info.st_mode):
            raise InputError(InputProblem.OUTPUT_NOT_A_FILE, output)
    final = output.resolve()  # through symbolic links: where the bytes will land
    parent = final.parent
    if not parent.is_dir():
        raise InputError(InputProblem.OUTPUT_FOLDER_MISSING, output.parent)
    if info is not None:
        _check_access(output, output)
    if info is None or not output.is_symlink():  # a temporary file is made beside it
        _check_access(parent, parent)


def _same_file(info: os.stat_result, other: Path) -> bool:
    try:
        theirs = other.stat()
    except OSError:
        return False
    return (info.st_dev, info.st_ino) == (theirs.st_dev, theirs.st_ino)


def _check_access(path: Path, shown: Path) -> None:
    """``path`` can be written by this process (paths.write_refusal)."""
    failure = write_refusal(path)
    if failure is not None:
        raise InputError(InputProblem.OUTPUT_UNWRITABLE, shown, failure)


def window_inputs(paths: Sequence[Path]) -> tuple[Path | None, Path | None, list[Path]]:
    """The reference and the folder in paths given to the window, in any order.

    A file manager's "Open with" hands over what was selected. The first file is
    the reference, the first folder the folder to search (else the reference's
    own folder); the rest are returned as unused. A path that cannot be looked
    at counts as a file: the scan's check then says what is wrong with it.
    """
    reference: Path | None = None
    folder: Path | None = None
    unused: list[Path] = []
    for given in paths:
        path = absolute(given)  # kept in the recent lists: it must work from anywhere
        if path.is_dir() and folder is None:
            folder = path
        elif not path.is_dir() and reference is None:
            reference = path
        else:
            unused.append(path)
    if folder is None and reference is not None:
        folder = reference.parent
    return reference, folder, unused

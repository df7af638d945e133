"""The catalogue command's English: its problems and its summaries."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from simfind.cli.base.speaking import core_words
from simfind.cli.base.words import one_line
from simfind.cli.base.words import said as frames
from simfind.core.base.paths import display_path, human_size
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem

if TYPE_CHECKING:  # the parser imports this module: making one loads the text engine
    from simfind.core.catalogue.making import Made

CATALOGUE_DESCRIPTION = (
    "Write a catalogue of folders (a backup drive, a USB stick, a share) to one file: "
    "each text file's path under its folder, size, times, hash, fingerprint, sketch and "
    "excerpt sample. 'simfind scan REF drive.simcat' and 'simfind groups NEW drive.simcat' "
    "then compare with it while the drive is away: their figures are the fingerprints' "
    "estimates, marked '~', unless --with-texts kept the texts too, or the drive is "
    "back where it was catalogued."
)
CATALOGUE_EPILOG = """\
examples:
  simfind catalogue /media/backup -o backup.simcat
  simfind catalogue --update backup.simcat      (only what changed is read)
  simfind catalogue --merge a.simcat b.simcat -o both.simcat"""


def catalogue_problem(exc: CatalogueError) -> str:
    """Why a catalogue cannot be used, in one line: the core's words, and the options to
    give where there are some."""
    said = one_line(core_words().catalogue_problem(exc))
    if exc.problem is CatalogueProblem.DAMAGED:
        return frames.catalogue_damaged(said)
    if exc.problem is CatalogueProblem.SETTINGS:
        return frames.catalogue_settings(said)
    return said


def made_summary(made: Made, updated: bool = False) -> str:
    files = f"{made.files:,} text file{'' if made.files == 1 else 's'}"
    line = f"catalogued {files} ({human_size(made.size)}) in {display_path(made.path)}"
    with contextlib.suppress(OSError):
        line += f", {human_size(made.path.stat().st_size)}"
    if updated:
        line += f"; {made.read:,} read anew, {made.removed:,} gone"
    return line


def estimates_note(count: int) -> str:
    """Said after a scan or a grouping whose figures are partly estimates."""
    figures = f"{count:,} figure{'' if count == 1 else 's'}"
    return (
        f"{figures} (marked ~) {'is an estimate' if count == 1 else 'are estimates'} from the "
        "fingerprints: their catalogue holds no texts and their drive is away (plug it in, "
        "or make the catalogue with --with-texts, for exact ones)"
    )

"""Marked files that hold text their kept file lacks, and how many words of it.

A keep rule chooses by date, size or path, not by text: Keep the Newest can
keep the copy a word processor saved last and mark the most-edited version.
Before a move the confirmation names such files. A marked file's words that
difflib's SequenceMatcher (junk heuristic off) over the two texts' words does
not match in the kept file are the words it would lose; the words are the
exact measure's (compare.verify.comparable), the blocks compare.blocks'.
Where a file was kept for it from several groups, the kept file that holds
most of it counts. A difference too small to lose anything by is not named: at
most ``FLOOR_WORDS`` words that are also under ``FLOOR_SHARE`` of the file (a date
or a version number changed in a long chapter), while one word of a short note is.
Files that cannot be read as text are left out (nothing to say of them); the look
is bounded (``MAX_FILES``), and runs off the GUI
thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from simfind.core.base.errors import NotTextError
from simfind.core.cleanup.moves import PlannedFile
from simfind.core.compare.blocks import matching_blocks
from simfind.core.compare.verify import Comparable, comparable
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

#: Marked files beyond this many are not read for the look (a move of many files is a
#: clean-up of copies, not of a few versions; reading them all would hold it up).
MAX_FILES = 200
#: A file lacking at most this many words, that are also under FLOOR_SHARE of its words,
#: is not named: a date or a version number changed in a long text.
FLOOR_WORDS = 2
FLOOR_SHARE = 0.01


@dataclass(frozen=True)
class Lacking:
    """A marked file with text its kept file lacks."""

    path: Path
    kept: Path
    #: Its words the kept file does not have (difflib's unmatched words).
    words: int


def words_lacking(marked: Comparable, kept: Comparable) -> int:
    """How many words of ``marked`` difflib's matching blocks leave unmatched in ``kept``."""
    blocks = matching_blocks(marked.words, kept.words)
    return max(0, marked.size - blocks.matched - blocks.estimated)


def worth_naming(words: int, size: int) -> bool:
    """Whether a file of ``size`` words that lacks ``words`` of them in its kept file is
    named (see the module: the floor)."""
    return words > FLOOR_WORDS or (words > 0 and words >= FLOOR_SHARE * size)


def lacking(
    files: Sequence[PlannedFile],
    settings: FeatureSettings | None = None,
    read: Callable[[Path], str] | None = None,
) -> list[Lacking]:
    """Of ``files`` (at most ``MAX_FILES``, else none are looked at), those with words
    every file kept for them lacks, each with the fewest words lacking."""
    if len(files) > MAX_FILES:
        return []
    settings = settings or FeatureSettings()
    reader = read or (lambda path: read_text(path).text)
    texts: dict[Path, Comparable | None] = {}

    def words_of(path: Path) -> Comparable | None:
        if path not in texts:
            try:
                texts[path] = comparable(reader(path), settings)
            except (NotTextError, OSError, ValueError):
                texts[path] = None
        return texts[path]

    found = []
    for planned in files:
        mine = words_of(planned.path)
        if mine is None or not mine.size:
            continue
        counts = []
        for seen in planned.kept:
            theirs = words_of(seen.path)
            if theirs is not None:
                counts.append((words_lacking(mine, theirs), seen.path))
        if counts:
            words, kept = min(counts, key=lambda c: (c[0], str(c[1])))
            if worth_naming(words, mine.size):
                found.append(Lacking(planned.path, kept, words))
    return found


__all__ = [
    "FLOOR_SHARE",
    "FLOOR_WORDS",
    "MAX_FILES",
    "Lacking",
    "lacking",
    "words_lacking",
    "worth_naming",
]

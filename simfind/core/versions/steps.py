"""The size of one step from a version to the next: words added, removed and changed.

Words are those a reader counts: the diff's words (white space apart, Chinese runs cut
by jieba, diff.split_words) that hold a letter, a digit or a Chinese character;
punctuation and spaces are no words here. The two texts' words are aligned by a longest
common subsequence (rapidfuzz's Indel alignment, bit-parallel); between two kept runs,
``r`` words gone and ``a`` words come make ``min(r, a)`` changed words, and the rest
removed (``r > a``) or added (``a > r``). A reworded phrase is a change, a new sentence
an addition. A run of fewer than ``MIN_RUN`` shared words between changes whose words
pair up (words gone on one side of it or the other, and words come) is part of the
change: a rewritten sentence keeps a "the most" or an "on" by chance,
and counting around them split one change of 11 words into 15 words added, removed
and changed (a real rewording in tests/data/versions).
"""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz.distance import Indel

from simfind.core.compare.diff import split_words

#: Shared runs shorter than this, between two changes, count as changed (see the module).
MIN_RUN = 3


@dataclass(frozen=True)
class StepSize:
    """Words added, removed and changed from one version to the next."""

    added: int
    removed: int
    changed: int

    @property
    def total(self) -> int:
        return self.added + self.removed + self.changed


def words(text: str) -> list[str]:
    """The text's words, in order (see the module)."""
    return [piece for piece in split_words(text) if any(c.isalnum() for c in piece)]


def gaps_sized(kept: list[tuple[int, int, int]], left: int, right: int) -> StepSize:
    """The step's size from the kept runs (start in the left, start in the right, length),
    in order, of two texts of ``left`` and ``right`` words."""
    runs = [*kept, (left, right, 0)]
    added = removed = changed = 0
    gone = come = at_left = at_right = 0
    for index, (start_left, start_right, length) in enumerate(runs):
        gone += start_left - at_left
        come += start_right - at_right
        at_left, at_right = start_left + length, start_right + length
        if 0 < length < MIN_RUN and index + 1 < len(runs) and (gone or come):
            # Between two changes, and the words on both sides of it pair up: one change.
            next_gone, next_come = runs[index + 1][0] - at_left, runs[index + 1][1] - at_right
            if (next_gone or next_come) and (gone or next_gone) and (come or next_come):
                gone, come = gone + length, come + length
                continue
        both = min(gone, come)
        changed += both
        removed += gone - both
        added += come - both
        gone = come = 0
    return StepSize(added, removed, changed)


def step_size(earlier: str, later: str) -> StepSize:
    """How many words the later text added, removed and changed of the earlier one."""
    a, b = words(earlier), words(later)
    kept = [
        (op.src_start, op.dest_start, op.src_end - op.src_start)
        for op in Indel.opcodes(a, b)
        if op.tag == "equal"
    ]
    return gaps_sized(kept, len(a), len(b))


__all__ = ["StepSize", "gaps_sized", "step_size", "words"]

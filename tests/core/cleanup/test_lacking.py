"""Marked files with text their kept file lacks, counted as difflib counts it."""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

from simfind.core.cleanup.checks import Seen
from simfind.core.cleanup.lacking import MAX_FILES, lacking
from simfind.core.cleanup.moves import PlannedFile

CHAPTER = """Chapter One: The Harbour

The fishing boats came in before dawn, their lamps swinging over the black water.
Old Marta counted them from the sea wall as she had done for forty years.

Her son had gone out on the Esperanza three days before and had not come back.
The harbour master said the storm had driven the fleet north, past the cape.

She did not believe him. She had never believed a harbour master in her life.
"""

# The edited version: two paragraphs added, one sentence reworded.
EDITED = """Chapter One: The Harbour

The fishing boats came in before dawn, their lamps swinging over the black water.
Old Marta counted them from the sea wall as she had done for forty years.

On the third morning the gulls were quiet, and the bakers on Quay Street kept their
shutters down, as they always did when a boat was overdue.

Her son had gone out on the Esperanza three days before and had not come back.
The harbour master insisted the gale had pushed the fleet north, beyond the cape.

She did not believe him. She had never believed a harbour master in her life.

By noon a girl ran down from the lighthouse shouting that a sail was in sight,
and the whole town followed her to the end of the breakwater to see it.
"""


def difflib_lacking(marked: str, kept: str) -> int:
    """Independently: the marked text's words difflib leaves unmatched in the kept text."""
    a = re.findall(r"\w+", marked.casefold())
    b = re.findall(r"\w+", kept.casefold())
    blocks = difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
    return len(a) - sum(block.size for block in blocks)


def planned(path: Path, kept: Path) -> PlannedFile:
    info, kept_info = path.stat(), kept.stat()
    return PlannedFile(path, info.st_size, info.st_mtime_ns, kept=(Seen.of(kept, kept_info),))


def chapters(tmp_path: Path) -> tuple[Path, Path]:
    final = tmp_path / "faq-ch01 final.txt"
    final.write_text(EDITED, encoding="utf-8")
    saved = tmp_path / "faq-ch01.txt"  # the copy saved last, without the edits
    saved.write_text(CHAPTER, encoding="utf-8")
    os.utime(final, ns=(10**18, 10**18))
    return final, saved


def test_the_edited_version_marked_for_the_older_text_is_named_with_difflibs_count(
    tmp_path: Path,
) -> None:
    final, saved = chapters(tmp_path)
    expected = difflib_lacking(EDITED, CHAPTER)
    assert expected > 40  # two paragraphs and a reworded sentence
    found = lacking([planned(final, saved)])
    assert [(f.path, f.kept, f.words) for f in found] == [(final, saved, expected)]


def test_a_marked_file_the_kept_file_holds_entirely_is_not_named(tmp_path: Path) -> None:
    final, saved = chapters(tmp_path)
    opening = tmp_path / "faq-ch01 opening.txt"  # the chapter's first paragraphs only
    opening.write_text(CHAPTER.split("Her son")[0], encoding="utf-8")
    assert difflib_lacking(opening.read_text(encoding="utf-8"), EDITED) == 0
    assert lacking([planned(opening, final)]) == []
    # Kept for two groups: the kept file that holds most of it counts (a copy of it: none).
    twin = tmp_path / "faq-ch01 final (2).txt"
    twin.write_text(EDITED, encoding="utf-8")
    one = planned(final, saved)
    both = PlannedFile(one.path, one.size, one.mtime_ns, kept=(*one.kept, Seen(twin, 0, 0)))
    assert lacking([one])[0].words > 0
    assert lacking([both]) == []


def test_unreadable_files_and_too_many_files_are_left_out(tmp_path: Path) -> None:
    final, saved = chapters(tmp_path)
    gone = planned(final, saved)
    final.unlink()
    assert lacking([gone]) == []
    final.write_text(EDITED, encoding="utf-8")
    many = [planned(final, saved)] * (MAX_FILES + 1)
    assert lacking(many) == []


RELEASES = Path(__file__).parents[2] / "data" / "releases"


def test_a_word_or_two_changed_in_a_long_text_is_not_named_but_in_a_short_one_it_is(
    tmp_path: Path,
) -> None:
    # Django's GeoDjango forms page (a real API reference, 579 words): two
    # words changed in the marked copy ("NASA" -> "ESA", "SRID" -> "EPSG"
    # once) is below the floor; three words changed are named, with difflib's count.
    text = (RELEASES / "forms-api-5.1.4.txt").read_text(encoding="utf-8")
    kept = tmp_path / "forms-api.txt"
    kept.write_text(text, encoding="utf-8")
    two = tmp_path / "forms-api (edited).txt"
    edited = text.replace("`NASA`_.", "`ESA`_.", 1).replace("the SRID code", "the EPSG code", 1)
    two.write_text(edited, encoding="utf-8")
    assert difflib_lacking(edited, text) == 2
    assert len(re.findall(r"\w+", text)) > 500  # 2 words: under 1 %
    assert lacking([planned(two, kept)]) == []
    three = edited.replace("GeoDjango provides", "Django provides", 1)
    two.write_text(three, encoding="utf-8")
    assert difflib_lacking(three, text) == 3
    assert [f.words for f in lacking([planned(two, kept)])] == [3]
    # One word of a short note is over 1 % of it: named.
    note = tmp_path / "note.txt"
    note.write_text("GeoDjango provides some specialized form fields and widgets.", "utf-8")
    other = tmp_path / "note (2).txt"
    other.write_text("GeoDjango provides some special form fields and widgets.", "utf-8")
    assert [f.words for f in lacking([planned(note, other)])] == [1]

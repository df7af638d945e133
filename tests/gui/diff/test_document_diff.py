"""A .docx beside a .txt of the same words: the diff lines them up paragraph by paragraph
(issue 47, item 3): the document's text has a line per paragraph, the text file wraps."""

from __future__ import annotations

import difflib
import shutil
import textwrap
from pathlib import Path

import pytest

from simfind.core.compare.diff import DiffOptions, Kind, unwrapped
from simfind.core.text.reading import read_text
from simfind.gui.diff.rendering import Side, compute
from tests.places import TESTS

DOCUMENTS = TESTS / "data" / "documents"


@pytest.mark.parametrize(("name", "width"), [("en.docx", 72), ("zh.docx", 36)])
def test_a_document_and_its_wrapped_text_line_up(tmp_path: Path, name: str, width: int) -> None:
    docx = tmp_path / "chapter.docx"
    shutil.copy(DOCUMENTS / name, docx)
    paragraphs = read_text(docx, 10**7).text.splitlines()
    # The same words as a text file: wrapped (Chinese with no space at a break), a blank
    # line between paragraphs.
    txt = tmp_path / "chapter.txt"
    txt.write_text(
        "\n\n".join(textwrap.fill(p, width) for p in paragraphs) + "\n", encoding="utf-8"
    )
    assert max(len(line) for line in txt.read_text(encoding="utf-8").splitlines()) <= width
    left = Side(txt, "utf-8", txt.stat().st_size)
    right = Side(docx, "", docx.stat().st_size, format="docx")
    rendered = compute(left, right, DiffOptions(), only_changes=False)
    shown_left = rendered.result.left_lines
    changed = [
        row
        for row in rendered.result.rows
        if row.kind is not Kind.EQUAL
        and (row.left is None or shown_left[row.left].strip())  # not the blank lines between
    ]
    assert changed == []  # was almost every line, until both Ignore boxes were ticked
    # Measured apart: difflib finds every paragraph of the document on the text's side.
    ours = [" ".join(line.replace("\u200b", "").split()) for line in shown_left if line.strip()]
    theirs = [" ".join(p.split()) for p in paragraphs]
    assert difflib.SequenceMatcher(None, ours, theirs, autojunk=False).ratio() == 1.0


def test_unwrapping_keeps_every_character_in_its_place() -> None:
    text = "One line\nwrapped here.\r\nAnd here.\n\nA new paragraph\n  indented.\n"
    flat = unwrapped(text)
    assert len(flat) == len(text)
    assert flat.splitlines() == [
        "One line wrapped here.  And here.",
        "",
        "A new paragraph   indented.",
    ]

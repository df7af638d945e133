"""The figure is difflib's ratio of the two texts' words on every kind of text a user tripped
on (issue 41), each on real text: a reference whose lines repeat, texts of a few words, a
chapter with two lines deleted. Checked against benchmarks/judge.py (difflib over
the judge's own words, punctuation no word), never against simfind's own measure."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.judge import gap, ratio
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare.pair import compare_two
from simfind.core.compare.verify import comparable, shares
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.features import FeatureSettings
from tests.places import TESTS

DATA = TESTS / "data" / "releases"
SETTINGS = FeatureSettings()


def _sim(a: str, b: str) -> float:
    return shares(comparable(a, SETTINGS), comparable(b, SETTINGS)).similarity


def _without(text: str, first: int, count: int) -> str:
    """The text with ``count`` lines from line ``first`` (1-based) deleted, as sed does."""
    lines = text.splitlines(keepends=True)
    return "".join(lines[: first - 1] + lines[first - 1 + count :])


def test_an_api_reference_whose_lines_repeat_reads_what_its_diff_says(tmp_path: Path) -> None:
    """Django's forms-api.txt, 4.2.16 against 5.1.4: ten lines deleted, difflib 0.973; the
    pair table of runs read 0.547 (the chain of runs lost its way among the repeats)."""
    old = (DATA / "forms-api-4.2.16.txt").read_text(encoding="utf-8")
    new = (DATA / "forms-api-5.1.4.txt").read_text(encoding="utf-8")
    judged = ratio(old, new)
    assert judged == pytest.approx(0.973, abs=0.001)
    (tmp_path / "old.txt").write_text(old, encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "new.txt").write_text(new, encoding="utf-8")
    two = compare_two(tmp_path / "old.txt", folder / "new.txt", SETTINGS)
    assert two.shares.similarity == pytest.approx(judged, abs=0.005)
    found = scan(tmp_path / "old.txt", folder, ScanOptions()).matches[0]
    assert found.similarity == pytest.approx(two.shares.similarity)  # one figure
    assert found.similar


def test_wherever_ten_lines_are_deleted_from_a_repetitive_file_the_figure_is_difflibs() -> None:
    """The figure does not depend on where an edit falls among repeated lines (0.735 or
    0.968 before, for two such deletions)."""
    old = (DATA / "forms-api-4.2.16.txt").read_text(encoding="utf-8")
    lines = len(old.splitlines())
    for first in range(1, lines - 10, 9):
        edited = _without(old, first, 10)
        assert gap(_sim(old, edited), old, edited) <= 0.02, first


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Be different: conform.", "Be practically conform."),
        ("Stay hungry. Stay foolish.", "Stay hungry, stay foolish"),
        ("Simple is better than complex.", "Complex is better than complicated."),
        ("Now is better than never.", "Although never is often better than *right* now."),
        ("知足常乐", "知足者常乐"),
        ("人怕没理，狗怕夹尾。", "人怕没脸，树怕没皮。"),
        ("什么是 Debian GNU/Linux？", "什么是 Debian conffile？"),
        ("马好坏骑着看，友好坏交着看。", "马好无骑着看，友好坏交着看。"),
    ],
)
def test_texts_of_two_to_ten_words_read_what_their_diff_says(a: str, b: str) -> None:
    """Runs of two words were what counted: "Be different: conform." against "Be
    practically conform." read 0.0 (difflib 0.667)."""
    assert gap(_sim(a, b), a, b) <= 1e-9


def test_two_deleted_lines_cost_what_they_weigh() -> None:
    """The Debian FAQ's chapter 3 (zh_CN) with the two-line bullet at lines 152-153
    removed: 59.7 % before, difflib 99.7 %; and every other two-line deletion of a
    sample across the chapter."""
    chapter = (DATA / "faq-ch03-choosing.txt").read_text(encoding="utf-8")
    cut = _without(chapter, 152, 2)
    assert ratio(chapter, cut) == pytest.approx(0.997, abs=0.001)
    assert gap(_sim(chapter, cut), chapter, cut) <= 0.005
    lines = len(chapter.splitlines())
    for first in range(3, lines - 2, 23):
        edited = _without(chapter, first, 2)
        assert gap(_sim(chapter, edited), chapter, edited) <= 0.02, first
    assert _sim(chapter, cut) >= DEFAULT_THRESHOLD


def test_a_string_escaped_in_one_release_reads_as_the_characters_it_stands_for() -> None:
    """docutils' Hebrew language module escapes its labels in 0.20 and writes them out in
    0.21 (0.54 as written, difflib 0.96); a lone surrogate's escape stays as written."""
    written = "labels = {'author': 'מחבר', 'contact': 'קשר', 'version': 'גרסה'}\n"
    escaped = written.encode("ascii", "backslashreplace").decode("ascii")
    assert "\\u05de" in escaped
    assert _sim(written, escaped) == 1.0
    assert gap(_sim(written + "x = 1", escaped), written + "x = 1", escaped) <= 1e-9
    assert _sim("emoji '\\ud83d\\ude00'", "emoji 'ud83d ude00'") == 1.0

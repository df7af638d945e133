"""What a folder's shared text does to a pair's figure (issue 41, item 2): common words
are no boilerplate, a label or an attribution many texts carry counts for nothing, and a
pair reads what its diff says wherever the folder shares nothing else of it. Real text:
the running Python's standard library, sayings of Debian's fortunes-zh (tests/data)."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

import pytest

from benchmarks.judge import ratio
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare.boilerplate import text_spans
from simfind.core.compare.verify import comparable, shares
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.features import FeatureSettings
from tests.places import TESTS

DATA = TESTS / "data"
SETTINGS = FeatureSettings()
STDLIB = Path(sysconfig.get_paths()["stdlib"])


def test_a_pair_in_a_folder_of_prose_and_code_reads_what_its_diff_says(tmp_path: Path) -> None:
    """argparse.py and the same with 1,200 of its lines deleted, among 80 other modules
    of the standard library: the folder shares pairs of common words with them ("of
    the", "return self"), each a small part of every module, and no passage of theirs;
    the scan's figure is the diff's (it was 5 points under: 0.671 against 0.721)."""
    folder = tmp_path / "folder"
    folder.mkdir()
    for module in sorted(STDLIB.glob("*.py"))[:80]:
        shutil.copy(module, folder / module.name)
    text = (STDLIB / "argparse.py").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    edited = "".join(lines[:300] + lines[1500:])
    (folder / "argparse_edited.py").write_text(edited, encoding="utf-8")
    result = scan(STDLIB / "argparse.py", folder, ScanOptions())
    found = {m.rel: m for m in result.matches}["argparse_edited.py"]
    alone = shares(comparable(text, SETTINGS), comparable(edited, SETTINGS)).similarity
    assert alone == pytest.approx(ratio(text, edited), abs=1e-9)
    assert 0.3 < alone < 0.9  # a pair whose figure the shared words could move
    assert found.similarity == pytest.approx(alone, abs=0.01)


def _sayings() -> list[str]:
    return (DATA / "sayings" / "lunyu.txt").read_text(encoding="utf-8").splitlines()


def _body(saying: str) -> str:
    """A saying of lunyu.txt without its prefix and its attribution (for the judge)."""
    body = saying.removesuffix(" --《论语》")
    return body.removeprefix("子曰：")


def _labelled(first: str, second: str) -> bool:
    return first.startswith("子曰：") == second.startswith("子曰：")


def test_sayings_that_share_only_their_prefix_and_source_score_their_own_words(
    tmp_path: Path,
) -> None:
    """Sixty sayings of 《论语》 (fortunes-zh), a file each in one folder: ``子曰：`` opens
    most of them and ``--《论语》`` ends all, and neither counts; no pair scores more than
    difflib finds in the two sayings' own words. 子曰：“人之生也直，罔之生也幸而免。”
    and 子曰：“回也非助我者也，于吾言无所不说。” read 47.6 % alike (the labels are three
    of their 21 words, and both have 也 twice) and so sat one point under the threshold;
    they score 26.7 % now, as their records do."""
    sayings = _sayings()
    folder = tmp_path / "sayings"
    folder.mkdir()
    for number, saying in enumerate(sayings):
        (folder / f"{number:02d}.txt").write_text(saying + "\n", encoding="utf-8")
    figures = []
    for number in (9, 20, 40):
        result = scan(folder / f"{number:02d}.txt", folder, ScanOptions())
        assert not result.boilerplate.empty
        for match in result.matches:
            other = int(match.rel[:2])
            if other == number or match.similarity is None:
                continue
            judged = ratio(_body(sayings[number]), _body(sayings[other]))
            # Similar only where their own words are: 子曰：“由！知德者鲜矣。” and
            # 子曰：“巧言令色，鲜矣仁。” share 鲜矣, half their words (0.5 is similar).
            assert not match.similar or judged >= DEFAULT_THRESHOLD
            if _labelled(sayings[number], sayings[other]):
                # At most what their own words share (less where a common ending joins
                # the attribution: 也 --《论语》 ends many of them).
                assert match.similarity <= judged + 0.02
            figures.append(match.similarity)
    assert len(figures) >= 30
    pair = {m.rel: m for m in scan(folder / "09.txt", folder, ScanOptions()).matches}["28.txt"]
    assert pair.similarity == pytest.approx(ratio(_body(sayings[9]), _body(sayings[28])), abs=1e-9)
    assert pair.similarity < 0.3 and ratio(sayings[9], sayings[28]) > 0.47


def test_a_saying_mostly_its_label_is_compared_by_the_rest(tmp_path: Path) -> None:
    """A short saying (子曰：“巧言令色，鲜矣仁。” is three words and its labels three more)
    and the same with one character changed, in the folder of sayings: it is compared by
    its own words, so the copy is as alike as those are (difflib), and similar."""
    sayings = _sayings()
    folder = tmp_path / "sayings"
    folder.mkdir()
    for number, saying in enumerate(sayings):
        (folder / f"{number:02d}.txt").write_text(saying + "\n", encoding="utf-8")
    short = next(s for s in sayings if s.startswith("子曰：“巧言令色"))
    copy = short.replace("鲜矣仁", "鲜矣人")
    (folder / "copy.txt").write_text(copy + "\n", encoding="utf-8")
    found = {m.rel: m for m in scan(folder / "copy.txt", folder, ScanOptions()).matches}
    reference = next(
        m
        for m in found.values()
        if m.rel != "copy.txt"
        and m.similarity == max(x.similarity or 0 for x in found.values() if x.rel != "copy.txt")
    )
    assert (folder / reference.rel).read_text(encoding="utf-8").strip() == short
    assert reference.similarity == pytest.approx(ratio(_body(short), _body(copy)), abs=0.02)
    assert reference.similar


def test_no_two_sayings_of_a_folder_sit_on_the_threshold_by_their_sources(
    tmp_path: Path,
) -> None:
    """The 89 sayings of tests/data/sayings, a file each: strangers that share their
    source (``--《谚语》``, ``--《增广贤文》``) and the pattern 人怕… read exactly 0.500
    and were similar (14 such pairs from 89 references, 0.27 files flagged for each);
    a figure equal to the threshold is similar, so no pair of strangers may sit there.
    Without the sources, none does, and a flagged pair is one whose sayings are alike
    (difflib on the sayings' words)."""
    lines = (DATA / "sayings" / "sayings.txt").read_text(encoding="utf-8").splitlines()
    folder = tmp_path / "sayings"
    folder.mkdir()
    for number, line in enumerate(lines):
        (folder / f"{number:02d}.txt").write_text(line + "\n", encoding="utf-8")
    compared = 0
    for number in range(0, len(lines), 4):
        for match in scan(folder / f"{number:02d}.txt", folder, ScanOptions()).matches:
            other = int(match.rel[:2])
            if other == number or match.similarity is None:
                continue
            compared += 1
            mine, theirs = (lines[n].split(" --")[0] for n in (number, other))
            assert match.similarity != DEFAULT_THRESHOLD
            assert not match.similar or ratio(mine, theirs) >= DEFAULT_THRESHOLD
    assert compared >= 100


def test_a_folder_of_copies_of_a_chapter_does_not_make_it_boilerplate(tmp_path: Path) -> None:
    """Ten copies of a chapter of the Chinese Debian FAQ (tests/data/releases), each with
    two other lines deleted, beside the Debian Edu manual's pages: every copy carries the
    chapter, its start and its end, and none of it is boilerplate (the report greyed
    24 % of such a chapter as licence headers and banners)."""
    text = (DATA / "releases" / "faq-ch03-choosing.txt").read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    folder = tmp_path / "folder"
    folder.mkdir()
    for number in range(10):
        copy = "".join(lines[: 10 * number] + lines[10 * number + 2 :])
        (folder / f"copy{number}.txt").write_text(copy, encoding="utf-8")
    for page in (DATA / "zh_manual").glob("*.txt"):
        shutil.copy(page, folder / page.name)
    result = scan(DATA / "releases" / "faq-ch03-choosing.txt", folder, ScanOptions())
    assert text_spans(text, result.boilerplate) == []
    for match in result.matches:
        if match.rel.startswith("copy"):
            copy = (folder / match.rel).read_text(encoding="utf-8")
            assert match.similarity == pytest.approx(ratio(text, copy), abs=0.005)

"""Versions in order: real revision chains (tests/data/versions, Word and PDF files saved
by LibreOffice) recovered in the order they were made, with each step's size checked
against difflib."""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from simfind.core.cleanup.marking import Candidate, mark_older_versions
from simfind.core.scan.options import ScanOptions
from simfind.core.versions.chains import Draft, Versions, order_versions
from simfind.core.versions.files import read_drafts
from simfind.core.versions.naming import name_rank
from simfind.core.versions.steps import StepSize, step_size, words
from tests.places import TESTS

DATA = TESTS / "data"
#: Some moment of 2023, for the fixtures' modified times.
EPOCH = 1_700_000_000


def planted(folder: Path) -> dict[str, str | None]:
    """The fixture chains copied into ``folder`` with their modified times; each file's
    ground truth: the file it was made from."""
    manifest = json.loads((DATA / "versions" / "manifest.json").read_text("utf-8"))
    made_from = {}
    for entry in manifest:
        target = folder / entry["file"]
        shutil.copy(DATA / "versions" / entry["file"], target)
        at = EPOCH + 60 * entry["minutes"]
        os.utime(target, (at, at))
        made_from[entry["file"]] = entry["from"]
    return made_from


def versions_in(folder: Path) -> Versions:
    files = [(p, p.stat().st_mtime_ns) for p in sorted(folder.iterdir())]
    read = read_drafts(files, ScanOptions())
    assert read.unreadable == []
    return order_versions(read.drafts, ScanOptions().features)


def difflib_step(earlier: list[str], later: list[str]) -> StepSize:
    """The same count from difflib's alignment: a shared run of fewer than three words
    between two differing blocks whose words pair up joins them; each change of r words
    gone and a come is min(r, a) changed, the rest removed or added."""
    opcodes = difflib.SequenceMatcher(None, earlier, later, autojunk=False).get_opcodes()
    changes: list[list[int]] = [[0, 0]]  # [words gone, words come] of each change
    for index, (tag, a0, a1, b0, b1) in enumerate(opcodes):
        if tag != "equal":
            changes[-1][0] += a1 - a0
            changes[-1][1] += b1 - b0
            continue
        gone, come = changes[-1]
        after = opcodes[index + 1] if index + 1 < len(opcodes) else None
        if a1 - a0 < 3 and (gone or come) and after is not None:
            more_gone, more_come = after[2] - after[1], after[4] - after[3]
            if (gone or more_gone) and (come or more_come):
                changes[-1][0] += a1 - a0
                changes[-1][1] += b1 - b0
                continue
        changes.append([0, 0])
    added = removed = changed = 0
    for gone, come in changes:
        changed += min(gone, come)
        removed += gone - min(gone, come)
        added += come - min(gone, come)
    return StepSize(added, removed, changed)


def test_real_revision_chains_are_recovered_in_order(tmp_path: Path) -> None:
    made_from = planted(tmp_path)
    found = versions_in(tmp_path)
    by_order = {v.order: v for v in found.versions}
    linked = {
        v.path.name: None if v.parent is None else by_order[v.parent].path.name
        for v in found.versions
    }
    assert linked == made_from
    # Older first, always: v3 (saved at minute 40) before v2 (minute 60), as made.
    times = [v.mtime_ns for v in found.versions]
    assert times == sorted(times)
    names = [v.path.name for v in found.versions]
    assert names.index("bicycle notes_v3.txt") < names.index("bicycle notes_v2.docx")
    assert found.chains == 2
    # The newest of each chain: the files nothing was made from (a branch has two).
    assert (
        {v.path.name for v in found.newest()}
        == {name for name in made_from if name not in made_from.values()}
        == {"备份管理 最终版.pdf", "bicycle notes final (1).pdf", "bicycle notes (club).txt"}
    )
    # A tree shows each version under the one it grew from.
    walked = found.walk()
    for index, version in enumerate(walked):
        if version.parent is not None:
            assert by_order[version.parent] in walked[:index]
            assert version.depth == by_order[version.parent].depth + 1


def test_each_step_is_measured_as_difflib_measures_it(tmp_path: Path) -> None:
    planted(tmp_path)
    found = versions_in(tmp_path)
    texts = {
        d.path: d.text
        for d in read_drafts([(p, 0) for p in tmp_path.iterdir()], ScanOptions()).drafts
    }
    steps = 0
    for version in found.versions:
        if version.parent is None:
            assert version.step is None and version.similarity is None
            continue
        earlier, later = texts[found.versions[version.parent].path], texts[version.path]
        assert version.step == difflib_step(words(earlier), words(later))
        if not re.search("[\u4e00-\u9fff]", earlier + later):
            # Words found apart from the diff's own cutting: \w+ runs.
            plain = difflib_step(re.findall(r"\w+", earlier), re.findall(r"\w+", later))
            assert version.step == plain
        # The similarity is the exact measure's, near what difflib reads of the words.
        ratio = difflib.SequenceMatcher(None, words(earlier), words(later), autojunk=False).ratio()
        assert version.similarity is not None and abs(version.similarity - ratio) < 0.06
        steps += 1
    assert steps == 7
    by_name = {v.path.name: v for v in found.versions}
    # The edits made: a sentence of 15 words added; a paragraph of 35 words removed.
    assert by_name["bicycle notes_v3.txt"].step == StepSize(15, 0, 0)
    assert by_name["bicycle notes final.docx"].step == StepSize(0, 35, 0)
    assert by_name["bicycle notes final (1).pdf"].similarity == 1.0


def test_a_step_counts_added_removed_and_changed_words() -> None:
    assert step_size("one two three four", "one two three four") == StepSize(0, 0, 0)
    assert step_size("one two three four", "one two, three four five six") == StepSize(2, 0, 0)
    assert step_size("one two three four", "one four") == StepSize(0, 2, 0)
    assert step_size("one two three four", "one deux trois quatre four") == StepSize(1, 0, 2)
    # A shared word or two inside a rewording is part of it.
    assert step_size("a b c d e f g", "a b c x d y e z f g") == StepSize(3, 0, 0)
    assert step_size("a b c d e f g", "a b c x d y f g") == StepSize(1, 0, 2)
    assert step_size("我们今天去公园散步。", "我们明天去公园散步。") == StepSize(0, 0, 1)


def test_names_place_versions_saved_at_the_same_moment() -> None:
    names = ["report final (1).pdf", "report final.docx", "report.docx", "report_v2.docx"]
    ranked = sorted(names, key=lambda n: name_rank(Path(n)))
    assert ranked == ["report.docx", "report_v2.docx", "report final.docx", "report final (1).pdf"]
    text = (DATA / "zh_manual" / "hardware-bookworm.txt").read_text("utf-8")
    second = text.replace("\n\n", "\n\n这一段是第二版加上的说明。\n\n", 1)
    third = second + "\n第三版又加了一句话。\n"
    drafts = [
        Draft(Path("硬件 final.txt"), 5, third),
        Draft(Path("硬件_v2.txt"), 5, second),
        Draft(Path("硬件.txt"), 5, text),
    ]
    found = order_versions(drafts, ScanOptions().features)
    assert [v.path.name for v in found.versions] == ["硬件.txt", "硬件_v2.txt", "硬件 final.txt"]
    assert [v.parent for v in found.versions] == [None, 0, 1]
    assert all(v.tied for v in found.versions)


def test_the_modified_time_outranks_the_name_and_a_stranger_starts_its_own_chain() -> None:
    text = (DATA / "zh_manual" / "backup-bullseye.txt").read_text("utf-8")
    later = text.replace("如果您想恢复单个文件", "如果只想恢复一个文件")
    stranger = (DATA / "zh_manual" / "faq-what-is-debian.txt").read_text("utf-8")
    drafts = [
        Draft(Path("backup_v2.txt"), 1, text),
        Draft(Path("backup.txt"), 2, later),
        Draft(Path("faq.txt"), 3, stranger),
    ]
    found = order_versions(drafts, ScanOptions().features)
    assert [(v.path.name, v.parent, v.chain, v.newest) for v in found.versions] == [
        ("backup_v2.txt", None, 0, False),
        ("backup.txt", 0, 0, True),
        ("faq.txt", None, 1, True),
    ]
    assert not any(v.tied for v in found.versions)


@pytest.mark.parametrize("count", [0, 1])
def test_no_versions_or_one(count: int) -> None:
    drafts = [Draft(Path("a.txt"), 1, "a short note of a few words")][:count]
    found = order_versions(drafts, ScanOptions().features)
    assert len(found.versions) == count and all(v.newest for v in found.versions)


def test_the_newest_version_of_each_chain_is_kept(tmp_path: Path) -> None:
    planted(tmp_path)
    found = versions_in(tmp_path)
    group = [
        Candidate(v.path, v.path.stat().st_size, v.mtime_ns, digest=v.path.name.encode())
        for v in found.versions
    ]
    newest = [{v.path for v in found.newest()}]
    marks = mark_older_versions([group], newest)
    assert {group[k].path.name for k in marks.marked[0]} == {
        "备份管理.txt",
        "备份管理_v2.docx",
        "bicycle notes.txt",
        "bicycle notes_v3.txt",
        "bicycle notes_v2.docx",
        "bicycle notes final.docx",
    }
    # A file in a reference folder stays; only byte-identical ones: none are here.
    group[0] = Candidate(group[0].path, 1, group[0].mtime_ns, protected=True)
    marks = mark_older_versions([group], newest)
    assert group[0].path.name not in {group[k].path.name for k in marks.marked[0]}
    assert mark_older_versions([group], newest, identical_only=True).count == 0
    # Two copies of an old version, byte for byte: the later copy is kept.
    copies = [
        Candidate(Path("a/old.txt"), 5, 1, digest=b"x"),
        Candidate(Path("b/old.txt"), 5, 2, digest=b"x"),
        Candidate(Path("new.txt"), 6, 3, digest=b"y"),
    ]
    marks = mark_older_versions([copies], [{Path("new.txt")}], identical_only=True)
    assert marks.marked == [[0]]

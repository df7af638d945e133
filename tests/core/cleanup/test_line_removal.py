"""A copy without some lines, beside the file, in its own encoding and line endings."""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest

from simfind.core.cleanup.line_removal import (
    LineRemovalError,
    Refusal,
    marked_lines,
    repeats,
    without_lines,
)
from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordSpec, lines
from simfind.core.records.search import find_record_groups
from tests.places import TESTS

DATA = TESTS / "data"
LABEL = "without duplicate lines"


def _read_as(path: Path) -> tuple[int, int]:
    info = path.stat()
    return info.st_size, info.st_mtime_ns


@pytest.mark.parametrize(
    ("encoding", "mark"),
    [("gbk", b""), ("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe")],
)
def test_the_copy_keeps_the_encoding_the_mark_and_each_lines_ending(
    tmp_path: Path, encoding: str, mark: bytes
) -> None:
    text = "早安，世界\r\n重复的一行\n中间\r\n重复的一行\r\n结尾没有换行"
    source = tmp_path / "笔记.txt"
    source.write_bytes(mark + text.encode(encoding))
    numbers = {p.line for p in lines(text) if p.text == "重复的一行"}
    assert numbers == {2, 4}
    done = without_lines(source, {4}, LABEL, _read_as(source))
    assert done.target == tmp_path / "笔记 (without duplicate lines).txt"
    assert (done.removed, done.kept) == (1, 4)
    expected = "早安，世界\r\n重复的一行\n中间\r\n结尾没有换行"
    assert done.target.read_bytes() == mark + expected.encode(encoding)
    assert source.read_bytes() == mark + text.encode(encoding)  # never in place
    again = without_lines(source, {1, 5}, LABEL)
    assert again.target.name == "笔记 (without duplicate lines 2).txt"
    assert again.target.read_bytes() == mark + "重复的一行\n中间\r\n重复的一行\r\n".encode(encoding)


def test_a_file_changed_since_it_was_read_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "list.txt"
    source.write_text("one\ntwo\ntwo\n", encoding="utf-8")
    read_as = _read_as(source)
    source.write_text("one\ntwo\nthree\ntwo\n", encoding="utf-8")
    os.utime(source, ns=(read_as[1] + 10**9, read_as[1] + 10**9))
    with pytest.raises(LineRemovalError) as caught:
        without_lines(source, {3}, LABEL, read_as)
    assert caught.value.refusal is Refusal.CHANGED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.txt"]


def test_a_document_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "en.docx"
    shutil.copy(DATA / "documents" / "en.docx", source)
    with pytest.raises(LineRemovalError) as caught:
        without_lines(source, {1}, LABEL)
    assert caught.value.refusal is Refusal.NOT_TEXT
    assert sorted(p.name for p in tmp_path.iterdir()) == ["en.docx"]


def test_a_file_whose_text_does_not_give_back_its_bytes_is_refused(tmp_path: Path) -> None:
    # A byte that is not UTF-8 in a file marked as UTF-8: read as U+FFFD, which would
    # be written back as three other bytes.
    source = tmp_path / "marked.txt"
    source.write_bytes(b"\xef\xbb\xbf" + "一行\n一行\n".encode() + b"caf\xe9\n")
    with pytest.raises(LineRemovalError) as caught:
        without_lines(source, {2}, LABEL)
    assert caught.value.refusal is Refusal.NOT_FAITHFUL
    assert sorted(p.name for p in tmp_path.iterdir()) == ["marked.txt"]


def test_each_file_gets_its_own_answer(tmp_path: Path) -> None:
    from simfind.core.cleanup.line_removal import NotWritten, Removed, copies_without

    good = tmp_path / "good.txt"
    good.write_text("a\nb\nb\n", encoding="utf-8")
    gone = tmp_path / "gone.txt"
    answers = copies_without([(gone, {1}, None), (good, {3}, _read_as(good))], LABEL)
    assert isinstance(answers[0], NotWritten) and answers[0].error is not None
    assert isinstance(answers[1], Removed) and answers[1].target.read_text() == "a\nb\n"


def test_each_group_keeps_its_first_record_and_a_record_kept_stays() -> None:
    from simfind.core.cleanup.line_removal import repeats
    from simfind.core.records.collect import Record

    records = [Record(f, line, "x", 0) for f, line in ((0, 9), (0, 3), (1, 1), (0, 5))]
    # Group one: records 0, 1, 2 (record 1 first: file 0, line 3); group two: 0 and 3,
    # whose first (record 3, line 5) it keeps, so record 0 goes, and 2 of group one.
    assert repeats([[0, 1, 2], [0, 3]], records) == {0, 2}
    # Record 3 is not the first of group [1, 3], but group [3, 0] keeps it: it stays.
    assert repeats([[1, 3], [3, 0]], records) == {0}


def copied_sayings(path: Path, seed: int = 2) -> Path:
    """Real sayings (tests/data/sayings), each followed by up to three copies with a few of
    its characters changed, in a shuffled order, one a line: many near-duplicate lines,
    some of them (the copies further apart) in two groups."""
    rng = random.Random(seed)
    lines = []
    for saying in (DATA / "sayings" / "sayings.txt").read_text(encoding="utf-8").splitlines():
        lines.append(saying)
        for _ in range(rng.randrange(4)):
            chars = list(saying)
            for _ in range(rng.randrange(4)):
                chars[rng.randrange(len(chars))] = rng.choice("的了是在人有我他这中")
            lines.append("".join(chars))
    rng.shuffle(lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_lines_marked_are_the_lines_the_copy_leaves_out(tmp_path: Path) -> None:
    # Issue 43, 5b: "238 lines marked", and the copy left out 235: a line in two groups
    # (similar to two variants of a saying) was counted once for each.
    source = copied_sayings(tmp_path / "sayings.txt")
    result = find_record_groups([source], RecordOptions(RecordSpec.parse("lines")))
    groups = [[m.record for m in group.members] for group in result.groups]
    wanted = repeats(groups, result.records)
    members = [r for group in groups for r in group if r in wanted]
    assert len(members) > len(wanted)  # lines marked in two groups
    lines = marked_lines(result.records, members)
    assert list(lines) == [0] and len(lines[0]) == len(wanted)
    done = without_lines(source, lines[0], LABEL, _read_as(source))
    assert done.removed == len(lines[0])
    left = source.read_text(encoding="utf-8").splitlines()
    expected = [text for number, text in enumerate(left, start=1) if number not in lines[0]]
    assert done.target.read_text(encoding="utf-8").splitlines() == expected

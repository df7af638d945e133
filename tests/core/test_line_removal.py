"""A copy without some lines, beside the file, in its own encoding and line endings."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from simfind.core.cleanup.line_removal import LineRemovalError, Refusal, without_lines
from simfind.core.records.cutting import lines

DATA = Path(__file__).resolve().parents[1] / "data"
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

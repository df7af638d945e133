"""Duplicates replaced by hard links to the kept file, and made copies again by the undo."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path

import pytest

from simfind.core.cleanup.hard_links import (
    LinkPair,
    look_at,
    pair_with_kept,
    replace_by_links,
    undo_links,
)
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.marking import Candidate
from simfind.core.cleanup.moves import Action, Outcome

ESSAY = "清晨的风吹过湖面，远处的山在雾里若隐若现。我们沿着小路慢慢走，谁也没有说话。\n" * 40


def write(path: Path, text: str, mode: int = 0o644, mtime: int | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)
    if mtime is not None:
        os.utime(path, ns=(mtime, mtime))
    return path


def pair(duplicate: Path, kept: Path | None) -> LinkPair:
    return LinkPair(duplicate, kept, duplicate.stat().st_size)


def test_identical_files_become_links_and_the_others_are_left(tmp_path: Path) -> None:
    kept = write(tmp_path / "kept" / "文章.txt", ESSAY, mtime=1_600_000_000_000_000_000)
    kept_before = (kept.read_bytes(), kept.stat().st_mtime_ns, kept.stat().st_mode)
    same = write(tmp_path / "copies" / "文章 副本.txt", ESSAY, 0o600, 1_700_000_000_123_456_789)
    also = write(tmp_path / "copies" / "old" / "文章.txt", ESSAY)
    # The same size, one character other: not the kept file's bytes.
    differs = write(tmp_path / "copies" / "改过.txt", ESSAY.replace("清晨", "早晨"))
    assert differs.stat().st_size == kept.stat().st_size
    pairs = [pair(same, kept), pair(also, kept), pair(differs, kept)]

    preview = look_at(pairs)
    assert [c.verdict for c in preview.checks] == [Outcome.DONE, Outcome.DONE, Outcome.DIFFERENT]
    assert preview.freed == 2 * len(ESSAY.encode("utf-8"))

    journal = Journal(tmp_path / "log" / "moves.csv")
    report = replace_by_links(pairs, journal)
    assert [r.outcome for r in report.records] == [Outcome.DONE, Outcome.DONE, Outcome.DIFFERENT]
    assert report.freed == preview.freed and report.undoable
    inode = kept.stat().st_ino
    assert same.stat().st_ino == inode and also.stat().st_ino == inode
    assert kept.stat().st_nlink == 3
    assert differs.stat().st_ino != inode and differs.stat().st_nlink == 1
    assert (kept.read_bytes(), kept.stat().st_mtime_ns, kept.stat().st_mode) == kept_before
    # No temporary name is left beside them.
    names = sorted(p.name for p in same.parent.iterdir())
    assert names == sorted(["old", "文章 副本.txt", "改过.txt"])
    rows = journal.read()
    assert [(r["action"], r["outcome"]) for r in rows] == [
        ("link", "done"),
        ("link", "done"),
        ("link", "different"),
    ]
    assert rows[0]["source"] == str(same) and rows[0]["destination"] == str(kept)
    assert rows[0]["mode"] == "0600"
    modified = datetime.fromisoformat(rows[0]["modified"]).timestamp()
    assert modified == pytest.approx(1_700_000_000.123456, abs=1e-6)
    assert rows[2]["mode"] == ""

    back = undo_links(report, journal)
    assert back.count() == 2 and back.undid is Action.LINK
    for path, mode, mtime in ((same, 0o600, 1_700_000_000_123_456_789), (also, 0o644, None)):
        info = path.stat()
        assert info.st_ino != inode and info.st_nlink == 1
        assert path.read_text(encoding="utf-8") == ESSAY
        assert stat.S_IMODE(info.st_mode) == mode
        if mtime is not None:
            assert info.st_mtime_ns == mtime
    assert kept.stat().st_nlink == 1
    assert (kept.read_bytes(), kept.stat().st_mtime_ns) == kept_before[:2]
    assert [r["action"] for r in journal.read()][3:] == ["undo", "undo"]


def test_a_file_changed_after_the_scan_is_compared_as_it_is_now(tmp_path: Path) -> None:
    kept = write(tmp_path / "a.txt", ESSAY)
    copy = write(tmp_path / "b.txt", ESSAY)
    planned = pair(copy, kept)  # as the scan saw it: the same bytes
    assert look_at([planned]).checks[0].verdict is Outcome.DONE
    copy.write_text(ESSAY + "扫描之后加的一句。", encoding="utf-8")
    report = replace_by_links([planned])
    assert report.records[0].outcome is Outcome.DIFFERENT
    assert copy.read_text(encoding="utf-8").endswith("扫描之后加的一句。")
    assert copy.stat().st_ino != kept.stat().st_ino and not report.undoable


def test_another_file_system_is_refused(tmp_path: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second file system here")
    kept = write(tmp_path / "kept.txt", ESSAY)
    with tempfile.TemporaryDirectory(dir=shm) as other:
        copy = write(Path(other) / "copy.txt", ESSAY)
        assert look_at([pair(copy, kept)]).checks[0].verdict is Outcome.OTHER_DEVICE
        report = replace_by_links([pair(copy, kept)])
        assert report.records[0].outcome is Outcome.OTHER_DEVICE
        assert copy.stat().st_nlink == 1 and kept.stat().st_nlink == 1


def test_a_file_system_without_hard_links_is_a_failure_of_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = write(tmp_path / "kept.txt", ESSAY)
    copy = write(tmp_path / "copy.txt", ESSAY)

    def fat(*args: object, **kwargs: object) -> None:  # FAT and exFAT on Linux
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))

    monkeypatch.setattr(os, "link", fat)
    report = replace_by_links([pair(copy, kept)])
    assert report.records[0].outcome is Outcome.NO_HARD_LINKS
    assert copy.read_text(encoding="utf-8") == ESSAY
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.txt", "kept.txt"]


def test_links_already_a_file_gone_and_no_kept_file(tmp_path: Path) -> None:
    kept = write(tmp_path / "kept.txt", ESSAY)
    linked = tmp_path / "linked.txt"
    os.link(kept, linked)
    gone = write(tmp_path / "gone.txt", ESSAY)
    alone = write(tmp_path / "alone.txt", ESSAY)
    pairs = [pair(linked, kept), pair(gone, kept), pair(alone, None)]
    gone.unlink()
    preview = look_at(pairs)
    assert [c.verdict for c in preview.checks] == [
        Outcome.LINKED_ALREADY,
        Outcome.VANISHED,
        Outcome.NO_KEPT,
    ]
    assert preview.freed == 0
    assert replace_by_links(pairs).count() == 0


def test_undo_leaves_a_name_that_is_no_longer_the_link(tmp_path: Path) -> None:
    kept = write(tmp_path / "kept.txt", ESSAY)
    copy = write(tmp_path / "copy.txt", ESSAY)
    report = replace_by_links([pair(copy, kept)])
    copy.unlink()
    copy.write_text("a new file under that name", encoding="utf-8")
    back = undo_links(report)
    assert back.records[0].outcome is Outcome.REPLACED
    assert copy.read_text(encoding="utf-8") == "a new file under that name"


def test_each_marked_file_is_paired_with_a_kept_file_of_its_group(tmp_path: Path) -> None:
    def c(name: str, digest: bytes | None) -> Candidate:
        return Candidate(tmp_path / name, 10, 0, False, digest)

    groups = [
        [c("a", b"1"), c("b", b"2"), c("a2", b"1"), c("b2", b"2"), c("c", b"3")],
        [c("x", None), c("y", None)],
    ]
    marked = {tmp_path / n for n in ("a2", "b2", "c", "x", "y")}
    found = pair_with_kept(groups, marked)
    pairs = {p.duplicate.name: p.kept.name if p.kept else None for p in found}
    # The twin with the same bytes as scanned, else the first kept; none where all are marked.
    assert pairs == {"a2": "a", "b2": "b", "c": "a", "x": None, "y": None}


def test_a_log_begun_before_the_attributes_columns_gets_them(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "moves.csv")
    old = "time,operation,action,outcome,source,destination,size,error\r\n"
    row = "2026-01-01T00:00:00+00:00,1,move,done,/a/x.txt,/b/x.txt,3,\r\n"
    journal.path.write_bytes(b"\xef\xbb\xbf" + (old + row).encode("utf-8"))
    kept = write(tmp_path / "kept.txt", ESSAY)
    copy = write(tmp_path / "copy.txt", ESSAY, 0o640)
    replace_by_links([pair(copy, kept)], journal)
    rows = journal.read()
    assert [r["action"] for r in rows] == ["move", "link"]
    assert rows[0]["source"] == "/a/x.txt" and rows[0]["mode"] == ""
    assert rows[1]["mode"] == "0640" and None not in rows[1]

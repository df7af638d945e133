"""A move to a folder that keeps each file's folders: real files in temporary folders."""

from __future__ import annotations

import tempfile
from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.moves import (
    Action,
    MovePlan,
    Outcome,
    execute,
    undo,
)
from simfind.core.cleanup.structure import kept_folders, several_folders, structure_root
from tests.core.cleanup.test_moves import make


def tree(folder: Path) -> list[str]:
    """Every file and folder below ``folder``, as relative POSIX paths."""
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*"))


def test_files_from_several_folders_keep_their_folders_and_undo_removes_those_made(
    tmp_path: Path,
) -> None:
    scan = tmp_path / "扫描"
    deep = make(scan / "a" / "b" / "报告.txt", "深处的报告")
    near = make(scan / "c" / "报告.txt", "另一份报告")
    top = make(scan / "notes.txt", "top level")
    dest = tmp_path / "aside"
    (dest / "c").mkdir(parents=True)  # there already: not made by the move, stays after undo
    plan = MovePlan((deep, near, top), Action.MOVE, dest, keep_folders=True)
    assert plan.structure_root == scan
    journal = Journal(tmp_path / "log" / "moves.csv")

    report = execute(plan, journal=journal)
    assert report.count() == 3
    assert (dest / "a" / "b" / "报告.txt").read_text(encoding="utf-8") == "深处的报告"
    assert (dest / "c" / "报告.txt").read_text(encoding="utf-8") == "另一份报告"
    assert (dest / "notes.txt").read_text(encoding="utf-8") == "top level"
    assert report.created == [dest / "a", dest / "a" / "b"]
    rows = journal.read()
    assert [r["destination"] for r in rows] == [
        str(dest / "a" / "b" / "报告.txt"),
        str(dest / "c" / "报告.txt"),
        str(dest / "notes.txt"),
    ]

    back = undo(report, journal)
    assert back.count() == 3 and back.undid is Action.MOVE
    for planned, text in ((deep, "深处的报告"), (near, "另一份报告"), (top, "top level")):
        assert planned.path.read_text(encoding="utf-8") == text
    # The folders the move made are gone; the one that was there before stays.
    assert tree(dest) == ["c"]
    assert [r["action"] for r in journal.read()] == ["move"] * 3 + ["undo"] * 3


def test_a_made_folder_that_holds_another_file_after_the_move_stays(tmp_path: Path) -> None:
    one = make(tmp_path / "scan" / "x" / "one.txt", "one")
    two = make(tmp_path / "scan" / "y" / "two.txt", "two")
    dest = tmp_path / "dest"
    dest.mkdir()
    report = execute(MovePlan((one, two), Action.MOVE, dest, keep_folders=True))
    (dest / "x" / "mine.txt").write_text("put there by the user", encoding="utf-8")
    undo(report)
    assert one.path.exists() and two.path.exists()
    assert tree(dest) == ["x", "x/mine.txt"]


def test_a_clash_below_the_destination_takes_a_number_and_undo_frees_it(tmp_path: Path) -> None:
    first = make(tmp_path / "scan" / "a" / "tool.py", "print('a')\n")
    second = make(tmp_path / "scan" / "b" / "tool.py", "print('b')\n")
    dest = tmp_path / "dest"
    (dest / "a").mkdir(parents=True)
    (dest / "a" / "tool.py").write_text("already here", encoding="utf-8")
    report = execute(MovePlan((first, second), Action.MOVE, dest, keep_folders=True))
    assert [r.destination for r in report.records] == [
        dest / "a" / "tool (2).py",
        dest / "b" / "tool.py",
    ]
    assert (dest / "a" / "tool.py").read_text(encoding="utf-8") == "already here"
    assert (dest / "a" / "tool (2).py").read_text(encoding="utf-8") == "print('a')\n"
    undo(report)
    assert first.path.read_text(encoding="utf-8") == "print('a')\n"
    assert tree(dest) == ["a", "a/tool.py"]


def test_a_file_where_a_folder_is_needed_leaves_that_file_in_place(tmp_path: Path) -> None:
    blocked = make(tmp_path / "scan" / "a" / "x.txt", "x")
    free = make(tmp_path / "scan" / "b" / "y.txt", "y")
    dest = tmp_path / "dest"
    dest.mkdir()
    (dest / "a").write_text("a file named like the folder", encoding="utf-8")
    report = execute(MovePlan((blocked, free), Action.MOVE, dest, keep_folders=True))
    assert [r.outcome for r in report.records] == [Outcome.FAILED, Outcome.DONE]
    assert blocked.path.exists() and (dest / "b" / "y.txt").exists()


def test_the_destination_being_the_files_own_root_renames_nothing(tmp_path: Path) -> None:
    # Keeping folders into their own root would "move" each file onto itself, which the
    # flat move turned into a renamed copy ("x (2).txt").
    first = make(tmp_path / "scan" / "a" / "x.txt", "x")
    second = make(tmp_path / "scan" / "b" / "y.txt", "y")
    report = execute(MovePlan((first, second), Action.MOVE, tmp_path / "scan", keep_folders=True))
    assert [r.outcome for r in report.records] == [Outcome.IN_PLACE] * 2
    assert tree(tmp_path / "scan") == ["a", "a/x.txt", "b", "b/y.txt"]
    assert not report.undoable


def test_a_cross_device_move_keeps_folders_and_comes_back(tmp_path: Path) -> None:
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("no second file system to move to")
    one = make(tmp_path / "scan" / "x" / "one.txt", "one")
    two = make(tmp_path / "scan" / "y" / "two.txt", "two")
    with tempfile.TemporaryDirectory(dir=shm) as other:
        dest = Path(other)
        report = execute(MovePlan((one, two), Action.MOVE, dest, keep_folders=True))
        assert report.count() == 2 and tree(dest) == ["x", "x/one.txt", "y", "y/two.txt"]
        undo(report)
        assert one.path.read_text(encoding="utf-8") == "one" and tree(dest) == []


def test_the_root_is_the_files_nearest_common_folder() -> None:
    paths = [PurePosixPath("/home/u/docs/a/b/x.txt"), PurePosixPath("/home/u/docs/c/y.txt")]
    assert structure_root(paths) == PurePosixPath("/home/u/docs")
    assert kept_folders(paths) == {
        paths[0]: PurePosixPath("a/b"),
        paths[1]: PurePosixPath("c"),
    }
    assert several_folders(paths)
    alone = [PurePosixPath("/d/x.txt"), PurePosixPath("/d/y.txt")]
    assert not several_folders(alone)
    assert set(kept_folders(alone).values()) == {PurePosixPath(".")}


def test_files_on_two_windows_drives_keep_their_folders_below_the_drives_names() -> None:
    paths = [
        PureWindowsPath("C:\\Users\\me\\a.txt"),
        PureWindowsPath("D:\\Archive\\2024\\a.txt"),
        PureWindowsPath("\\\\server\\share\\team\\a.txt"),
    ]
    assert structure_root(paths) is None
    assert kept_folders(paths) == {
        paths[0]: PureWindowsPath("C\\Users\\me"),
        paths[1]: PureWindowsPath("D\\Archive\\2024"),
        paths[2]: PureWindowsPath("server share\\team"),
    }
    # One drive, folders differing in case only: one folder on Windows.
    same = [PureWindowsPath("C:\\Work\\a.txt"), PureWindowsPath("c:\\work\\sub\\b.txt")]
    assert structure_root(same) == PureWindowsPath("C:\\Work")


def test_a_flat_move_is_as_before(tmp_path: Path) -> None:
    first = make(tmp_path / "scan" / "a" / "报告.txt", "one")
    second = make(tmp_path / "scan" / "b" / "报告.txt", "two")
    dest = tmp_path / "dest"
    dest.mkdir()
    report = execute(MovePlan((first, second), Action.MOVE, dest))
    assert tree(dest) == ["报告 (2).txt", "报告.txt"]
    assert report.created == []

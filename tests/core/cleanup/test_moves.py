"""Moving marked files to the trash or a folder: checked, logged, undoable, never overwriting."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from urllib.parse import unquote

import pytest

from simfind.core.cleanup import moves
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.moves import (
    Action,
    FileState,
    MovePlan,
    Outcome,
    PlannedFile,
    execute,
    restorable_on_windows,
    undo,
)
from simfind.core.cleanup.renames import free_name


def make(path: Path, text: str) -> PlannedFile:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    info = path.stat()
    return PlannedFile(path, info.st_size, info.st_mtime_ns)


def test_free_names_keep_the_extension() -> None:
    folder = Path("/t")
    assert free_name(folder, "a.txt", 1) == folder / "a.txt"
    assert free_name(folder, "a.txt", 2) == folder / "a (2).txt"
    assert free_name(folder, "a.tar.gz", 3) == folder / "a.tar (3).gz"
    assert free_name(folder, "Makefile", 2) == folder / "Makefile (2)"
    assert free_name(folder, ".profile", 2) == folder / ".profile (2)"


def test_move_to_a_folder_never_overwrites_and_undo_puts_everything_back(tmp_path: Path) -> None:
    first = make(tmp_path / "scan" / "a" / "报告.txt", "one")
    second = make(tmp_path / "scan" / "b" / "报告.txt", "two")
    target = tmp_path / "kept aside"
    target.mkdir()
    (target / "报告.txt").write_text("already here", encoding="utf-8")
    journal = Journal(tmp_path / "log" / "moves.csv")
    plan = MovePlan((first, second), Action.MOVE, target)
    assert plan.total_size == 6 and plan.changed() == []

    report = execute(plan, journal=journal)
    assert report.count() == 2 and report.bytes_moved == 6 and report.undoable
    assert (target / "报告.txt").read_text(encoding="utf-8") == "already here"
    assert (target / "报告 (2).txt").read_text(encoding="utf-8") == "one"
    assert (target / "报告 (3).txt").read_text(encoding="utf-8") == "two"
    assert not first.path.exists() and not second.path.exists()
    assert [r.destination for r in report.records] == [
        target / "报告 (2).txt",
        target / "报告 (3).txt",
    ]

    back = undo(report, journal)
    assert back.count() == 2
    assert first.path.read_text(encoding="utf-8") == "one"
    assert second.path.read_text(encoding="utf-8") == "two"
    assert sorted(p.name for p in target.iterdir()) == ["报告.txt"]

    rows = journal.read()
    assert [(r["action"], r["outcome"]) for r in rows] == [("move", "done")] * 2 + [
        ("undo", "done")
    ] * 2
    assert rows[0]["source"] == str(first.path)
    assert rows[0]["destination"] == str(target / "报告 (2).txt")
    assert journal.path.read_bytes().startswith(b"\xef\xbb\xbf")
    assert report.journal == journal.path


def test_undo_never_replaces_a_file_that_took_the_original_place(tmp_path: Path) -> None:
    planned = make(tmp_path / "scan" / "x.txt", "original")
    target = tmp_path / "aside"
    target.mkdir()
    report = execute(MovePlan((planned,), Action.MOVE, target))
    planned.path.write_text("a new file", encoding="utf-8")
    back = undo(report)
    assert back.records[0].outcome is Outcome.OCCUPIED
    assert planned.path.read_text(encoding="utf-8") == "a new file"
    assert (target / "x.txt").read_text(encoding="utf-8") == "original"


def test_a_file_changed_since_the_scan_is_not_moved_unless_confirmed(tmp_path: Path) -> None:
    kept = make(tmp_path / "scan" / "a.txt", "alpha")
    changed = make(tmp_path / "scan" / "b.txt", "beta")
    gone = make(tmp_path / "scan" / "c.txt", "gamma")
    changed.path.write_text("beta, edited after the scan", encoding="utf-8")
    gone.path.unlink()
    target = tmp_path / "aside"
    target.mkdir()
    plan = MovePlan((kept, changed, gone), Action.MOVE, target)
    assert plan.changed() == [(changed, FileState.CHANGED), (gone, FileState.VANISHED)]

    report = execute(plan)
    assert [r.outcome for r in report.records] == [Outcome.DONE, Outcome.CHANGED, Outcome.VANISHED]
    assert changed.path.exists()

    again = execute(MovePlan((changed,), Action.MOVE, target), accept_changed={changed.path})
    assert again.records[0].outcome is Outcome.DONE
    assert not changed.path.exists()


def test_same_size_and_a_new_time_is_a_change(tmp_path: Path) -> None:
    planned = make(tmp_path / "a.txt", "abc")
    planned.path.write_text("xyz", encoding="utf-8")
    os.utime(planned.path, ns=(planned.mtime_ns + 10**9, planned.mtime_ns + 10**9))
    assert MovePlan((planned,), Action.TRASH).changed() == [(planned, FileState.CHANGED)]


def test_trash_goes_to_the_real_freedesktop_trash(tmp_path: Path, freedesktop_trash: Path) -> None:
    planned = make(tmp_path / "scan" / "笔记 1.txt", "to the trash")
    report = execute(MovePlan((planned,), Action.TRASH), journal=Journal())
    assert report.count() == 1 and not report.undoable
    assert not planned.path.exists()
    assert (freedesktop_trash / "files" / "笔记 1.txt").read_text(
        encoding="utf-8"
    ) == "to the trash"
    info = (freedesktop_trash / "info" / "笔记 1.txt.trashinfo").read_text(encoding="utf-8")
    assert unquote(info.split("Path=")[1].splitlines()[0]) == str(planned.path)
    assert Journal().read()[0]["action"] == "trash"
    with pytest.raises(ValueError, match="only a move"):
        undo(report)


def test_a_refused_move_is_reported_and_the_rest_go_on(tmp_path: Path) -> None:
    first = make(tmp_path / "scan" / "a.txt", "a")
    second = make(tmp_path / "scan" / "b.txt", "b")

    def refuse(path: Path) -> None:
        if path == first.path:
            raise PermissionError(13, "Permission denied")
        path.unlink()

    report = execute(MovePlan((first, second), Action.TRASH), trash=refuse)
    assert [r.outcome for r in report.records] == [Outcome.FAILED, Outcome.DONE]
    error = report.records[0].error
    assert error is not None and (error.errno, error.strerror) == (13, "Permission denied")
    assert first.path.exists()


def test_an_unwritable_log_does_not_stop_the_move(tmp_path: Path) -> None:
    planned = make(tmp_path / "scan" / "a.txt", "a")
    (tmp_path / "blocked").write_text("a file where the log's folder should be")
    report = execute(
        MovePlan((planned,), Action.MOVE, tmp_path),
        journal=Journal(tmp_path / "blocked" / "moves.csv"),
    )
    assert report.count() == 1 and report.journal is None
    assert report.journal_error is not None and report.journal_error.errno is not None


def test_a_cancel_leaves_the_remaining_files_in_place(tmp_path: Path) -> None:
    import threading

    files = tuple(make(tmp_path / "scan" / f"{k}.txt", str(k)) for k in range(4))
    cancel = threading.Event()
    aside = tmp_path / "aside"
    aside.mkdir()
    report = execute(
        MovePlan(files, Action.MOVE, aside),
        progress=lambda done, total: cancel.set() if done == 2 else None,
        cancel=cancel,
    )
    assert [r.outcome for r in report.records] == [Outcome.DONE] * 2 + [Outcome.CANCELLED] * 2
    assert all(f.path.exists() for f in files[2:])


def test_a_changed_file_planned_as_it_is_now_moves_and_not_if_it_changes_again(
    tmp_path: Path,
) -> None:
    from simfind.core.cleanup.moves import as_it_is_now

    planned = make(tmp_path / "scan" / "a.txt", "alpha")
    planned.path.write_text("alpha, edited after the scan", encoding="utf-8")
    now = as_it_is_now(planned)
    assert now is not None and now.size == planned.path.stat().st_size != planned.size
    aside = tmp_path / "aside"
    aside.mkdir()
    assert MovePlan((now,), Action.MOVE, aside).changed() == []
    again = make(tmp_path / "scan" / "b.txt", "beta")
    edited = as_it_is_now(PlannedFile(again.path, 0, 0))
    assert edited is not None
    again.path.write_text("beta, edited once more", encoding="utf-8")
    report = execute(MovePlan((now, edited), Action.MOVE, aside))
    assert [r.outcome for r in report.records] == [Outcome.DONE, Outcome.CHANGED]
    assert as_it_is_now(planned) is None  # moved away


def test_a_move_into_a_folder_that_is_gone_says_so_and_leaves_the_file(tmp_path: Path) -> None:
    # It said the *file* was no longer there, while it was in place.
    planned = make(tmp_path / "scan" / "a.txt", "alpha")
    target = tmp_path / "aside"
    target.mkdir()
    plan = MovePlan((planned,), Action.MOVE, target)
    target.rmdir()
    record = execute(plan).records[0]
    assert (record.outcome, record.destination) == (Outcome.NO_FOLDER, target)
    assert planned.path.read_text(encoding="utf-8") == "alpha" and not target.exists()


def test_undo_puts_back_only_the_file_it_moved(tmp_path: Path) -> None:
    # Undo moved back whatever file had the destination's name by then.
    planned = make(tmp_path / "scan" / "x.txt", "original")
    target = tmp_path / "aside"
    target.mkdir()
    report = execute(MovePlan((planned,), Action.MOVE, target))
    moved = target / "x.txt"
    moved.unlink()
    moved.write_text("another file, since", encoding="utf-8")
    back = undo(report)
    assert back.records[0].outcome is Outcome.REPLACED
    assert moved.read_text(encoding="utf-8") == "another file, since"
    assert not planned.path.exists()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_relative_link_moved_elsewhere_still_points_at_its_file(tmp_path: Path) -> None:
    scan = tmp_path / "scan"
    (scan / "docs").mkdir(parents=True)
    (scan / "docs" / "real.txt").write_text("the text", encoding="utf-8")
    link = scan / "docs" / "link.txt"
    link.symlink_to("real.txt")
    # What the scan compared, and the clean-up checks: the file the link points to (the
    # link's own time is another, or the same only within the clock's tick).
    info = link.stat()
    planned = PlannedFile(link, info.st_size, info.st_mtime_ns)
    target = tmp_path / "far" / "away"
    target.mkdir(parents=True)
    report = execute(MovePlan((planned,), Action.MOVE, target))
    assert report.count() == 1
    moved = target / "link.txt"
    assert moved.is_symlink() and moved.read_text(encoding="utf-8") == "the text"
    assert undo(report).count() == 1 and link.read_text(encoding="utf-8") == "the text"


def test_a_file_system_without_hard_links_gets_a_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # FAT and exFAT refuse a hard link with EINVAL: the move fell through to an error.
    def no_links(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))

    monkeypatch.setattr(os, "link", no_links)
    planned = make(tmp_path / "scan" / "a.txt", "alpha")
    target = tmp_path / "stick"
    target.mkdir()
    report = execute(MovePlan((planned,), Action.MOVE, target))
    assert report.count() == 1 and (target / "a.txt").read_text(encoding="utf-8") == "alpha"
    assert not planned.path.exists()


DRIVES = {"C:\\": 3, "D:\\": 3, "E:\\": 2, "Z:\\": 4, "R:\\": 6}  # GetDriveTypeW's answers


@pytest.mark.parametrize(
    ("path", "restorable"),
    [
        ("C:\\Users\\me\\notes.txt", True),
        ("D:\\archive\\a.docx", True),
        ("\\\\?\\C:\\very\\long\\path.txt", True),
        ("E:\\stick\\a.txt", False),  # removable
        ("Z:\\mapped\\share.txt", False),  # a network drive's letter
        ("R:\\ram\\a.txt", False),
        ("\\\\server\\share\\a.txt", False),
        ("\\\\?\\UNC\\server\\share\\a.txt", False),
    ],
)
def test_windows_trashes_only_where_its_recycle_bin_can_give_the_file_back(
    path: str, restorable: bool
) -> None:
    # Without this, "to the trash" on a network share deleted the file for good, silently.
    assert restorable_on_windows(path, lambda root: DRIVES.get(root, 0)) is restorable


def test_a_file_the_trash_could_not_give_back_is_left_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = make(tmp_path / "share" / "a.txt", "alpha")
    trashed: list[Path] = []
    monkeypatch.setattr(moves, "trash_can_restore", lambda path: False)
    report = execute(MovePlan((planned,), Action.TRASH, None), trash=trashed.append)
    assert [r.outcome for r in report.records] == [Outcome.NO_TRASH]
    assert trashed == [] and planned.path.read_text(encoding="utf-8") == "alpha"


@pytest.mark.skipif(os.name == "nt", reason="Windows names are UTF-16: no bytes to escape")
def test_a_name_that_is_not_utf8_is_logged_with_its_own_bytes_and_read_back(
    tmp_path: Path,
) -> None:
    # Issue 43, 3: the log raised UnicodeEncodeError after 1 of 3 rows; no report came back.
    folder = tmp_path / "scan"
    folder.mkdir()
    odd = os.fsdecode(b"r\xe9sum\xe9 \xff.txt")  # Latin-1 bytes: not UTF-8
    files = tuple(
        make(folder / name, f"file {k}") for k, name in enumerate(("a.txt", odd, "笔记.txt"))
    )
    aside = tmp_path / "aside"
    aside.mkdir()
    journal = Journal(tmp_path / "log" / "moves.csv")
    report = execute(MovePlan(files, Action.MOVE, aside), journal=journal)
    assert report.count() == 3 and report.journal == journal.path and report.undoable
    raw = journal.path.read_bytes()
    assert os.fsencode(aside / odd) in raw  # the name's own bytes, not an escape
    rows = journal.read()
    assert [Path(r["source"]) for r in rows] == [f.path for f in files]
    assert Path(rows[1]["destination"]) == aside / odd
    assert os.fsencode(rows[1]["destination"]) == os.fsencode(aside) + b"/r\xe9sum\xe9 \xff.txt"
    assert undo(report, journal).count() == 3 and (folder / odd).exists()
    assert len(journal.read()) == 6


def test_a_log_that_fails_in_any_way_leaves_the_report_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    planned = make(tmp_path / "scan" / "a.txt", "a")

    def broken(self: Journal, report: object) -> None:
        raise ValueError("a bug in the log")

    monkeypatch.setattr(Journal, "append", broken)
    report = execute(
        MovePlan((planned,), Action.MOVE, tmp_path), journal=Journal(tmp_path / "moves.csv")
    )
    assert report.count() == 1 and report.undoable and report.journal is None
    assert report.journal_error is not None
    assert report.journal_error.strerror == "ValueError: a bug in the log"

"""The clean-up and another program's saves: each race made to happen at its exact moment
(a save injected into the step where it would be lost), then the same races at random
moments with a real writer process (benchmarks.stress_races), counting lost versions.

A save is what an editor does: a new file written beside the name and renamed over it,
or the file rewritten in place.
"""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks import stress_races
from simfind.core.cleanup import hard_links, renames, transfer
from simfind.core.cleanup.checks import Seen
from simfind.core.cleanup.hard_links import LinkPair, look_at, replace_by_links, undo_links
from simfind.core.cleanup.journal import Journal
from simfind.core.cleanup.marking import Candidate
from simfind.core.cleanup.moves import (
    Action,
    FileMove,
    FileState,
    MovePlan,
    Outcome,
    PlannedFile,
    execute,
    plan_files,
    state_of,
    undo,
)

ESSAY = ("清晨的风吹过湖面，远处的山在雾里若隐若现。The quiet river runs north.\n" * 3000).encode()


def save_by_rename(path: Path, data: bytes) -> None:
    """An editor's save: the new version written beside the name, then renamed over it."""
    aside = path.with_name(f".{path.name}.editor.tmp")
    aside.write_bytes(data)
    aside.replace(path)


def save_in_place(path: Path, data: bytes, keep_time: bool = False) -> None:
    """A save that rewrites the file itself; ``keep_time``: within the step of the file's
    time, as a coarse clock (FAT, or a busy kernel) leaves it."""
    before = path.stat()
    with path.open("r+b") as out:
        out.write(data)
        out.truncate()
    if keep_time:
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def edited(data: bytes = ESSAY) -> bytes:
    """Another version of the same size."""
    return b"EDITED" + data[6:]


def write(path: Path, data: bytes = ESSAY) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def planned(path: Path) -> PlannedFile:
    info = path.stat()
    return PlannedFile(path, info.st_size, info.st_mtime_ns, info.st_ino, info.st_dev)


def once(action: Callable[..., Any], save: Callable[[], None], before: bool = True) -> Any:
    """``action`` with ``save`` made the first time it is called (before it, or after)."""
    fired: list[bool] = []

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if not fired and before:
            fired.append(True)
            save()
        result = action(*args, **kwargs)
        if not fired:
            fired.append(True)
            save()
        return result

    wrapped.fired = fired  # type: ignore[attr-defined]
    return wrapped


def to_move(folder: Path) -> tuple[Path, Path]:
    """A file to move, and an empty folder to move it to."""
    aside = folder / "aside"
    aside.mkdir()
    return write(folder / "scan" / "notes.txt"), aside


def replaced(duplicate: Path, kept: Path) -> FileMove:
    """The duplicate replaced by a hard link to the kept file, or not: how it went."""
    return replace_by_links([LinkPair(duplicate, kept, len(ESSAY))]).records[0]


def names_in(*folders: Path) -> list[str]:
    return sorted(p.name for folder in folders for p in folder.iterdir())


#: A modification time long past: a file that is not racy (checks.py), whose stat alone
#: tells a change.
LONG_AGO = 1_600_000_000_000_000_000


def fresh_pair(folder: Path) -> tuple[Path, Path]:
    """A duplicate and its kept file, just written: the same bytes, two files."""
    return write(folder / "docs" / "faq-ch03.txt"), write(folder / "archive" / "faq-ch03.txt")


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    """A duplicate and its kept file, written long ago."""
    files = fresh_pair(tmp_path)
    for path in files:
        os.utime(path, ns=(LONG_AGO, LONG_AGO))
    return files


# ---------------------------------------------------------------------------
# Replace by Hard Links.


def test_the_kept_file_saved_while_the_duplicate_is_compared_is_not_linked_to(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Issue 43, 1: the duplicate became a link to the new kept file; its bytes were nowhere.
    duplicate, kept = pair
    link = once(os.link, lambda: save_by_rename(kept, edited()))
    monkeypatch.setattr(os, "link", link)
    assert replaced(duplicate, kept).outcome is Outcome.KEPT_CHANGED
    assert link.fired
    assert duplicate.read_bytes() == ESSAY and kept.read_bytes() == edited()
    assert duplicate.stat().st_ino != kept.stat().st_ino
    assert names_in(duplicate.parent, kept.parent) == ["faq-ch03.txt", "faq-ch03.txt"]


def test_the_kept_file_saved_after_it_was_linked_aside_is_not_linked_to(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    duplicate, kept = pair
    link = once(os.link, lambda: save_by_rename(kept, edited()), before=False)
    monkeypatch.setattr(os, "link", link)
    assert replaced(duplicate, kept).outcome is Outcome.KEPT_CHANGED and link.fired
    assert duplicate.read_bytes() == ESSAY and duplicate.stat().st_nlink == 1
    assert names_in(duplicate.parent) == ["faq-ch03.txt"]


def test_the_kept_file_rewritten_within_its_time_step_is_seen_by_its_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Size and time as they were: only the bytes, read again for a racy time, tell.
    duplicate, kept = fresh_pair(tmp_path)
    link = once(os.link, lambda: save_in_place(kept, edited(), keep_time=True), before=False)
    monkeypatch.setattr(os, "link", link)
    assert replaced(duplicate, kept).outcome is Outcome.CHANGED and link.fired
    assert duplicate.read_bytes() == ESSAY and kept.read_bytes() == edited()
    assert duplicate.stat().st_ino != kept.stat().st_ino


def test_the_link_put_in_is_the_kept_file_compared(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kept file saved, then its earlier file put back under its name (a restore):
    # the name is as compared again, but the link made meanwhile is to the save.
    duplicate, kept = pair
    backup = kept.with_name("faq-ch03.bak")

    def save_aside() -> None:
        kept.rename(backup)
        write(kept, edited())

    link = once(os.link, save_aside)
    put_back = once(renames.take_away, lambda: backup.replace(kept))
    monkeypatch.setattr(os, "link", link)
    monkeypatch.setattr(hard_links, "take_away", put_back)
    assert replaced(duplicate, kept).outcome is Outcome.KEPT_CHANGED and link.fired
    assert duplicate.read_bytes() == ESSAY and duplicate.stat().st_nlink == 1


def test_the_duplicate_saved_just_before_its_name_is_taken_stays(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    duplicate, kept = pair
    taking = once(renames.take_away, lambda: save_by_rename(duplicate, edited()))
    monkeypatch.setattr(hard_links, "take_away", taking)
    assert replaced(duplicate, kept).outcome is Outcome.CHANGED and taking.fired
    assert duplicate.read_bytes() == edited() and kept.read_bytes() == ESSAY
    assert names_in(duplicate.parent) == ["faq-ch03.txt"]


@pytest.mark.parametrize("held", ["duplicate", "kept"])
def test_a_file_another_program_has_open_for_writing_is_left(
    pair: tuple[Path, Path], held: str
) -> None:
    # It could save into it after the last look: into a file removed, or one both names show.
    duplicate, kept = pair
    if not sys.platform.startswith("linux"):
        pytest.skip("only Linux tells (a read lease)")
    with (duplicate if held == "duplicate" else kept).open("r+b"):
        assert replaced(duplicate, kept).outcome is Outcome.IN_USE
    assert duplicate.stat().st_nlink == 1 and names_in(duplicate.parent) == ["faq-ch03.txt"]
    assert replaced(duplicate, kept).outcome is Outcome.DONE  # closed: linked


@pytest.mark.skipif(sys.platform == "win32", reason="Windows renames no open file: refused")
def test_the_duplicate_written_through_a_descriptor_held_open_comes_back(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Where the system cannot tell a file open for writing (macOS), a program that had the
    # duplicate open writes to it after the last look: the file removed is held open,
    # seen changed, and its bytes go back to the name.
    monkeypatch.setattr(hard_links, "open_for_writing", lambda path: False)
    duplicate, kept = pair
    with duplicate.open("r+b") as held:

        def late_write() -> None:
            held.write(b"LATE")
            held.flush()

        putting = once(renames.put_new, late_write, before=False)
        monkeypatch.setattr(hard_links, "put_new", putting)
        assert replaced(duplicate, kept).outcome is Outcome.CHANGED and putting.fired
    assert duplicate.read_bytes() == b"LATE" + ESSAY[4:] and kept.read_bytes() == ESSAY
    assert duplicate.stat().st_ino != kept.stat().st_ino and kept.stat().st_nlink == 1
    assert names_in(duplicate.parent) == ["faq-ch03.txt"]


def test_a_failure_while_the_file_taken_is_looked_at_gives_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    duplicate, kept = fresh_pair(tmp_path)  # racy: its bytes are read again once taken

    def failing(*args: object) -> bool:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(hard_links, "same_bytes_at", failing)
    assert replaced(duplicate, kept).outcome is Outcome.FAILED
    assert duplicate.read_bytes() == ESSAY and duplicate.stat().st_nlink == 1
    assert names_in(duplicate.parent) == ["faq-ch03.txt"]


def test_a_pair_changed_since_the_confirmation_is_left(pair: tuple[Path, Path]) -> None:
    duplicate, kept = pair
    check = look_at([LinkPair(duplicate, kept, len(ESSAY))]).checks[0]
    assert check.verdict is Outcome.DONE and check.pair.kept_seen is not None
    save_by_rename(kept, ESSAY)  # the same bytes, another file: not the one compared
    report = replace_by_links([check.pair])
    assert report.records[0].outcome is Outcome.KEPT_CHANGED
    assert duplicate.stat().st_nlink == 1


def test_undo_of_a_link_saved_meanwhile_keeps_the_save(
    pair: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    duplicate, kept = pair
    report = replace_by_links([LinkPair(duplicate, kept, len(ESSAY))])
    assert report.count() == 1 and duplicate.stat().st_ino == kept.stat().st_ino
    taking = once(renames.take_away, lambda: save_by_rename(duplicate, edited()))
    monkeypatch.setattr(hard_links, "take_away", taking)
    back = undo_links(report)
    assert taking.fired and back.records[0].outcome is Outcome.CHANGED
    assert duplicate.read_bytes() == edited() and kept.read_bytes() == ESSAY
    assert names_in(duplicate.parent) == ["faq-ch03.txt"]


# ---------------------------------------------------------------------------
# Files kept in reference folders.


def test_a_file_is_tied_to_a_reference_folder_only_when_the_user_agrees(
    tmp_path: Path,
) -> None:
    # Issue 43, 4b: docs/faq-ch03.txt became a link to archive/faq-ch03.txt, a reference.
    archive = write(tmp_path / "archive" / "faq-ch03.txt")
    working = write(tmp_path / "docs" / "faq-ch03.txt")
    twin = write(tmp_path / "notes" / "faq-ch03.txt")
    other = write(tmp_path / "docs" / "faq-ch04.txt", edited())
    alone = write(tmp_path / "docs" / "faq-ch04 copy.txt", edited())
    digest, changed = b"same", b"other"
    groups = [
        [
            Candidate(archive, len(ESSAY), 0, protected=True, digest=digest),
            Candidate(working, len(ESSAY), 0, digest=digest),
            Candidate(twin, len(ESSAY), 0, digest=digest),
        ],
        [
            Candidate(tmp_path / "archive" / "faq-ch04.txt", 0, 0, protected=True, digest=changed),
            Candidate(other, len(ESSAY), 0, digest=changed),
            Candidate(alone, len(ESSAY), 0, digest=changed),
        ],
    ]
    write(tmp_path / "archive" / "faq-ch04.txt", edited())
    pairs = hard_links.pair_with_kept(groups, {working, other, alone})
    # A kept file outside the reference folders, with the same bytes, is chosen first.
    assert [(p.duplicate, p.kept, p.kept_in_reference) for p in pairs] == [
        (working, twin, False),
        (other, tmp_path / "archive" / "faq-ch04.txt", True),
        (alone, tmp_path / "archive" / "faq-ch04.txt", True),
    ]
    preview = look_at(pairs)
    assert [c.verdict for c in preview.checks] == [
        Outcome.DONE,
        Outcome.REFERENCE_KEPT,
        Outcome.REFERENCE_KEPT,
    ]
    assert preview.freed == len(ESSAY) and preview.freed_with_reference == 3 * len(ESSAY)
    report = replace_by_links([c.pair for c in preview.checks])
    assert [r.outcome for r in report.records] == [
        Outcome.DONE,
        Outcome.REFERENCE_KEPT,
        Outcome.REFERENCE_KEPT,
    ]
    reference = tmp_path / "archive" / "faq-ch04.txt"
    assert other.stat().st_nlink == 1 and reference.stat().st_nlink == 1
    agreed = replace_by_links([c.pair for c in preview.checks[1:]], tie_to_reference=True)
    assert agreed.count() == 2 and reference.stat().st_nlink == 3


# ---------------------------------------------------------------------------
# Move to Folder, and its undo.


@pytest.fixture
def other_file_system() -> Iterator[Path]:
    shm = stress_races.other_file_system(Path(tempfile.gettempdir()))
    if shm is None:
        pytest.skip("no second file system here")
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        yield Path(folder)


@pytest.mark.parametrize("how", ["rename", "in place"])
def test_a_file_saved_while_it_is_copied_to_another_file_system_stays(
    tmp_path: Path, other_file_system: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    # Issue 43, 2: the copy held the old version, and the name's unlink took the new one.
    source = write(tmp_path / "scan" / "notes.txt")
    if how == "rename":
        save = once(os.utime, lambda: save_by_rename(source, edited()))
    else:
        save = once(os.utime, lambda: save_in_place(source, edited()))
    monkeypatch.setattr(os, "utime", save)
    report = execute(MovePlan((planned(source),), Action.MOVE, other_file_system))
    assert save.fired and report.records[0].outcome is Outcome.CHANGED
    assert source.read_bytes() == edited()
    assert names_in(source.parent) == ["notes.txt"] and names_in(other_file_system) == []


def test_a_file_open_for_writing_is_not_moved_across_file_systems(
    tmp_path: Path, other_file_system: Path
) -> None:
    if not sys.platform.startswith("linux"):
        pytest.skip("only Linux tells (a read lease)")
    source = write(tmp_path / "scan" / "notes.txt")
    with source.open("r+b") as held:
        report = execute(MovePlan((planned(source),), Action.MOVE, other_file_system))
        held.write(b"LATE")
    assert report.records[0].outcome is Outcome.IN_USE
    assert source.read_bytes() == b"LATE" + ESSAY[4:] and names_in(other_file_system) == []


def test_a_file_moved_across_file_systems_unchanged_moves(
    tmp_path: Path, other_file_system: Path
) -> None:
    source = write(tmp_path / "scan" / "notes.txt")
    source.chmod(0o640)
    os.utime(source, ns=(1_600_000_000_000_000_000, 1_700_000_000_123_456_789))
    report = execute(MovePlan((planned(source),), Action.MOVE, other_file_system))
    moved = other_file_system / "notes.txt"
    assert report.records[0].outcome is Outcome.DONE and not source.exists()
    assert moved.read_bytes() == ESSAY and moved.stat().st_mode & 0o777 == 0o640
    assert moved.stat().st_mtime_ns == 1_700_000_000_123_456_789
    assert undo(report).count() == 1 and source.read_bytes() == ESSAY


def test_a_file_saved_just_before_it_is_renamed_away_goes_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, aside = to_move(tmp_path)
    renaming = once(renames.rename_new, lambda: save_by_rename(source, edited()))
    monkeypatch.setattr(transfer, "rename_new", renaming)
    report = execute(MovePlan((planned(source),), Action.MOVE, aside))
    assert renaming.fired and report.records[0].outcome is Outcome.CHANGED
    assert source.read_bytes() == edited() and names_in(aside) == []


def test_without_a_rename_that_never_replaces_a_save_after_the_link_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The way a system without renameat2 or renamex_np takes: link, then take the name.
    monkeypatch.setattr(renames, "_RENAME", None)
    source, aside = to_move(tmp_path)
    link = once(os.link, lambda: save_by_rename(source, edited()), before=False)
    monkeypatch.setattr(os, "link", link)
    report = execute(MovePlan((planned(source),), Action.MOVE, aside))
    assert link.fired and report.records[0].outcome is Outcome.CHANGED
    assert source.read_bytes() == edited()
    assert names_in(source.parent) == ["notes.txt"] and names_in(aside) == []
    # And unsaved, it moves.
    again = execute(MovePlan((planned(source),), Action.MOVE, aside))
    assert again.count() == 1 and (aside / "notes.txt").read_bytes() == edited()


def test_a_name_the_system_will_not_take_leaves_nothing_in_the_destination(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Linked there, then refused the rename (a sticky folder): the link goes again.
    monkeypatch.setattr(renames, "_RENAME", None)
    source, aside = to_move(tmp_path)

    def refused(path: Path) -> Path:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(path))

    monkeypatch.setattr(transfer, "take_away", refused)
    report = execute(MovePlan((planned(source),), Action.MOVE, aside))
    assert report.records[0].outcome is Outcome.FAILED
    assert source.read_bytes() == ESSAY and source.stat().st_nlink == 1
    assert names_in(aside) == []


def test_undo_puts_back_only_the_file_moved_even_when_it_is_saved_at_that_moment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source, aside = to_move(tmp_path)
    report = execute(MovePlan((planned(source),), Action.MOVE, aside))
    moved = aside / "notes.txt"
    renaming = once(renames.rename_new, lambda: save_by_rename(moved, edited()))
    monkeypatch.setattr(transfer, "rename_new", renaming)
    back = undo(report)
    assert renaming.fired and back.records[0].outcome is Outcome.REPLACED
    assert moved.read_bytes() == edited() and not source.exists()


# ---------------------------------------------------------------------------
# The files kept for each file moved.


def test_a_file_whose_kept_file_changed_or_vanished_is_not_trashed_or_moved(
    tmp_path: Path, freedesktop_trash: Path
) -> None:
    folder = tmp_path / "scan"
    keep_a, copy_a = write(folder / "a.txt"), write(folder / "a copy.txt")
    keep_b, copy_b = write(folder / "b.txt", edited()), write(folder / "b copy.txt", edited())
    keep_c, copy_c = write(folder / "c.txt", b"c" * 99), write(folder / "c copy.txt", b"c" * 99)
    groups = [
        [_candidate(p) for p in (keep_a, copy_a)],
        [_candidate(p) for p in (keep_b, copy_b)],
        [_candidate(p) for p in (keep_c, copy_c)],
    ]
    files = plan_files([groups[0][1], groups[1][1], groups[2][1]], groups)
    assert [(f.path, [k.path for k in f.kept]) for f in files] == [
        (copy_a, [keep_a]),
        (copy_b, [keep_b]),
        (copy_c, [keep_c]),
    ]
    save_by_rename(keep_a, ESSAY + b" and one more line")
    keep_b.unlink()
    assert [state_of(f) for f in files] == [FileState.KEPT_CHANGED] * 2 + [FileState.UNCHANGED]
    report = execute(MovePlan(files, Action.TRASH), journal=Journal())
    assert [r.outcome for r in report.records] == [
        Outcome.KEPT_CHANGED,
        Outcome.KEPT_CHANGED,
        Outcome.DONE,
    ]
    assert copy_a.exists() and copy_b.exists() and not copy_c.exists()
    assert [row["outcome"] for row in Journal().read()] == ["kept-changed"] * 2 + ["done"]
    aside = tmp_path / "aside"
    aside.mkdir()
    moved = execute(MovePlan(files[:2], Action.MOVE, aside))
    assert [r.outcome for r in moved.records] == [Outcome.KEPT_CHANGED] * 2
    assert names_in(aside) == []


def _candidate(path: Path) -> Candidate:
    info = path.stat()
    return Candidate(path, info.st_size, info.st_mtime_ns, ino=info.st_ino)


def test_a_file_replaced_by_another_of_the_same_size_and_time_is_not_the_one_compared(
    tmp_path: Path,
) -> None:
    source = write(tmp_path / "scan" / "a.txt")
    seen = planned(source)
    info = source.stat()
    save_by_rename(source, edited())
    os.utime(source, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert source.stat().st_size == seen.size and not seen.holds(source.stat())
    report = execute(MovePlan((seen,), Action.MOVE, tmp_path))
    assert report.records[0].outcome is Outcome.CHANGED and source.read_bytes() == edited()
    assert Seen(source, seen.size, seen.mtime_ns).holds(source.stat())  # no inode: not told


# ---------------------------------------------------------------------------
# The same races, at random moments, with a real writer process.


def test_no_race_loses_a_version() -> None:
    tally = stress_races.run(4 * len(stress_races.RACES), seed=43, quiet=True, verbose=True)
    assert sum(tally.trials.values()) >= 4 * 4  # across file systems and the trash: Linux
    assert tally.total_lost == 0, (dict(tally.lost), dict(tally.outcomes))
    assert sum(tally.left_behind.values()) == 0, dict(tally.left_behind)


@pytest.mark.slow
def test_no_race_loses_a_version_in_many_trials() -> None:
    tally = stress_races.run(200, seed=7, quiet=True, verbose=True)
    assert tally.total_lost == 0, (dict(tally.lost), dict(tally.outcomes))
    assert sum(tally.left_behind.values()) == 0, dict(tally.left_behind)

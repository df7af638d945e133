"""The ignore list on the command line: ``simfind ignore`` and what ``groups`` and ``scan``
make of it, in real processes sharing a real data folder."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from simfind.core.ignore.store import ASIDE_MARK, FILE_NAME, IgnoreStore
from tests.cli.test_output_schemas import valid
from tests.texts import EN_DOCS


def simfind(data: Path, *argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``simfind ARGV`` in a process of its own, with ``data`` as its data folder."""
    env = dict(os.environ, SIMFIND_DATA_DIR=str(data))
    return subprocess.run(
        [sys.executable, "-m", "simfind", *argv],
        capture_output=True,
        text=True,
        env=env,
        input=stdin,
        timeout=120,
        check=False,
    )


@pytest.fixture
def notes(tmp_path: Path) -> Path:
    """A draft, two edits of it, and a stranger."""
    folder = tmp_path / "notes"
    folder.mkdir()
    text = EN_DOCS[0]
    (folder / "draft.txt").write_text(text, encoding="utf-8")
    (folder / "edit.txt").write_text(text.replace("the", "a", 2), encoding="utf-8")
    (folder / "other edit.txt").write_text(text.replace("the", "one", 3), encoding="utf-8")
    (folder / "stranger.txt").write_text(EN_DOCS[1], encoding="utf-8")
    return folder


def groups(data: Path, folder: Path, *flags: str) -> list[set[str]]:
    done = simfind(data, "groups", str(folder), "--format", "json", "--no-cache", *flags)
    assert done.returncode == 0, done.stderr
    return [{Path(m["path"]).name for m in g["members"]} for g in json.loads(done.stdout)["groups"]]


def ignore_list(data: Path) -> list[dict[str, object]]:
    done = simfind(data, "ignore", "list", "--format", "json")
    assert done.returncode == 0, done.stderr
    return valid("ignore-list", done.stdout)


def test_an_ignored_pair_stays_apart_across_runs_and_a_rename(notes: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert groups(data, notes) == [{"draft.txt", "edit.txt", "other edit.txt"}]
    added = simfind(data, "ignore", "add", str(notes / "draft.txt"), str(notes / "edit.txt"))
    assert added.returncode == 0 and added.stdout == "added #1\n", added.stderr
    # Never together again, each still with the file it was not set apart from.
    for _ in range(2):
        assert groups(data, notes) == [{"draft.txt", "other edit.txt"}]
    (notes / "edit.txt").rename(notes / "edit, renamed.txt")
    done = simfind(data, "groups", str(notes), "--no-cache")
    assert "edit, renamed.txt" not in done.stdout.split("draft.txt")[0]
    assert "1 pair kept apart by the ignore list" in done.stderr
    assert groups(data, notes) == [{"draft.txt", "other edit.txt"}]
    # The list shows the paths where its files were last seen.
    (entry,) = ignore_list(data)
    assert {Path(entry[s]["path"]).name for s in ("first", "second")} == {  # type: ignore[index]
        "draft.txt",
        "edit, renamed.txt",
    }
    everything = groups(data, notes, "--no-ignore-list")
    assert everything == [{"draft.txt", "edit, renamed.txt", "other edit.txt"}]


def test_an_edited_file_is_judged_afresh(notes: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    simfind(data, "ignore", "add", str(notes / "draft.txt"), str(notes / "edit.txt"))
    assert groups(data, notes) == [{"draft.txt", "other edit.txt"}]
    edited = EN_DOCS[0].replace("the", "a", 3)  # another edit: new content, never judged
    (notes / "edit.txt").write_text(edited, encoding="utf-8")
    assert groups(data, notes) == [{"draft.txt", "edit.txt", "other edit.txt"}]
    assert len(ignore_list(data)) == 1  # kept: an undo of the edit brings it back


def test_scan_leaves_out_a_file_paired_with_the_reference(notes: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    simfind(data, "ignore", "add", str(notes / "edit.txt"), str(notes / "draft.txt"))
    scan = ["scan", str(notes / "draft.txt"), str(notes), "--format", "json", "--no-cache"]
    done = simfind(data, *scan)
    names = {Path(row["path"]).name for row in json.loads(done.stdout)}
    assert names == {"draft.txt", "other edit.txt", "stranger.txt"}
    assert "1 file left out: not duplicates of the reference" in done.stderr
    shown = simfind(data, *scan, "--no-ignore-list")
    assert "edit.txt" in {Path(row["path"]).name for row in json.loads(shown.stdout)}


def test_entries_are_removed_by_id_by_their_files_and_all_at_once(
    notes: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    files = [str(notes / name) for name in ("draft.txt", "edit.txt", "other edit.txt")]
    for pair in ((0, 1), (0, 2), (1, 2)):
        assert simfind(data, "ignore", "add", files[pair[0]], files[pair[1]]).returncode == 0
    again = simfind(data, "ignore", "add", files[1], files[0])
    assert again.stdout == "already on the list as #1 (its paths updated)\n"
    table = simfind(data, "ignore", "list")
    assert table.stdout.splitlines()[0].split() == ["ID", "ADDED", "CONTENTS", "FILES"]
    assert "3 entries in" in table.stderr
    assert simfind(data, "ignore", "remove", "2").stdout == "removed 1 entry from the ignore list\n"
    assert [e["id"] for e in ignore_list(data)] == [1, 3]
    # By its two files, renamed since: found by their contents.
    (notes / "edit.txt").rename(notes / "moved.txt")
    done = simfind(data, "ignore", "remove", str(notes / "moved.txt"), files[2])
    assert done.returncode == 0 and [e["id"] for e in ignore_list(data)] == [1]
    missing = simfind(data, "ignore", "remove", "2")
    assert missing.returncode == 1 and "no such entry" in missing.stderr
    # Clearing asks first; with no one to ask, it wants --yes.
    refused = simfind(data, "ignore", "clear")
    assert refused.returncode == 2 and "--yes" in refused.stderr
    assert len(ignore_list(data)) == 1
    assert simfind(data, "ignore", "clear", "--yes").returncode == 0
    assert ignore_list(data) == []


def test_a_file_cannot_be_ignored_against_itself(notes: Path, tmp_path: Path) -> None:
    done = simfind(
        tmp_path / "data", "ignore", "add", str(notes / "draft.txt"), str(notes / "draft.txt")
    )
    assert done.returncode == 2 and "named twice" in done.stderr
    gone = simfind(
        tmp_path / "data", "ignore", "add", str(notes / "draft.txt"), str(notes / "nope")
    )
    assert gone.returncode == 2 and "cannot read" in gone.stderr


def test_a_damaged_list_is_set_aside_with_one_message(notes: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILE_NAME).write_bytes(b"not a database, whatever it was " * 64)
    done = simfind(data, "groups", str(notes), "--format", "json", "--no-cache")
    assert done.returncode == 0
    warnings = [line for line in done.stderr.splitlines() if "ignore list" in line]
    assert len(warnings) == 1 and "was damaged" in warnings[0], done.stderr
    (aside,) = data.glob(f"{FILE_NAME}{ASIDE_MARK}*")
    assert aside.read_bytes().startswith(b"not a database")  # kept, not lost
    assert len(json.loads(done.stdout)["groups"]) == 1  # the run went on
    added = simfind(data, "ignore", "add", str(notes / "draft.txt"), str(notes / "edit.txt"))
    assert added.returncode == 0 and "warning" not in added.stderr


def test_entries_that_can_still_be_read_are_carried_over(notes: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = IgnoreStore(data)
    first = simfind(data, "ignore", "add", str(notes / "draft.txt"), str(notes / "edit.txt"))
    assert first.returncode == 0
    # A page of the file damaged past the table's rows: the index is unreadable.
    db = sqlite3.connect(data / FILE_NAME)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    index_page = db.execute(
        "SELECT rootpage FROM sqlite_master WHERE name = 'pairs_by_content'"
    ).fetchone()[0]
    db.close()
    with (data / FILE_NAME).open("r+b") as file:
        file.seek((index_page - 1) * page)
        file.write(b"\xff" * page)
    entries = store.entries()
    assert [e.id for e in entries] == [1]
    assert [n.recovered for n in store.notices] == [1]
    assert groups(data, notes) == [{"draft.txt", "other edit.txt"}]


ADDING = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from simfind.core.ignore.pairs import IgnoredPair, Side
    from simfind.core.ignore.store import IgnoreStore

    folder, name, start = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3])
    store = IgnoreStore(folder)
    while time.time() < start:
        time.sleep(0.001)
    for k in range(40):
        a = Side(f"{name}-{k}-a".encode().ljust(16, b"."), Path(f"/{name}/{k}/a"))
        b = Side(f"{name}-{k}-b".encode().ljust(16, b"."), Path(f"/{name}/{k}/b"))
        store.add([IgnoredPair.of(a, b)])
    """
)


def test_two_processes_adding_at_once_keep_every_entry(tmp_path: Path) -> None:
    import time

    data = tmp_path / "data"
    start = str(time.time() + 1.5)  # both begin at the same moment, once started
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", ADDING, str(data), name, start], stderr=subprocess.PIPE
        )
        for name in ("one", "two")
    ]
    for process in processes:
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err.decode()
    entries = IgnoreStore(data).entries()
    assert len(entries) == 80 == len({e.id for e in entries})
    assert {e.first.path.parts[1] for e in entries} == {"one", "two"}


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names that are not UTF-8")
def test_the_list_names_a_file_that_is_not_utf8_exactly(notes: Path, tmp_path: Path) -> None:
    from simfind.core.base.paths import path_from_fields

    odd = Path(os.fsdecode(bytes(notes / "edit") + b"\xff.txt"))
    spelt = notes / "edit\\xff.txt"  # the four characters, beside the byte
    (notes / "edit.txt").rename(odd)
    spelt.write_text(EN_DOCS[0].replace("the", "a", 3), encoding="utf-8")
    data = tmp_path / "data"
    assert simfind(data, "ignore", "add", str(notes / "draft.txt"), str(odd)).returncode == 0
    (entry,) = ignore_list(data)
    assert path_from_fields(entry["second"]) == odd  # type: ignore[arg-type]
    assert path_from_fields(entry["second"]) != spelt  # type: ignore[arg-type]

"""Hostile folders: every odd entry is skipped with a reason, nothing hangs, nothing is written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from simfind.core.base.errors import SkipReason
from simfind.core.runs.progress import Progress
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.scan.walk import WalkOptions
from tests.texts import EN_DOCS, ZH_DOCS

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX special files")


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    root = tmp_path / "hostile"
    (root / "sub").mkdir(parents=True)
    (root / "good.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (root / "sub" / "good.md").write_text(EN_DOCS[0], encoding="utf-8")
    os.mkfifo(root / "pipe")
    (root / "loop_a").symlink_to(root / "loop_b")
    (root / "loop_b").symlink_to(root / "loop_a")
    (root / "broken").symlink_to(root / "does-not-exist")
    (root / "zero").symlink_to("/dev/zero")
    (root / "sub" / "up").symlink_to("..")  # a folder loop, for --follow-links
    (root / "empty.txt").write_bytes(b"")
    with (root / "sparse.txt").open("wb") as handle:
        handle.truncate(3 * 1024**3)
    (root / "one-line.txt").write_text(("word " * 4_000_000)[:20_000_000], encoding="ascii")
    (root / "line\nbreak.txt").write_text(ZH_DOCS[1], encoding="utf-8")
    (root / os.fsdecode(b"caf\xe9-latin1-name.txt")).write_text(EN_DOCS[1], encoding="utf-8")
    return root


def reasons(result) -> dict[str, SkipReason]:  # type: ignore[no-untyped-def]
    return {s.rel: s.reason for s in result.skipped}


def test_every_odd_entry_is_skipped_with_its_reason(hostile: Path, untouched) -> None:
    check = untouched(hostile)
    result = scan(hostile / "good.txt", hostile)
    check()
    found = sorted(m.rel for m in result.matches)
    assert found == sorted(
        [
            "good.txt",
            "sub/good.md",
            "one-line.txt",
            "line\nbreak.txt",
            os.fsdecode(b"caf\xe9-latin1-name.txt"),
        ]
    )
    assert reasons(result) == {
        "pipe": SkipReason.NOT_REGULAR,
        "loop_a": SkipReason.SYMLINK,
        "loop_b": SkipReason.SYMLINK,
        "broken": SkipReason.SYMLINK,
        "zero": SkipReason.SYMLINK,
        "sub/up": SkipReason.SYMLINK,
        "empty.txt": SkipReason.EMPTY,
        "sparse.txt": SkipReason.TOO_LARGE,
    }


def test_following_links_never_enters_a_loop_twice(hostile: Path, untouched) -> None:
    check = untouched(hostile)
    options = ScanOptions(walk=WalkOptions(follow_links=True))
    result = scan(hostile / "good.txt", hostile, options)
    check()
    got = reasons(result)
    assert got["loop_a"] is SkipReason.SYMLINK_LOOP
    assert got["broken"] is SkipReason.BROKEN_LINK
    assert got["zero"] is SkipReason.NOT_REGULAR
    assert got["sub/up"] is SkipReason.SYMLINK_LOOP
    assert sum(m.rel.endswith("good.md") for m in result.matches) == 1


def test_hidden_files_are_skipped_unless_asked_for(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text(EN_DOCS[1], encoding="utf-8")
    (tmp_path / ".hidden.txt").write_text(EN_DOCS[2], encoding="utf-8")
    (tmp_path / "shown.txt").write_text(EN_DOCS[0], encoding="utf-8")
    plain = scan(tmp_path / "shown.txt", tmp_path)
    assert [m.rel for m in plain.matches] == ["shown.txt"]
    every = scan(tmp_path / "shown.txt", tmp_path, ScanOptions(walk=WalkOptions(hidden=True)))
    assert sorted(m.rel for m in every.matches) == [".git/config", ".hidden.txt", "shown.txt"]


def test_a_file_that_vanishes_mid_scan_is_reported(tmp_path: Path) -> None:
    root = tmp_path / "vanishing"
    root.mkdir()
    for index in range(5):
        (root / f"f{index}.txt").write_text(EN_DOCS[index % 3], encoding="utf-8")

    def delete_one(progress: Progress) -> None:
        if progress.files_done == 0:  # after the walk, before any file is read
            (root / "f3.txt").unlink(missing_ok=True)

    result = scan(root / "f0.txt", root, ScanOptions(), ScanContext(delete_one))
    assert reasons(result) == {"f3.txt": SkipReason.VANISHED}
    assert len(result.matches) == 4


def without_root_powers() -> list[str]:
    """A command prefix under which mode 000 really is unreadable, even for root."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: cannot make a file unreadable")
    caps = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={caps}", f"--bounding-set={caps}"]


def test_unreadable_file_and_folder_are_reported(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    (root / "locked").mkdir(parents=True)
    (root / "good.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    (root / "secret.txt").write_text(ZH_DOCS[3], encoding="utf-8")
    (root / "locked" / "inside.txt").write_text(ZH_DOCS[4], encoding="utf-8")
    (root / "secret.txt").chmod(0o000)
    (root / "locked").chmod(0o000)
    try:
        done = subprocess.run(
            [
                *without_root_powers(),
                sys.executable,
                "-m",
                "simfind",
                "scan",
                str(root / "good.txt"),
                str(root),
                "--format",
                "json",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        (root / "locked").chmod(0o755)
        (root / "secret.txt").chmod(0o644)
    assert done.returncode == 0, done.stderr
    assert [Path(r["path"]).name for r in json.loads(done.stdout)] == ["good.txt"]
    assert "secret.txt: cannot be read (permission denied)" in done.stderr
    assert "locked: cannot be read (permission denied)" in done.stderr


def test_patterns_match_names_that_are_not_utf8(tmp_path: Path) -> None:
    # RE2 takes UTF-8 only: a name with the byte 0xFF under --exclude '*.csv' stopped the
    # walk (UnicodeEncodeError, exit 1), and a pattern holding that byte was "not valid".
    from simfind.core.scan.walk import walk

    odd = os.fsdecode(b"caf\xff.txt")
    for name in (odd, "plain.txt", "table.csv"):
        (tmp_path / name).write_text(EN_DOCS[0], encoding="utf-8")

    def walked(**patterns: tuple[str, ...]) -> list[str]:
        return sorted(found.rel for found in walk(tmp_path, WalkOptions(**patterns)))

    assert walked(exclude=("*.csv",)) == sorted([odd, "plain.txt"])
    assert walked(include=(os.fsdecode(b"*\xff*"),)) == [odd]
    assert walked(exclude=(os.fsdecode(b"caf\xff*"),)) == ["plain.txt", "table.csv"]

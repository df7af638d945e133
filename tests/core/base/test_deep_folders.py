"""Folders nested deeper than Python's recursion limit are walked like any other; deeper
than the system's longest path, each folder it cannot reach is skipped with its reason."""

from __future__ import annotations

import errno
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.base.errors import SkipReason
from simfind.core.scan.walk import FileEntry, Skipped, walk
from tests.texts import EN_DOCS

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="folders opened by descriptor")

#: Python's recursion limit is 1000: the walk's recursion stopped at about 495 levels.
DEPTH = 1200
#: Where a file is put on the way down, and its text.
FILES = {3: EN_DOCS[0], 600: EN_DOCS[0] + " again", DEPTH - 1: EN_DOCS[0] + " at the end"}


def nest(root: Path, depth: int, files: dict[int, str]) -> None:
    """``root/d/d/.../d`` ``depth`` levels deep, made by descriptor (past any path length),
    with ``files[level]`` written as ``note.txt`` at its level."""
    root.mkdir()
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for level in range(depth):
            os.mkdir("d", dir_fd=folder)
            below = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = below
            if level in files:
                note = os.open("note.txt", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=folder)
                os.write(note, files[level].encode("utf-8"))
                os.close(note)
    finally:
        os.close(folder)


def unnest(root: Path) -> None:
    """Remove a tree of any depth (shutil.rmtree recurses, as the walk did), by descriptor,
    one open at a time."""
    folder = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    names: list[str] = []  # the way down from root
    while True:
        with os.scandir(folder) as listing:
            entries = list(listing)
        below = next((e.name for e in entries if e.is_dir(follow_symlinks=False)), None)
        for entry in entries:
            if entry.name != below:
                os.unlink(entry.name, dir_fd=folder)
        if below is not None:
            child = os.open(below, os.O_RDONLY | os.O_DIRECTORY, dir_fd=folder)
            os.close(folder)
            folder = child
            names.append(below)
            continue
        if not names:
            break
        parent = os.open("..", os.O_RDONLY | os.O_DIRECTORY, dir_fd=folder)
        os.close(folder)
        folder = parent
        os.rmdir(names.pop(), dir_fd=folder)
    os.close(folder)
    root.rmdir()


@pytest.fixture
def deep(tmp_path: Path) -> Iterator[Path]:
    root = tmp_path / "deep"
    nest(root, DEPTH, FILES)
    yield root
    unnest(root)  # pytest's own clean-up (shutil.rmtree) would stop on it


def test_nesting_past_the_recursion_limit_is_walked_in_order(deep: Path) -> None:
    found = list(walk(deep))
    assert all(isinstance(f, FileEntry) for f in found), found[:3]
    # Depth first in sorted order: "d" before "note.txt", so the deepest file comes first.
    expected = ["d/" * (level + 1) + "note.txt" for level in sorted(FILES, reverse=True)]
    assert [f.rel for f in found] == expected


def test_a_folder_past_the_longest_path_is_skipped_with_its_reason(tmp_path: Path) -> None:
    root = tmp_path / "deeper"
    depth = 2100  # "d/" 2100 times: past Linux's 4,096 bytes
    nest(root, depth, {5: EN_DOCS[1], depth - 1: EN_DOCS[2]})
    try:
        found = list(walk(root))
    finally:
        unnest(root)
    files = [f for f in found if isinstance(f, FileEntry)]
    skipped = [f for f in found if isinstance(f, Skipped)]
    assert [f.rel for f in files] == ["d/" * 6 + "note.txt"]
    assert len(skipped) == 1 and skipped[0].reason is SkipReason.UNREADABLE
    assert skipped[0].detail is not None and skipped[0].detail.os_error is not None
    assert skipped[0].detail.os_error.errno == errno.ENAMETOOLONG


@pytest.mark.parametrize("command", ["scan", "groups", "versions", "records"])
def test_every_command_walks_deep_folders(
    deep: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    # RecursionError stopped every one of them: exit 1, "unexpected error".
    reference = tmp_path / "reference.txt"
    reference.write_text(EN_DOCS[0], encoding="utf-8")
    argv = {
        "scan": ["scan", str(reference), str(deep)],
        "groups": ["groups", str(deep)],
        "versions": ["versions", str(deep)],
        "records": ["groups", str(deep), "--records", "lines"],
    }[command]
    code = main([*argv, "--format", "json", "--no-cache"])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "RecursionError" not in err
    paths = json.dumps(json.loads(out))
    assert paths.count("note.txt") >= (3 if command in ("scan", "groups") else 2)


def test_the_clusters_listing_walks_deep_folders(deep: Path) -> None:
    from simfind.cluster.sources import folder_source

    source = folder_source(deep)
    assert source.rows == len(FILES) and not source.skipped

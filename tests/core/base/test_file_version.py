"""paths.FileVersion: one file version, made from a stat or from a record by one rule."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from simfind.core.base import paths
from simfind.core.base.paths import FileVersion
from simfind.core.scan.walk import FileEntry, WalkOptions, walk
from simfind.core.text.reading import read_text


def test_a_stat_a_walk_and_a_read_give_one_version(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("some words to read\n")
    info = (tmp_path / "a.txt").stat()
    [entry] = [e for e in walk(tmp_path, WalkOptions()) if isinstance(e, FileEntry)]
    assert FileVersion.of(entry) == FileVersion.of_stat(info)
    assert read_text(tmp_path / "a.txt").version == FileVersion.of_stat(info)
    assert FileVersion.of_stat(info)[:2] == (info.st_size, info.st_mtime_ns)


@pytest.mark.skipif(os.name != "posix", reason="the inode and ctime are used on POSIX")
def test_on_posix_the_inode_and_status_change_time_are_part_of_it(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x")
    info = (tmp_path / "a.txt").stat()
    version = FileVersion.of_stat(info)
    assert (version.ino, version.ctime_ns) == (info.st_ino, info.st_ctime_ns)


def test_elsewhere_only_size_and_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.txt").write_text("x")
    info = (tmp_path / "a.txt").stat()
    entry = FileVersion(info.st_size, info.st_mtime_ns, 7, 0)
    monkeypatch.setattr(paths, "_POSIX", False)
    assert FileVersion.of_stat(info) == FileVersion(info.st_size, info.st_mtime_ns, 0, 0)
    assert FileVersion.of(entry) == FileVersion(info.st_size, info.st_mtime_ns, 0, 0)


def test_it_pickles_as_itself() -> None:
    version = FileVersion(1, 2, 3, 4)
    assert pickle.loads(pickle.dumps(version)) == version
    assert type(pickle.loads(pickle.dumps(version))) is FileVersion

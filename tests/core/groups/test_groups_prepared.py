"""Groups take the texts the cache holds prepared, and keep those they prepare."""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups import file_comparer as comparing
from simfind.core.groups import grouping_memo
from simfind.core.groups.folder_groups import GroupsResult, find_groups
from simfind.core.runs.jobs import make_pool
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from tests.core.groups.test_groups import exact, make_folder


def figures(result: GroupsResult) -> list[list[tuple[str, float | None]]]:
    return [[(m.rel, m.similarity) for m in group.members] for group in result.groups]


def prepared_paths(cache_dir: Path) -> set[str]:
    with closing(sqlite3.connect(cache_dir / "fingerprints.sqlite3")) as db, db:
        return {os.fsdecode(bytes(row[0])) for row in db.execute("SELECT path FROM prepared")}


def forget_groupings(cache_dir: Path) -> None:
    """Drop the groupings kept (grouping_memo): the files are compared again."""
    path = cache_dir / "fingerprints.sqlite3"
    if path.exists():
        with closing(sqlite3.connect(path)) as db, db:
            db.execute("DELETE FROM scans WHERE key LIKE ?", (f"{grouping_memo.FORM}:%",))


def grouped(folder: Path, cache_dir: Path, pool=None) -> GroupsResult:
    comparing._cache = None  # this process's texts, as a new command starts without them
    forget_groupings(cache_dir)  # what is looked at here is how pairs are compared
    with FingerprintCache(cache_dir) as cache:
        return find_groups(folder, ScanOptions(), context=ScanContext(cache=cache, executor=pool))


def test_a_second_grouping_reads_no_text_it_prepared_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = make_folder(tmp_path / "f")
    cache_dir = tmp_path / "cache"
    read: list[str] = []
    real_read = comparing.read_text

    def counted(path: str, *args: object, **kwargs: object):
        read.append(Path(path).name)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(comparing, "read_text", counted)
    first = grouped(folder, cache_dir)
    assert "a3-edited.txt" in read
    kept = prepared_paths(cache_dir)
    assert str(folder / "a3-edited.txt") in kept

    read.clear()
    second = grouped(folder, cache_dir)
    assert figures(second) == figures(first)
    assert read  # the copies, found alike by their digests, were never cut into words
    assert not {name for name in read if str(folder / name) in kept}

    # An edited file is read again, and compared as it is now.
    edited = folder / "a3-edited.txt"
    edited.write_text(edited.read_text(encoding="utf-8") + "又加了一句话。", encoding="utf-8")
    os.utime(edited, ns=(edited.stat().st_atime_ns, edited.stat().st_mtime_ns + 10**9))
    read.clear()
    third = grouped(folder, cache_dir)
    assert "a3-edited.txt" in read
    member = next(m for g in third.groups for m in g.members if m.rel == "a3-edited.txt")
    centre = next(g.members[0] for g in third.groups if member in g.members)
    assert member.similarity == pytest.approx(exact(centre.path, member.path))


def test_workers_take_prepared_texts_from_the_cache(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "f")
    cache_dir = tmp_path / "cache"
    with make_pool(2) as pool:
        first = grouped(folder, cache_dir, pool)
    group = next(g for g in first.groups if "a3-edited.txt" in {m.rel for m in g.members})
    edited = next(m for m in group.members if m.rel == "a3-edited.txt")
    assert edited.similarity is not None and edited.similarity < 1.0
    kept = prepared_paths(cache_dir)
    assert {str(edited.path), str(group.members[0].path)} <= kept
    # The edited copy's row made to hold its centre's words: workers that take it from
    # the cache find the two the same; workers that read the file would not.
    with closing(sqlite3.connect(cache_dir / "fingerprints.sqlite3")) as db, db:
        db.execute(
            "UPDATE prepared SET words = (SELECT words FROM prepared WHERE path = ?) "
            "WHERE path = ?",
            (os.fsencode(group.members[0].path), os.fsencode(edited.path)),
        )
    with make_pool(2) as pool:  # new workers: none holds a text from the first run
        second = grouped(folder, cache_dir, pool)
    again = next(m for g in second.groups for m in g.members if m.rel == "a3-edited.txt")
    assert again.similarity == 1.0


def test_a_grouping_keeps_no_more_prepared_text_than_its_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = make_folder(tmp_path / "f")
    monkeypatch.setattr(comparing, "KEPT_BYTES", 1)  # the first text kept fills it
    first = grouped(folder, tmp_path / "cache")
    assert len(prepared_paths(tmp_path / "cache")) == 1
    monkeypatch.setattr(comparing, "KEPT_BYTES", 1 << 30)
    assert figures(grouped(folder, tmp_path / "cache")) == figures(first)
    assert len(prepared_paths(tmp_path / "cache")) > 1

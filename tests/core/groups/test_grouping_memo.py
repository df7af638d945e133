"""A second search for groups of an unchanged folder takes the answer kept in the cache,
keyed on the walk as a scan's is: the same groups, no fingerprint read from the cache, no
file hashed, no pair compared again; a changed file (even rewritten to its size with its
time set back) and it groups afresh."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from simfind.cli import main
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups import folder_groups
from simfind.core.groups.folder_groups import GroupsResult, find_groups, regroup
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList, Side
from simfind.core.linkage import streaming
from simfind.core.scan.context import ScanContext
from simfind.core.scan.file_digests import Hashes
from simfind.core.scan.options import ScanOptions
from tests.binaries import image
from tests.core.groups.test_groups import make_folder
from tests.places import TESTS
from tests.test_startup import PROBE
from tests.texts import EN_DOCS, ZH_DOCS


@pytest.fixture
def groupings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the files were grouped (candidates searched, pairs compared)."""
    calls: list[int] = []
    real = streaming.stream_groups

    def counted(*args: Any, **kwargs: Any) -> Any:
        outcome = real(*args, **kwargs)
        calls.append(outcome.compared)
        return outcome

    monkeypatch.setattr(streaming, "stream_groups", counted)
    return calls


def real_folder(root: Path) -> Path:
    folder = make_folder(root)
    for name in ("forms-api-4.2.16.txt", "forms-api-5.1.4.txt", "faq-ch03-choosing.txt"):
        shutil.copy(TESTS / "data" / "releases" / name, folder / name)
    return folder


def groups_json(folder: Path, out: Path, *extra: str) -> dict[str, Any]:
    assert main(["groups", str(folder), "--format", "json", "-o", str(out), "-q", *extra]) == 0
    written: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    written.pop("created")
    return written


def members(written: dict[str, Any]) -> list[set[str]]:
    return [{Path(m["path"]).name for m in group["members"]} for group in written["groups"]]


def test_a_second_grouping_of_an_unchanged_folder_compares_nothing(
    tmp_path: Path, groupings: list[int]
) -> None:
    folder = real_folder(tmp_path / "f")
    first = groups_json(folder, tmp_path / "1.json")
    assert len(groupings) == 1 and groupings[0] >= 1
    second = groups_json(folder, tmp_path / "2.json")
    assert len(groupings) == 1  # nothing grouped again
    assert second == first
    # The same as grouped without any cache.
    assert groups_json(folder, tmp_path / "3.json", "--no-cache") == first
    assert len(groupings) == 2


def test_a_changed_file_is_grouped_afresh_and_its_change_shows(
    tmp_path: Path, groupings: list[int]
) -> None:
    folder = real_folder(tmp_path / "f")
    before = groups_json(folder, tmp_path / "1.json")
    assert any("a3-edited.txt" in names for names in members(before))
    # The edited copy of a Chinese document becomes a copy of an English one.
    edited = folder / "a3-edited.txt"
    info = edited.stat()
    edited.write_text(EN_DOCS[1], encoding="utf-8")
    os.utime(edited, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    after = groups_json(folder, tmp_path / "2.json")
    assert len(groupings) == 2  # grouped again
    assert after != before
    assert {"a3-edited.txt", f"doc{len(ZH_DOCS) + 1}.txt"} <= next(
        names for names in members(after) if "a3-edited.txt" in names
    )
    assert groups_json(folder, tmp_path / "3.json", "--no-cache") == after
    # And that grouping is the one kept now.
    assert groups_json(folder, tmp_path / "4.json") == after
    assert len(groupings) == 3


def test_the_kept_grouping_regroups_at_another_threshold(
    tmp_path: Path, groupings: list[int], private_cache: Path
) -> None:
    folder = real_folder(tmp_path / "f")

    def grouped() -> folder_groups.GroupsResult:
        with FingerprintCache(private_cache) as cache:
            return find_groups(folder, ScanOptions(), context=ScanContext(cache=cache))

    first, second = grouped(), grouped()
    assert len(groupings) == 1
    figures = [[(m.rel, m.similarity, m.distance) for m in g.members] for g in second.groups]
    assert figures == [[(m.rel, m.similarity, m.distance) for m in g.members] for g in first.groups]
    assert (second.candidates, second.compared) == (first.candidates, first.compared)
    for threshold in (0.5, 0.95):
        kept, fresh = regroup(second, threshold), regroup(first, threshold)
        assert [[m.rel for m in g.members] for g in kept.groups] == [
            [m.rel for m in g.members] for g in fresh.groups
        ]


@pytest.fixture
def no_reads(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Once called: any fingerprint or hash looked up in the cache, or any file hashed,
    fails the test."""

    def forbid() -> None:
        def fail(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError("looked up")

        monkeypatch.setattr(FingerprintCache, "lookup_folder", fail)
        monkeypatch.setattr(FingerprintCache, "lookup_digests", fail)
        monkeypatch.setattr(Hashes, "look_up", fail)

    return forbid


def rich_folder(root: Path) -> Path:
    """Near-duplicates, copies of a text, identical images, an unreadable entry."""
    folder = real_folder(root)
    first = image(folder / "p.png")
    shutil.copy(first, folder / "p-copy.png")
    shutil.copy(folder / "doc1.txt", folder / "doc1-copy.txt")
    (folder / "gone.txt").symlink_to(folder / "nowhere.txt")
    return folder


def everything(result: GroupsResult) -> list[Any]:
    """What a search found, field by field (its time aside)."""

    def file(match: Any) -> tuple[Any, ...]:
        return (
            match.path,
            match.rel,
            match.size,
            match.mtime_ns,
            match.ino,
            match.ctime_ns,
            match.dev,
            match.encoding,
            match.fingerprint,
            match.format,
            match.digest,
            match.links,
            match.by_bytes,
        )

    def member(m: Any) -> tuple[Any, ...]:
        return (*file(m.match), m.similarity, m.distance, m.identical, m.identical_to, m.alone)

    return [
        [file(m) for m in result.found],
        {row: [file(m) for m in copies] for row, copies in result.twins.items()},
        [[member(m) for m in group.members] for group in result.groups],
        [[member(m) for m in group.members] for group in result.identical],
        [(s.path, s.rel, s.reason, s.detail) for s in result.skipped],
        (result.files, result.text_files, result.copies_apart, result.by_bytes),
        (result.radius, result.candidates, result.compared, result.cancelled),
        (result.boilerplate.values.tolist(), result.boilerplate.texts),
        repr(result.reading),
    ]


def test_a_kept_answer_reads_no_fingerprint_and_hashes_nothing(
    tmp_path: Path, groupings: list[int], private_cache: Path, no_reads: Any
) -> None:
    folder = rich_folder(tmp_path / "f")
    fresh = find_groups(folder, ScanOptions())  # no cache

    def grouped() -> GroupsResult:
        with FingerprintCache(private_cache) as cache:
            return find_groups(folder, ScanOptions(), context=ScanContext(cache=cache))

    first = grouped()
    assert len(groupings) == 2
    assert first.identical and first.twins and first.skipped  # the folder holds each
    no_reads()
    second = grouped()
    assert len(groupings) == 2  # nothing grouped again
    assert everything(second) == everything(first) == everything(fresh)
    kept, again = regroup(second, 0.6), regroup(first, 0.6)
    assert everything(kept) == everything(again)


def test_a_file_rewritten_to_its_size_with_its_time_set_back_is_grouped_afresh(
    tmp_path: Path, groupings: list[int]
) -> None:
    folder = real_folder(tmp_path / "f")
    before = groups_json(folder, tmp_path / "1.json")
    edited = folder / "a3-edited.txt"
    info = edited.stat()
    size = info.st_size
    text = (EN_DOCS[1] * (size // len(EN_DOCS[1]) + 1)).encode("utf-8")[:size]
    edited.write_bytes(text.decode("utf-8", "ignore").encode("utf-8").ljust(size, b" "))
    os.utime(edited, ns=(info.st_atime_ns, info.st_mtime_ns))  # its time as it was
    assert (edited.stat().st_size, edited.stat().st_mtime_ns) == (size, info.st_mtime_ns)
    after = groups_json(folder, tmp_path / "2.json")
    assert len(groupings) == 2  # grouped again: its change time moved
    assert after != before
    assert groups_json(folder, tmp_path / "3.json", "--no-cache") == after


def test_another_ignore_list_is_another_question(tmp_path: Path, private_cache: Path) -> None:
    folder = real_folder(tmp_path / "f")
    near = folder / "a3-edited.txt", folder / "a1.txt"

    def grouped(ignored: IgnoreList | None) -> list[set[str]]:
        with FingerprintCache(private_cache) as cache:
            context = ScanContext(cache=cache)
            result = find_groups(folder, ScanOptions(), context=context, ignored=ignored)
        return [{m.path.name for m in group.members} for group in result.groups]

    def side(path: Path) -> Side:
        found = find_groups(folder, ScanOptions()).found
        return Side(next(m.digest for m in found if m.path == path) or b"", path)

    together = grouped(None)
    assert any(set(n.name for n in near) <= names for names in together)
    ignored = IgnoreList([IgnoredPair.of(side(near[0]), side(near[1]))])
    assert not any(set(n.name for n in near) <= names for names in grouped(ignored))
    assert grouped(None) == together


def test_a_kept_answer_loads_no_grouping_engine(tmp_path: Path) -> None:
    """Neither the candidate search nor the exact comparisons are loaded for an answer kept
    (nor a pool, nor the segmenter): only what the groups are made from."""
    folder = real_folder(tmp_path / "f")
    env = dict(os.environ, SIMFIND_CACHE_DIR=str(tmp_path / "cache"))

    def modules() -> set[str]:
        command = [sys.executable, "-c", PROBE, "groups", str(folder), "--jobs", "1", "-q"]
        command += ["--format", "json", "-o", str(tmp_path / "out.json")]
        done = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result["code"] == 0
        return set(result["modules"])

    engine = {
        "simfind.core.linkage.streaming",
        "simfind.core.groups.file_comparer",
        "simfind.core.index.frontier_search",
    }
    assert engine <= modules()  # the first search groups
    kept = modules()
    assert "simfind.core.groups.folder_groups" in kept
    for unneeded in (*engine, "multiprocessing", "faiss", "rjieba", "jieba"):
        assert unneeded not in kept, unneeded

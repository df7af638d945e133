"""A second search for groups of an unchanged folder takes the grouping kept in the cache:
the same groups, no pair compared again; a changed file and it groups afresh."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from simfind.cli import main
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups import folder_groups
from simfind.core.groups.folder_groups import find_groups, regroup
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from tests.core.groups.test_groups import make_folder
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS


@pytest.fixture
def groupings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the files were grouped (candidates searched, pairs compared)."""
    calls: list[int] = []
    real = folder_groups.stream_groups

    def counted(*args: Any, **kwargs: Any) -> Any:
        outcome = real(*args, **kwargs)
        calls.append(outcome.compared)
        return outcome

    monkeypatch.setattr(folder_groups, "stream_groups", counted)
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

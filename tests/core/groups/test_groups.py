"""All groups of near-duplicates in folders: real files, exact similarity, the command line."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.compare.verify import comparable, similarity
from simfind.core.groups.folder_groups import find_groups, regroup
from simfind.core.index.candidates import RadiusProblem, RadiusTooWideError
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.runs.jobs import make_pool
from simfind.core.runs.progress import Progress
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def edited(text: str) -> str:
    """Every fifth sentence dropped and a word changed: a real edit, not a copy."""
    parts = text.split("。")
    return "。".join(p for k, p in enumerate(parts) if k % 5 != 4).replace("小镇", "古镇")


def make_folder(root: Path) -> Path:
    root.mkdir()
    for index, text in enumerate(ZH_DOCS + EN_DOCS):
        (root / f"doc{index}.txt").write_text(text, encoding="utf-8")
    # Group A: three copies of one document, one in GBK; and an edited copy.
    (root / "a1.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (root / "a2.txt").write_bytes(ZH_DOCS[0].encode("gbk"))
    (root / "a3-edited.txt").write_text(edited(ZH_DOCS[0]), encoding="utf-8")
    # Group B: code and a copy.
    (root / "b1.py").write_text(CODE, encoding="utf-8")
    (root / "sub").mkdir()
    (root / "sub" / "b2.py").write_text(CODE, encoding="utf-8")
    return root


def exact(a: Path, b: Path) -> float:
    from simfind.core.text.features import FeatureSettings
    from simfind.core.text.reading import read_text

    settings = FeatureSettings()
    first, second = (comparable(read_text(p).text, settings) for p in (a, b))
    return similarity(first, second, settings)


def test_groups_hold_verified_near_duplicates(tmp_path: Path, untouched) -> None:
    folder = make_folder(tmp_path / "f")
    check = untouched(folder)
    result = find_groups(folder, ScanOptions())
    check()
    as_sets = [{m.rel for m in g.members} for g in result.groups]
    assert as_sets == [{"a1.txt", "a2.txt", "a3-edited.txt", "doc0.txt"}, {"b1.py", "sub/b2.py"}]
    for group in result.groups:
        centre = group.members[0]
        assert centre.is_reference and centre.distance == 0 and centre.similarity == 1.0
        for member in group.members[1:]:
            assert member.similarity == pytest.approx(exact(centre.path, member.path))
            assert not member.is_reference
    edited_copy = next(m for m in result.groups[0].members if m.rel == "a3-edited.txt")
    assert 0.6 <= edited_copy.similarity < 1.0
    assert result.files == len(ZH_DOCS) + len(EN_DOCS) + 5
    assert result.radius == 32 and result.compared >= 1
    assert result.groups[0].reclaimable == result.groups[0].size - max(
        m.size for m in result.groups[0].members
    )


def test_the_threshold_decides(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "f")
    strict = find_groups(folder, ScanOptions(), GroupingOptions(threshold=0.999))
    assert [len(g.members) for g in strict.groups] == [3, 2]  # the edited copy is out


def test_several_folders_and_reference_folders(tmp_path: Path) -> None:
    first = tmp_path / "first"
    archive = tmp_path / "archive"
    first.mkdir()
    archive.mkdir()
    (first / "note.txt").write_text(ZH_DOCS[1], encoding="utf-8")
    (archive / "note.txt").write_text(ZH_DOCS[1], encoding="utf-8")
    (archive / "other.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    (archive / "other copy.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    result = find_groups([first], ScanOptions(), reference_folders=[archive])
    # The archive's own pair is not listed: nothing in it may be acted on.
    assert len(result.groups) == 1
    members = result.groups[0].members
    assert {m.path for m in members} == {first / "note.txt", archive / "note.txt"}
    assert [result.protected(m) for m in members].count(True) == 1
    assert [result.root_of(m) for m in sorted(members, key=lambda m: str(m.path))] == [1, 0]


def test_files_are_in_the_order_of_their_paths_bytes(tmp_path: Path) -> None:
    # A walk goes name by name ("a" and its files before "a-b"); the rows are in the
    # order of the whole paths' bytes ("a-b" first: "-" before "/"), over two folders,
    # one inside the other's name ("x" and "x-2"), whatever the names hold.
    first, second = tmp_path / "x", tmp_path / "x-2"
    names = ["a/one.txt", "a-b/two.txt", "a b.txt", "B.txt", "é.txt", "a/sub/three.txt"]
    for number, (folder, name) in enumerate((f, n) for f in (second, first) for n in names):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"{ZH_DOCS[number % 3]} {number}", encoding="utf-8")
    if os.name == "posix":  # a name that is not UTF-8: its text orders it before "ｆ"
        (first / os.fsdecode(b"\xff.txt")).write_text(ZH_DOCS[0] + " z", encoding="utf-8")
        (first / "ｆ.txt").write_text(ZH_DOCS[1] + " f", encoding="utf-8")
    result = find_groups([second, first], ScanOptions())
    paths = [m.path for m in result.found]
    assert len(paths) == 2 * len(names) + 2 * (os.name == "posix")
    assert paths == sorted(paths, key=os.fsencode)
    assert paths != sorted(paths, key=lambda p: p.parts)


def test_a_radius_unrelated_files_would_fall_within_is_refused_before_reading(
    tmp_path: Path,
) -> None:
    folder = make_folder(tmp_path / "f")
    progress: list[Progress] = []
    with pytest.raises(RadiusTooWideError) as caught:
        find_groups(
            folder,
            ScanOptions(),
            GroupingOptions(radius=63),
            ScanContext(progress=progress.append),
        )
    assert caught.value.problem is RadiusProblem.UNRELATED
    assert progress == []  # not a file was read


def test_groups_in_a_pool_report_progress_and_stop_on_cancel(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "f")
    stages: list[str] = []
    with make_pool(2) as pool:
        result = find_groups(
            folder,
            ScanOptions(jobs=2),
            context=ScanContext(progress=lambda p: stages.append(p.stage), executor=pool),
        )
        assert len(result.groups) == 2
        assert "reading" in stages and "verifying" in stages
        assert stages.index("searching") < stages.index("verifying")
        cancel = threading.Event()
        cancel.set()
        stopped = find_groups(folder, ScanOptions(jobs=2), context=ScanContext(cancel=cancel))
    assert stopped.cancelled and stopped.groups == []


def test_groups_command_outputs(tmp_path: Path, capsys) -> None:
    folder = make_folder(tmp_path / "f")
    assert main(["groups", str(folder), "--format", "json", "-q"]) == 0
    groups = json.loads(capsys.readouterr().out)["groups"]
    assert [g["files"] for g in groups] == [4, 2]
    assert groups[0]["reclaimable"] == groups[0]["size"] - max(
        m["size"] for m in groups[0]["members"]
    )
    assert sum(m["centre"] for m in groups[0]["members"]) == 1
    assert all(0.6 <= m["similarity"] <= 1.0 for g in groups for m in g["members"])
    assert main(["groups", str(folder), "--format", "csv", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("group,kind,path,similarity,distance,centre,identical")
    assert len(lines) == 1 + 6
    assert main(["groups", str(folder), "--format", "table"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[1].startswith(
        "group 1 (near-duplicates): 4 files, keeping the largest frees"
    )
    assert "2 groups of 6 files (1 identical) among 14 files" in captured.err
    assert "within 32 of 128 bits, similar from 0.5" in captured.err


def test_groups_command_takes_several_folders(tmp_path: Path, capsys) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    (first / "x.txt").write_text(ZH_DOCS[3], encoding="utf-8")
    (second / "x.txt").write_text(ZH_DOCS[3], encoding="utf-8")
    assert main(["groups", str(first), str(second), "--format", "json", "-q"]) == 0
    (group,) = json.loads(capsys.readouterr().out)["groups"]
    assert {m["path"] for m in group["members"]} == {str(first / "x.txt"), str(second / "x.txt")}


@pytest.mark.parametrize(
    ("bits", "distance", "words"),
    [("64", "63", "at most 16"), ("128", "64", "at most 41"), ("64", "17", "at most 16")],
)
def test_groups_rejects_a_distance_too_wide(
    tmp_path: Path, capsys, bits: str, distance: str, words: str
) -> None:
    folder = make_folder(tmp_path / "f")
    code = main(["groups", str(folder), "--bits", bits, "--max-distance", distance])
    assert code == 2
    err = capsys.readouterr().err
    assert words in err and "unrelated files" in err
    assert len(err.strip().splitlines()) == 1


def test_groups_help_explains_distance_and_threshold(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["groups", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--threshold" in text and "--max-distance" in text
    assert "compared exactly" in text and "every two of a group" in text


def _shape(groups: list) -> list[list[tuple[str, float | None]]]:  # type: ignore[type-arg]
    return [[(m.rel, m.similarity) for m in g.members] for g in groups]


def test_regrouping_at_another_threshold_gives_what_a_new_search_would(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "f")
    # Graded edits of one document: similar to it from 0.3 to 0.9, so the threshold
    # decides which join.
    sentences = ZH_DOCS[5].split("。")
    for keep in range(1, len(sentences)):
        text = "。".join(sentences[:keep]) + "。" + ZH_DOCS[4]
        (folder / f"graded{keep}.txt").write_text(text, encoding="utf-8")
    (folder / "original.txt").write_text(ZH_DOCS[5], encoding="utf-8")
    first = find_groups(folder, ScanOptions(), GroupingOptions(threshold=0.5))
    for threshold in (0.3, 0.5, 0.8, 0.95):
        again = regroup(first, threshold)
        fresh = find_groups(folder, ScanOptions(), GroupingOptions(threshold=threshold))
        assert again.threshold == threshold
        assert _shape(again.groups) == _shape(fresh.groups)
        # Nothing was walked or searched again, and few or no files compared.
        assert again.candidates == first.candidates
    assert _shape(regroup(first, 0.5).groups) == _shape(first.groups)
    grouped = [sum(len(g.members) for g in regroup(first, t).groups) for t in (0.3, 0.95)]
    assert grouped[0] > grouped[1]

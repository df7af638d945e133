"""All groups of near-duplicates in a folder."""

from __future__ import annotations

import json
from pathlib import Path

from simfind.cli import main
from simfind.core.groups import find_groups
from simfind.core.scan import ScanOptions
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def make_folder(root: Path) -> Path:
    root.mkdir()
    for index, text in enumerate(ZH_DOCS + EN_DOCS):
        (root / f"doc{index}.txt").write_text(text, encoding="utf-8")
    # Group A: three copies of one document, one in GBK, one with a one-word edit.
    (root / "a1.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (root / "a2.txt").write_bytes(ZH_DOCS[0].encode("gbk"))
    # Group B: code and a copy.
    (root / "b1.py").write_text(CODE, encoding="utf-8")
    (root / "sub").mkdir()
    (root / "sub" / "b2.py").write_text(CODE, encoding="utf-8")
    return root


def test_groups_are_connected_components_of_near_pairs(tmp_path: Path, untouched) -> None:
    folder = make_folder(tmp_path / "f")
    check = untouched(folder)
    result = find_groups(folder, ScanOptions(), max_distance=3)
    check()
    as_sets = [{m.rel for m in g.members} for g in result.groups]
    assert as_sets == [{"a1.txt", "a2.txt", "doc0.txt"}, {"b1.py", "sub/b2.py"}]
    for group in result.groups:
        centre = group.members[0]
        assert centre.is_reference and centre.distance == 0
        assert all(m.distance <= 3 for m in group.members)
    assert result.files == len(ZH_DOCS) + len(EN_DOCS) + 4


def test_groups_command_outputs(tmp_path: Path, capsys) -> None:
    folder = make_folder(tmp_path / "f")
    assert main(["groups", str(folder), "--format", "json", "-q"]) == 0
    groups = json.loads(capsys.readouterr().out)
    assert [g["files"] for g in groups] == [3, 2]
    assert sum(m["centre"] for m in groups[0]["members"]) == 1
    assert main(["groups", str(folder), "--format", "csv", "-q"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("group,path,distance,centre")
    assert len(lines) == 1 + 5
    assert main(["groups", str(folder), "--format", "table"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("group 1\n")
    assert "2 groups among" in captured.err


def test_groups_rejects_an_impossible_distance(tmp_path: Path, capsys) -> None:
    folder = make_folder(tmp_path / "f")
    assert main(["groups", str(folder), "--max-distance", "64"]) == 2
    assert "below 64" in capsys.readouterr().err

"""``simfind versions``: the revision chains of tests/data/versions (Word and PDF files
saved by LibreOffice) recovered in order from a folder and from one file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simfind.cli import main
from tests.core.versions.test_versions import planted


def links(group: dict[str, object]) -> dict[str, str | None]:
    """Each version's file name, and the name of the version it grew from."""
    versions = group["versions"]
    assert isinstance(versions, list)
    name = {v["order"]: Path(v["path"]).name for v in versions}
    return {Path(v["path"]).name: None if v["from"] is None else name[v["from"]] for v in versions}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--no-cache"]) == 0
    return capsys.readouterr().out


def test_a_folder_of_revisions_comes_back_as_its_chains(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    made_from = planted(tmp_path)
    # The Chinese chain's first step is the manual authors' own heavy revision (half its
    # text put into English): its fingerprints lie 34 bits apart, past groups' default.
    groups = json.loads(
        run(capsys, "versions", str(tmp_path), "--format", "json", "--max-distance", "40")
    )
    found: dict[str, str | None] = {}
    for group in groups:
        found |= links(group)
        times = [v["modified"] for v in group["versions"]]
        assert times == sorted(times)
    assert found == made_from
    newest = {Path(v["path"]).name for g in groups for v in g["versions"] if v["newest"]}
    assert newest == {
        "备份管理 最终版.pdf",
        "bicycle notes final (1).pdf",
        "bicycle notes (club).txt",
    }


def test_one_file_comes_back_with_its_versions_as_a_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    planted(tmp_path)
    table = run(capsys, "versions", str(tmp_path / "bicycle notes_v2.docx"), "--format", "table")
    lines = table.splitlines()
    assert lines[0].split() == [
        "#",
        "FROM",
        "MODIFIED",
        "SIM%",
        "ADDED",
        "REMOVED",
        "CHANGED",
        "PATH",
    ]
    assert lines[1] == "group 1: 6 versions, 1 chain"
    rows = [line.split() for line in lines[2:]]
    # Each under the version it grew from: the club edition after v3's whole branch.
    assert [row[-1] for row in rows] == [
        "notes.txt",
        "notes_v3.txt",
        "notes_v2.docx",
        "final.docx",
        "(1).pdf",
        "(club).txt",
    ]
    assert [row[1] for row in rows[1:]] == ["1", "2", "3", "4", "2"]
    # v3's step: the sentence of 15 words added, nothing removed or changed.
    assert rows[1][5:8] == ["15", "0", "0"]
    assert rows[4][8] == "N=" and rows[5][8] == "N"

"""``simfind folders`` on trees of real texts: each copy beside its original, the figures
as filecmp and difflib count them, in every format; its usage errors."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from pathlib import Path

import pytest

from simfind.cli import main
from tests.core.folders.trees import build_trees, count_shared


@pytest.fixture(scope="module")
def top(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = tmp_path_factory.mktemp("side by side")
    build_trees(made)
    return made


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    assert main(list(argv)) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_csv_lists_each_copy_with_its_original_and_counts_as_filecmp(
    capsys: pytest.CaptureFixture[str], top: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(top)
    out, err = _run(capsys, "folders", ".", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    pairs = {(r["folder_a"], r["folder_b"]) for r in rows}
    assert pairs == {
        ("archive/2023/quotes-backup", "project (copy)/quotes"),
        ("archive/2023/quotes-backup", "project/quotes"),
        ("project", "project (copy)"),
    }
    for row in rows:
        expected = count_shared(top / row["folder_a"], top / row["folder_b"])
        assert int(row["identical_files"]) == expected.identical
        assert int(row["near_files"]) == expected.near
        assert int(row["changed_files"]) == expected.changed
        assert int(row["only_a_files"]) == expected.only_a
        assert int(row["only_b_files"]) == expected.only_b
        assert int(row["size_a"]) + int(row["size_b"]) == expected.all_bytes
        assert float(row["share"]) == pytest.approx(expected.share, abs=1e-4)
    # The largest group first: the project and its copy.
    assert (rows[0]["folder_a"], rows[0]["folder_b"]) == ("project", "project (copy)")
    assert "3 pairs of folders in 2 groups" in err


def test_two_folders_given_are_shown_as_written_in_their_order(
    capsys: pytest.CaptureFixture[str], top: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(top)
    out, _ = _run(capsys, "folders", "project (copy)", "project", "--format", "table")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["SHARE", "SAME", "NEAR"]
    assert len(lines) == 2 and lines[1].endswith("project (copy)  ~  project")
    expected = count_shared(top / "project (copy)", top / "project")
    assert lines[1].split()[0] == f"{100 * expected.share:.1f}%"


def test_json_to_a_file_has_every_file_of_each_pair(
    capsys: pytest.CaptureFixture[str], top: Path, tmp_path: Path
) -> None:
    target = tmp_path / "pairs.json"
    _run(capsys, "folders", str(top / "project"), str(top / "project (copy)"), "-o", str(target))
    document = json.loads(target.read_text(encoding="utf-8"))
    (pair,) = document["groups"][0]["pairs"]
    listed = {f["rel"] for f in pair["files"]}
    below = {
        p.relative_to(top / "project").as_posix()
        for p in (top / "project").rglob("*")
        if p.is_file()
    } | {
        p.relative_to(top / "project (copy)").as_posix()
        for p in (top / "project (copy)").rglob("*")
        if p.is_file()
    }
    assert listed == below


def test_a_threshold_above_every_share_lists_none(
    capsys: pytest.CaptureFixture[str], top: Path
) -> None:
    out, _ = _run(capsys, "folders", str(top), "--threshold", "1", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    # Only the backup of quotes/ with its two originals has all its bytes paired.
    assert rows and all(float(r["share"]) == 1.0 for r in rows)
    assert all("quotes" in r["folder_a"] + r["folder_b"] for r in rows)


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], top: Path) -> None:
    assert main(["folders", str(top / "no such folder")]) == 2
    with pytest.raises(SystemExit) as refused:
        main(["folders", str(top), "--threshold", "1.5"])
    assert refused.value.code == 2
    assert main(["folders", str(top), "-o", str(top / "out.xlsx")]) == 2
    assert "folders writes no xlsx" in capsys.readouterr().err


def test_a_folder_whose_name_unicode_cannot_say_is_given_by_its_bytes_in_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder named with a byte that is no UTF-8 (a Latin-1 "café" from an old drive)
    and its copy: the CSV says the name as the other formats do, and its exact bytes in
    folder_a_bytes, the last columns, as path_bytes is in scan's and groups' CSV."""
    if sys.platform in ("win32", "darwin"):
        pytest.skip("names are Unicode on this system")
    monkeypatch.chdir(tmp_path)
    build_trees(tmp_path)
    (tmp_path / "project (copy)").rename(tmp_path / os.fsdecode(b"caf\xe9"))
    out, _ = _run(capsys, "folders", ".", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0])[-2:] == ["folder_a_bytes", "folder_b_bytes"]
    row = next(r for r in rows if r["folder_b"] == "caf\\xe9" or r["folder_a"] == "caf\\xe9")
    side = "a" if row["folder_a"] == "caf\\xe9" else "b"
    assert os.fsdecode(bytes.fromhex(row[f"folder_{side}_bytes"])) == os.fsdecode(b"caf\xe9")
    assert (tmp_path / os.fsdecode(bytes.fromhex(row[f"folder_{side}_bytes"]))).is_dir()
    other = "b" if side == "a" else "a"
    assert row[f"folder_{other}"] == "project" and row[f"folder_{other}_bytes"] == ""

"""`simfind scan`: containment both ways in every output, and --sort containment."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from simfind.cli import main
from tests.core.compare.test_containment import distractors, head, prose


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A quotation, a report that holds it in its middle, a near-copy of it (a fifth of its
    words changed) and unrelated files."""
    root = tmp_path / "files"
    root.mkdir()
    quotation = head(prose(20, 120), 300)
    (tmp_path / "quotation.txt").write_text(quotation, encoding="utf-8")
    report = prose(21, 250) + " " + quotation + " " + prose(22, 250)
    (root / "report.txt").write_text(report, encoding="utf-8")
    edited = [w if i % 5 else "zzz" for i, w in enumerate(quotation.split(" "))]
    (root / "edited.txt").write_text(" ".join(edited), encoding="utf-8")
    distractors(root, 12)
    return root


def scan(capsys: pytest.CaptureFixture[str], folder: Path, *more: str) -> str:
    reference = folder.parent / "quotation.txt"
    assert main(["scan", str(reference), str(folder), "--no-cache", "-q", *more]) == 0
    return capsys.readouterr().out


def test_json_and_csv_carry_containment_both_ways(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    rows = {Path(r["path"]).name: r for r in json.loads(scan(capsys, folder, "--format", "json"))}
    assert rows["report.txt"]["reference_in_file"] > 0.95
    assert 0.05 < rows["report.txt"]["file_in_reference"] < 0.2
    assert rows["report.txt"]["similarity"] < 0.6
    records = list(csv.DictReader(io.StringIO(scan(capsys, folder, "--format", "csv"))))
    header = list(records[0])
    assert header[2:5] == ["similarity", "reference_in_file", "file_in_reference"]
    by_name = {Path(r["path"]).name: r for r in records}
    assert float(by_name["report.txt"]["reference_in_file"]) > 0.95


def test_sort_containment_puts_the_file_that_holds_the_reference_first(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    ranked = json.loads(scan(capsys, folder, "--format", "json"))
    assert Path(ranked[0]["path"]).name == "edited.txt"  # the most similar whole file
    held = json.loads(scan(capsys, folder, "--format", "json", "--sort", "containment"))
    assert [Path(r["path"]).name for r in held[:2]] == ["report.txt", "edited.txt"]


def test_the_table_shows_both_shares(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    table = scan(capsys, folder, "--format", "table", "--sort", "containment", "--top", "1")
    header, first = table.splitlines()[:2]
    assert "HOLDS%" in header and "HELD%" in header
    assert first.endswith("report.txt")
    holds, held = first.split()[2:4]  # after DIST and SIM%
    assert float(holds) > 95 and 5 < float(held) < 20


def test_records_are_not_ranked_by_containment(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    target = folder / "report.txt"
    assert main(["scan", "word", "--records", "lines", str(target), "--sort", "containment"]) == 2
    assert "--sort containment" in capsys.readouterr().err


def test_similar_only_keeps_the_holders_when_ranked_by_containment(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    def names(*more: str) -> list[str]:
        shown = json.loads(scan(capsys, folder, "--format", "json", "--similar-only", *more))
        return [Path(r["path"]).name for r in shown]

    assert names() == ["edited.txt"]  # similar as a whole; report.txt is not (< 0.6)
    assert names("--sort", "containment") == ["report.txt", "edited.txt"]

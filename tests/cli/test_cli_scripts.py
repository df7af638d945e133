"""--no-fold-scripts: Traditional and Simplified Chinese read as one script unless told,
for scan, groups and records, on a real document and its Big5 Traditional copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from simfind.cli import main
from tests.places import TESTS

DATA = TESTS / "data"
SIMPLIFIED = DATA / "zh_manual" / "faq-what-is-debian.txt"
TRADITIONAL = DATA / "zh_scripts" / "faq-what-is-debian.big5.txt"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    shutil.copy(SIMPLIFIED, root)
    shutil.copy(TRADITIONAL, root)
    for name in ("backup-bookworm.txt", "routing-bookworm.txt"):
        shutil.copy(DATA / "zh_manual" / name, root)
    return root


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """The command's JSON: rows (scan, records), or a result file (groups)."""
    assert main([*argv, "--format", "json", "--no-cache", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_scan_folds_unless_told(capsys: pytest.CaptureFixture[str], folder: Path) -> None:
    def copy(*flags: str) -> dict[str, object]:
        rows = run_json(capsys, "scan", str(SIMPLIFIED), str(folder), *flags)
        assert Path(str(rows[1]["path"])).name == TRADITIONAL.name  # first after the reference
        return rows[1]

    folded, as_written = copy(), copy("--no-fold-scripts")
    assert float(str(folded["similarity"])) >= 0.95 and folded["similar"] is True
    assert float(str(as_written["similarity"])) < 0.6
    assert folded["encoding"] == as_written["encoding"] == "big5"


def test_groups_and_records_fold_unless_told(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    def grouped(*flags: str) -> set[str]:
        groups = run_json(capsys, "groups", str(folder), "--threshold", "0.8", *flags)
        members = [m for g in groups["groups"] for m in g["members"]]
        return {Path(m["path"]).name for m in members}

    assert grouped() == {SIMPLIFIED.name, TRADITIONAL.name}
    assert grouped("--no-fold-scripts") == set()

    def records(*flags: str) -> int:
        rows = run_json(capsys, "groups", str(folder), "--records", "lines", *flags)
        return len({row["group"] for row in rows})

    assert records() >= records("--no-fold-scripts") + 5


def test_the_flag_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("scan", "groups"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "--no-fold-scripts" in capsys.readouterr().out


def test_diff_report_and_versions_fold_unless_told(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    # The commands built beside the fold compare as scan does: a Traditional copy is the
    # same text, unless told; the report's shared passages are found where it measured.
    def diff(*flags: str) -> float:
        assert main(["diff", str(SIMPLIFIED), str(TRADITIONAL), "--format", "json", *flags]) == 1
        return float(json.loads(capsys.readouterr().out)["similarity"])

    assert diff() >= 0.95
    assert diff("--no-fold-scripts") < 0.6

    def passages(*flags: str) -> str:
        out = tmp_path / f"report{len(flags)}.html"
        assert (
            main(["report", str(SIMPLIFIED), str(TRADITIONAL), "-o", str(out), "-q", *flags]) == 0
        )
        return out.read_text("utf-8")

    assert "4 shared passages of 16 words or more, 481 words: 93.8 % of A" in passages()
    assert "No shared passages of 16 words or more." in passages("--no-fold-scripts")

    def step(*flags: str) -> list[dict[str, object]]:
        assert (
            main(["versions", str(folder), "--format", "json", "--quiet", "--no-cache", *flags])
            == 0
        )
        groups = json.loads(capsys.readouterr().out)
        return [v for g in groups for v in g["versions"]]

    folded = step()
    # One text in two scripts: a few words differ (regional forms), not the text.
    assert len(folded) == 2 and int(str(folded[1]["changed"])) <= 10
    assert step("--no-fold-scripts") == []  # two different texts: no versions at all

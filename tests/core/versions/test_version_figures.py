"""A version's figure to the one it grew from says what the folder's shared text did to
it, as a scan's or a group's row does (issue 41's rule, compare.shown): the core's
Version, `simfind versions` (table and JSON) and the window's versions view. Real text:
the sayings of 《论语》 of Debian's fortunes-zh, one a file, that share 子曰 and
--《论语》, and saying 08 with its last clause taken out, saved later. The figures are
checked against difflib's ratio of the texts' words (benchmarks/judge.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks.judge import ratio
from simfind.cli import main
from simfind.core.base.paths import percent
from simfind.core.compare.shown import SHARED_TEXT_SHOWN
from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan.options import ScanOptions
from simfind.core.versions.files import group_files, versions_of
from tests.cli.test_output_schemas import valid
from tests.core.groups.test_group_shared_text import SHORTER, _body, sayings_folder


def later_edit(tmp_path: Path) -> tuple[Path, float, float]:
    """The sayings, 60.txt saved a day after 08.txt; its figures to 08 without and with
    the shared labels, by difflib."""
    folder, whole = sayings_folder(tmp_path)
    then = (folder / "08.txt").stat().st_mtime
    os.utime(folder / "60.txt", (then + 86_400, then + 86_400))
    own, counted = ratio(_body(whole), _body(SHORTER)), ratio(whole, SHORTER)
    assert counted - own >= SHARED_TEXT_SHOWN
    return folder, own, counted


def test_a_version_keeps_its_figure_with_the_shared_text(tmp_path: Path) -> None:
    folder, own, counted = later_edit(tmp_path)
    result = find_groups(folder, ScanOptions(jobs=1))
    (group,) = [g for g in result.groups if "60.txt" in {m.rel for m in g.members}]
    versions, lost = versions_of(group_files(group.files), ScanOptions(), result.boilerplate)
    assert lost == []
    first, edit = versions.versions
    assert (first.path.name, edit.path.name) == ("08.txt", "60.txt")
    assert first.alone is None and not first.estimated
    assert edit.similarity == pytest.approx(own, abs=0.02)
    assert edit.alone == pytest.approx(counted, abs=0.02)
    assert not edit.estimated


def test_simfind_versions_says_both_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, own, counted = later_edit(tmp_path)
    argv = ["versions", str(folder / "60.txt"), "--no-cache"]
    assert main([*argv, "--format", "json"]) == 0
    (group,) = valid("versions", capsys.readouterr().out)
    first, edit = group["versions"]
    assert "similarity_alone" not in first and "estimated" not in first
    assert edit["similarity"] == pytest.approx(own, abs=0.02)
    assert edit["similarity_alone"] == pytest.approx(counted, abs=0.02)
    assert "estimated" not in edit  # exact
    assert main([*argv, "--format", "table"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "60.txt" in x)
    alone = percent(edit["similarity_alone"])
    assert percent(edit["similarity"]) in line.split()
    assert line.endswith(f"60.txt  ({alone} % counting the text many files here share)")

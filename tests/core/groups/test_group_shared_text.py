"""A group member's figure to its centre without the folder's shared text, where that
text moved it (issue 41, item 2): the same two figures a scan's row gives, in the
groups' rows, `simfind groups`' table and JSON. Real text: the sayings of 《论语》 of
Debian's fortunes-zh (tests/data/sayings), which share 子曰 and --《论语》, one a file,
and one of them with its last clause taken out (as an edit would). The figures are
checked against difflib's ratio of the texts' words (benchmarks/judge.py)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from benchmarks.judge import ratio
from simfind.cli import main
from simfind.core.base.paths import percent
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.compare.shown import SHARED_TEXT_SHOWN
from simfind.core.groups import file_comparer, shared_text
from simfind.core.groups.folder_groups import find_groups, regroup
from simfind.core.linkage import streaming
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from tests.cli.test_output_schemas import valid
from tests.places import TESTS

SAYINGS = TESTS / "data" / "sayings" / "lunyu.txt"
#: 子曰：“质胜文则野，文胜质则史。文质彬彬，然后君子。” --《论语》, and it without its last clause.
WHOLE = 8
SHORTER = "子曰：“质胜文则野，文胜质则史。文质彬彬。” --《论语》"


def _body(saying: str) -> str:
    return saying.removesuffix(" --《论语》").removeprefix("子曰：")


def sayings_folder(tmp_path: Path) -> tuple[Path, str]:
    """The 60 sayings one a file, and 60.txt: saying 08 without its last clause."""
    sayings = SAYINGS.read_text(encoding="utf-8").splitlines()
    assert sayings[WHOLE].startswith("子曰：“质胜文则野")
    folder = tmp_path / "sayings"
    folder.mkdir()
    for number, saying in enumerate(sayings):
        (folder / f"{number:02d}.txt").write_text(saying + "\n", encoding="utf-8")
    (folder / "60.txt").write_text(SHORTER + "\n", encoding="utf-8")
    return folder, sayings[WHOLE]


def test_a_member_says_what_the_shared_text_did_to_its_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """60.txt against its centre 08.txt: its own words' figure (子曰 and --《论语》, which
    all 61 files share, counting for nothing), and the pair's figure with them counted,
    searched, taken from the grouping kept in the cache, and regrouped."""
    groupings: list[int] = []
    real = streaming.stream_groups

    def counted_grouping(*args: Any, **kwargs: Any) -> Any:
        groupings.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(streaming, "stream_groups", counted_grouping)
    compared: list[int] = []
    real_compare = shared_text._compare

    def counted_compare(wanted: list[tuple[int, int]], *args: Any) -> None:
        compared.append(len(wanted))
        real_compare(wanted, *args)

    monkeypatch.setattr(shared_text, "_compare", counted_compare)
    folder, whole = sayings_folder(tmp_path)
    own, counted = ratio(_body(whole), _body(SHORTER)), ratio(whole, SHORTER)
    assert counted - own >= SHARED_TEXT_SHOWN  # the labels move it
    for _ in range(2):  # searched, then the grouping kept for these files
        with FingerprintCache(tmp_path / "cache.db") as cache:
            result = find_groups(folder, ScanOptions(jobs=1), context=ScanContext(cache=cache))
        assert not result.boilerplate.empty
        (group,) = [g for g in result.groups if "08.txt" in {m.rel for m in g.members}]
        assert {m.rel for m in group.members} == {"08.txt", "60.txt"}
        member = next(m for m in group.members if m.rel == "60.txt")
        assert member.similarity == pytest.approx(own, abs=0.02)
        assert member.alone == pytest.approx(counted, abs=0.02)
        assert group.members[0].alone is None  # the centre
    assert len(groupings) == 1  # the second search took the grouping kept
    assert compared == []  # the grouping's own comparisons gave it, then the memo kept it
    again = regroup(result, 0.6)
    (group,) = [g for g in again.groups if "08.txt" in {m.rel for m in g.members}]
    member = next(m for m in group.members if m.rel == "60.txt")
    assert member.alone == pytest.approx(counted, abs=0.02)


def test_a_fresh_grouping_compares_no_pair_again_for_the_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every comparison made (in this process: jobs=1) is one the grouping counts: the
    members' figures with the shared text counted come from its own comparisons."""
    pairs: list[tuple[Any, Any]] = []
    real = file_comparer.compare_files

    def counted(known: Any, *args: Any, **kwargs: Any) -> Any:
        pairs.extend(known)
        return real(known, *args, **kwargs)

    monkeypatch.setattr(file_comparer, "compare_files", counted)
    folder, whole = sayings_folder(tmp_path)
    result = find_groups(folder, ScanOptions(jobs=1), context=ScanContext())
    member = next(m for g in result.groups for m in g.members if m.rel == "60.txt")
    assert member.alone == pytest.approx(ratio(whole, SHORTER), abs=0.02)
    assert result.compared > 0
    assert len(pairs) == result.compared


def test_simfind_groups_says_both_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table says the figure with the shared text counted after the path, as scan
    does; JSON gives it as similarity_alone (the groups schema has it)."""
    folder, whole = sayings_folder(tmp_path)
    own, counted = ratio(_body(whole), _body(SHORTER)), ratio(whole, SHORTER)
    assert main(["groups", str(folder), "-j", "1", "--no-cache", "--format", "json"]) == 0
    document = valid("groups", capsys.readouterr().out)
    members = {Path(m["path"]).name: m for g in document["groups"] for m in g["members"]}
    assert members["60.txt"]["similarity"] == pytest.approx(own, abs=0.02)
    assert members["60.txt"]["similarity_alone"] == pytest.approx(counted, abs=0.02)
    assert "similarity_alone" not in members["08.txt"]  # the centre

    assert main(["groups", str(folder), "-j", "1", "--no-cache", "--format", "table"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "60.txt" in x)
    shown = members["60.txt"]
    assert line.split()[0] == percent(shown["similarity"])
    alone = percent(shown["similarity_alone"])
    assert line.endswith(f"60.txt  ({alone} % counting the text many files here share)")

    # CSV too: a column of its own, before path_bytes (which stays the last).
    assert main(["groups", str(folder), "-j", "1", "--no-cache", "--format", "csv"]) == 0
    rows = list(csv.DictReader(capsys.readouterr().out.splitlines()))
    assert list(rows[0])[-2:] == ["similarity_alone", "path_bytes"]
    by_name = {Path(r["path"]).name: r for r in rows}
    assert float(by_name["60.txt"]["similarity_alone"]) == shown["similarity_alone"]
    assert by_name["08.txt"]["similarity_alone"] == ""

"""Clustered lines: complete link compares only the pairs it needs, and groups as before.

The lines are real sayings of Debian's fortunes-zh (tests/data/sayings), each
followed by variants with two of its characters replaced by characters of other
sayings: clusters of mutually similar lines, whose candidate pairs are cliques.
Comparing every candidate pair is the reference (search.LazyComparer replaced by
nothing, as the grouping ran before lazy_link.py).
"""

from __future__ import annotations

from pathlib import Path
from random import Random

import numpy as np
import pytest

from simfind.core.compare import pair_table
from simfind.core.compare.pair_table import PairTable
from simfind.core.compare.verify import Comparable
from simfind.core.groups.grouping import GroupingOptions
from simfind.core.records import search
from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordSpec
from simfind.core.records.search import RecordGroupsResult, find_record_groups, regroup_records

SAYINGS = Path(__file__).parents[1] / "data" / "sayings" / "sayings.txt"
OPTIONS = RecordOptions(RecordSpec.parse("lines"))


def clustered(folder: Path, variants: int = 12) -> Path:
    """Each saying (without its source) and ``variants`` copies with two characters replaced."""
    sayings = [line.split(" --")[0] for line in SAYINGS.read_text("utf-8").splitlines()]
    alphabet = sorted({ch for line in sayings for ch in line if "\u4e00" <= ch <= "\u9fff"})
    rng = Random(46)
    lines = []
    for saying in sayings:
        lines.append(saying)
        places = [at for at, ch in enumerate(saying) if "\u4e00" <= ch <= "\u9fff"]
        for _ in range(variants):
            chars = list(saying)
            for at in rng.sample(places, 2):
                chars[at] = rng.choice(alphabet)
            lines.append("".join(chars))
    rng.shuffle(lines)
    path = folder / "lines.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def as_rows(result: RecordGroupsResult) -> list[list[tuple[int, float | None]]]:
    return [[(m.record, m.similarity) for m in group.members] for group in result.groups]


@pytest.fixture
def exact_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many pairs of records are compared one by one (PairTable.pair), counted."""
    calls = [0]
    pair = PairTable.pair

    def counted(self: PairTable, a: int, b: int) -> float:
        calls[0] += 1
        return pair(self, a, b)

    monkeypatch.setattr(PairTable, "pair", counted)
    return calls


def every_pair_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "LazyComparer", lambda estimates, exact: None)


def test_clustered_lines_group_as_before_with_far_fewer_comparisons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exact_calls: list[int]
) -> None:
    lines = clustered(tmp_path)
    found = find_record_groups([lines], OPTIONS)
    lazy_calls = exact_calls[0]
    with monkeypatch.context() as patch:
        every_pair_compared(patch)
        exact_calls[0] = 0
        reference = find_record_groups([lines], OPTIONS)
    assert found.candidates == reference.candidates > 5 * len(found.records)
    assert as_rows(found) == as_rows(reference)
    assert len(found.groups) > 80  # a group or more per saying: real groups were compared
    # Pairs inside a group, or across groups one pair keeps apart, are not compared.
    assert lazy_calls < 0.5 * exact_calls[0]
    assert found.compared < reference.compared


def test_regrouping_clustered_lines_gives_what_comparing_every_pair_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = clustered(tmp_path, variants=6)
    first = find_record_groups([lines], OPTIONS)
    for threshold in (0.5, 0.9):
        again = regroup_records(first, threshold)
        with monkeypatch.context() as patch:
            every_pair_compared(patch)
            fresh = find_record_groups([lines], OPTIONS, GroupingOptions(threshold=threshold))
        assert as_rows(again) == as_rows(fresh), threshold
        assert again.compared > first.compared or threshold > first.threshold


def test_a_line_compared_with_many_is_prepared_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = [0]
    rows: list[int] = []
    prepared, pair = pair_table.prepared, PairTable.pair

    def counted(text: str, words: np.ndarray) -> Comparable:
        made[0] += 1
        return prepared(text, words)

    def compared(self: PairTable, a: int, b: int) -> float:
        rows.extend((a, b))
        return pair(self, a, b)

    monkeypatch.setattr(pair_table, "prepared", counted)
    monkeypatch.setattr(PairTable, "pair", compared)
    find_record_groups([clustered(tmp_path)], OPTIONS)
    assert len(rows) > 1.5 * len(set(rows))  # a line is compared one by one with several
    assert made[0] == len(set(rows))

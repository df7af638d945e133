"""Clustered lines: a line compared one by one with many others is prepared once.

The lines are real sayings of Debian's fortunes-zh (tests/data/sayings), each
followed by variants with two of its characters replaced by characters of other
sayings: clusters of mutually similar lines, whose candidate pairs are cliques.
"""

from __future__ import annotations

from pathlib import Path
from random import Random

import numpy as np
import pytest

from simfind.core.compare import pair_table
from simfind.core.compare.pair_table import PairTable
from simfind.core.compare.verify import Comparable
from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordSpec
from simfind.core.records.search import find_record_groups
from tests.places import TESTS

SAYINGS = TESTS / "data" / "sayings" / "sayings.txt"
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

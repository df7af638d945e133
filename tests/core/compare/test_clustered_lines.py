"""Clustered lines: compared in batches, a line compared one by one prepared once, and a
near-copy among many variants shown beside its original.

The lines are real sayings of Debian's fortunes-zh (tests/data/sayings), each
followed by variants with two of its characters replaced by characters of other
sayings: clusters of mutually similar lines, whose candidate pairs are cliques.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from pathlib import Path
from random import Random

import numpy as np
import pytest

from simfind.core.compare import pair_table
from simfind.core.compare.pair_table import PairTable
from simfind.core.compare.verify import Comparable, comparable, shares
from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordSpec
from simfind.core.records.search import find_record_groups
from tests.places import TESTS

SAYINGS = TESTS / "data" / "sayings" / "sayings.txt"
OPTIONS = RecordOptions(RecordSpec.parse("lines"))


def clustered(folder: Path, variants: int = 12, planted: int = 0) -> Path:
    """Each saying (without its source) and ``variants`` copies with two characters replaced;
    then ``planted`` lines copied with one character replaced (line N of the file is then
    copied at line N + ``planted`` from the end: see planted_copies)."""
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
    for original in rng.sample(range(len(lines)), planted):
        chars = list(lines[original])
        places = [at for at, ch in enumerate(chars) if "\u4e00" <= ch <= "\u9fff"]
        chars[rng.choice(places)] = rng.choice(alphabet)
        lines.append("".join(chars))
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
    monkeypatch.setattr(pair_table, "_BATCH_WORDS", 0)  # every pair one by one, as long ones
    find_record_groups([clustered(tmp_path)], OPTIONS)
    assert len(rows) > 1.5 * len(set(rows))  # a line is compared one by one with several
    assert made[0] == len(set(rows))


@pytest.mark.parametrize("variants", [6, 24])
def test_clustered_lines_are_compared_in_batches_each_figure_exact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variants: int
) -> None:
    """Lines of many variants each are compared in NumPy batches (difflib's own blocks), not
    one pair at a time: on main the pairs measured one by one grew with the pairs of a
    cluster (2,225 lines of 25 variants each: thousands), here none at either size; and
    every figure shown is verify.shares' own, difflib's ratio of the words where no
    boilerplate is weighed."""
    one_by_one = [0]
    pair = PairTable.pair

    def compared(self: PairTable, a: int, b: int) -> float:
        one_by_one[0] += 1
        return pair(self, a, b)

    monkeypatch.setattr(PairTable, "pair", compared)
    result = find_record_groups([clustered(tmp_path, variants)], OPTIONS)
    lines = len(result.records)
    assert lines == 89 * (variants + 1)
    assert result.compared > 2 * lines  # a line is compared with several of its cluster
    assert one_by_one[0] <= lines // 100
    settings = OPTIONS.features
    plain = 0
    for group in result.groups:
        centre = comparable(result.records[group.members[0].record].text, settings)
        for member in group.members[1:]:
            other = comparable(result.records[member.record].text, settings)
            assert member.similarity == shares(centre, other, result.boilerplate).similarity
            if centre.weights(result.boilerplate) is None and (
                other.weights(result.boilerplate) is None
            ):
                # verify measures the shorter first (of two as long, the lesser bytes first).
                first, second = sorted((centre, other), key=lambda c: (c.size, c.words.tobytes()))
                ratio = SequenceMatcher(
                    None, first.words.tolist(), second.words.tolist(), autojunk=False
                ).ratio()
                assert member.similarity == ratio
                plain += 1
    assert plain >= 50


def test_a_planted_copy_among_many_variants_is_shown_beside_its_original(
    tmp_path: Path,
) -> None:
    """60 lines copied with one character replaced among 89 sayings of 40 variants each: a
    copy is often nearer another variant than its original, and complete link puts the two
    in different groups (on main, 3 of the 56 copies similar to their original: at 0.73,
    0.67 and 0.57); each is shown beside its three nearest partners, so all but one are in a
    group with their original (left: the copy at 0.57, the threshold 0.55, which more than
    three variants are nearer)."""
    planted = 60
    path = clustered(tmp_path, variants=40, planted=planted)
    result = find_record_groups([path], OPTIONS)
    row_of = {record.line: row for row, record in enumerate(result.records)}
    together = {
        (a.record, b.record)
        for group in result.groups
        for a in group.members
        for b in group.members
    }
    table = result.table
    assert table is not None
    total = len(result.records)
    similar = missed = 0
    for copy in range(total - planted + 1, total + 1):
        text = result.records[row_of[copy]].text
        originals = [
            row
            for row, record in enumerate(result.records[: total - planted])
            if len(record.text) == len(text)
            and sum(x != y for x, y in zip(record.text, text, strict=True)) == 1
        ]
        assert originals
        original = originals[0]
        if table.pair(original, row_of[copy]) >= result.threshold:
            similar += 1
            missed += (original, row_of[copy]) not in together
    assert similar >= 50
    assert missed <= 1

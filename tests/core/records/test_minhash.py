"""Candidates of many records by MinHash LSH (index/minhash.py), and records fingerprinted
in batches: real Chinese lines with edited copies planted."""

from __future__ import annotations

from pathlib import Path
from random import Random

import numpy as np
import pytest

from simfind.core.fingerprint.simhash import to_array
from simfind.core.index import minhash
from simfind.core.records import search as record_search
from simfind.core.records.collect import RecordOptions, fingerprint_piece, fingerprint_pieces
from simfind.core.records.cutting import Piece, RecordSpec, record_settings
from simfind.core.records.search import find_record_groups
from tests.places import TESTS

DATA = TESTS / "data"


def real_lines() -> list[str]:
    """The distinct lines of the Chinese Debian manuals and the sayings kept in tests/data."""
    seen: dict[str, None] = {}
    for path in [*sorted((DATA / "zh_manual").glob("*.txt")), DATA / "sayings" / "sayings.txt"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if len(line.strip()) >= 8:
                seen.setdefault(line.strip(), None)
    return list(seen)


def planted(lines: list[str], count: int) -> tuple[list[str], list[tuple[int, int]]]:
    """The lines with ``count`` copies, each with one character replaced, appended."""
    rng = Random(32)
    texts = list(lines)
    pairs = []
    for original in rng.sample(range(len(lines)), count):
        text = lines[original]
        at = rng.randrange(len(text))
        texts.append(text[:at] + "改" + text[at + 1 :])
        pairs.append((original, len(texts) - 1))
    return texts, pairs


def test_every_planted_copy_of_real_lines_is_a_candidate_and_the_pairs_stay_few() -> None:
    texts, pairs = planted(real_lines(), 40)
    settings = record_settings()
    fingerprints = to_array([fingerprint_piece(Piece(1, t), settings) or 0 for t in texts], 128)
    i, j, distance = minhash.minhash_pairs(texts, fingerprints, 64)
    found = set(zip(i.tolist(), j.tolist(), strict=True))
    assert all(pair in found for pair in pairs)
    assert len(found) < len(texts) * (len(texts) - 1) / 2 / 10  # far from all pairs
    assert np.all(i < j)
    check = np.bitwise_count(fingerprints[i] ^ fingerprints[j]).sum(axis=1)
    assert np.array_equal(distance, check)


def test_a_bucket_many_lines_share_pairs_each_with_a_few_neighbours_only() -> None:
    key = np.zeros(1000, dtype=np.uint64)  # one bucket of a thousand
    tie = np.arange(1000, dtype=np.uint64)
    a, b = minhash.band_pairs(key, tie, np.ones(1000, dtype=bool))
    assert len(a) == sum(min(minhash.PER_BUCKET, 999 - r) for r in range(1000))
    assert np.all(b - a <= minhash.PER_BUCKET)


@pytest.mark.parametrize("spec", ["lines", "identifiers"])
def test_records_fingerprinted_together_are_fingerprinted_as_one_by_one(spec: str) -> None:
    texts = [*real_lines()[:600], "getUserName", "get_user_names", "The only way. 好 🙂", "。。"]
    settings = RecordOptions(RecordSpec.parse(spec)).features
    pieces = [Piece(n, text) for n, text in enumerate(texts)]
    assert fingerprint_pieces(pieces, settings) == [fingerprint_piece(p, settings) for p in pieces]


def test_groups_found_by_minhash_are_those_the_scan_of_all_pairs_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts, pairs = planted(real_lines(), 40)
    listing = tmp_path / "lines.txt"
    listing.write_text("\n".join(texts) + "\n", encoding="utf-8")
    options = RecordOptions(RecordSpec.parse("lines"))

    def groups(search: str) -> list[list[int]]:
        monkeypatch.setattr(record_search, "MINHASH_FROM", 0 if search == "minhash" else 10**9)
        result = find_record_groups([listing], options)
        assert result.search == search
        return [[m.record for m in group.members] for group in result.groups]

    by_minhash = groups("minhash")
    assert by_minhash == groups("simhash")
    together = {(min(g), max(g)) for g in by_minhash if len(g) == 2}
    assert sum(pair in together for pair in pairs) >= 0.9 * len(pairs)


def test_each_candidate_pair_is_checked_once_however_many_bands_find_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Clusters of lines with a character edited: most pairs agree on many bands.
    rng = Random(46)
    base = real_lines()[:40]
    texts = [
        line[:at] + "改" + line[at + 1 :]
        for line in base
        for at in (rng.randrange(len(line)) for _ in range(6))
    ]
    settings = record_settings()
    fingerprints = to_array([fingerprint_piece(Piece(1, t), settings) or 0 for t in texts], 128)
    signature = minhash.signatures(texts)
    found = [(a, b) for a, b in minhash.lsh_pairs(signature)]
    every = np.concatenate([(a << 32) | b for a, b in found])
    distinct = len(np.unique(every))
    assert len(every) > 2 * distinct  # the bands repeat pairs
    measured: list[int] = []
    real = minhash.pair_distances

    def counted(rows: np.ndarray, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        measured.append(len(i))
        return real(rows, i, j)

    monkeypatch.setattr(minhash, "pair_distances", counted)
    monkeypatch.setattr(minhash, "_DISTINCT_AT", 500)  # several parts
    minhash.minhash_pairs(texts, fingerprints, 64)
    checked = sum(measured)
    assert checked <= distinct
    parts = list(minhash.distinct_pairs(found))
    given = np.concatenate([(a << 32) | b for a, b in parts])
    assert len(parts) > 1 and len(given) == distinct == len(np.unique(given))

"""Containment both ways, and the excerpt index that finds files far by distance."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from simfind.core.base.paths import FileVersion
from simfind.core.compare.containment import compare
from simfind.core.compare.verify import comparable, shares
from simfind.core.fingerprint import excerpts
from simfind.core.scan.fingerprinting import fingerprint_and_sample
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Ranking, RankOptions
from simfind.core.scan.scanner import scan
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureSettings

SETTINGS = FeatureSettings()


def prose(seed: int, words: int) -> str:
    """Text of made-up words from a large vocabulary, so unrelated texts share almost no
    word pairs; sentences of 8-16 words."""
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ren", "tu", "sa", "vor", "el", "ni", "dar", "po", "qui"]
    out: list[str] = []
    for i in range(words):
        word = "".join(rng.choice(syllables) for _ in range(rng.randint(1, 3)))
        out.append(word + ("." if i % rng.randint(8, 16) == 7 else ""))
    return " ".join(out)


def head(text: str, chars: int) -> str:
    """The text's first ``chars`` characters, cut back to a whole word."""
    return text[:chars].rsplit(" ", 1)[0]


def test_a_passage_is_held_whole_and_holds_a_share_of_its_holder() -> None:
    reference = prose(1, 80)
    holder = prose(2, 300) + " " + reference + " " + prose(3, 300)
    found = compare(comparable(reference, SETTINGS), comparable(holder, SETTINGS))
    assert found.reference_in_file > 0.95
    assert 0.05 < found.file_in_reference < 0.2
    assert found.similarity < 0.6  # as a whole file, not alike
    # The other way round: the two shares swap.
    swapped = compare(comparable(holder, SETTINGS), comparable(reference, SETTINGS))
    assert swapped.reference_in_file == found.file_in_reference
    assert swapped.file_in_reference == found.reference_in_file


def test_unrelated_texts_hold_little_of_each_other() -> None:
    a, b = comparable(prose(4, 300), SETTINGS), comparable(prose(5, 300), SETTINGS)
    found = compare(a, b)
    assert found.reference_in_file < 0.1 and found.file_in_reference < 0.1


def test_a_short_text_is_aligned_with_the_passage_of_the_longer_that_it_matches() -> None:
    quote = "千里之行，始于足下。合抱之木，生于毫末；九层之台，起于累土。"
    longer = "前言。" * 40 + quote + "后记。" * 40
    found = compare(comparable(quote, SETTINGS), comparable(longer, SETTINGS))
    assert found.reference_in_file == 1.0
    # Its share of the longer text: its words over the longer text's.
    words = comparable(quote, SETTINGS).size / comparable(longer, SETTINGS).size
    assert abs(found.file_in_reference - words) < 0.01


def sample(text: str) -> bytes:
    decoded = DecodedText(text=text, encoding="utf-8", version=FileVersion(len(text), 0))
    return fingerprint_and_sample(decoded, SETTINGS)[2]


def test_an_excerpts_sample_is_part_of_its_holders() -> None:
    reference = prose(6, 200)
    holder = prose(7, 4000) + " " + reference + " " + prose(8, 2000)
    ours, theirs = excerpts.unpack(sample(reference)), excerpts.unpack(sample(holder))
    ours = ours[ours >= excerpts.EDGE_BELOW]  # its start and end are not the holder's
    assert 10 < len(ours) < 60  # about one word pair in eight
    assert len(theirs) == excerpts.SAMPLE_CAP  # a long text keeps its smallest
    ceiling = theirs[-1]
    assert np.isin(ours[ours <= ceiling], theirs).all()
    held, holds = excerpts.estimate(sample(reference), [sample(holder), sample(prose(9, 500))])
    assert held[0] == 1.0 and 0.01 < holds[0] < 0.1
    assert held[1] < 0.1 and holds[1] < 0.1  # unrelated: next to nothing in common


def counted_by_sets(reference: np.ndarray, other: np.ndarray) -> tuple[int, int, int]:
    """What ``excerpts._counts`` should give for one pair, with Python sets: every value
    below the lower of the two ceilings (a capped sample's largest value)."""
    ceilings = [s[-1] if len(s) >= excerpts.SAMPLE_CAP else 2**32 for s in (reference, other)]
    ceiling = min(ceilings)
    ours = {int(v) for v in reference if v <= ceiling}
    theirs = {int(v) for v in other if v <= ceiling}
    return len(ours & theirs), len(ours), len(theirs)


def test_the_counts_of_a_folder_at_once_are_those_of_each_pair_alone() -> None:
    rng = np.random.default_rng(7)
    pool = rng.choice(2**32, size=6000, replace=False).astype(np.uint32)

    def drawn(size: int, low: int = 0) -> np.ndarray:
        """A sample of ``size`` values; a capped one keeps the smallest of more."""
        more = size * 3 if size >= excerpts.SAMPLE_CAP else size
        values = np.sort(rng.choice(pool[low:], size=more, replace=False))
        return values[: excerpts.SAMPLE_CAP].astype("<u4")

    for ref_size in (0, 40, excerpts.SAMPLE_CAP):  # none, uncapped, capped
        reference = drawn(ref_size)
        sizes = (0, 1, 30, 300, 500, excerpts.SAMPLE_CAP, excerpts.SAMPLE_CAP)
        others = [drawn(n) for n in sizes]
        others.append(np.union1d(reference[:20], drawn(100, 3000)).astype("<u4"))
        packed: list[bytes | None] = [o.tobytes() for o in others] + [None]
        common, of_reference, of_other = excerpts._counts(reference.tobytes(), packed)
        expected = [counted_by_sets(reference, o) for o in others] + [(0, 0, 0)]
        assert [e[0] for e in expected] == common.tolist()
        assert [e[2] for e in expected] == of_other.tolist()
        assert [e[1] for e in expected[:-1]] == of_reference[:-1].tolist()
        assert common[-2] >= 20 or ref_size == 0  # the planted values are found


def distractors(folder: Path, count: int) -> None:
    for i in range(count):
        (folder / f"other{i:02d}.txt").write_text(prose(100 + i, 400), encoding="utf-8")


#: Few candidates by distance and none by sketch: only the excerpt index can find more.
NARROW = RankOptions(verify_top=3, verify_by_sketch=0, verify_radius=0)


def test_a_file_holding_the_first_300_characters_of_the_reference_is_found(
    tmp_path: Path,
) -> None:
    reference = tmp_path / "reference.txt"
    reference.write_text(prose(10, 400), encoding="utf-8")
    distractors(tmp_path, 30)
    excerpt = head(reference.read_text(encoding="utf-8"), 300)
    (tmp_path / "excerpt.txt").write_text(excerpt, encoding="utf-8")

    found = {m.rel: m for m in scan(reference, tmp_path, ScanOptions(rank=NARROW)).matches}
    assert found["excerpt.txt"].file_in_reference is not None
    assert found["excerpt.txt"].file_in_reference > 0.9
    assert found["excerpt.txt"].reference_in_file is not None
    assert found["excerpt.txt"].reference_in_file < 0.2
    without = ScanOptions(rank=RankOptions(**{**vars(NARROW), "verify_by_excerpt": 0}))
    found = {m.rel: m for m in scan(reference, tmp_path, without).matches}
    assert found["excerpt.txt"].file_in_reference is None  # never compared


def test_files_that_hold_the_reference_come_first_when_ranked_by_containment(
    tmp_path: Path,
) -> None:
    quotation = head(prose(20, 120), 300)
    reference = tmp_path / "quotation.txt"
    reference.write_text(quotation, encoding="utf-8")
    distractors(tmp_path, 30)
    # Ten times longer than the quotation, which sits in its middle.
    holder = prose(21, 250) + " " + quotation + " " + prose(22, 250)
    (tmp_path / "report.txt").write_text(holder, encoding="utf-8")
    # Alike as a whole file, but a fifth of its words are not the quotation's.
    words = quotation.split(" ")
    edited = [w if i % 5 else "zzz" for i, w in enumerate(words)]
    (tmp_path / "edited.txt").write_text(" ".join(edited), encoding="utf-8")

    options = ScanOptions(rank=RankOptions(**{**vars(NARROW), "ranking": Ranking.CONTAINMENT}))
    matches = [m for m in scan(reference, tmp_path, options).matches if not m.is_reference]
    assert matches[0].rel == "report.txt"
    assert matches[0].reference_in_file is not None and matches[0].reference_in_file > 0.95
    assert matches[0].similarity is not None and matches[0].similarity < 0.6
    assert matches[1].rel == "edited.txt"
    by_similarity = scan(reference, tmp_path, ScanOptions(rank=NARROW)).matches
    assert [m.rel for m in by_similarity[1:3]] == ["edited.txt", "report.txt"]


def test_the_similarity_and_both_containments_come_from_one_count() -> None:
    """compare() gives the measure's three figures, the similarity between the two
    containments, the first text's share in the second as the reference's in the file."""
    long_text, other_long = prose(30, 400), prose(31, 400)
    short_text = head(long_text, 150)
    texts = [long_text, long_text + " " + other_long, other_long, short_text, "", "   "]
    for reference in texts:
        for other in texts:
            a, b = comparable(reference, SETTINGS), comparable(other, SETTINGS)
            found = compare(a, b)
            assert tuple(found) == tuple(shares(a, b))
            low, high = sorted((found.reference_in_file, found.file_in_reference))
            assert low <= found.similarity <= high

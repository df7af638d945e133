"""Exact similarity: edit distance for short texts, LCS ratio, Jaccard for huge ones."""

from __future__ import annotations

import numpy as np
import pytest

from simfind.core import verify
from simfind.core.features import PIECE_CHARS, FeatureSettings
from simfind.core.verify import (
    comparable,
    comparables,
    shingle_set,
    similarity,
    similarity_to,
)
from tests.texts import CODE, EN_DOCS, SERIALIZER, SERIALIZER_SHRUNK, SERIALIZER_STRANGER, ZH_DOCS

SETTINGS = FeatureSettings()


def sim(a: str, b: str) -> float:
    return similarity(comparable(a, SETTINGS), comparable(b, SETTINGS), SETTINGS)


def test_identical_texts_are_fully_similar() -> None:
    for text in (ZH_DOCS[0], CODE, "短"):
        assert sim(text, text) == 1.0


def test_short_texts_use_edit_distance() -> None:
    # One character of 17 changed.
    assert sim(
        "你妈妈喊你回家吃饭哦，回家罗回家罗", "你妈妈叫你回家吃饭哦，回家罗回家罗"
    ) == pytest.approx(1 - 1 / 17, abs=1e-9)


def test_long_texts_use_the_share_of_tokens_in_order() -> None:
    edited = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")
    value = sim(ZH_DOCS[1], edited)
    assert 0.9 < value < 1.0
    assert sim(ZH_DOCS[1], ZH_DOCS[2]) < 0.4


def test_unrelated_english_is_dissimilar() -> None:
    assert sim(EN_DOCS[0], EN_DOCS[1]) < 0.4


def catalogue(language: str, messages: list[str], translations: list[str]) -> str:
    head = f'msgid ""\nmsgstr ""\n"Language: {language}\\n"\n"Plural-Forms: nplurals=2;\\n"\n\n'
    return head + "".join(
        f'#: settings/views.py:{10 * i}\nmsgid "{m}"\nmsgstr "{t}"\n\n'
        for i, (m, t) in enumerate(zip(messages, translations, strict=True))
    )


def test_a_catalogue_whose_messages_changed_beats_a_stale_sibling() -> None:
    # Issue 17's Django misses: the old Hungarian catalogue, its new version (four
    # messages removed upstream), and the Georgian one, untranslated and still on the
    # old message list. A ratio of longest common subsequences counted the shared
    # template and ranked the Georgian first; sets of shingles rank the true version.
    words = ("network", "display", "sound", "printer", "keyboard", "mouse", "power")
    words += ("storage", "camera", "privacy", "update", "account")
    messages = [f"Open the {w} settings page to change how this part behaves" for w in words]
    hungarian = [f"Beállítás {i}" for i in range(12)]
    old = catalogue("hu", messages, hungarian)
    new = catalogue("hu", messages[:8], hungarian[:8])
    sibling = catalogue("ka", messages, [""] * 12)
    assert sim(old, new) > sim(old, sibling)


def test_punctuation_tells_code_apart() -> None:
    formats = [f"    '%d{sep}%m{sep}%Y',  # '25{sep}10{sep}2006'" for sep in "./-"]
    old = "DATE_INPUT_FORMATS = [\n" + "\n".join(formats[:2]) + "\n]\n" + CODE
    new = old.replace("DATE_INPUT_FORMATS", "DATE_INPUT_FORMATS: list[str]")
    sibling = old.replace("'%d.%m.%Y',  # '25.10.2006'", "'%d/%m/%Y',  # '25/10/2006'")
    assert sim(old, new) > sim(old, sibling)


def test_a_file_whose_every_line_changed_a_little_is_still_similar() -> None:
    names = ("anyio", "django", "pytest", "requests", "numpy", "pandas", "flask", "attrs")
    old = "\n".join(f"{n}[extra]=={i}.2.0" for i, n in enumerate(names * 3))
    new = "\n".join(f"{n}[extra]=={i}.3.1" for i, n in enumerate(names * 3))
    # No chunk shingle survives, but word pairs such as "anyio extra" do.
    unrelated = "\n".join(f"line {i} of something else" for i in range(24))
    assert sim(old, new) > 0.15 > sim(old, unrelated)


def test_similarity_is_symmetric_and_bounded() -> None:
    texts = [ZH_DOCS[0], CODE, EN_DOCS[0], "短", ZH_DOCS[0] + CODE]
    for a in texts:
        for b in texts:
            assert sim(a, b) == sim(b, a)
            assert 0.0 <= sim(a, b) <= 1.0


def sim_to(reference: str, candidate: str) -> float:
    return similarity_to(comparable(reference, SETTINGS), comparable(candidate, SETTINGS), SETTINGS)


def test_a_long_reference_judges_a_short_candidate_by_shingles_as_the_rest() -> None:
    # Issue 17's last Django miss (sessions/serializers.py): the module shrank below
    # short_chars. Judged by edit distance, which the ratio of lengths caps, it lost
    # to a longer stranger judged by shingles; on the reference's one measure it wins.
    shrunk = sim_to(SERIALIZER, SERIALIZER_SHRUNK)
    assert shrunk > sim_to(SERIALIZER, SERIALIZER_STRANGER)
    assert sim(SERIALIZER, SERIALIZER_SHRUNK) < shrunk  # a pair: edit distance, as before


def test_a_short_reference_judges_every_candidate_by_edit_distance() -> None:
    line = "Raise the limit to forty requests a minute for signed-in users."
    edited = line.replace("forty", "sixty")
    assert sim_to(line, edited) == pytest.approx(sim(line, edited))  # both short
    # A file too long to keep its normalised text (>= 64 x short_chars) is judged by
    # the share of the reference's shingles it keeps, as held whole in a text with that
    # many more shingles: the line held whole gets what the long measure gives it.
    huge = "\n".join([line] * 20 + [EN_DOCS[0]] * 40)
    without = "\n".join([EN_DOCS[0]] * 40)
    assert comparable(huge, SETTINGS).normalized is None
    assert sim_to(line, huge) == pytest.approx(sim(line, huge), abs=0.01)
    assert sim_to(line, edited) > sim_to(line, huge) > sim_to(line, without) == 0.0


PANTRY = """Pantry checks
=============

.. check:: flour is dry

.. check:: the rice jar
   is closed tight
"""


def test_a_short_reference_ranks_its_grown_version_above_a_sibling() -> None:
    """A short file that grew to three times its length, keeping itself whole, is its
    own later version; a same-sized file with a third of its words changed is not. Edit
    distance alone caps the grown file at the ratio of the lengths (0.33)."""
    grown = PANTRY + "".join(
        f"\n.. check:: shelf {n} is labelled\n   :room: kitchen\n" for n in range(1, 5)
    )
    sibling = (
        PANTRY.replace("Pantry", "Cellar")
        .replace("flour is dry", "wine is cool")
        .replace("rice jar", "cider keg")
        .replace("closed tight", "sealed")
    )
    assert 2.5 < len(grown) / len(PANTRY) < 3.5 and abs(len(sibling) - len(PANTRY)) < 10
    assert sim(PANTRY, grown) < sim(PANTRY, sibling)  # edit distance alone: the sibling
    assert sim_to(PANTRY, grown) > sim_to(PANTRY, sibling) > 0.6
    # Equal lengths: judged by edit distance as before.
    assert sim_to(PANTRY, sibling) == pytest.approx(sim(PANTRY, sibling), abs=0.05)
    # The measure stays one of likeness: an unrelated short file is still far.
    assert sim_to(PANTRY, "import os\nprint(os.getcwd())\n") < 0.3


def test_a_shingle_set_survives_the_cache_format() -> None:
    shingles = comparable(CODE + ZH_DOCS[1], SETTINGS).shingles
    assert np.array_equal(verify.unpack_shingles(verify.pack_shingles(shingles)), shingles)


def test_texts_prepared_together_are_prepared_as_one_by_one() -> None:
    # Chinese, English, code, a composing mark (done alone inside the batch), fewer tokens
    # than a shingle, nothing at all, and a text long enough to be cut into pieces.
    long_text = (CODE + "\n" + ZH_DOCS[0] + "\n") * (PIECE_CHARS // len(CODE + ZH_DOCS[0]) + 2)
    texts = [
        *ZH_DOCS,
        *EN_DOCS,
        CODE,
        "e\u0301 composes: café, and ﬁ folds",
        "one",
        "two words",
        "",
        "   ",
        long_text,
        "短",
        SERIALIZER,
    ]
    assert len(long_text) > PIECE_CHARS
    together = comparables(texts, SETTINGS)
    for text, made in zip(texts, together, strict=True):
        alone = comparable(text, SETTINGS)
        assert made.normalized == alone.normalized
        assert np.array_equal(made.shingles, shingle_set(text, SETTINGS))
        assert np.array_equal(made.shingles, alone.shingles)
    # A batch's shingles are its texts' own, not their neighbours'.
    assert not np.array_equal(together[0].shingles, together[1].shingles)
    assert len(together[texts.index("one")].shingles) == 2  # one word shingle, one chunk


def test_a_long_references_candidates_compare_the_same_without_long_normalised_texts() -> None:
    from simfind.core.containment import compare

    reference = comparable(ZH_DOCS[0] * 3, SETTINGS)
    assert not reference.is_short(SETTINGS)
    texts = [*ZH_DOCS, *EN_DOCS, CODE, "短", "a short English line", SERIALIZER, ZH_DOCS[0] + "。"]
    full = comparables(texts, SETTINGS)
    lean = comparables(texts, SETTINGS, short_only=True)
    assert [compare(reference, f, SETTINGS) for f in full] == [
        compare(reference, form, SETTINGS) for form in lean
    ]
    # Short texts keep theirs; longer ones were not normalised at all.
    assert [f.normalized for f in lean if f.is_short(SETTINGS)] == [
        f.normalized for f in full if f.is_short(SETTINGS)
    ]
    assert any(f.normalized and not form.normalized for f, form in zip(full, lean, strict=True))

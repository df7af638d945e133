"""One catalogue of the core's outcomes: every member worded, in English without Qt, with
the English plural forms the window's catalogue has."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from simfind.core.base.errors import CacheProblem, InputProblem, SkipCause, SkipReason
from simfind.core.words.outcomes import CONTEXT, ENGLISH, ENGLISH_PLURALS, CoreWords
from simfind.core.words.report import CONTEXT as REPORT_CONTEXT
from simfind.core.words.report import ENGLISH as REPORT
from tests.outcomes import cache_warnings, ignore_notices, input_errors, skip_details
from tests.places import ROOT

TRANSLATIONS = ROOT / "resources" / "translations"


def test_every_outcome_of_the_core_has_its_words(tmp_path: Path) -> None:
    details = skip_details()
    assert {d.cause for d in details} == set(SkipCause)
    for reason in SkipReason:
        assert ENGLISH.skip_reason(reason)
        for detail in details:
            assert ENGLISH.skip_text(reason, detail)
    errors = input_errors(tmp_path)
    assert {e.problem for e in errors} == set(InputProblem)
    for error in errors:
        said = ENGLISH.input_problem(error)
        assert said and "{" not in said, said  # every parameter filled
    for notice in ignore_notices(tmp_path):
        said = ENGLISH.ignore_notice(notice)
        assert said and "{" not in said and "%n" not in said, said
    warnings = cache_warnings(tmp_path)
    assert {w.problem for w in warnings} == set(CacheProblem)
    for warning in warnings:
        said = ENGLISH.cache_warning(warning)
        assert said and "{" not in said and "%n" not in said, said


def test_words_are_translated_first_and_filled_after() -> None:
    seen: list[tuple[str, str, int]] = []

    def translate(context: str, text: str, disambiguation: str, n: int) -> str:
        seen.append((context, text, n))
        return text.upper().replace("{ENCODING}", "{encoding}").replace("%N", str(n))

    words = CoreWords(translate)
    from simfind.core.base.errors import SkipDetail

    said = words.skip_detail(SkipDetail(SkipCause.UNKNOWN_ENCODING, encoding="koi8-r"))
    assert said == "UNKNOWN ENCODING koi8-r"  # the parameter as it is, after translation
    assert seen == [(CONTEXT, "unknown encoding {encoding}", -1)]
    assert words.skip_detail(SkipDetail(SkipCause.SCANNED_PAGES, size=7)) == "7 SCANNED PAGE(S)"
    assert seen[-1] == (CONTEXT, "%n scanned page(s)", 7)


def _english_catalogue() -> dict[str, tuple[str, ...]]:
    root = ET.parse(TRANSLATIONS / "simfind_en.ts").getroot()
    forms = {}
    for context in root.iter("context"):
        if context.findtext("name") not in (CONTEXT, REPORT_CONTEXT):
            continue
        for message in context.iter("message"):
            found = tuple(f.text or "" for f in message.iter("numerusform"))
            forms[message.findtext("source", "")] = found
    return forms


def test_the_english_plurals_are_those_of_the_english_catalogue() -> None:
    assert _english_catalogue() == ENGLISH_PLURALS
    assert ENGLISH.skip_detail(skip_details()[-1]) == "12 scanned pages"
    assert REPORT.passages_counted(1) == "1 shared passage"

"""The window and the command line word the core's outcomes from one catalogue: the same
English for each, the command line's on one line (issue 42, item 4)."""

from __future__ import annotations

import dataclasses
import errno
from collections.abc import Iterator
from pathlib import Path

import pytest

from simfind.cli.base import speaking
from simfind.cli.base import words as cli
from simfind.cli.ignore import words as ignore_words
from simfind.core.base.errors import InputProblem, OsFailure, SkipReason
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cleanup.reports import FileMove, Outcome
from simfind.core.ignore.store import IgnoreProblem
from simfind.core.results.reading import Expected, ResultFileError, ResultProblem
from simfind.gui.base import i18n
from simfind.gui.base.wording import words as window
from tests.outcomes import cache_warnings, ignore_notices, input_errors, skip_details

#: Problems of standard input, which only the command line reads: its own words, which
#: say what to pipe where (the window's say what to type or paste).
COMMAND_LINE_ONLY = {InputProblem.REFERENCE_TEXT_EMPTY, InputProblem.STDIN_UNREADABLE}


@pytest.fixture
def english(qapp, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SIMFIND_LANG", "en")
    for cached in (speaking.language, speaking.translator, speaking.core_words):
        cached.cache_clear()
    assert i18n.apply_language("en") == "en"
    yield
    for cached in (speaking.language, speaking.translator, speaking.core_words):
        cached.cache_clear()


def test_every_skip_is_worded_alike(english: None) -> None:
    for reason in SkipReason:
        for detail in [None, *skip_details()]:
            said = window.skip_text(reason, detail)
            assert cli.not_text(reason, detail) == said
            line = cli.skip_line("a/b.txt", reason, detail)
            if cli.document_left_out(detail):  # --text-only, the command line's own
                assert line.endswith("which --text-only leaves out"), line
            elif reason is SkipReason.NO_RECORDS and detail is not None:
                assert line == f"skipped a/b.txt: {window.skip_detail(detail)}"
            else:
                assert line == f"skipped a/b.txt: {said}"
    pages = skip_details()[-1]
    assert cli.skip_detail(pages) == window.skip_detail(pages) == "12 scanned pages"


def test_every_input_problem_is_worded_alike(english: None, tmp_path: Path) -> None:
    for error in input_errors(tmp_path):
        line = cli.input_problem(error)
        assert "\n" not in line
        said = window.input_problem(error)
        if error.problem in COMMAND_LINE_ONLY:
            assert "'simfind scan -'" in line
        else:  # the window's words, on one line, with an option's name or a hint
            assert cli.one_line(said) in line, (line, said)


def test_the_report_is_labelled_alike(english: None) -> None:
    from simfind.cli.report import labels
    from simfind.gui.pages.report_words import report_labels

    window_labels, cli_labels = report_labels(), labels()
    for field in dataclasses.fields(cli_labels):
        ours, theirs = getattr(window_labels, field.name), getattr(cli_labels, field.name)
        if callable(ours):
            assert [ours(n) for n in (1, 2)] == [theirs(n) for n in (1, 2)]
        else:
            assert ours == theirs, field.name


def test_every_cache_warning_and_ignore_notice_is_worded_alike(
    english: None, tmp_path: Path
) -> None:
    for warning in cache_warnings(tmp_path):
        assert cli.cache_warning(warning) == window.cache_warning(warning)
    notices = ignore_notices(tmp_path)
    assert {n.problem for n in notices} == set(IgnoreProblem)
    for notice in notices:
        assert ignore_words.store_notice(notice) == window.ignore_notice(notice)
    assert " and a new one started with the 1 entry that could" in window.ignore_notice(notices[0])


def test_simfind_lang_sets_the_windows_default_as_the_command_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from simfind.core.words.language import resolve, user_languages

    for value in ("zh_TW", "zh_CN", "en"):
        monkeypatch.setenv("SIMFIND_LANG", value)
        assert resolve("", i18n.system_languages()) == value
        assert resolve("", user_languages()) == value
    monkeypatch.setenv("SIMFIND_LANG", "klingon")  # not a language simfind speaks: no say
    assert "klingon" not in i18n.system_languages()


def _result_errors() -> list[ResultFileError]:
    """A result file's problem of each kind, with each kind of damage."""
    errors = [
        ResultFileError(ResultProblem.UNREADABLE, os_error=OsFailure(errno.EACCES, "denied")),
        ResultFileError(ResultProblem.EMPTY),
        ResultFileError(ResultProblem.NOT_JSON, line=3, column=7),
        ResultFileError(ResultProblem.NOT_JSON),
        ResultFileError(ResultProblem.FOREIGN),
        ResultFileError(ResultProblem.OLD_LISTING),
        ResultFileError(ResultProblem.NEWER, version=99, made_by="simfind 9.0"),
        ResultFileError(ResultProblem.DAMAGED, where="groups[0]"),
    ]
    errors += [
        ResultFileError(ResultProblem.DAMAGED, where="groups[3].members[1].size", expected=e)
        for e in Expected
    ]
    assert {e.problem for e in errors} == set(ResultProblem)
    return errors


def test_every_result_problem_is_worded_alike(english: None) -> None:
    from simfind.cli.clean import words as clean_words
    from simfind.gui.base.result_words import result_words

    for error in _result_errors():
        said = window.core.result_problem(error)
        shown = result_words.result_problem(error)
        line = clean_words.result_problem(error, "r.json")
        assert shown.startswith(said) and line.startswith(f"r.json: {cli.one_line(said)}")
        damaged = error.problem in (ResultProblem.NOT_JSON, ResultProblem.DAMAGED)
        assert shown.endswith("Nothing was opened.") is damaged, shown
        assert line.endswith("Nothing was changed.") is damaged, line
    assert "groups[3].members[1].size must be a whole number" in clean_words.result_problem(
        ResultFileError(
            ResultProblem.DAMAGED, where="groups[3].members[1].size", expected=Expected.WHOLE
        ),
        "r.json",
    )


def test_every_move_outcome_is_worded_alike(english: None, tmp_path: Path) -> None:
    from simfind.cli.clean import words as clean_words

    records = [FileMove(tmp_path / "a.txt", None, outcome, 10) for outcome in Outcome]
    records += [
        FileMove(tmp_path / "a.txt", None, Outcome.FAILED, 10, OsFailure(errno.EACCES, "no")),
        FileMove(tmp_path / "a.txt", None, Outcome.CHANGED, 10, aside=tmp_path / "a~.txt"),
    ]
    for record in records:
        for linking in (False, True):
            said = window.move_outcome(record, linking)
            line = clean_words.outcome(record, linking)
            if record.outcome is Outcome.REFERENCE_KEPT:  # the option is the command line's
                assert line == f"{said} (--link-to-reference links to it)"
            else:
                assert line == said
    assert window.move_outcome(records[-2]) == "permission denied"


def test_every_catalogue_problem_is_worded_alike(english: None, tmp_path: Path) -> None:
    from simfind.cli.catalogue import words as catalogue_cli
    from simfind.gui.base.catalogue_words import catalogue_words

    remedies = {
        CatalogueProblem.DAMAGED: ("File → Make a Catalogue…", "'simfind catalogue'"),
        CatalogueProblem.SETTINGS: ("Set the options", "--bits, --text-only"),
    }
    for problem in CatalogueProblem:
        error = CatalogueError(problem, tmp_path / "d.simcat", detail=str(tmp_path), version=9)
        said = window.core.catalogue_problem(error)
        shown = catalogue_words.catalogue_problem(error)
        line = catalogue_cli.catalogue_problem(error)
        assert shown.startswith(said) and line.startswith(cli.one_line(said)), (shown, line)
        assert "\n" not in line and str(tmp_path / "d.simcat") in line
        if problem in remedies:  # what to do: each edge's own
            ours, theirs = remedies[problem]
            assert ours in shown and theirs in line and theirs not in shown, (shown, line)
        else:
            assert shown == said

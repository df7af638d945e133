"""The command line speaks the user's language, through the window's catalogues: Chinese
under a Chinese locale, Traditional for Taiwan, English under C, and English rather than
escapes where the terminal cannot show Chinese (issue 44, item 2)."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from simfind.core.words.language import environment_languages, resolve
from tests.places import ROOT

TRANSLATIONS = ROOT / "resources" / "translations"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SIMFIND_LANG")


@cache
def catalogue(language: str) -> dict[tuple[str, str], str]:
    """(context, source) -> translation, read from the committed .ts file itself."""
    found = {}
    for context in ET.parse(TRANSLATIONS / f"simfind_{language}.ts").getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            found[name, message.findtext("source", "")] = message.findtext("translation", "")
    return found


def simfind(*args: str | Path, encoding: str = "utf-8", **env: str) -> str:
    """The command's stderr, run in a locale of ``env`` only."""
    clean = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
    clean.update(env, PYTHONPATH=str(ROOT), PYTHONIOENCODING=encoding)
    done = subprocess.run(
        [sys.executable, "-m", "simfind", *map(str, args)],
        capture_output=True,
        env=clean,
        timeout=120,
        check=False,
    )
    return done.stderr.decode(encoding)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.txt").write_text("the quick brown fox jumps over the lazy dog", "utf-8")
    (folder / "blob.bin").write_bytes(bytes(range(256)) * 4)
    return folder


def _said(folder: Path, **env: str) -> tuple[str, str]:
    """A scan's line for the binary file it skipped, and the line for a missing reference."""
    scanned = simfind("scan", folder / "notes.txt", folder, "--no-cache", "--format", "csv", **env)
    skipped = next(line for line in scanned.splitlines() if "blob.bin" in line)
    missing = simfind("scan", folder / "nope.txt", folder, "--no-cache", **env).strip()
    return skipped, missing


@pytest.mark.parametrize(
    ("locale", "language"), [("zh_CN.UTF-8", "zh_CN"), ("zh_TW.UTF-8", "zh_TW")]
)
def test_a_chinese_locale_gets_chinese(folder: Path, locale: str, language: str) -> None:
    words = catalogue(language)
    skipped, missing = _said(folder, LANG=locale)
    binary = words["CoreWords", "binary file"]
    fits = words["CoreWords", "no text encoding fits"]
    frame = words["CommandLine", "skipped {path}: {why}"]
    why = words["CoreWords", "{reason} ({detail})"].format(reason=binary, detail=fits)
    assert skipped == "simfind: " + frame.format(path=folder / "blob.bin", why=why)
    not_found = words["CoreWords", "The reference file was not found:\n{path}"]
    assert missing == "simfind: " + not_found.replace("\n", "").format(path=folder / "nope.txt")
    other = catalogue("zh_TW" if language == "zh_CN" else "zh_CN")["CoreWords", "binary file"]
    assert other != binary and other not in skipped  # Simplified and Traditional differ


def test_c_and_an_english_locale_get_english(folder: Path) -> None:
    for env in ({"LANG": "C"}, {"LC_ALL": "POSIX", "LANG": "zh_CN.UTF-8"}, {"LANG": "en_GB"}):
        skipped, missing = _said(folder, **env)
        assert (
            skipped
            == f"simfind: skipped {folder / 'blob.bin'}: binary file (no text encoding fits)"
        )
        assert missing == f"simfind: The reference file was not found: {folder / 'nope.txt'}"


def test_simfind_lang_forces_english_and_a_terminal_without_chinese_gets_english(
    folder: Path,
) -> None:
    english = f"simfind: The reference file was not found: {folder / 'nope.txt'}"
    assert _said(folder, LANG="zh_CN.UTF-8", SIMFIND_LANG="en")[1] == english
    assert _said(folder, LANG="zh_CN.UTF-8", encoding="cp1252")[1] == english
    assert _said(folder, LANG="zh_CN.UTF-8", encoding="gbk")[1] != english  # GBK has it
    assert "找不到参考文件" in _said(folder, LANG="C", SIMFIND_LANG="zh_CN")[1]


def test_a_report_is_written_in_the_users_language(tmp_path: Path) -> None:
    for name, text in (
        ("a.txt", "the quick brown fox jumps over the lazy dog " * 9),
        ("b.txt", "the quick brown fox jumps over the lazy cat " * 9),
    ):
        (tmp_path / name).write_text(text, encoding="utf-8")
    for locale, lang in (("zh_TW.UTF-8", "zh-TW"), ("C", "en")):
        out = tmp_path / f"{lang}.html"
        simfind("report", tmp_path / "a.txt", tmp_path / "b.txt", "-o", out, LANG=locale)
        page = out.read_text(encoding="utf-8")
        assert f'lang="{lang}"' in page
        verdict = catalogue("zh_TW")["ReportWords", "Verdict"] if lang != "en" else "Verdict"
        assert verdict in page


QT_LANGUAGES = """
import json
from PySide6.QtCore import QLocale
print(json.dumps(list(QLocale.system().uiLanguages())))
"""

ENVIRONMENTS = [
    {"LANG": "zh_CN.UTF-8"},
    {"LANG": "zh_SG.UTF-8"},
    {"LANG": "zh_HK.UTF-8"},
    {"LANG": "zh_TW.Big5"},
    {"LANG": "zh_MO.UTF-8"},
    {"LANG": "C"},
    {"LANG": "POSIX"},
    {},
    {"LANG": "C", "LANGUAGE": "zh_TW"},
    {"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"},
    {"LC_MESSAGES": "zh_HK.UTF-8", "LANG": "en_US.UTF-8"},
    {"LANGUAGE": "fr:zh_CN", "LANG": "en_US.UTF-8"},
    {"LANGUAGE": "de", "LANG": "zh_CN.UTF-8"},
    {"LANG": "fr_FR.UTF-8"},
]


@pytest.mark.skipif(sys.platform == "win32", reason="Qt reads the display language there")
def test_the_language_is_chosen_from_the_environment_as_the_window_chooses_it() -> None:
    import json

    for env in ENVIRONMENTS:
        clean = {k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES}
        done = subprocess.run(
            [sys.executable, "-c", QT_LANGUAGES],
            capture_output=True,
            text=True,
            env={**clean, **env},
            check=True,
            timeout=60,
        )
        qt = resolve("", json.loads(done.stdout))
        assert resolve("", environment_languages(env)) == qt, env

"""The command line's language: the user's, as the window's default, if stderr can show it.

English, the source language, needs nothing loaded. Chinese is read from the window's own
catalogues (resources/translations/simfind_*.qm) through Qt's QTranslator, which needs
no application object: QtCore is loaded then, the first time a message is worded, and
never for English. A stream whose encoding cannot write the language's characters (a
console on a Western code page, PYTHONIOENCODING=ascii) gets English rather than escapes.
"""

from __future__ import annotations

import codecs
import sys
from functools import cache
from typing import TextIO

from simfind.core.words.language import resolve, user_languages
from simfind.core.words.outcomes import CoreWords, Translate, english

#: A few characters each language needs its stream to write.
_PROBE = {"zh_CN": "简体中文，无法读取", "zh_TW": "繁體中文，無法讀取"}


def writable(language: str, stream: TextIO) -> bool:
    """Whether ``stream`` can write ``language``'s characters as they are."""
    probe = _PROBE.get(language)
    if probe is None:
        return True
    try:
        probe.encode(codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name)
    except (LookupError, UnicodeEncodeError):
        return False
    return True


@cache
def language() -> str:
    """The language the command line speaks: "en", "zh_CN" or "zh_TW"."""
    chosen = resolve("", user_languages())
    return chosen if writable(chosen, sys.stderr) else "en"


def catalogue_translator(language: str) -> Translate:
    """A translator reading simfind's .qm catalogue of ``language``; English where the
    catalogue has no translation (or cannot be read)."""
    if language == "en":
        return english
    from PySide6.QtCore import QTranslator  # only for a language other than English

    from simfind.data_files import resource

    qt = QTranslator()
    if not qt.load(f"simfind_{language}", str(resource("translations"))):
        return english

    def translate(context: str, text: str, disambiguation: str = "", n: int = -1) -> str:
        said = qt.translate(context, text, disambiguation or None, n)
        if not said:
            return english(context, text, disambiguation, n)
        return said.replace("%n", str(n)) if n >= 0 else said

    return translate


@cache
def translator() -> Translate:
    return catalogue_translator(language())


@cache
def core_words() -> CoreWords:
    """The core's outcomes in the command line's language."""
    return CoreWords(translator())

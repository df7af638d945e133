"""The user's language, Qt-free: the window's default and the command line's language.

simfind speaks English, Simplified Chinese (zh_CN) and Traditional Chinese (zh_TW:
Taiwan's words, for Taiwan, Hong Kong, Macau and zh_Hant). The system's languages are
read as Qt reads them for the window: on Windows the user's display language; elsewhere
LANGUAGE (a list, first wins), else LC_ALL, LC_MESSAGES, LANG. ``SIMFIND_LANG`` (en,
zh_CN, zh_TW) sets the language for both, before the system's.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

# The languages simfind speaks, each named in itself (as a language menu shows them).
LANGUAGES = {"en": "English", "zh_CN": "简体中文", "zh_TW": "繁體中文"}
# The environment variable that sets the language, over the system's.
OVERRIDE = "SIMFIND_LANG"


def resolve(choice: str, ui_languages: list[str]) -> str:
    """The language to show: the user's choice, else the first system language simfind speaks.

    Traditional Chinese locales (zh_TW, zh_HK, zh_MO, zh_Hant…) get zh_TW, the others
    (zh_CN, zh_SG, zh_Hans, a bare zh) zh_CN; C, POSIX and every other language, English.
    """
    if choice in LANGUAGES:
        return choice
    for name in ui_languages:
        parts = name.replace("-", "_").split("_")
        if parts[0] == "en":
            return "en"
        if parts[0] == "zh":
            if "Hant" in parts or any(p in ("TW", "HK", "MO") for p in parts):
                return "zh_TW"
            return "zh_CN"
    return "en"


def environment_languages(environ: Mapping[str, str]) -> list[str]:
    """The languages a POSIX environment names, as Qt reads them: LANGUAGE's list, else
    the first of LC_ALL, LC_MESSAGES and LANG ("zh_TW.UTF-8" -> "zh_TW")."""
    listed = environ.get("LANGUAGE", "")
    if listed:
        names = listed.split(":")
    else:
        found = (environ[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(k))
        names = [next(found, "")]
    return [name.split(".")[0].split("@")[0] for name in names if name]


def windows_languages() -> list[str]:
    """The user's display language on Windows ("zh-TW"), as Qt's window takes it."""
    if sys.platform != "win32":
        return []
    import ctypes

    kernel = ctypes.windll.kernel32
    name = ctypes.create_unicode_buffer(85)  # LOCALE_NAME_MAX_LENGTH
    if not kernel.LCIDToLocaleName(kernel.GetUserDefaultUILanguage(), name, len(name), 0):
        return []
    return [name.value]


def user_languages(environ: Mapping[str, str] | None = None) -> list[str]:
    """The languages the user asks for, first first: SIMFIND_LANG, then the system's."""
    environ = os.environ if environ is None else environ
    forced = [environ[OVERRIDE]] if environ.get(OVERRIDE) in LANGUAGES else []
    if sys.platform == "win32":
        return forced + windows_languages()
    return forced + environment_languages(environ)


def forced_language(environ: Mapping[str, str] | None = None) -> str:
    """The language SIMFIND_LANG sets ("" when it sets none)."""
    environ = os.environ if environ is None else environ
    value = environ.get(OVERRIDE, "")
    return value if value in LANGUAGES else ""

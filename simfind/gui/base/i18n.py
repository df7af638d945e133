"""The interface language: simfind's own translations and Qt's, switched at run time.

The choice is "" (follow the system), "en", "zh_CN" or "zh_TW" (Traditional characters,
Taiwan's words: for Taiwan, Hong Kong, Macau and zh_Hant); it is kept in QSettings
under ``ui/language``. Following the system means SIMFIND_LANG if it is set, then the
system's languages (simfind/core/words/language.py resolves them, for the command line
too). Installing or removing a translator makes Qt send every widget a LanguageChange
event, on which the windows set their texts again.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from simfind.core.words.language import LANGUAGES, forced_language, resolve
from simfind.gui.base.resources import translations_dir

__all__ = [
    "LANGUAGES",
    "SETTINGS_KEY",
    "SYSTEM",
    "apply_language",
    "current_language",
    "resolve",
    "saved_choice",
    "system_languages",
    "translate",
]

SETTINGS_KEY = "ui/language"
SYSTEM = ""

_installed: list[QTranslator] = []
_current = "en"


def system_languages() -> list[str]:
    """SIMFIND_LANG's language, then the system's (the command line reads the same,
    without Qt: simfind/core/words/language.py)."""
    forced = forced_language()
    return ([forced] if forced else []) + list(QLocale.system().uiLanguages())


def translate(context: str, text: str, disambiguation: str = "", n: int = -1) -> str:
    """A text of the catalogues in the interface language (simfind/core/words' translator)."""
    return QCoreApplication.translate(context, text, disambiguation or None, n)


def saved_choice(settings: QSettings) -> str:
    value = str(settings.value(SETTINGS_KEY, SYSTEM) or SYSTEM)
    return value if value in LANGUAGES else SYSTEM


def current_language() -> str:
    """The language the interface is in now ("en", "zh_CN" or "zh_TW")."""
    return _current


def apply_language(choice: str) -> str:
    """Install the translators for ``choice`` in place of the previous ones; returns the language.

    Call on the GUI thread, with the QApplication created.
    """
    global _current
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("apply_language needs the application object")
    language = resolve(choice, system_languages())
    for translator in _installed:
        app.removeTranslator(translator)
        translator.deleteLater()
    _installed.clear()
    # English is the source language: its catalogue holds only the plural forms.
    catalogues = [(f"simfind_{language}", str(translations_dir()))]
    if language != "en":
        # Qt's own words: standard buttons, file dialogs, text field menus.
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        catalogues.append((f"qtbase_{language}", qt_folder))
    for name, folder in catalogues:
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _installed.append(translator)
    _current = language
    return language

"""The base of the main window's parts kept in files of their own (clean_up_actions,
export_actions): plain mixins at run time, type-checked as the QMainWindow they join.

PySide's ``tr()`` looks a string up under the name of the object's own class only
(``MainWindow``), while lupdate files it under the class whose code holds it; so a
part's ``tr()`` looks under each class the window is made of, its own first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow as _Window
else:
    _Window = object


class WindowPart(_Window):
    def tr(self, sourceText: str, disambiguation: str | None = None, n: int = -1) -> str:  # noqa: N803 (Qt's names)
        untranslated = QCoreApplication.translate("", sourceText, disambiguation, n)
        for cls in type(self).__mro__:
            text = QCoreApplication.translate(cls.__name__, sourceText, disambiguation, n)
            if text != untranslated:
                return text
        return untranslated

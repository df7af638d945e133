"""Words of Qt's own dialogs that Qt's Chinese catalogue (qtbase_zh_CN) lacks.

Qt 6 gave the file dialog's labels mnemonics ("&Look in:", "Files of &type:")
and its zh_CN catalogue still has them without: the folder, open and export
dialogs showed those two labels in English in the Chinese window. simfind's
own catalogue carries them under Qt's context, where Qt looks them up too.
Listed only for lupdate: nothing calls this module.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

QT_WORDS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)

"""Text as a person is shown it (a terminal, the window, a report): a character that would
reorder, hide or break the text around it is shown as an escape instead."""

from __future__ import annotations

import os
import unicodedata
from pathlib import PurePath

from simfind.core.base.paths import display_path

# Bidirectional formatting: embeddings, overrides and isolates, and the implicit marks
# (LRM, RLM, ALM). U+202E makes "contract_<U+202E>txt.exe" read "contract_exe.txt".
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Controls (C0, DEL, C1), lone surrogates, and the line and paragraph separators.
_ESCAPED_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp"))
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def shown_text(text: str) -> str:
    """``text`` with every control, bidirectional formatting character, lone surrogate and
    line separator escaped (\\n, \\x1b, \\u202e); everything else as it is.

    A name is shown as it is spelt, never as commands: an escape sequence could
    recolour, move or retitle a terminal, and a bidirectional override reorders
    what follows it in any view.
    """
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char in _NAMED:
            out.append(_NAMED[char])
        elif char in _BIDI or unicodedata.category(char) in _ESCAPED_CATEGORIES:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A path as a person is shown it: ``display_path``'s text, escaped as ``shown_text``."""
    return shown_text(display_path(path))


def shown_folder(rel: str | os.PathLike[str]) -> str:
    """The folder of a path relative to the folder searched, as the tables show it: with a
    separator after it (``docs/``), empty for a file of the folder itself."""
    parent = shown_path(PurePath(rel).parent)
    return "" if parent == "." else parent + os.sep


__all__ = ["shown_folder", "shown_path", "shown_text"]

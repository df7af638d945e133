"""``\\uXXXX`` escapes read as the characters they stand for, for the exact measure.

JSON, JavaScript and Python strings may write any character as ``\\u05d0``; one
release of a file may escape what the next writes out (docutils' Hebrew
language module: 0.54 alike as written, 0.96 read so). The exact measure reads
such a file as its strings say (the escapes of the UTF-16 surrogates, halves
of one character, stay as written); what a user is shown stays as written.
"""

from __future__ import annotations

import re

_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _character(match: re.Match[str]) -> str:
    code = int(match.group(1), 16)
    return match.group(0) if 0xD800 <= code <= 0xDFFF else chr(code)


def unescaped(text: str) -> str:
    """The text with each ``\\uXXXX`` escape read as its character."""
    return _ESCAPE.sub(_character, text) if "\\u" in text else text


__all__ = ["unescaped"]

"""A text given as it is, not read from a file: typed or pasted in the window, or piped
to the command line's standard input. It stands where a reference file would, and is
never written anywhere (least of all into the folder scanned).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import xxhash

from simfind.core.base.errors import InputError, InputProblem, NotTextError
from simfind.core.text.encoding.decoding import DecodedText, decode_bytes
from simfind.core.text.reading import read_text


class TextSource(str, Enum):
    """Where a given text came from (each front end words it: "(pasted text)", "-")."""

    TYPED = "typed"  # typed or pasted in the window
    STDIN = "stdin"  # piped to the command line


@dataclass(frozen=True)
class GivenText:
    """The text itself, where it came from and, for bytes, the encoding they were in."""

    text: str
    source: TextSource = TextSource.TYPED
    #: The encoding its bytes were decoded from ("" for text typed as text).
    encoding: str = ""
    #: Its bytes hashed as xxh3-128, as read_text hashes a file's (the UTF-8 encoding of
    #: a typed text): a file byte for byte the same is known as identical.
    digest: bytes = b""

    @classmethod
    def typed(cls, text: str) -> GivenText:
        """A text typed or pasted; InputError when it is blank."""
        if not text.strip():
            raise InputError(InputProblem.REFERENCE_TEXT_EMPTY)
        data = text.encode("utf-8", "surrogatepass")
        return cls(text, TextSource.TYPED, "", xxhash.xxh3_128_digest(data))

    @classmethod
    def from_bytes(cls, data: bytes, source: TextSource = TextSource.STDIN) -> GivenText:
        """Bytes decoded as a file's are (BOM, UTF-8, else detected); InputError when they
        are empty or blank, or are no text."""
        if not data.strip():
            raise InputError(InputProblem.REFERENCE_TEXT_EMPTY)
        try:
            decoded = decode_bytes(data)
        except NotTextError as exc:
            problem = InputProblem.REFERENCE_NOT_TEXT
            raise InputError(problem, reason=exc.reason, detail=exc.detail) from exc
        if not decoded.text.strip():
            raise InputError(InputProblem.REFERENCE_TEXT_EMPTY)
        return cls(decoded.text, source, decoded.encoding, xxhash.xxh3_128_digest(data))

    @property
    def size(self) -> int:
        """Its length in bytes as UTF-8 (what a pane's header shows as its size)."""
        return len(self.text.encode("utf-8", "surrogatepass"))

    def decoded(self) -> DecodedText:
        """As a file's text is handed on once read (no file version: it came from memory)."""
        return DecodedText(self.text, self.encoding or "utf-8", digest=self.digest)


#: A reference or one side of a comparison: a file, or a text given as it is.
TextInput = Path | GivenText


def read_input(
    given: TextInput | str | os.PathLike[str], max_bytes: int, documents: bool = True
) -> DecodedText:
    """A file read as text (reading.read_text), or a given text as it is."""
    if isinstance(given, GivenText):
        return given.decoded()
    return read_text(given, max_bytes, documents)


__all__ = ["GivenText", "TextInput", "TextSource", "read_input"]

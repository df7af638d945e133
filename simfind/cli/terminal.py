"""What reaches the terminal: the progress line on stderr, and text made safe to show."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TextIO

from simfind.core.progress import Progress


def progress_printer(stream: TextIO) -> tuple[Callable[[Progress], None], Callable[[], None]]:
    def show(progress: Progress) -> None:
        done, total = progress.files_done, progress.files_total
        if progress.stage == "verifying":
            text = f"comparing the nearest files exactly: {done}/{total}"
        else:
            rate = progress.bytes_done / 1e6 / progress.elapsed if progress.elapsed > 0 else 0.0
            text = f"scanned {done}/{total} files, {rate:.1f} MB/s"
        stream.write(f"\r\033[K{text}")
        stream.flush()

    def clear() -> None:
        stream.write("\r\033[K")
        stream.flush()

    return show, clear


# Characters that reorder or hide the text around them (bidirectional overrides, isolates).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def terminal_text(text: str) -> str:
    """Text with every control character escaped (ESC, CR, BEL, C1, bidirectional controls).

    A file name is shown as it is spelt, never as commands to the terminal: an
    escape sequence in a name could otherwise recolour, move or retitle it.
    """
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char in _NAMED:
            out.append(_NAMED[char])
        elif unicodedata.category(char) == "Cc" or char in _BIDI_CONTROLS:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)

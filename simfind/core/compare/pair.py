"""Two files (or a file and a given text) compared as a scan compares a file with its
reference, without a folder: both read as text (documents by their readers), their
fingerprints' distance, and the exact figures (similarity, how much of each the other
holds). What ``simfind diff`` prints and the window's Compare Two Files shows.
"""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path

from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import InputError, InputProblem, NotTextError, OsFailure
from simfind.core.compare.verify import Shares, comparable, shares
from simfind.core.fingerprint.simhash import fingerprint_texts, hamming
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureSettings
from simfind.core.text.given import GivenText, TextInput, read_input


@dataclass(frozen=True)
class TwoTexts:
    """What comparing two inputs found."""

    left: DecodedText
    right: DecodedText
    #: Similarity, the share of the left found in the right (Holds), and of the right
    #: found in the left (Held): as a scan measures a file against its reference.
    shares: Shares
    #: Bits in which their fingerprints differ (None where a text has no words).
    distance: int | None
    bits: int

    @property
    def identical(self) -> bool:
        """Byte for byte the same (as a scan's "identical")."""
        return bool(self.left.digest) and self.left.digest == self.right.digest

    @property
    def same_text(self) -> bool:
        """The same text as read (encodings and document formats aside)."""
        return self.left.text == self.right.text


def check_file(path: Path) -> None:
    """A file to compare is a regular file that can be looked at (InputError if not)."""
    try:
        info = path.stat()
    except FileNotFoundError as exc:
        raise InputError(InputProblem.INPUT_MISSING, path) from exc
    except OSError as exc:
        raise InputError(InputProblem.INPUT_UNREADABLE, path, OsFailure.of(exc)) from exc
    if not stat.S_ISREG(info.st_mode):
        raise InputError(InputProblem.INPUT_NOT_A_FILE, path)


def read_side(given: TextInput, max_bytes: int, documents: bool) -> DecodedText:
    """One side as text, or an InputError naming the file and why it is no text."""
    if isinstance(given, GivenText):
        return given.decoded()
    check_file(given)
    try:
        return read_input(given, max_bytes, documents)
    except NotTextError as exc:
        problem = InputProblem.FILE_NOT_TEXT
        raise InputError(problem, given, reason=exc.reason, detail=exc.detail) from exc


def compare_two(
    left: TextInput,
    right: TextInput,
    settings: FeatureSettings | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    documents: bool = True,
) -> TwoTexts:
    """Read both (InputError for one that cannot be compared) and measure them."""
    settings = settings or FeatureSettings()
    texts = [read_side(side, max_bytes, documents) for side in (left, right)]
    first, second = (comparable(decoded.text, settings) for decoded in texts)
    values = fingerprint_texts([decoded.text for decoded in texts], settings)
    a, b = values
    distance = None if a is None or b is None else hamming(a, b)
    return TwoTexts(texts[0], texts[1], shares(first, second), distance, settings.bits)


__all__ = ["TwoTexts", "check_file", "compare_two", "read_side"]

"""Documents as text: Word, PowerPoint, OpenDocument, PDF, web pages, EPUB and RTF.

``extract(name, data)`` returns a document's text in reading order, one
paragraph per line, or None when the bytes are no document (read them as text).
Every reader works under ``Limits`` (a time budget, caps on unpacking and on
the text) and raises NotTextError with its own reason for a document it will not
read: legacy binary Office files, encrypted, damaged, zip bombs, XML entity
declarations, scanned PDFs without text, too slow, too much text. A cancel
token, checked between pages and parts, ends an extraction early
(ExtractionCancelled).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.text.documents.formats import DocumentFormat, detect
from simfind.core.text.documents.guards import Budget, Cancel, ExtractionCancelled, Limits, SafeZip

#: Bump when extraction changes what text a document gives: cached fingerprints of
#: documents are keyed by it.
EXTRACTION_VERSION = 1


@dataclass(frozen=True)
class Extracted:
    text: str
    format: DocumentFormat
    #: The character encoding the text was stored in, where the format leaves it open
    #: (a web page's charset); "" where the format fixes it.
    encoding: str = ""


#: format -> (module, reader, whether it reads a zip package). The readers' libraries
#: (lxml, pypdfium2) load on the first document of their kind, not at start.
_READERS = {
    DocumentFormat.DOCX: ("ooxml", "read_docx", True),
    DocumentFormat.PPTX: ("ooxml", "read_pptx", True),
    DocumentFormat.ODT: ("odf", "read_odt", True),
    DocumentFormat.ODP: ("odf", "read_odp", True),
    DocumentFormat.EPUB: ("epub", "read_epub", True),
    DocumentFormat.PDF: ("pdf", "read_pdf", False),
    DocumentFormat.HTML: ("html", "read_page", False),
    DocumentFormat.RTF: ("rtf", "read_rtf", False),
}
_DEFAULT_LIMITS = Limits()


def _without_encoding(
    reader: Callable[[Any, Budget], str],
) -> Callable[[Any, Budget], tuple[str, str]]:
    return lambda source, budget: (reader(source, budget), "")


def extract(
    name: str, data: bytes, limits: Limits = _DEFAULT_LIMITS, cancel: Cancel | None = None
) -> Extracted | None:
    """The text of a document (``name`` is its file name, for formats told by extension)."""
    found = detect(name, data, limits.max_members)
    if found is None:
        return None
    budget = Budget(limits, cancel, found.value)
    module, function, zipped = _READERS[found]
    reader = getattr(importlib.import_module(f"{__name__}.{module}"), function)
    read = reader if found is DocumentFormat.HTML else _without_encoding(reader)
    source = SafeZip(data, found.value, budget) if zipped else data
    try:
        text, encoding = read(source, budget)
    except (NotTextError, ExtractionCancelled):
        raise
    except Exception as exc:  # a reader's bug skips this document, never ends the run
        detail = SkipDetail(SkipCause.EXCEPTION, error=f"{type(exc).__name__}: {exc}")
        raise NotTextError(SkipReason.ERROR, replace(detail, format=found.value)) from exc
    return Extracted(text, found, encoding)


__all__ = [
    "EXTRACTION_VERSION",
    "Cancel",
    "DocumentFormat",
    "Extracted",
    "ExtractionCancelled",
    "Limits",
    "detect",
    "extract",
]

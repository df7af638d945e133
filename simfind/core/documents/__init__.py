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

from collections.abc import Callable
from dataclasses import dataclass

from simfind.core.documents.epub import read_epub
from simfind.core.documents.formats import DocumentFormat, detect
from simfind.core.documents.guards import Budget, Cancel, ExtractionCancelled, Limits, SafeZip
from simfind.core.documents.html import read_html
from simfind.core.documents.odf import read_odp, read_odt
from simfind.core.documents.ooxml import read_docx, read_pptx
from simfind.core.documents.pdf import read_pdf
from simfind.core.documents.rtf import read_rtf

#: Bump when extraction changes what text a document gives: cached fingerprints of
#: documents are keyed by it.
EXTRACTION_VERSION = 1


@dataclass(frozen=True)
class Extracted:
    text: str
    format: DocumentFormat


_ZIPPED: dict[DocumentFormat, Callable[[SafeZip, Budget], str]] = {
    DocumentFormat.DOCX: read_docx,
    DocumentFormat.PPTX: read_pptx,
    DocumentFormat.ODT: read_odt,
    DocumentFormat.ODP: read_odp,
    DocumentFormat.EPUB: read_epub,
}
_PLAIN: dict[DocumentFormat, Callable[[bytes, Budget], str]] = {
    DocumentFormat.PDF: read_pdf,
    DocumentFormat.HTML: read_html,
    DocumentFormat.RTF: read_rtf,
}


_DEFAULT_LIMITS = Limits()


def extract(
    name: str, data: bytes, limits: Limits = _DEFAULT_LIMITS, cancel: Cancel | None = None
) -> Extracted | None:
    """The text of a document (``name`` is its file name, for formats told by extension)."""
    found = detect(name, data)
    if found is None:
        return None
    budget = Budget(limits, cancel)
    if found in _ZIPPED:
        text = _ZIPPED[found](SafeZip(data, found.value, budget), budget)
    else:
        text = _PLAIN[found](data, budget)
    return Extracted(text, found)


__all__ = [
    "EXTRACTION_VERSION",
    "DocumentFormat",
    "Extracted",
    "ExtractionCancelled",
    "Limits",
    "detect",
    "extract",
]

"""Which document a file is: by its first bytes (magic) and, where those are shared, its name.

The bytes decide over the name: a PDF named .txt is read as a PDF, and a .docx
that is not a Word zip is reported as damaged rather than read as text. Files
that are no document at all (text, code, images, other zips) get None and are
read as text, as before.
"""

from __future__ import annotations

import io
import re
import zipfile
from enum import Enum

from simfind.core.base.errors import SkipCause, SkipReason
from simfind.core.text.documents.guards import (
    Limits,
    check_member_count,
    damaged,
    encrypted,
    refusal,
)


class DocumentFormat(str, Enum):
    """What the text of a file was extracted from; TEXT is a plain text file."""

    TEXT = "text"
    DOCX = "docx"
    PPTX = "pptx"
    ODT = "odt"
    ODP = "odp"
    PDF = "pdf"
    HTML = "html"
    EPUB = "epub"
    RTF = "rtf"


_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")

#: Extensions of the formats read from their name alone (their bytes are plain text).
HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
_OOXML_SUFFIXES = {".docx": "docx", ".docm": "docx", ".pptx": "pptx", ".pptm": "pptx"}
_ODF_TYPES = {
    "application/vnd.oasis.opendocument.text": DocumentFormat.ODT,
    "application/vnd.oasis.opendocument.text-template": DocumentFormat.ODT,
    "application/vnd.oasis.opendocument.presentation": DocumentFormat.ODP,
    "application/vnd.oasis.opendocument.presentation-template": DocumentFormat.ODP,
    "application/epub+zip": DocumentFormat.EPUB,
}
#: Old binary Office files (OLE2 compound files): skipped with advice, by extension
#: or by the name of their main stream (stored in UTF-16 in the directory).
_LEGACY_SUFFIXES = {".doc": "doc", ".dot": "doc", ".wps": "wps", ".ppt": "ppt", ".pps": "ppt"}
_LEGACY_STREAMS = (("WordDocument", "doc"), ("PowerPoint Document", "ppt"))
_HTML_START = re.compile(
    rb"\s*(?:<\?xml[^>]*>\s*)?(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html)\b", re.I
)


def _suffix(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot > name.replace("\\", "/").rfind("/") else ""


def _utf16(name: str) -> bytes:
    return name.encode("utf-16-le")


def _ole(data: bytes, suffix: str) -> DocumentFormat | None:
    """An OLE2 file: an encrypted OOXML/ODF package, a legacy Office file, or neither."""
    if _utf16("EncryptedPackage") in data or suffix in _OOXML_SUFFIXES:
        raise encrypted(_OOXML_SUFFIXES.get(suffix, "ooxml"))
    legacy = _LEGACY_SUFFIXES.get(suffix)
    if legacy is None:
        legacy = next((kind for stream, kind in _LEGACY_STREAMS if _utf16(stream) in data), None)
    if legacy is not None:
        raise refusal(SkipReason.LEGACY_FORMAT, SkipCause.OLD_FORMAT, legacy)
    return None  # .xls, .msg and other compound files: not documents simfind reads


def _zip(data: bytes, suffix: str, max_members: int) -> DocumentFormat | None:
    check_member_count(data, suffix[1:] or "zip", max_members)
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        names = set(archive.namelist())
        mimetype = b""
        if "mimetype" in names and archive.getinfo("mimetype").file_size < 256:
            mimetype = archive.read("mimetype").strip()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        if suffix in _OOXML_SUFFIXES or suffix in (".odt", ".odp", ".epub"):
            raise damaged(suffix[1:]) from exc
        return None
    except RuntimeError as exc:  # the mimetype member itself is encrypted
        raise encrypted(suffix[1:] or "zip") from exc
    found = _ODF_TYPES.get(mimetype.decode("ascii", "replace"))
    if found is None and "[Content_Types].xml" in names:
        if "word/document.xml" in names:
            found = DocumentFormat.DOCX
        elif "ppt/presentation.xml" in names:
            found = DocumentFormat.PPTX
    if found is None and suffix in (*_OOXML_SUFFIXES, ".odt", ".odp", ".epub"):
        raise damaged(suffix[1:])
    return found


def detect(name: str, data: bytes, max_members: int = Limits.max_members) -> DocumentFormat | None:
    """The document format of a file's bytes, or None for a file to read as text.

    Raises NotTextError for files recognised but never readable: a legacy binary
    Office file, an encrypted Office package, a damaged Office zip.
    """
    suffix = _suffix(name)
    if not data:
        return None
    head = data[:1024]
    # A PDF may have bytes before its header; a text file that merely mentions one may not.
    if data.startswith(b"%PDF-") or (suffix == ".pdf" and b"%PDF-" in head):
        return DocumentFormat.PDF
    if data.startswith(b"{\\rtf"):
        return DocumentFormat.RTF
    if data.startswith(_OLE_MAGIC):
        return _ole(data, suffix)
    if data.startswith(_ZIP_MAGICS):
        return _zip(data, suffix, max_members)
    if suffix in HTML_SUFFIXES or _HTML_START.match(_without_bom(head)):
        return DocumentFormat.HTML
    if suffix in _OOXML_SUFFIXES or suffix in (".odt", ".odp", ".epub", ".pdf", ".rtf"):
        raise damaged(suffix[1:])
    return None


def _without_bom(head: bytes) -> bytes:
    for bom in (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"):
        if head.startswith(bom):
            head = head[len(bom) :]
            break
    return head.replace(b"\x00", b"") if b"\x00" in head[:4] else head

"""EPUB books: the chapters in the order of the package's spine, each read as a web page.

META-INF/container.xml names the package (.opf); its spine lists the chapters
in reading order (the linear ones first, then those marked linear="no"). The
navigation document (table of contents) is left out. A book whose chapters are
encrypted (DRM, META-INF/encryption.xml) is skipped as encrypted; fonts
obfuscated by the publisher are not content and do not count.
"""

from __future__ import annotations

import posixpath
from urllib.parse import unquote

from simfind.core.text.documents.guards import Budget, SafeZip, TextSink, damaged, encrypted
from simfind.core.text.documents.html import decode_html, html_lines

_CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_OPF = "{http://www.idpf.org/2007/opf}"
_ENCRYPTION = "{http://www.w3.org/2001/04/xmlenc#}"
_CHAPTER_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/x-dtbook+xml"})


def _package_path(book: SafeZip) -> str:
    container = "META-INF/container.xml"
    if container not in book:
        raise damaged("epub")
    for rootfile in book.read_xml(container).iter(_CONTAINER + "rootfile"):
        path = str(rootfile.get("full-path") or "")
        if path and path in book:
            return path
    raise damaged("epub")


def _encrypted(book: SafeZip) -> set[str]:
    """Parts encrypted by the publisher."""
    if "META-INF/encryption.xml" not in book:
        return set()
    found = set()
    for reference in book.read_xml("META-INF/encryption.xml").iter(_ENCRYPTION + "CipherReference"):
        found.add(posixpath.normpath(unquote(reference.get("URI", ""))))
    return found


def read_epub(book: SafeZip, budget: Budget) -> str:
    package_path = _package_path(book)
    package = book.read_xml(package_path)
    folder = posixpath.dirname(package_path)
    manifest = {}
    for item in package.iter(_OPF + "item"):
        if "nav" in (item.get("properties") or "").split():
            continue
        if item.get("media-type") in _CHAPTER_TYPES and item.get("href"):
            href = unquote(item.get("href", "").split("#", 1)[0])
            manifest[item.get("id")] = posixpath.normpath(posixpath.join(folder, href))
    refs = list(package.iter(_OPF + "itemref"))
    ordered = [r for r in refs if r.get("linear") != "no"] + [
        r for r in refs if r.get("linear") == "no"
    ]
    locked = _encrypted(book)
    sink = TextSink(budget)
    for ref in ordered:
        part = manifest.get(ref.get("idref"))
        if part is None or part not in book:
            continue
        if part in locked:
            raise encrypted("epub")
        budget.check()
        for line in html_lines(decode_html(book.read(part)), budget):
            sink.add(line)
    return sink.text()

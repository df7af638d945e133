"""Word (.docx) and PowerPoint (.pptx) packages: Office Open XML in a zip.

A .docx gives its page headers, then the body (tables one row per line, text
boxes where they are anchored), then footnotes and endnotes, then the page
footers; each distinct header or footer once. A .pptx gives its slides in
presentation order, hidden slides left out. Left out on purpose: comments,
speaker notes, deleted revisions, field codes, and the fallback copy Word keeps
of every text box (mc:Fallback), which would otherwise be read twice.
"""

from __future__ import annotations

import contextlib
import posixpath
from collections.abc import Iterable, Iterator

from lxml import etree

from simfind.core.documents.guards import Budget, SafeZip, TextSink, damaged

_TRANSITIONAL = "http://schemas.openxmlformats.org"
_STRICT = "http://purl.oclc.org/ooxml"
_W = (
    f"{{{_TRANSITIONAL}/wordprocessingml/2006/main}}",
    f"{{{_STRICT}/wordprocessingml/main}}",
)
_A = (f"{{{_TRANSITIONAL}/drawingml/2006/main}}", f"{{{_STRICT}/drawingml/main}}")
_P = (f"{{{_TRANSITIONAL}/presentationml/2006/main}}", f"{{{_STRICT}/presentationml/main}}")
_R = (
    f"{{{_TRANSITIONAL}/officeDocument/2006/relationships}}",
    f"{{{_STRICT}/officeDocument/relationships}}",
)
_PACKAGE_RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"


def _tags(namespaces: tuple[str, ...], *names: str) -> frozenset[str]:
    return frozenset(ns + name for ns in namespaces for name in names)


class _Markup:
    """The element names of one vocabulary (WordprocessingML or DrawingML)."""

    def __init__(self, ns: tuple[str, ...], paragraph: str, row: str, cell: str) -> None:
        self.paragraph = _tags(ns, paragraph)
        self.row = _tags(ns, row)
        self.cell = _tags(ns, cell)
        self.text = _tags(ns, "t")
        self.tab = _tags(ns, "tab")
        self.breaks = _tags(ns, "br", "cr")
        self.hyphen = _tags(ns, "noBreakHyphen")
        self.symbol = _tags(ns, "sym")
        self.every = self.paragraph | self.text | self.tab | self.breaks | self.hyphen | self.symbol


_WORD = _Markup(_W, "p", "tr", "tc")
_DRAWING = _Markup(_A, "p", "tr", "tc")


def _drop_fallbacks(root: etree._Element) -> None:
    for fallback in list(root.iter(_FALLBACK)):
        parent = fallback.getparent()
        if parent is not None:
            parent.remove(fallback)


def _line_owner(paragraph: etree._Element, markup: _Markup) -> etree._Element:
    """The table row a paragraph's text joins (cells on one line), or the paragraph."""
    parent = paragraph.getparent()
    if parent is not None and parent.tag in markup.cell:
        row = parent.getparent()
        if row is not None and row.tag in markup.row:
            return row
    if parent is not None and parent.getparent() is not None:
        # DrawingML cells hold their paragraphs in a:txBody.
        cell = parent.getparent()
        if cell is not None and cell.tag in markup.cell:
            row = cell.getparent()
            if row is not None and row.tag in markup.row:
                return row
    return paragraph


def _paragraphs(root: etree._Element, markup: _Markup) -> Iterator[str]:
    """The lines of a part in document order: paragraphs, and table rows as one line."""
    _drop_fallbacks(root)
    lines: dict[etree._Element, list[str]] = {}
    owner_of: dict[etree._Element, etree._Element] = {}
    for element in root.iter(*markup.every):
        tag = element.tag
        if tag in markup.paragraph:
            owner = _line_owner(element, markup)
            owner_of[element] = owner
            pieces = lines.setdefault(owner, [])
            if pieces and owner is not element:
                pieces.append(" ")  # the next cell of the row
            continue
        paragraph = element.getparent()
        while paragraph is not None and paragraph.tag not in markup.paragraph:
            paragraph = paragraph.getparent()
        if paragraph is None:
            continue
        pieces = lines[owner_of[paragraph]]
        if tag in markup.text:
            pieces.append(element.text or "")
        elif tag in markup.tab:
            pieces.append("\t")
        elif tag in markup.breaks:
            pieces.append("\n")
        elif tag in markup.hyphen:
            pieces.append("-")
        else:
            code = next((v for k, v in element.attrib.items() if k.endswith("}char")), "")
            with contextlib.suppress(ValueError, OverflowError):  # no code point: nothing
                pieces.append(chr(int(code, 16)))
    for pieces in lines.values():
        yield "".join(pieces)


def _relationships(package: SafeZip, part: str) -> list[tuple[str, str]]:
    """(type, target part) of a part's relationships, in the order listed."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels not in package:
        return []
    found = []
    for rel in package.read_xml(rels).iter(_PACKAGE_RELS):
        if rel.get("TargetMode") == "External":
            continue
        target = rel.get("Target", "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        found.append((rel.get("Type", "").rsplit("/", 1)[-1], posixpath.normpath(path)))
    return found


def _notes(root: etree._Element) -> etree._Element:
    """Footnotes or endnotes without the separator pseudo-notes Word keeps among them."""
    for note in list(root):
        kind = next((v for k, v in note.attrib.items() if k.endswith("}type")), "normal")
        if kind != "normal":
            root.remove(note)
    return root


def _add_all(sink: TextSink, lines: Iterable[str]) -> None:
    for line in lines:
        sink.add(line)


def read_docx(package: SafeZip, budget: Budget) -> str:
    document = "word/document.xml"
    if document not in package:
        raise damaged("docx")
    related = _relationships(package, document)
    sink = TextSink(budget)
    seen: set[str] = set()

    def add_parts(kind: str, notes: bool = False) -> None:
        for rel_type, target in related:
            if rel_type != kind or target not in package:
                continue
            root = package.read_xml(target)
            lines = [line for line in _paragraphs(_notes(root) if notes else root, _WORD)]
            key = "\n".join(lines)
            if key not in seen:  # the same header on odd, even and first pages
                seen.add(key)
                _add_all(sink, lines)

    add_parts("header")
    budget.check()
    _add_all(sink, _paragraphs(package.read_xml(document), _WORD))
    add_parts("footnotes", notes=True)
    add_parts("endnotes", notes=True)
    add_parts("footer")
    return sink.text()


def read_pptx(package: SafeZip, budget: Budget) -> str:
    presentation = "ppt/presentation.xml"
    if presentation not in package:
        raise damaged("pptx")
    targets = {}
    for rel in package.read_xml(posixpath.join("ppt", "_rels", "presentation.xml.rels")).iter(
        _PACKAGE_RELS
    ):
        target = rel.get("Target", "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.join("ppt", target)
        targets[rel.get("Id")] = posixpath.normpath(path)
    sink = TextSink(budget)
    for slide_id in package.read_xml(presentation).iter(*_tags(_P, "sldId")):
        rel_id = next((v for k, v in slide_id.attrib.items() if k in _tags(_R, "id")), None)
        part = targets.get(rel_id)
        if part is None or part not in package:
            continue
        budget.check()
        slide = package.read_xml(part)
        if slide.get("show") in ("0", "false"):
            continue
        _add_all(sink, _paragraphs(slide, _DRAWING))
    return sink.text()

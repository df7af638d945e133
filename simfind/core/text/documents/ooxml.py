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
import itertools
import posixpath
from collections import deque
from collections.abc import Iterable, Iterator

from lxml import etree

from simfind.core.text.documents.guards import (
    Budget,
    SafeZip,
    TextSink,
    damaged,
    iter_xml,
    parse_xml,
)

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
        #: The elements a part's lines are read from (_paragraphs): no event for others.
        self.notes = _tags(ns, "footnote", "endnote")
        self.read = self.every | self.row | self.cell | self.notes | {_FALLBACK}


_WORD = _Markup(_W, "p", "tr", "tc")
_DRAWING = _Markup(_A, "p", "tr", "tc")


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


def _row_of(paragraph: etree._Element, markup: _Markup) -> etree._Element | None:
    """The table row whose line a paragraph joins, or None: the same for every
    paragraph of one parent."""
    owner = _line_owner(paragraph, markup)
    return None if owner is paragraph else owner


def _piece(element: etree._Element, markup: _Markup) -> str:
    tag = element.tag
    if tag in markup.text:
        return element.text or ""
    if tag in markup.tab:
        return "\t"
    if tag in markup.breaks:
        return "\n"
    if tag in markup.hyphen:
        return "-"
    code = next((v for k, v in element.attrib.items() if k.endswith("}char")), "")
    with contextlib.suppress(ValueError, OverflowError):  # no code point: nothing
        return chr(int(code, 16))
    return ""


def _separator_note(element: etree._Element) -> bool:
    """Among notes, the pseudo-notes Word keeps for its separator lines."""
    kind = next((v for k, v in element.attrib.items() if k.endswith("}type")), "normal")
    return kind != "normal"


def _paragraphs(
    events: Iterable[tuple[str, etree._Element]], markup: _Markup, notes: bool = False
) -> Iterator[str]:
    """The lines of a part in document order, paragraphs and table rows (cells on one
    line), read as the part is parsed: each line is given, and its elements cleared,
    once it ends and every line begun before it has been given (a text box's lines come
    after the paragraph it is anchored in). Left out: Word's fallback copy of each text
    box, and the separator pseudo-notes. Memory grows with nesting, not length."""
    begun: deque[etree._Element] = deque()  # owners of lines, in the order they began
    lines: dict[etree._Element, list[str]] = {}
    ended: set[etree._Element] = set()
    open_paragraphs: list[tuple[etree._Element, etree._Element]] = []  # (paragraph, owner)
    paragraph, notes_tags = markup.paragraph, markup.notes if notes else frozenset()
    skipped = 0
    for event, element in events:
        tag = element.tag
        if event == "start":
            if skipped or tag == _FALLBACK or (tag in notes_tags and _separator_note(element)):
                skipped += 1
            elif tag in paragraph:
                owner = _line_owner(element, markup)
                open_paragraphs.append((element, owner))
                pieces = lines.get(owner)
                if pieces is None:
                    lines[owner] = []
                    begun.append(owner)
                elif pieces and owner is not element:
                    pieces.append(" ")  # the next cell of the row
            continue
        if skipped:
            skipped -= 1
            continue
        if tag in paragraph:
            open_paragraphs.pop()
        elif tag in markup.every:
            if open_paragraphs:
                lines[open_paragraphs[-1][1]].append(_piece(element, markup))
            continue
        if element in lines:  # a line's owner ended: give what lines are complete
            ended.add(element)
            while begun and begun[0] in ended:
                owner = begun.popleft()
                ended.discard(owner)
                yield "".join(lines.pop(owner))
            if not open_paragraphs:  # read: free it, and what came before it
                element.clear(keep_tail=True)
                parent = element.getparent()
                while parent is not None and element.getprevious() is not None:
                    del parent[0]


#: Parts up to this size are parsed whole (libxml2 builds the tree in C, and only the
#: elements that carry text are visited); larger ones stream (_paragraphs), so memory
#: stays small. Both give the same lines.
WHOLE_PART_BYTES = 4 * 1024 * 1024
_BUDGET_STEP = 4096


def _tree_lines(
    root: etree._Element, markup: _Markup, budget: Budget, notes: bool = False
) -> list[str]:
    """The lines _paragraphs gives, from a part parsed whole: each paragraph or table
    row in the order it begins, of the pieces whose nearest paragraph is its own."""
    if root.tag == _FALLBACK or (notes and root.tag in markup.notes and _separator_note(root)):
        return []
    for fallback in list(root.iter(_FALLBACK)):
        parent = fallback.getparent()
        if parent is not None:
            parent.remove(fallback)
    if notes:
        for note in list(root.iter(*markup.notes)):
            parent = note.getparent()
            if parent is not None and _separator_note(note):
                parent.remove(note)
    lines: dict[etree._Element, list[str]] = {}  # in the order the lines begin
    owners: dict[etree._Element, list[str]] = {}  # paragraph -> its line's pieces
    rows: dict[etree._Element | None, etree._Element | None] = {}  # parent -> its row
    paragraph, text = markup.paragraph, markup.text
    paragraph_tags = tuple(paragraph)
    for count, element in enumerate(root.iter(*markup.every)):
        if count % _BUDGET_STEP == _BUDGET_STEP - 1:
            budget.check()
        tag = element.tag
        if tag in paragraph:
            parent = element.getparent()
            row = rows.get(parent, element)
            if row is element:  # a parent not met before (None: the paragraph owns its line)
                row = rows[parent] = _row_of(element, markup)
            owner = element if row is None else row
            pieces = lines.get(owner)
            if pieces is None:
                pieces = lines[owner] = []
            elif pieces and owner is not element:
                pieces.append(" ")  # the next cell of the row
            owners[element] = pieces
            continue
        # The nearest paragraph around the piece: most often p > r > piece.
        holder = element.getparent()
        if holder is not None and holder.tag not in paragraph:
            holder = holder.getparent()
            if holder is not None and holder.tag not in paragraph:
                holder = next(element.iterancestors(*paragraph_tags), None)
        if holder is None:
            continue  # text outside any paragraph
        owners[holder].append((element.text or "") if tag in text else _piece(element, markup))
    return ["".join(pieces) for pieces in lines.values()]


def _part_lines(package: SafeZip, part: str, markup: _Markup, notes: bool = False) -> Iterable[str]:
    data = package.read(part)
    if len(data) > WHOLE_PART_BYTES:
        return _paragraphs(iter_xml(data, package.kind, package.budget, markup.read), markup, notes)
    return _tree_lines(parse_xml(data, package.kind), markup, package.budget, notes)


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


def _add_all(sink: TextSink, lines: Iterable[str]) -> None:
    if isinstance(lines, list):
        sink.add_all(lines)  # a part read whole
        return
    for line in lines:  # a part streamed: refused as soon as the text is too long
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
            lines = list(_part_lines(package, target, _WORD, notes))
            key = "\n".join(lines)
            if key not in seen:  # the same header on odd, even and first pages
                seen.add(key)
                _add_all(sink, lines)

    add_parts("header")
    budget.check()
    _add_all(sink, _part_lines(package, document, _WORD))
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
        events = package.iter_xml(part, _DRAWING.read)
        first = next(events, None)
        if first is None or first[1].getroottree().getroot().get("show") in ("0", "false"):
            continue
        _add_all(sink, _paragraphs(itertools.chain([first], events), _DRAWING))
    return sink.text()

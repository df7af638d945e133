"""OpenDocument text (.odt) and presentations (.odp): content.xml (and styles.xml) in a zip.

An .odt gives its page headers, the body (tables one row per line, text boxes
after the paragraph they are anchored to), the footnotes and endnotes, then its
page footers. An .odp gives its slides in order. Left out on purpose: comments
(office:annotation), tracked deletions, speaker notes, alternative texts.
"""

from __future__ import annotations

from lxml import etree

from simfind.core.text.documents.guards import Budget, SafeZip, TextSink, damaged, encrypted

_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_STYLE = "{urn:oasis:names:tc:opendocument:xmlns:style:1.0}"
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_PRESENTATION = "{urn:oasis:names:tc:opendocument:xmlns:presentation:1.0}"
_SVG = "{urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0}"

_PARAGRAPHS = frozenset({_TEXT + "p", _TEXT + "h"})
_SKIPPED = frozenset(
    {
        _OFFICE + "annotation",
        _OFFICE + "annotation-end",
        _TEXT + "tracked-changes",
        _TEXT + "note-citation",
        _PRESENTATION + "notes",
        _SVG + "title",
        _SVG + "desc",
        _TEXT + "sequence-decls",
        _TEXT + "variable-decls",
        _TEXT + "user-field-decls",
        _TABLE + "covered-table-cell",
    }
)
_ROW = _TABLE + "table-row"
_NOTE = _TEXT + "note"
_NOTE_BODY = _TEXT + "note-body"
_SPACES = _TEXT + "s"
_TAB = _TEXT + "tab"
_LINE_BREAK = _TEXT + "line-break"
#: Drawing objects inside a paragraph whose text stands on lines of its own.
_FRAMES = frozenset({_DRAW + "frame", _DRAW + "custom-shape", _DRAW + "rect", _DRAW + "a"})


class _Walker:
    """Collects lines in reading order; footnotes aside, to follow the body."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.lines: list[list[str]] = []
        self.notes: list[list[str]] = []
        self.in_note = False

    def _new_line(self) -> list[str]:
        line: list[str] = []
        (self.notes if self.in_note else self.lines).append(line)
        return line

    def block(self, element: etree._Element, row: list[str] | None = None) -> None:
        for child in element:
            tag = child.tag
            if not isinstance(tag, str) or tag in _SKIPPED:
                continue
            if tag in _PARAGRAPHS:
                if row is None:
                    self.inline(child, self._new_line())
                else:
                    if row:
                        row.append(" ")
                    self.inline(child, row)
            elif tag == _ROW:
                self.block(child, self._new_line())
                if len(self.lines) % 256 == 0:
                    self.budget.check()
            else:
                self.block(child, row)

    def inline(self, element: etree._Element, line: list[str]) -> None:
        if element.text:
            line.append(element.text)
        for child in element:
            tag = child.tag
            if isinstance(tag, str) and tag not in _SKIPPED:
                if tag == _SPACES:
                    line.append(" " * _count(child))
                elif tag == _TAB:
                    line.append("\t")
                elif tag == _LINE_BREAK:
                    line.append("\n")
                elif tag == _NOTE:
                    self._note(child)
                elif tag in _FRAMES:
                    self.block(child)
                else:
                    self.inline(child, line)
            if child.tail:
                line.append(child.tail)

    def _note(self, note: etree._Element) -> None:
        was, self.in_note = self.in_note, True
        for body in note.iter(_NOTE_BODY):
            self.block(body)
        self.in_note = was


def _count(spaces: etree._Element) -> int:
    try:
        return max(1, min(int(spaces.get(_TEXT + "c", "1")), 1000))
    except ValueError:
        return 1


def _check_not_encrypted(package: SafeZip, kind: str) -> None:
    manifest = "META-INF/manifest.xml"
    if manifest in package and b"encryption-data" in package.read(manifest):
        raise encrypted(kind)


def _master_page_lines(package: SafeZip, budget: Budget, tags: tuple[str, ...]) -> list[str]:
    """The distinct headers (or footers) of the master pages in styles.xml."""
    if "styles.xml" not in package:
        return []
    styles = package.read_xml("styles.xml")
    found: list[str] = []
    for master in styles.iter(_STYLE + "master-page"):
        for part in master:
            if part.tag in tags:
                walker = _Walker(budget)
                walker.block(part)
                text = "\n".join("".join(line) for line in walker.lines)
                if text.strip() and text not in found:
                    found.append(text)
    return found


def _content(package: SafeZip, kind: str) -> etree._Element:
    _check_not_encrypted(package, kind)
    if "content.xml" not in package:
        raise damaged(kind)
    return package.read_xml("content.xml")


def read_odt(package: SafeZip, budget: Budget) -> str:
    content = _content(package, "odt")
    heads = (_STYLE + "header", _STYLE + "header-left", _STYLE + "header-first")
    feet = (_STYLE + "footer", _STYLE + "footer-left", _STYLE + "footer-first")
    sink = TextSink(budget)
    for header in _master_page_lines(package, budget, heads):
        sink.add(header)
    walker = _Walker(budget)
    for body in content.iter(_OFFICE + "text"):
        walker.block(body)
    for line in walker.lines + walker.notes:
        sink.add("".join(line))
    for footer in _master_page_lines(package, budget, feet):
        sink.add(footer)
    return sink.text()


def read_odp(package: SafeZip, budget: Budget) -> str:
    content = _content(package, "odp")
    sink = TextSink(budget)
    for page in content.iter(_DRAW + "page"):
        budget.check()
        walker = _Walker(budget)
        walker.block(page)
        for line in walker.lines + walker.notes:
            sink.add("".join(line))
    return sink.text()

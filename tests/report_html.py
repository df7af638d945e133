"""A report's HTML read back with the standard library's parser: what a reader sees."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Side:
    """One text column: its lines as shown, and its links and anchors."""

    lines: list[str] = field(default_factory=list)
    # (href, text) of each highlighted piece; the anchors' ids, in order.
    links: list[tuple[str, str]] = field(default_factory=list)
    anchors: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


@dataclass
class ReadReport:
    tags: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    hrefs: list[str] = field(default_factory=list)
    # Every table row: its header cell and data cells, as text.
    rows: list[list[str]] = field(default_factory=list)
    sides: list[Side] = field(default_factory=list)
    title: str = ""
    lang: str = ""
    #: The text of every heading (h1, h2, h3), in order.
    headings: list[str] = field(default_factory=list)

    def row(self, head: str, occurrence: int = 0) -> list[str]:
        """The cells after the header cell ``head`` (its ``occurrence``-th row)."""
        found = [r[1:] for r in self.rows if r and r[0] == head]
        return found[occurrence]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.report = ReadReport()
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.line: list[str] | None = None
        self.link: tuple[str, list[str]] | None = None
        self.in_title = False
        self.heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.report.tags.append(tag)
        if values.get("id"):
            self.report.ids.add(values["id"] or "")
        if tag == "html":
            self.report.lang = values.get("lang") or ""
        if tag == "title":
            self.in_title = True
        classes = (values.get("class") or "").split()
        if tag == "div" and "side" in classes:
            self.report.sides.append(Side())
        if tag == "div" and "ln" in classes:
            self.line = []
        if tag == "a":
            if values.get("href"):
                self.report.hrefs.append(values["href"] or "")
            if "sh" in classes and self.line is not None:
                self.link = (values["href"] or "", [])
            if "at" in classes and self.report.sides:
                self.report.sides[-1].anchors.append(values["id"] or "")
        if tag in ("h1", "h2", "h3"):
            self.heading = []
        if tag == "tr":
            self.row = []
        if tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if tag in ("h1", "h2", "h3") and self.heading is not None:
            self.report.headings.append("".join(self.heading))
            self.heading = None
        if tag == "div" and self.line is not None:
            self.report.sides[-1].lines.append("".join(self.line))
            self.line = None
        if tag == "a" and self.link is not None:
            href, text = self.link
            self.report.sides[-1].links.append((href, "".join(text)))
            self.link = None
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        if tag == "tr" and self.row is not None:
            self.report.rows.append(self.row)
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.report.title += data
        if self.line is not None:
            self.line.append(data)
        if self.link is not None:
            self.link[1].append(data)
        if self.cell is not None:
            self.cell.append(data)
        if self.heading is not None:
            self.heading.append(data)


def read_report(page: str) -> ReadReport:
    reader = _Reader()
    reader.feed(page)
    reader.close()
    return reader.report

"""A report as one self-contained HTML file: both texts side by side, the shared passages
highlighted and linked both ways, the figures, the files' facts and the settings.

Nothing outside the file is needed or fetched: the style is inline, there is no
script, and a Content-Security-Policy forbids any request. Everything shown is
escaped: a file's text is data, never markup, and a name is shown as the terminal
shows it (shown_path: a bidirectional override or a control character as an escape),
with its bytes beside it where that is not the name as it is. Its words come from the
caller (``ReportLabels``): the command line's in English, the window's in its language.
Printing keeps each line whole and both columns on the page (landscape).
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from simfind.core.base.paths import format_time, human_size, path_bytes, percent
from simfind.core.base.shown import shown_path
from simfind.core.compare.passages import Passage, TextSpan, line_bounds
from simfind.core.compare.shown import shown
from simfind.core.report.evidence import FileFacts, PairEvidence, Report
from simfind.core.report.export import write_output


@dataclass(frozen=True)
class ReportLabels:
    """Every word a report shows, in one language; ``{name}``s are filled in."""

    #: The page's language (the html element's lang): "en", "zh-CN".
    lang: str
    title_pair: str  # {left}, {right}: the files' names
    title_group: str  # {number}, {files}
    made: str  # {date}, {version}
    side_left: str  # "A"
    side_right: str  # "B"
    figures: str
    similarity: str
    #: After the similarity, where the boilerplate moved it by a point or more.
    similarity_alone: str  # {figure}
    #: After the similarity, where it is an estimate.
    estimated: str
    left_in_right: str  # {left}, {right}: the sides' letters
    right_in_left: str
    distance: str
    distance_value: str  # {distance}, {bits}
    no_distance: str
    boilerplate: str
    boilerplate_value: str  # {left}, {right}: "{words} words ({share} %)"
    boilerplate_side: str  # {words}, {share}
    boilerplate_none: str
    verdict: str
    similar: str  # {threshold}
    not_similar: str  # {threshold}
    files: str
    name: str
    path: str
    #: The path's bytes in hexadecimal, shown where its name is not shown as it is.
    path_bytes: str
    size: str
    size_value: str  # {size}, {bytes}
    modified: str
    encoding: str
    format: str
    text_format: str
    sha256: str
    settings: str
    bits: str
    threshold: str
    max_size: str
    documents: str
    yes: str
    no: str
    boilerplate_from: str
    boilerplate_from_value: str  # {files}
    boilerplate_from_none: str
    min_words: str
    folders: str
    passages: str
    #: "{count} shared passages", worded for the count (plurals differ between languages).
    passages_counted: Callable[[int], str]
    passages_summary: str  # {passages}, {least}, {words}, {left_share}, {right_share}
    #: After the summary: passages count in any order, the similarity in order.
    passages_any_order: str  # {least}
    no_passages: str  # {words}
    too_large: str
    passage_number: str
    passage_words: str
    lines_of: str  # {side}
    go_to_other: str  # {number}, {side}: a link's tooltip
    texts: str
    legend: str
    legend_boilerplate: str
    group_members: str
    group_intro: str
    member_file: str
    comparison: str  # {number}: the link to a member's comparison
    empty_text: str


# Characters a browser will not show as themselves: C0 controls (tab aside), DEL, C1
# controls and lone surrogates. Shown as a visible stand-in instead.
_UNSHOWABLE = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ␀, ␁, ...
    if code == 0x7F:
        return "\u2421"  # ␡
    return "\ufffd"


def escape(text: str) -> str:
    """Text as HTML that shows it literally (quotes included, for attributes too)."""
    return html.escape(_UNSHOWABLE.sub(_visible, text), quote=True)


_STYLE = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial,
  "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC",
  "WenQuanYi Micro Hei", sans-serif; margin: 1.5em; color: #1b1b1b; background: #fff;
  font-size: 14px; line-height: 1.45; }
h1 { font-size: 1.5em; margin: 0 0 .2em; overflow-wrap: anywhere; }
h2 { font-size: 1.2em; margin: 1.4em 0 .5em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin: 1em 0 .4em; }
.made { color: #555; margin: 0 0 1em; }
table { border-collapse: collapse; margin: .3em 0 .8em; }
th, td { border: 1px solid #d0d0d0; padding: .25em .6em; text-align: left;
  vertical-align: top; overflow-wrap: anywhere; }
th { background: #f3f3f3; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
table.facts { width: 100%; table-layout: fixed; }
table.facts th:first-child { width: 9em; }
.hash { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono",
  "DejaVu Sans Mono", monospace; font-size: .9em; }
.legend { color: #444; }
.swatch { padding: 0 .3em; }
.texts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0 12px; }
.side > h3 { position: sticky; top: 0; background: #fff; margin: 0; padding: .3em 0;
  border-bottom: 1px solid #ccc; overflow-wrap: anywhere; }
.text { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono",
  "DejaVu Sans Mono", "Noto Sans Mono CJK SC", "PingFang SC", "Microsoft YaHei",
  "Noto Sans CJK SC", "WenQuanYi Micro Hei", monospace; font-size: 12.5px; line-height: 1.5;
  border: 1px solid #ddd; }
.ln { position: relative; padding: 0 .4em 0 4.2em; white-space: pre-wrap;
  overflow-wrap: anywhere; tab-size: 4; min-height: 1.5em; }
.ln::before { content: attr(data-n); position: absolute; left: 0; width: 3.4em;
  text-align: right; color: #999; user-select: none; }
a.sh { background: #fff0a8; color: inherit; text-decoration: none;
  box-shadow: inset 0 -2px #e0b400; }
a.sh:hover { background: #ffe066; }
.bp { color: #8a8a8a; }
a.at { scroll-margin-top: 3em; }
a.at:target::before { content: "\\25B6"; color: #c00000; position: absolute; left: .2em; }
.empty { color: #888; font-style: italic; padding: .3em .6em; }
.pair { margin-top: 2em; }
@media print {
  @page { size: landscape; margin: 11mm; }
  body { margin: 0; font-size: 10pt; }
  .text { font-size: 8pt; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .side > h3 { position: static; }
  h1, h2, h3, p.legend { break-after: avoid; }
  tr, .ln, table.keep { break-inside: avoid; }
  .pair { break-before: page; margin-top: 0; }
  a.at:target::before { content: none; }
}
"""


def render(report: Report, labels: ReportLabels) -> str:
    """The report as one HTML document."""
    return "".join(_document(report, labels))


def write_report(target: Path, report: Report, labels: ReportLabels) -> None:
    """Write the report whole, through a temporary file beside it (nothing on failure)."""
    page = render(report, labels)

    def emit(stream: TextIO) -> None:
        stream.write(page)

    write_output(target, emit, "utf-8")


def _document(report: Report, labels: ReportLabels) -> Iterator[str]:
    if report.group is None and len(report.pairs) == 1:
        pair = report.pairs[0]
        title = labels.title_pair.format(left=_name(pair.left), right=_name(pair.right))
    else:
        files = len(report.pairs) + 1
        title = labels.title_group.format(number=report.group or "", files=files)
    yield (
        f'<!DOCTYPE html>\n<html lang="{escape(labels.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta http-equiv="Content-Security-Policy" '
        "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="simfind {escape(report.version)}">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
    )
    yield f"<h1>{escape(title)}</h1>\n"
    date = report.made.isoformat(timespec="seconds")
    made = labels.made.format(date=date, version=report.version)
    yield f'<p class="made">{escape(made)}</p>\n'
    many = report.group is not None or len(report.pairs) > 1
    if many:
        yield from _members(report, labels)
    for index, pair in enumerate(report.pairs):
        yield from _pair(pair, index, labels, many)
    yield from _settings(report, labels)
    yield "</body>\n</html>\n"


def _row(head: str, *cells: str, raw: bool = False) -> str:
    shown = cells if raw else tuple(escape(c) for c in cells)
    return f"<tr><th>{escape(head)}</th>" + "".join(f"<td>{c}</td>" for c in shown) + "</tr>\n"


def _settings(report: Report, labels: ReportLabels) -> Iterator[str]:
    settings = report.settings
    yield f'<h2>{escape(labels.settings)}</h2>\n<table class="keep">\n'
    yield _row(labels.bits, str(settings.bits))
    yield _row(labels.threshold, f"{percent(settings.threshold)} %")
    yield _row(labels.max_size, human_size(settings.max_bytes))
    yield _row(labels.documents, labels.yes if settings.documents else labels.no)
    learnt = (
        labels.boilerplate_from_value.format(files=settings.boilerplate_texts)
        if settings.boilerplate_texts
        else labels.boilerplate_from_none
    )
    yield _row(labels.boilerplate_from, learnt)
    yield _row(labels.min_words, str(settings.min_words))
    if report.folders:
        shown = "<br>".join(escape(shown_path(f)) for f in report.folders)
        yield _row(labels.folders, shown, raw=True)
    yield "</table>\n"


def _members(report: Report, labels: ReportLabels) -> Iterator[str]:
    yield f"<h2>{escape(labels.group_members)}</h2>\n"
    yield f'<p class="legend">{escape(labels.group_intro)}</p>\n<table>\n'
    yield (
        f"<thead><tr><th>#</th><th>{escape(labels.member_file)}</th>"
        f"<th>{escape(labels.similarity)}</th><th>{escape(labels.distance)}</th><th></th></tr>"
        "</thead>\n"
    )
    if report.pairs:
        centre = report.pairs[0].left
        yield (
            f"<tr><td class=num>1</td><td>{escape(shown_path(centre.path))}</td>"
            f"<td class=num>—</td><td class=num>—</td><td>{escape(labels.side_left)}</td></tr>\n"
        )
    for index, pair in enumerate(report.pairs):
        distance = "—" if pair.distance is None else str(pair.distance)
        link = escape(labels.comparison.format(number=index + 2))
        yield (
            f"<tr><td class=num>{index + 2}</td><td>{escape(shown_path(pair.right.path))}</td>"
            f"<td class=num>{escape(_similarity(pair, labels))}</td><td class=num>{distance}</td>"
            f'<td><a href="#pair-{index}">{link}</a></td></tr>\n'
        )
    yield "</table>\n"


def _pair(pair: PairEvidence, index: int, labels: ReportLabels, many: bool) -> Iterator[str]:
    ids = f"p{index}"
    a, b = labels.side_left, labels.side_right
    yield f'<section class="{"pair" if many else "single"}" id="pair-{index}">\n'
    if many:
        heading = f"{a}: {_name(pair.left)} · {b}: {_name(pair.right)}"
        yield f"<h2>{escape(heading)}</h2>\n"
    level = 3 if many else 2
    yield from _figures(pair, labels, level)
    yield from _facts(pair, labels, level)
    yield from _passages(pair, ids, labels, level)
    yield f"<h{level}>{escape(labels.texts)}</h{level}>\n"
    legend = labels.legend
    if any(pair.boilerplate_spans):
        legend += " " + labels.legend_boilerplate
    yield f'<p class="legend">{escape(legend)}</p>\n<div class="texts">\n'
    sides = (
        (pair.left, pair.left_text, [p.left for p in pair.passages.passages], "a", "b", a, b),
        (pair.right, pair.right_text, [p.right for p in pair.passages.passages], "b", "a", b, a),
    )
    for (facts, text, spans, own, other, letter, other_letter), marked in zip(
        sides, pair.boilerplate_spans, strict=True
    ):
        yield f'<div class="side"><h3>{escape(f"{letter}: {_name(facts)}")}</h3><div class="text">'
        tip = labels.go_to_other
        yield from _text(text, spans, marked, f"{ids}-{own}", f"{ids}-{other}", tip, other_letter)
        if not text:
            yield f'<div class="empty">{escape(labels.empty_text)}</div>'
        yield "</div></div>\n"
    yield "</div>\n</section>\n"


def _similarity(pair: PairEvidence, labels: ReportLabels) -> str:
    """The similarity as a row shows it (compare.shown): "~" before an estimate, and the
    figure with the boilerplate counted where that moves it by a point or more."""
    marked = shown(pair.similarity, pair.alone, pair.estimated)
    text = f"{'~' if marked.estimated else ''}{percent(pair.similarity)} %"
    if marked.with_shared is not None:
        text += " " + labels.similarity_alone.format(figure=percent(marked.with_shared))
    if marked.estimated:
        text += " " + labels.estimated
    return text


def _figures(pair: PairEvidence, labels: ReportLabels, level: int) -> Iterator[str]:
    a, b = labels.side_left, labels.side_right
    yield f'<h{level}>{escape(labels.figures)}</h{level}>\n<table class="keep">\n'
    yield _row(labels.similarity, _similarity(pair, labels))
    yield _row(labels.left_in_right.format(left=a, right=b), f"{percent(pair.left_in_right)} %")
    yield _row(labels.right_in_left.format(left=a, right=b), f"{percent(pair.right_in_left)} %")
    distance = (
        labels.no_distance
        if pair.distance is None
        else labels.distance_value.format(distance=pair.distance, bits=pair.bits)
    )
    yield _row(labels.distance, distance)
    if any(pair.boilerplate_words):
        left, right = (
            labels.boilerplate_side.format(
                words=f"{count:,}", share=percent(count / total if total else 0.0)
            )
            for count, total in zip(pair.boilerplate_words, pair.words, strict=True)
        )
        shown = labels.boilerplate_value.format(a=a, b=b, left=left, right=right)
    else:
        shown = labels.boilerplate_none
    yield _row(labels.boilerplate, shown)
    words = labels.similar if pair.similar else labels.not_similar
    yield _row(labels.verdict, words.format(threshold=percent(pair.threshold)))
    yield "</table>\n"


def _facts(pair: PairEvidence, labels: ReportLabels, level: int) -> Iterator[str]:
    yield f'<h{level}>{escape(labels.files)}</h{level}>\n<table class="facts keep">\n'
    a, b = escape(labels.side_left), escape(labels.side_right)
    yield f"<tr><th></th><th>{a}</th><th>{b}</th></tr>\n"
    left, right = pair.left, pair.right
    yield _row(labels.name, _name(left), _name(right))
    yield _row(labels.path, shown_path(left.path), shown_path(right.path))
    exact = [_exact(f.path) for f in (left, right)]
    if any(exact):
        yield _row(labels.path_bytes, *(f'<span class="hash">{h}</span>' for h in exact), raw=True)
    yield _row(labels.size, *(_size(f, labels) for f in (left, right)))
    yield _row(labels.modified, format_time(left.mtime_ns), format_time(right.mtime_ns))
    yield _row(labels.encoding, left.encoding or "—", right.encoding or "—")
    yield _row(labels.format, *(_format(f, labels) for f in (left, right)))
    hashes = (f'<span class="hash">{escape(f.sha256)}</span>' for f in (left, right))
    yield _row(labels.sha256, *hashes, raw=True)
    yield "</table>\n"


def _name(facts: FileFacts) -> str:
    return shown_path(facts.path.name)


def _exact(path: Path) -> str:
    """The path's bytes in hexadecimal where it is not shown as it is (else "")."""
    return "" if shown_path(path) == os.fspath(path) else path_bytes(path).hex()


def _size(facts: FileFacts, labels: ReportLabels) -> str:
    return labels.size_value.format(size=human_size(facts.size), bytes=f"{facts.size:,}")


def _format(facts: FileFacts, labels: ReportLabels) -> str:
    return labels.text_format if facts.format == "text" else facts.format.upper()


def _lines(span: TextSpan) -> str:
    first, last = span.first_line + 1, span.last_line + 1
    return str(first) if first == last else f"{first}–{last}"


def _passages(pair: PairEvidence, ids: str, labels: ReportLabels, level: int) -> Iterator[str]:
    found = pair.passages
    yield f"<h{level}>{escape(labels.passages)}</h{level}>\n"
    if found.too_large:
        yield f"<p>{escape(labels.too_large)}</p>\n"
        return
    if not found.passages:
        yield f"<p>{escape(labels.no_passages.format(words=found.min_words))}</p>\n"
        return
    summary = labels.passages_summary.format(
        passages=labels.passages_counted(len(found.passages)),
        least=found.min_words,
        words=f"{found.words:,}",
        left_share=percent(found.left_share),
        right_share=percent(found.right_share),
        left=labels.side_left,
        right=labels.side_right,
    )
    order = labels.passages_any_order.format(least=found.min_words)
    yield f"<p>{escape(summary)} {escape(order)}</p>\n<table>\n"
    a, b = labels.side_left, labels.side_right
    yield (
        f"<thead><tr><th>{escape(labels.passage_number)}</th>"
        f"<th>{escape(labels.passage_words)}</th>"
        f"<th>{escape(labels.lines_of.format(side=a))}</th>"
        f"<th>{escape(labels.lines_of.format(side=b))}</th></tr></thead>\n"
    )
    for number, passage in enumerate(found.passages):
        yield _passage_row(passage, number, ids)
    yield "</table>\n"


def _passage_row(passage: Passage, number: int, ids: str) -> str:
    return (
        f"<tr><td class=num>{number + 1}</td><td class=num>{passage.words:,}</td>"
        f'<td><a href="#{ids}-a{number}">{_lines(passage.left)}</a></td>'
        f'<td><a href="#{ids}-b{number}">{_lines(passage.right)}</a></td></tr>\n'
    )


def _text(
    text: str,
    spans: list[TextSpan],
    marked: tuple[tuple[int, int], ...],
    own: str,
    other: str,
    tip: str,
    other_letter: str,
) -> Iterator[str]:
    """A text line by line, its passages links to the same passage in the other text
    (each passage's start an anchor the other text links to), its boilerplate dimmed."""
    if not text:
        return
    lines = _Lines(text, spans, marked, own, other)
    lines.tips = {n: escape(tip.format(number=n + 1, side=other_letter)) for n in range(len(spans))}
    starts, ends = line_bounds(text)
    if len(starts) > 1 and starts[-1] == len(text):
        starts, ends = starts[:-1], ends[:-1]  # a final line break ends a line, as splitlines
    for line, (begin, finish) in enumerate(zip(starts.tolist(), ends.tolist(), strict=True)):
        yield lines.line(line, begin, finish)


class _Lines:
    """Walks a text's lines in order, keeping which passages and boilerplate are open."""

    def __init__(
        self,
        text: str,
        spans: list[TextSpan],
        marked: tuple[tuple[int, int], ...],
        own: str,
        other: str,
    ) -> None:
        self.text, self.own, self.other = text, own, other
        self.opens: dict[int, list[int]] = {}
        self.closes: dict[int, list[int]] = {}
        for number, span in enumerate(spans):
            self.opens.setdefault(span.start, []).append(number)
            self.closes.setdefault(span.end, []).append(number)
        self.dim: dict[int, int] = {}
        for start, end in marked:
            self.dim[start] = self.dim.get(start, 0) + 1
            self.dim[end] = self.dim.get(end, 0) - 1
        self.cuts = sorted({*self.opens, *self.closes, *self.dim})
        self.at = 0
        self.active: set[int] = set()
        self.dimmed = 0
        self.tips: dict[int, str] = {}
        self.titled: set[int] = set()
        self.parts: list[str] = []

    def line(self, line: int, begin: int, finish: int) -> str:
        self.parts = [f'<div class="ln" data-n="{line + 1}">']
        cuts = self.cuts
        while self.at < len(cuts) and cuts[self.at] <= begin:
            self._apply(cuts[self.at])
            self.at += 1
        position = begin
        while self.at < len(cuts) and cuts[self.at] < finish:
            self._piece(position, cuts[self.at])
            position = cuts[self.at]
            self._apply(position)
            self.at += 1
        self._piece(position, finish)
        self.parts.append("</div>\n")
        return "".join(self.parts)

    def _apply(self, position: int) -> None:
        for number in self.closes.get(position, ()):
            self.active.discard(number)
        for number in self.opens.get(position, ()):
            self.active.add(number)
            self.parts.append(f'<a class="at" id="{self.own}{number}"></a>')
        self.dimmed += self.dim.get(position, 0)

    def _piece(self, start: int, stop: int) -> None:
        if stop <= start:
            return
        shown = escape(self.text[start:stop])
        if self.dimmed > 0:
            shown = f'<span class="bp">{shown}</span>'
        if self.active:
            number = min(self.active)
            link = f'href="#{self.other}{number}"'
            if number not in self.titled:  # the tooltip once a passage: the page stays small
                self.titled.add(number)
                link += f' title="{self.tips[number]}"'
            shown = f'<a class="sh" {link}>{shown}</a>'
        self.parts.append(shown)


__all__ = ["ReportLabels", "escape", "render", "write_report"]

"""What the diff panes show, worked out off the GUI thread: both files read, diffed,
laid out as display lines (long unchanged runs folded if asked), with the lines of the
shared passages and of boilerplate found. Pure Python: no widget is touched here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate, text_spans
from simfind.core.compare.diff import (
    DiffOptions,
    DiffResult,
    Kind,
    Row,
    Span,
    as_paragraphs,
    diff_texts,
)
from simfind.core.compare.passages import (
    SharedPassages,
    TextSpan,
    line_bounds,
    line_marks,
    shared_passages,
)
from simfind.core.compare.verify import Shares, comparable, shares
from simfind.core.scan.catalogued import catalogued_text
from simfind.core.scan.match import Match
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.features import FeatureSettings, folded_texts
from simfind.core.text.given import TextInput, read_input
from simfind.gui.base import wording

# Files above this size are not diffed; the notice offers to open them instead.
MAX_DIFF_BYTES = 32 * 1024 * 1024
# Unchanged lines kept around each change when only changes are shown.
CONTEXT_LINES = 3
_WORD_CHAR = re.compile(r"\w")


@dataclass(frozen=True)
class Side:
    """One of the two files compared, as its pane's header describes it."""

    #: The file, or a text given as it is (pasted: a scan's reference).
    path: TextInput
    encoding: str
    size: int
    # Read documents (Word, PDF, ...) for their text, as the scan did.
    documents: bool = True
    # What the text was taken from, once known: "text", "docx", "pdf", ...
    format: str = "text"
    # A catalogued file: its catalogue, and its time when catalogued (its text is the
    # file's where it is on its drive as it was, else the one the catalogue kept).
    catalogue: Path | None = None
    mtime_ns: int = 0

    @classmethod
    def of(cls, match: Match, documents: bool = True) -> Side:
        """A found file, as the scan or the search read it."""
        return cls(
            match.path,
            match.encoding,
            match.size,
            documents,
            match.format,
            match.catalogue,
            match.mtime_ns,
        )


@dataclass
class Rendered:
    """What the panes show: one display line per row (or per fold marker)."""

    left_text: str
    right_text: str
    rows: list[Row | None]  # None marks a fold ("⋯ N unchanged lines")
    changes: list[int]  # display lines where each change starts
    result: DiffResult
    encodings: tuple[str, str] = ("", "")
    formats: tuple[str, str] = ("text", "text")
    passages: SharedPassages = field(default_factory=SharedPassages)
    # Per side: the lines inside a shared passage, and of those the ones a passage
    # starts or ends inside, with the columns it covers (underlined).
    passage_lines: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    passage_spans: tuple[dict[int, list[Span]], dict[int, list[Span]]] = ({}, {})

    # Per side: the display lines inside a shared passage (a bar beside their numbers).
    passage_rows: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    # The similarity of the two texts and how much of each the other holds, as the scan
    # measured them (verify.shares, the same boilerplate counting little).
    exact: Shares | None = None
    # Per side: the columns of each line that are boilerplate (shown dimmed).
    boilerplate_spans: tuple[dict[int, list[Span]], dict[int, list[Span]]] = ({}, {})


def render(result: DiffResult, only_changes: bool) -> Rendered:
    """Lay rows out as display lines, folding long unchanged runs if asked. Pure Python."""
    rows: list[Row | None] = []
    keep = [True] * len(result.rows)
    if only_changes:
        near = [False] * len(result.rows)
        for index, row in enumerate(result.rows):
            if row.kind is not Kind.EQUAL:
                for k in range(
                    max(0, index - CONTEXT_LINES), min(len(near), index + CONTEXT_LINES + 1)
                ):
                    near[k] = True
        keep = near
    folded = 0
    fold_sizes: list[int] = []
    for index, row in enumerate(result.rows):
        if keep[index]:
            if folded:
                rows.append(None)
                fold_sizes.append(folded)
                folded = 0
            rows.append(row)
        else:
            folded += 1
    if folded:
        rows.append(None)
        fold_sizes.append(folded)
    left, right, changes = [], [], []
    folds = iter(fold_sizes)
    previous: Row | None = None
    for line, shown in enumerate(rows):
        if shown is None:
            marker = wording.words.unchanged_lines(next(folds))
            left.append(marker)
            right.append(marker)
            previous = None
            continue
        left.append(result.left_lines[shown.left] if shown.left is not None else "")
        right.append(result.right_lines[shown.right] if shown.right is not None else "")
        if shown.kind is not Kind.EQUAL and (previous is None or previous.kind is Kind.EQUAL):
            changes.append(line)
        previous = shown
    return Rendered("\n".join(left), "\n".join(right), rows, changes, result)


def compute(
    left: Side,
    right: Side,
    options: DiffOptions,
    only_changes: bool,
    common: Boilerplate = boilerplate.NONE,
) -> Rendered:
    """Read both files, diff them and lay the rows out: the work done off the GUI thread."""
    decoded = [_read(side) for side in (left, right)]
    settings = FeatureSettings(fold_scripts=options.fold_scripts)
    # Measured on the texts as the scan read them (Traditional Chinese as Simplified, when
    # folded); every character keeps its place, so what is found lies on the text shown.
    # A .txt beside a .docx of the same words: one line per paragraph on both sides.
    raw = as_paragraphs([d.text for d in decoded], [d.format for d in decoded])
    texts = list(folded_texts(raw, settings))
    forms = [comparable(text, settings) for text in texts]
    rendered = render(diff_texts(raw[0], raw[1], options), only_changes)
    rendered.encodings = (decoded[0].encoding, decoded[1].encoding)
    rendered.formats = (decoded[0].format, decoded[1].format)
    rendered.passages = shared_passages(texts[0], texts[1])
    sides = [
        _passage_marks(texts[0], [p.left for p in rendered.passages.passages]),
        _passage_marks(texts[1], [p.right for p in rendered.passages.passages]),
    ]
    rendered.passage_lines = (sides[0][0], sides[1][0])
    rendered.passage_spans = (sides[0][1], sides[1][1])
    rendered.passage_rows = (
        frozenset(i for i, row in enumerate(rendered.rows) if row and row.left in sides[0][0]),
        frozenset(i for i, row in enumerate(rendered.rows) if row and row.right in sides[1][0]),
    )
    rendered.exact = shares(forms[0], forms[1], common)
    marked = [text_spans(text, common, settings.cjk) for text in texts]
    rendered.boilerplate_spans = (
        _line_spans(texts[0], marked[0]),
        _line_spans(texts[1], marked[1]),
    )
    return rendered


def _read(side: Side) -> DecodedText:
    if side.catalogue is not None and isinstance(side.path, Path):
        return catalogued_text(
            side.catalogue, side.path, side.size, side.mtime_ns, MAX_DIFF_BYTES, side.documents
        )
    return read_input(side.path, MAX_DIFF_BYTES, side.documents)


def _line_spans(text: str, spans: list[tuple[int, int]]) -> dict[int, list[Span]]:
    """The columns of each line inside these character ranges."""
    if not spans:
        return {}
    bounds = line_bounds(text)
    places = [TextSpan(start, end, *_lines_of(bounds, start, end)) for start, end in spans]
    return line_marks(places, bounds)


def _lines_of(
    bounds: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]], start: int, end: int
) -> tuple[int, int]:
    starts = bounds[0]
    first = int(np.searchsorted(starts, start, side="right")) - 1
    last = int(np.searchsorted(starts, max(start, end - 1), side="right")) - 1
    return first, last


def _passage_marks(
    text: str, spans: list[TextSpan]
) -> tuple[frozenset[int], dict[int, list[Span]]]:
    """The lines inside these passages, and the columns covered on the lines where a
    passage starts or ends inside (words of the line outside it)."""
    starts, ends = line_bounds(text)
    marks = line_marks(spans, (starts, ends))
    partial: dict[int, list[Span]] = {}
    for line, columns in marks.items():
        # Words outside the passages, searched for in place (a line may be megabytes long).
        position, start = int(starts[line]), int(starts[line])
        outside = False
        for begin, end in sorted(columns):
            outside = outside or bool(_WORD_CHAR.search(text, position, start + begin))
            position = start + end
        if outside or _WORD_CHAR.search(text, position, int(ends[line])):
            partial[line] = columns
    return frozenset(marks), partial

"""Side-by-side diff of the reference and the selected file, fed by core.diff.

Reading and diffing run on a thread pool (gui/tasks.py); a newer selection
supersedes an older computation (its result is dropped). The GUI thread only
sets text and highlights.
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from pathlib import Path

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import (
    QEvent,
    QSignalBlocker,
    Qt,
    QTimer,
    QUrl,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QDesktopServices,
    QKeySequence,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import NotTextError
from simfind.core.base.paths import display_path, percent
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate, text_spans
from simfind.core.compare.diff import (
    DiffOptions,
    DiffResult,
    Kind,
    Row,
    Span,
    diff_texts,
    wraps_by_default,
)
from simfind.core.compare.passages import (
    SharedPassages,
    TextSpan,
    line_bounds,
    line_marks,
    shared_passages,
)
from simfind.core.compare.verify import Shares, comparable, shares
from simfind.core.scan.rank import Match
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text
from simfind.gui import wording
from simfind.gui.diff_widgets import (
    BOILERPLATE,
    CHANGED,
    CHANGED_WORD,
    DELETED,
    FOLD,
    GAP,
    INSERTED,
    PASSAGE,
    DiffPane,
    Overview,
)
from simfind.gui.tasks import TaskRunner

# Files above this size are not diffed; the notice offers to open them instead.
MAX_DIFF_BYTES = 32 * 1024 * 1024
# Unchanged lines kept around each change when only changes are shown.
CONTEXT_LINES = 3
# The places of shared passages the summary links to; the rest are counted.
PASSAGE_LINKS = 6
_WORD_CHAR = re.compile(r"\w")


class LeftSide(Enum):
    """What the left pane holds: the reference of a scan, a group's centre, or, where
    the centre has been moved, another file of the group."""

    REFERENCE = "reference"
    CENTRE = "centre"
    GROUP_FILE = "group file"


@dataclass(frozen=True)
class Side:
    path: Path
    encoding: str
    size: int
    # Read documents (Word, PDF, ...) for their text, as the scan did.
    documents: bool = True
    # What the text was taken from, once known: "text", "docx", "pdf", ...
    format: str = "text"


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
    decoded = [read_text(side.path, MAX_DIFF_BYTES, side.documents) for side in (left, right)]
    texts = [d.text for d in decoded]
    settings = FeatureSettings()
    forms = [comparable(text, settings) for text in texts]
    rendered = render(diff_texts(decoded[0].text, decoded[1].text, options), only_changes)
    rendered.encodings = (decoded[0].encoding, decoded[1].encoding)
    rendered.formats = (decoded[0].format, decoded[1].format)
    rendered.passages = shared_passages(decoded[0].text, decoded[1].text)
    sides = [
        _passage_marks(decoded[0].text, [p.left for p in rendered.passages.passages]),
        _passage_marks(decoded[1].text, [p.right for p in rendered.passages.passages]),
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


class DiffView(QWidget):
    """Reference on the left, the selected file on the right, changes highlighted."""

    def __init__(self, parent: QWidget | None = None, groups: bool = False) -> None:
        super().__init__(parent)
        self.groups = groups  # compares the files of groups, not a reference with results
        self.left_role = LeftSide.CENTRE if groups else LeftSide.REFERENCE
        self.generation = 0
        self.rendered: Rendered | None = None
        self.left_side: Side | None = None
        self.right_side: Side | None = None
        self.match: Match | None = None
        self._syncing = False
        self.tasks = TaskRunner(self)
        self._pending_selections: list[QTextEdit.ExtraSelection] = []

        self.title = QLabel()
        self.title.setWordWrap(True)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #8a5a00")
        # The shared passages: how many, how long, and where (links that go there).
        self.passages_label = QLabel()
        self.passages_label.setWordWrap(True)
        self.passages_label.setTextFormat(Qt.TextFormat.RichText)
        self.passages_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.passages_label.linkActivated.connect(self._on_passage_link)
        self.passages_label.setVisible(False)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self._open_right)
        self.open_button.setVisible(False)
        self.left_header = QLabel()
        self.right_header = QLabel()
        for header in (self.left_header, self.right_header):
            header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.left = DiffPane("left")
        self.right = DiffPane("right")
        self.overview = Overview()
        self.overview.jump.connect(self.go_to_line)

        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.previous_button.clicked.connect(self.previous_change)
        self.next_button.clicked.connect(self.next_change)
        # Window-wide actions, not the buttons' shortcuts: a button's setText() sets its
        # shortcut to the text's mnemonic, which dropped Alt+Up and Alt+Down.
        self.previous_action = QAction(self)
        self.next_action = QAction(self)
        for action, keys, slot in (
            (self.previous_action, "Alt+Up", self.previous_change),
            (self.next_action, "Alt+Down", self.next_change),
        ):
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self.only_changes = QCheckBox()
        self.ignore_space = QCheckBox()
        self.ignore_case = QCheckBox()
        self.ignore_blank = QCheckBox()
        for box in (self.only_changes, self.ignore_space, self.ignore_case, self.ignore_blank):
            box.toggled.connect(self.refresh)
        # Wrapping is on for prose, off for code, until the user chooses.
        self.wrap = QCheckBox()
        self.wrap_chosen = False
        self.wrap.clicked.connect(self._on_wrap_clicked)
        self.wrap.toggled.connect(self._on_wrap_toggled)
        self._align_timer = QTimer(self)
        self._align_timer.setSingleShot(True)
        self._align_timer.setInterval(100)
        self._align_timer.timeout.connect(self.align_rows)

        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addSpacing(12)
        for box in (
            self.only_changes,
            self.ignore_space,
            self.ignore_case,
            self.ignore_blank,
            self.wrap,
        ):
            bar.addWidget(box)
        bar.addStretch(1)
        headers = QHBoxLayout()
        headers.addWidget(self.left_header, 1)
        headers.addWidget(self.right_header, 1)
        headers.addSpacing(self.overview.width())
        panes = QHBoxLayout()
        panes.setSpacing(2)
        panes.addWidget(self.left, 1)
        panes.addWidget(self.right, 1)
        panes.addWidget(self.overview)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(bar)
        layout.addWidget(self.notice)
        layout.addWidget(self.passages_label)
        layout.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(headers)
        layout.addLayout(panes, 1)
        self.notice.setVisible(False)

        for pane in (self.left, self.right):
            pane.resized.connect(self._align_timer.start)
        for a, b in ((self.left, self.right), (self.right, self.left)):
            a.verticalScrollBar().valueChanged.connect(lambda v, b=b: self._sync(b, True, v))
            a.horizontalScrollBar().valueChanged.connect(lambda v, b=b: self._sync(b, False, v))
        self._set_enabled(False)
        self.bits = 64
        self.common: Boilerplate = boilerplate.NONE
        self._failure: Exception | None = None
        self.retranslate()

    def retranslate(self) -> None:
        """Set every text in the interface language (again, after a language change)."""
        self.open_button.setText(self.tr("Open in Default Application"))
        self.previous_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.previous_button.setToolTip(self.tr("Previous change (Alt+Up)"))
        self.next_button.setToolTip(self.tr("Next change (Alt+Down)"))
        # Named for Help → Keyboard Shortcuts, which lists the window's actions.
        self.previous_action.setText(self.tr("Previous change in the diff"))
        self.next_action.setText(self.tr("Next change in the diff"))
        self.only_changes.setText(self.tr("Only changes"))
        self.ignore_space.setText(self.tr("Ignore white space"))
        self.ignore_case.setText(self.tr("Ignore case"))
        self.ignore_blank.setText(self.tr("Ignore blank lines"))
        self.wrap.setText(self.tr("Wrap lines"))
        self.wrap.setToolTip(
            self.tr("Long lines go on below, the two sides still side by side (on for prose)")
        )
        self.overview.setToolTip(self.tr("Changes in the whole file: click to go there"))
        if self.match is None:
            self.title.setText(self._prompt())
            return
        self._show_titles()
        if self.rendered is not None and self.only_changes.isChecked():
            self.refresh()  # the folds' "unchanged lines" markers are part of the text
        elif self.rendered is not None:
            self._show_notices(self.rendered)
            self._show_passages(self.rendered)
        elif self._failure is not None:
            self._show_failure()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- feeding ------------------------------------------------------------------------
    def clear(self) -> None:
        self.generation += 1
        self.match = None
        self.rendered = None
        self.left.show_text("", [])
        self.right.show_text("", [])
        self.overview.set_marks([])
        for pane in (self.left, self.right):
            pane.set_passage_rows(frozenset())
        self.title.setText(self._prompt())
        self.left_header.clear()
        self.right_header.clear()
        self.notice.setVisible(False)
        self.passages_label.setVisible(False)
        self.open_button.setVisible(False)
        self._set_enabled(False)

    def _prompt(self) -> str:
        if self.groups:
            return self.tr("Select a file to compare it with the centre of its group.")
        return self.tr("Select a row to compare it with the reference.")

    def _left_label(self) -> str:
        if self.left_role is LeftSide.CENTRE:
            #: The left pane's title in the groups mode: the file the others are compared with.
            return self.tr("Centre of the group")
        if self.left_role is LeftSide.GROUP_FILE:
            #: The left pane's title when the group's centre has been moved away.
            return self.tr("Another file of the group")
        return self.tr("Reference")

    def compare(
        self,
        reference: Side,
        match: Match,
        bits: int,
        left_role: LeftSide | None = None,
        common: Boilerplate = boilerplate.NONE,
    ) -> None:
        """Show the diff of the reference against one result row (computed off this thread);
        ``common``: the text the scanned files share widely, as the scan found it."""
        if left_role is not None:
            self.left_role = left_role
        self.common = common
        self.left_side = reference
        self.right_side = Side(
            match.path, match.encoding, match.size, reference.documents, match.format
        )
        self.match = match
        self.bits = bits
        if not self.wrap_chosen:
            with QSignalBlocker(self.wrap):
                self.wrap.setChecked(wraps_by_default(reference.path, match.path))
            for pane in (self.left, self.right):
                pane.set_wrap(self.wrap.isChecked())
        self._show_titles()
        self.refresh()

    def _show_titles(self) -> None:
        match = self.match
        if match is None or self.left_side is None or self.right_side is None:
            return
        similarity = "—" if match.similarity is None else f"{percent(match.similarity)} %"
        self.title.setText(
            self.tr("Distance {distance} of {bits} bits · similarity {similarity}").format(
                distance=match.distance, bits=self.bits, similarity=similarity
            )
        )
        self.left_header.setText(self._header(self.left_side, self._left_label()))
        self.right_header.setText(self._header(self.right_side, display_path(match.path.name)))

    def _header(self, side: Side, label: str) -> str:
        path = html.escape(display_path(side.path))
        facts = [f"{side.size:,} B"]
        if side.encoding:
            facts.insert(0, side.encoding)
        if side.format != "text":
            #: Above a pane: the text shown is what was read out of a document.
            source = self.tr("text extracted from {format}")
            facts.insert(0, source.format(format=wording.words.document_format(side.format)))
        shown = html.escape(" · ".join(facts))
        return f"<b>{html.escape(label)}</b><br><small>{path}<br>{shown}</small>"

    @Slot()
    def refresh(self) -> None:
        if self.left_side is None or self.right_side is None or self.match is None:
            return
        self.generation += 1
        self.rendered = None  # set again once the new diff is fully shown
        self._failure = None
        options = DiffOptions(
            ignore_whitespace=self.ignore_space.isChecked(),
            ignore_case=self.ignore_case.isChecked(),
            ignore_blank_lines=self.ignore_blank.isChecked(),
        )
        generation, left, right = self.generation, self.left_side, self.right_side
        only_changes = self.only_changes.isChecked()
        common = self.common
        self.tasks.run(
            lambda: compute(left, right, options, only_changes, common),
            lambda rendered: self._on_done(generation, rendered),
            lambda error: self._on_failed(generation, error),
        )
        self.notice.setText(self.tr("Comparing…"))
        self.notice.setVisible(True)
        self.passages_label.setVisible(False)

    def _on_failed(self, generation: int, error: Exception) -> None:
        if generation != self.generation:
            return  # a newer selection has taken over
        self.open_button.setVisible(True)
        self.left.show_text("", [])
        self.right.show_text("", [])
        self.overview.set_marks([])
        for pane in (self.left, self.right):
            pane.set_passage_rows(frozenset())
        self.passages_label.setVisible(False)
        self._failure = error
        self._show_failure()
        self._set_enabled(False)

    def _on_done(self, generation: int, rendered: Rendered) -> None:
        if generation != self.generation:
            return  # a newer selection has taken over
        self.open_button.setVisible(False)
        if self.left_side is not None and self.right_side is not None:
            left, right = self.left_side, self.right_side
            self.left_side = replace(
                left, encoding=rendered.encodings[0], format=rendered.formats[0]
            )
            self.right_side = replace(right, format=rendered.formats[1])
            self.left_header.setText(self._header(self.left_side, self._left_label()))
            if self.match is not None:
                name = display_path(self.match.path.name)
                self.right_header.setText(self._header(self.right_side, name))
        self._show(generation, rendered, 0)

    def _show(self, generation: int, rendered: Rendered, step: int) -> None:
        """Fill the panes in short steps, each its own turn of the event loop.

        Done at once, these steps froze the window for over 100 ms on
        10,000-line files; apart, none takes more than about 20 ms. A newer
        selection abandons the remaining steps.
        """
        if generation != self.generation:
            return
        if step == 0:
            numbers = [None if r is None or r.left is None else r.left + 1 for r in rendered.rows]
            self.left.show_text(rendered.left_text, numbers)
            self.left.set_passage_rows(rendered.passage_rows[0])
        elif step == 1:
            numbers = [None if r is None or r.right is None else r.right + 1 for r in rendered.rows]
            self.right.show_text(rendered.right_text, numbers)
            self.right.set_passage_rows(rendered.passage_rows[1])
        elif step in (2, 4):  # build one pane's highlights...
            pane = self.left if step == 2 else self.right
            self._pending_selections = self._selections(pane, rendered, left=step == 2)
        elif step in (3, 5):  # ...and hand them to it, in the next turn
            pane = self.left if step == 3 else self.right
            pane.setExtraSelections(self._pending_selections)
            self._pending_selections = []
        else:
            self.overview.set_marks(rendered.rows, self.right.passage_rows)
            self.rendered = rendered
            self.align_rows()
            if rendered.changes:
                self.go_to_line(rendered.changes[0])
            self._show_notices(rendered)
            self._show_passages(rendered)
            self._set_enabled(bool(rendered.changes))
            return
        QTimer.singleShot(1, self, lambda: self._show(generation, rendered, step + 1))

    def _show_notices(self, rendered: Rendered) -> None:
        notices = [wording.words.diff_notice(n) for n in rendered.result.notices]
        if not rendered.changes:
            notices.append(self.tr("no differences"))
        #: Goes between two notices shown above the diff.
        separator = self.tr("; ")
        self.notice.setText(separator.join(notices))
        self.notice.setVisible(bool(notices))

    def _show_failure(self) -> None:
        """Why the files cannot be compared, in the interface language."""
        error = self._failure
        if isinstance(error, NotTextError):
            why = wording.words.skip_text(error.reason, error.detail)
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        self.notice.setText(self.tr("Cannot compare these files: {why}.").format(why=why))
        self.notice.setVisible(True)

    # -- wrapping ------------------------------------------------------------------------
    @Slot(bool)
    def _on_wrap_clicked(self, _checked: bool) -> None:
        self.wrap_chosen = True

    @Slot(bool)
    def _on_wrap_toggled(self, wrap: bool) -> None:
        for pane in (self.left, self.right):
            pane.set_wrap(wrap)
        self.align_rows()

    @Slot()
    def align_rows(self) -> None:
        """Give each row the same height in both panes, so that they stay side by side.

        A row's block is padded with line breaks to the lines its twin takes when
        wrapped; the panes then scroll line for line together. Done again when the
        panes' width changes, and undone when wrapping is turned off.
        """
        rendered = self.rendered
        if rendered is None:
            return
        wrap = self.wrap.isChecked()
        rows = len(rendered.rows)
        left, right = self.left.natural_lines(), self.right.natural_lines()
        if len(left) != rows or len(right) != rows:
            return
        lines = [max(a, b) for a, b in zip(left, right, strict=True)]
        left_pads = [n - a for n, a in zip(lines, left, strict=True)] if wrap else [0] * rows
        right_pads = [n - b for n, b in zip(lines, right, strict=True)] if wrap else [0] * rows
        if left_pads == (self.left.pads or [0] * rows) and right_pads == (
            self.right.pads or [0] * rows
        ):
            return
        top = self.left.firstVisibleBlock().blockNumber()
        for pane, text, pads, is_left in (
            (self.left, rendered.left_text, left_pads, True),
            (self.right, rendered.right_text, right_pads, False),
        ):
            numbers = pane.numbers
            pane.show_padded(text.split("\n"), pads, numbers)
            pane.setExtraSelections(self._selections(pane, rendered, left=is_left))
        block = self.left.document().findBlockByNumber(top)
        if block.isValid():
            self.left.verticalScrollBar().setValue(block.firstLineNumber())

    def _selections(
        self, pane: DiffPane, rendered: Rendered, left: bool
    ) -> list[QTextEdit.ExtraSelection]:
        selections = []
        document = pane.document()
        passage_spans = rendered.passage_spans[0 if left else 1]
        dimmed = rendered.boilerplate_spans[0 if left else 1]
        underline = QTextCharFormat()
        underline.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        underline.setUnderlineColor(PASSAGE)
        greyed = QTextCharFormat()
        greyed.setForeground(BOILERPLATE)
        changed_word = QTextCharFormat()
        changed_word.setBackground(CHANGED_WORD)
        # Each highlight paints its text again: the underlines go last, over the tints.
        underlines: list[QTextEdit.ExtraSelection] = []
        for line, row in enumerate(rendered.rows):
            number = None if row is None else row.left if left else row.right
            block = document.findBlockByNumber(line)
            # The part of a line a shared passage covers (where it starts or ends), and
            # boilerplate (text many scanned files share, which counted little).
            if number is not None:
                underlines.extend(self._marks(block, passage_spans.get(number, []), underline))
                underlines.extend(self._marks(block, dimmed.get(number, []), greyed))
            if row is not None and row.kind is Kind.EQUAL and number is not None:
                continue
            if row is None:
                colour = FOLD
            elif (row.left if left else row.right) is None:
                colour = GAP
            elif row.kind is Kind.CHANGED:
                colour = CHANGED
            else:
                colour = DELETED if row.kind is Kind.DELETED else INSERTED
            whole = QTextEdit.ExtraSelection()
            whole.format.setBackground(colour)
            whole.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            whole.cursor = QTextCursor(block)  # the whole block: every line of a wrapped row
            whole.cursor.movePosition(
                QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
            )
            selections.append(whole)
            if row is not None and row.kind is Kind.CHANGED:
                spans = row.left_spans if left else row.right_spans
                selections.extend(self._marks(block, spans, changed_word))
        return selections + underlines

    @staticmethod
    def _marks(
        block: QTextBlock, columns: Sequence[Span], format_: QTextCharFormat
    ) -> list[QTextEdit.ExtraSelection]:
        """Highlights of parts of a line (columns of ``block``) in one format."""
        marks = []
        for start, end in columns:
            mark = QTextEdit.ExtraSelection()
            mark.format = format_
            cursor = QTextCursor(block)
            cursor.setPosition(block.position() + start)
            cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
            mark.cursor = cursor
            marks.append(mark)
        return marks

    # -- shared passages -----------------------------------------------------------------
    def _figures(self, rendered: Rendered) -> str:
        """The pair's similarity and containment, as the table shows them, in a sentence."""
        exact = rendered.exact
        if exact is None:
            return ""
        if self.left_role is LeftSide.CENTRE:
            #: How much of the group's centre is found in the file on the right.
            left = self.tr("{share} % of the centre is in this file")
            #: How much of the file on the right is found in the group's centre.
            right = self.tr("{share} % of this file is in the centre")
        elif self.left_role is LeftSide.GROUP_FILE:
            left = self.tr("{share} % of the other file is in this file")
            right = self.tr("{share} % of this file is in the other file")
        else:
            left = self.tr("{share} % of the reference is in this file")
            right = self.tr("{share} % of this file is in the reference")
        #: Above the diff: "Similarity 44.0 %: 100.0 % of the reference is in this file,
        #: 28.2 % of this file is in the reference." (the figures of the table's row).
        figures = self.tr("Similarity {similarity} %: {left}, {right}.").format(
            similarity=percent(exact.similarity),
            left=left.format(share=percent(exact.first_in_second)),
            right=right.format(share=percent(exact.second_in_first)),
        )
        if any(rendered.boilerplate_spans):
            figures = wording.sentences(
                figures,
                #: After the pair's figures, when some of its text is boilerplate.
                self.tr("Text that many of the scanned files share (in grey) counted little."),
            )
        return html.escape(figures)

    def _show_passages(self, rendered: Rendered) -> None:
        """The pair's figures, and the summary of the shared passages with links to them."""
        found = rendered.passages
        figures = self._figures(rendered)
        bar = f'<span style="color: {PASSAGE.name()}">▌</span>'
        #: The tooltip of the shared passages' summary.
        meaning = self.tr(
            "Shared passages: runs of at least {words} words that both files hold, "
            "marked beside the line numbers and in the strip on the right."
        ).format(words=found.min_words)
        self.passages_label.setToolTip(meaning)
        if found.too_large:
            #: Below the diff's title when the files are too large to look for shared passages.
            text = html.escape(self.tr("The files are too large to look for shared passages."))
        elif not found.passages:
            #: Below the diff's title when the two files share no passage (no run of
            #: {words} words or more in both).
            text = html.escape(
                self.tr("No shared passages of {words} words or more.").format(
                    words=found.min_words
                )
            )
        else:
            #: The summary of the shared passages: "3 shared passages of 16 words or more,
            #: 1240 words."
            summary = self.tr("{passages} of {least} words or more, {words}.").format(
                passages=self.tr("%n shared passage(s)", "", len(found.passages)),
                least=found.min_words,
                words=self.tr("%n word(s)", "", found.words),
            )
            places = []
            for index, passage in enumerate(found.passages[:PASSAGE_LINKS]):
                #: Where a shared passage is: its lines on the left, then on the right.
                place = html.escape(self.tr("{left} ↔ {right}")).format(
                    left=f'<a href="left:{index}">{_lines(passage.left)}</a>',
                    right=f'<a href="right:{index}">{_lines(passage.right)}</a>',
                )
                places.append(place)
            more = len(found.passages) - PASSAGE_LINKS
            #: Goes between the places of shared passages.
            where = html.escape(self.tr(", ")).join(places)
            if more > 0:
                where += html.escape(self.tr(" and %n more", "", more))
            #: Before the places of the shared passages ({places}: "7–10 ↔ 5–8, 1–5 ↔ 18–22",
            #: lines on the left ↔ lines on the right).
            lines_label = html.escape(self.tr("Lines: {places}")).format(places=where)
            text = html.escape(wording.sentences(summary, "§")).replace("§", lines_label)
            self.passages_label.setToolTip(
                wording.sentences(
                    meaning,
                    self.tr(
                        "A place is the lines on the left ↔ the lines on the right; "
                        "click either to go there."
                    ),
                )
            )
        shown = f"{figures}<br>{bar} {text}" if figures else f"{bar} {text}"
        self.passages_label.setText(shown)
        self.passages_label.setVisible(True)

    @Slot(str)
    def _on_passage_link(self, link: str) -> None:
        side, _, index = link.partition(":")
        if side in ("left", "right") and index.isdigit():
            self.go_to_passage(int(index), left=side == "left")

    def go_to_passage(self, index: int, left: bool = False) -> None:
        """Show where a shared passage starts in one file (the right one unless told), at
        its row; the other pane shows the same row (for a moved passage, not its twin)."""
        rendered = self.rendered
        if rendered is None or not 0 <= index < len(rendered.passages.passages):
            return
        passage = rendered.passages.passages[index]
        span = passage.left if left else passage.right
        pane = self.left if left else self.right
        # The first row at or after the passage's first line (folded rows are not shown).
        for line, row in enumerate(rendered.rows):
            number = None if row is None else row.left if left else row.right
            if number is not None and number >= span.first_line:
                self.go_to_line(line)
                columns = rendered.passage_spans[0 if left else 1].get(number)
                if number == span.first_line and columns:
                    # It starts inside the line: after any passage that ends there.
                    block = pane.document().findBlockByNumber(line)
                    cursor = QTextCursor(block)
                    cursor.setPosition(block.position() + max(start for start, _ in columns))
                    pane.setTextCursor(cursor)
                return

    # -- navigation ---------------------------------------------------------------------
    def current_line(self) -> int:
        return self.left.textCursor().blockNumber()

    @Slot()
    def next_change(self) -> None:
        if self.rendered:
            later = [c for c in self.rendered.changes if c > self.current_line()]
            self.go_to_line(later[0] if later else self.rendered.changes[0])

    @Slot()
    def previous_change(self) -> None:
        if self.rendered:
            earlier = [c for c in self.rendered.changes if c < self.current_line()]
            self.go_to_line(earlier[-1] if earlier else self.rendered.changes[-1])

    @Slot(int)
    def go_to_line(self, line: int) -> None:
        """Centre a display line in both panes, scrolled sideways to its first changed word."""
        row = None
        if self.rendered is not None and 0 <= line < len(self.rendered.rows):
            row = self.rendered.rows[line]
        for pane, spans in (
            (self.left, row.left_spans if row else ()),
            (self.right, row.right_spans if row else ()),
        ):
            block = pane.document().findBlockByNumber(max(0, line))
            if not block.isValid():
                continue
            cursor = QTextCursor(block)
            if spans:
                cursor.setPosition(block.position() + spans[0][0])
            pane.setTextCursor(cursor)
            pane.centerCursor()

    def _sync(self, other: DiffPane, vertical: bool, value: int) -> None:
        if self._syncing:
            return
        self._syncing = True
        bar = other.verticalScrollBar() if vertical else other.horizontalScrollBar()
        bar.setValue(value)
        self._syncing = False

    def _set_enabled(self, has_changes: bool) -> None:
        for widget in (self.previous_button, self.next_button):
            widget.setEnabled(has_changes)
        for action in (self.previous_action, self.next_action):
            action.setEnabled(has_changes)

    @Slot()
    def _open_right(self) -> None:
        if self.right_side is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(self.right_side.path)))


def _lines(span: TextSpan) -> str:
    """A passage's lines as the gutter numbers them: "12" or "12–40"."""
    first, last = span.first_line + 1, span.last_line + 1
    return str(first) if first == last else f"{first}–{last}"

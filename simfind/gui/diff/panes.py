"""The two panes side by side and the overview strip beside them: filled with a diff in
short steps, scrolled together, their rows kept level when lines wrap, a line shown."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QTextEdit

from simfind.gui.diff.highlights import selections
from simfind.gui.diff.rendering import Rendered
from simfind.gui.diff.widgets import DiffPane, Overview


class SidePanes(QObject):
    """The left pane, the right one and the overview strip, kept in step."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # The diff shown, once fully shown (None while one is computed or filled in).
        self.rendered: Rendered | None = None
        self.wrap = False
        self._syncing = False
        self._pending_selections: list[QTextEdit.ExtraSelection] = []
        self.left = DiffPane("left")
        self.right = DiffPane("right")
        self.overview = Overview()
        self.overview.jump.connect(self.go_to_line)
        self._align_timer = QTimer(self)
        self._align_timer.setSingleShot(True)
        self._align_timer.setInterval(100)
        self._align_timer.timeout.connect(self.align_rows)
        for pane in (self.left, self.right):
            pane.resized.connect(self._align_timer.start)
            pane.palette_changed.connect(lambda pane=pane: self._recolour(pane))
        for a, b in ((self.left, self.right), (self.right, self.left)):
            a.verticalScrollBar().valueChanged.connect(lambda v, b=b: self._sync(b, True, v))
            a.horizontalScrollBar().valueChanged.connect(lambda v, b=b: self._sync(b, False, v))

    def clear(self) -> None:
        """Empty both panes and the strip."""
        self.left.show_text("", [])
        self.right.show_text("", [])
        self.overview.set_marks([])
        for pane in (self.left, self.right):
            pane.set_passage_rows(frozenset())

    def fill(self, rendered: Rendered, step: int) -> bool:
        """Do one step of showing a diff; True once the last one is done.

        Done at once, these steps froze the window for over 100 ms on
        10,000-line files; apart, none takes more than about 20 ms. The caller
        runs each in its own turn of the event loop, and a newer selection
        abandons the remaining steps.
        """
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
            self._pending_selections = selections(pane, rendered, left=step == 2)
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
            return True
        return False

    def _recolour(self, pane: DiffPane) -> None:
        """A pane's highlights again, in the colours of its new palette (a theme change)."""
        if self.rendered is not None:
            pane.setExtraSelections(selections(pane, self.rendered, left=pane is self.left))

    # -- wrapping ------------------------------------------------------------------------
    def set_wrap(self, wrap: bool, align: bool = True) -> None:
        """Wrap long lines in both panes, or not; their rows are aligned again if asked."""
        self.wrap = wrap
        for pane in (self.left, self.right):
            pane.set_wrap(wrap)
        if align:
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
        wrap = self.wrap
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
            pane.setExtraSelections(selections(pane, rendered, left=is_left))
        block = self.left.document().findBlockByNumber(top)
        if block.isValid():
            self.left.verticalScrollBar().setValue(block.firstLineNumber())

    # -- showing a line ------------------------------------------------------------------
    def current_line(self) -> int:
        return self.left.textCursor().blockNumber()

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

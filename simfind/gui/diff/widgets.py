"""The diff view's own widgets: a text pane with line numbers, and the overview strip."""

from __future__ import annotations

from functools import cache
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextDocument,
    QTextOption,
)
from PySide6.QtWidgets import QPlainTextDocumentLayout, QPlainTextEdit, QWidget

from simfind.core.compare.diff import Kind, Row
from simfind.gui.base.colours import colours_for

# Added at a row's end so that it takes as many lines as its wrapped twin in the
# other pane: a line break inside the row's block (no line of a text holds one:
# str.splitlines breaks there).
PAD = "\u2028"

# The width of the passage bar at the gutter's edge, in pixels.
PASSAGE_BAR = 3

# Monospaced fonts that hold Chinese as well: with one of them every line has one
# height, so rows whose sides differ in script (or a row facing a gap) stay level to
# the pixel, not just line for line. The first one installed is used.
CJK_MONOSPACE = (
    "Sarasa Mono SC",
    "Noto Sans Mono CJK SC",
    "WenQuanYi Zen Hei Mono",
    "WenQuanYi Micro Hei Mono",
)


@cache
def pane_font() -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    installed = set(QFontDatabase.families())
    for family in CJK_MONOSPACE:
        if family in installed:
            font.setFamilies([family, *font.families()])
            break
    return font


class _Gutter(QWidget):
    """Original line numbers beside a pane (blank for gaps and folds)."""

    def __init__(self, pane: DiffPane) -> None:
        super().__init__(pane)
        self.pane = pane

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(self.pane.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        self.pane.paint_gutter(event)


class DiffPane(QPlainTextEdit):
    """A read-only text pane with line numbers; one block per row, wrapped or not."""

    resized = Signal()
    # Its palette changed (a theme change): the highlights are to be painted anew.
    palette_changed = Signal()

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(pane_font())
        self.numbers: list[int | None] = []
        self.pads: list[int] = []  # PAD characters at the end of each row's block
        # Rows (blocks) inside a shared passage: a bar beside their line numbers.
        self.passage_rows: frozenset[int] = frozenset()
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.gutter = _Gutter(self)
        self.blockCountChanged.connect(self._update_margin)
        self.updateRequest.connect(self._update_gutter)
        self._update_margin()

    def gutter_width(self) -> int:
        digits = len(str(max(1, len(self.numbers))))
        return 10 + PASSAGE_BAR + self.fontMetrics().horizontalAdvance("9") * max(3, digits)

    def set_passage_rows(self, rows: frozenset[int]) -> None:
        self.passage_rows = rows
        self.gutter.update()

    def set_wrap(self, wrap: bool) -> None:
        mode = QPlainTextEdit.LineWrapMode
        self.setLineWrapMode(mode.WidgetWidth if wrap else mode.NoWrap)

    def natural_lines(self) -> list[int]:
        """How many lines each row's own text takes at the pane's width."""
        counts = []
        block = self.document().begin()
        while block.isValid():
            counts.append(block.lineCount())
            block = block.next()
        return [
            count - pad for count, pad in zip(counts, self.pads or [0] * len(counts), strict=True)
        ]

    def show_padded(self, lines: list[str], pads: list[int], numbers: list[int | None]) -> None:
        """Show the rows, each followed by its pads (an equal height beside the other pane)."""
        self.show_text(
            "\n".join(line + PAD * pad for line, pad in zip(lines, pads, strict=True)), numbers
        )
        self.pads = pads

    def createMimeDataFromSelection(self) -> QMimeData:  # noqa: N802
        """Copied text is the file's: without the pads, paragraphs as line breaks."""
        data = QMimeData()
        text = self.textCursor().selectedText()
        data.setText(text.replace(PAD, "").replace("\u2029", "\n"))
        return data

    def show_text(self, text: str, numbers: list[int | None]) -> None:
        """Replace the whole text at once.

        A fresh document is built and swapped in: refilling the old one with
        setPlainText() costs ten times as much once it has been laid out
        (measured: 170 ms against 15 ms for 10,000 lines).
        """
        document = self.new_document()
        document.setPlainText(text)
        self.show_document(document, numbers)

    def new_document(self) -> QTextDocument:
        """An empty document for ``show_document``, in the pane's font."""
        document = QTextDocument(self)
        document.setDocumentLayout(QPlainTextDocumentLayout(document))
        document.setDefaultFont(self.font())
        document.setUndoRedoEnabled(False)
        return document

    def show_document(self, document: QTextDocument, numbers: list[int | None]) -> None:
        """Show a document of ``new_document``'s, filled (a piece at a time, say)."""
        self.setExtraSelections([])
        self.numbers = numbers
        self.pads = []
        self.setDocument(document)  # the old document is the pane's child and deleted here
        self._update_margin()

    def _update_margin(self, *_: Any) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.palette_changed.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        area = self.contentsRect()
        self.gutter.setGeometry(QRect(area.left(), area.top(), self.gutter_width(), area.height()))
        if event.size().width() != event.oldSize().width():
            self.resized.emit()

    def paint_gutter(self, event: QPaintEvent) -> None:
        painter = QPainter(self.gutter)
        passage = colours_for(self.palette()).passage
        painter.fillRect(event.rect(), self.palette().window())
        painter.setPen(self.palette().placeholderText().color())
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        width = self.gutter.width()
        while block.isValid() and top <= event.rect().bottom():
            number = block.blockNumber()
            rows = round(self.blockBoundingRect(block).height())
            if (
                block.isVisible()
                and number < len(self.numbers)
                and self.numbers[number] is not None
            ):
                painter.drawText(
                    0,
                    top,
                    width - 5 - PASSAGE_BAR,
                    height,
                    int(Qt.AlignmentFlag.AlignRight),
                    str(self.numbers[number]),
                )
            if number in self.passage_rows:
                painter.fillRect(width - PASSAGE_BAR, top, PASSAGE_BAR, rows, passage)
            top += rows
            block = block.next()
        painter.end()


class Overview(QWidget):
    """A strip beside the panes marking every change; a click jumps there."""

    jump = Signal(int)  # display line

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedWidth(14)
        self.marks: list[tuple[int, Kind]] = []
        self.passages: list[tuple[int, int]] = []  # runs of display lines in a passage [a, b)
        self.lines = 0

    def set_marks(self, rows: list[Row | None], passages: frozenset[int] = frozenset()) -> None:
        self.lines = len(rows)
        self.marks = [
            (i, r.kind) for i, r in enumerate(rows) if r is not None and r.kind is not Kind.EQUAL
        ]
        self.passages = []
        for line in sorted(passages):
            if self.passages and self.passages[-1][1] == line:
                self.passages[-1] = (self.passages[-1][0], line + 1)
            else:
                self.passages.append((line, line + 1))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().base())
        if self.lines:
            chosen = colours_for(self.palette())
            colours = {
                Kind.CHANGED: chosen.changed_mark,
                Kind.INSERTED: chosen.inserted_mark,
                Kind.DELETED: chosen.deleted_mark,
            }
            # Shared passages along the left edge, changes beside them.
            scale = self.height() / self.lines
            for first, end in self.passages:
                top = int(first * scale)
                painter.fillRect(
                    0, top, PASSAGE_BAR, max(1, int(end * scale) - top), chosen.passage
                )
            for line, kind in self.marks:
                y = int(line * scale)
                painter.fillRect(
                    PASSAGE_BAR + 1, y, self.width() - PASSAGE_BAR - 2, 3, colours[kind]
                )
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.lines:
            self.jump.emit(int(event.position().y() / max(1, self.height()) * self.lines))

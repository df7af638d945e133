"""The highlights of a diff pane: rows tinted by change, changed words, where a shared
passage starts or ends inside a line (underlined), and boilerplate (greyed).

Qt's extra selections, built for one pane from what compute() laid out.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QTextBlock, QTextCharFormat, QTextCursor, QTextFormat
from PySide6.QtWidgets import QTextEdit

from simfind.core.compare.diff import Kind, Span
from simfind.gui.base.colours import colours_for
from simfind.gui.diff.rendering import Rendered
from simfind.gui.diff.widgets import DiffPane


def selections(pane: DiffPane, rendered: Rendered, left: bool) -> list[QTextEdit.ExtraSelection]:
    """The highlights of the left pane, or of the right one, in the colours of its palette."""
    colours = colours_for(pane.palette())
    highlights = []
    document = pane.document()
    passage_spans = rendered.passage_spans[0 if left else 1]
    dimmed = rendered.boilerplate_spans[0 if left else 1]
    underline = QTextCharFormat()
    underline.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
    underline.setUnderlineColor(colours.passage)
    greyed = QTextCharFormat()
    greyed.setForeground(colours.boilerplate)
    changed_word = QTextCharFormat()
    changed_word.setBackground(colours.changed_word)
    # Each highlight paints its text again: the underlines go last, over the tints.
    underlines: list[QTextEdit.ExtraSelection] = []
    for line, row in enumerate(rendered.rows):
        number = None if row is None else row.left if left else row.right
        block = document.findBlockByNumber(line)
        # The part of a line a shared passage covers (where it starts or ends), and
        # boilerplate (text many scanned files share, which counts for nothing where both
        # files have it).
        if number is not None:
            underlines.extend(marks(block, passage_spans.get(number, []), underline))
            underlines.extend(marks(block, dimmed.get(number, []), greyed))
        if row is not None and row.kind is Kind.EQUAL and number is not None:
            continue
        if row is None:
            colour = colours.fold
        elif (row.left if left else row.right) is None:
            colour = colours.gap
        elif row.kind is Kind.CHANGED:
            colour = colours.changed
        else:
            colour = colours.deleted if row.kind is Kind.DELETED else colours.inserted
        whole = QTextEdit.ExtraSelection()
        whole.format.setBackground(colour)
        whole.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        whole.cursor = QTextCursor(block)  # the whole block: every line of a wrapped row
        whole.cursor.movePosition(
            QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor
        )
        highlights.append(whole)
        if row is not None and row.kind is Kind.CHANGED:
            spans = row.left_spans if left else row.right_spans
            highlights.extend(marks(block, spans, changed_word))
    return highlights + underlines


def marks(
    block: QTextBlock, columns: Sequence[Span], format_: QTextCharFormat
) -> list[QTextEdit.ExtraSelection]:
    """Highlights of parts of a line (columns of ``block``) in one format."""
    found = []
    for start, end in columns:
        mark = QTextEdit.ExtraSelection()
        mark.format = format_
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + start)
        cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
        mark.cursor = cursor
        found.append(mark)
    return found

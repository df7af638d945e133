"""What an empty list or table says in its middle (how to fill it), as the groups' tree and
the Compare table both do."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView


def paint_placeholder(view: QAbstractItemView, text: str) -> None:
    """Draw ``text`` in the middle of ``view``'s viewport, wrapped, in the placeholder colour."""
    painter = QPainter(view.viewport())
    painter.setPen(view.palette().placeholderText().color())
    area = view.viewport().rect().adjusted(24, 24, -24, -24)
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(area, int(flags), text)
    painter.end()


class PlaceholderTable(QTableView):
    """A table that says what to do while it has no rows."""

    def __init__(self) -> None:
        super().__init__()
        self.placeholder = ""

    def set_placeholder(self, text: str) -> None:
        self.placeholder = text
        self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(event)
        model = self.model()
        if self.placeholder and (model is None or model.rowCount() == 0):
            paint_placeholder(self, self.placeholder)

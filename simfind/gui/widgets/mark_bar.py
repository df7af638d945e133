"""The row under the results in either mode: ways to mark files, how many are marked, what to do."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QProgressBar,
    QStyle,
    QToolButton,
    QWidget,
)

from simfind.core.base.paths import human_size


def action_button(action: QAction) -> QToolButton:
    """A button for an action: its text, enabled when it is, triggering it."""
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    return button


class MenuButton(QToolButton):
    """A button that opens a menu, its arrow beside the text: Qt draws a menu's arrow in the
    corner of a tool button and leaves it no room, so that it covered the text's last
    letter ("Mark All but One", 每组保留一个)."""

    def __init__(self, menu: QMenu, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMenu(menu)
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

    def arrow_width(self) -> int:
        return self.style().pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None, self)

    def sizeHint(self) -> QSize:  # noqa: N802
        hint = super().sizeHint()
        return QSize(hint.width() + self.arrow_width(), hint.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()


def show_busy(widget: QWidget, busy: bool) -> None:
    """The busy pointer over ``widget`` (work goes on aside; it can still be used), or not."""
    if busy:
        widget.setCursor(Qt.CursorShape.BusyCursor)
    else:
        widget.unsetCursor()


class MarkBar(QWidget):
    def __init__(
        self,
        marking: Sequence[QWidget],
        acting: Sequence[QWidget],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.label = QLabel()
        # Moves while marks are worked out (set_busy): the count beside it is not yet known.
        self.busy_bar = QProgressBar()
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setMaximumWidth(80)
        # Its room kept while hidden and no taller than the words: showing it moves nothing
        # else (a list resized while a worker holds the interpreter stalled the window).
        self.busy_bar.setMaximumHeight(self.label.sizeHint().height())
        policy = self.busy_bar.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.busy_bar.setSizePolicy(policy)
        self.busy_bar.setVisible(False)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in marking:
            layout.addWidget(widget)
        layout.addStretch(1)
        layout.addWidget(self.busy_bar)
        layout.addWidget(self.label)
        layout.addSpacing(8)
        for widget in acting:
            layout.addWidget(widget)
        self._count, self._size = 0, 0
        self._busy: str | None = None
        self.retranslate()

    def set_marked(self, count: int, size: int) -> None:
        self._count, self._size = count, size
        self.retranslate()

    def set_busy(self, text: str | None) -> None:
        """Say ``text`` (what is being marked) with a moving bar, in place of the count;
        None: the count again."""
        self._busy = text
        self.busy_bar.setVisible(text is not None)
        self.retranslate()

    def retranslate(self) -> None:
        if self._busy is not None:
            self.label.setText(self._busy)
        elif self._count:
            self.label.setText(
                self.tr("%n file(s) marked, {size}", "", self._count).format(
                    size=human_size(self._size)
                )
            )
        else:
            self.label.setText(self.tr("No file marked"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

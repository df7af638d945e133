"""Going from change to change in the diff (buttons, Alt+Up and Alt+Down), and to where
a shared passage starts."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence, QTextCursor
from PySide6.QtWidgets import QPushButton, QWidget

from simfind.gui.diff.panes import SidePanes


class DiffNavigation(QObject):
    """The previous and next buttons and their window-wide actions, over the panes."""

    def __init__(self, panes: SidePanes, window_part: QWidget) -> None:
        """``window_part``: the widget the actions are added to (their shortcuts work
        anywhere in its window)."""
        super().__init__(window_part)
        self.panes = panes
        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.previous_button.clicked.connect(self.previous_change)
        self.next_button.clicked.connect(self.next_change)
        # Window-wide actions, not the buttons' shortcuts: a button's setText() sets its
        # shortcut to the text's mnemonic, which dropped Alt+Up and Alt+Down.
        self.previous_action = QAction(window_part)
        self.next_action = QAction(window_part)
        for action, keys, slot in (
            (self.previous_action, "Alt+Up", self.previous_change),
            (self.next_action, "Alt+Down", self.next_change),
        ):
            action.setShortcut(QKeySequence(keys))
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(slot)
            window_part.addAction(action)

    def retranslate(self) -> None:
        """Set the buttons' and actions' texts in the interface language."""
        self.previous_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.previous_button.setToolTip(self.tr("Previous change (Alt+Up)"))
        self.next_button.setToolTip(self.tr("Next change (Alt+Down)"))
        # Named for Help → Keyboard Shortcuts, which lists the window's actions.
        self.previous_action.setText(self.tr("Previous change in the diff"))
        self.next_action.setText(self.tr("Next change in the diff"))

    def set_enabled(self, has_changes: bool) -> None:
        for widget in (self.previous_button, self.next_button):
            widget.setEnabled(has_changes)
        for action in (self.previous_action, self.next_action):
            action.setEnabled(has_changes)

    @Slot()
    def next_change(self) -> None:
        rendered = self.panes.rendered
        if rendered:
            later = [c for c in rendered.changes if c > self.panes.current_line()]
            self.panes.go_to_line(later[0] if later else rendered.changes[0])

    @Slot()
    def previous_change(self) -> None:
        rendered = self.panes.rendered
        if rendered:
            earlier = [c for c in rendered.changes if c < self.panes.current_line()]
            self.panes.go_to_line(earlier[-1] if earlier else rendered.changes[-1])

    @Slot(int, bool)
    def go_to_passage(self, index: int, left: bool = False) -> None:
        """Show where a shared passage starts in one file (the right one unless told), at
        its row; the other pane shows the same row (for a moved passage, not its twin)."""
        rendered = self.panes.rendered
        if rendered is None or not 0 <= index < len(rendered.passages.passages):
            return
        passage = rendered.passages.passages[index]
        span = passage.left if left else passage.right
        pane = self.panes.left if left else self.panes.right
        # The first row at or after the passage's first line (folded rows are not shown).
        for line, row in enumerate(rendered.rows):
            number = None if row is None else row.left if left else row.right
            if number is not None and number >= span.first_line:
                self.panes.go_to_line(line)
                columns = rendered.passage_spans[0 if left else 1].get(number)
                if number == span.first_line and columns:
                    # It starts inside the line: after any passage that ends there.
                    block = pane.document().findBlockByNumber(line)
                    cursor = QTextCursor(block)
                    cursor.setPosition(block.position() + max(start for start, _ in columns))
                    pane.setTextCursor(cursor)
                return

"""Which files a list shows: a name or folder typed, a format chosen (Compare's table and the
groups' tree alike)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QWidget

from simfind.core.base.paths import display_path
from simfind.core.scan.rank import Match
from simfind.core.text.documents import DocumentFormat
from simfind.gui.wording import words

# The format filter's choices: any, then each format (None: any).
FILTER_FORMATS: tuple[str | None, ...] = (None, *(f.value for f in DocumentFormat))


def filter_text(match: Match) -> str:
    """What a typed filter is looked for in: the file's path under its folder, case folded."""
    return display_path(match.rel).casefold()


class FileFilter(QWidget):
    """A text field (part of a name or folder) and a format box; ``changed`` on either."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text_field = QLineEdit()
        self.text_field.setClearButtonEnabled(True)
        self.text_field.textChanged.connect(self.changed)
        self.format_box = QComboBox()
        for name in FILTER_FORMATS:
            self.format_box.addItem("", name)
        self.format_box.currentIndexChanged.connect(self.changed)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.text_field, 1)
        layout.addWidget(self.format_box)
        self.retranslate()

    def text(self) -> str:
        """The text typed, as it is looked for (see ``filter_text``)."""
        return self.text_field.text().strip().casefold()

    def file_format(self) -> str | None:
        """The format chosen ("text", "docx", ...; None: any)."""
        value = self.format_box.currentData()
        return None if value is None else str(value)

    def active(self) -> bool:
        return bool(self.text()) or self.file_format() is not None

    def accepts(self, match: Match) -> bool:
        """Whether the file passes: its format the one chosen, the text typed in its path."""
        chosen = self.file_format()
        if chosen is not None and match.format != chosen:
            return False
        text = self.text()
        return not text or text in filter_text(match)

    def retranslate(self) -> None:
        self.text_field.setPlaceholderText(self.tr("Filter by name or folder"))
        for index, name in enumerate(FILTER_FORMATS):
            text = self.tr("All formats") if name is None else words.document_format(name)
            self.format_box.setItemText(index, text)
        self.format_box.setToolTip(self.tr("Show only the files of one format"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

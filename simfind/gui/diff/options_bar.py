"""The diff's options: only changes, ignore white space, case or blank lines, wrap lines."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker, Signal, Slot
from PySide6.QtWidgets import QCheckBox

from simfind.core.compare.diff import DiffOptions, wraps_by_default
from simfind.core.text.given import GivenText, TextInput


class DiffOptionsBar(QObject):
    """The check boxes above the panes; ``changed`` when the diff must be made again."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.only_changes = QCheckBox()
        self.ignore_space = QCheckBox()
        self.ignore_case = QCheckBox()
        self.ignore_blank = QCheckBox()
        for box in (self.only_changes, self.ignore_space, self.ignore_case, self.ignore_blank):
            box.toggled.connect(self.changed)
        # Wrapping is on for prose, off for code, until the user chooses.
        self.wrap = QCheckBox()
        self.wrap_chosen = False
        self.wrap.clicked.connect(self._on_wrap_clicked)

    def boxes(self) -> tuple[QCheckBox, ...]:
        """The boxes in the order they are shown."""
        return (
            self.only_changes,
            self.ignore_space,
            self.ignore_case,
            self.ignore_blank,
            self.wrap,
        )

    def retranslate(self) -> None:
        """Set the boxes' texts in the interface language."""
        self.only_changes.setText(self.tr("Only changes"))
        self.ignore_space.setText(self.tr("Ignore white space"))
        self.ignore_case.setText(self.tr("Ignore case"))
        self.ignore_blank.setText(self.tr("Ignore blank lines"))
        self.wrap.setText(self.tr("Wrap lines"))
        self.wrap.setToolTip(
            self.tr("Long lines go on below, the two sides still side by side (on for prose)")
        )

    def diff_options(self) -> DiffOptions:
        """What the diff ignores, as the boxes say."""
        return DiffOptions(
            ignore_whitespace=self.ignore_space.isChecked(),
            ignore_case=self.ignore_case.isChecked(),
            ignore_blank_lines=self.ignore_blank.isChecked(),
        )

    def wrap_by_default(self, left: TextInput, right: TextInput) -> bool:
        """Unless the user has chosen, tick "Wrap lines" for prose and not for code
        (without a ``toggled`` signal; a given text counts as prose); True if the box
        was set."""
        if self.wrap_chosen:
            return False
        files = [side for side in (left, right) if not isinstance(side, GivenText)]
        with QSignalBlocker(self.wrap):
            self.wrap.setChecked(wraps_by_default(*files))
        return True

    @Slot(bool)
    def _on_wrap_clicked(self, _checked: bool) -> None:
        self.wrap_chosen = True

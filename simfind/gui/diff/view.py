"""Side-by-side diff of the reference and the selected file, fed by core.diff.

Reading and diffing run on a thread pool (gui/work/tasks.py); a newer selection
supersedes an older computation (its result is dropped). The GUI thread only
sets text and highlights. This widget puts the parts together and feeds them:
the summary above (summary.py), the options (options_bar.py), the panes
(panes.py) and the way from change to change (navigation.py).
"""

from __future__ import annotations

import os
from dataclasses import replace

from PySide6.QtCore import QEvent, Qt, QTimer, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from simfind.core.cache.catalogue_errors import TextAwayError
from simfind.core.compare.reading import ReadingSettings
from simfind.core.text.given import GivenText
from simfind.gui.diff.navigation import DiffNavigation
from simfind.gui.diff.options_bar import DiffOptionsBar
from simfind.gui.diff.panes import SidePanes
from simfind.gui.diff.rendering import Rendered, Side, compute
from simfind.gui.diff.summary import DiffSummary, LeftSide, ShownFile
from simfind.gui.work.tasks import TaskRunner


class DiffView(QWidget):
    """Reference on the left, the selected file on the right, changes highlighted."""

    shown = Signal(Rendered)  # a diff fully shown: both panes, then the summary above them

    def __init__(self, parent: QWidget | None = None, groups: bool = False) -> None:
        super().__init__(parent)
        self.groups = groups  # compares the files of groups, not a reference with results
        self.left_role = LeftSide.CENTRE if groups else LeftSide.REFERENCE
        self.generation = 0
        self.left_side: Side | None = None
        self.right_side: Side | None = None
        self.match: ShownFile | None = None
        self.tasks = TaskRunner(self)

        self.summary = DiffSummary(self)
        self.summary.passage_clicked.connect(self.go_to_passage)
        self.summary.open_button.clicked.connect(self._open_right)
        self.panes = SidePanes(self)
        self.navigation = DiffNavigation(self.panes, self)
        self.options = DiffOptionsBar(self)
        self.options.changed.connect(self.refresh)
        self.options.wrap.toggled.connect(self.panes.set_wrap)
        # The parts' widgets, by the names the pages and tests know them.
        self.title = self.summary.title
        self.notice = self.summary.notice
        self.passages_label = self.summary.passages_label
        self.open_button = self.summary.open_button
        self.left_header = self.summary.left_header
        self.right_header = self.summary.right_header
        self.left = self.panes.left
        self.right = self.panes.right
        self.overview = self.panes.overview
        self.previous_button = self.navigation.previous_button
        self.next_button = self.navigation.next_button
        self.only_changes = self.options.only_changes
        self.ignore_space = self.options.ignore_space
        self.ignore_case = self.options.ignore_case
        self.ignore_blank = self.options.ignore_blank
        self.wrap = self.options.wrap

        bar = QHBoxLayout()
        bar.addWidget(self.previous_button)
        bar.addWidget(self.next_button)
        bar.addSpacing(12)
        for box in self.options.boxes():
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

        self.navigation.set_enabled(False)
        #: How the files shown were read (the scan's, taken whole by ``compare``).
        self.reading = ReadingSettings(64, True, True)
        #: Whether Traditional Chinese is compared as Simplified, as in the scan shown.
        self._failure: Exception | None = None
        # A file shown as byte for byte the same as the left one (show_same_bytes).
        self._same_bytes: ShownFile | None = None
        self.retranslate()

    @property
    def rendered(self) -> Rendered | None:
        """The diff shown, once fully shown (None while one is computed or filled in)."""
        return self.panes.rendered

    @property
    def wrap_chosen(self) -> bool:
        """Whether the user has ticked or cleared "Wrap lines" (no longer set by default)."""
        return self.options.wrap_chosen

    @wrap_chosen.setter
    def wrap_chosen(self, chosen: bool) -> None:
        self.options.wrap_chosen = chosen

    def retranslate(self) -> None:
        """Set every text in the interface language (again, after a language change)."""
        self.summary.retranslate()
        self.navigation.retranslate()
        self.options.retranslate()
        self.overview.setToolTip(self.tr("Changes in the whole file: click to go there"))
        if self._same_bytes is not None and self.left_side is not None:
            self.summary.show_same_bytes(self.left_side, self._same_bytes, self.left_role)
            return
        if self.match is None:
            self.title.setText(self.summary.prompt(self.groups, self.left_role))
            return
        self._show_titles()
        if self.rendered is not None and self.only_changes.isChecked():
            self.refresh()  # the folds' "unchanged lines" markers are part of the text
        elif self.rendered is not None:
            self.summary.show_notices(self.rendered)
            self.summary.show_passages(self.rendered, self.left_role)
        elif self._failure is not None:
            self.summary.show_failure(self._failure)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self.summary.recolour()
            if self.rendered is not None:
                self.summary.show_passages(self.rendered, self.left_role)
        super().changeEvent(event)

    # -- feeding ------------------------------------------------------------------------
    def clear(self) -> None:
        self.generation += 1
        self.match = None
        self._same_bytes = None
        self.panes.rendered = None
        self.panes.clear()
        self.summary.clear(self.groups, self.left_role)
        self.navigation.set_enabled(False)

    def compare(
        self,
        reference: Side,
        match: ShownFile,
        reading: ReadingSettings,
        left_role: LeftSide | None = None,
    ) -> None:
        """Show the diff of the reference against one result row (computed off this thread),
        the texts read as ``reading`` says the scan read them (its bits, documents, scripts,
        and the text its files share widely)."""
        if left_role is not None:
            self.left_role = left_role
        self.reading = reading
        self.left_side = reference
        self.right_side = Side.of(match, reading.documents)
        self.match = match
        if self.options.wrap_by_default(reference.path, match.path):
            self.panes.set_wrap(self.wrap.isChecked(), align=False)
        self._show_titles()
        self.refresh()

    def show_same_bytes(
        self, reference: Side, match: ShownFile, left_role: LeftSide | None = None
    ) -> None:
        """A file with the same bytes as ``reference``, not read as text (an image, an
        archive): said so, with nothing read or diffed."""
        self.clear()
        if left_role is not None:
            self.left_role = left_role
        self.left_side = reference
        self.right_side = Side(match.path, "", match.size, reference.documents, match.format)
        self._same_bytes = match
        self.summary.show_same_bytes(reference, match, self.left_role)

    def _show_titles(self) -> None:
        match = self.match
        if match is None or self.left_side is None or self.right_side is None:
            return
        bits = self.reading.bits
        self.summary.show_titles(match, bits, self.left_side, self.right_side, self.left_role)

    @Slot()
    def refresh(self) -> None:
        if self.left_side is None or self.right_side is None or self.match is None:
            return
        self.generation += 1
        self.panes.rendered = None  # set again once the new diff is fully shown
        self._failure = None
        options = self.reading.diff_options(self.options.diff_options())
        generation, left, right = self.generation, self.left_side, self.right_side
        only_changes = self.only_changes.isChecked()
        common = self.reading.common
        self.tasks.run(
            lambda: compute(left, right, options, only_changes, common),
            lambda rendered: self._on_done(generation, rendered),
            lambda error: self._on_failed(generation, error),
        )
        self.summary.show_comparing()

    def _on_failed(self, generation: int, error: Exception) -> None:
        if generation != self.generation:
            return  # a newer selection has taken over
        self.open_button.setVisible(not isinstance(error, TextAwayError))  # no file to open
        self.panes.clear()
        self.passages_label.setVisible(False)
        self._failure = error
        self.summary.show_failure(error)
        self.navigation.set_enabled(False)

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
            self.summary.show_headers(self.left_side, self.right_side, self.match, self.left_role)
        self._show(generation, rendered, 0)

    def _show(self, generation: int, rendered: Rendered, step: int) -> None:
        """Fill the panes in short steps, each its own turn of the event loop (a newer
        selection abandons the remaining ones), then the summary above them."""
        if generation != self.generation:
            return
        if self.panes.fill(rendered, step):
            self.summary.show_notices(rendered)
            self.summary.show_passages(rendered, self.left_role)
            self.navigation.set_enabled(bool(rendered.changes))
            self.shown.emit(rendered)
            return
        QTimer.singleShot(1, self, lambda: self._show(generation, rendered, step + 1))

    # -- going places -------------------------------------------------------------------
    def current_line(self) -> int:
        return self.panes.current_line()

    @Slot(int, bool)
    def go_to_passage(self, index: int, left: bool = False) -> None:
        """Show where a shared passage starts in one file (the right one unless told)."""
        self.navigation.go_to_passage(index, left)

    @Slot()
    def _open_right(self) -> None:
        if self.right_side is not None and not isinstance(self.right_side.path, GivenText):
            QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(self.right_side.path)))

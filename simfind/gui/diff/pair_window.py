"""Two files side by side in a window of their own, no folder scanned (File → Compare
Two Files…, or two files dropped on the window): the diff view the pages show, fed with
the pair's figures as a scan would give them (core.compare.pair)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from simfind.core.base.errors import InputError
from simfind.core.base.shown import shown_path
from simfind.core.compare.pair import TwoTexts, compare_two
from simfind.core.compare.reading import ReadingSettings
from simfind.core.scan.match import file_match
from simfind.core.text.features import FeatureSettings
from simfind.gui.base.resources import APP_NAME
from simfind.gui.base.wording import words
from simfind.gui.diff.rendering import MAX_DIFF_BYTES, Side
from simfind.gui.diff.summary import LeftSide
from simfind.gui.diff.view import DiffView
from simfind.gui.work.tasks import TaskRunner

#: The window's size when it opens.
PAIR_SIZE = (1100, 700)


class PairWindow(QDialog):
    """The diff of two files, with their similarity, holds, held and distance."""

    def __init__(
        self,
        left: Path,
        right: Path,
        settings: FeatureSettings,
        documents: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowFlag(Qt.WindowType.WindowMaximizeButtonHint)
        self.left, self.right = left, right
        self.settings, self.documents = settings, documents
        self.found: TwoTexts | None = None
        self.error: Exception | None = None
        self.diff_view = DiffView(self)
        self.diff_view.left_role = LeftSide.FIRST_FILE
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.diff_view, 1)
        layout.addWidget(buttons)
        self.resize(*PAIR_SIZE)
        self.tasks = TaskRunner(self)
        self.retranslate()
        self.tasks.run(
            lambda: compare_two(left, right, settings, MAX_DIFF_BYTES, documents),
            self._on_compared,
            self._on_failed,
        )
        self.diff_view.summary.show_comparing(alone=True)

    def retranslate(self) -> None:
        #: The title of the window that compares two files: "a.txt ↔ b.docx — simfind".
        left, right = shown_path(self.left.name), shown_path(self.right.name)
        pair = self.tr("{left} ↔ {right}").format(left=left, right=right)
        self.setWindowTitle(f"{pair} \N{EM DASH} {APP_NAME}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    @Slot(TwoTexts)
    def _on_compared(self, found: TwoTexts) -> None:
        """Show the diff, titled with the pair's figures (the diff pane measures the same)."""
        self.found = found
        exact = found.shares
        try:
            info = self.right.stat()
            size, mtime_ns, ino = info.st_size, info.st_mtime_ns, info.st_ino
        except OSError:
            size, mtime_ns, ino = 0, 0, 0
        match = file_match(
            path=self.right,
            rel=self.right.name,
            size=size,
            mtime_ns=mtime_ns,
            encoding=found.right.encoding,
            fingerprint=0,
            # No words to fingerprint in one of them: as far apart as fingerprints go.
            distance=found.bits if found.distance is None else found.distance,
            similarity=exact.similarity,
            format=found.right.format,
            ino=ino,
            reference_in_file=exact.first_in_second,
            file_in_reference=exact.second_in_first,
            identical=found.identical,
        )
        try:
            left_size = self.left.stat().st_size
        except OSError:
            left_size = 0
        side = Side(self.left, found.left.encoding, left_size, self.documents, found.left.format)
        reading = ReadingSettings(found.bits, self.documents, self.settings.fold_scripts)
        self.diff_view.compare(side, match, reading, LeftSide.FIRST_FILE)

    def _on_failed(self, error: Exception) -> None:
        self.error = error
        if isinstance(error, InputError):
            why = words.input_problem(error)
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        self.diff_view.summary.show_failed(why)


__all__ = ["PairWindow"]

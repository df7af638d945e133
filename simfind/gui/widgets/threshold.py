"""The similarity from which files are called similar, in the user's hands, over a histogram.

A spin box sets the threshold (whole per cent); beside it a small histogram of
the similarities the last scan measured, the threshold drawn across it and
the bars at or above it in the colour of the table's similar rows, so a user
sees where the near-duplicates separate from the rest before choosing.
Changing the threshold re-marks what was found; nothing is scanned again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal, Slot
from PySide6.QtGui import QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QWidget

from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.linkage.grouping import Compared
from simfind.gui.base.colours import colours_for
from simfind.gui.work.aside import Aside
from simfind.gui.work.tasks import TaskRunner

# Bins of the histogram: 5 % each.
BINS = 20
# From this many similarities, they are counted on a pool thread (set_similarities_aside).
COUNT_ASIDE_FROM = 200_000


def bin_counts(similarities: Similarities) -> list[int]:
    """How many similarities fall in each 5 % bin (1.0 in the last)."""
    values = np.clip(np.asarray(similarities, dtype=np.float64), 0.0, 1.0)
    bins = np.minimum((values * BINS).astype(np.int64), BINS - 1)
    counts: list[int] = np.bincount(bins, minlength=BINS).tolist()
    return counts


class SimilarityHistogram(QWidget):
    """How many files the scan found at each similarity, the threshold drawn across."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.counts = [0] * BINS
        self.threshold = DEFAULT_THRESHOLD
        policy = QSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        policy.setRetainSizeWhenHidden(True)  # the row's other widgets stay where they are
        self.setSizePolicy(policy)
        self.setVisible(False)  # an empty box says nothing: shown once there are files

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(6 * BINS + 4, 26)

    def set_values(self, similarities: Similarities) -> None:
        self.set_counts(bin_counts(similarities))

    def set_counts(self, counts: list[int]) -> None:
        """Show these counts, one a bin (``bin_counts``)."""
        self.counts = counts
        self.setVisible(any(counts))
        self._describe()
        self.update()

    def set_threshold(self, threshold: float) -> None:
        self.threshold = threshold
        self._describe()
        self.update()

    def above(self) -> int:
        """Files at or above the threshold (by their bins)."""
        first = round(self.threshold * BINS)
        return sum(self.counts[first:])

    def _describe(self) -> None:
        total = sum(self.counts)
        #: The tooltip of the histogram of similarities beside the threshold.
        text = self.tr(
            "The similarities of the {total} files compared: {above} at or above "
            "{threshold} %, {below} below"
        ).format(
            total=total,
            above=self.above(),
            threshold=round(self.threshold * 100),
            below=total - self.above(),
        )
        self.setToolTip(text)
        self.setAccessibleDescription(text)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self._describe()
        super().changeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        area = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        palette = self.palette()
        painter.fillRect(area, palette.color(QPalette.ColorRole.Base))
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawRect(area)
        width = area.width() / BINS
        peak = max(self.counts) if any(self.counts) else 1
        scale = (area.height() - 2) / np.log1p(peak)
        # The bars at or above the threshold in the similar rows' green.
        colours = colours_for(palette)
        first = round(self.threshold * BINS)
        painter.setPen(Qt.PenStyle.NoPen)
        for index, count in enumerate(self.counts):
            if not count:
                continue
            height = max(2.0, float(np.log1p(count) * scale))
            bar = QRectF(
                area.left() + index * width + 0.5, area.bottom() - height, width - 1, height
            )
            painter.fillRect(bar, colours.similar if index >= first else colours.other_bars)
        line = area.left() + self.threshold * area.width()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Text), 1.5))
        painter.drawLine(int(line), int(area.top()), int(line), int(area.bottom()))
        painter.end()


class ThresholdControl(QWidget):
    """ "Similar from: [50 %]" and the histogram of the last scan's similarities."""

    # The threshold, as a share (0.05 to 1.0), each time the user changes it.
    changed = Signal(float)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.box = QSpinBox()
        self.box.setRange(5, 100)
        self.box.setSingleStep(5)
        self.box.setValue(round(DEFAULT_THRESHOLD * 100))
        self.box.setSuffix(" %")
        self.label.setBuddy(self.box)
        self.histogram = SimilarityHistogram()
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.box)
        layout.addWidget(self.histogram)
        self.box.valueChanged.connect(self._on_value)
        self._aside: Aside | None = None
        self.retranslate()

    def retranslate(self) -> None:
        #: Before the threshold: files at or above it are called similar (and can be marked).
        self.label.setText(self.tr("Similar from:"))
        self.box.setToolTip(
            self.tr(
                "Files at least this similar are called similar and marked green. "
                "Similarity is the share of the two texts that is the same"
            )
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def value(self) -> float:
        return self.box.value() / 100

    def set_value(self, threshold: float) -> None:
        """Show a threshold (a remembered one) without announcing a change."""
        self.box.blockSignals(True)
        self.box.setValue(round(min(1.0, max(0.05, threshold)) * 100))
        self.box.blockSignals(False)
        self.histogram.set_threshold(self.value())

    def set_similarities(self, similarities: Similarities) -> None:
        if self._aside is not None:
            self._aside.drop()
        self.histogram.set_values(similarities)

    def show_pairs(self, found: Compared | None, tasks: TaskRunner) -> None:
        """The similarities of a grouping's pairs (none: an empty histogram)."""
        if found is None:
            self.set_similarities([])
        else:
            verified = found.verified
            self.set_similarities_aside(verified.similarities, len(verified), tasks)

    def set_similarities_aside(
        self, similarities: Callable[[], Similarities], count: int, tasks: TaskRunner
    ) -> None:
        """Show ``similarities()``, ``count`` of them: counted on a pool thread where they
        are many (3.7 million pairs' took 90 ms, a grouping's array of them read out 30 ms
        more), the histogram shown as it was until then."""
        if self._aside is None:
            self._aside = Aside(tasks, self)
        self._aside.run(
            lambda: bin_counts(similarities()),
            self.histogram.set_counts,
            now=count < COUNT_ASIDE_FROM,
        )

    @Slot(int)
    def _on_value(self, _value: int) -> None:
        self.histogram.set_threshold(self.value())
        self.changed.emit(self.value())


__all__ = [
    "COUNT_ASIDE_FROM",
    "Similarities",
    "SimilarityHistogram",
    "ThresholdControl",
    "bin_counts",
]

#: Similarities to count: a list, or a grouping's array of them (verified.VerifiedPairs).
Similarities = Sequence[float] | np.typing.NDArray[np.float64]

"""The scan's options, folded under the inputs: fingerprint size, the ranking, which files,
the cache."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QFrame, QGridLayout, QLabel, QLineEdit, QWidget

from simfind.core.runs.jobs import default_jobs
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Ranking, RankOptions
from simfind.core.scan.walk import WalkOptions
from simfind.core.text.features import FeatureSettings


def split_patterns(text: str) -> tuple[str, ...]:
    """Patterns as typed: separated by spaces or commas."""
    return tuple(p for p in text.replace(",", " ").split() if p)


#: The ranking box's first entry: RankOptions.short_by_containment.
AUTOMATIC = "automatic"


class OptionsPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QGridLayout(self)
        self.bits_box = QComboBox()
        self.bits_box.addItem("", 64)
        self.bits_box.addItem("", 128)
        self.include_field = QLineEdit()
        self.exclude_field = QLineEdit()
        self.hidden_box = QCheckBox()
        self.links_box = QCheckBox()
        self.cache_box = QCheckBox()
        self.cache_box.setChecked(True)
        self.text_only_box = QCheckBox()
        self.fold_scripts_box = QCheckBox()
        self.fold_scripts_box.setChecked(True)
        # The data are the enum's values (plain str): QComboBox hands a str enum back as str.
        self.ranking_box = QComboBox()
        # First and the default: similarity, or containment for a short reference.
        self.ranking_box.addItem("", AUTOMATIC)
        for ranking in Ranking:
            self.ranking_box.addItem("", ranking.value)
        self.ranking_label = QLabel()
        self.ranking_label.setBuddy(self.ranking_box)
        self.bits_label = QLabel()
        self.include_label = QLabel()
        self.exclude_label = QLabel()
        layout.addWidget(self.bits_label, 0, 0)
        layout.addWidget(self.bits_box, 0, 1)
        layout.addWidget(self.hidden_box, 0, 2)
        layout.addWidget(self.include_label, 1, 0)
        layout.addWidget(self.include_field, 1, 1)
        layout.addWidget(self.links_box, 1, 2)
        layout.addWidget(self.exclude_label, 2, 0)
        layout.addWidget(self.exclude_field, 2, 1)
        layout.addWidget(self.cache_box, 2, 2)
        layout.addWidget(self.ranking_label, 3, 0)
        layout.addWidget(self.ranking_box, 3, 1)
        layout.addWidget(self.text_only_box, 3, 2)
        layout.addWidget(self.fold_scripts_box, 4, 2)
        layout.setColumnStretch(1, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.bits_label.setText(self.tr("Fingerprint:"))
        self.bits_box.setItemText(0, self.tr("64 bits"))
        self.bits_box.setItemText(1, self.tr("128 bits (finer)"))
        self.include_label.setText(self.tr("Only files matching:"))
        self.include_field.setPlaceholderText(self.tr("e.g. *.py *.md (all files when empty)"))
        self.exclude_label.setText(self.tr("Leave out:"))
        self.exclude_field.setPlaceholderText(self.tr("e.g. build/ *.min.js"))
        self.hidden_box.setText(self.tr("Include hidden files and folders"))
        self.links_box.setText(self.tr("Follow symbolic links"))
        self.cache_box.setText(self.tr("Remember fingerprints between scans"))
        self.ranking_label.setText(self.tr("Rank by:"))
        self.ranking_box.setItemText(
            self.ranking_box.findData(AUTOMATIC),
            #: The default ranking: a reference far smaller than the folder's files (a
            #: quotation, a pasted paragraph) ranks the files that contain it first.
            self.tr("Automatic (a short reference: the files that contain it first)"),
        )
        self.ranking_box.setItemText(
            self.ranking_box.findData(Ranking.SIMILARITY.value),
            self.tr("Similarity of the whole file"),
        )
        self.ranking_box.setItemText(
            self.ranking_box.findData(Ranking.CONTAINMENT.value), self.tr("Contains the reference")
        )
        self.ranking_box.setToolTip(
            self.tr(
                "“Contains the reference” puts first the files that hold most of the reference "
                "(an excerpt, a quotation, a text pasted into a longer one), however unlike "
                "it they are as a whole"
            )
        )
        self.text_only_box.setText(self.tr("Plain text files only (not Word, PDF, …)"))
        self.text_only_box.setToolTip(
            self.tr(
                "Documents (Word, PowerPoint, OpenDocument, PDF, EPUB, RTF and web pages) are "
                "compared by their text unless this is ticked"
            )
        )

        self.fold_scripts_box.setText(self.tr("Treat Traditional and Simplified as the same"))
        self.fold_scripts_box.setToolTip(
            self.tr(
                "Chinese in Traditional characters is compared as if written in Simplified "
                "(頭髮 as 头发); each file is still shown as written"
            )
        )

    def scan_options(self) -> ScanOptions:
        return ScanOptions(
            features=FeatureSettings(
                bits=int(self.bits_box.currentData()),
                fold_scripts=self.fold_scripts_box.isChecked(),
            ),
            walk=WalkOptions(
                include=split_patterns(self.include_field.text()),
                exclude=split_patterns(self.exclude_field.text()),
                hidden=self.hidden_box.isChecked(),
                follow_links=self.links_box.isChecked(),
            ),
            jobs=default_jobs(),
            rank=RankOptions(
                ranking=self.ranking(),
                short_by_containment=self.ranking_box.currentData() == AUTOMATIC,
            ),
            text_only=self.text_only_box.isChecked(),
        )

    def set_has_reference(self, has: bool) -> None:
        """The ranking is of files against a reference: a search for groups has none."""
        self.ranking_label.setVisible(has)
        self.ranking_box.setVisible(has)

    def ranking(self) -> Ranking:
        """The ranking chosen (Automatic: similarity, unless the reference is short)."""
        value = str(self.ranking_box.currentData())
        return Ranking.SIMILARITY if value == AUTOMATIC else Ranking(value)

    def set_ranking(self, value: str) -> None:
        """Choose a ranking by its value; an unknown one (an older or damaged setting)
        leaves the default."""
        self.ranking_box.setCurrentIndex(max(0, self.ranking_box.findData(value)))

    def use_cache(self) -> bool:
        return self.cache_box.isChecked()

    def set_bits(self, bits: int) -> None:
        self.bits_box.setCurrentIndex(max(0, self.bits_box.findData(bits)))

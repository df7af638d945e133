"""The confirmation before marked files are replaced by hard links to the files kept.

It says plainly what will happen: how many files become hard links to the file
kept in their group, that they then share one copy on disk (editing one edits
them all), how many differ and are left alone, what else is left and why, and
the space it frees. A file whose kept file lies in a reference folder would tie
the two: it is listed apart, said so, and linked only when the user ticks the
box for it. Cancel is the default.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.paths import human_size
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.hard_links import LinkCheck, LinkPair, LinkPreview
from simfind.core.cleanup.moves import FileMove, Outcome
from simfind.gui.base.colours import current
from simfind.gui.base.wording import sentences, words
from simfind.gui.cleanup.move_dialogs import colour_rows, heading_label


class ConfirmLinksDialog(QDialog):
    """Replace these files by hard links? Each with the file it would share; those left
    apart, with why."""

    def __init__(self, preview: LinkPreview, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.preview = preview
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.heading = heading_label()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setColumnCount(3)
        header = self.list.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self._left: list[tuple[QTreeWidgetItem, LinkCheck]] = []
        linked = [c for c in preview.checks if c.verdict is Outcome.DONE]
        tied = [c for c in preview.checks if c.verdict is Outcome.REFERENCE_KEPT]
        rest = [
            c for c in preview.checks if c.verdict not in (Outcome.DONE, Outcome.REFERENCE_KEPT)
        ]
        for check in linked + tied + rest:
            item = self._row(check.pair)
            if check.verdict is not Outcome.DONE:
                self._left.append((item, check))
        self._recolour()
        # Files whose kept file is in a reference folder: linked only if the user ticks it.
        self.tie_to_reference = QCheckBox()
        self.tie_to_reference.setVisible(bool(tied))
        self.tie_to_reference.toggled.connect(self._update)
        self.buttons = QDialogButtonBox()
        self.replace_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        # Enter cancels: replacing takes a click.
        self.cancel_button.setDefault(True)
        self.cancel_button.setFocus()
        self.replace_button.setAutoDefault(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.tie_to_reference)
        layout.addWidget(self.buttons)
        self.resize(820, 460)
        self.retranslate()

    def _row(self, pair: LinkPair) -> QTreeWidgetItem:
        kept = shown_path(pair.kept) if pair.kept is not None else ""
        item = QTreeWidgetItem([shown_path(pair.duplicate), kept, human_size(pair.size)])
        item.setToolTip(0, shown_path(pair.duplicate))
        item.setToolTip(1, kept)
        item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.list.addTopLevelItem(item)
        return item

    def pairs(self) -> list[LinkPair]:
        """Every pair, each as compared here: each is compared again as it is replaced, and
        those left are logged."""
        return [check.pair for check in self.preview.checks]

    def ties_to_reference(self) -> bool:
        """Whether the user agreed to link files to kept files in reference folders."""
        return not self.tie_to_reference.isHidden() and self.tie_to_reference.isChecked()

    def linked(self) -> int:
        """How many files would become links, as the dialog stands."""
        tied = self.preview.count(Outcome.REFERENCE_KEPT) if self.ties_to_reference() else 0
        return self.preview.count() + tied

    def retranslate(self) -> None:
        tied = self.preview.count(Outcome.REFERENCE_KEPT)
        self.setWindowTitle(self.tr("Replace by Hard Links"))
        self.replace_button.setText(self.tr("&Replace"))
        self.list.setHeaderLabels([self.tr("File"), self.tr("Becomes a link to"), self.tr("Size")])
        self.tie_to_reference.setText(
            self.tr(
                "Link the %n file(s) whose kept file is in a reference folder too (editing "
                "one would then edit the reference)",
                "",
                tied,
            )
        )
        for item, check in self._left:
            record = FileMove(check.pair.duplicate, check.pair.kept, check.verdict, 0, check.error)
            why = words.move_outcome(record, linking=True)
            if check.verdict is Outcome.REFERENCE_KEPT:
                #: A file that would become a link to a file in a reference folder.
                why = self.tr("would tie to a reference folder")
            flagged = self.tr("{path} — {why}").format(
                path=shown_path(check.pair.duplicate), why=why
            )
            item.setText(0, flagged)
            item.setToolTip(0, flagged)
        self._update()

    @Slot()
    def _update(self) -> None:
        preview = self.preview
        linked = self.linked()
        tied = preview.count(Outcome.REFERENCE_KEPT)
        differ = preview.count(Outcome.DIFFERENT)
        other = len(preview.checks) - preview.count() - tied - differ
        freed = preview.freed_with_reference if self.ties_to_reference() else preview.freed
        self.heading.setText(
            self.tr("Replace %n file(s) by hard links to the file kept in their group?", "", linked)
        )
        lines = [
            sentences(
                self.tr(
                    "Each becomes another name for the kept file (it has the same bytes): "
                    "they then share one copy on disk, so editing one of them edits them all."
                ),
                self.tr("The kept files do not change. This frees {size}.").format(
                    size=human_size(freed)
                ),
            )
        ]
        if tied and not self.ties_to_reference():
            lines.append(
                self.tr(
                    "%n file(s) have the bytes of a file in a reference folder (in orange): as "
                    "links, editing one would edit the reference, so they are left as they are "
                    "unless you tick the box.",
                    "",
                    tied,
                )
            )
        elif tied:
            lines.append(
                self.tr(
                    "%n file(s) become links to files in reference folders: editing one of "
                    "them edits the reference.",
                    "",
                    tied,
                )
            )
        if differ:
            lines.append(
                self.tr(
                    "%n file(s) differ from the kept file and are left as they are.", "", differ
                )
            )
        if other:
            lines.append(self.tr("%n other file(s) are left as they are (in grey).", "", other))
        lines.append(
            sentences(
                self.tr(
                    "Each file is compared byte by byte with its kept file again as it is "
                    "replaced: where either changed meanwhile, it is left as it is. Undo makes "
                    "them independent copies again, with their permissions and modified times."
                ),
                self.tr("Every file is written in the log."),
            )
        )
        self.note.setText("\n".join(lines))
        self.replace_button.setEnabled(linked > 0)

    def _recolour(self) -> None:
        """Files tied to a reference folder in orange, the others left apart in grey: for
        the palette in use (again after a theme change)."""
        colours = current()
        tied = [item for item, c in self._left if c.verdict is Outcome.REFERENCE_KEPT]
        apart = [item for item, c in self._left if c.verdict is not Outcome.REFERENCE_KEPT]
        colour_rows(tied, colours.attention)
        colour_rows(apart, colours.dimmed)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self._recolour()
        super().changeEvent(event)


__all__ = ["ConfirmLinksDialog"]

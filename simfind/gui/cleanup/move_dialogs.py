"""What the user sees of moving files: the one confirmation before, the bar that reports after.

The confirmation lists every file and the space they take. Files that changed
since they were scanned are listed apart and move only if the user ticks the
box for them, having seen them; files whose kept file (the file of their group
that stays) changed or vanished since, and files no longer there, are listed as
such and stay.
Files from several folders moved to a folder keep their folders there when the
box for it is ticked (structure.py): the dialog names the folder they keep
their places below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.paths import human_size
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.lacking import Lacking
from simfind.core.cleanup.moves import Action, FileState, MoveReport, Outcome, PlannedFile
from simfind.core.cleanup.structure import several_folders, structure_root
from simfind.gui.base.colours import current
from simfind.gui.base.wording import sentences, words

#: The confirmation names at most this many files with text their kept file lacks.
LACKING_SHOWN = 5


@dataclass(frozen=True)
class LookedAt:
    """A marked file, looked at again just before the confirmation."""

    planned: PlannedFile  # as it was scanned
    state: FileState
    now: PlannedFile | None  # as it is now (None: gone)


def colour_rows(items: Sequence[QTreeWidgetItem], colour: QColor) -> None:
    """The text of these rows in a colour of its own (every column)."""
    for item in items:
        for column in range(item.columnCount()):
            item.setForeground(column, QBrush(colour))


def colour_warning(label: QLabel) -> None:
    """A label's text in the warning colour of the palette in use."""
    palette = QPalette()  # no role of its own but this one: the rest follows the dialog's
    palette.setColor(QPalette.ColorRole.WindowText, current().warning)
    label.setPalette(palette)


def heading_label() -> QLabel:
    """A confirmation's question: bold, a little larger, wrapped."""
    label = QLabel()
    font = QFont(label.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.15)
    label.setFont(font)
    label.setWordWrap(True)
    return label


class ConfirmMoveDialog(QDialog):
    """Move these files? Lists them with the space they take; Cancel is the default."""

    def __init__(
        self,
        action: Action,
        folder: Path | None,
        files: Sequence[LookedAt],
        whole_groups: int = 0,
        parent: QWidget | None = None,
        keep_folders: bool = True,
        lacking: Sequence[Lacking] = (),
    ) -> None:
        """``keep_folders``: whether files from several folders keep them, at first;
        ``lacking``: marked files with text their kept file lacks (core.cleanup.lacking)."""
        super().__init__(parent)
        self.action, self.folder = action, folder
        self.unchanged = [f.planned for f in files if f.state is FileState.UNCHANGED]
        self.changed = [f.now for f in files if f.state is FileState.CHANGED and f.now is not None]
        self.kept_changed = [f.planned for f in files if f.state is FileState.KEPT_CHANGED]
        self.vanished = [f.planned for f in files if f.now is None]
        self.whole_groups = whole_groups
        moving = {f.path for f in self.unchanged + self.changed}
        self.lacking = [f for f in lacking if f.path in moving]
        self.setWindowModality(Qt.WindowModality.WindowModal)

        self.heading = heading_label()
        self.where = QLabel()
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setVisible(whole_groups > 0)
        # Marked files with text their kept file lacks: named, and kept if the box is ticked.
        self.lacking_note = QLabel()
        self.lacking_note.setWordWrap(True)
        self.lacking_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.lacking_note.setVisible(bool(self.lacking))
        self.keep_lacking = QCheckBox()
        self.keep_lacking.setVisible(bool(self.lacking))
        self.keep_lacking.toggled.connect(self._update)

        self.list = QTreeWidget()
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.setColumnCount(2)
        self.list.header().setStretchLastSection(False)
        self.list.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Sized from every row (_fit_sizes): fitting its contents measured the rows in view
        # only, and cut a larger size further down.
        self.list.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.list.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self._changed_items: list[QTreeWidgetItem] = []
        self._kept_items: list[QTreeWidgetItem] = []
        self._vanished_items: list[QTreeWidgetItem] = []
        for planned in self.unchanged:
            self._row(planned)
        for planned in self.changed:
            self._changed_items.append(self._row(planned))
        for planned in self.kept_changed:
            self._kept_items.append(self._row(planned))
        for planned in self.vanished:
            self._vanished_items.append(self._row(planned))
        self._recolour()

        self.include_changed = QCheckBox()
        self.include_changed.setVisible(bool(self.changed))
        self.include_changed.toggled.connect(self._update)
        # Files from several folders moved to one: each keeps its folders there.
        self.keep_folders = QCheckBox()
        self.keep_folders.setChecked(keep_folders)
        self.keep_folders.setVisible(
            action is Action.MOVE
            and several_folders([f.path for f in self.unchanged + self.changed])
        )
        self.keep_folders.toggled.connect(self._update)

        self.buttons = QDialogButtonBox()
        self.move_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        # Enter cancels: moving takes a click (or Alt and the button's letter).
        self.cancel_button.setDefault(True)
        self.cancel_button.setFocus()
        self.move_button.setAutoDefault(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.where)
        layout.addWidget(self.note)
        layout.addWidget(self.warning)
        layout.addWidget(self.lacking_note)
        layout.addWidget(self.keep_lacking)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.include_changed)
        layout.addWidget(self.keep_folders)
        layout.addWidget(self.buttons)
        self.resize(720, 440)
        self.retranslate()

    def _row(self, planned: PlannedFile) -> QTreeWidgetItem:
        item = QTreeWidgetItem([shown_path(planned.path), human_size(planned.size)])
        item.setToolTip(0, shown_path(planned.path))
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.list.addTopLevelItem(item)
        return item

    def _recolour(self) -> None:
        """Changed files in orange, those gone or whose kept file changed in grey, the
        warning in its colour: for the palette in use (again after a theme change)."""
        colours = current()
        colour_rows(self._changed_items, colours.attention)
        colour_rows(self._kept_items + self._vanished_items, colours.dimmed)
        colour_warning(self.warning)
        colour_warning(self.lacking_note)

    def files(self) -> list[PlannedFile]:
        """What moves if the user confirms: changed files as they are now, if ticked."""
        moved = list(self.unchanged)
        if self.include_changed.isChecked():
            moved += self.changed
        if self.keep_lacking.isChecked():
            kept = {f.path for f in self.lacking}
            moved = [f for f in moved if f.path not in kept]
        return moved

    def keeps_folders(self) -> bool:
        """Whether the files keep their folders below the destination."""
        return not self.keep_folders.isHidden() and self.keep_folders.isChecked()

    def retranslate(self) -> None:
        trash = self.action is Action.TRASH
        self.keep_folders.setText(self.tr("Keep each file's folders inside the destination"))
        self.setWindowTitle(self.tr("Move to the Trash") if trash else self.tr("Move to a Folder"))
        self.move_button.setText(self.tr("&Move to Trash") if trash else self.tr("&Move"))
        self.list.setHeaderLabels([self.tr("File"), self.tr("Size")])
        self._fit_sizes()
        count = len(self.changed)
        self.include_changed.setText(
            self.tr("Move the %n file(s) that changed since the scan too", "", count)
        )
        for item in self._changed_items:
            item.setText(0, self._flagged(item, self.tr("changed since the scan")))
        for item in self._kept_items:
            why = self.tr("the file kept for it changed since the scan; left out")
            item.setText(0, self._flagged(item, why))
        for item in self._vanished_items:
            item.setText(0, self._flagged(item, self.tr("no longer there; left out")))
        self.warning.setText(
            self.tr(
                "In %n group(s) every file is marked: no copy of them would be left here.",
                "",
                self.whole_groups,
            )
        )
        self.keep_lacking.setText(
            self.tr("Keep these %n file(s): leave them where they are", "", len(self.lacking))
        )
        self.lacking_note.setText(self._lacking_text())
        self._update()

    def _lacking_text(self) -> str:
        lines = [
            self.tr(
                "%n marked file(s) hold text the file kept in their group lacks:",
                "",
                len(self.lacking),
            )
        ]
        for found in self.lacking[:LACKING_SHOWN]:
            #: A marked file, how many of its words the kept file lacks, and the kept file.
            line = self.tr("{path}: %n word(s) not in {kept}", "", found.words)
            lines.append(line.format(path=shown_path(found.path), kept=shown_path(found.kept)))
        if len(self.lacking) > LACKING_SHOWN:
            more = len(self.lacking) - LACKING_SHOWN
            lines.append(self.tr("and %n more", "", more))
        return "\n".join(lines)

    def _fit_sizes(self) -> None:
        """The Size column as wide as its widest size or its header, whichever is wider."""
        header = self.list.header()
        items = (self.list.topLevelItem(i) for i in range(self.list.topLevelItemCount()))
        metrics = self.list.fontMetrics()
        sizes = (metrics.horizontalAdvance(item.text(1)) for item in items if item is not None)
        widest = max(sizes, default=0)
        margin = 2 * self.list.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 12
        header_width = header.fontMetrics().horizontalAdvance(self.tr("Size")) + 2 * margin
        header.resizeSection(1, max(widest + margin, header_width))

    def _flagged(self, item: QTreeWidgetItem, why: str) -> str:
        #: A file in the confirmation's list, and why it stands apart.
        return self.tr("{path} — {why}").format(path=item.toolTip(0), why=why)

    @Slot()
    def _update(self) -> None:
        files = self.files()
        size = human_size(sum(f.size for f in files))
        if self.action is Action.TRASH:
            heading = self.tr("Move %n file(s) ({size}) to the Trash?", "", len(files))
            self.where.setVisible(False)
            note = self.tr("The system's Trash keeps them until it is emptied; restore them there.")
        else:
            heading = self.tr("Move %n file(s) ({size}) to this folder?", "", len(files))
            self.where.setText(shown_path(self.folder or ""))
            self.where.setVisible(True)
            note = self.tr(
                "A name already taken there gets a number. Undo puts the files back where they "
                "were."
            )
        self.heading.setText(heading.format(size=size))
        lines = [sentences(note, self.tr("Every file moved is written in the log."))]
        root = structure_root([f.path for f in files]) if self.keeps_folders() else None
        if root is not None and self.folder is not None:
            # A file in a folder below the root shows what keeping them means.
            example = next((f.path for f in files if f.path.parent != root), files[0].path)
            lines.append(
                self.tr(
                    "Each file keeps its place below {root}: {file} goes to {target}. "
                    "Undo removes the folders made there once they are empty."
                ).format(
                    root=shown_path(root),
                    file=shown_path(example),
                    target=shown_path(self.folder / example.relative_to(root)),
                )
            )
        if self.changed and not self.include_changed.isChecked():
            lines.append(
                self.tr(
                    "Files that changed since the scan (in orange) stay unless you tick the box."
                )
            )
        if self.kept_changed:
            lines.append(
                self.tr(
                    "%n file(s) stay: the file kept in their group changed or is gone since "
                    "the scan (in grey). Scan again to compare them anew.",
                    "",
                    len(self.kept_changed),
                )
            )
        self.note.setText("\n".join(lines))
        self.move_button.setEnabled(bool(files))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif event.type() == QEvent.Type.PaletteChange:
            self._recolour()
        super().changeEvent(event)


class MoveBar(QFrame):
    """Above the results: a move's progress, then how many files went where, the log, Undo."""

    undo_requested = Signal()
    details_requested = Signal()
    log_requested = Signal()
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("MoveBar { background: palette(alternate-base); }")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.stop_button = QPushButton()
        self.undo_button = QPushButton()
        self.details_button = QPushButton()
        self.log_button = QPushButton()
        self.close_button = QPushButton("✕")
        self.close_button.setFlat(True)
        self.close_button.setFixedWidth(self.close_button.fontMetrics().horizontalAdvance("✕") + 16)
        self.stop_button.clicked.connect(self.stop_requested)
        self.undo_button.clicked.connect(self.undo_requested)
        self.details_button.clicked.connect(self.details_requested)
        self.log_button.clicked.connect(self.log_requested)
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.message, 1)
        for button in (
            self.stop_button,
            self.undo_button,
            self.details_button,
            self.log_button,
            self.close_button,
        ):
            layout.addWidget(button)
        self._report: MoveReport | None = None
        self._undoable = False
        self._progress: tuple[Action, int, int] | None = None
        self._undoing: Action | None = None
        self._wanted = False  # it has something to say
        self._here = True  # the tab shown is one it speaks of
        self.setVisible(False)
        self.retranslate()

    def show_progress(self, action: Action, done: int, total: int) -> None:
        if self._report is not None:  # an undo's progress: of what the bar told of
            self._undoing = self._report.action
        self._report, self._progress = None, (action, done, total)
        self.retranslate()
        self._show(True)

    def show_report(self, report: MoveReport, undoable: bool) -> None:
        self._report, self._progress = report, None
        self._undoable = undoable
        self.retranslate()
        self._show(True)

    def dismiss(self) -> None:
        """Closed: it says nothing more until the next move."""
        self._show(False)

    def set_here(self, here: bool) -> None:
        """Whether the tab shown is one whose files it speaks of (the lines tab moves none):
        away from them it hides, and comes back with them."""
        self._here = here
        self.setVisible(self._wanted and here)

    def _show(self, wanted: bool) -> None:
        self._wanted = wanted
        self.setVisible(wanted and self._here)

    @property
    def report(self) -> MoveReport | None:
        return self._report

    def retranslate(self) -> None:
        self.stop_button.setText(self.tr("Stop"))
        self.undo_button.setText(self.tr("&Undo"))
        self.details_button.setText(self.tr("Details…"))
        self.log_button.setText(self.tr("Open the Log"))
        self.close_button.setToolTip(self.tr("Close"))
        report, progress = self._report, self._progress
        self.stop_button.setVisible(progress is not None)
        self.undo_button.setVisible(report is not None and self._undoable)
        self.details_button.setVisible(report is not None and len(report.records) > report.count())
        self.log_button.setVisible(report is not None and report.journal is not None)
        self.close_button.setVisible(progress is None)
        if progress is not None:
            action, done, total = progress
            if action is Action.UNDO and self._undoing is Action.LINK:
                text = self.tr("Making copies again… {done} of {total}")
            elif action is Action.UNDO:
                text = self.tr("Putting files back… {done} of {total}")
            elif action is Action.LINK:
                text = self.tr("Replacing files by hard links… {done} of {total}")
            else:
                text = self.tr("Moving files… {done} of {total}")
            self.message.setText(text.format(done=done, total=total))
        elif report is not None:
            self.message.setText(self.report_text(report))

    def report_text(self, report: MoveReport) -> str:
        done = report.count()
        size = human_size(report.bytes_moved)
        if report.action is Action.TRASH:
            text = self.tr("Moved %n file(s) ({size}) to the Trash.", "", done).format(size=size)
        elif report.action is Action.MOVE:
            text = self.tr("Moved %n file(s) ({size}) to {folder}.", "", done).format(
                size=size, folder=shown_path(report.folder or "")
            )
        elif report.action is Action.LINK:
            text = self.tr(
                "Replaced %n file(s) by hard links to the kept files, freeing {size}.", "", done
            ).format(size=human_size(report.freed))
        elif report.undid is Action.LINK:
            text = self.tr("Made %n file(s) independent copies again.", "", done)
        else:
            text = self.tr("Put %n file(s) back where they were.", "", done)
        left = len(report.records) - done
        not_done = ""
        if left and report.undid is Action.LINK:
            not_done = self.tr("%n file(s) could not be made copies again (see Details).", "", left)
        elif left and report.action is Action.LINK:
            not_done = self.tr("%n file(s) were not replaced (see Details).", "", left)
        elif left and report.action is Action.UNDO:
            not_done = self.tr("%n file(s) could not be put back (see Details).", "", left)
        elif left:
            not_done = self.tr("%n file(s) were not moved (see Details).", "", left)
        log = ""
        if report.journal is not None:
            log = self.tr("Logged in {path}").format(path=shown_path(report.journal))
        elif report.journal_error is not None:
            log = self.tr("The log could not be written: {error}").format(
                error=words.os_error(report.journal_error)
            )
        return sentences(text, not_done, log)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


def not_moved_lines(report: MoveReport) -> list[str]:
    """Each file not moved (or not put back), with why, one a line."""
    lines = []
    linking = Action.LINK in (report.action, report.undid)
    for record in report.records:
        if record.outcome is Outcome.DONE:
            continue
        path = record.destination if report.action is Action.UNDO else record.source
        why = words.move_outcome(record, linking)
        lines.append(f"{shown_path(path or record.source)} — {why}")
    return lines


__all__ = ["ConfirmMoveDialog", "LookedAt", "MoveBar", "not_moved_lines"]

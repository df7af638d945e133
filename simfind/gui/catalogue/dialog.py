"""File → Make a Catalogue…: folders and a target .simcat chosen, the catalogue written on
the window's work lane (progress, Cancel), what it holds said at the end; File → Update a
Catalogue… brings one up to date in the same dialog (only new and changed files read).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QDir, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import InputError, InputProblem
from simfind.core.base.paths import absolute
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.core.cache.catalogue_store import SUFFIX
from simfind.core.runs.progress import Progress
from simfind.core.scan.inputs import check_folder, check_output
from simfind.core.scan.options import ScanOptions
from simfind.gui.base.catalogue_words import Written, catalogue_filter, catalogue_words
from simfind.gui.base.wording import words
from simfind.gui.work.tasks import Job, TaskRunner

#: The lane's key of the catalogue being written (one at a time).
_KEY = "catalogue"


@dataclass(frozen=True)
class Settings:
    """What the catalogue is made with: the scan options shown, the cache, the pool."""

    options: Callable[[], ScanOptions]
    use_cache: Callable[[], bool]
    executor: Callable[[], Executor | None]


def _write(
    job: Job[Written],
    roots: list[Path],
    output: Path,
    options: ScanOptions,
    settings: tuple[bool, Executor | None, bool],
    update: bool,
) -> Written:
    """On a pool thread: the catalogue made (or updated), and its file's size."""
    from simfind.core.cache.fingerprints import open_cache
    from simfind.core.catalogue.making import make_catalogue, update_catalogue
    from simfind.core.scan.context import ScanContext

    use_cache, executor, with_texts = settings
    cache = open_cache() if use_cache else None
    try:
        context = ScanContext(job.report, job.token, executor, cache)
        if update:
            made = update_catalogue(output, options, context)
        else:
            made = make_catalogue(roots, output, options, context, with_texts)
    finally:
        if cache is not None:
            cache.close()
    try:
        written = 0 if made.cancelled else output.stat().st_size
    except OSError:
        written = 0
    return Written(made, written, update)


class CatalogueDialog(QDialog):
    """Folders (or, updating, a catalogue) and a target; Make writes it off this thread."""

    #: The catalogue is written (or the update done, or cancelled): what it did.
    written = Signal(Written)

    def __init__(
        self,
        tasks: TaskRunner,
        settings: Settings,
        update: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.settings = settings
        self.updating = update
        self.job: Job[Written] | None = None
        self.resize(640, 420)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.folders = QListWidget()
        self.folders.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.add_button = QPushButton()
        self.remove_button = QPushButton()
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        self.target_label = QLabel()
        self.target = QLineEdit()
        self.target.setClearButtonEnabled(True)
        self.target_label.setBuddy(self.target)
        self.browse_button = QPushButton()
        self.browse_button.clicked.connect(self._on_browse)
        self.with_texts = QCheckBox()
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.setTextInteractionFlags(self.outcome.textInteractionFlags())
        self.make_button = QPushButton()
        self.make_button.setDefault(True)
        self.make_button.clicked.connect(self._on_make_or_cancel)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.reject)

        folder_buttons = QVBoxLayout()
        folder_buttons.addWidget(self.add_button)
        folder_buttons.addWidget(self.remove_button)
        folder_buttons.addStretch(1)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folders, 1)
        folder_row.addLayout(folder_buttons)
        target_row = QGridLayout()
        target_row.addWidget(self.target_label, 0, 0)
        target_row.addWidget(self.target, 0, 1)
        target_row.addWidget(self.browse_button, 0, 2)
        target_row.setColumnStretch(1, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.make_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        self.folder_widgets = QWidget()
        folder_layout = QVBoxLayout(self.folder_widgets)
        folder_layout.setContentsMargins(0, 0, 0, 0)
        folder_layout.addLayout(folder_row)
        layout.addWidget(self.folder_widgets, 1)
        layout.addLayout(target_row)
        layout.addWidget(self.with_texts)
        layout.addWidget(self.progress)
        layout.addWidget(self.outcome)
        if update:  # the catalogue knows its folders and whether it keeps the texts
            self.folder_widgets.setVisible(False)
            self.with_texts.setVisible(False)
            layout.addStretch(1)
        layout.addLayout(buttons)
        self.folders.itemSelectionChanged.connect(self._update_buttons)
        self.retranslate()
        self._update_buttons()

    def retranslate(self) -> None:
        if self.updating:
            self.setWindowTitle(self.tr("Update a Catalogue"))
            self.intro.setText(
                self.tr(
                    "Bring a catalogue up to date: its folders are walked again and only the "
                    "files that are new or changed are read. Its drive must be plugged in."
                )
            )
            self.target_label.setText(self.tr("&Catalogue:"))
        else:
            self.setWindowTitle(self.tr("Make a Catalogue"))
            self.intro.setText(
                self.tr(
                    "A catalogue is one file describing the text files of folders (a backup "
                    "drive, a USB stick, a share): their fingerprints, sizes and hashes. "
                    "Compare with it, or search it for groups, while the drive is away: give "
                    "the .simcat where a folder goes."
                )
            )
            self.target_label.setText(self.tr("&Write to:"))
        self.target.setPlaceholderText(self.tr("The catalogue file (.simcat)"))
        self.add_button.setText(self.tr("Add Folder…"))
        self.remove_button.setText(self.tr("Remove"))
        self.browse_button.setText(self.tr("Browse…"))
        self.with_texts.setText(self.tr("&Keep the texts too (compressed)"))
        self.with_texts.setToolTip(
            self.tr(
                "With the texts, the figures are exact and the diff is shown while the drive "
                "is away; without them the catalogue is much smaller and its figures are "
                "estimates from the fingerprints"
            )
        )
        self.close_button.setText(self.tr("Close"))
        self._word_make()

    def _word_make(self) -> None:
        if self.job is not None:
            self.make_button.setText(self.tr("Cancel"))
        elif self.updating:
            self.make_button.setText(self.tr("&Update"))
        else:
            self.make_button.setText(self.tr("&Make"))

    # -- the inputs --------------------------------------------------------------------
    def add_folder(self, path: str) -> None:
        if path and not self.folders.findItems(path, Qt.MatchFlag.MatchExactly):
            self.folders.addItem(path)
        self._update_buttons()

    def folder_paths(self) -> list[Path]:
        items = (self.folders.item(i) for i in range(self.folders.count()))
        return [absolute(Path(item.text()).expanduser()) for item in items if item is not None]

    def set_target(self, path: str) -> None:
        self.target.setText(path)

    def target_path(self) -> Path | None:
        text = self.target.text().strip()
        if not text:
            return None
        path = absolute(Path(text).expanduser())
        if not self.updating and not path.suffix:  # "backup": backup.simcat
            path = path.with_name(path.name + SUFFIX)
        return path

    @Slot()
    def _on_add(self) -> None:
        folders = self.folder_paths()
        start = os.fspath(folders[-1]) if folders else QDir.homePath()
        path = QFileDialog.getExistingDirectory(self, self.tr("Add a folder to catalogue"), start)
        if path:
            self.add_folder(path)

    @Slot()
    def _on_remove(self) -> None:
        for item in self.folders.selectedItems():
            self.folders.takeItem(self.folders.row(item))
        self._update_buttons()

    @Slot()
    def _on_browse(self) -> None:
        start = self.target.text().strip() or QDir.homePath()
        if self.updating:
            path, _ = QFileDialog.getOpenFileName(
                self, self.tr("Choose the catalogue to update"), start, catalogue_filter()
            )
        else:
            path, _ = QFileDialog.getSaveFileName(
                self, self.tr("Write the catalogue to"), start, catalogue_filter()
            )
        if path:
            self.set_target(path)

    @Slot()
    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.folders.selectedItems()) and self.job is None)

    # -- writing -----------------------------------------------------------------------
    @Slot()
    def _on_make_or_cancel(self) -> None:
        if self.job is not None:
            self.cancel()
        else:
            self.start()

    def start(self) -> bool:
        """Write the catalogue on the lane; False (and why, shown) when the inputs are not
        usable."""
        output = self.target_path()
        roots = self.folder_paths()
        try:
            if not self.updating and not roots:
                raise InputError(InputProblem.NO_FOLDER)
            if output is None:
                self._show_problem(self.tr("Choose where to write the catalogue (a .simcat)."))
                return False
            for root in roots:
                check_folder(root)
            if not self.updating:
                check_output(output)
        except InputError as error:
            self._show_problem(words.input_problem(error))
            return False
        options = self.settings.options()
        settings = (
            self.settings.use_cache(),
            self.settings.executor(),
            self.with_texts.isChecked(),
        )
        update = self.updating
        self.outcome.clear()
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self.job = self.tasks.start(
            lambda job: _write(job, roots, output, options, settings, update),
            self._on_written,
            self._on_failed,
            key=_KEY,
            on_progress=self._on_progress,
        )
        self._set_running(True)
        return True

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.make_button.setEnabled(False)  # until its end comes
            self.outcome.setText(self.tr("Cancelling…"))

    @Slot(Progress)
    def _on_progress(self, progress: Progress) -> None:
        if progress.files_total:
            self.progress.setRange(0, progress.files_total)
            self.progress.setValue(progress.files_done)
            #: The progress bar while a catalogue is made: files read of all found.
            self.progress.setFormat(self.tr("%v of %m files"))

    def _on_written(self, written: Written) -> None:
        self._set_running(False)
        self.progress.setVisible(False)
        self.outcome.setText(catalogue_words.written(written))
        self.written.emit(written)

    def _on_failed(self, error: Exception) -> None:
        self._set_running(False)
        self.progress.setVisible(False)
        if isinstance(error, CatalogueError):
            self._show_problem(catalogue_words.catalogue_problem(error))
        elif isinstance(error, InputError):
            self._show_problem(words.input_problem(error))
        elif isinstance(error, OSError):
            #: Making a catalogue failed; the system's reason follows.
            why = error.strerror or str(error)
            path = shown_path(error.filename) if error.filename else ""
            self._show_problem(
                self.tr("The catalogue could not be made ({error}):\n{path}").format(
                    error=why, path=path
                )
            )
        else:
            raise error  # a bug: its own words, where the window shows them

    def _show_problem(self, text: str) -> None:
        self.outcome.setText(text)

    def _set_running(self, running: bool) -> None:
        if not running:
            self.job = None
        for widget in (
            self.folders,
            self.add_button,
            self.target,
            self.browse_button,
            self.with_texts,
            self.close_button,
        ):
            widget.setEnabled(not running)
        self.make_button.setEnabled(True)
        self._update_buttons()
        self._word_make()

    def reject(self) -> None:
        if self.job is None:  # a catalogue being written is cancelled first
            super().reject()


__all__ = ["CatalogueDialog", "Settings"]

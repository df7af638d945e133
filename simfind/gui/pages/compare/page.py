"""The Compare page: a folder's files ranked against a reference file, and the diff of one.

The reference (a file, or with "Text" on a text typed or pasted, which is never
written anywhere) and the folder are its inputs; the scan streams rows into the
table (ResultsModel); the threshold calls files similar again with no new
scan; the selected file's diff to the reference shows below. The table
exports as CSV or an Excel workbook, headed in the interface language.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QSpinBox,
    QStackedWidget,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import InputError
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.checks import Seen
from simfind.core.cleanup.moves import PlannedFile
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.report.evidence import pair_report
from simfind.core.report.export import save_table
from simfind.core.runs.progress import Progress
from simfind.core.scan.inputs import check_inputs, check_output
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match, Ranking
from simfind.core.text.given import GivenText, TextInput
from simfind.core.versions.files import reference_match
from simfind.gui.base.wording import words
from simfind.gui.diff.pair_window import PairWindow
from simfind.gui.diff.rendering import Side
from simfind.gui.diff.summary import LeftSide
from simfind.gui.diff.view import DiffView
from simfind.gui.pages import table_export
from simfind.gui.pages.base import PageContext
from simfind.gui.pages.compare.inputs import CompareInputs
from simfind.gui.pages.compare.results_model import Column, ResultsModel
from simfind.gui.pages.scanning import ScanPage
from simfind.gui.scan.status import Failure
from simfind.gui.versions.panel import VersionsPanel
from simfind.gui.widgets.file_filter import FileFilter
from simfind.gui.widgets.mark_bar import MarkBar, action_button
from simfind.gui.widgets.placeholder import PlaceholderTable
from simfind.gui.widgets.threshold import ThresholdControl
from simfind.gui.widgets.window_state import (
    COMPARE_SPLITTER,
    COMPARE_THRESHOLD,
)
from simfind.gui.work import long_lived


class ComparePage(ScanPage):
    """A reference and a folder above; the table, its marking row and the diff below."""

    has_reference = True
    sets_apart = True
    inputs: CompareInputs

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.last_result: ScanResult | None = None
        self.scanned_reference: TextInput | None = None
        # a scan not yet under way
        self._pending: tuple[TextInput, Path, ScanOptions] | None = None
        # The windows of File → Compare Two Files still open.
        self.pair_windows: list[PairWindow] = []
        # The options of the scan whose results are shown (the diff reads files as it did).
        self.last_options: ScanOptions | None = None
        self.model = ResultsModel(self)
        self._build_actions()
        self._build_inputs()
        self._build_results()
        self.scans.matches_found.connect(self._on_matches)
        self.scans.progressed.connect(self._on_progress)
        self.scans.finished.connect(self._on_finished)
        self.model.marks_changed.connect(self._on_marks)
        self._on_marks()

    # -- building ----------------------------------------------------------------------
    def _build_actions(self) -> None:
        self.action_open_reference = QAction(self)
        self.action_open_reference.setShortcut(QKeySequence.StandardKey.Open)
        self.action_open_folder = QAction(self)
        self.action_open_folder.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.action_export = QAction(self)
        self.action_export.setShortcut(QKeySequence("Ctrl+E"))
        self.action_export.triggered.connect(self.export)
        self.action_report = QAction(self)
        self.action_report.triggered.connect(self.export_report)
        self.action_mark_similar = QAction(self)
        self.action_mark_similar.triggered.connect(self.mark_similar)
        # The reference and its similar files as versions in order (a toggle).
        self.versions = VersionsPanel(
            lambda: [self.version_files()], self._versions_settings, self.tasks, self, True
        )
        self.action_versions = self.versions.action
        self.action_versions.toggled.connect(self._on_versions_toggled)
        self.action_compare_two = QAction(self)
        self.action_compare_two.triggered.connect(self.compare_two_files)
        self.open_actions = [
            self.action_open_reference,
            self.action_open_folder,
            self.action_compare_two,
        ]
        self.export_actions = [self.action_export, self.action_report]
        self.mark_actions = [self.action_mark_similar]

    def _build_inputs(self) -> None:
        self.inputs = CompareInputs(self.state)
        self.inputs.submitted.connect(self.start)
        self.action_open_reference.triggered.connect(self.inputs.browse_reference)
        self.action_open_folder.triggered.connect(self.inputs.browse_folder)
        # The inputs' parts, as the window's tests and the shell reach them.
        self.reference_field = self.inputs.reference_field
        self.folder_field = self.inputs.folder_field
        self.text_toggle = self.inputs.text_toggle
        self.reference_text = self.inputs.reference_text

    def _build_results(self) -> None:
        self.file_filter = FileFilter()
        self.filter_field = self.file_filter.text_field
        self.filter_field.textChanged.connect(self._on_text_filter)
        self.distance_box = QSpinBox()
        self.distance_box.setRange(-1, 128)
        self.distance_box.setValue(-1)
        self.distance_box.valueChanged.connect(self._on_distance_filter)
        self.format_box = self.file_filter.format_box
        self.format_box.currentIndexChanged.connect(self._on_format_filter)
        filters = QHBoxLayout()
        filters.addWidget(self.file_filter, 1)
        self.distance_label = QLabel()
        self.distance_label.setBuddy(self.distance_box)
        filters.addWidget(self.distance_label)
        filters.addWidget(self.distance_box)
        filters.addSpacing(12)
        # The files said not to be duplicates of the reference: left out, or shown dimmed.
        self.ignored_toggle = QCheckBox()
        self.ignored_toggle.toggled.connect(self._on_show_ignored)
        filters.addWidget(self.ignored_toggle)
        filters.addSpacing(12)
        self.versions_button = self.versions.button
        filters.addWidget(self.versions_button)
        filters.addSpacing(12)
        self.threshold = ThresholdControl()
        self.threshold.changed.connect(self._on_threshold)
        filters.addWidget(self.threshold)

        self.table = PlaceholderTable()
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(Column.DISTANCE, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(False)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        # The name takes the room left; long names and folders lose their middle.
        header.setSectionResizeMode(Column.NAME, QHeaderView.ResizeMode.Stretch)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        for column, width in (
            (Column.FOLDER, 120),
            (Column.DISTANCE, 75),  # "Distance" and its sort arrow
            (Column.SIMILARITY, 90),
            (Column.HOLDS, 70),
            (Column.HELD, 70),
            (Column.SIZE, 80),
            (Column.MODIFIED, 130),
            (Column.ENCODING, 85),
            (Column.FORMAT, 95),
        ):
            self.table.setColumnWidth(column, width)
        self.table.doubleClicked.connect(self._on_double_click)
        self.scans.running_changed.connect(self._show_placeholder)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)

        marks = self.context.marks
        self.bar = MarkBar(
            [action_button(self.action_mark_similar), action_button(marks.unmark)],
            [action_button(marks.trash), action_button(marks.move)],
        )
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        self.versions_view = self.versions.view
        self.versions_view.step_selected.connect(self._on_step)
        self.views = QStackedWidget()
        self.views.addWidget(self.table)
        self.views.addWidget(self.versions_view)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.views)
        left_layout.addWidget(self.bar)

        self.diff_view = DiffView()
        self.splitter = self._results_over_diff(left, self.diff_view)

    def set_item_actions(self, actions: Sequence[QAction | None]) -> None:
        super().set_item_actions(actions)
        self._attach_item_actions(self.table)

    def retranslate(self) -> None:
        self.inputs.retranslate()
        self._show_placeholder()
        self._fit_format_column()
        self.action_compare_two.setText(self.tr("Compare &Two Files…"))
        self.distance_label.setText(self.tr("Max distance:"))
        self.distance_box.setSpecialValueText(self.tr("any"))
        self.distance_box.setToolTip(self.tr("Hide files whose fingerprint differs in more bits"))
        self.ignored_toggle.setToolTip(
            self.tr(
                "Show the files you said are not duplicates of the reference (Not Duplicates), "
                "dimmed; Mark → Ignore List… takes them off the list"
            )
        )
        self._word_ignored()
        self.action_open_reference.setText(self.tr("Choose &Reference File…"))
        self.action_open_folder.setText(self.tr("Choose &Folder…"))
        self.action_export.setText(self.tr("&Export the Table…"))
        self.action_report.setText(self.tr("Export &Report…"))
        self.action_report.setToolTip(
            self.tr("Write the selected file beside the reference as a web page to share")
        )
        self.action_mark_similar.setText(self.tr("Mark the &Similar Files"))
        self.action_mark_similar.setToolTip(
            self.tr("Mark every file found similar to the reference (not the reference)")
        )
        self.versions.retranslate(
            self.tr(
                "Show the reference and its similar files as versions: oldest first, each "
                "under the earlier version it most resembles, with the size of each step"
            )
        )
        self.model.retranslate()

    # -- what is remembered ------------------------------------------------------------
    def restore(self) -> None:
        self.state.restore_splitter(COMPARE_SPLITTER, self.splitter, [300, 360])
        self.inputs.restore()
        self.threshold.set_value(self.state.threshold(COMPARE_THRESHOLD))

    def save(self) -> None:
        self.state.save_splitter(COMPARE_SPLITTER, self.splitter)
        self.inputs.save()

    def title_subject(self) -> str | None:
        reference = self.scanned_reference
        if isinstance(reference, GivenText):
            return words.given_text(reference)
        return shown_path(reference.name) if reference is not None else None

    def shown_result(self) -> ScanResult | None:
        return self.last_result

    def set_inputs(self, reference: Path, folder: Path | None) -> None:
        self.inputs.set_inputs(reference, folder)

    def check_named(self) -> None:
        """Inputs named on the command line: the status line says at once what is wrong with
        them (a path that does not exist), before a scan is asked for."""
        try:
            check_inputs(self.inputs.reference(), self.inputs.folder())
        except InputError as error:
            self.status.refused(error)
        else:  # usable now: no refusal of earlier inputs left on show
            if not self.scans.running:
                self.status.show_result(self.shown_result(), self.shown_left())

    def _fit_format_column(self) -> None:
        """The Format column wide enough for the name of every format in the results, in
        this language (a fixed 95 pixels showed "Open…ment"); the Name column keeps the rest."""
        found = {m.format for m in self.last_result.matches} if self.last_result else set()
        if not found:
            return
        metrics = self.table.fontMetrics()
        margin = 2 * self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin) + 8
        widest = max(metrics.horizontalAdvance(words.document_format(f)) for f in found)
        if self.table.columnWidth(Column.FORMAT) < widest + margin:
            self.table.setColumnWidth(Column.FORMAT, widest + margin)

    def _fit_folder_column(self, result: ScanResult) -> None:
        """A catalogue's rows say so in the Folder column ("drive.simcat: 2023/"): wide
        enough for the catalogue's name and a folder's (its middle elided past 320 pixels)."""
        if not result.matches or result.matches[0].catalogue is None:
            return
        column = Column.FOLDER
        texts = {self.model.index(row, column).data() for row in range(self.model.rowCount())}
        metrics = self.table.fontMetrics()
        widest = max((metrics.horizontalAdvance(t) for t in texts if t), default=0) + 16
        if self.table.columnWidth(column) < widest:
            self.table.setColumnWidth(column, min(widest, 320))

    @Slot()
    def _show_placeholder(self) -> None:
        """What the empty table says before any scan: how to fill it (the status line tells of
        a scan that found nothing)."""
        if self.last_result is None and not self.scans.running:
            text = self.tr(
                "Choose a reference file above (or switch on Text and type or paste one) and "
                "a folder, and press Scan: the folder's files appear here, the most similar "
                "first, and the one you select is shown beside the reference below."
            )
        else:
            text = ""
        self.table.set_placeholder(text)

    # -- scanning ------------------------------------------------------------------------
    @Slot()
    def start(self) -> None:
        if self.scans.running:
            return
        folder = self.inputs.folder()
        try:
            reference = self.inputs.reference()
            check_inputs(reference, folder)
        except InputError as error:  # the status line says it too: the latest state
            QMessageBox.warning(self, self.tr("Cannot scan"), self.status.refused(error))
            return
        assert reference is not None and folder is not None  # check_inputs says so
        options = self.context.options.scan_options()
        threshold = self.threshold.value()
        options = replace(options, rank=replace(options.rank, threshold=threshold))
        # The table keeps the last results until the new scan is under way (or fails at
        # once: a reference that is not text); the recent lists keep only what was scanned.
        self._pending = (reference, folder, options)
        self.action_versions.setChecked(False)  # the table fills as the scan runs
        self._began()
        self.status.started(folder)
        self.scans.start(reference, folder, options, self.context.options.use_cache())

    def _begin_results(self) -> None:
        """The scan is under way (its first progress or rows): its results replace the last."""
        if self._pending is None:
            return
        reference, folder, options = self._pending
        self._pending = None
        self.inputs.remember(reference, folder)
        self.last_options = options
        self._clear_results(reference, options)
        self._sort_for(options.rank.ranking)

    def _clear_results(self, reference: TextInput | None, options: ScanOptions) -> None:
        """An empty table, diff and histogram, for the results of ``reference`` (None: none)."""
        self.scanned_reference = reference
        self.title_changed.emit()
        self.diff_view.clear()
        self.last_result = None
        self.threshold.set_similarities([])
        self.model.reset(options.features.bits, options.rank)
        self._word_ignored()

    def _sort_for(self, ranking: Ranking) -> None:
        """ "Contains the reference" sorts the table by the share of it each file holds; a
        scan by similarity leaves that sort for the default (distance)."""
        column = self.table.horizontalHeader().sortIndicatorSection()
        if ranking is Ranking.CONTAINMENT:
            self.table.sortByColumn(Column.HOLDS, Qt.SortOrder.DescendingOrder)
        elif column == Column.HOLDS:
            self.table.sortByColumn(Column.DISTANCE, Qt.SortOrder.AscendingOrder)

    @Slot(Progress)
    def _on_progress(self, _progress: Progress) -> None:
        self._begin_results()

    @Slot(list)
    def _on_matches(self, matches: list[Match]) -> None:
        self._begin_results()
        self.model.append(matches)

    @Slot(ScanResult)
    def _on_finished(self, result: ScanResult) -> None:
        self._begin_results()
        self.last_result = result
        self.model.rank_as(result.rank)  # a short reference: ranked by containment
        self.model.apply_final(result.matches)
        self.model.set_ignored(result.set_apart)
        self._word_ignored()
        self.threshold.set_similarities(
            [
                m.similarity
                for m in result.matches
                if m.similarity is not None and not m.is_reference
            ]
        )
        self.status.finished(result)
        self._show_placeholder()
        self._fit_format_column()
        self._fit_folder_column(result)
        self._sort_for(result.rank.ranking)
        self._similar_changed()
        long_lived.results_arrived()

    def _on_failed(self, failure: Failure) -> None:
        if self._pending is not None:
            # It failed before its results began: those shown are of the last scan, which
            # under this one's error would read as its own. They go (the recent lists keep
            # only what was scanned).
            self._clear_results(None, self._pending[2])
        self._pending = None
        super()._on_failed(failure)

    @Slot(float)
    def _on_threshold(self, threshold: float) -> None:
        self.state.set_threshold(COMPARE_THRESHOLD, threshold)
        self._remark(threshold)

    def _remark(self, threshold: float) -> None:
        """Call the last scan's files similar from this threshold: nothing is compared again."""
        result = self.last_result
        if result is None or result.rank.threshold == threshold:
            return
        result.rank = replace(result.rank, threshold=threshold)
        for match in result.matches:
            if match.similarity is not None and not match.is_reference:
                match.similar = match.similarity >= threshold
        self.model.remark(threshold)
        self.status.finished(result)
        self.marks_changed.emit()
        self._similar_changed()

    # -- the ignore list -----------------------------------------------------------------
    def not_duplicates(self) -> None:
        """The files selected are not duplicates of the reference: on the ignore list, and
        left out of the table (or dimmed) at once."""
        result, reference = self.last_result, self.scanned_reference
        matches = [m for m in self.selected_matches() if not m.is_reference]
        if not matches or result is None:
            return
        if not isinstance(reference, Path) or not result.reference_digest:
            self.status_message.emit(
                self.tr("A typed text is no file: only files can be said not to be duplicates"),
                8000,
            )
            return
        ref = (reference, result.reference_digest)
        pairs = [(ref, (m.path, m.digest)) for m in matches]
        ignored = self.model.ignored() | {m.path for m in matches}
        result.set_apart = frozenset(ignored)
        self._keep_selection(lambda: self.model.set_ignored(ignored))
        self._word_ignored()
        self.context.ignore.add(pairs, lambda _stored: None)
        text = self.tr("%n file(s) set apart: not duplicates of the reference", "", len(matches))
        self.status_message.emit(text, 8000)

    def _word_ignored(self) -> None:
        count = len(self.model.ignored())
        self.ignored_toggle.setText(self.tr("Show Ignored (%n)", "", count))
        self.ignored_toggle.setEnabled(count > 0 or self.ignored_toggle.isChecked())

    @Slot(bool)
    def _on_show_ignored(self, shown: bool) -> None:
        self._keep_selection(lambda: self.model.show_ignored(shown))

    # -- the results ---------------------------------------------------------------------
    @Slot(str)
    def _on_text_filter(self, text: str) -> None:
        self._keep_selection(lambda: self.model.set_filter(text=text))

    @Slot(int)
    def _on_format_filter(self, index: int) -> None:
        name = self.format_box.itemData(index)
        self._keep_selection(lambda: self.model.set_filter(file_format=name))

    @Slot(int)
    def _on_distance_filter(self, value: int) -> None:
        self._keep_selection(
            lambda: self.model.set_filter(max_distance=None if value < 0 else value)
        )

    def _keep_selection(self, change: Callable[[], None]) -> None:
        """Filtering rebuilds the rows; the selected file stays selected if still shown."""
        current = self.selected_matches()
        change()
        if current:
            row = self.model.row_of(current[0])
            if row >= 0:
                self.table.selectRow(row)

    def selected_matches(self) -> list[Match]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return [self.model.match_at(row) for row in rows]

    def selected_paths(self) -> list[Path]:
        return [m.path for m in self.selected_matches()]

    @Slot(QModelIndex, QModelIndex)
    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid() or self.scanned_reference is None:
            self.diff_view.clear()
            return
        match = self.model.match_at(current.row())
        reference = self.scanned_reference
        try:
            size = reference.size if isinstance(reference, GivenText) else reference.stat().st_size
        except OSError:
            size = 0
        documents = self.last_options is None or not self.last_options.text_only
        if match.by_bytes:  # a reference that is no text, and its copy: no diff to show
            self.diff_view.show_same_bytes(
                Side(reference, "", size, documents=documents), match, LeftSide.REFERENCE
            )
            return
        common = self.last_result.boilerplate if self.last_result is not None else None
        self.diff_view.compare(
            Side(reference, "", size, documents=documents),
            match,
            self.model.bits,
            LeftSide.REFERENCE,
            common=common or boilerplate.NONE,
            fold_scripts=self.last_options is None or self.last_options.features.fold_scripts,
        )

    @Slot(QModelIndex)
    def _on_double_click(self, index: QModelIndex) -> None:
        if index.isValid():
            self.file_activated.emit(self.model.match_at(index.row()).path)

    def use_selected(self) -> None:
        matches = self.selected_matches()
        if not matches or self.scans.running:
            return
        self.inputs.set_reference(os.fspath(matches[0].path))
        self.start()

    def drop(self, paths: Sequence[str]) -> None:
        self.inputs.drop(paths)

    # -- two files on their own ----------------------------------------------------------
    @Slot()
    def compare_two_files(self) -> PairWindow | None:
        """File → Compare Two Files…: asks for two files, and shows their diff."""
        start = self.inputs.start_folder()
        first, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the first file"), start)
        if not first:
            return None
        second, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose the file to compare with {name}").format(
                name=shown_path(Path(first).name)
            ),
            str(Path(first).parent),
        )
        if not second:
            return None
        return self.open_pair(Path(first), Path(second))

    def open_pair(self, left: Path, right: Path) -> PairWindow:
        """The diff of two files in a window of its own, read as the scan options say."""
        options = self.context.options.scan_options()
        window = PairWindow(left, right, options.features, not options.text_only, self)
        self.pair_windows.append(window)
        window.destroyed.connect(lambda: self._forget_pair(window))
        window.show()
        return window

    def _forget_pair(self, window: PairWindow) -> None:
        if window in self.pair_windows:
            self.pair_windows.remove(window)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        # A search for groups may have added folders to the recent ones.
        self.inputs.refresh_recent()
        super().showEvent(event)

    def set_inputs_enabled(self, enabled: bool) -> None:
        self.inputs.set_enabled(enabled)

    # -- marking, and files moved --------------------------------------------------------
    def marked(self) -> list[Match]:
        return self.model.marked()

    def planned_files(self) -> list[PlannedFile]:
        """The marked files as scanned, each with the reference kept for it, where the scan
        listed the reference (it lies in the folder)."""
        result = self.last_result
        references = [m for m in result.matches if m.is_reference] if result else []
        kept = tuple(Seen(m.path, m.size, m.mtime_ns, m.ino) for m in references)
        return [PlannedFile(m.path, m.size, m.mtime_ns, m.ino, kept=kept) for m in self.marked()]

    @Slot()
    def _on_marks(self) -> None:
        marked = self.model.marked()
        self.bar.set_marked(len(marked), sum(m.size for m in marked))
        self.marks_changed.emit()

    @Slot()
    def mark_similar(self) -> None:
        """Mark the files shown that the scan found similar to the reference."""
        self.model.set_marked({m.path for m in self.model.visible_matches() if m.similar})

    def unmark_all(self) -> None:
        self.model.set_marked(set())

    def files_moved(self, gone: set[Path]) -> None:
        self._keep_current(lambda: self.model.hide(gone))

    def files_restored(self, back: set[Path]) -> None:
        self._keep_current(lambda: self.model.unhide(back))

    def _keep_current(self, change: Callable[[], None]) -> None:
        """Rows leave or come back: the file selected stays so where still shown, and its
        diff goes when it has gone."""
        index = self.table.currentIndex()
        match = self.model.match_at(index.row()) if index.isValid() else None
        change()
        row = self.model.row_of(match) if match is not None else -1
        if row >= 0:
            self.table.selectRow(row)
        else:
            self.diff_view.clear()
        self._similar_changed()

    # -- versions ------------------------------------------------------------------------
    def version_files(self) -> list[Match]:
        """The reference and the files shown that are similar to it, as the scan found them
        (a text typed as the reference is no file, and no version)."""
        result, reference = self.last_result, self.scanned_reference
        if result is None or reference is None:
            return []
        shown = [m for m in self.model.visible_matches() if m.similar or m.is_reference]
        if isinstance(reference, Path) and not any(m.is_reference for m in shown):
            with contextlib.suppress(OSError):  # gone since: the versions are the others'
                shown.insert(0, reference_match(reference))
        return shown

    def _versions_settings(self) -> tuple[ScanOptions, Boilerplate]:
        """How the scan read and compared the files, at the threshold it ranked with."""
        result = self.last_result
        options = self.last_options or self.context.options.scan_options()
        if result is not None:
            options = replace(options, rank=result.rank)
        return options, result.boilerplate if result is not None else boilerplate.NONE

    @Slot(bool)
    def _on_versions_toggled(self, shown: bool) -> None:
        self.diff_view.clear()
        self.views.setCurrentWidget(self.versions_view if shown else self.table)
        if shown:
            self.versions.show()

    def _similar_changed(self) -> None:
        """The similar files changed (a scan, the threshold, files moved): their versions too."""
        if self.versions.changed():
            self.diff_view.clear()

    @Slot(Match, Match)
    def _on_step(self, earlier: Match | None, later: Match | None) -> None:
        """A version selected: the diff of its step, the earlier version on the left."""
        if earlier is None or later is None:
            self.diff_view.clear()
            return
        documents = self.last_options is None or not self.last_options.text_only
        common = self.last_result.boilerplate if self.last_result is not None else None
        left = Side.of(earlier, documents)
        fold = self.last_options is None or self.last_options.features.fold_scripts
        self.diff_view.compare(
            left, later, self.model.bits, LeftSide.EARLIER_VERSION, common or boilerplate.NONE, fold
        )

    # -- export --------------------------------------------------------------------------
    @Slot()
    def export(self) -> None:
        matches = self.model.visible_matches()
        if not matches:
            QMessageBox.information(
                self, self.tr("Export the Table"), self.tr("There are no rows to export.")
            )
            return
        choices = [(self.tr("CSV files (*.csv)"), ".csv")]
        choices.append((self.tr("Excel workbooks (*.xlsx)"), ".xlsx"))
        target = self._ask_target(self.tr("Export the Table"), "simfind.csv", choices)
        if target:
            self.export_to(target, matches)

    def export_to(self, target: str, matches: list[Match] | None = None) -> bool:
        """Write the rows as shown (.xlsx: a workbook, else CSV), headed in the interface
        language; refuses the reference, and a place that cannot be written."""
        try:
            reference = self.scanned_reference
            check_output(Path(target), reference if isinstance(reference, Path) else None)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Export the Table"), words.input_problem(error))
            return False
        header, rows = table_export.table(matches or self.model.visible_matches())
        added = table_export.workbook_words()  # made here: in the interface language
        self._save_off_thread(
            target,
            lambda: save_table(Path(target), header, rows, added),
            self._on_export_failed,
        )
        return True

    @Slot()
    def export_report(self) -> None:
        """Ask where, and write the report of the selected file against the reference."""
        index = self.table.currentIndex()
        match = self.model.match_at(index.row()) if index.isValid() else None
        if match is None or match.is_reference or self.scanned_reference is None:
            QMessageBox.information(
                self,
                self.tr("Export Report"),
                self.tr("Select a file in the table: the report shows it beside the reference."),
            )
            return
        if not isinstance(self.scanned_reference, Path):
            QMessageBox.information(
                self,
                self.tr("Export Report"),
                self.tr(
                    "The report describes two files, and a typed text is no file: save "
                    "the text as a file and scan with it as the reference to report on it."
                ),
            )
            return
        target = self._ask_report_target("simfind-report.html")
        if target:
            self.export_report_to(target, match)

    def export_report_to(self, target: str, match: Match) -> bool:
        """Write the report of ``match`` against the reference (off the GUI thread), with
        the figures the table and the diff show; refuses to overwrite either file."""
        reference = self.scanned_reference
        if not isinstance(reference, Path):  # none, or a typed text: no file to describe
            return False
        try:
            check_output(Path(target), reference)
            check_output(Path(target), match.path)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Export Report"), words.input_problem(error))
            return False
        options = self.last_options or ScanOptions()
        options = replace(options, rank=replace(options.rank, threshold=self.threshold.value()))
        result = self.last_result
        common = result.boilerplate if result is not None else boilerplate.NONE
        self._export_report(target, lambda: pair_report(reference, match.path, options, common))
        return True


__all__ = ["ComparePage"]

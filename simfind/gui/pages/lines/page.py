"""The Lines page: near-duplicate lines, paragraphs, CSV cells or names inside files.

A file (or a folder) is dropped or chosen, and the kind of record; Find runs
``find_record_groups`` off the GUI thread (through the window's TaskRunner,
its workers in the window's pool), with progress and Cancel. The groups
appear as the groups page's do (GroupsTree over a RecordGroupsModel: each
group's row, then its records, in a table that asks only for the rows on
screen, so 100,000 lines neither freeze the window when shown nor when
sorted); selecting a record shows its file below, scrolled to its line and
the line marked. The groups export as
CSV, as ``simfind groups --records`` writes them; repeated lines are marked and
copies written without them (LineCopies).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.defaults import DEFAULT_MIN_CHARS
from simfind.core.base.errors import InputError
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.line_removal import marked_lines
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.records.collect import RecordOptions
from simfind.core.records.cutting import RecordKind, RecordSpec, default_threshold
from simfind.core.records.search import RecordGroupsResult, find_record_groups, regroup_records
from simfind.core.report.export import (
    RECORD_GROUP_COLUMNS,
    record_group_rows,
    save_table,
)
from simfind.core.report.workbook import CutCell
from simfind.core.runs.jobs import default_jobs
from simfind.core.runs.progress import Progress
from simfind.core.scan.context import ScanContext
from simfind.core.scan.inputs import check_output
from simfind.gui.base.wording import words
from simfind.gui.groups_list.rule_marks import Marker, repeated_lines
from simfind.gui.groups_list.shown_groups import SHOW_ASIDE_FROM, PreparedGroups
from simfind.gui.groups_list.tree import GroupsTree
from simfind.gui.pages import table_export
from simfind.gui.pages.base import Page, PageContext
from simfind.gui.pages.lines.line_copies import LineCopies
from simfind.gui.pages.lines.record_groups_model import RecordColumn, RecordGroupsModel
from simfind.gui.pages.lines.record_preview import RecordPreview
from simfind.gui.widgets.mark_bar import show_busy
from simfind.gui.widgets.path_field import PathField
from simfind.gui.widgets.threshold import ThresholdControl
from simfind.gui.widgets.window_state import RECORDS_THRESHOLD
from simfind.gui.work import long_lived
from simfind.gui.work.aside import Aside
from simfind.gui.work.tasks import Job

# The kinds of record offered, in the order shown.
KINDS = (RecordKind.LINES, RecordKind.PARAGRAPHS, RecordKind.CSV, RecordKind.IDENTIFIERS)


class LinesPage(Page):
    """Input, kind, Find; the groups tree above, the selected record's file below."""

    def __init__(
        self,
        context: PageContext,
        pool: Callable[[], Executor | None] = lambda: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(context, parent)
        self.pool = pool
        self.result: RecordGroupsResult | None = None
        self.searched: Path | None = None
        self._search: Job[RecordGroupsResult] | None = None  # the search under way
        self._failure: str = ""
        self._regrouping = 0  # the latest regrouping asked for (an older one's is dropped)
        self.action_export = QAction(self)
        self.action_export.setShortcut(QKeySequence("Ctrl+E"))
        self.action_export.triggered.connect(self.export)
        self.export_actions = [self.action_export]
        self._build()
        # The groups made ready to show, and the repeated lines marked, off this thread.
        self.showing = Aside(self.tasks, self)
        self.marker = Marker(self.model, self.tasks, self)
        self.marker.running_changed.connect(self._on_marking)
        self.copies = LineCopies(self.tasks, self)
        self.copies.saved.connect(lambda text: self.status_message.emit(text, 8000))
        self.copies.ended.connect(self._update_marks)
        self.threshold.changed.connect(
            lambda value: self.state.set_threshold(RECORDS_THRESHOLD, value)
        )
        self.min_chars_box.valueChanged.connect(self.state.set_min_chars)
        self.retranslate()

    # -- building ----------------------------------------------------------------------
    def _build(self) -> None:
        self.path_label = QLabel()
        self.path_field = PathField(folders_only=False)
        self.path_label.setBuddy(self.path_field)
        self.path_field.edit().returnPressed.connect(self.start)
        self.file_button = QPushButton()
        self.file_button.clicked.connect(self._on_browse_file)
        self.folder_button = QPushButton()
        self.folder_button.clicked.connect(self._on_browse_folder)
        self.kind_label = QLabel()
        self.kind_box = QComboBox()
        for kind in KINDS:
            self.kind_box.addItem("", kind.value)  # Qt hands a str enum back as a plain str
        self.kind_label.setBuddy(self.kind_box)
        self.kind_box.currentIndexChanged.connect(self._on_kind)
        self.column_field = QLineEdit()
        self.column_field.setMaximumWidth(160)
        self.min_chars_label = QLabel()
        self.min_chars_box = QSpinBox()
        self.min_chars_box.setRange(1, 1000)
        self.min_chars_box.setValue(DEFAULT_MIN_CHARS)
        self.min_chars_label.setBuddy(self.min_chars_box)
        self.threshold = ThresholdControl()
        self.threshold.changed.connect(self._on_threshold)
        self._threshold_chosen = False
        self.find_button = QPushButton()
        self.find_button.setDefault(True)
        self.find_button.setMinimumWidth(110)
        self.find_button.clicked.connect(self._on_find_or_cancel)

        inputs = QHBoxLayout()
        inputs.addWidget(self.path_label)
        inputs.addWidget(self.path_field, 1)
        inputs.addWidget(self.file_button)
        inputs.addWidget(self.folder_button)
        kinds = QHBoxLayout()
        kinds.addWidget(self.kind_label)
        kinds.addWidget(self.kind_box)
        kinds.addWidget(self.column_field)
        kinds.addSpacing(12)
        kinds.addWidget(self.min_chars_label)
        kinds.addWidget(self.min_chars_box)
        kinds.addSpacing(12)
        kinds.addWidget(self.threshold)
        kinds.addStretch(1)
        kinds.addWidget(self.find_button)

        self.progress_bar = QProgressBar()
        self.progress_bar.setVisible(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        self.model = RecordGroupsModel(self)
        self.tree = GroupsTree(self.model)
        self.tree.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(RecordColumn.RECORD, QHeaderView.ResizeMode.Stretch)
        for column, width in (
            (RecordColumn.LINE, 70),
            (RecordColumn.SIMILARITY, 100),
            (RecordColumn.FILE, 220),
        ):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            self.tree.setColumnWidth(column, width)
        self.tree.selectionModel().currentChanged.connect(self._on_current)

        self.record_preview = RecordPreview(self.tasks)
        self.preview, self.preview_label = self.record_preview.pane, self.record_preview.label
        # Lines only: mark the repeats, and save a copy of each file without them.
        self.mark_button = QPushButton()
        self.mark_button.clicked.connect(self.mark_repeats)
        self.unmark_button = QPushButton()
        self.unmark_button.clicked.connect(self.unmark_all)
        self.marked_label = QLabel()
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save_without_marked)
        self.marks_row = QWidget()
        marks = QHBoxLayout(self.marks_row)
        marks.setContentsMargins(0, 0, 0, 0)
        marks.addWidget(self.mark_button)
        marks.addWidget(self.unmark_button)
        marks.addStretch(1)
        marks.addWidget(self.marked_label)
        marks.addSpacing(8)
        marks.addWidget(self.save_button)
        self.model.marks_changed.connect(self._update_marks)
        above = QWidget()
        above_layout = QVBoxLayout(above)
        above_layout.setContentsMargins(0, 0, 0, 0)
        above_layout.addWidget(self.tree, 1)
        above_layout.addWidget(self.marks_row)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(above)
        self.splitter.addWidget(self.record_preview)
        self.splitter.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.addLayout(inputs)
        layout.addLayout(kinds)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.splitter, 1)
        self._on_kind()

    def retranslate(self) -> None:
        self.action_export.setText(self.tr("&Export the Table…"))
        #: Before the shortest record kept (a number of characters).
        self.min_chars_label.setText(self.tr("Shortest:"))
        #: After the number of characters of the shortest record kept (mind the space).
        self.min_chars_box.setSuffix(self.tr(" characters"))
        self.min_chars_box.setToolTip(
            self.tr("Lines, paragraphs and cells shorter than this are left out")
        )
        self.path_label.setText(self.tr("Fi&le or folder:"))
        self.path_field.set_placeholder(self.tr("A list of quotes, a CSV file, a source folder…"))
        self.file_button.setText(self.tr("File…"))
        self.folder_button.setText(self.tr("Folder…"))
        self.kind_label.setText(self.tr("Re&cords:"))
        names = {
            RecordKind.LINES: self.tr("Lines"),
            RecordKind.PARAGRAPHS: self.tr("Paragraphs"),
            RecordKind.CSV: self.tr("A CSV column"),
            RecordKind.IDENTIFIERS: self.tr("Names in source code"),
        }
        for row, kind in enumerate(KINDS):
            self.kind_box.setItemText(row, names[kind])
        self.column_field.setPlaceholderText(self.tr("column name or number"))
        self.column_field.setToolTip(self.tr("The CSV column to compare: its header, or 1, 2, 3…"))
        self.mark_button.setText(self.tr("Mark Repeated Lines"))
        self.mark_button.setToolTip(
            self.tr("Mark every line of a group but its first (in file order)")
        )
        self.unmark_button.setText(self.tr("Unmark All"))
        self.save_button.setText(self.tr("Save Copies Without Marked Lines"))
        self.save_button.setToolTip(
            self.tr(
                "Write a copy of each file beside it, without the marked lines; "
                "the files themselves are not changed"
            )
        )
        self._update_button()
        self._update_marks()
        self._show_summary()
        self.record_preview.retranslate()

    # -- running -----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._search is not None

    def spec(self) -> RecordSpec:
        kind = RecordKind(self.kind_box.currentData())
        return RecordSpec(kind, self.column_field.text().strip())

    def set_path(self, path: str) -> None:
        self.path_field.set_path(path)

    @Slot()
    def start(self) -> None:
        """Find the groups of records in the file or folder given."""
        if self.running:
            return
        path = self.path_field.path()
        spec = self.spec()
        if path is None:
            self._warn(self.tr("Choose a file or a folder first."))
            return
        if spec.kind is RecordKind.CSV and not spec.column:
            self._warn(self.tr("Name the CSV column to compare (its header, or its number)."))
            self.column_field.setFocus()
            return
        options = RecordOptions(spec, min_chars=self.min_chars_box.value(), jobs=default_jobs())
        if not self._threshold_chosen:
            self.threshold.set_value(default_threshold(spec))
        grouping = GroupingOptions(threshold=self.threshold.value())
        self.searched = path
        self.result = None
        self._failure = ""
        self.showing.drop()
        self.marker.drop()
        self.model.set_records(None, [])
        self.record_preview.clear()
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setVisible(True)
        self._update_button()
        self._show_summary()
        self.busy_changed.emit(True)
        pool = self.pool()

        def search(job: Job[RecordGroupsResult]) -> RecordGroupsResult:
            context = ScanContext(progress=job.report, cancel=job.token, executor=pool)
            return find_record_groups([path], options, grouping, context)

        self._search = self.tasks.start(
            search, self._on_done, self._on_failed, on_progress=self._on_progress
        )

    @Slot()
    def cancel(self) -> None:
        if self._search is not None:
            self._search.cancel()

    @Slot()
    def _on_find_or_cancel(self) -> None:
        if self.running:
            self.cancel()
        else:
            self.start()

    def _finished(self) -> None:
        self._search = None
        self.progress_bar.setVisible(False)
        self._update_button()
        self.busy_changed.emit(False)

    def set_threshold(self, threshold: float | None) -> None:
        """The threshold the user chose before (None: each kind's own default)."""
        self._threshold_chosen = threshold is not None
        if threshold is not None:
            self.threshold.set_value(threshold)
        else:
            self.threshold.set_value(default_threshold(self.spec()))

    @Slot(float)
    def _on_threshold(self, threshold: float) -> None:
        """Group the records found again from the threshold chosen (off this thread)."""
        self._threshold_chosen = True
        self._regroup_to(threshold)

    def _regroup_to(self, threshold: float) -> None:
        result = self.result
        if result is None or self.running or result.threshold == threshold:
            return
        self._regrouping += 1
        ticket = self._regrouping
        self.tasks.run(
            lambda: regroup_records(result, threshold),
            lambda again: self._on_regrouped(ticket, again),
            self._on_failed,
        )

    def _on_regrouped(self, ticket: int, result: RecordGroupsResult) -> None:
        if ticket == self._regrouping and not self.running:
            self._show_result(result)

    def _on_done(self, result: RecordGroupsResult) -> None:
        self._finished()
        self._show_result(result)
        self.finished.emit()

    def _show_result(self, result: RecordGroupsResult) -> None:
        """Show a result's groups, made ready aside where many (21,065 groups: 180 ms)."""
        self.result = result
        long_lived.results_arrived()  # 100,000 records: kept out of the collector's passes
        self.threshold.show_pairs(result.compared_pairs, self.tasks)  # counted aside
        version = self.model.shown_version
        self.showing.run(
            self.model.preparing_records(result, [self.searched] if self.searched else []),
            lambda prepared: self._shown(result, prepared),
            still=lambda: version == self.model.shown_version and result is self.result,
            now=len(result.groups) < SHOW_ASIDE_FROM,
        )

    def _shown(self, result: RecordGroupsResult, prepared: PreparedGroups) -> None:
        self.model.take_prepared(prepared)
        long_lived.results_arrived()  # and the lists made to show them
        self._update_marks()
        self._show_summary()
        if self.model.rowCount():
            first = self.model.index(0, 0, self.model.index(0, 0))
            self.tree.setCurrentIndex(first)
        if not result.cancelled:  # a threshold chosen while the search ran
            self._regroup_to(self.threshold.value())

    # -- marking lines, and copies without them -----------------------------------------
    def _marks_apply(self) -> bool:
        """Lines can be marked: the groups shown are of lines."""
        result = self.result
        return result is not None and result.spec.kind is RecordKind.LINES and bool(result.groups)

    @Slot()
    def _update_marks(self) -> None:
        self.marks_row.setVisible(self._marks_apply())
        count = self.marked_line_count()
        if self.marker.running:
            self.marked_label.setText(self.tr("Marking repeated lines…"))
        elif count:
            self.marked_label.setText(self.tr("%n line(s) marked", "", count))
        else:
            self.marked_label.setText(self.tr("No line marked"))
        self.save_button.setEnabled(count > 0 and not self.marker.running)
        self.unmark_button.setEnabled(count > 0)

    def marked_line_count(self) -> int:
        """The lines marked, as the copies will leave them out: a line in two groups once."""
        result, marked = self.result, self.model.marked()
        if result is None or not marked:
            return 0
        lines = marked_lines(result.records, (m.record for m in marked))
        return sum(len(numbers) for numbers in lines.values())

    @Slot()
    def mark_repeats(self) -> None:
        """Mark every line of each group shown but its first (aside: gui.rule_marks)."""
        result = self.result
        if result is None:
            return
        self.marker.mark(repeated_lines(result.records))

    @Slot()
    def unmark_all(self) -> None:
        self.marker.drop()
        self.model.set_marked([])

    @Slot(bool)
    def _on_marking(self, running: bool) -> None:
        """While marks are worked out: the row says so, Mark Repeated Lines waits."""
        self.mark_button.setEnabled(not running)
        show_busy(self.tree.viewport(), running)
        self._update_marks()

    @Slot()
    def save_without_marked(self) -> None:
        """A copy of each file with marked lines, beside it, without them (never in place)."""
        result = self.result
        if result is None or not self._marks_apply():
            return
        self.save_button.setEnabled(False)
        self.copies.save(result, self.model.marked())

    def _on_failed(self, error: Exception) -> None:
        self._finished()
        if isinstance(error, InputError):
            self._failure = words.input_problem(error)
        else:
            self._failure = f"{type(error).__name__}: {error}"  # a bug's own words
        self._show_summary()
        self._warn(self._failure)
        self.finished.emit()

    def _failure_line(self) -> str:
        """The summary's line for a failure whose whole message a dialog shows: its first
        line (the dialog says why, and which file)."""
        return self._failure.split("\n", 1)[0]

    @Slot(Progress)
    def _on_progress(self, progress: Progress) -> None:
        if not self.running or not progress.files_total:
            return
        self.progress_bar.setRange(0, progress.files_total)
        self.progress_bar.setValue(progress.files_done)
        if progress.stage == "searching":
            text = self.tr("Finding pairs of similar fingerprints")
        elif progress.stage == "verifying":
            text = self.tr("Comparing: %n pair(s)", "", progress.files_total)
        else:
            text = self.tr("Reading: %n file(s)", "", progress.files_total)
        self.progress_bar.setFormat(f"{text}  %p%")

    def _update_button(self) -> None:
        self.find_button.setText(self.tr("Cancel") if self.running else self.tr("Find"))

    def _show_summary(self) -> None:
        result = self.result
        if self.running:
            self.summary.setText(self.tr("Looking for near-duplicate records…"))
        elif self._failure:
            self.summary.setText(self._failure_line())
        elif result is None:
            self.summary.setText(
                self.tr(
                    "Drop a file here, or choose one: its near-duplicate lines, paragraphs, "
                    "CSV cells or names are grouped."
                )
            )
        else:
            #: One sentence from its three counts, e.g. "9 groups of near-duplicates among 24
            #: records in 1 file" (a language may put them in another order).
            text = self.tr("{groups} among {records} in {files}").format(
                groups=self.tr("%n group(s) of near-duplicates", "", len(result.groups)),
                records=self.tr("%n record(s)", "", len(result.records)),
                files=self.tr("%n file(s)", "", len(result.files)),
            )
            if result.skipped:
                #: A summary and how many files were skipped: "… (2 files skipped)".
                text = self.tr("{summary} ({skipped})").format(
                    summary=text, skipped=self.tr("%n file(s) skipped", "", len(result.skipped))
                )
            if result.cancelled:
                text = self.tr("Cancelled — {summary}").format(summary=text)
            self.summary.setText(text)

    def _warn(self, message: str) -> None:
        QMessageBox.warning(self, self.tr("Records"), message)

    @Slot()
    def _on_kind(self) -> None:
        self.column_field.setVisible(self.spec().kind is RecordKind.CSV)

    @Slot()
    def _on_browse_file(self) -> None:
        start = self.path_field.path_text() or str(Path.home())
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a file"), start)
        if path:
            self.path_field.set_path(path)

    @Slot()
    def _on_browse_folder(self) -> None:
        start = self.path_field.path_text() or str(Path.home())
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), start)
        if path:
            self.path_field.set_path(path)

    # -- the preview (record_preview.py) -----------------------------------------------
    @Slot(QModelIndex, QModelIndex)
    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        record = self.model.record_at(self.tree.flat.source(current))
        if record is not None and self.result is not None:
            path = self.result.files[record.file].path
            self.record_preview.show_record(path, self.model.path_of(record), record.line)

    def go_to_line(self, line: int) -> None:
        """Scroll the preview to a 1-based line and mark it."""
        self.record_preview.go_to_line(line)

    def current_line(self) -> int:
        """The 1-based line the preview's cursor is on."""
        return self.record_preview.current_line()

    # -- the page's interface ------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.running

    def drop(self, paths: Sequence[str]) -> None:
        if paths:
            self.set_path(paths[0])
            self.start()

    def restore(self) -> None:
        self.set_threshold(self.state.threshold(RECORDS_THRESHOLD, None))
        self.min_chars_box.setValue(self.state.min_chars())

    # -- export ------------------------------------------------------------------------
    @Slot()
    def export(self) -> None:
        if not self.has_rows():
            QMessageBox.information(
                self, self.tr("Export the Table"), self.tr("There are no rows to export.")
            )
            return
        choices = [(self.tr("CSV files (*.csv)"), ".csv")]
        choices.append((self.tr("Excel workbooks (*.xlsx)"), ".xlsx"))
        target = self._ask_target(self.tr("Export the Table"), "simfind-records.csv", choices)
        if target:
            self.state.set_export_folder(str(Path(target).parent))
            self.export_to(target, self._on_exported)

    def export_to(self, target: str, on_done: Callable[[str], None]) -> bool:
        """Write the groups where the user chose: a workbook for .xlsx, else CSV, the columns
        of ``simfind groups --records``."""
        result, searched = self.result, self.searched
        if result is None or not result.groups or searched is None:
            return False
        try:
            check_output(Path(target))
        except InputError as error:
            self._warn(words.input_problem(error))
            return False
        rows = record_group_rows(result, [searched])
        cells = [[row.get(name) for name in RECORD_GROUP_COLUMNS] for row in rows]
        added = table_export.workbook_words()  # made here: in the interface language
        header = table_export.machine_titles(RECORD_GROUP_COLUMNS)

        def save() -> list[CutCell]:  # a workbook for .xlsx, else CSV
            return save_table(Path(target), header, cells, added)

        def done(saved: object) -> None:
            self._warn_of_cut_cells(saved)
            on_done(target)

        self.tasks.run(save, done, lambda error: self._warn(self._not_written(target, error)))
        return True

    def has_rows(self) -> bool:
        return self.result is not None and bool(self.result.groups)

    def shown_input(self) -> str:
        return shown_path(self.searched) if self.searched is not None else ""

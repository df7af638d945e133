"""The main window: pick a reference and a folder, scan, read and export the ranking."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from itertools import takewhile
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QByteArray,
    QDir,
    QEvent,
    QModelIndex,
    QPoint,
    QSettings,
    Qt,
    QUrl,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QIcon,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QFileDialog,
    QFileSystemModel,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simfind.core import segment
from simfind.core.errors import InputError, OsFailure
from simfind.core.export import row, save_csv
from simfind.core.features import FeatureSettings
from simfind.core.inputs import check_inputs, check_output
from simfind.core.paths import display_path
from simfind.core.pool import default_jobs, make_pool
from simfind.core.progress import Progress
from simfind.core.rank import Match
from simfind.core.scan import ScanOptions, ScanResult
from simfind.core.walk import WalkOptions
from simfind.gui import i18n, wording
from simfind.gui.about import AboutDialog
from simfind.gui.diff_view import DiffView, Side
from simfind.gui.resources import icon_path
from simfind.gui.results_model import Column, ResultsModel
from simfind.gui.scan_worker import ScanRequest, ScanThread, ScanWorker
from simfind.gui.tasks import TaskRunner

RECENT_LIMIT = 10


def _split_patterns(text: str) -> tuple[str, ...]:
    return tuple(p for p in text.replace(",", " ").split() if p)


class PathField(QComboBox):
    """An editable path with the recent ones in its list and completion from the file system."""

    def __init__(self, folders_only: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(30)
        self.edit().setClearButtonEnabled(True)
        model = QFileSystemModel(self)  # gathers directory listings on its own thread
        model.setRootPath("")
        filters = QDir.Filter.AllDirs | QDir.Filter.NoDotAndDotDot
        if not folders_only:
            filters |= QDir.Filter.Files
        model.setFilter(filters)
        completer = QCompleter(model, self)
        completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.setCompleter(completer)

    def edit(self) -> QLineEdit:
        edit = self.lineEdit()
        assert edit is not None  # the box is editable
        return edit

    def set_placeholder(self, text: str) -> None:
        self.edit().setPlaceholderText(text)

    def path_text(self) -> str:
        return self.currentText().strip()

    def set_path(self, path: str) -> None:
        self.setEditText(path)

    def set_recent(self, paths: list[str]) -> None:
        current = self.currentText()
        self.clear()
        self.addItems(paths)
        self.setEditText(current)


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings or QSettings()
        # Shadows QObject.thread(), which nothing here calls; the tests read it.
        self.thread: ScanThread | None = None  # type: ignore[assignment]
        self.worker: ScanWorker | None = None
        self.last_result: ScanResult | None = None
        self.scanned_folder: Path | None = None
        self.scanned_reference: Path | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._built = False
        self.setWindowIcon(QIcon(str(icon_path())))
        self.setAcceptDrops(True)
        self.model = ResultsModel(self)
        self.tasks = TaskRunner(self)
        self._build_inputs()
        self._build_results()
        self._build_actions()
        self._build_status()
        self._restore()
        self._set_scanning(False)
        self._built = True
        self.retranslate()

    def warm_up(self) -> None:
        """Do now, once the window is up and before anyone clicks, what would freeze it later.

        jieba's dictionary, which the diff of Chinese files needs, loads holding
        the GIL (a fifth of a second with rjieba); starting the pool's workers
        held the window for 45-60 ms at the start of the first scan.
        """
        segment.warm_up()
        pool = self._worker_pool()
        for _ in range(default_jobs()):  # each task that finds no idle worker starts one
            pool.submit(int)

    # -- building ----------------------------------------------------------------------
    def _build_inputs(self) -> None:
        self.reference_field = PathField(folders_only=False)
        self.folder_field = PathField(folders_only=True)
        self.reference_browse = QPushButton()
        self.folder_browse = QPushButton()
        self.reference_browse.clicked.connect(self._on_browse_reference)
        self.folder_browse.clicked.connect(self._on_browse_folder)
        self.scan_button = QPushButton()
        self.scan_button.setDefault(True)
        self.scan_button.setMinimumWidth(110)
        self.scan_button.clicked.connect(self._on_scan_or_cancel)
        self.reference_field.edit().returnPressed.connect(self.start_scan)
        self.folder_field.edit().returnPressed.connect(self.start_scan)

        grid = QGridLayout()
        self.reference_label = QLabel()
        self.reference_label.setBuddy(self.reference_field)
        self.folder_label = QLabel()
        self.folder_label.setBuddy(self.folder_field)
        grid.addWidget(self.reference_label, 0, 0)
        grid.addWidget(self.reference_field, 0, 1)
        grid.addWidget(self.reference_browse, 0, 2)
        grid.addWidget(self.folder_label, 1, 0)
        grid.addWidget(self.folder_field, 1, 1)
        grid.addWidget(self.folder_browse, 1, 2)
        grid.addWidget(self.scan_button, 0, 3, 2, 1)
        grid.setColumnStretch(1, 1)

        self.options_toggle = QToolButton()
        self.options_toggle.setCheckable(True)
        self.options_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.options_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.options_toggle.setAutoRaise(True)
        self.options_panel = self._build_options()
        self.options_toggle.toggled.connect(self._on_options_toggled)
        self.options_panel.setVisible(False)

        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.progress_label = QLabel()
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.progress_label)
        self.progress_widget = QWidget()
        self.progress_widget.setLayout(progress_row)
        progress_row.setContentsMargins(0, 0, 0, 0)

        top = QVBoxLayout()
        top.addLayout(grid)
        top.addWidget(self.options_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        top.addWidget(self.options_panel)
        top.addWidget(self.progress_widget)
        self._top_layout = top

    def _build_options(self) -> QWidget:
        panel = QFrame()
        panel.setFrameShape(QFrame.Shape.StyledPanel)
        layout = QGridLayout(panel)
        self.bits_box = QComboBox()
        self.bits_box.addItem("", 64)
        self.bits_box.addItem("", 128)
        self.include_field = QLineEdit()
        self.exclude_field = QLineEdit()
        self.hidden_box = QCheckBox()
        self.links_box = QCheckBox()
        self.cache_box = QCheckBox()
        self.cache_box.setChecked(True)
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
        layout.setColumnStretch(1, 1)
        return panel

    def _build_results(self) -> None:
        self.filter_field = QLineEdit()
        self.filter_field.setClearButtonEnabled(True)
        self.filter_field.textChanged.connect(self._on_text_filter)
        self.distance_box = QSpinBox()
        self.distance_box.setRange(-1, 128)
        self.distance_box.setValue(-1)
        self.distance_box.valueChanged.connect(self._on_distance_filter)
        filters = QHBoxLayout()
        filters.addWidget(self.filter_field, 1)
        self.distance_label = QLabel()
        self.distance_label.setBuddy(self.distance_box)
        filters.addWidget(self.distance_label)
        filters.addWidget(self.distance_box)

        self.table = QTableView()
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
        header.setSectionResizeMode(Column.FOLDER, QHeaderView.ResizeMode.Stretch)
        for column, width in (
            (Column.NAME, 220),
            (Column.DISTANCE, 70),
            (Column.SIMILARITY, 95),
            (Column.SIZE, 80),
            (Column.MODIFIED, 130),
            (Column.ENCODING, 85),
        ):
            self.table.setColumnWidth(column, width)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_context_menu)
        self.table.doubleClicked.connect(self._on_double_click)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table)

        self.diff_view = DiffView()
        # Table above, diff below: two side-by-side panes need the window's full width.
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.diff_view)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(self._top_layout)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

    def _build_actions(self) -> None:
        self.menu_file = self.menuBar().addMenu("")
        self.action_open_reference = self._action(
            QKeySequence.StandardKey.Open, self._on_browse_reference
        )
        self.action_open_folder = self._action(QKeySequence("Ctrl+Shift+O"), self._on_browse_folder)
        self.action_export = self._action(QKeySequence("Ctrl+E"), self.export_csv)
        self.action_quit = self._action(QKeySequence.StandardKey.Quit, self.close)
        for action in (self.action_open_reference, self.action_open_folder):
            self.menu_file.addAction(action)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.action_export)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.action_quit)

        self.menu_scan = self.menuBar().addMenu("")
        self.action_scan = self._action(QKeySequence("F5"), self.start_scan)
        self.action_cancel = self._action(QKeySequence(Qt.Key.Key_Escape), self.cancel_scan)
        self.action_skipped = self._action(QKeySequence("Ctrl+K"), self.show_skipped)
        self.menu_scan.addAction(self.action_scan)
        self.menu_scan.addAction(self.action_cancel)
        self.menu_scan.addSeparator()
        self.menu_scan.addAction(self.action_skipped)

        self.menu_result = self.menuBar().addMenu("")
        self.action_open = self._action(QKeySequence("Return"), self.open_selected)
        self.action_show = self._action(QKeySequence("Ctrl+Shift+R"), self.show_selected_in_folder)
        self.action_copy = self._action(QKeySequence.StandardKey.Copy, self.copy_selected_paths)
        self.action_use = self._action(QKeySequence("Ctrl+U"), self.use_selected_as_reference)
        for action in (self.action_open, self.action_show, self.action_copy, self.action_use):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.table.addAction(action)
            self.menu_result.addAction(action)

        self.menu_view = self.menuBar().addMenu("")
        self.menu_language = self.menu_view.addMenu("")
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code in (i18n.SYSTEM, *i18n.LANGUAGES):
            action = QAction(i18n.LANGUAGES.get(code, ""), self)
            action.setCheckable(True)
            action.setData(code)
            action.triggered.connect(lambda _=False, code=code: self.set_language(code))
            self.language_group.addAction(action)
            self.menu_language.addAction(action)
            self.language_actions[code] = action
        self.menu_language.insertSeparator(self.language_actions["en"])
        self.language_actions[i18n.saved_choice(self.settings)].setChecked(True)

        self.menu_help = self.menuBar().addMenu("")
        self.action_about = self._action(None, self.show_about)
        self.action_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.menu_help.addAction(self.action_about)

    def _action(self, shortcut: Any, slot: Any) -> QAction:
        """An action whose text ``retranslate`` sets."""
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def retranslate(self) -> None:
        """Set every text in the interface language (again, after View → Language)."""
        if not self._built:
            return
        self.setWindowTitle(self.tr("simfind — find near-duplicates"))
        self.reference_field.set_placeholder(self.tr("The file to compare with"))
        self.folder_field.set_placeholder(self.tr("The folder to search"))
        self.reference_browse.setText(self.tr("Browse…"))
        self.folder_browse.setText(self.tr("Browse…"))
        self.reference_label.setText(self.tr("&Reference file:"))
        self.folder_label.setText(self.tr("&Folder:"))
        self.options_toggle.setText(self.tr("Options"))
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
        self.filter_field.setPlaceholderText(self.tr("Filter by name or folder"))
        self.distance_label.setText(self.tr("Max distance:"))
        self.distance_box.setSpecialValueText(self.tr("any"))
        self.distance_box.setToolTip(self.tr("Hide files whose fingerprint differs in more bits"))

        self.menu_file.setTitle(self.tr("&File"))
        self.action_open_reference.setText(self.tr("Choose &Reference File…"))
        self.action_open_folder.setText(self.tr("Choose &Folder…"))
        self.action_export.setText(self.tr("&Export CSV…"))
        self.action_quit.setText(self.tr("&Quit"))
        self.menu_scan.setTitle(self.tr("&Scan"))
        self.action_scan.setText(self.tr("&Scan"))
        self.action_cancel.setText(self.tr("&Cancel"))
        self.action_skipped.setText(self.tr("Show &Skipped Files…"))
        self.menu_result.setTitle(self.tr("&Result"))
        self.action_open.setText(self.tr("&Open"))
        self.action_show.setText(self.tr("Show in &Folder"))
        self.action_copy.setText(self.tr("&Copy Path"))
        self.action_use.setText(self.tr("&Use as Reference"))
        self.menu_view.setTitle(self.tr("&View"))
        self.menu_language.setTitle(self.tr("&Language"))
        self.language_actions[i18n.SYSTEM].setText(self.tr("System Default"))
        self.menu_help.setTitle(self.tr("&Help"))
        self.action_about.setText(self.tr("&About simfind"))

        self._update_scan_button()
        self.model.retranslate()
        if self.thread is None and self.last_result is not None:
            self._show_summary(self.last_result)

    @Slot(str)
    def set_language(self, choice: str) -> None:
        """Switch the interface language now and remember it ("" follows the system)."""
        self.settings.setValue(i18n.SETTINGS_KEY, choice)
        self.language_actions[choice].setChecked(True)
        i18n.apply_language(choice)
        # Qt posts every window a LanguageChange (see changeEvent); this one changes now.
        self.retranslate()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _build_status(self) -> None:
        self.summary_label = QLabel()
        self.skipped_button = QPushButton()
        self.skipped_button.setFlat(True)
        self.skipped_button.clicked.connect(self.show_skipped)
        self.skipped_button.setVisible(False)
        self.statusBar().addWidget(self.summary_label, 1)
        self.statusBar().addPermanentWidget(self.skipped_button)

    # -- settings ------------------------------------------------------------------------
    def _restore(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 820)
        splitter = s.value("window/splitter")
        if isinstance(splitter, QByteArray):
            self.splitter.restoreState(splitter)
        else:
            self.splitter.setSizes([300, 360])
        self.reference_field.set_recent(self._recent("recent/references"))
        self.folder_field.set_recent(self._recent("recent/folders"))
        self.reference_field.set_path(str(s.value("last/reference", "")))
        self.folder_field.set_path(str(s.value("last/folder", "")))
        self.bits_box.setCurrentIndex(
            max(0, self.bits_box.findData(int(str(s.value("options/bits", 128)))))
        )
        self.include_field.setText(str(s.value("options/include", "")))
        self.exclude_field.setText(str(s.value("options/exclude", "")))
        self.hidden_box.setChecked(bool(s.value("options/hidden", False, type=bool)))
        self.links_box.setChecked(bool(s.value("options/follow_links", False, type=bool)))
        self.cache_box.setChecked(bool(s.value("options/cache", True, type=bool)))
        self.options_toggle.setChecked(bool(s.value("options/shown", False, type=bool)))

    def _save(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/splitter", self.splitter.saveState())
        s.setValue("last/reference", self.reference_field.path_text())
        s.setValue("last/folder", self.folder_field.path_text())
        s.setValue("options/bits", self.bits_box.currentData())
        s.setValue("options/include", self.include_field.text())
        s.setValue("options/exclude", self.exclude_field.text())
        s.setValue("options/hidden", self.hidden_box.isChecked())
        s.setValue("options/follow_links", self.links_box.isChecked())
        s.setValue("options/cache", self.cache_box.isChecked())
        s.setValue("options/shown", self.options_toggle.isChecked())
        s.sync()

    def _recent(self, key: str) -> list[str]:
        value = self.settings.value(key, [])
        if isinstance(value, str):
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, list) else []

    def _remember(self, key: str, path: str) -> list[str]:
        items = [path] + [p for p in self._recent(key) if p != path]
        items = items[:RECENT_LIMIT]
        self.settings.setValue(key, items)
        return items

    # -- scanning ------------------------------------------------------------------------
    def options(self) -> ScanOptions:
        return ScanOptions(
            features=FeatureSettings(bits=int(self.bits_box.currentData())),
            walk=WalkOptions(
                include=_split_patterns(self.include_field.text()),
                exclude=_split_patterns(self.exclude_field.text()),
                hidden=self.hidden_box.isChecked(),
                follow_links=self.links_box.isChecked(),
            ),
            jobs=default_jobs(),
        )

    @Slot()
    def start_scan(self) -> None:
        if self.thread is not None:
            return
        reference_text = self.reference_field.path_text()
        folder_text = self.folder_field.path_text()
        reference = Path(reference_text).expanduser()
        folder = Path(folder_text).expanduser()
        try:
            check_inputs(reference if reference_text else None, folder if folder_text else None)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Cannot scan"), wording.words.input_problem(error))
            return
        self.reference_field.set_recent(self._remember("recent/references", str(reference)))
        self.folder_field.set_recent(self._remember("recent/folders", str(folder)))
        self.reference_field.set_path(str(reference))
        self.folder_field.set_path(str(folder))
        options = self.options()
        self.scanned_folder = folder
        self.scanned_reference = reference
        self.diff_view.clear()
        self.last_result = None
        self.model.reset(options.features.bits)
        request = ScanRequest(
            reference, folder, options, self.cache_box.isChecked(), self._worker_pool()
        )
        self.worker = ScanWorker(request)
        self.thread = ScanThread(self.worker, self)
        self.worker.progressed.connect(self._on_progress)
        self.worker.matches_found.connect(self._on_matches)
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)
        self.worker.warned.connect(self._on_warning)
        self.thread.finished.connect(self._on_thread_done)
        # A full collection over the tens of thousands of rows a scan creates holds the
        # GIL for 50-150 ms (measured); scans make few cycles, so it waits for the end.
        gc.disable()
        self.progress_bar.setRange(0, 0)
        self.progress_label.setText(self.tr("Looking for files…"))
        self.summary_label.setText(self.tr("Scanning {folder}…").format(folder=folder))
        self._set_scanning(True)
        self.thread.start()

    def _worker_pool(self) -> ProcessPoolExecutor:
        """One pool for the window's life: fingerprints and verification never run here.

        In this process they would hold the GIL and stall the GUI thread, however
        small the folder; the workers start once (see warm_up) and run at a lower
        priority than the window, so that it gets a core when it needs one.
        """
        if self._pool is None:
            self._pool = make_pool(default_jobs(), background=True)
        return self._pool

    @Slot()
    def cancel_scan(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.progress_label.setText(self.tr("Cancelling…"))

    @Slot()
    def _on_scan_or_cancel(self) -> None:
        if self.thread is None:
            self.start_scan()
        else:
            self.cancel_scan()

    def _update_scan_button(self) -> None:
        scanning = self.thread is not None
        self.scan_button.setText(self.tr("Cancel") if scanning else self.tr("Scan"))

    def _set_scanning(self, scanning: bool) -> None:
        self._update_scan_button()
        self.action_scan.setEnabled(not scanning)
        self.action_cancel.setEnabled(scanning)
        self.progress_widget.setVisible(scanning)
        for widget in (
            self.reference_field,
            self.folder_field,
            self.reference_browse,
            self.folder_browse,
            self.options_panel,
        ):
            widget.setEnabled(not scanning)

    @Slot(object)
    def _on_progress(self, progress: Progress) -> None:
        if progress.files_total == 0:
            return
        self.progress_bar.setRange(0, progress.files_total)
        self.progress_bar.setValue(progress.files_done)
        if progress.stage == "verifying":
            self.progress_bar.setFormat(
                self.tr("%v of %m compared")
                .replace("%v", str(progress.files_done))
                .replace("%m", str(progress.files_total))
            )
            self.progress_label.setText(self.tr("Checking the closest files exactly…"))
            return
        self.progress_bar.setFormat(
            self.tr("%v of %m files")
            .replace("%v", str(progress.files_done))
            .replace("%m", str(progress.files_total))
        )
        rate = progress.files_done / progress.elapsed if progress.elapsed > 0.2 else 0.0
        text = self.tr("{rate:.0f} files/s").format(rate=rate) if rate else ""
        if progress.bytes_done and progress.elapsed > 0.5:
            left = (progress.bytes_total - progress.bytes_done) * progress.elapsed
            left /= progress.bytes_done
            text += "  " + self.tr("about {seconds:.0f} s left").format(seconds=max(0.0, left))
        self.progress_label.setText(text)

    @Slot(object)
    def _on_matches(self, matches: list[Match]) -> None:
        self.model.append(matches)
        self.summary_label.setText(
            self.tr("Scanning… {count} text files so far").format(count=self.model.rowCount())
        )

    @Slot(object)
    def _on_finished(self, result: ScanResult) -> None:
        self.last_result = result
        self.model.apply_final(result.matches)
        self._show_summary(result)

    @Slot(str, str)
    def _on_failed(self, message: str, details: str) -> None:
        self.summary_label.setText(self.tr("The scan stopped: {message}").format(message=message))
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot scan"), message, parent=self)
        if details:
            box.setDetailedText(details)
        box.open()

    @Slot(str)
    def _on_warning(self, message: str) -> None:
        self.statusBar().showMessage(message, 10000)

    @Slot()
    def _on_thread_done(self) -> None:
        thread = self.thread
        self.thread = None
        self.worker = None
        if thread is not None:
            thread.deleteLater()
        # Everything the scan built stays (the rows): moved out of the collector's
        # sight, so turning it back on does not walk them all at once (a 25 ms stall).
        gc.freeze()
        gc.enable()
        self._set_scanning(False)

    def _show_summary(self, result: ScanResult) -> None:
        verified = takewhile(lambda m: m.similarity is not None, result.matches)  # ranked first
        similar = sum(1 for m in verified if m.similar and not m.is_reference)
        text = self.tr("{similar} similar of {scanned} scanned, {skipped} skipped").format(
            similar=similar, scanned=len(result.matches), skipped=len(result.skipped)
        )
        if result.cancelled:
            text = self.tr("Cancelled — {summary}").format(summary=text)
        self.summary_label.setText(text)
        self.skipped_button.setText(
            self.tr("Skipped files ({count})…").format(count=len(result.skipped))
        )
        self.skipped_button.setVisible(bool(result.skipped))

    @Slot()
    def show_skipped(self) -> None:
        result = self.last_result
        if result is None or not result.skipped:
            return
        lines = [
            f"{display_path(s.rel)} — {wording.words.skip_text(s.reason, s.detail)}"
            for s in result.skipped
        ]
        box = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Skipped files"),
            self.tr("{count} files were not compared. Details list each with its reason.").format(
                count=len(lines)
            ),
            parent=self,
        )
        box.setDetailedText("\n".join(lines))
        box.open()

    # -- the results ---------------------------------------------------------------------
    @Slot(str)
    def _on_text_filter(self, text: str) -> None:
        self._keep_selection(lambda: self.model.set_filter(text=text))

    @Slot(int)
    def _on_distance_filter(self, value: int) -> None:
        self._keep_selection(
            lambda: self.model.set_filter(max_distance=None if value < 0 else value)
        )

    def _keep_selection(self, change: Any) -> None:
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

    @Slot(QModelIndex, QModelIndex)
    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid() or self.scanned_reference is None:
            self.diff_view.clear()
            return
        match = self.model.match_at(current.row())
        reference = self.scanned_reference
        try:
            size = reference.stat().st_size
        except OSError:
            size = 0
        self.diff_view.compare(Side(reference, "", size), match, self.model.bits)

    @Slot(QModelIndex)
    def _on_double_click(self, index: QModelIndex) -> None:
        if index.isValid():
            self._open(self.model.match_at(index.row()).path)

    @Slot()
    def open_selected(self) -> None:
        for match in self.selected_matches()[:10]:
            self._open(match.path)

    def _open(self, path: Path) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(path))):
            self.statusBar().showMessage(
                self.tr("No application opens {path}").format(path=path), 8000
            )

    @Slot()
    def show_selected_in_folder(self) -> None:
        matches = self.selected_matches()
        if not matches:
            return
        path = matches[0].path
        try:
            if sys.platform == "win32":
                subprocess.Popen(["explorer", "/select,", os.fspath(path)])
            elif sys.platform == "darwin":
                subprocess.Popen(["open", "-R", os.fspath(path)])
            else:
                QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(path.parent)))
        except OSError as exc:
            self.statusBar().showMessage(str(exc), 8000)

    @Slot()
    def copy_selected_paths(self) -> None:
        paths = [display_path(m.path) for m in self.selected_matches()]
        if paths:
            QGuiApplication.clipboard().setText("\n".join(paths))
            self.statusBar().showMessage(
                self.tr("Copied {count} path(s)").format(count=len(paths)), 4000
            )

    @Slot()
    def use_selected_as_reference(self) -> None:
        matches = self.selected_matches()
        if matches and self.thread is None:
            self.reference_field.set_path(os.fspath(matches[0].path))
            self.start_scan()

    @Slot(QPoint)
    def _on_context_menu(self, position: QPoint) -> None:
        if not self.table.indexAt(position).isValid():
            return
        menu = QMenu(self)
        for action in (self.action_open, self.action_show, self.action_copy):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.action_use)
        menu.popup(self.table.viewport().mapToGlobal(position))

    # -- export --------------------------------------------------------------------------
    @Slot()
    def export_csv(self) -> None:
        matches = self.model.visible_matches()
        if not matches:
            QMessageBox.information(
                self, self.tr("Export CSV"), self.tr("There are no rows to export.")
            )
            return
        start = str(self.settings.value("export/folder", QDir.homePath()))
        target, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Export CSV"),
            os.path.join(start, "simfind.csv"),  # noqa: PTH118
            self.tr("CSV files (*.csv)"),
        )
        if target:
            self.export_to(target, matches)

    def export_to(self, target: str, matches: list[Match] | None = None) -> bool:
        """Write the rows as shown; refuses the scanned folder, where simfind never writes."""
        folder = self.scanned_folder
        try:
            if folder is not None:
                check_output(Path(target), folder)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Export CSV"), wording.words.input_problem(error))
            return False
        rows = [row(m, self.model.bits) for m in (matches or self.model.visible_matches())]
        self.settings.setValue("export/folder", str(Path(target).parent))
        self.tasks.run(
            lambda: save_csv(Path(target), rows),
            lambda _: self._on_exported(target),
            lambda error: self._on_export_failed(target, error),
        )
        return True

    def _on_exported(self, target: str) -> None:
        self.statusBar().showMessage(self.tr("Exported to {path}").format(path=target), 8000)

    def _on_export_failed(self, target: str, error: Exception) -> None:
        if isinstance(error, OSError):
            why = wording.words.os_error(OsFailure.of(error))
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        QMessageBox.warning(
            self,
            self.tr("Export CSV"),
            self.tr("Could not write {path}:\n{error}").format(path=target, error=why),
        )

    # -- window events -------------------------------------------------------------------
    @Slot(bool)
    def _on_options_toggled(self, shown: bool) -> None:
        self.options_panel.setVisible(shown)
        self.options_toggle.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )

    @Slot()
    def _on_browse_reference(self) -> None:
        start = self.reference_field.path_text() or self.folder_field.path_text() or QDir.homePath()
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose the reference file"), start)
        if path:
            self.reference_field.set_path(path)
            if not self.folder_field.path_text():
                self.folder_field.set_path(str(Path(path).parent))

    @Slot()
    def _on_browse_folder(self) -> None:
        start = self.folder_field.path_text() or QDir.homePath()
        path = QFileDialog.getExistingDirectory(self, self.tr("Choose the folder to search"), start)
        if path:
            self.folder_field.set_path(path)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        for url in event.mimeData().urls():
            if not url.isLocalFile():
                continue
            path = url.toLocalFile()
            if os.path.isdir(path):  # noqa: PTH112
                self.folder_field.set_path(path)
            else:
                self.reference_field.set_path(path)
        event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if self.thread is not None and self.worker is not None:
            self.worker.cancel()
            # The core stops within a file; wait so Qt never destroys a running thread.
            self.thread.wait()
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        self._save()
        event.accept()

    @Slot()
    def show_about(self) -> None:
        AboutDialog(self).open()

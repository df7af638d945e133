"""The main window: its layout, and the wiring between the inputs, the scan and the results.

Two modes, switched by the tabs at the top: "compare with a file" ranks a
folder's files against a reference; "find all near-duplicates" groups the
near-duplicates of one or more folders. In both, files can be marked and moved
to the trash or a folder (CleanUp), after one confirmation.

Each job lives in its own module: the scan runs under a ScanController and is
reported by ScanStatus, the options sit in an OptionsPanel, what is remembered
goes through WindowState, files are opened through file_actions, short jobs
(CSV export, the diff) run through a TaskRunner; the groups mode's results are
a GroupsPage, its folders a FolderList, moving files a CleanUp.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QDir, QEvent, QModelIndex, QPoint, QSettings, Qt, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QIcon,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTabBar,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import CacheWarning, InputError, InputProblem, OsFailure
from simfind.core.base.paths import display_path
from simfind.core.cleanup.marking import KeepRule
from simfind.core.compare import boilerplate
from simfind.core.groups.folder_groups import GroupsResult, regroup
from simfind.core.groups.grouping import GroupingOptions
from simfind.core.runs.progress import Progress
from simfind.core.scan.inputs import check_folder, check_inputs
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match, Ranking
from simfind.core.text import segment
from simfind.gui import file_actions, i18n
from simfind.gui.about import AboutDialog
from simfind.gui.clean_up import CleanUp
from simfind.gui.clean_up_actions import CleanUpActions
from simfind.gui.diff_view import DiffView, Side
from simfind.gui.export_actions import ExportActions
from simfind.gui.file_filter import FileFilter
from simfind.gui.folder_list import FolderList
from simfind.gui.groups_model import GroupsModel
from simfind.gui.groups_page import GroupsPage
from simfind.gui.help_pages import HelpDialog
from simfind.gui.mark_bar import MarkBar, MenuButton, action_button
from simfind.gui.modes import Mode
from simfind.gui.move_dialogs import MoveBar
from simfind.gui.options_panel import OptionsPanel
from simfind.gui.path_field import PathField
from simfind.gui.records_view import RecordsView
from simfind.gui.resources import APP_NAME, icon_path
from simfind.gui.results_model import Column, ResultsModel
from simfind.gui.scan_controller import ScanController
from simfind.gui.scan_status import Failure, ScanStatus
from simfind.gui.scan_worker import UnexpectedError
from simfind.gui.skipped_dialog import SkippedDialog
from simfind.gui.tasks import TaskRunner
from simfind.gui.threshold import ThresholdControl
from simfind.gui.window_state import (
    COMPARE_THRESHOLD,
    FOLDERS,
    GROUPS_THRESHOLD,
    RECORDS_THRESHOLD,
    REFERENCES,
    WindowState,
)
from simfind.gui.wording import words


class MainWindow(CleanUpActions, ExportActions, QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.state = WindowState(settings or QSettings())
        self.last_result: ScanResult | None = None
        self.scanned_reference: Path | None = None
        self.groups_folders: list[Path] = []  # those of the last search for groups
        self._pending: tuple[Path, Path, ScanOptions] | None = None  # a scan not yet under way
        # The options of the scan whose results are shown (the diff reads files as it did).
        self.last_options: ScanOptions | None = None
        self._built = False
        self.setWindowIcon(QIcon(str(icon_path())))
        self.setAcceptDrops(True)
        self.model = ResultsModel(self)
        self.groups_model = GroupsModel(self)
        self.groups_result: GroupsResult | None = None
        self._job_mode = Mode.COMPARE  # the mode of the scan under way (or the last one)
        self._regrouping = 0  # the latest regrouping asked for (an older one's is dropped)
        self._groups_started = 0  # searches for groups started (a regrouping is of one)
        self.tasks = TaskRunner(self)
        self.scans = ScanController(self)
        self.clean_up = CleanUp(self)
        self._build_inputs()
        self._build_mark_actions()
        self._build_results()
        self._build_actions()
        self._build_status()
        self._connect_scans()
        self._connect_clean_up()
        self._restore()
        self._on_mode_changed(self.mode_tabs.currentIndex())
        self._set_scanning(False)
        self._built = True
        self.retranslate()
        self._update_marks()

    def warm_up(self) -> None:
        """Do now, once the window is up and before anyone clicks, what would freeze it later.

        jieba's dictionary, which the diff of Chinese files needs, loads holding
        the GIL (a fifth of a second with rjieba); starting the pool's workers
        held the window for 45-60 ms at the start of the first scan.
        """
        segment.warm_up()
        self.scans.warm_up()

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
        grid.setColumnStretch(1, 1)
        grid.setContentsMargins(0, 0, 0, 0)

        # The inputs change with the mode: a reference and a folder, or a list of folders.
        self.mode_tabs = QTabBar()
        self.mode_tabs.setExpanding(False)
        self.mode_tabs.setDrawBase(False)
        self.mode_tabs.addTab("")
        self.mode_tabs.addTab("")
        self.mode_tabs.addTab("")
        self.compare_inputs = QWidget()
        self.compare_inputs.setLayout(grid)
        self.folder_list = FolderList()
        self.inputs = QStackedWidget()
        self.inputs.addWidget(self.compare_inputs)
        self.inputs.addWidget(self.folder_list)
        self.inputs.addWidget(QWidget())  # the records page has its own inputs
        self.mode_tabs.currentChanged.connect(self._on_mode_changed)
        self._inputs_row = QHBoxLayout()
        self._inputs_row.addWidget(self.inputs, 1)
        self._inputs_row.addWidget(self.scan_button)

        self.options_toggle = QToolButton()
        self.options_toggle.setCheckable(True)
        self.options_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.options_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.options_toggle.setAutoRaise(True)
        self.options_panel = OptionsPanel()
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
        top.addWidget(self.mode_tabs)
        top.addLayout(self._inputs_row)
        top.addWidget(self.options_toggle, 0, Qt.AlignmentFlag.AlignLeft)
        top.addWidget(self.options_panel)
        top.addWidget(self.progress_widget)
        self._top_layout = top

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
        self.threshold = ThresholdControl()
        self.threshold.changed.connect(self._on_threshold)
        filters.addWidget(self.threshold)

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
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._on_context_menu)
        self.table.doubleClicked.connect(self._on_double_click)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)

        self.compare_bar = MarkBar(
            [action_button(self.action_mark_similar), action_button(self.action_unmark)],
            [action_button(self.action_trash), action_button(self.action_move)],
        )
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table)
        left_layout.addWidget(self.compare_bar)

        self.diff_view = DiffView()
        # Table above, diff below: two side-by-side panes need the window's full width.
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.diff_view)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)

        self.groups_bar = MarkBar(
            [self.rules_button, action_button(self.action_unmark)],
            [action_button(self.action_trash), action_button(self.action_move)],
        )
        self.groups_page = GroupsPage(self.groups_model, self.groups_bar)
        self.groups_page.threshold.changed.connect(self._on_groups_threshold)
        self.groups_page.file_filter.changed.connect(self._show_groups_placeholder)
        self.tree = self.groups_page.tree
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._on_context_menu)
        self.tree.doubleClicked.connect(self._on_double_click)
        self.results = QStackedWidget()
        self.results.addWidget(self.splitter)
        self.results.addWidget(self.groups_page)
        self.records_view = RecordsView(self.tasks, lambda: self.scans.pool)
        self.records_view.status_message.connect(self._on_records_message)
        self.records_view.threshold.changed.connect(
            lambda value: self.state.set_threshold(RECORDS_THRESHOLD, value)
        )
        self.records_view.min_chars_box.valueChanged.connect(self.state.set_min_chars)
        self.results.addWidget(self.records_view)
        self.move_bar = MoveBar()

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(self._top_layout)
        layout.addWidget(self.move_bar)
        layout.addWidget(self.results, 1)
        self.setCentralWidget(central)

    def _build_mark_actions(self) -> None:
        """Marking and moving files: in the Mark menu and the row under the results."""
        self.rules_menu = QMenu(self)
        self.rule_actions: dict[KeepRule, QAction] = {}
        for rule in KeepRule:
            action = QAction(self)
            action.triggered.connect(lambda _=False, rule=rule: self._on_rule(rule))
            self.rules_menu.addAction(action)
            self.rule_actions[rule] = action
        self.rules_menu.addSeparator()
        # Checked: the rules above mark only files with a byte-identical twin in the group.
        self.action_identical_only = QAction(self)
        self.action_identical_only.setCheckable(True)
        self.rules_menu.addAction(self.action_identical_only)
        self.rules_button = MenuButton(self.rules_menu)
        self.action_mark_similar = self._action(None, self.mark_similar)
        self.action_unmark = self._action(None, self.unmark_all)
        self.action_trash = self._action(None, self.trash_marked)
        self.action_move = self._action(QKeySequence("Ctrl+Shift+M"), self.move_marked_to_folder)
        self.action_undo_move = self._action(QKeySequence.StandardKey.Undo, self.undo_move)
        self.action_open_log = self._action(None, self.open_log)
        # Delete moves to the trash where the files are listed (never in a text field).
        self.action_trash.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.action_trash.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _build_actions(self) -> None:
        self.menu_file = self.menuBar().addMenu("")
        self.action_open_reference = self._action(
            QKeySequence.StandardKey.Open, self._on_browse_reference
        )
        self.action_open_folder = self._action(QKeySequence("Ctrl+Shift+O"), self._on_browse_folder)
        self.action_export = self._action(QKeySequence("Ctrl+E"), self.export_csv)
        # The groups' export takes the same keys; one of the two is shown, by the mode.
        self.action_export_groups = self._action(QKeySequence("Ctrl+E"), self.export_groups)
        self.action_quit = self._action(QKeySequence.StandardKey.Quit, self.close)
        for action in (self.action_open_reference, self.action_open_folder):
            self.menu_file.addAction(action)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.action_export)
        self.menu_file.addAction(self.action_export_groups)
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
            self.tree.addAction(action)
            self.menu_result.addAction(action)
        self.table.addAction(self.action_trash)
        self.tree.addAction(self.action_trash)

        self.menu_mark = self.menuBar().addMenu("")
        self.menu_mark.addMenu(self.rules_menu)
        self.menu_mark.addAction(self.action_mark_similar)
        self.menu_mark.addAction(self.action_unmark)
        self.menu_mark.addSeparator()
        self.menu_mark.addAction(self.action_trash)
        self.menu_mark.addAction(self.action_move)
        self.menu_mark.addAction(self.action_undo_move)
        self.menu_mark.addSeparator()
        self.menu_mark.addAction(self.action_open_log)

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
        self.language_actions[i18n.saved_choice(self.state.settings)].setChecked(True)

        self.menu_help = self.menuBar().addMenu("")
        self.action_help = self._action(
            QKeySequence.StandardKey.HelpContents, lambda: self.show_help(HelpDialog.COMPARING)
        )
        self.action_shortcuts = self._action(None, lambda: self.show_help(HelpDialog.SHORTCUTS))
        self.action_about = self._action(None, self.show_about)
        self.action_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.menu_help.addAction(self.action_help)
        self.menu_help.addAction(self.action_shortcuts)
        self.menu_help.addSeparator()
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
        self._update_title()
        self.reference_field.set_placeholder(self.tr("The file to compare with"))
        self.folder_field.set_placeholder(self.tr("The folder to search"))
        self.reference_browse.setText(self.tr("Browse…"))
        self.folder_browse.setText(self.tr("Browse…"))
        self.reference_label.setText(self.tr("R&eference file:"))
        self.folder_label.setText(self.tr("F&older:"))
        self.mode_tabs.setTabText(Mode.COMPARE, self.tr("Compare with a File"))
        self.mode_tabs.setTabText(Mode.GROUPS, self.tr("Find All Near-Duplicates"))
        self.mode_tabs.setTabToolTip(
            Mode.COMPARE, self.tr("Rank the files of a folder by how much they resemble one file")
        )
        self.mode_tabs.setTabToolTip(
            Mode.GROUPS,
            self.tr("Group every file of one or more folders with its near-duplicates"),
        )
        self.mode_tabs.setTabText(Mode.RECORDS, self.tr("Near-Duplicate Lines"))
        self.mode_tabs.setTabToolTip(
            Mode.RECORDS,
            self.tr("Near-duplicate lines, paragraphs, CSV cells or names inside files"),
        )
        self.records_view.retranslate()
        self.folder_list.retranslate()
        self.options_toggle.setText(self.tr("Options"))
        self.options_panel.retranslate()
        self.distance_label.setText(self.tr("Max distance:"))
        self.distance_box.setSpecialValueText(self.tr("any"))
        self.distance_box.setToolTip(self.tr("Hide files whose fingerprint differs in more bits"))

        self.menu_file.setTitle(self.tr("&File"))
        self.action_open_reference.setText(self.tr("Choose &Reference File…"))
        self.action_open_folder.setText(self.tr("Choose &Folder…"))
        self.action_export.setText(self.tr("&Export the Table…"))
        self.action_export_groups.setText(self.tr("&Export Groups…"))
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
        self.menu_mark.setTitle(self.tr("&Mark"))
        self.rules_menu.setTitle(self.tr("Mark All but One in Each &Group"))
        self.rules_button.setText(self.tr("Mark All but One"))
        self.rules_button.setToolTip(
            self.tr("In each group, keep one file by a rule and mark the others")
        )
        rules = {
            KeepRule.NEWEST: self.tr("Keep the &Newest"),
            KeepRule.OLDEST: self.tr("Keep the &Oldest"),
            KeepRule.LARGEST: self.tr("Keep the &Largest"),
            KeepRule.SHORTEST_PATH: self.tr("Keep the One with the &Shortest Path"),
            KeepRule.IN_FOLDER: self.tr("Keep the One in a &Folder…"),
        }
        for rule, text in rules.items():
            self.rule_actions[rule].setText(text)
        #: In the "Mark All but One" menu: a choice that the rules above it obey.
        self.action_identical_only.setText(self.tr("Only Byte-&Identical Files"))
        self.action_identical_only.setToolTip(
            self.tr(
                "Mark only files that are byte for byte the same as another of their group, "
                "not files with the same text in another encoding or with other line endings"
            )
        )
        self.action_mark_similar.setText(self.tr("Mark the &Similar Files"))
        self.action_mark_similar.setToolTip(
            self.tr("Mark every file found similar to the reference (not the reference)")
        )
        self.action_unmark.setText(self.tr("&Unmark All"))
        self.action_trash.setText(self.tr("Move to &Trash…"))
        self.action_trash.setToolTip(self.tr("Move the marked files to the system's Trash"))
        self.action_move.setText(self.tr("Move to &Folder…"))
        self.action_move.setToolTip(self.tr("Move the marked files to a folder you choose"))
        self.action_undo_move.setText(self.tr("&Undo the Last Move to a Folder"))
        self.action_open_log.setText(self.tr("Open the &Log of Moved Files"))
        self.menu_view.setTitle(self.tr("&View"))
        self.menu_language.setTitle(self.tr("&Language"))
        self.language_actions[i18n.SYSTEM].setText(self.tr("System Default"))
        self.menu_help.setTitle(self.tr("&Help"))
        self.action_help.setText(self.tr("How simfind &Compares"))
        self.action_shortcuts.setText(self.tr("&Keyboard Shortcuts"))
        self.action_about.setText(self.tr("&About simfind"))

        self._update_scan_button()
        self.model.retranslate()
        self.groups_model.retranslate()
        self._show_groups_placeholder()
        self.status.retranslate()

    @Slot(str)
    def set_language(self, choice: str) -> None:
        """Switch the interface language now and remember it ("" follows the system)."""
        self.state.settings.setValue(i18n.SETTINGS_KEY, choice)
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
        self.status = ScanStatus(
            self.progress_bar, self.progress_label, self.summary_label, self.skipped_button, self
        )

    def _connect_scans(self) -> None:
        self.scans.progressed.connect(self._on_progress)
        self.scans.matches_found.connect(self._on_matches)
        self.scans.finished.connect(self._on_finished)
        self.scans.failed.connect(self._on_failed)
        self.scans.warned.connect(self._on_warning)
        self.scans.grouped.connect(self._on_grouped)
        self.scans.running_changed.connect(self._set_scanning)

    def _connect_clean_up(self) -> None:
        self.model.marks_changed.connect(self._update_marks)
        self.groups_model.marks_changed.connect(self._update_marks)
        self.clean_up.moved.connect(self._on_moved)
        self.clean_up.restored.connect(self._on_restored)
        self.clean_up.failed.connect(self._on_move_failed)
        self.clean_up.progressed.connect(self.move_bar.show_progress)
        self.clean_up.busy_changed.connect(self._update_marks)
        self.move_bar.undo_requested.connect(self.undo_move)
        self.move_bar.details_requested.connect(self._show_not_moved)
        self.move_bar.log_requested.connect(self.open_log)
        self.move_bar.stop_requested.connect(self.clean_up.stop)

    # -- what is remembered --------------------------------------------------------------
    def _restore(self) -> None:
        self.state.restore_layout(self, self.splitter)
        self.state.restore_inputs(self.reference_field, self.folder_field)
        self.state.restore_options(self.options_panel, self.options_toggle)
        self.threshold.set_value(self.state.threshold(COMPARE_THRESHOLD))
        self.groups_page.threshold.set_value(self.state.threshold(GROUPS_THRESHOLD))
        self.records_view.set_threshold(self.state.threshold(RECORDS_THRESHOLD, None))
        self.records_view.min_chars_box.setValue(self.state.min_chars())
        self.state.restore_groups(self.folder_list, self.mode_tabs, self.groups_page.splitter)

    def _save(self) -> None:
        self.state.save_layout(self, self.splitter)
        self.state.save_inputs(self.reference_field, self.folder_field)
        self.state.save_options(self.options_panel, self.options_toggle)
        self.state.save_groups(self.folder_list, self.mode_tabs, self.groups_page.splitter)
        self.state.sync()

    def _update_title(self) -> None:
        """What the window shows, and the app's name: "report.docx — simfind" (as a taskbar,
        Alt+Tab and the Dock show it; Qt adds no second name to a title ending in it)."""
        subject = self.tr("Find near-duplicates")
        mode = self.mode()
        if mode is Mode.COMPARE and self.scanned_reference is not None:
            subject = self.scanned_reference.name
        elif mode is Mode.GROUPS and self.groups_folders:
            subject = self.groups_folders[0].name or str(self.groups_folders[0])
            if len(self.groups_folders) > 1:
                subject = self.tr("%1 and %n more", "", len(self.groups_folders) - 1).replace(
                    "%1", subject
                )
        self.setWindowTitle(f"{subject} \N{EM DASH} {APP_NAME}")

    # -- the mode ------------------------------------------------------------------------
    def open_inputs(self, reference: Path | None, folder: Path | None) -> None:
        """What the command line (or a file manager's "Open with") named decides the tab: a
        file opens Compare with it and the folder; a folder alone opens All Near-Duplicates
        with that folder listed alone."""
        if reference is not None:
            self.reference_field.set_path(str(reference))
            if folder is not None:
                self.folder_field.set_path(str(folder))
            self.set_mode(Mode.COMPARE)
        elif folder is not None:
            self.folder_list.set_entries([(str(folder), False)])
            self.set_mode(Mode.GROUPS)

    def mode(self) -> Mode:
        return Mode(self.mode_tabs.currentIndex())

    def set_mode(self, mode: Mode) -> None:
        self.mode_tabs.setCurrentIndex(mode)

    @Slot(int)
    def _on_mode_changed(self, index: int) -> None:
        if not self._built and index < 0:
            return
        mode = Mode(max(0, index))
        self.inputs.setCurrentIndex(mode)
        self.results.setCurrentIndex(mode)
        # The page not shown takes no room: the inputs are as tall as the mode's own.
        for page in (self.compare_inputs, self.folder_list):
            policy = (
                QSizePolicy.Policy.Preferred
                if page is self.inputs.currentWidget()
                else (QSizePolicy.Policy.Ignored)
            )
            page.setSizePolicy(policy, policy)
        self.inputs.adjustSize()
        align = Qt.AlignmentFlag.AlignTop if mode is Mode.GROUPS else Qt.AlignmentFlag.AlignVCenter
        self._inputs_row.setAlignment(self.scan_button, align)
        grouping = mode is Mode.GROUPS
        records = mode is Mode.RECORDS
        # The records page has its own inputs, button and progress; it marks nothing.
        for widget in (self.inputs, self.scan_button, self.options_toggle):
            widget.setVisible(not records)
        self.options_panel.setVisible(not records and self.options_toggle.isChecked())
        self.options_panel.set_has_reference(mode is Mode.COMPARE)
        self.move_bar.set_here(not records)
        self.progress_widget.setVisible(not records and self.scans.running)
        self.action_export.setVisible(not grouping)
        self.action_export_groups.setVisible(grouping)
        self.action_open_reference.setVisible(mode is Mode.COMPARE)
        self.action_open_folder.setVisible(not records)
        self.action_mark_similar.setVisible(mode is Mode.COMPARE)
        self.rules_menu.menuAction().setVisible(grouping)
        self.menu_mark.menuAction().setVisible(not records)
        self.action_use.setEnabled(True)
        self._update_marks()
        if self._built:
            self._show_skipped_button()
            self._update_title()

    # -- scanning ------------------------------------------------------------------------
    @Slot()
    def start_scan(self) -> None:
        if self.scans.running:
            return
        if self.mode() is Mode.GROUPS:
            self.start_groups()
            return
        if self.mode() is Mode.RECORDS:
            self.records_view.start()
            return
        reference, folder = self.reference_field.path(), self.folder_field.path()
        try:
            check_inputs(reference, folder)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Cannot scan"), words.input_problem(error))
            return
        assert reference is not None and folder is not None  # check_inputs says so
        options = self.options_panel.scan_options()
        threshold = self.threshold.value()
        options = replace(options, rank=replace(options.rank, threshold=threshold))
        # The table keeps the last results until the new scan is under way (or fails at
        # once: a reference that is not text); the recent lists keep only what was scanned.
        self._pending = (reference, folder, options)
        self._job_mode = Mode.COMPARE
        self.status.started(folder)
        self.scans.start(reference, folder, options, self.options_panel.use_cache())

    def _begin_results(self) -> None:
        """The scan is under way (its first progress or rows): its results replace the last."""
        if self._pending is None:
            return
        reference, folder, options = self._pending
        self._pending = None
        self.reference_field.set_recent(self.state.remember(REFERENCES, str(reference)))
        self.folder_field.set_recent(self.state.remember(FOLDERS, str(folder)))
        self.last_options = options
        self._clear_results(reference, options)
        self._sort_for(options.rank.ranking)

    def _clear_results(self, reference: Path | None, options: ScanOptions) -> None:
        """An empty table, diff and histogram, for the results of ``reference`` (None: none)."""
        self.scanned_reference = reference
        self._update_title()
        self.diff_view.clear()
        self.last_result = None
        self.threshold.set_similarities([])
        self.model.reset(options.features.bits, options.rank)

    def _sort_for(self, ranking: Ranking) -> None:
        """ "Contains the reference" sorts the table by the share of it each file holds; a
        scan by similarity leaves that sort for the default (distance)."""
        column = self.table.horizontalHeader().sortIndicatorSection()
        if ranking is Ranking.CONTAINMENT:
            self.table.sortByColumn(Column.HOLDS, Qt.SortOrder.DescendingOrder)
        elif column == Column.HOLDS:
            self.table.sortByColumn(Column.DISTANCE, Qt.SortOrder.AscendingOrder)

    @Slot()
    def start_groups(self) -> None:
        """Find every group of near-duplicates in the folders listed."""
        if self.scans.running:
            return
        folders = self.folder_list.folders()
        references = self.folder_list.reference_folders()
        try:
            if not folders:
                raise InputError(InputProblem.NO_FOLDER)
            for folder in [*folders, *references]:
                check_folder(folder)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Cannot search"), words.input_problem(error))
            return
        for folder in folders:
            self.folder_field.set_recent(self.state.remember(FOLDERS, str(folder)))
        options = self.options_panel.scan_options()
        self.groups_result = None
        self._groups_started += 1
        self.groups_model.set_result(None)
        self.groups_page.diff_view.clear()
        self.groups_page.bits = options.features.bits
        self.groups_page.documents = not options.text_only
        self._job_mode = Mode.GROUPS
        self.groups_folders = folders
        self._update_title()
        self.status.started_groups(folders)
        grouping = GroupingOptions(threshold=self.groups_page.threshold.value())
        self.scans.start_groups(
            folders, references, options, self.options_panel.use_cache(), grouping
        )
        self._show_groups_placeholder()

    @Slot()
    def cancel_scan(self) -> None:
        if self.mode() is Mode.RECORDS:
            self.records_view.cancel()
            return
        if self.scans.running:
            self.scans.cancel()
            self.status.cancelling()

    @Slot()
    def _on_scan_or_cancel(self) -> None:
        if self.scans.running:
            self.cancel_scan()
        else:
            self.start_scan()

    def _update_scan_button(self) -> None:
        scanning = self.scans.running
        self.scan_button.setText(self.tr("Cancel") if scanning else self.tr("Scan"))

    @Slot(bool)
    def _set_scanning(self, scanning: bool) -> None:
        self._update_scan_button()
        self._show_groups_placeholder()
        self.action_scan.setEnabled(not scanning)
        self.action_cancel.setEnabled(scanning)
        self.progress_widget.setVisible(scanning)
        for widget in (
            self.reference_field,
            self.folder_field,
            self.reference_browse,
            self.folder_browse,
            self.options_panel,
            self.folder_list,
            self.mode_tabs,
        ):
            widget.setEnabled(not scanning)

    @Slot(object)
    def _on_progress(self, progress: Progress) -> None:
        self._begin_results()
        self.status.progressed(progress)

    @Slot(object)
    def _on_matches(self, matches: list[Match]) -> None:
        self._begin_results()
        self.model.append(matches)

    @Slot(object)
    def _on_finished(self, result: ScanResult) -> None:
        self._begin_results()
        self.last_result = result
        self.model.apply_final(result.matches)
        self.threshold.set_similarities(
            [
                m.similarity
                for m in result.matches
                if m.similarity is not None and not m.is_reference
            ]
        )
        self.status.finished(result)

    @Slot(float)
    def _on_groups_threshold(self, threshold: float) -> None:
        self.state.set_threshold(GROUPS_THRESHOLD, threshold)
        self._regroup_to(threshold)

    def _regroup_to(self, threshold: float) -> None:
        """Group the files found again at this threshold, off this thread (a member new to a
        centre is read and compared); nothing when they are grouped so already."""
        result = self.groups_result
        if result is None or result.threshold == threshold:
            return
        self._regrouping += 1
        ticket = (self._regrouping, self._groups_started)
        self.tasks.run(
            lambda: regroup(result, threshold),
            lambda again: self._on_regrouped(ticket, again),
            self._on_regroup_failed,
        )

    def _on_regrouped(self, ticket: tuple[int, int], result: GroupsResult) -> None:
        # The newest threshold's, of the files of the last search (not of a search since).
        if ticket == (self._regrouping, self._groups_started):
            self._on_grouped(result)

    def _on_regroup_failed(self, error: Exception) -> None:
        QMessageBox.warning(self, self.tr("Cannot group again"), f"{type(error).__name__}: {error}")

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
        self._update_marks()

    @Slot(object)
    def _on_grouped(self, result: GroupsResult) -> None:
        """A search's groups, or the same files grouped again at another threshold."""
        self.groups_result = result
        self.groups_page.common = result.boilerplate
        found = result.compared_pairs
        pairs = [] if found is None else [v for v in found.verified.values() if v is not None]
        self.groups_page.threshold.set_similarities(pairs)
        self.groups_model.set_result(result)
        self.status.grouped(result)
        self._show_skipped_button()
        self._show_groups_placeholder()
        if not result.cancelled:  # a threshold chosen while the search ran
            self._regroup_to(self.groups_page.threshold.value())

    def _show_groups_placeholder(self) -> None:
        """What the groups' tree says while it is empty."""
        result = self.groups_result
        if self.scans.running and self._job_mode is Mode.GROUPS:
            text = self.tr("Looking for near-duplicates…")
        elif result is None:
            text = self.tr(
                "Add one or more folders above and press Scan: every group of near-duplicates "
                "in them appears here, each file with its similarity to the centre of its group."
            )
        elif not result.groups:
            text = self.tr("No near-duplicates were found.")
        elif self.groups_page.file_filter.active():
            text = self.tr("No group has a file that matches the filter.")
        else:
            text = self.tr(
                "No group is left: the files moved away left each group with one file. "
                "Undo puts moved files back; a new scan shows the groups as they are now."
            )
        self.tree.set_placeholder(text)

    @Slot(object)
    def _on_failed(self, failure: Failure) -> None:
        if self._pending is not None and self._job_mode is Mode.COMPARE:
            # It failed before its results began: those shown are of the last scan, which
            # under this one's error would read as its own. They go (the recent lists keep
            # only what was scanned).
            self._clear_results(None, self._pending[2])
        self._pending = None
        message = self.status.failed(failure)
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Cannot scan"), message, parent=self)
        if isinstance(failure, UnexpectedError):
            box.setDetailedText(failure.details)
        box.open()

    @Slot(object)
    def _on_warning(self, warning: CacheWarning) -> None:
        self.statusBar().showMessage(words.cache_warning(warning), 10000)

    def _shown_result(self) -> ScanResult | GroupsResult | None:
        """The result the status bar tells of: the mode's own (the records page has its own
        summary, so the status bar tells of no comparison there)."""
        mode = self.mode()
        if mode is Mode.RECORDS:
            return None
        return self.groups_result if mode is Mode.GROUPS else self.last_result

    def _show_skipped_button(self) -> None:
        """The status bar tells of the mode shown: its summary, its skipped files."""
        if not self.scans.running:
            self.status.show_result(self._shown_result())

    @Slot()
    def show_skipped(self) -> None:
        result = self._shown_result()
        if result is None or not result.skipped:
            return
        SkippedDialog(result.skipped, self).open()

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

    def _keep_selection(self, change: Any) -> None:
        """Filtering rebuilds the rows; the selected file stays selected if still shown."""
        current = self.selected_matches()
        change()
        if current:
            row = self.model.row_of(current[0])
            if row >= 0:
                self.table.selectRow(row)

    def selected_matches(self) -> list[Match]:
        """The files selected in the mode shown."""
        if self.mode() is Mode.GROUPS:
            return list(self.tree.selected_items())
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
        documents = self.last_options is None or not self.last_options.text_only
        common = self.last_result.boilerplate if self.last_result is not None else None
        self.diff_view.compare(
            Side(reference, "", size, documents=documents),
            match,
            self.model.bits,
            common=common or boilerplate.NONE,
        )

    @Slot(QModelIndex)
    def _on_double_click(self, index: QModelIndex) -> None:
        if not index.isValid():
            return
        if index.model() is self.groups_model:
            match = self.groups_model.item_at(index)
            if match is not None:
                self._open(match.path)
            return
        self._open(self.model.match_at(index.row()).path)

    @Slot()
    def open_selected(self) -> None:
        for match in self.selected_matches()[:10]:
            self._open(match.path)

    def _open(self, path: Path) -> None:
        if not file_actions.open_file(path):
            self.statusBar().showMessage(
                self.tr("No application opens {path}").format(path=display_path(path)), 8000
            )

    @Slot()
    def show_selected_in_folder(self) -> None:
        matches = self.selected_matches()
        if not matches:
            return
        path = matches[0].path
        try:
            shown = file_actions.show_in_folder(path)
            why = ""
        except OSError as exc:
            shown, why = False, words.os_error(OsFailure.of(exc))
        if not shown:
            text = self.tr("Could not show {path} in its folder").format(path=display_path(path))
            #: After "Could not show … in its folder": the system's reason.
            self.statusBar().showMessage(
                text + (self.tr(": {why}").format(why=why) if why else ""), 8000
            )

    @Slot()
    def copy_selected_paths(self) -> None:
        count = file_actions.copy_paths([m.path for m in self.selected_matches()])
        if count:
            self.statusBar().showMessage(self.tr("Copied %n path(s)", "", count), 4000)

    @Slot()
    def use_selected_as_reference(self) -> None:
        matches = self.selected_matches()
        if not matches or self.scans.running:
            return
        if self.mode() is Mode.GROUPS and self.groups_result is not None:
            # Compare the file with the folder it was found in.
            result = self.groups_result
            roots = [*result.folders, *result.reference_folders]
            self.folder_field.set_path(os.fspath(roots[result.root_of(matches[0])]))
            self.set_mode(Mode.COMPARE)
        self.reference_field.set_path(os.fspath(matches[0].path))
        self.start_scan()

    @Slot(QPoint)
    def _on_context_menu(self, position: QPoint) -> None:
        view = self.tree if self.mode() is Mode.GROUPS else self.table
        if not view.indexAt(position).isValid():
            return
        menu = QMenu(self)
        for action in (self.action_open, self.action_show, self.action_copy):
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.action_use)
        menu.addSeparator()
        menu.addAction(self.action_trash)
        menu.addAction(self.action_move)
        menu.popup(view.viewport().mapToGlobal(position))

    # -- the records mode ----------------------------------------------------------------
    @Slot(str)
    def _on_records_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 8000)

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
            if self.mode() is Mode.RECORDS:
                self.records_view.set_path(path)
                self.records_view.start()
                break
            if self.mode() is Mode.GROUPS:
                if os.path.isdir(path):  # noqa: PTH112
                    self.folder_list.add(path)
                continue
            if os.path.isdir(path):  # noqa: PTH112
                self.folder_field.set_path(path)
            else:
                self.reference_field.set_path(path)
        event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        self.records_view.cancel()
        self.scans.shutdown()
        self._save()
        event.accept()

    @Slot()
    def show_about(self) -> AboutDialog:
        dialog = AboutDialog(self)
        dialog.open()
        return dialog

    def show_help(self, page: int) -> HelpDialog:
        """Help on a page of its own window (F1: how simfind compares)."""
        dialog = HelpDialog(self.findChildren(QAction), self)
        dialog.show_page(page)
        dialog.open()
        return dialog

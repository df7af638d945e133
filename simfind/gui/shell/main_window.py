"""The main window: the shell around the pages, its menus, status bar and shared actions.

Three pages, one per mode, switched by the tabs at the top (pages/): Compare
ranks a folder's files against a reference; All Near-Duplicates groups the
near-duplicates of one or more folders; Lines groups near-duplicate lines,
paragraphs, cells or names inside files. The shell talks to the page shown
through the Page interface only; the Scan button, the scan options and the
progress row serve the pages that scan files, and the files a page marks are
moved to the trash or a folder (CleanUp) after one confirmation.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QSettings, Qt, Slot
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
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QTabBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import CacheWarning, OsFailure
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.moves import Action
from simfind.core.ignore.store import StoreNotice
from simfind.core.scan.rank import Match
from simfind.core.text import segment
from simfind.gui.base import i18n
from simfind.gui.base.resources import APP_NAME, icon_path
from simfind.gui.base.wording import words
from simfind.gui.catalogue.dialog import CatalogueDialog, Settings
from simfind.gui.cleanup.clean_up import CleanUp
from simfind.gui.cleanup.move_dialogs import MoveBar
from simfind.gui.ignore.dialog import IgnoreListDialog
from simfind.gui.ignore.keeper import IgnoreKeeper
from simfind.gui.pages.base import MarkActions, Page, PageContext
from simfind.gui.pages.compare.page import ComparePage
from simfind.gui.pages.groups.page import GroupsPage
from simfind.gui.pages.lines.page import LinesPage
from simfind.gui.scan.controller import ScanController
from simfind.gui.scan.status import ScanStatus
from simfind.gui.shell import file_actions
from simfind.gui.shell.about import AboutDialog
from simfind.gui.shell.help_pages import HelpDialog
from simfind.gui.shell.modes import Mode
from simfind.gui.shell.moving import FileMoves
from simfind.gui.shell.skipped_dialog import SkippedDialog
from simfind.gui.widgets.options_panel import OptionsPanel
from simfind.gui.widgets.window_state import WindowState
from simfind.gui.work.tasks import TaskRunner


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.state = WindowState(settings or QSettings())
        self._built = False
        self.setWindowIcon(QIcon(str(icon_path())))
        self.setAcceptDrops(True)
        self.tasks = TaskRunner(self)
        self.scans = ScanController(self)
        self.ignore = IgnoreKeeper(self.tasks, parent=self)
        self.scans.ignore_pending = self.ignore.pending
        self.clean_up = CleanUp(self)
        self.move_bar = MoveBar()
        self._build_mark_actions()
        self._build_status()
        self._build_pages()
        self._build_layout()
        self._build_menus()
        self._connect()
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
    def _build_mark_actions(self) -> None:
        """Marking and moving files: in the Mark menu and the row under the results."""
        self.action_unmark = self._action(None, self.unmark_all)
        # The moves are built with the pages, after these actions the pages show.
        self.action_trash = self._action(None, lambda: self.moves.trash_marked())
        keys = QKeySequence("Ctrl+Shift+M")
        self.action_move = self._action(keys, lambda: self.moves.to_folder())
        self.action_link = self._action(None, lambda: self.moves.link_marked())
        self.action_undo_move = self._action(QKeySequence.StandardKey.Undo, self.undo_move)
        self.action_open_log = self._action(None, lambda: self.moves.open_log())
        self.action_not_duplicates = self._action(None, lambda: self.page().not_duplicates())
        self.action_ignore_list = self._action(None, self.show_ignore_list)
        # Delete moves to the trash where the files are listed (never in a text field).
        self.action_trash.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.action_trash.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)

    def _build_status(self) -> None:
        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.progress_label = QLabel()
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.progress_label)
        self.progress_widget = QWidget()
        self.progress_widget.setLayout(progress_row)
        progress_row.setContentsMargins(0, 0, 0, 0)
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

    def _build_pages(self) -> None:
        self.options_toggle = QToolButton()
        self.options_toggle.setCheckable(True)
        self.options_toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.options_toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.options_toggle.setAutoRaise(True)
        self.options_panel = OptionsPanel()
        self.options_toggle.toggled.connect(self._on_options_toggled)
        self.options_panel.setVisible(False)
        marks = MarkActions(
            self.action_unmark, self.action_trash, self.action_move, self.action_link
        )
        context = PageContext(
            self.state, self.tasks, self.scans, self.status, self.options_panel, marks, self.ignore
        )
        self.compare = ComparePage(context)
        self.groups = GroupsPage(context)
        self.lines = LinesPage(context, lambda: self.scans.pool)
        self.pages: list[Page] = [self.compare, self.groups, self.lines]  # in Mode's order
        self.moves = FileMoves(
            self, self.state, self.clean_up, self.move_bar, self.pages, self.page, self._open
        )

    def _build_layout(self) -> None:
        self.scan_button = QPushButton()
        self.scan_button.setDefault(True)
        self.scan_button.setMinimumWidth(110)
        self.scan_button.clicked.connect(self._on_scan_or_cancel)
        self.mode_tabs = QTabBar()
        self.mode_tabs.setExpanding(False)
        self.mode_tabs.setDrawBase(False)
        # The inputs change with the page; one with its own inputs has none here.
        self.inputs = QStackedWidget()
        self.results = QStackedWidget()
        for page in self.pages:
            self.mode_tabs.addTab("")
            self.inputs.addWidget(page.inputs or QWidget())
            self.results.addWidget(page)
        self.mode_tabs.currentChanged.connect(self._on_mode_changed)
        # Options under Scan, not on a row of its own: a small window's table and diff get
        # that row (at 1024 × 640 they showed 5 rows and 8 lines).
        self._scan_column = QVBoxLayout()
        self._scan_column.setSpacing(2)
        self._scan_column.addWidget(self.scan_button)
        self._scan_column.addWidget(self.options_toggle, 0, Qt.AlignmentFlag.AlignRight)
        self._inputs_row = QHBoxLayout()
        self._inputs_row.addWidget(self.inputs, 1)
        self._inputs_row.addLayout(self._scan_column)

        top = QVBoxLayout()
        top.addWidget(self.mode_tabs)
        top.addLayout(self._inputs_row)
        top.addWidget(self.options_panel)
        top.addWidget(self.progress_widget)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.move_bar)
        layout.addWidget(self.results, 1)
        self.setCentralWidget(central)

    def _build_menus(self) -> None:
        self.menu_file = self.menuBar().addMenu("")
        self.action_quit = self._action(QKeySequence.StandardKey.Quit, self.close)
        # On every page: it opens the groups of a result file on All Near-Duplicates.
        self.action_open_results = self._action(None, self.open_results)
        self.menu_file.addAction(self.action_open_results)
        self.menu_file.addActions([a for page in self.pages for a in page.open_actions])
        self.menu_file.addSeparator()
        # A catalogue of a drive, to compare with while it is away (gui/catalogue).
        self.action_make_catalogue = self._action(None, self.make_catalogue)
        self.action_update_catalogue = self._action(None, lambda: self.make_catalogue(True))
        self.menu_file.addAction(self.action_make_catalogue)
        self.menu_file.addAction(self.action_update_catalogue)
        self.menu_file.addSeparator()
        self.menu_file.addActions([a for page in self.pages for a in page.export_actions])
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
            self.menu_result.addAction(action)
        item_actions = [self.action_open, self.action_show, self.action_copy, None]
        item_actions += [self.action_use, self.action_not_duplicates, None]
        item_actions += [self.action_trash, self.action_move]
        for page in self.pages:
            page.set_item_actions(item_actions)

        self.menu_mark = self.menuBar().addMenu("")
        self.menu_mark.addActions([a for page in self.pages for a in page.mark_actions])
        self.menu_mark.addAction(self.action_unmark)
        self.menu_mark.addSeparator()
        self.menu_mark.addAction(self.action_trash)
        self.menu_mark.addAction(self.action_move)
        self.menu_mark.addAction(self.action_link)
        self.menu_mark.addAction(self.action_undo_move)
        self.menu_mark.addSeparator()
        self.menu_mark.addAction(self.action_not_duplicates)
        self.menu_mark.addAction(self.action_ignore_list)
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

    def _action(
        self, shortcut: QKeySequence | QKeySequence.StandardKey | None, slot: Callable[[], object]
    ) -> QAction:
        """An action whose text ``retranslate`` sets."""
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _connect(self) -> None:
        self.scans.progressed.connect(self.status.progressed)
        self.scans.warned.connect(self._on_warning)
        self.scans.ignore_noticed.connect(self._on_ignore_notice)
        self.ignore.noticed.connect(self._on_ignore_notice)
        self.scans.running_changed.connect(self._set_scanning)
        for page in self.pages:
            page.marks_changed.connect(self._update_marks)
            page.status_message.connect(self.statusBar().showMessage)
            page.title_changed.connect(self._update_title)
            page.file_activated.connect(self._open)
            page.busy_changed.connect(self._update_scan_actions)
            page.result_changed.connect(self._show_skipped_button)
        self.groups.compare_requested.connect(self._compare_with)
        self.moves.changed.connect(self._update_marks)

    def retranslate(self) -> None:
        """Set every text in the interface language (again, after View → Language)."""
        if not self._built:
            return
        self._update_title()
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
        for page in self.pages:
            page.retranslate()
        self.options_toggle.setText(self.tr("Options"))
        self.options_panel.retranslate()
        self.menu_file.setTitle(self.tr("&File"))
        self.action_quit.setText(self.tr("&Quit"))
        self.action_open_results.setText(self.tr("&Open Results…"))
        self.action_open_results.setToolTip(
            self.tr("Open groups saved with Save Results… (or by 'simfind groups --format json')")
        )
        self.action_make_catalogue.setText(self.tr("Make a &Catalogue…"))
        self.action_make_catalogue.setToolTip(
            self.tr(
                "Write a catalogue of folders (a backup drive, a USB stick) to one file, to "
                "compare with while the drive is away"
            )
        )
        self.action_update_catalogue.setText(self.tr("&Update a Catalogue…"))
        self.action_update_catalogue.setToolTip(
            self.tr("Bring a catalogue up to date: only new and changed files are read")
        )
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
        self.action_unmark.setText(self.tr("&Unmark All"))
        self.action_trash.setText(self.tr("Move to &Trash…"))
        self.action_trash.setToolTip(self.tr("Move the marked files to the system's Trash"))
        self.action_move.setText(self.tr("Move to &Folder…"))
        self.action_move.setToolTip(self.tr("Move the marked files to a folder you choose"))
        self.action_link.setText(self.tr("Replace by Hard &Links…"))
        self.action_link.setToolTip(
            self.tr("Replace each marked file by a hard link to the file kept in its group")
        )
        self._word_undo()
        self.action_open_log.setText(self.tr("Open the &Log of Moved Files"))
        self.action_not_duplicates.setText(self.tr("&Not Duplicates"))
        self.action_not_duplicates.setToolTip(
            self.tr(
                "Never show the selected files as duplicates again: a file leaves its group "
                "(a group's row: its files part), a file in Compare leaves the reference's "
                "list; renamed files stay apart while their contents are the same"
            )
        )
        self.action_ignore_list.setText(self.tr("&Ignore List…"))
        self.action_ignore_list.setToolTip(
            self.tr("The pairs of files you said are not duplicates: search them, remove some")
        )
        self.menu_view.setTitle(self.tr("&View"))
        self.menu_language.setTitle(self.tr("&Language"))
        self.language_actions[i18n.SYSTEM].setText(self.tr("System Default"))
        self.menu_help.setTitle(self.tr("&Help"))
        self.action_help.setText(self.tr("How simfind &Compares"))
        self.action_shortcuts.setText(self.tr("&Keyboard Shortcuts"))
        self.action_about.setText(self.tr("&About simfind"))
        self._update_scan_button()
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

    # -- what is remembered --------------------------------------------------------------
    def _restore(self) -> None:
        self.state.restore_geometry(self)
        self.state.restore_options(self.options_panel, self.options_toggle)
        for page in self.pages:
            page.restore()
        self.state.restore_mode(self.mode_tabs)

    def _save(self) -> None:
        self.state.save_geometry(self)
        self.state.save_options(self.options_panel, self.options_toggle)
        for page in self.pages:
            page.save()
        self.state.save_mode(self.mode_tabs)
        self.state.sync()

    @Slot()
    def _update_title(self) -> None:
        """What the window shows, and the app's name: "report.docx — simfind" (as a taskbar,
        Alt+Tab and the Dock show it; Qt adds no second name to a title ending in it)."""
        subject = self.page().title_subject() or self.tr("Find near-duplicates")
        self.setWindowTitle(f"{subject} \N{EM DASH} {APP_NAME}")

    # -- the pages -----------------------------------------------------------------------
    def open_inputs(self, reference: Path | None, folder: Path | None) -> None:
        """What the command line (or a file manager's "Open with") named decides the tab: a
        file opens Compare with it and the folder; a folder alone opens All Near-Duplicates
        with that folder listed alone."""
        if reference is not None:
            self.compare.set_inputs(reference, folder)
            self.set_page(self.compare)
            self.compare.check_named()
        elif folder is not None:
            self.groups.set_folder(folder)
            self.set_page(self.groups)

    @Slot()
    def open_results(self) -> None:
        """File → Open Results…: a result file's groups, on All Near-Duplicates."""
        self.set_page(self.groups)
        self.groups.open_results()

    def open_result_file(self, path: Path) -> bool:
        """Open the groups of the result file at ``path`` (``simfind gui RESULT``)."""
        self.set_page(self.groups)
        return self.groups.open_results_from(path)

    def mode(self) -> Mode:
        return Mode(self.mode_tabs.currentIndex())

    def set_mode(self, mode: Mode) -> None:
        self.mode_tabs.setCurrentIndex(mode)

    def page(self) -> Page:
        """The page shown."""
        return self.pages[max(0, self.mode_tabs.currentIndex())]

    def set_page(self, page: Page) -> None:
        self.mode_tabs.setCurrentIndex(self.pages.index(page))

    @Slot(int)
    def _on_mode_changed(self, index: int) -> None:
        if not self._built and index < 0:
            return
        page = self.pages[max(0, index)]
        self.inputs.setCurrentIndex(self.pages.index(page))
        self.results.setCurrentIndex(self.pages.index(page))
        # The inputs not shown take no room: the inputs are as tall as the page's own.
        for other in self.pages:
            if other.inputs is not None:
                shown = other is page
                policy = QSizePolicy.Policy.Preferred if shown else QSizePolicy.Policy.Ignored
                other.inputs.setSizePolicy(policy, policy)
        self.inputs.adjustSize()
        self._inputs_row.setAlignment(self._scan_column, page.inputs_alignment)
        # A page with its own inputs has its own button and progress, and no scan options.
        shared = page.inputs is not None
        for widget in (self.inputs, self.scan_button, self.options_toggle):
            widget.setVisible(shared)
        self.options_panel.setVisible(shared and self.options_toggle.isChecked())
        self.options_panel.set_has_reference(page.has_reference)
        self.progress_widget.setVisible(shared and self.scans.running)
        self.move_bar.set_here(page.marks_files)
        self.menu_mark.menuAction().setVisible(page.marks_files)
        self.action_link.setVisible(page.knows_kept)
        self.action_not_duplicates.setVisible(page.sets_apart)
        for other in self.pages:
            for action in (*other.open_actions, *other.export_actions, *other.mark_actions):
                action.setVisible(other is page)
        self._update_scan_actions()
        self._update_marks()
        if self._built:
            self._show_skipped_button()
            self._update_title()

    @Slot(Path, Path)
    def _compare_with(self, file: Path, folder: Path) -> None:
        """Compare a file with a folder, on the Compare page."""
        self.compare.set_inputs(file, folder)
        self.set_page(self.compare)
        self.compare.start()

    # -- scanning ------------------------------------------------------------------------
    @Slot()
    def start_scan(self) -> None:
        if not self.scans.running:
            self.page().start()

    @Slot()
    def cancel_scan(self) -> None:
        self.page().cancel()

    @Slot()
    def _on_scan_or_cancel(self) -> None:
        if self.scans.running:
            self.cancel_scan()
        else:
            self.start_scan()

    def _update_scan_button(self) -> None:
        scanning = self.scans.running
        self.scan_button.setText(self.tr("Cancel") if scanning else self.tr("Scan"))

    @Slot()
    def _update_scan_actions(self) -> None:
        busy = self.page().is_busy() or self.scans.running
        self.action_scan.setEnabled(not busy)
        self.action_cancel.setEnabled(self.page().is_busy())

    @Slot(bool)
    def _set_scanning(self, scanning: bool) -> None:
        self._update_scan_button()
        self._update_scan_actions()
        self.progress_widget.setVisible(scanning and self.page().inputs is not None)
        for widget in (self.options_panel, self.mode_tabs):
            widget.setEnabled(not scanning)

    @Slot(CacheWarning)
    def _on_warning(self, warning: CacheWarning) -> None:
        self.statusBar().showMessage(words.cache_warning(warning), 10000)

    @Slot(StoreNotice)
    def _on_ignore_notice(self, notice: StoreNotice) -> None:
        self.statusBar().showMessage(words.ignore_notice(notice), 15000)

    def make_catalogue(self, update: bool = False) -> CatalogueDialog:
        """File → Make a Catalogue… (or Update a Catalogue…): the dialog, its work on the lane
        with the scan options shown."""
        settings = Settings(
            self.options_panel.scan_options, self.options_panel.use_cache, lambda: self.scans.pool
        )
        dialog = CatalogueDialog(self.tasks, settings, update, self)
        dialog.open()
        return dialog

    @Slot()
    def show_ignore_list(self) -> IgnoreListDialog:
        """Mark → Ignore List…: the pairs said not to be duplicates, to search and remove."""
        dialog = IgnoreListDialog(self.ignore, self)
        dialog.open()
        return dialog

    @Slot()
    def _show_skipped_button(self) -> None:
        """The status bar tells of the page shown: its summary, its skipped files."""
        if not self.scans.running:
            self.status.show_result(self.page().shown_result(), self.page().shown_left())

    @Slot()
    def show_skipped(self) -> None:
        result = self.page().shown_result()
        if result is None or not result.skipped:
            return
        SkippedDialog(result.skipped, self).open()

    # -- the selected files --------------------------------------------------------------
    @Slot()
    def open_selected(self) -> None:
        for path in self.page().selected_paths()[:10]:
            self._open(path)

    @Slot(Path)
    def _open(self, path: Path) -> None:
        if not file_actions.open_file(path):
            self.statusBar().showMessage(
                self.tr("No application opens {path}").format(path=shown_path(path)), 8000
            )

    @Slot()
    def show_selected_in_folder(self) -> None:
        paths = self.page().selected_paths()
        if not paths:
            return
        path = paths[0]
        try:
            shown = file_actions.show_in_folder(path)
            why = ""
        except OSError as exc:
            shown, why = False, words.os_error(OsFailure.of(exc))
        if not shown:
            text = self.tr("Could not show {path} in its folder").format(path=shown_path(path))
            #: After "Could not show … in its folder": the system's reason.
            self.statusBar().showMessage(
                text + (self.tr(": {why}").format(why=why) if why else ""), 8000
            )

    @Slot()
    def copy_selected_paths(self) -> None:
        count = file_actions.copy_paths(self.page().selected_paths())
        if count:
            self.statusBar().showMessage(self.tr("Copied %n path(s)", "", count), 4000)

    @Slot()
    def use_selected_as_reference(self) -> None:
        self.page().use_selected()

    # -- marked files, and moving them ---------------------------------------------------
    def marked(self) -> list[Match]:
        """The files marked on the page shown."""
        return self.page().marked()

    @Slot()
    def _update_marks(self) -> None:
        if not self._built:
            return
        marked = self.marked()
        idle = not self.clean_up.busy
        self.action_trash.setEnabled(bool(marked) and idle)
        self.action_move.setEnabled(bool(marked) and idle)
        self.action_link.setEnabled(bool(marked) and idle and self.page().knows_kept)
        self.action_undo_move.setEnabled(self.clean_up.last_move is not None and idle)
        self.action_unmark.setEnabled(bool(marked))
        self._word_undo()

    def _word_undo(self) -> None:
        """Undo names what it undoes: a move to a folder, or a replacement by links."""
        last = self.clean_up.last_move
        if last is not None and last.action is Action.LINK:
            self.action_undo_move.setText(self.tr("&Undo the Last Replacement by Hard Links"))
        else:
            self.action_undo_move.setText(self.tr("&Undo the Last Move to a Folder"))

    @Slot()
    def unmark_all(self) -> None:
        self.page().unmark_all()

    def move_marked(self, action: Action, folder: Path | None = None) -> bool:
        """Ask to move the marked files to the trash or ``folder``; False if nothing to ask."""
        return self.moves.move_marked(action, folder)

    @Slot()
    def undo_move(self) -> None:
        self.moves.undo()

    # -- window events -------------------------------------------------------------------
    @Slot(bool)
    def _on_options_toggled(self, shown: bool) -> None:
        self.options_panel.setVisible(shown)
        self.options_toggle.setArrowType(
            Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow
        )

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if len(paths) == 2 and all(os.path.isfile(p) for p in paths):  # noqa: PTH113
            # Two files: their diff, in a window of its own (as File → Compare Two Files).
            self.compare.open_pair(Path(paths[0]), Path(paths[1]))
        else:
            self.page().drop(paths)
        event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        for page in self.pages:
            page.cancel()
        self.scans.shutdown()
        self._save()
        event.accept()

    @Slot()
    def show_about(self) -> AboutDialog:
        dialog = AboutDialog(self)
        dialog.open()
        return dialog

    def _actions_by_tab(self, tabs: list[str]) -> list[tuple[QAction, str | None]]:
        """The window's actions in the order of its menus (then those in no menu), each with
        the tab whose page holds it (None: the window's own)."""
        ordered: list[QAction] = []

        def walk(menu: QMenu) -> None:
            for action in menu.actions():
                sub = action.menu()
                if isinstance(sub, QMenu):
                    walk(sub)
                elif action not in ordered:
                    ordered.append(action)

        for entry in self.menuBar().actions():
            menu = entry.menu()
            if isinstance(menu, QMenu):
                walk(menu)
        ordered += [a for a in self.findChildren(QAction) if a not in ordered]
        owner = {
            a: tab
            for page, tab in zip(self.pages, tabs, strict=True)
            for a in page.findChildren(QAction)
        }
        return [(action, owner.get(action)) for action in ordered]

    def show_help(self, page: int) -> HelpDialog:
        """Help on a page of its own window (F1: how simfind compares)."""
        tabs = [self.mode_tabs.tabText(i) for i in range(self.mode_tabs.count())]
        dialog = HelpDialog(self._actions_by_tab(tabs), tabs, self)
        dialog.show_page(page)
        dialog.open()
        return dialog

"""The All Near-Duplicates page: every group of near-duplicates in one or more folders.

The folders are its inputs (FolderList); the search runs on the window's scan
thread and its groups fill the tree (GroupsModel); the threshold groups what
was found again with no new search; the selected file's diff to the centre of
its group shows below. Files are marked all but one by a rule, and the groups
export as CSV or JSON, as ``simfind groups`` writes them.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import chain
from pathlib import Path
from typing import cast

from PySide6.QtCore import QDir, QModelIndex, Qt, Signal, Slot
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.errors import InputError, InputProblem
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_store import SUFFIX
from simfind.core.cleanup.file_marks import Present, candidate, present
from simfind.core.cleanup.hard_links import LinkPair, pair_with_kept
from simfind.core.cleanup.marking import KeepRule, mark_older_versions
from simfind.core.cleanup.moves import PlannedFile, plan_files
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.reading import ReadingSettings
from simfind.core.folders.pairing import FilePair
from simfind.core.groups.folder_groups import GroupsFound, GroupsResult, regroup
from simfind.core.groups.group import Member
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.results.reopening import Reopened
from simfind.core.scan.inputs import check_output, check_source
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.gui.base.result_words import result_words
from simfind.gui.base.wording import words
from simfind.gui.diff.pair_window import PairWindow
from simfind.gui.diff.rendering import Side
from simfind.gui.diff.summary import LeftSide
from simfind.gui.diff.view import DiffView
from simfind.gui.groups_list.columns import FileColumns, GroupColumn
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.groups_list.rule_marks import FoundMarks, Marker
from simfind.gui.groups_list.shown_groups import SHOW_ASIDE_FROM, PreparedGroups
from simfind.gui.groups_list.tree import Current, GroupsTree
from simfind.gui.ignore.keeper import known_pairs, pairs_of
from simfind.gui.pages.base import PageContext
from simfind.gui.pages.groups.arriving_groups import ArrivingGroups
from simfind.gui.pages.groups.export import GroupsExports
from simfind.gui.pages.groups.folders_view import FoldersView
from simfind.gui.pages.groups.result_files import ResultFiles
from simfind.gui.versions.panel import VersionsPanel
from simfind.gui.versions.view import GroupVersions
from simfind.gui.widgets.file_filter import FileFilter, FilesRead, read_files
from simfind.gui.widgets.folder_list import FolderList
from simfind.gui.widgets.mark_bar import MarkBar, MenuButton, action_button, show_busy
from simfind.gui.widgets.threshold import ThresholdControl
from simfind.gui.widgets.window_state import FOLDERS, GROUPS_SPLITTER, GROUPS_THRESHOLD
from simfind.gui.work import long_lived
from simfind.gui.work.aside import Aside


class GroupsPage(GroupsExports):
    """The folders above; the tree of groups, its marking row and the diff below."""

    inputs_alignment = Qt.AlignmentFlag.AlignTop
    knows_kept = True
    sets_apart = True
    # A file to compare with the folder it was found in (Result → Use as Reference).
    compare_requested = Signal(Path, Path)

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.result: GroupsResult | None = None
        self._by_path: tuple[GroupsResult, dict[Path, Match]] | None = None
        self.folders: list[Path] = []  # those of the last search
        self._regrouping = 0  # the latest regrouping asked for (an older one's is dropped)
        self._started = 0  # searches started (a regrouping is of one)
        # How the groups' files were read (bits, documents, scripts, the text they share
        # widely), as the search read them: what the diff takes.
        self.reading = ReadingSettings(128, True, True)
        self.model = GroupsModel(self)
        self.showing = Aside(self.tasks, self)  # a result's groups made ready to show
        self.folder_list = FolderList()
        self.inputs = self.folder_list
        self._build_actions()
        self._build()
        self.model.marks_changed.connect(self._on_marks)
        self.scans.grouped.connect(self._on_grouped)
        # Groups final while the search goes on, shown as they come.
        self.arriving = ArrivingGroups(self.model, self)
        self.arriving.shown.connect(self._on_arrived)
        self.scans.groups_found.connect(self._on_groups_found)
        self.scans.running_changed.connect(self._show_placeholder)
        # File → Save Results… and Open Results… (result_files.py).
        self.result_files = ResultFiles(self, self.tasks, context.ignore)
        self.result_files.opened.connect(self.show_reopened)
        self.result_files.saved.connect(self._on_results_saved)
        self._on_marks()

    # -- building ----------------------------------------------------------------------
    def _build_actions(self) -> None:
        self.action_open_folder = QAction(self)
        self.action_open_folder.setShortcut(QKeySequence("Ctrl+Shift+O"))
        self.action_open_folder.triggered.connect(self.browse_folder)
        self.action_export = QAction(self)
        self.action_export.setShortcut(QKeySequence("Ctrl+E"))
        self.action_export.triggered.connect(self.export)
        self.action_report = QAction(self)
        self.action_report.triggered.connect(self.export_report)
        self.action_save_results = QAction(self)
        self.action_save_results.setShortcut(QKeySequence.StandardKey.Save)
        self.action_save_results.triggered.connect(self.save_results)
        self.rules_menu = QMenu(self)
        self.rule_actions: dict[KeepRule, QAction] = {}
        for rule in KeepRule:
            action = QAction(self)
            action.triggered.connect(lambda _=False, rule=rule: self._on_rule(rule))
            self.rules_menu.addAction(action)
            self.rule_actions[rule] = action
        # Keeps several files of a group: the newest of each chain of versions.
        self.action_keep_versions = QAction(self)
        self.action_keep_versions.triggered.connect(self._on_keep_versions)
        self.rules_menu.addAction(self.action_keep_versions)
        self.rules_menu.addSeparator()
        # Checked: the rules above mark only files with a byte-identical twin in the group.
        self.action_identical_only = QAction(self)
        self.action_identical_only.setCheckable(True)
        self.rules_menu.addAction(self.action_identical_only)
        self.rules_button = MenuButton(self.rules_menu)
        self.marker = Marker(self.model, self.tasks, self)
        self.marker.running_changed.connect(self._on_marking)
        # The groups shown as versions in order, a step's diff below (a toggle).
        self.versions = VersionsPanel(
            self.model.shown_groups, self._versions_settings, self.tasks, self
        )
        self.action_versions = self.versions.action
        self.action_versions.toggled.connect(self._on_versions_toggled)
        self.open_actions = [self.action_open_folder]
        self.export_actions = [self.action_save_results, self.action_export, self.action_report]
        self.mark_actions = [self.rules_menu.menuAction()]

    def _build(self) -> None:
        marks = self.context.marks
        self.bar = MarkBar(
            [self.rules_button, action_button(marks.unmark)],
            [
                action_button(action)
                for action in (marks.trash, marks.move, marks.link)
                if action is not None
            ],
        )
        self.tree = GroupsTree(self.model)
        self.tree.sortByColumn(GroupColumn.SIZE, Qt.SortOrder.DescendingOrder)
        for column, width in (
            (GroupColumn.NAME, 250),
            (GroupColumn.SIMILARITY, 95),
            # Wide enough to name the other file a file is identical to, whole.
            (GroupColumn.KIND, 300),
            (GroupColumn.SIZE, 110),
            (GroupColumn.MODIFIED, 130),
            (GroupColumn.ENCODING, 85),
            (GroupColumn.FORMAT, 95),
        ):
            self.tree.setColumnWidth(column, width)
        self.tree.doubleClicked.connect(self._on_double_click)
        self.diff_view = DiffView(groups=True)
        self.tree.current_changed.connect(self._on_current)
        # Files at least this similar to each other are grouped; changing it regroups
        # what was found, with no new search.
        self.threshold = ThresholdControl()
        self.threshold.changed.connect(self._on_threshold)
        # Show only the groups with a file of this name, folder or format (whole groups).
        self.file_filter = FileFilter()
        self.file_filter.changed.connect(self._on_filter)
        self.versions_view = self.versions.view
        self.versions_view.step_selected.connect(self._on_step)
        self.versions_button = self.versions.button
        # The folders that are near-copies of each other, from the same search (a toggle).
        self.folders_view = FoldersView(self.tasks)
        self.folders_view.action.toggled.connect(self._on_folders_toggled)
        self.folders_view.pair_opened.connect(self._open_file_pair)
        self.folders_view.file_selected.connect(self._show_file_pair)
        self.folders_view.file_cleared.connect(self.diff_view.clear)
        self.folders_view.keep_asked.connect(self._keep_folder)
        self.pair_windows: list[PairWindow] = []
        self.views = QStackedWidget()
        self.views.addWidget(self.tree)
        self.views.addWidget(self.versions_view)
        self.views.addWidget(self.folders_view)
        above = QHBoxLayout()
        above.addWidget(self.file_filter, 1)
        above.addSpacing(12)
        above.addWidget(self.versions_button)
        above.addWidget(self.folders_view.button)
        above.addSpacing(12)
        above.addWidget(self.threshold)
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(above)
        top_layout.addWidget(self.views, 1)
        top_layout.addWidget(self.bar)
        self.splitter = self._results_over_diff(top, self.diff_view)

    def set_item_actions(self, actions: Sequence[QAction | None]) -> None:
        super().set_item_actions(actions)
        self._attach_item_actions(self.tree)

    def retranslate(self) -> None:
        self.folder_list.retranslate()
        self.action_open_folder.setText(self.tr("Choose &Folder…"))
        self.action_export.setText(self.tr("&Export Groups…"))
        self.action_report.setText(self.tr("Export &Report…"))
        self.action_save_results.setText(self.tr("&Save Results…"))
        self.action_save_results.setToolTip(
            self.tr(
                "Keep these groups in a file, to open them again later and clean them up "
                "without a new search (or with 'simfind clean')"
            )
        )
        self.action_report.setToolTip(
            self.tr("Write the selected group, each file beside its centre, as a web page")
        )
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
        self.action_keep_versions.setText(self.tr("Keep the Newest &Version of Each Chain"))
        self.action_keep_versions.setToolTip(
            self.tr(
                "Order each group's files as versions by their modified time and keep the "
                "newest of each chain (of each branch where versions branch)"
            )
        )
        self.versions.retranslate(
            self.tr(
                "Show each group's files as versions: oldest first, each under the earlier "
                "version it most resembles, with the size of each step"
            )
        )
        #: In the "Mark All but One" menu: a choice that the rules above it obey.
        self.action_identical_only.setText(self.tr("Only Byte-&Identical Files"))
        self.action_identical_only.setToolTip(
            self.tr(
                "Mark only files that are byte for byte the same as another of their group, "
                "not files with the same text in another encoding or with other line endings"
            )
        )
        self.folders_view.retranslate()
        self.model.retranslate()
        self._show_placeholder()

    # -- what is remembered ------------------------------------------------------------
    def restore(self) -> None:
        self.threshold.set_value(self.state.threshold(GROUPS_THRESHOLD))
        self.state.restore_folders(self.folder_list)
        self.state.restore_splitter(GROUPS_SPLITTER, self.splitter, [330, 330])

    def save(self) -> None:
        self.state.save_folders(self.folder_list)
        self.state.save_splitter(GROUPS_SPLITTER, self.splitter)

    def title_subject(self) -> str | None:
        if not self.folders:
            return None
        subject = shown_path(self.folders[0].name or self.folders[0])
        if len(self.folders) > 1:
            more = self.tr("%1 and %n more", "", len(self.folders) - 1)
            subject = more.replace("%1", subject)
        return subject

    def shown_left(self) -> tuple[int, int] | None:
        if self.result is None or not self.model.has_hidden():
            return None
        shown = self.model.shown_lists()
        return len(shown), sum(len(members) for members in shown)

    def shown_result(self) -> GroupsResult | None:
        return self.result

    def set_folder(self, folder: Path) -> None:
        """The folder alone in the list."""
        self.folder_list.set_entries([(str(folder), False)])

    def set_inputs_enabled(self, enabled: bool) -> None:
        self.folder_list.setEnabled(enabled)

    # -- searching -----------------------------------------------------------------------
    @Slot()
    def start(self) -> None:
        """Find every group of near-duplicates in the folders listed."""
        if self.scans.running:
            return
        folders = self.folder_list.folders()
        references = self.folder_list.reference_folders()
        try:
            if not folders:
                raise InputError(InputProblem.NO_FOLDER)
            for folder in [*folders, *references]:
                check_source(folder)  # a folder, or a catalogue of one
        except InputError as error:  # the status line says it too: the latest state
            QMessageBox.warning(self, self.tr("Cannot search"), self.status.refused(error))
            return
        for folder in folders:
            self.state.remember(FOLDERS, str(folder))
        self._opened_result(False)
        options = self.context.options.scan_options()
        self.result = None
        self._started += 1
        self.arriving.start()
        self.showing.drop()
        self.model.set_result(None)
        self.folders_view.take(None)
        self.diff_view.clear()
        self.reading = options.reading()  # the search's own once it has read the files
        self.folders = folders
        self.title_changed.emit()
        self.status.started_groups(folders)
        grouping = GroupingOptions(threshold=self.threshold.value())
        self._began()
        self.scans.start_groups(
            folders, references, options, self.context.options.use_cache(), grouping
        )
        self._show_placeholder()

    @Slot(float)
    def _on_threshold(self, threshold: float) -> None:
        self.state.set_threshold(GROUPS_THRESHOLD, threshold)
        self._regroup_to(threshold)

    def _regroup_to(self, threshold: float) -> None:
        """Group the files found again at this threshold, off this thread (a member new to a
        centre is read and compared); nothing when they are grouped so already."""
        result = self.result
        if result is None or result.threshold == threshold or result.saved:
            return  # (a result opened from a file has no pairs to group again)
        self._regrouping += 1
        ticket = (self._regrouping, self._started)
        self.tasks.run(
            lambda: regroup(result, threshold),
            lambda again: self._on_regrouped(ticket, again),
            self._on_regroup_failed,
        )

    def _on_regrouped(self, ticket: tuple[int, int], result: GroupsResult) -> None:
        # The newest threshold's, of the files of the last search (not of a search since).
        if ticket == (self._regrouping, self._started):
            self._on_grouped(result)

    def _on_regroup_failed(self, error: Exception) -> None:
        QMessageBox.warning(self, self.tr("Cannot group again"), f"{type(error).__name__}: {error}")

    @Slot(GroupsFound)
    def _on_groups_found(self, found: GroupsFound) -> None:
        """Groups final while the search goes on: added to those shown, the view left as it
        is (selection, marks, sort order)."""
        if self._scanning and self.result is None:
            if found.search.reading is not None:
                self.reading = found.search.reading
            self.arriving.add(found)

    @Slot(int, int)
    def _on_arrived(self, groups: int, files: int) -> None:
        self._groups_changed()
        self.status.groups_so_far(groups, files)
        self._show_placeholder()

    @Slot(GroupsResult)
    def _on_grouped(self, result: GroupsResult) -> None:
        """A search's groups, or the same files grouped again at another threshold."""
        self.result = result
        if result.reading is not None:
            self.reading = result.reading
        self.threshold.show_pairs(result.compared_pairs, self.tasks)  # counted aside
        self.marker.drop()
        # Groups shown during the search stay where they are, the rest added, all in order.
        if self.arriving.finish(result):
            self.showing.drop()
            self._shown(result)
            return
        # Else made ready on a pool thread where they are many (25,000 groups: 130 ms), their
        # files read for the filter there too (a thread of its own slowed the first paint).
        long_lived.results_arrived()  # the result's objects, before the worker makes more
        version = self.model.shown_version
        preparing = self.model.preparing_result(result)

        def work() -> tuple[PreparedGroups, FilesRead]:
            prepared = preparing()
            return prepared, read_files(prepared.groups)

        self.showing.run(
            work,
            lambda ready: self._shown(result, *ready),
            still=lambda: version == self.model.shown_version and result is self.result,
            now=len(result.groups) < SHOW_ASIDE_FROM,
        )

    def _shown(
        self,
        result: GroupsResult,
        prepared: PreparedGroups | None = None,
        read: FilesRead | None = None,
    ) -> None:
        """A result's groups in the list: ``prepared`` taken in, where they are not yet."""
        if prepared is not None:
            self.model.take_prepared(prepared)
        if read is not None:
            self.file_filter.take_read(self.model.given_groups(), read)
        long_lived.results_arrived()
        self._groups_changed()
        self.folders_view.take(result)
        self.status.grouped(result)
        self.result_changed.emit()
        self._show_placeholder()
        # Last: their threads share the interpreter with this one.
        self.file_filter.read_aside(self.model.given_groups())
        self.model.sort_keys_aside()
        if not result.cancelled:  # a threshold chosen while the search ran
            self._regroup_to(self.threshold.value())

    @Slot()
    def _show_placeholder(self) -> None:
        """What the groups' tree says while it is empty."""
        result = self.result
        if self.is_busy():
            text = self.tr("Looking for near-duplicates…")
        elif result is None:
            text = self.tr(
                "Add one or more folders above and press Scan: every group of near-duplicates "
                "in them appears here, each file with its similarity to the centre of its group."
            )
        elif not result.groups:
            text = self.tr("No near-duplicates were found.")
        elif self.file_filter.active():
            text = self.tr("No group has a file that matches the filter.")
        else:
            text = self.tr(
                "No group is left: the files moved away or set apart as not duplicates left "
                "each group with one file. Undo puts moved files back; a new scan shows the "
                "groups as they are now."
            )
        self.tree.set_placeholder(text)

    # -- results that last ----------------------------------------------------------------
    @Slot()
    def save_results(self) -> None:
        """File → Save Results…: ask where, and write the groups shown there."""
        title = self.tr("Save Results")
        if self.result is None or not self.model.group_count():
            QMessageBox.information(self, title, self.tr("There are no groups to save."))
            return
        choices = [(self.tr("simfind results (*.json)"), ".json")]
        target = self._ask_target(title, "simfind-result.json", choices)
        if target:
            self.save_results_to(Path(target))

    def save_results_to(self, target: Path) -> bool:
        """Write the groups shown (the files moved away or set apart left out) to
        ``target``, off the GUI thread; refuses a place that cannot be written."""
        result = self.result
        if result is None:
            return False
        try:
            check_output(target)
        except InputError as error:
            QMessageBox.warning(self, self.tr("Save Results"), words.input_problem(error))
            return False
        self.state.set_export_folder(str(target.parent))
        return self.result_files.save(target, result, self.model.unfiltered_groups())

    @Slot(Path)
    def _on_results_saved(self, target: Path) -> None:
        text = self.tr("Results saved to {path}").format(path=shown_path(target))
        self.status_message.emit(text, 8000)

    def open_results(self) -> None:
        """File → Open Results…: ask which result file, and open it."""
        chosen, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Open Results"),
            self.state.export_folder(),
            ";;".join([self.tr("simfind results (*.json)"), self.tr("All files (*)")]),
        )
        if chosen:
            self.open_results_from(Path(chosen))

    def open_results_from(self, path: Path) -> bool:
        """Open a result file (off the GUI thread); False while a search or another file
        is under way."""
        if self.scans.running:
            return False
        return self.result_files.open(path)

    @Slot(Reopened)
    def show_reopened(self, found: Reopened) -> None:
        """A result opened from a file: its groups shown as a search's, its inputs in the
        folder list, the files changed or gone since it was saved said so."""
        result = found.result
        self._started += 1
        self.arriving.start()
        self.showing.drop()
        self.marker.drop()
        self.result = None
        self.diff_view.clear()
        options = result.options or ScanOptions()
        self.reading = result.reading or replace(options.reading(), bits=result.bits)
        self.folders = list(result.folders)
        self.folder_list.set_entries(
            [(os.fspath(f), False) for f in result.folders]
            + [(os.fspath(f), True) for f in result.reference_folders]
        )
        self.threshold.set_value(result.threshold)
        self._opened_result(True)
        self.title_changed.emit()
        self._on_grouped(result)
        self.status_message.emit(result_words.opened(len(result.groups), result.saved), 8000)

    def _opened_result(self, opened: bool) -> None:
        """A result opened from a file has no pairs to group again at another threshold."""
        self.threshold.setEnabled(not opened)
        self.threshold.setToolTip(
            self.tr("Opened from a saved result: scan again to group at another threshold")
            if opened
            else ""
        )

    # -- the results ---------------------------------------------------------------------
    @Slot()
    def _on_filter(self) -> None:
        active = self.file_filter.active()
        self.model.set_filter(
            self.file_filter.accepts if active else None, self.file_filter.groups_passing
        )
        self._groups_changed()
        self._show_placeholder()

    @Slot(Current)
    def _on_current(self, current: Current) -> None:
        item: Member | None = current.item
        other: Member | None = current.centre
        if item is None or other is None or item is other:
            self.diff_view.clear()
            return
        measured = current.measured
        role = LeftSide.CENTRE if measured else LeftSide.GROUP_FILE
        if item.by_bytes or other.by_bytes:  # not read as text: no diff, only the same bytes
            left = Side(other.path, "", other.size, self.reading.documents, other.format)
            self.diff_view.show_same_bytes(left, item, role)
            return
        if not measured:
            # Its figures were to the centre that is gone: only the distance is known here.
            distance = (item.fingerprint ^ other.fingerprint).bit_count()
            item = replace(item, similarity=None, distance=distance)
        left = Side.of(other, self.reading.documents)
        self.diff_view.compare(left, item, self.reading, role)

    @Slot(QModelIndex)
    def _on_double_click(self, index: QModelIndex) -> None:
        match = self.tree.item_at(index) if index.isValid() else None  # a row of the view
        if match is not None:
            self.file_activated.emit(match.path)

    def selected_paths(self) -> list[Path]:
        return [m.path for m in self.tree.selected_items()]

    def use_selected(self) -> None:
        """Compare the file with the folder it was found in."""
        matches = self.tree.selected_items()
        result = self.result
        if not matches or result is None or self.scans.running:
            return
        roots = [*result.folders, *result.reference_folders]
        self.compare_requested.emit(matches[0].path, roots[result.root_of(matches[0])])

    def drop(self, paths: Sequence[str]) -> None:
        for path in paths:
            if os.path.isdir(path) or path.lower().endswith(SUFFIX):  # noqa: PTH112
                self.folder_list.add(path)

    @Slot()
    def browse_folder(self) -> None:
        self.folder_list._on_add()

    # -- marking, and files moved --------------------------------------------------------
    def marked(self) -> list[Match]:
        return [m.match for m in self.model.marked()]

    @Slot()
    def _on_marks(self) -> None:
        marked = self.marked()
        self.bar.set_marked(len(marked), self.model.marked_size())
        has_groups = self.model.group_count() > 0 and not self.marker.running
        for action in [*self.rule_actions.values(), self.action_keep_versions]:
            action.setEnabled(has_groups)
        self.rules_button.setEnabled(has_groups)
        self.marks_changed.emit()

    @Slot(bool)
    def _on_marking(self, running: bool) -> None:
        """While a rule's marks are worked out: the mark bar says so, the rules wait, and the
        list shows the busy pointer (it can still be scrolled and clicked)."""
        self.bar.set_busy(self.tr("Marking files…") if running else None)
        show_busy(self.tree.viewport(), running)
        self._on_marks()

    def unmark_all(self) -> None:
        self.marker.drop()
        self.model.set_marked(set())

    def mark_all_but_one(self, rule: KeepRule, folder: Path | None = None) -> None:
        """In each group shown, keep one file by ``rule`` and mark the others (off the GUI
        thread where the files are many: see gui.rule_marks).

        Files in reference folders are never marked; a group holding one keeps it.
        """
        identical_only = self.action_identical_only.isChecked()
        self.marker.mark_by_rule(rule, folder, identical_only, self._on_rule_marked)

    def _on_rule_marked(self, found: FoundMarks) -> None:
        marks = found.marks
        assert marks is not None
        text = self.tr("Marked %n file(s)", "", marks.count)
        if marks.without_keeper:
            text += self.tr(
                "; %n group(s) have no file in that folder and were left", "", marks.without_keeper
            )
        self.status_message.emit(text, 8000)

    def _on_rule(self, rule: KeepRule) -> None:
        folder = None
        if rule is KeepRule.IN_FOLDER:
            result = self.result
            start = os.fspath(result.folders[0]) if result and result.folders else QDir.homePath()
            chosen = QFileDialog.getExistingDirectory(
                self, self.tr("Keep the files in this folder"), start
            )
            if not chosen:
                return
            folder = Path(chosen)
        self.mark_all_but_one(rule, folder)

    def link_pairs(self) -> list[LinkPair]:
        """Each marked file with the unmarked file of its group it would become a link to
        (the one with the same bytes as scanned where there is one; one outside the
        reference folders before one in them)."""
        marked = {m.path for m in self.model.marked()}
        return pair_with_kept(self._taking_part(self.model.shown_groups()).candidates, marked)

    def planned_files(self) -> list[PlannedFile]:
        """Each marked file with the files kept for it: the unmarked files of its groups
        that take part (a file changed since a saved result is kept for none)."""
        marked = [candidate(m, False) for m in self.marked()]  # (marked: none is protected)
        kept = self._taking_part(self.model.unfiltered_groups()).candidates
        return list(plan_files(marked, kept))

    def _taking_part(self, groups: Sequence[Sequence[Member]]) -> Present:
        """The groups' files that take part in a clean-up, those in reference folders (never
        marked) said so; files changed since a saved result left out, as ``simfind clean``
        leaves them (core.cleanup.file_marks)."""
        columns = self.model.columns
        assert isinstance(columns, FileColumns)
        return present(groups, columns.protected, columns.stale)

    @Slot()
    def _on_keep_versions(self) -> None:
        self.versions.with_versions(self.mark_older_versions)

    def mark_older_versions(self, found: list[GroupVersions]) -> None:
        """In each group, mark every file but the newest versions of its chains (never a
        file in a reference folder)."""
        # The groups' members as the model holds them (the versions read their files).
        taking_part = self._taking_part([cast("Sequence[Member]", m) for m, _ in found])
        newest = [{v.path for v in versions.newest()} for _, versions in found]
        self.marker.drop()
        identical = self.action_identical_only.isChecked()
        marks = mark_older_versions(taking_part.candidates, newest, identical)
        self.model.set_marked(
            {
                found[g][0][taking_part.rows[g][k]].path
                for g, marked in enumerate(marks.marked)
                for k in marked
            }
        )
        self.status_message.emit(self.tr("Marked %n file(s)", "", marks.count), 8000)

    # -- the ignore list -------------------------------------------------------------------
    def not_duplicates(self) -> None:
        """The rows selected are not duplicates: a file, of every other file of its group (so
        that it leaves the group, and no rescan puts it back beside any of them); a group's
        row, each of its files of every other. On the ignore list, and out of the groups at
        once; the rest of a group stays, its files still similar to each other."""
        result = self.result
        model = self.model
        if result is None:
            return
        pairs: dict[tuple[Path, Path], tuple[Match, Match]] = {}
        leaving: set[Path] = set()
        groups = 0
        for row in self.tree.selectionModel().selectedRows():
            index = self.tree.flat.source(row)
            members = model.members(model.group_row(index))
            if model.is_group(index):
                chosen = members
                groups += 1
            else:
                chosen = [model.item_at(index)]
            for item in chosen:
                leaving.add(item.path)
                for other in members:
                    if other is not item:
                        pairs.setdefault(tuple(sorted((item.path, other.path))), (item, other))
        if not pairs:
            return
        found = pairs_of(pairs.values())
        result.ignored = (result.ignored or IgnoreList()).with_pairs(known_pairs(found))

        def stored(entries: IgnoreList) -> None:
            if result.ignored is not None:  # contents the view did not know, hashed since
                result.ignored = result.ignored.with_pairs(entries.entries)

        self.context.ignore.add(found, stored)
        self._keep_current(lambda: self.model.hide(leaving))
        if groups:
            text = self.tr("%n group(s) set apart: their files are not duplicates", "", groups)
        else:
            text = self.tr("%n file(s) set apart: not duplicates of their groups", "", len(leaving))
        self.status_message.emit(text, 8000)

    def whole_groups(self, marked: list[Match]) -> int:
        paths = {m.path for m in marked}
        return sum(
            1 for members in self.model.shown_groups() if all(m.path in paths for m in members)
        )

    def files_moved(self, gone: set[Path]) -> None:
        self._keep_current(lambda: self.model.hide(gone))
        self.folders_view.files_gone(gone)

    def files_restored(self, back: set[Path]) -> None:
        self._keep_current(lambda: self.model.unhide(back))
        self.folders_view.files_back(back)

    def _keep_current(self, change: Callable[[], None]) -> None:
        """Rows leave or come back: the file selected stays so where still shown, and its
        diff goes when it has gone."""
        current = self.tree.current_item()
        change()
        if current is None or not self.tree.select_item(current.path):
            self.diff_view.clear()
        self._groups_changed()
        self._show_placeholder()
        self.result_changed.emit()  # the status line counts the groups left

    # -- versions ------------------------------------------------------------------------
    def _versions_settings(self) -> tuple[ScanOptions, Boilerplate]:
        """How the search read and compared the files, at the threshold shown."""
        result = self.result
        options = result.options if result and result.options else None
        options = options or self.context.options.scan_options()
        options = replace(options, rank=replace(options.rank, threshold=self.threshold.value()))
        return options, self.reading.common

    @Slot(bool)
    def _on_versions_toggled(self, shown: bool) -> None:
        if shown:
            self.folders_view.action.setChecked(False)
        self.diff_view.clear()
        self.views.setCurrentWidget(self.versions_view if shown else self.tree)
        if shown:
            self.versions.show()

    def _on_folders_toggled(self, shown: bool) -> None:
        # The diff below holds a file of each folder there, else a file and its centre.
        self.diff_view.left_role = LeftSide.FIRST_FILE if shown else LeftSide.CENTRE
        if shown:
            self.action_versions.setChecked(False)
            self.diff_view.clear()
            self.views.setCurrentWidget(self.folders_view)
            self.folders_view.refresh()
        elif self.views.currentWidget() is self.folders_view:
            self.diff_view.clear()
            self.views.setCurrentWidget(self.tree)

    @Slot(bool)
    def _keep_folder(self, keep_first: bool) -> None:
        """One folder of the pair selected kept: the other's files with a copy in it marked
        (never a file of a reference folder), for the mark bar to move."""
        self.marker.drop()
        self.model.set_marked(self.folders_view.copies(keep_first))
        self.status_message.emit(self.tr("Marked %n file(s)", "", len(self.marked())), 8000)

    @Slot(Path, Path)
    def _open_file_pair(self, first: Path, second: Path) -> None:
        """A file of each folder of a pair: their diff in a window of its own."""
        options = self.context.options.scan_options()
        window = PairWindow(first, second, options.features, not options.text_only, self)
        self.pair_windows.append(window)
        window.destroyed.connect(lambda: self.pair_windows.remove(window))
        window.show()

    def _files_by_path(self) -> dict[Path, Match]:
        """The search's files (and their copies) by path: made once a result, not on
        every pair of files selected."""
        result = self.result
        if result is None:
            self._by_path = None
            return {}
        if self._by_path is None or self._by_path[0] is not result:
            files = [*result.found, *chain(*result.twins.values())]
            self._by_path = (result, {match.path: match for match in files})
        return self._by_path[1]

    @Slot(FilePair)
    def _show_file_pair(self, pair: FilePair) -> None:
        """A file of each folder of a pair selected: their diff below, the first on the left."""
        by_path = self._files_by_path()
        left = by_path.get(pair.a) if pair.a is not None else None
        right = by_path.get(pair.b) if pair.b is not None else None
        if left is None or right is None or left.by_bytes or right.by_bytes:
            self.diff_view.clear()
            return
        # The pair's own figures (none where the two were not alike enough to be measured).
        right = replace(
            right,
            similarity=pair.similarity,
            distance=(left.fingerprint ^ right.fingerprint).bit_count(),
            reference_in_file=None,
            file_in_reference=None,
        )
        left_side = Side.of(left, self.reading.documents)
        self.diff_view.compare(left_side, right, self.reading, LeftSide.FIRST_FILE)

    def _groups_changed(self) -> None:
        """Groups shown anew (found, regrouped, filtered, files moved): their versions too."""
        if self.versions.changed():
            self.diff_view.clear()

    @Slot(Match, Match)
    def _on_step(self, earlier: Match | None, later: Match | None) -> None:
        """A version selected: the diff of its step, the earlier version on the left."""
        if earlier is None or later is None:
            self.diff_view.clear()
            return
        left = Side.of(earlier, self.reading.documents)
        self.diff_view.compare(left, later, self.reading, LeftSide.EARLIER_VERSION)


__all__ = ["GroupsPage"]

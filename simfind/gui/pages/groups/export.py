"""The groups page's exports: its groups as CSV or JSON, as ``simfind groups`` writes them,
and the report of one group as a web page (both written off the GUI thread). A base of
GroupsPage (pages/groups.py), which sets what is declared here.

The words keep the groups page's context: the catalogues knew them there before they moved.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QMessageBox

from simfind.core.base.errors import InputError
from simfind.core.base.shown import shown_path
from simfind.core.compare.reading import ReadingSettings
from simfind.core.groups.folder_groups import Group, GroupsResult
from simfind.core.groups.group import Member
from simfind.core.report.evidence import group_report
from simfind.core.report.export import GROUP_COLUMNS, group_rows, save_csv
from simfind.core.results.writing import save_result
from simfind.core.scan.inputs import check_output
from simfind.gui.base.wording import words
from simfind.gui.groups_list.model import GroupsModel
from simfind.gui.groups_list.tree import GroupsTree
from simfind.gui.pages import table_export
from simfind.gui.pages.groups.result_files import groups_to_save
from simfind.gui.pages.scanning import ScanPage
from simfind.gui.widgets.threshold import ThresholdControl

translate = QCoreApplication.translate


class GroupsExports(ScanPage):
    """What File → Export Groups… and Export Report… do on the groups self."""

    # Set by GroupsPage.
    result: GroupsResult | None
    folders: list[Path]
    reading: ReadingSettings
    model: GroupsModel
    tree: GroupsTree
    threshold: ThresholdControl

    @Slot()
    def export(self) -> None:
        title = translate("GroupsPage", "Export Groups")
        if not self.model.group_count():
            nothing = translate("GroupsPage", "There are no groups to export.")
            QMessageBox.information(self, title, nothing)
            return
        choices = [(translate("GroupsPage", "CSV files (*.csv)"), ".csv")]
        choices.append((translate("GroupsPage", "JSON files (*.json)"), ".json"))
        target = self._ask_target(title, "simfind-groups.csv", choices)
        if target:
            self.export_to(target)

    def export_to(self, target: str) -> bool:
        """Write the groups as shown (JSON for a .json file, else CSV), as `simfind groups` does;
        refuses a place that cannot be written."""
        result = self.result
        try:
            check_output(Path(target))
        except InputError as error:
            title = translate("GroupsPage", "Export Groups")
            QMessageBox.warning(self, title, words.input_problem(error))
            return False
        shown = self.model.shown_groups()
        if Path(target).suffix.lower() == ".json" and result is not None:
            # JSON is a result file, as 'simfind groups --format json' writes one.
            saving: tuple[GroupsResult, list[Group]] | None = (result, groups_to_save(shown))
            rows: list[dict[str, Any]] = []
        else:
            saving, rows = (
                None,
                group_rows([Group(members) for members in shown], self.reading.bits),
            )
        header = table_export.machine_titles(GROUP_COLUMNS)  # made here: in the interface language

        def save() -> None:
            if saving is not None:
                save_result(Path(target), *saving)
            else:
                save_csv(Path(target), rows, GROUP_COLUMNS, header)

        self._save_off_thread(target, save, self._on_export_failed)
        return True

    @Slot()
    def export_report(self) -> None:
        """Ask where, and write the report of the selected group."""
        index = self.tree.currentIndex()
        if not index.isValid():
            QMessageBox.information(
                self,
                translate("GroupsPage", "Export Report"),
                translate(
                    "GroupsPage",
                    "Select a group or one of its files: the report shows each file of the "
                    "group beside its centre.",
                ),
            )
            return
        row = self.model.group_row(index)
        target = self._ask_report_target(f"simfind-group-{row + 1}.html")
        if target:
            self.export_report_to(target, row)

    def export_report_to(self, target: str, row: int) -> bool:
        """Write the report of the group in this row (as numbered in the list), its files as
        shown, the centre first (off the GUI thread); refuses a file of the group."""
        members: list[Member] = self.model.members(row)
        paths = [m.path for m in members]
        title = translate("GroupsPage", "Export Report")
        try:
            check_output(Path(target))
        except InputError as error:
            QMessageBox.warning(self, title, words.input_problem(error))
            return False
        if Path(os.path.abspath(target)) in paths:
            refused = translate(
                "GroupsPage", "This is a file of the group; simfind will not overwrite it:\n{path}"
            )
            QMessageBox.warning(self, title, refused.format(path=shown_path(target)))
            return False
        result = self.result
        options = result.options if result is not None and result.options is not None else None
        options = options or self.context.options.scan_options()
        threshold = result.threshold if result is not None else self.threshold.value()
        options = replace(options, rank=replace(options.rank, threshold=threshold))
        folders = tuple(self.folders)
        common, number = self.reading.common, row + 1
        self._export_report(target, lambda: group_report(paths, options, common, number, folders))
        return True


__all__ = ["GroupsExports"]

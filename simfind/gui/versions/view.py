"""The groups as versions: each group's files oldest first, each under the earlier version
it grew from (core.versions), with the step's size in words and the newest of each chain
marked. Selecting a version asks for the diff of its step: the earlier version against it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.paths import short_time
from simfind.core.base.shown import shown_folder, shown_path
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.shown import shown
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.core.versions.chains import Version, Versions
from simfind.core.versions.files import group_files, versions_of
from simfind.gui.base.figures import figure_text, figure_tip

translate = QCoreApplication.translate

#: One group as versions: its files, and how they follow one another.
GroupVersions = tuple[Sequence[Match], Versions]


def work_out(
    groups: Sequence[Sequence[Match]], options: ScanOptions, common: Boilerplate
) -> list[GroupVersions]:
    """Each group of files as versions (each file read again: off the GUI thread)."""
    return [(members, versions_of(group_files(members), options, common)[0]) for members in groups]


_NAME, _FOLDER, _MODIFIED, _SIMILARITY, _ADDED, _REMOVED, _CHANGED, _NOTE = range(8)
_STEP = Qt.ItemDataRole.UserRole
_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class VersionsView(QWidget):
    """A line saying what is shown, and the tree of each group's versions."""

    # The step of the version selected: (the earlier version, the version), as files;
    # (None, the version) for the first of a chain; (None, None) for a group's row.
    step_selected = Signal(Match, Match)  # the earlier version, the later (None, None: none)

    def __init__(self, parent: QWidget | None = None, of_reference: bool = False) -> None:
        """``of_reference``: the one group is a reference and its similar files (Compare)."""
        super().__init__(parent)
        self.of_reference = of_reference
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setColumnCount(8)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.currentItemChanged.connect(self._on_current)
        for column, width in (
            (_NAME, 260),
            (_FOLDER, 160),
            (_MODIFIED, 130),
            (_SIMILARITY, 95),
            (_ADDED, 80),
            (_REMOVED, 80),
            (_CHANGED, 80),
        ):
            self.tree.setColumnWidth(column, width)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.tree, 1)
        self._groups: list[GroupVersions] = []
        self._working = False
        self.retranslate()

    # -- what is shown -----------------------------------------------------------------
    def set_working(self) -> None:
        """The versions are being worked out: nothing to show yet."""
        self._working = True
        self.tree.clear()
        self._say()

    def set_groups(self, groups: Sequence[GroupVersions]) -> None:
        self._working = False
        self._groups = list(groups)
        self.tree.clear()
        for number, (members, versions) in enumerate(self._groups, start=1):
            by_path = {m.path: m for m in members}
            group = QTreeWidgetItem(self.tree)
            group.setData(_NAME, _STEP, None)
            group.setFirstColumnSpanned(True)
            group.setText(_NAME, self._group_title(number, versions))
            items: dict[int, QTreeWidgetItem] = {}
            for version in versions.walk():
                above = group if version.parent is None else items[version.parent]
                items[version.order] = self._version_item(above, version, versions, by_path)
        self.tree.expandAll()
        self._say()

    def _group_title(self, number: int, versions: Versions) -> str:
        count, chains = len(versions.versions), versions.chains
        counted = self.tr("%n version(s)", "", count), self.tr("%n chain(s)", "", chains)
        if self.of_reference:
            #: The reference's versions, as their row: "3 versions, 1 chain".
            return self.tr("{versions}, {chains}").format(versions=counted[0], chains=counted[1])
        #: A group's row among the versions: "Group 2: 3 versions, 1 chain".
        return self.tr("Group {number}: {versions}, {chains}").format(
            number=number,
            versions=counted[0],
            chains=counted[1],
        )

    def _version_item(
        self,
        above: QTreeWidgetItem,
        version: Version,
        versions: Versions,
        files: dict[Path, Match],
    ) -> QTreeWidgetItem:
        item = QTreeWidgetItem(above)
        match = files[version.path]
        earlier = None if version.parent is None else versions.versions[version.parent]
        if earlier is None:
            item.setData(_NAME, _STEP, (None, match))
        else:
            before = files[earlier.path]
            # The diff's title shows the step's figures: to the earlier version.
            distance = (match.fingerprint ^ before.fingerprint).bit_count()
            step = replace(
                match,
                similarity=version.similarity,
                distance=distance,
                alone=version.alone,
                estimated=version.estimated,
            )
            item.setData(_NAME, _STEP, (before, step))
        item.setText(_NAME, shown_path(version.path.name))
        item.setToolTip(_NAME, shown_path(version.path))
        item.setText(_FOLDER, shown_folder(match.rel))  # build.in/ apart from build.in/build.in/
        item.setToolTip(_FOLDER, shown_path(version.path.parent))
        item.setText(_MODIFIED, short_time(version.mtime_ns))
        if version.similarity is not None:
            figure = shown(version.similarity, version.alone, version.estimated)
            item.setText(_SIMILARITY, figure_text(figure))
            item.setToolTip(_SIMILARITY, figure_tip(figure) or "")
        if version.step is not None:
            for column, count in (
                (_ADDED, version.step.added),
                (_REMOVED, version.step.removed),
                (_CHANGED, version.step.changed),
            ):
                item.setText(column, f"{count:,}")
        for column in (_SIMILARITY, _ADDED, _REMOVED, _CHANGED):
            item.setTextAlignment(column, _RIGHT)
        notes = []
        if version.newest:
            #: Beside a version no later version grew from.
            notes.append(self.tr("newest"))
            font = QFont(item.font(_NAME))
            font.setBold(True)
            item.setFont(_NAME, font)
        if version.tied:
            #: Beside a version modified at the same moment as another: placed by its name.
            notes.append(self.tr("same time, placed by name"))
        #: Goes between two notes beside a version ("newest; same time, placed by name").
        item.setText(_NOTE, self.tr("; ").join(notes))
        return item

    def _say(self) -> None:
        if self._working:
            self.label.setText(self.tr("Working out the versions…"))
        elif not self._groups and self.of_reference:
            self.label.setText(self.tr("No file similar to the reference to show as versions."))
        elif not self._groups:
            self.label.setText(self.tr("No group to show as versions."))
        elif self.of_reference:
            self.label.setText(
                self.tr(
                    "The reference and its similar files oldest first, each under the earlier "
                    "version it most resembles, with the words its step added, removed and "
                    "changed; the newest of each chain in bold. Select a version to see its step."
                )
            )
        else:
            self.label.setText(
                self.tr(
                    "Each group's files oldest first, each under the earlier version it most "
                    "resembles, with the words its step added, removed and changed; the newest "
                    "of each chain in bold. Select a version to see its step."
                )
            )

    def retranslate(self) -> None:
        self.tree.setHeaderLabels(
            [
                # As the groups' tree names them (translated there).
                translate("GroupsModel", "Name"),
                translate("ResultsModel", "Folder"),
                translate("GroupsModel", "Modified"),
                translate("GroupsModel", "Similarity %"),
                #: Header: words the version added to the one it grew from.
                self.tr("Added"),
                self.tr("Removed"),
                self.tr("Changed"),
                self.tr("Note"),
            ]
        )
        header = self.tree.headerItem()
        header.setToolTip(_SIMILARITY, self.tr("Similarity to the earlier version it grew from"))
        header.setToolTip(_ADDED, self.tr("Words added since the earlier version"))
        header.setToolTip(_REMOVED, self.tr("Words removed since the earlier version"))
        header.setToolTip(_CHANGED, self.tr("Words changed since the earlier version"))
        if self._working:
            self._say()
        else:
            self.set_groups(self._groups)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def select(self, path: Path) -> bool:
        """Make the version of this file current; False where it is not shown."""
        for item in self._items():
            step = item.data(_NAME, _STEP)
            if step is not None and step[1].path == path:
                self.tree.setCurrentItem(item)
                return True
        return False

    def _items(self) -> list[QTreeWidgetItem]:
        """Every row, each before those below it."""
        found: list[QTreeWidgetItem] = []
        stack = [self.tree.invisibleRootItem()]
        while stack:
            item = stack.pop()
            below = [item.child(i) for i in reversed(range(item.childCount()))]
            stack.extend(child for child in below if child is not None)
            if item is not self.tree.invisibleRootItem():
                found.append(item)
        return found

    @Slot(QTreeWidgetItem, QTreeWidgetItem)
    def _on_current(self, current: QTreeWidgetItem | None, _previous: object) -> None:
        step = None if current is None else current.data(_NAME, _STEP)
        if step is None:
            self.step_selected.emit(None, None)
        else:
            self.step_selected.emit(step[0], step[1])


__all__ = ["GroupVersions", "VersionsView", "work_out"]

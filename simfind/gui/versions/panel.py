"""The Versions toggle a page shows its files with: the button, the tree, the working out.

One panel serves both pages that show versions (Compare: the reference and its similar
files; Find All Near-Duplicates: every group shown). The page says which files and how
they were compared; the panel works their versions out off the GUI thread, keeps them
while the files shown stay the same, and shows them in its view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QToolButton, QWidget

from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.gui.versions.view import GroupVersions, VersionsView, work_out
from simfind.gui.work.tasks import TaskRunner

#: The files a page shows as versions: groups of them.
Groups = Callable[[], Sequence[Sequence[Match]]]
#: How the page's files were read and compared, at the threshold shown.
Settings = Callable[[], tuple[ScanOptions, Boilerplate]]


class VersionsPanel(QObject):
    """A checkable action (and its button) that shows a page's files as versions."""

    def __init__(
        self,
        groups: Groups,
        settings: Settings,
        tasks: TaskRunner,
        parent: QWidget,
        of_reference: bool = False,
    ) -> None:
        """``of_reference``: the page's one group is a reference and its similar files."""
        super().__init__(parent)
        self._groups, self._settings, self._tasks, self._parent = groups, settings, tasks, parent
        # Checked: the page shows its files as versions in order (the page swaps its views).
        self.action = QAction(parent)
        self.action.setCheckable(True)
        self.button = QToolButton()
        self.button.setDefaultAction(self.action)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.view = VersionsView(of_reference=of_reference)
        # The versions worked out, with what they are of; None once the files shown change.
        self._found: tuple[object, list[GroupVersions]] | None = None
        self._asked = 0  # the latest working out asked for

    def retranslate(self, tooltip: str) -> None:
        self.action.setText(self.tr("Versions"))
        self.action.setToolTip(tooltip)

    def _key(self, groups: Sequence[Sequence[Match]], options: ScanOptions) -> object:
        return tuple(tuple(m.path for m in g) for g in groups), options.rank.threshold

    def with_versions(self, then: Callable[[list[GroupVersions]], None]) -> None:
        """Call ``then`` with the page's groups as versions: at once when they are known,
        else once worked out off this thread (each file read again)."""
        groups = [list(g) for g in self._groups() if len(g) > 1]
        options, common = self._settings()
        key = self._key(groups, options)
        if self._found is not None and self._found[0] == key:
            then(self._found[1])
            return
        self._asked += 1
        asked = self._asked

        def done(found: list[GroupVersions]) -> None:
            if asked != self._asked:
                return  # the files changed since: a newer working out is under way
            self._found = (key, found)
            then(found)

        self._tasks.run(lambda: work_out(groups, options, common), done, self._on_failed)

    def show(self) -> None:
        """Show the versions in the view (saying it works them out where it must)."""
        self.view.set_working()
        self.with_versions(self.view.set_groups)

    def changed(self) -> bool:
        """The page's files changed (a scan, the threshold, a filter, files moved): the
        versions worked out are no longer theirs. True where the view shows them anew."""
        self._asked += 1  # a working out under way is of files no longer shown
        self._found = None
        if self.action.isChecked():
            self.show()
            return True
        return False

    def _on_failed(self, error: Exception) -> None:
        QMessageBox.warning(
            self._parent, self.tr("Cannot order the versions"), f"{type(error).__name__}: {error}"
        )


__all__ = ["VersionsPanel"]

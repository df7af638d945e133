"""The base of the pages whose work is a scan on the window's scan thread (Compare, groups).

They share the scan thread, its status and the scan options; each knows whether
the scan under way is its own, and answers only its own scan's end or failure.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from simfind.core.base.errors import InputError
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.gui.pages.base import Page, PageContext
from simfind.gui.scan.status import Failure
from simfind.gui.scan.worker import UnexpectedError


class ScanPage(Page):
    marks_files = True

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(context, parent)
        self.scans = context.scans
        self.status = context.status
        self._scanning = False  # the scan under way is this page's
        self.scans.running_changed.connect(self._on_running)
        self.scans.failed.connect(self._on_refused)
        self.scans.catalogue_refused.connect(self._on_catalogue_refused)
        self.scans.crashed.connect(self._on_crashed)

    def is_busy(self) -> bool:
        return self._scanning and self.scans.running

    def cancel(self) -> None:
        if self.is_busy():
            self.scans.cancel()
            self.status.cancelling()

    def _began(self) -> None:
        """This page's scan is about to start (before the controller says it runs)."""
        self._scanning = True

    def set_inputs_enabled(self, enabled: bool) -> None:
        """Inputs are fixed while any scan runs."""

    @Slot(bool)
    def _on_running(self, running: bool) -> None:
        self.set_inputs_enabled(not running)
        if not self._scanning:
            return
        self.busy_changed.emit(running)
        if not running:
            self._scanning = False
            self.finished.emit()

    @Slot(InputError)
    def _on_refused(self, error: InputError) -> None:
        if self._scanning:
            self._on_failed(error)

    @Slot(CatalogueError)
    def _on_catalogue_refused(self, error: CatalogueError) -> None:
        if self._scanning:
            self._on_failed(error)

    @Slot(UnexpectedError)
    def _on_crashed(self, error: UnexpectedError) -> None:
        if self._scanning:
            self._on_failed(error)

    def _on_failed(self, failure: Failure) -> None:
        message = self.status.failed(failure)
        # A base's words are looked up under its own name: PySide's tr() uses the subclass's.
        title = QCoreApplication.translate("ScanPage", "Cannot scan")
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, parent=self)
        if isinstance(failure, UnexpectedError):
            box.setDetailedText(failure.details)
        box.open()


__all__ = ["ScanPage"]

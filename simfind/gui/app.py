"""The desktop app's entry point: the QApplication, the main window, errors as dialogs."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from simfind import __version__
from simfind.gui.main_window import MainWindow


def _install_excepthook(window: MainWindow) -> None:
    """An unexpected exception becomes a dialog; the app goes on."""

    def hook(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, value, tb))
        sys.__stderr__.write(details) if sys.__stderr__ else None
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            QCoreApplication.translate("App", "Unexpected error"),
            QCoreApplication.translate(
                "App", "Something went wrong: {error}\nYour results are still here."
            ).format(error=value),
            parent=window,
        )
        box.setDetailedText(details)
        box.open()

    sys.excepthook = hook


def create_app() -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("simfind")
    app.setOrganizationName("simfind")
    app.setApplicationDisplayName("simfind")
    app.setApplicationVersion(__version__)
    return app


def run_gui(
    reference: Path | None = None, directory: Path | None = None, scan: bool = False
) -> int:
    app = create_app()
    window = MainWindow()
    if reference is not None:
        window.reference_field.set_path(str(reference))
    if directory is not None:
        window.folder_field.set_path(str(directory))
    _install_excepthook(window)
    window.show()
    if scan:
        QTimer.singleShot(0, window.start_scan)
    return int(app.exec())


def main() -> int:
    """The ``simfind-gui`` script: the window, with the same arguments as ``simfind gui``."""
    from simfind.cli import main as cli_main

    return cli_main(["gui", *sys.argv[1:]])

"""The desktop app's entry point: QApplication and the main window."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from simfind import __version__


class MainWindow(QMainWindow):
    """A placeholder until the window issue lands: the engine runs from `simfind scan`."""

    def __init__(self, reference: Path | None = None, directory: Path | None = None) -> None:
        super().__init__()
        self.setWindowTitle(self.tr("simfind"))
        message = self.tr(
            "The simfind window is being built.\n"
            "Meanwhile the same engine runs in a terminal:\n\n"
            "    simfind scan REFERENCE DIRECTORY"
        )
        if reference or directory:
            message += f"\n\n{reference or ''}  {directory or ''}"
        label = QLabel(message)
        label.setMargin(24)
        self.setCentralWidget(label)


def run_gui(
    reference: Path | None = None, directory: Path | None = None, scan: bool = False
) -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("simfind")
    app.setApplicationVersion(__version__)
    window = MainWindow(reference, directory)
    window.resize(640, 360)
    window.show()
    _ = scan
    return int(app.exec())


def main() -> int:
    return run_gui()

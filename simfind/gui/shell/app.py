"""The desktop app: the QApplication, the main window, errors as dialogs, signals that close it.

Launched by the command line (simfind.cli), which owns every flag.
"""

from __future__ import annotations

import contextlib
import signal
import socket
import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QSettings, QSocketNotifier, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from simfind import __version__
from simfind.core.base.paths import absolute
from simfind.gui.base import colours, i18n
from simfind.gui.base.resources import APP_ID, APP_NAME, icon_path
from simfind.gui.shell import display
from simfind.gui.shell.main_window import MainWindow


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


def _close_on_signals(window: MainWindow) -> tuple[socket.socket, socket.socket, QSocketNotifier]:
    """Ctrl+C in a terminal, or SIGTERM at logout, closes the window as its close button does.

    Python runs a signal handler only when the interpreter gets control, which an
    idle Qt event loop never gives it; the signal's byte on a socket wakes a
    notifier, whose slot gives it. The scan then stops and the workers exit,
    instead of being left behind. The caller keeps what is returned alive.
    """
    receiver, sender = socket.socketpair()
    receiver.setblocking(False)
    sender.setblocking(False)
    signal.set_wakeup_fd(sender.fileno())
    notifier = QSocketNotifier(receiver.fileno(), QSocketNotifier.Type.Read, window)

    def drain() -> None:
        with contextlib.suppress(OSError):
            receiver.recv(256)

    notifier.activated.connect(drain)

    def on_signal(number: int, frame: object) -> None:
        QTimer.singleShot(0, window.close)

    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, on_signal)
    return receiver, sender, notifier


def create_app() -> QApplication:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        with display.StartWatch():  # Qt's abort where it cannot start becomes one line
            app = QApplication(sys.argv[:1])
    app.setApplicationName("simfind")
    app.setOrganizationName("simfind")
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)  # Wayland finds the icon and name through it
    app.setWindowIcon(QIcon(str(icon_path())))
    colours.follow_colour_scheme(app)
    return app


# After this long (ms) the app loads what would otherwise freeze its window later.
WARM_UP_DELAY_MS = 250


def run_gui(
    reference: Path | None = None,
    directory: Path | None = None,
    scan: bool = False,
    result: Path | None = None,
) -> int:
    """The window, filled in with a reference and a folder, or with the groups of a result
    file (``result``: ``simfind gui RESULT``)."""
    if QApplication.instance() is None:
        problem = display.window_problem()
        if problem is not None:
            print(f"simfind: {problem}", file=sys.stderr)
            return display.EXIT_NO_WINDOW
    app = create_app()
    settings = QSettings()
    i18n.apply_language(i18n.saved_choice(settings))
    window = MainWindow(settings)
    if reference is not None or directory is not None:
        window.open_inputs(reference, directory)
    if result is not None:
        window.open_result_file(absolute(result))
    _install_excepthook(window)
    wakeup = _close_on_signals(window)  # noqa: F841  (alive while the app runs)
    window.show()
    if scan:
        QTimer.singleShot(0, window.warm_up)
        QTimer.singleShot(0, window.start_scan)
    else:
        # Late enough for the window to be painted first, on any window system.
        QTimer.singleShot(WARM_UP_DELAY_MS, window.warm_up)
    return int(app.exec())

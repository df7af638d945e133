"""What the system does with a result's file: open it, show it in its folder, copy its path."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication

from simfind.core.base.paths import display_path


def open_file(path: Path) -> bool:
    """Open the file in its default application; False when there is none."""
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(path))))


def show_in_folder(path: Path) -> bool:
    """Show the file selected in the system's file manager (its folder, on Linux).

    False when no application opens the folder; raises OSError when the file
    manager cannot be started.
    """
    if sys.platform == "win32":
        subprocess.Popen(["explorer", "/select,", os.fspath(path)])
    elif sys.platform == "darwin":
        subprocess.Popen(["open", "-R", os.fspath(path)])
    else:
        return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(os.fspath(path.parent))))
    return True


def copy_paths(paths: Sequence[Path]) -> int:
    """Put the paths on the clipboard, one a line; returns how many."""
    if paths:
        QGuiApplication.clipboard().setText("\n".join(display_path(p) for p in paths))
    return len(paths)

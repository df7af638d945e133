"""When Qt cannot open a window: one line saying why, instead of Qt's notes and an abort.

Making the QApplication where no platform plugin starts (no display, a display
that does not answer, libraries missing on a fresh Linux desktop, a misspelt
QT_QPA_PLATFORM) ends in qFatal: Qt prints its notes and aborts the process
(signal 6, exit status 134). ``StartWatch`` listens to Qt's messages while the
QApplication is made; on that fatal message it prints one line naming the
problem and ends the process with EXIT_NO_WINDOW instead.

Nothing here loads Qt's platform plugin or libxcb, nor connects to the display
ahead of Qt: an X server with no other client (Xvfb, a kiosk) resets when its
last client leaves, and drops a connection that arrives during the reset, so a
check that connected and disconnected first made Qt's own connection fail on
about one launch in six (measured under Xvfb; tests/gui/shell/test_launch.py). The
libraries the plugin lacks are asked of ``ldd``, in another process, and only
after Qt has failed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from PySide6.QtCore import QLibraryInfo, QMessageLogContext, QtMsgType, qInstallMessageHandler

# The window cannot open here (no display, libraries missing).
EXIT_NO_WINDOW = 1

# A library Qt's xcb platform needs, with the package that brings it on
# Debian/Ubuntu and on Fedora.
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
}

_MISSING = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)
_NO_CONNECTION = re.compile(r"could not connect to display ?(.*)$")
_NOT_FOUND = re.compile(r'Could not find the Qt platform plugin "([^"]*)"')
_NOT_LOADED = re.compile(r'Could not load the Qt platform plugin "([^"]*)"')
_AVAILABLE = re.compile(r"Available platform plugins are: (.*?)\.?\s*$", re.MULTILINE)

_HELP = "the command line works without one: simfind scan --help"


def platforms(environ: Mapping[str, str]) -> list[str]:
    """The platform plugins Qt will try, in order (Linux)."""
    chosen = environ.get("QT_QPA_PLATFORM", "")
    if chosen:
        return [name.split(":")[0].strip() for name in chosen.split(";") if name.strip()]
    return ["wayland", "xcb"] if environ.get("WAYLAND_DISPLAY") else ["xcb"]


def xcb_plugin(environ: Mapping[str, str]) -> Path | None:
    """Qt's xcb platform plugin, where Qt will look for it."""
    folders = [p for p in environ.get("QT_PLUGIN_PATH", "").split(os.pathsep) if p]
    folders.append(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath))
    for folder in folders:
        plugin = Path(folder) / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def ldd_listing(plugin: Path) -> str:
    """What ``ldd`` says of the plugin's libraries ("" when it cannot be asked)."""
    ldd = shutil.which("ldd")
    if ldd is None:
        return ""
    try:
        return subprocess.run(
            [ldd, os.fspath(plugin)], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def missing_libraries(listing: str) -> list[str]:
    """The shared libraries an ``ldd`` listing says are not found."""
    return sorted(set(_MISSING.findall(listing)))


def _packages(libraries: list[str], which: int) -> str:
    names = [PACKAGES[lib][which] for lib in libraries if lib in PACKAGES]
    return " ".join(dict.fromkeys(names))


def missing_sentence(libraries: list[str]) -> str:
    """One line naming the missing libraries and the packages that bring them."""
    text = f"the window cannot open: Qt's X11 platform needs {', '.join(libraries)}"
    debian, fedora = _packages(libraries, 0), _packages(libraries, 1)
    if debian:
        text += f" (Debian/Ubuntu: sudo apt install {debian}; Fedora: sudo dnf install {fedora})"
    return text + "; the command line works without them: simfind scan --help"


NO_DISPLAY = f"no display to open the window on (DISPLAY is not set); {_HELP}"


def no_answer_sentence(name: str) -> str:
    return f"no display answers at DISPLAY={name} (its X server is gone, or not yours); {_HELP}"


def window_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why Qt could not open a window here, from the environment alone; None when it may.

    Only what needs no library and no connection: X11 without DISPLAY. Every
    other failure is Qt's to find, and ``StartWatch`` words it.
    """
    environ = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    names = platforms(environ)
    if not names or names[0] != "xcb":
        return None  # offscreen, wayland (which falls back to X11 itself), ...
    return None if environ.get("DISPLAY") else NO_DISPLAY


def start_failure(
    notes: list[str],
    fatal: str,
    environ: Mapping[str, str],
    listing: Callable[[Path], str] = ldd_listing,
) -> str:
    """One line for Qt's failure to start a platform, from what Qt said before its fatal note."""
    for note in notes:
        unknown = _NOT_FOUND.search(note)
        if unknown:
            available = _AVAILABLE.search(fatal)
            offered = f"; it has: {available.group(1)}" if available else ""
            return (
                f'Qt has no platform plugin "{unknown.group(1)}" '
                f"(QT_QPA_PLATFORM={environ.get('QT_QPA_PLATFORM', '')}){offered}"
            )
    for note in notes:
        refused = _NO_CONNECTION.search(note)
        if refused:
            name = refused.group(1).strip() or environ.get("DISPLAY", "")
            return no_answer_sentence(name) if name else NO_DISPLAY
    failed = [m.group(1) for m in map(_NOT_LOADED.search, notes) if m]
    if "xcb" in failed and sys.platform.startswith("linux"):
        plugin = xcb_plugin(environ)
        missing = missing_libraries(listing(plugin)) if plugin is not None else []
        if missing:
            return missing_sentence(missing)
        return (
            "the window cannot open: Qt's X11 platform plugin did not load "
            "(a system library it needs may be missing; README lists them); "
            "the command line works without it: simfind scan --help"
        )
    first = fatal.strip().splitlines()[0] if fatal.strip() else "Qt could not start"
    return f"the window cannot open: {first}"


def _say(text: str, stream: TextIO | None) -> None:
    """Print the line; a windowed app on Windows has no stream, and gets a message box."""
    if stream is not None:
        try:
            stream.write(f"simfind: {text}\n")
            stream.flush()
            return
        except (OSError, ValueError):
            pass
    if sys.platform == "win32":
        import ctypes

        ctypes.windll.user32.MessageBoxW(None, text, "simfind", 0x10)  # MB_ICONERROR


@dataclass
class StartWatch:
    """Qt's messages while the QApplication is made; its fatal one becomes ``EXIT_NO_WINDOW``.

    Used as ``with StartWatch(): QApplication(...)``. The notes Qt gives before
    a fatal one explain it and are not shown (the one line says it all); when
    Qt starts, they are handed on afterwards, as Qt would have shown them.
    """

    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    exit: Callable[[int], object] = os._exit
    notes: list[tuple[QtMsgType, str, str]] = field(default_factory=list)
    _previous: object = None

    def __enter__(self) -> StartWatch:
        self._previous = qInstallMessageHandler(self._on_message)
        return self

    def __exit__(self, *exc: object) -> None:
        qInstallMessageHandler(self._previous)  # type: ignore[arg-type]
        for kind, category, message in self.notes:
            if callable(self._previous):
                self._previous(kind, QMessageLogContext(), message)
            elif sys.stderr is not None:
                prefix = f"{category}: " if category and category != "default" else ""
                sys.stderr.write(f"{prefix}{message}\n")

    def _on_message(self, kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
        if kind == QtMsgType.QtFatalMsg:
            fatal = start_failure([note for _, _, note in self.notes], message, self.environ)
            _say(fatal, sys.stderr)
            self.exit(EXIT_NO_WINDOW)  # Qt aborts once this returns
            return
        self.notes.append((kind, context.category or "", message))

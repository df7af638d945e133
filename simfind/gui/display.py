"""Can Qt open a window here? Asked before the QApplication is made, whose failure is an abort.

On Linux, Qt's X11 platform plugin (xcb) needs libraries a fresh desktop may lack
(Debian 12: libxcb-cursor0, libxcb-icccm4, libxcb-keysyms1). Without them, or
without a display, making the QApplication prints Qt's notes and aborts the
process (signal 6, exit status 134), as it does when DISPLAY names an X server that is
gone. This check loads the plugin and connects to the display, as Qt would next
anyway, and returns one line saying what is missing instead.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QLibraryInfo

#: A library Qt's xcb platform needs, with the package that brings it on
#: Debian/Ubuntu and on Fedora.
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
_CANNOT_OPEN = re.compile(r"(\S+\.so[.\d]*): cannot open shared object file")


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


def missing_libraries(plugin: Path) -> list[str]:
    """The shared libraries the plugin needs and the system lacks ([] when it loads)."""
    try:
        ctypes.CDLL(os.fspath(plugin), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
    except OSError as exc:
        named = _CANNOT_OPEN.findall(str(exc))
    else:
        return []
    found: list[str] = []
    ldd = shutil.which("ldd")
    if ldd is not None:
        try:
            listing = subprocess.run(
                [ldd, os.fspath(plugin)], capture_output=True, text=True, timeout=10, check=False
            ).stdout
        except (OSError, subprocess.SubprocessError):
            listing = ""
        found = _MISSING.findall(listing)
    return sorted(set(found) | set(named)) or ["(a library: " + str(plugin) + " does not load)"]


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


NO_DISPLAY = (
    "no display to open the window on (DISPLAY is not set); "
    "the command line works without one: simfind scan --help"
)


def display_answers(name: str) -> bool:
    """Whether the X display ``name`` accepts a connection (True when that cannot be asked)."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return True  # Qt will say what it lacks
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(os.fsencode(name), None)
    try:
        return bool(connection) and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection:
            xcb.xcb_disconnect(connection)


def no_answer_sentence(name: str) -> str:
    return (
        f"no display answers at DISPLAY={name} (its X server is gone, or not yours); "
        "the command line works without one: simfind scan --help"
    )


def window_problem(environ: Mapping[str, str] | None = None) -> str | None:
    """Why Qt could not open a window here, in one line; None when it should.

    Only the common failures on Linux are looked for; anything else is left to
    Qt's own messages.
    """
    environ = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return None
    names = platforms(environ)
    if "xcb" not in names:
        return None  # offscreen, wayland alone, ...: Qt says what it lacks
    if names[0] == "wayland" and environ.get("WAYLAND_DISPLAY"):
        return None  # Qt starts on Wayland, and falls back to X11 only if that fails
    if not environ.get("DISPLAY"):
        return NO_DISPLAY
    plugin = xcb_plugin(environ)
    missing = missing_libraries(plugin) if plugin is not None else []
    if missing:
        return missing_sentence(missing)
    display = environ["DISPLAY"]
    return None if display_answers(display) else no_answer_sentence(display)

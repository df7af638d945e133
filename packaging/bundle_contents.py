"""What the app bundle leaves out, whatever the build machine has installed.

PyInstaller takes in every module an import names, and every library those link
against, from the machine it runs on: a build machine with Pillow, PyYAML or GTK
installed made a bundle carrying them (Pillow 18 MB, libgtk-3 and 130 system
libraries through Qt's gtk3 theme plugin). packaging/simfind.spec gives the
analysis EXCLUDED_MODULES, drops the Qt plugins of DROPPED_PLUGINS, then keeps of
the system libraries only those that what stays links against (``pruned``).
tests/packaging/test_bundle.py lists the bundle's top-level contents against the
set it expects.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

#: (destination in the bundle, source on disk, PyInstaller's kind)
Entry = tuple[str, str, str]

#: Modules simfind does not run, though something it imports may name them.
EXCLUDED_MODULES = (
    "tkinter",
    # The interactive prompt's line editing, which no part of simfind uses: on Linux it
    # would carry GNU readline (GPL-3.0) into an MIT bundle.
    "readline",
    "curses",
    "PySide6.QtNetwork",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    # The Dask extra is for clusters, not the desktop bundle (`--dask` says to install
    # it); simfind.cluster's errors and kinds stay, the command line words them.
    "simfind.cluster.assemble",
    "simfind.cluster.connect",
    "simfind.cluster.fingerprints",
    "simfind.cluster.join",
    "simfind.cluster.pipeline",
    "simfind.cluster.sources",
    "simfind.cluster.verify",
    "dask",
    "distributed",
    "pyarrow",
    "pandas",
    "bokeh",
    # The large-folders extra: NumPy's scan finds the same pairs (68 MB, a second OpenBLAS).
    "faiss",
    # Images: simfind shows none (Qt draws its icons); pulled in by optional imports.
    "PIL",
    # Configuration and templates of other tools (pygments' and psutil's optional imports).
    "yaml",
    "jinja2",
    "markupsafe",
    # setuptools' run-time API, and setuptools itself (jieba's dictionary loader asks for
    # pkg_resources only where importlib.resources is missing).
    "pkg_resources",
    "setuptools",
    "_distutils_hack",
    # chardet detects encodings; charset_normalizer is another library's choice.
    "charset_normalizer",
    # The test extra's and the developer's tools.
    "pytest",
    "_pytest",
    "pytestqt",
    "jsonschema",
    "mypy",
    "IPython",
    "PyInstaller",
    # The HTML parser simfind used before lxml's (issue 44).
    "selectolax",
)
#: jieba, pure Python, is the fallback only where rjieba has no wheel (Windows on ARM).
JIEBA = ("jieba",)

#: Qt plugins a desktop window does not load: GTK's theme (it links libgtk-3 and all of
#: GTK's stack; Qt's xdg-desktop-portal theme follows the desktop's dark mode instead),
#: the framebuffer, EGL, VNC and Vulkan-display platforms (no desktop), evdev input
#: (theirs), and image formats simfind never reads (Qt's own PNG stays in QtGui).
DROPPED_PLUGINS = (
    "platformthemes/libqgtk3",
    "platforms/libqeglfs",
    "platforms/libqlinuxfb",
    "platforms/libqminimalegl",
    "platforms/libqvnc",
    "platforms/libqvkkhrdisplay",
    "platforms/qdirect2d",
    "egldeviceintegrations/",
    "generic/",
    "imageformats/libqtiff",
    "imageformats/libqwebp",
    "imageformats/libqtga",
    "imageformats/libqwbmp",
    "imageformats/libqicns",
    "imageformats/libqgif",
    "imageformats/libqjpeg",
    "imageformats/qtiff",
    "imageformats/qwebp",
    "imageformats/qtga",
    "imageformats/qwbmp",
    "imageformats/qicns",
    "imageformats/qgif",
    "imageformats/qjpeg",
)
#: Qt's own libraries that only the dropped plugins use.
DROPPED_QT = ("libQt6EglFSDeviceIntegration", "libQt6EglFsKmsSupport", "libQt6Network")


def excluded_modules() -> list[str]:
    """EXCLUDED_MODULES, and jieba where rjieba serves (imports) on this machine."""
    serves = importlib.util.find_spec("rjieba") is not None
    return [*EXCLUDED_MODULES, *(JIEBA if serves else ())]


def _dropped(destination: str) -> bool:
    path = destination.replace("\\", "/")
    name = path.rsplit("/", 1)[-1]
    if "/plugins/" in path and any(f"/plugins/{part}" in path for part in DROPPED_PLUGINS):
        return True
    return name.startswith(DROPPED_QT)


def _top_level_library(entry: Entry) -> bool:
    """A system library PyInstaller copied beside the programs (not a wheel's own, and not
    Python's, which the programs load themselves)."""
    destination, _, kind = entry
    top = "/" not in destination.replace("\\", "/")
    return kind == "BINARY" and top and not destination.startswith("libpython")


def pruned(
    binaries: Iterable[Entry], imports: Callable[[str], Iterable[tuple[str, str | None]]]
) -> list[Entry]:
    """``binaries`` without the dropped plugins and Qt libraries, and without the system
    libraries nothing that stays links against (directly or through another library).

    ``imports``: a binary's file -> (name, path) of the libraries it links against
    (PyInstaller's bindepend.get_imports). The closure is taken on Linux only, where
    PyInstaller copies the system's libraries; elsewhere (system DLLs and frameworks are
    not copied) only the dropped plugins go.
    """
    kept = [entry for entry in binaries if not _dropped(entry[0])]
    if not sys.platform.startswith("linux"):
        return kept
    libraries = {_key(entry[0]): entry for entry in kept if _top_level_library(entry)}
    needed: set[str] = set()
    waiting = [e[1] for e in kept if not _top_level_library(e) and e[2] != "SYMLINK"]
    seen: set[str] = set()
    while waiting:
        source = waiting.pop()
        if source in seen:
            continue
        seen.add(source)
        for name, path in imports(source):
            for key in {_key(name), _key(path or "")} - {""}:
                if key in libraries and key not in needed:
                    needed.add(key)
                    waiting.append(libraries[key][1])
    return [entry for entry in kept if not _top_level_library(entry) or _key(entry[0]) in needed]


def linked(entries: Iterable[Entry], kept: Iterable[Entry]) -> list[Entry]:
    """``entries`` without the links (PyInstaller's SYMLINK entries: a library at the top
    that is a wheel's, libQt6Network.so.6 -> PySide6/Qt/lib/...) to a file not ``kept``."""
    present = {entry[0].replace("\\", "/") for entry in kept}
    return [
        entry
        for entry in entries
        if entry[2] != "SYMLINK" or entry[1].replace("\\", "/") in present
    ]


def _key(name: str) -> str:
    """A library's file name, as the system compares it."""
    base = Path(name.replace("\\", "/")).name
    return base.lower() if sys.platform in ("win32", "darwin") else base

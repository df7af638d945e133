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
import struct
import subprocess
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
    # NumPy's submodules that NumPy 2 imports only when asked for (numpy.random on first
    # use of np.random, and so on): simfind asks for none of them, and neither does any
    # library the bundle carries (none names them; a scan, the window and the diff under
    # LD_DEBUG load none of their libraries). 4 MB, most of it numpy.random's.
    "numpy.random",
    "numpy.fft",
    "numpy.polynomial",
    "numpy.testing",
    "numpy.f2py",
    # lxml's modules beside the parser simfind reads documents with (lxml.etree and
    # lxml.html's parser): objectify, SAX events, the element builders, HTML diffs and
    # Schematron validation, which nothing in lxml.etree or lxml.html imports. 4 MB.
    "lxml.objectify",
    "lxml.sax",
    "lxml.builder",
    "lxml.html.builder",
    "lxml.html.diff",
    "lxml.html._difflib",
    "lxml.html._diffcommand",
    "lxml.isoschematron",
    # Qt's D-Bus from Python: simfind calls none of it (Qt itself still links its
    # libQt6DBus, which stays).
    "PySide6.QtDBus",
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
#: Of Qt's own catalogues (its hook takes all of them, for every language), those the
#: window loads (simfind.gui.base.i18n: qtbase_LANGUAGE, for each language it offers):
#: not Qt Help's, nor the "qt_" catalogue that only names the others.
QT_CATALOGUE = "qtbase_"


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


def qt_catalogues(datas: Iterable[Entry], languages: Iterable[str]) -> list[Entry]:
    """``datas`` with, of Qt's own catalogues, only qtbase's for ``languages``."""
    wanted = {f"{QT_CATALOGUE}{language}.qm" for language in languages}
    return [
        entry
        for entry in datas
        if "/Qt/translations/" not in entry[0].replace("\\", "/")
        or entry[0].replace("\\", "/").rsplit("/", 1)[-1] in wanted
    ]


def debug_free(
    binaries: Iterable[Entry],
    folder: Path,
    sections: Callable[[str], Iterable[str]],
    strip: Callable[[str, Path], None],
) -> list[Entry]:
    """``binaries``, each that carries debugging information (DWARF ``.debug_*`` sections)
    replaced by a copy in ``folder`` without it: a Python built from source (pyenv, and
    so libpython's 17 MB of it) and some wheels' modules carry it; the program needs none.

    ``sections``: a file -> its section names; ``strip``: (source, copy) -> writes the
    copy without the debug sections (``strip --strip-debug``: the symbols and everything
    the loader reads stay). A library a wheel carries in its ``*.libs`` folder is never
    rewritten: auditwheel moved its segments with patchelf, and a stripped copy no longer
    loads ("ELF load command address/offset not page-aligned", seen with NumPy's
    OpenBLAS); nor is a link.
    """
    out = []
    for entry in binaries:
        destination, source, kind = entry
        folders = destination.replace("\\", "/").split("/")[:-1]
        vendored = any(part.endswith(".libs") for part in folders)
        if kind == "SYMLINK" or vendored or not _has_debug(sections(source)):
            out.append(entry)
            continue
        copy = folder / destination
        copy.parent.mkdir(parents=True, exist_ok=True)
        strip(source, copy)
        out.append((destination, str(copy), kind))
    return out


def _has_debug(names: Iterable[str]) -> bool:
    return any(name.startswith((".debug_", ".zdebug_")) for name in names)


def elf_sections(path: str) -> list[str]:
    """The section names of an ELF file (none for any other file)."""
    data = Path(path).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:  # 64-bit, little-endian
        return []
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    entsize, count, names_index = struct.unpack_from("<HHH", data, 0x3A)
    if shoff == 0 or count == 0:
        return []
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + i * entsize) for i in range(count)]
    table = headers[names_index][4]
    return [
        data[table + name : data.index(b"\0", table + name)].decode("ascii", "replace")
        for name, *_ in headers
    ]


def strip_debug(source: str, copy: Path) -> None:
    """Write ``copy``: ``source`` without its debug sections (binutils' strip)."""
    subprocess.run(["strip", "--strip-debug", "-o", str(copy), source], check=True)


def _key(name: str) -> str:
    """A library's file name, as the system compares it."""
    base = Path(name.replace("\\", "/")).name
    return base.lower() if sys.platform in ("win32", "darwin") else base

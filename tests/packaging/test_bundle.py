"""The PyInstaller bundle: built from packaging/simfind.spec, then its own self-test run.

Slow (a minute or two): it is the proof that the double-click app works, with the
process pool, jieba, the translations and the resources inside the bundle.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("PyInstaller", reason="PyInstaller comes with the test extra")

#: What simfind runs, at the top of a Linux bundle's _internal/: packages and files, then
#: shared libraries by name up to ".so" (their versions are the build machine's). A
#: newcomer fails the test: something the analysis took in that simfind may not run.
LINUX_TOP_LEVEL = {
    "PySide6", "base_library.zip", "chardet", "licenses", "lxml", "numpy", "numpy.libs",
    "opencc", "psutil", "pypdfium2", "pypdfium2_raw", "python3.11", "rapidfuzz", "re2",
    "rjieba", "shiboken6", "simfind", "xxhash",
}  # fmt: skip
LINUX_LIBRARIES = {
    # Python, Qt and PySide6, NumPy's OpenBLAS, chardet's compiled runtime
    "libpython3.11", "libQt6Core", "libQt6DBus", "libQt6Gui", "libQt6OpenGL", "libQt6Svg",
    "libQt6WaylandClient", "libQt6Widgets", "libQt6WlShellIntegration", "libQt6XcbQpa",
    "libicudata", "libicui18n", "libicuuc", "libpyside6.abi3", "libshiboken6.abi3",
    "libscipy_openblas64_", "libgfortran", "libquadmath", "__mypyc",
    # what Qt and Python's own modules link against on the system
    "libX11", "libX11-xcb", "libXau", "libXdmcp", "libbrotlicommon", "libbrotlidec", "libbsd",
    "libbz2", "libcap", "libcrypto", "libdbus-1", "libexpat", "libffi", "libfontconfig",
    "libfreetype", "libgcc_s", "libgcrypt", "libglib-2.0", "libgpg-error", "libgthread-2.0",
    "liblz4", "liblzma", "libmd", "libpcre2-8", "libpng16", "libsqlite3", "libssl",
    "libstdc++", "libsystemd", "libuuid", "libz", "libzstd",
    # Qt's X11 platform (build.X11_LIBRARIES among them)
    "libxcb-cursor", "libxcb-glx", "libxcb-icccm", "libxcb-image", "libxcb-keysyms",
    "libxcb-randr", "libxcb-render", "libxcb-render-util", "libxcb-shape", "libxcb-shm",
    "libxcb-sync", "libxcb-util", "libxcb-xfixes", "libxcb-xkb", "libxkbcommon",
    "libxkbcommon-x11",
}  # fmt: skip
#: Never in a bundle, though the build machine has them installed (this one does: the
#: test and dask extras bring Pillow, PyYAML, Jinja2, faiss and jieba).
PASSENGERS = (
    "PIL", "pillow.libs", "faiss", "faiss_cpu.libs", "yaml", "jinja2", "markupsafe",
    "pkg_resources", "setuptools", "selectolax", "charset_normalizer", "pytest", "_pytest",
    "dask", "distributed", "pyarrow", "pandas", "bokeh",
)  # fmt: skip
#: GTK's stack, which Qt's gtk3 theme plugin brought in.
GTK = ("libgtk-3", "libgdk-3", "libgdk_pixbuf", "libatk", "libcairo", "libpango", "libepoxy")
#: Inside the packages: what NumPy and lxml import only when asked, and simfind never asks.
UNASKED = (
    "numpy/random", "numpy/fft", "numpy/polynomial", "numpy/testing", "numpy/f2py",
    "lxml/objectify", "lxml/sax", "lxml/builder", "lxml/html/diff", "lxml/html/_difflib",
    "lxml/isoschematron", "PySide6/QtDBus",
)  # fmt: skip
#: Qt's own catalogues: qtbase's, for each language the window offers.
QT_CATALOGUES = {"qtbase_zh_CN.qm", "qtbase_zh_TW.qm"}
#: The issue's bound on the unpacked Linux bundle, in bytes (250 MB).
LINUX_SIZE = 250_000_000


def slim_problems(bundle: Path) -> list[str]:
    """What a bundle carries that simfind does not run: modules it never imports, Qt
    catalogues it never loads, debugging information; and on Linux its size past the bound."""
    internal = bundle / "_internal"
    found = [
        f"{name} is carried"
        for name in UNASKED
        if any(internal.glob(f"{name}.*")) or (internal / name).is_dir()
    ]
    catalogues = {path.name for path in (internal / "PySide6" / "Qt" / "translations").glob("*")}
    if catalogues != QT_CATALOGUES:
        found.append(f"Qt's catalogues are {sorted(catalogues)}")
    if sys.platform.startswith("linux"):
        files = [p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink()]
        found += [
            f"{path.relative_to(bundle)} carries debugging information"
            for path in files
            if any(name.startswith(".debug_") for name in elf_sections(path))
        ]
        size = sum(path.stat().st_size for path in files)
        if size > LINUX_SIZE:
            found.append(f"{size:,} bytes, over {LINUX_SIZE:,}")
    return found


def missing_x11_libraries_here() -> list[str]:
    """Those of the X11 libraries the bundle carries that this build machine lacks."""
    if not sys.platform.startswith("linux"):
        return []
    import ctypes.util

    return [
        name for name in build_module().X11_LIBRARIES if not ctypes.util.find_library(name[3:-5])
    ]


def build_module() -> ModuleType:
    """packaging/build.py, which is no package."""
    spec = importlib.util.spec_from_file_location("build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    return build


def elf_sections(path: Path) -> list[str]:
    """The section names of a 64-bit ELF file (as readelf lists them), none for another."""
    done = subprocess.run(["readelf", "-SW", str(path)], capture_output=True, text=True)
    return re.findall(r"^\s*\[\s*\d+\]\s+(\S+)", done.stdout, re.MULTILINE)


def top_level(internal: Path) -> tuple[set[str], set[str]]:
    """(packages and files, shared libraries by name up to ".so") at the bundle's top level."""
    entries = {path.name for path in internal.iterdir()}
    libraries = {name for name in entries if re.search(r"\.so(\.|$)", name)}
    dist_infos = {name for name in entries if name.endswith(".dist-info")}
    # A wheel's own copies carry a hash (libxcb-9065bb12.so), mypyc's runtime one in front.
    stems = {
        re.sub(r"^[0-9a-f]{20}__mypyc\..*", "__mypyc", re.sub(r"(-[0-9a-f]{8})*\.so.*$", "", n))
        for n in libraries
    }
    return entries - libraries - dist_infos, stems


@pytest.mark.slow
def test_the_bundle_builds_and_passes_its_self_test(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "packaging" / "build.py"),
            "--dist",
            str(tmp_path / "dist"),
            "--work",
            str(tmp_path / "build"),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        check=False,
    )
    output = done.stdout + done.stderr
    print(output)  # the build time, the size and the self-test's report, with -s
    assert done.returncode == 0, output
    assert "simfind self-test: OK" in done.stdout
    internal = tmp_path / "dist" / "simfind" / "_internal"
    assert (internal / "simfind" / "resources" / "translations" / "simfind_zh_CN.qm").is_file()
    if importlib.util.find_spec("rjieba") is None:  # Windows on ARM: jieba cuts the words
        assert (internal / "jieba" / "dict.txt").is_file()
    else:  # rjieba serves: jieba stays out, though the test extra installs it here
        assert not (internal / "jieba").exists()
    # Only what simfind runs, whatever this machine has installed.
    assert [name for name in PASSENGERS if (internal / name).exists()] == []
    names = [path.name for path in internal.iterdir()]
    assert [name for name in names if name.startswith(GTK)] == []
    assert not list(internal.rglob("libqgtk3*"))
    # Nothing it never runs: modules never imported, catalogues never loaded, debug sections.
    assert slim_problems(tmp_path / "dist" / "simfind") == []
    # No link left pointing at a library that was left out.
    assert [str(p) for p in internal.rglob("*") if p.is_symlink() and not p.exists()] == []
    if sys.platform.startswith("linux") and sys.version_info[:2] == (3, 11):
        packages, libraries = top_level(internal)
        assert packages - LINUX_TOP_LEVEL == set(), "newcomers"
        assert LINUX_TOP_LEVEL - packages == set(), "gone"
        assert libraries - LINUX_LIBRARIES == set(), "newcomers"
        # The X11 libraries travel only where the build machine has them (below).
        absent = {name[:-5] for name in missing_x11_libraries_here()}
        assert LINUX_LIBRARIES - absent - libraries == set(), "gone"
    # Every component's licence travels with it (Help → About → Licences reads them).
    index = json.loads((internal / "licenses" / "index.json").read_text(encoding="utf-8"))
    carried = {entry["name"].lower(): entry for entry in index}
    assert {"python", "numpy", "pyside6_essentials", "shiboken6", "pypdfium2"} <= set(carried)
    for entry in index:
        assert entry["files"] and all((internal / "licenses" / f).is_file() for f in entry["files"])
    # GNU readline (GPL-3.0) stays out: nothing in simfind edits a prompt's line.
    assert not list(internal.glob("libreadline*")) and "libreadline8" not in carried
    if sys.platform.startswith("linux"):
        # The X11 libraries a fresh desktop lacks travel with the bundle, when the
        # build machine has them (as this project's and the CI workflow's do).
        absent = missing_x11_libraries_here()
        present = [name for name in build_module().X11_LIBRARIES if name not in absent]
        assert [name for name in present if not (internal / name).exists()] == []

    # The console program takes every command; the windowed one passed its self-test too.
    suffix = ".exe" if sys.platform == "win32" else ""
    program = tmp_path / "dist" / "simfind" / f"simfind{suffix}"
    windowed = tmp_path / "dist" / "simfind" / f"simfind-gui{suffix}"
    assert "simfind-gui --self-test" in done.stdout and windowed.is_file()
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.txt").write_text("the quick brown fox jumps over the lazy dog", encoding="utf-8")
    (folder / "b.txt").write_text("the quick brown fox jumped over a lazy dog", encoding="utf-8")
    scanned = subprocess.run(
        [str(program), "scan", str(folder / "a.txt"), str(folder), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert scanned.returncode == 0, scanned.stderr
    assert [row["path"] for row in json.loads(scanned.stdout)][1].endswith("b.txt")
    # The Dask extra stays out of the desktop bundle, even when it is installed here.
    assert not [
        name for name in ("dask", "distributed", "pyarrow", "pandas") if (internal / name).exists()
    ]
    asked = subprocess.run(
        [str(program), "groups", str(tmp_path), "--dask"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert asked.returncode == 2, asked.stderr
    assert "--dask needs the dask extra (dask is missing)" in asked.stderr

    if sys.platform.startswith("linux"):
        data_home = tmp_path / "share"
        installed = subprocess.run(
            [str(program), "--install-desktop"],
            capture_output=True,
            text=True,
            timeout=60,
            env=dict(os.environ, XDG_DATA_HOME=str(data_home)),
            check=False,
        )
        assert installed.returncode == 0, installed.stderr
        entry = (data_home / "applications" / "io.github.simfind.Simfind.desktop").read_text()
        assert f"Exec={windowed} %F" in entry.splitlines()

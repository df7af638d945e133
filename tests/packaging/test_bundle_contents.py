"""packaging/bundle_contents.py: what the bundle leaves out, decided without a build.

The build itself (tests/packaging/test_bundle.py, slow) lists what the bundle holds.
"""

from __future__ import annotations

import ctypes
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bundle_contents", ROOT / "packaging" / "bundle_contents.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_passengers_are_excluded_whatever_is_installed() -> None:
    contents = load()
    excluded = contents.excluded_modules()
    for name in ("PIL", "yaml", "jinja2", "pkg_resources", "faiss", "pytest", "selectolax"):
        assert name in excluded
    # What NumPy and lxml import only when asked, and simfind never asks for.
    for name in ("numpy.random", "numpy.fft", "lxml.objectify", "lxml.html.diff"):
        assert name in excluded
    # Never what simfind runs: NumPy itself, lxml's parser and its HTML parser.
    assert not {"numpy", "numpy.linalg", "numpy.ma", "lxml", "lxml.etree", "lxml.html"} & set(
        excluded
    )
    # jieba only where rjieba cannot serve.
    assert ("jieba" in excluded) == (importlib.util.find_spec("rjieba") is not None)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the closure is Linux's")
def test_only_the_libraries_something_kept_links_against_stay() -> None:
    contents = load()
    binaries = [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/qt/libqxcb.so", "BINARY"),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "/qt/libqgtk3.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6Network.so.6", "/qt/libQt6Network.so.6", "BINARY"),
        ("libxcb-cursor.so.0", "/usr/lib/libxcb-cursor.so.0", "BINARY"),
        ("libxcb.so.1", "/usr/lib/libxcb.so.1", "BINARY"),
        ("libgtk-3.so.0", "/usr/lib/libgtk-3.so.0", "BINARY"),
        ("libcairo.so.2", "/usr/lib/libcairo.so.2", "BINARY"),
        ("libpython3.11.so.1.0", "/usr/lib/libpython3.11.so.1.0", "BINARY"),
    ]
    links = {
        "/qt/libqxcb.so": [("libxcb-cursor.so.0", "/usr/lib/libxcb-cursor.so.0")],
        # through another library: libxcb-cursor needs libxcb
        "/usr/lib/libxcb-cursor.so.0": [("libxcb.so.1", "/usr/lib/libxcb.so.1")],
        "/qt/libqgtk3.so": [("libgtk-3.so.0", None), ("libcairo.so.2", "/usr/lib/x/libcairo.so.2")],
    }
    kept = contents.pruned(binaries, lambda path: links.get(path, []))
    assert [entry[0] for entry in kept] == [
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libxcb-cursor.so.0",
        "libxcb.so.1",
        "libpython3.11.so.1.0",  # the programs load it themselves
    ]
    datas = [
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("libqxcb.so", "PySide6/Qt/plugins/platforms/libqxcb.so", "SYMLINK"),
        ("licenses/index.json", "/work/licenses/index.json", "DATA"),
    ]
    assert [entry[0] for entry in contents.linked(datas, kept)] == [
        "libqxcb.so",
        "licenses/index.json",
    ]


def test_of_qts_catalogues_only_qtbases_for_the_offered_languages_stay() -> None:
    contents = load()
    folder = "PySide6/Qt/translations"
    datas = [
        (f"{folder}/{name}", f"/qt/{name}", "DATA")
        for name in (
            "qtbase_zh_CN.qm", "qtbase_zh_TW.qm", "qtbase_de.qm", "qt_zh_CN.qm",
            "qt_help_zh_CN.qm", "qtmultimedia_zh_CN.qm",
        )
    ]  # fmt: skip
    datas.append(("simfind/resources/translations/simfind_zh_CN.qm", "/s/zh_CN.qm", "DATA"))
    kept = [entry[0] for entry in contents.qt_catalogues(datas, ("zh_CN", "zh_TW"))]
    assert kept == [
        f"{folder}/qtbase_zh_CN.qm",
        f"{folder}/qtbase_zh_TW.qm",
        "simfind/resources/translations/simfind_zh_CN.qm",
    ]


@pytest.mark.skipif(
    not sys.platform.startswith("linux") or not (shutil.which("gcc") and shutil.which("strip")),
    reason="needs Linux, gcc and binutils' strip",
)
def test_debugging_information_is_left_out_of_the_copies_that_carry_it(tmp_path: Path) -> None:
    contents = load()
    source = tmp_path / "answer.c"
    source.write_text("int answer(void) { return 42; }\n", encoding="utf-8")
    built = {}
    for name, flags in (("debug", ["-g"]), ("plain", ["-s"])):
        library = tmp_path / f"lib{name}.so"
        subprocess.run(
            ["gcc", "-shared", "-fPIC", *flags, "-o", str(library), str(source)], check=True
        )
        built[name] = str(library)
    assert any(n.startswith(".debug_") for n in contents.elf_sections(built["debug"]))
    assert not any(n.startswith(".debug_") for n in contents.elf_sections(built["plain"]))
    assert contents.elf_sections(str(source)) == []  # not an ELF file
    binaries = [
        ("libdebug.so", built["debug"], "BINARY"),
        ("numpy/_core/answer.so", built["debug"], "EXTENSION"),
        ("numpy.libs/libvendored.so", built["debug"], "BINARY"),  # auditwheel's: untouched
        ("libplain.so", built["plain"], "BINARY"),
        ("libdebug.so.1", "libdebug.so", "SYMLINK"),
    ]
    out = contents.debug_free(
        binaries, tmp_path / "free", contents.elf_sections, contents.strip_debug
    )
    assert [entry[0] for entry in out] == [entry[0] for entry in binaries]
    assert [entry[2] for entry in out] == [entry[2] for entry in binaries]
    copies = [str(tmp_path / "free" / "libdebug.so"), str(tmp_path / "free/numpy/_core/answer.so")]
    assert [entry[1] for entry in out] == [*copies, *(entry[1] for entry in binaries[2:])]
    for copy in copies:
        assert not any(n.startswith(".debug_") for n in contents.elf_sections(copy))
        assert Path(copy).stat().st_size < Path(built["debug"]).stat().st_size
        assert ctypes.CDLL(copy).answer() == 42  # still loads, and works

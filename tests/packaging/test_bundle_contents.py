"""packaging/bundle_contents.py: what the bundle leaves out, decided without a build.

The build itself (tests/packaging/test_bundle.py, slow) lists what the bundle holds.
"""

from __future__ import annotations

import importlib.util
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

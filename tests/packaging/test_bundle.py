"""The PyInstaller bundle: built from packaging/simfind.spec, then its own self-test run.

Slow (a minute or two): it is the proof that the double-click app works, with the
process pool, jieba, the translations and the resources inside the bundle.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("PyInstaller", reason="PyInstaller comes with the test extra")


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
    assert (internal / "jieba" / "dict.txt").is_file()
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
        import ctypes.util
        import importlib.util

        spec = importlib.util.spec_from_file_location("build", ROOT / "packaging" / "build.py")
        assert spec is not None and spec.loader is not None
        build = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build)
        present = [name for name in build.X11_LIBRARIES if ctypes.util.find_library(name[3:-5])]
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

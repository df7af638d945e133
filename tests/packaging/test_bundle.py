"""The PyInstaller bundle: built from packaging/simfind.spec, then its own self-test run.

Slow (a minute or two): it is the proof that the double-click app works, with the
process pool, jieba, the translations and the resources inside the bundle.
"""

from __future__ import annotations

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
    # The Dask extra stays out of the desktop bundle, even when it is installed here.
    assert not [
        name for name in ("dask", "distributed", "pyarrow", "pandas") if (internal / name).exists()
    ]
    executable = tmp_path / "dist" / "simfind" / ("simfind.exe" if os.name == "nt" else "simfind")
    asked = subprocess.run(
        [str(executable), "groups", str(tmp_path), "--dask"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert asked.returncode == 2, asked.stderr
    assert "--dask needs the dask extra (dask is missing)" in asked.stderr

    if sys.platform.startswith("linux"):
        program = tmp_path / "dist" / "simfind" / "simfind"
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
        assert f"Exec={program} gui %f" in entry.splitlines()

"""The types hold on Windows and macOS too, type-checked here where neither runs.

A call that only one system has (os.statvfs, fcntl, signal.pthread_sigmask) must sit
behind a ``sys.platform`` check that mypy follows; on Windows such calls were only
found when they failed there.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mypy")


def test_mypy_passes_for_windows_and_macos(tmp_path: Path) -> None:
    # Both at once: each takes about 20 s on a cold cache.
    checks = {
        platform: subprocess.Popen(
            [
                *(sys.executable, "-m", "mypy", "--platform", platform),
                *("--cache-dir", str(tmp_path / platform), "simfind", "packaging"),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for platform in ("win32", "darwin")
    }
    for platform, check in checks.items():
        out, _ = check.communicate(timeout=600)
        assert check.returncode == 0, f"mypy --platform {platform}:\n{out}"

"""What speaking Chinese costs the command line: QtCore and a .qm catalogue, loaded the
first time a message is worded.

    python -m benchmarks.bench_cli_language [--runs 7]

Run in the same session, each a fresh process: ``simfind scan`` with a missing reference
(one input problem worded, the shortest command that says something) and a scan of a
small folder with a binary file (a skip worded), under LANG=C (the baseline: English,
nothing loaded) and LANG=zh_CN.UTF-8. Printed: each one's median wall seconds and the
difference from the baseline; then, in this process, the parts of the Chinese path:
importing QtCore, loading the catalogue, the first translation.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SIMFIND_LANG")


def _median_walls(command: list[str], envs: list[dict[str, str]], runs: int) -> list[float]:
    """Each environment's median wall time, their runs taken in turn (a busy machine's
    drift falls on all alike)."""
    times: list[list[float]] = [[] for _ in envs]
    for _ in range(runs):
        for env, taken in zip(envs, times, strict=True):
            start = time.perf_counter()
            subprocess.run(command, env=env, capture_output=True, check=False, cwd=ROOT)
            taken.append(time.perf_counter() - start)
    return [statistics.median(taken) for taken in times]


def _parts() -> list[tuple[str, float]]:
    """The Chinese path's steps, timed once each in this process."""
    start = time.perf_counter()
    from PySide6.QtCore import QTranslator

    imported = time.perf_counter()
    from simfind.data_files import resource

    qt = QTranslator()
    qt.load("simfind_zh_CN", str(resource("translations")))
    loaded = time.perf_counter()
    qt.translate("CoreWords", "binary file")
    translated = time.perf_counter()
    return [
        ("import PySide6.QtCore", imported - start),
        ("load simfind_zh_CN.qm", loaded - imported),
        ("first translation", translated - loaded),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    clean = {k: v for k, v in os.environ.items() if k not in LOCALE}
    clean["PYTHONPATH"] = str(ROOT)
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp) / "docs"
        folder.mkdir()
        (folder / "a.txt").write_text("the quick brown fox jumps over the lazy dog\n" * 20)
        (folder / "blob.bin").write_bytes(bytes(range(256)) * 4)
        simfind = [sys.executable, "-m", "simfind", "scan"]
        options = ["--no-cache", "--jobs", "1", "--format", "csv", "-o", f"{temp}/out.csv"]
        commands = {
            "missing reference": [*simfind, str(folder / "nope.txt"), str(folder)],
            "scan with a skip": [*simfind, str(folder / "a.txt"), str(folder), *options],
        }
        print(f"median of {args.runs} runs, wall seconds (each a fresh process)")
        for name, command in commands.items():
            envs = [dict(clean, LANG="C"), dict(clean, LANG="zh_CN.UTF-8")]
            english, chinese = _median_walls(command, envs, args.runs)
            print(
                f"  {name:<18} LANG=C (baseline) {english:.3f}   zh_CN {chinese:.3f}"
                f"   {(chinese - english) * 1000:+.0f} ms"
            )
    print("the Chinese path's parts, in this process:")
    for name, seconds in _parts():
        print(f"  {name:<24} {seconds * 1000:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

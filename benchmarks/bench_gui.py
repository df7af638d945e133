"""Does the window stay responsive? 20,000 files scanned through it, the GUI thread timed.

    python -m benchmarks.bench_gui [--files 20000] [--baseline REV --runs 3]

A 10 ms QTimer ticks on the GUI thread during the whole scan; the longest gap
between two ticks is how long the window was frozen at worst. Printed, not
asserted (target: 50 ms or less). Runs offscreen; the folder is generated in
a temporary directory, and the scan is a first scan (no cache).

``--baseline REV`` runs commit REV's package (extracted as bench_fingerprint does)
and this checkout's in turns, each in a process of its own, ``--runs`` times, and
prints the medians side by side (wall and CPU seconds of the scan beside the gaps).
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, QTimer

try:
    from simfind.gui.shell.app import create_app
    from simfind.gui.shell.main_window import MainWindow
except ImportError:  # a baseline from before the window's rooms (issue 42)
    from simfind.gui.app import create_app  # type: ignore[no-redef]
    from simfind.gui.main_window import MainWindow  # type: ignore[no-redef]
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def make_folder(root: Path, count: int) -> Path:
    texts = [*ZH_DOCS, *EN_DOCS, CODE]
    for index in range(count):
        folder = root / f"d{index // 500:03}"
        folder.mkdir(parents=True, exist_ok=True)
        text = texts[index % len(texts)]
        (folder / f"f{index:05}.txt").write_text(f"{text}\n{index} {text[: index % 97]}", "utf-8")
    return root


ROOT = Path(__file__).resolve().parents[1]


def versus(rev: str, files: int, runs: int) -> None:
    """This checkout beside commit ``rev``, in turns, one process per run."""
    from benchmarks.bench_fingerprint import extract_commit

    base = Path(tempfile.mkdtemp(prefix="gui-base-"))
    try:
        extract_commit(rev, base)
        sources = [(f"baseline {rev}", base), ("this checkout", ROOT)]
        found: dict[str, list[dict[str, float]]] = {label: [] for label, _ in sources}
        for _ in range(runs):
            for label, source in sources:
                env = dict(os.environ, PYTHONPATH=f"{source}{os.pathsep}{ROOT}")
                command = [sys.executable, "-P", "-m", "benchmarks.bench_gui"]
                command += ["--files", str(files), "--json"]
                done = subprocess.run(
                    command, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True
                )
                if done.returncode:
                    raise SystemExit(f"{label} failed:\n{done.stderr}")
                found[label].append(json.loads(done.stdout.strip().splitlines()[-1]))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"{files} files scanned through the window; medians of {runs} runs")
    print(f"  {'':<36}" + "".join(f"{label:>22}" for label in found))
    for key, text in (
        ("longest", "longest gap of the 10 ms timer, ms"),
        ("computed", "  of it, the GUI thread computing, ms"),
        ("p99", "99th percentile gap, ms"),
        ("median", "median gap, ms"),
        ("wall", "scan, wall seconds"),
        ("cpu", "scan, CPU seconds (all processes)"),
    ):
        cells = [statistics.median(run[key] for run in runs_) for runs_ in found.values()]
        print(f"  {text:<36}" + "".join(f"{cell:>22.1f}" for cell in cells))
    for label, runs_ in found.items():
        print(f"  {label}: longest gaps " + ", ".join(f"{r['longest']:.0f}" for r in runs_))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--baseline", metavar="REV", help="beside commit REV, in turns")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.baseline:
        versus(args.baseline, args.files, args.runs)
        return 0
    app = create_app()
    with tempfile.TemporaryDirectory() as temp:
        os.environ["SIMFIND_CACHE_DIR"] = str(Path(temp) / "cache")
        folder = make_folder(Path(temp) / "corpus", args.files)
        settings = QSettings(str(Path(temp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.options_panel.cache_box.setChecked(False)
        window.show()
        window.warm_up()  # as the app does once its window is up
        window.compare.reference_field.set_path(str(folder / "d000" / "f00001.txt"))
        window.compare.folder_field.set_path(str(folder))
        ticks: list[float] = []
        timer = QTimer()
        timer.setInterval(10)
        busy: dict[float, float] = {}  # tick -> the GUI thread's CPU seconds by then

        def tick() -> None:
            now = time.perf_counter()
            ticks.append(now)
            busy[now] = time.thread_time()

        timer.timeout.connect(tick)
        loop = QEventLoop()
        poll = QTimer()
        poll.timeout.connect(lambda: loop.quit() if not window.scans.running else None)
        timer.start()
        pauses = _collector_pauses()
        # The scan starts once the loop runs, so that a stall at its start is measured too.
        started = 0.0
        cpu = [0.0]

        def start() -> None:
            nonlocal started
            started = time.perf_counter()
            cpu[0] = _cpu_seconds()
            window.start_scan()
            poll.start(50)

        QTimer.singleShot(100, start)
        loop.exec()
        elapsed = time.perf_counter() - started
        cpu_used = _cpu_seconds() - cpu[0]
        ticks = [t for t in ticks if t >= started - 0.05]
        timer.stop()
        gaps = [b - a for a, b in itertools.pairwise(ticks)]
        rows = window.compare.model.rowCount()
        window.close()
    worst = max(range(len(gaps)), key=gaps.__getitem__)
    # How much of the longest gap the GUI thread computed: the rest it waited (for a core,
    # or for the interpreter another thread held).
    computed = 1000 * (busy[ticks[worst + 1]] - busy[ticks[worst]])
    if args.json:
        figures = {
            "longest": 1000 * gaps[worst],
            "computed": computed,
            "p99": 1000 * sorted(gaps)[int(0.99 * len(gaps))],
            "median": 1000 * statistics.median(gaps),
            "wall": elapsed,
            "cpu": cpu_used,
            "rows": rows,
        }
        print(json.dumps(figures))
        return 0
    print(f"{args.files} files scanned through the window in {elapsed:.1f} s, {rows} rows")
    print(f"GUI thread, 10 ms timer: {len(ticks)} ticks; CPU {cpu_used:.1f} s in all")
    print(
        f"  longest gap {1000 * gaps[worst]:.1f} ms, {computed:.0f} ms of it computing on the "
        f"GUI thread ({ticks[worst] - started:.2f} s into the "
        f"scan), median {1000 * statistics.median(gaps):.1f} ms"
    )
    print(f"  99th percentile {1000 * sorted(gaps)[int(0.99 * len(gaps))]:.1f} ms")
    full = [1000 * (end - start) for generation, start, end in pauses if generation == 2]
    print(
        f"  the garbage collector's full passes: {len(full)}, longest "
        f"{max(full, default=0):.0f} ms ({', '.join(f'{p:.0f}' for p in full)})"
    )
    app.processEvents()
    return 0


def _collector_pauses() -> list[tuple[int, float, float]]:
    """(generation, start, end) of each garbage collection from now on."""
    import gc

    found: list[tuple[int, float, float]] = []
    began = [0.0]

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            found.append((info["generation"], began[0], time.perf_counter()))

    gc.callbacks.append(note)
    return found


def _cpu_seconds() -> float:
    """CPU seconds of this process and its workers (the window's pool lives on: psutil)."""
    import psutil

    total = 0.0
    me = psutil.Process()
    for process in [me, *me.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total


if __name__ == "__main__":
    sys.exit(main())

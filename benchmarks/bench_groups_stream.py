"""When does the window show groups? The first group shown, and all, in the groups mode.

    python -m benchmarks.bench_groups_stream FOLDER [--cache DIR]
        [--baseline REV] [--runs 3] [--jobs N]

The window (offscreen) searches FOLDER for groups as a user does: groups mode,
the folder listed, Scan, the fingerprint cache in DIR (SIMFIND_CACHE_DIR; give
the one a first scan filled, e.g. bench_groups_scale's ``--large 100000 --keep
DIR --cache DIR2``, to time a cached folder). Each run is its own process;
timed from the press of Scan:

* the search for pairs begun (the first "searching" progress: the walk, the cache's
  lookups and the folder's boilerplate are done) and done (the first "verifying");
* the first group shown in the tree (its row count above 0, polled every 10 ms);
* all groups shown (the page holds the search's result);
* the longest gap of a 10 ms timer on the GUI thread during the search (how
  long the window froze at worst, groups coming in included).

With ``--baseline REV`` the same runs of commit REV (extracted as bench_fingerprint
does), in turns after a first round of each that warms the disk and the cache and
is not counted; medians of each, wall and CPU seconds (the run's process and
its workers), and whether the groups shown at the end are the same in both, in
the same order.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import USER_ENVIRONMENT
from benchmarks.bench_fingerprint import extract_commit

ROOT = Path(__file__).resolve().parents[1]


def run_window(folder: Path, out: Path) -> int:
    """One search through a window, in this process; its figures (JSON) to ``out``."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    from simfind.core.runs.progress import Progress

    try:
        from simfind.gui.shell.app import create_app
        from simfind.gui.shell.main_window import MainWindow
        from simfind.gui.shell.modes import Mode
    except ImportError:  # a baseline from before the window's rooms (issue 42)
        from simfind.gui.app import create_app  # type: ignore[no-redef]
        from simfind.gui.main_window import MainWindow  # type: ignore[no-redef]
        from simfind.gui.modes import Mode  # type: ignore[no-redef]

    app = create_app()
    with tempfile.TemporaryDirectory() as temp:
        settings = QSettings(str(Path(temp) / "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.show()
        window.warm_up()
        window.set_mode(Mode.GROUPS)
        page = window.groups
        page.folder_list.set_entries([(str(folder), False)])
        marks: dict[str, float] = {}
        ticks: list[float] = []
        loop = QEventLoop()
        started = 0.0

        def on_progress(progress: Progress) -> None:
            if progress.stage in ("searching", "verifying") and progress.stage not in marks:
                marks[progress.stage] = time.perf_counter() - started

        def poll() -> None:
            now = time.perf_counter()
            ticks.append(now)
            if "first" not in marks and page.model.group_count() > 0:
                marks["first"] = now - started
            if page.result is not None and not window.scans.running:
                marks["all"] = now - started
                loop.quit()

        def start() -> None:
            nonlocal started
            started = time.perf_counter()
            window.start_scan()
            timer.start()

        window.scans.progressed.connect(on_progress)
        timer = QTimer()
        timer.setInterval(10)
        timer.timeout.connect(poll)
        QTimer.singleShot(200, start)
        loop.exec()
        timer.stop()
        during = [t for t in ticks if t >= started]
        gaps = [b - a for a, b in itertools.pairwise(during)] or [0.0]
        model = page.model
        shown = [[str(m.path) for m in model.members(row)] for row in range(model.group_count())]
        figures = dict(marks, longest_gap=max(gaps), groups=len(shown), shown=shown)
        out.write_text(json.dumps(figures), encoding="utf-8")
        window.close()
        app.processEvents()
    return 0


def one_run(source: Path, folder: Path, cache: Path | None, out: Path) -> dict[str, object]:
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), QT_QPA_PLATFORM="offscreen")
    if cache is not None:
        env["SIMFIND_CACHE_DIR"] = str(cache)
    command = [sys.executable, "-m", "benchmarks.bench_groups_stream", str(folder)]
    command += ["--run", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    # The benchmark module itself comes from this checkout (ROOT), simfind from ``source``.
    env["PYTHONPATH"] = os.pathsep.join([str(source), str(ROOT)])
    done = subprocess.run(command, env=env, cwd=source, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"exited {done.returncode}: {' '.join(command)}\n{done.stderr[-2000:]}")
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    figures["process"] = wall
    figures["cpu"] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cache", type=Path, help="the fingerprint cache (SIMFIND_CACHE_DIR)")
    parser.add_argument("--baseline", metavar="REV", help="beside this commit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        return run_window(args.folder.resolve(), args.run)
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-stream-"))
    try:
        checkouts = {"this checkout": ROOT}
        if args.baseline:
            checkouts[args.baseline] = extract_commit(args.baseline, work / "baseline")
        runs: dict[str, list[dict[str, object]]] = {name: [] for name in checkouts}
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; {args.folder}")
        for run in range(args.runs + 1):
            for number, (name, source) in enumerate(checkouts.items()):
                figures = one_run(source, args.folder, args.cache, work / f"{run}-{number}.json")
                label = f"run {run}" if run else "warm-up"
                print(f"  {name}, {label}: {describe(figures)}", flush=True)
                if run:
                    runs[name].append(figures)
        shown: set[str] = set()
        for name, done in runs.items():
            print(f"{name}, median of {len(done)}: {describe(medians(done))}")
            shown |= {json.dumps(figures["shown"]) for figures in done}
        counts = {figures["groups"] for done in runs.values() for figures in done}
        same = "the same in every run" if len(shown) == 1 else "DIFFERENT"
        print(f"groups shown at the end, in order: {same} ({', '.join(map(str, counts))} groups)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def medians(done: list[dict[str, object]]) -> dict[str, object]:
    keys = ("searching", "verifying", "first", "all", "longest_gap", "process", "cpu")
    found = {key: [float(str(f[key])) for f in done if key in f] for key in keys}
    return {key: statistics.median(values) for key, values in found.items() if values}


def after_search(figures: dict[str, object]) -> str:
    if "first" not in figures or "searching" not in figures:
        return ""
    after = float(str(figures["first"])) - float(str(figures["searching"]))
    return f" ({after:.2f} s after the search began)"


def describe(figures: dict[str, object]) -> str:
    def seconds(key: str) -> str:
        return f"{float(str(figures[key])):.1f} s" if key in figures else "-"

    return (
        f"search begun at {seconds('searching')}, done at {seconds('verifying')}, "
        f"first group shown at {seconds('first')}{after_search(figures)}, "
        f"all at {seconds('all')}; longest stall "
        f"{1000 * float(str(figures['longest_gap'])):.0f} ms; process {seconds('process')} wall, "
        f"{seconds('cpu')} CPU"
    )


if __name__ == "__main__":
    sys.exit(main())

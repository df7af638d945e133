"""Saving and opening a result of 100,000 files: how long, and does the window freeze?

    python -m benchmarks.bench_results [--files 100000] [--data DIR] [--runs 5]

A folder of ``--files`` small files is made once (kept in ``--data``): groups of four
copies, 500 folders. Its result is built from the files as they are on disk (each one's
size, time, inode and hash: what find_groups would hold; the search itself is timed by
bench_groups_scale), and then, ``--runs`` times each, median wall and CPU:

* save: core.results.writing.save_result, the window's File → Save Results… off its
  thread (``simfind groups --format json`` writes the same);
* read: core.results.reading.read_result_file;
* look: core.results.since.look_now, one lstat a file (what Open Results… adds);
* reopen: reading, looking and making the groups again, as Open Results… does;
* baseline: the same document through json.dumps and json.loads alone, as a floor.

Then, in a real offscreen window, Save Results… and Open Results… of the same result
with a 10 ms QTimer on the GUI thread: the longest gap between two ticks from the action
until its groups are shown is how long the window froze. Printed, not asserted.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAMILY = 4


def make_files(data: Path, count: int) -> list[list[Path]]:
    """Groups of FAMILY copies below ``data`` (made once, kept)."""
    folder = data / f"results-{count}"
    groups = []
    made = (folder / "done").exists()
    for number in range(count // FAMILY):
        below = folder / f"folder{number % 500:03d}"
        text = f"family {number}: " + "the same few words, again and again. " * 3
        paths = [below / f"file{number}-{copy}.txt" for copy in range(FAMILY)]
        if not made:
            below.mkdir(parents=True, exist_ok=True)
            for path in paths:
                path.write_text(text, encoding="utf-8")
        groups.append(paths)
    (folder / "done").touch()
    return groups


def build_result(groups: list[list[Path]]):  # type: ignore[no-untyped-def]
    from simfind.core.groups.folder_groups import Group, GroupsResult
    from simfind.core.ignore.files import content_digest
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.rank import Match

    folder = groups[0][0].parent.parent
    made = []
    for paths in groups:
        members = []
        for index, path in enumerate(paths):
            info = path.stat()
            members.append(
                Match(
                    path,
                    os.fspath(path.relative_to(folder)).replace(os.sep, "/"),
                    info.st_size,
                    info.st_mtime_ns,
                    "utf-8",
                    0x1234_5678_9ABC_DEF0 + index,
                    distance=index,
                    similarity=1.0,
                    similar=True,
                    is_reference=index == 0,
                    ino=info.st_ino,
                    digest=content_digest(path),
                    identical=True,
                )
            )
        made.append(Group(members))
    result = GroupsResult([folder], [], 128, 32, 0.5, files=len(groups) * FAMILY, groups=made)
    result.options = ScanOptions()
    return result


def timed(work: Callable[[], object], runs: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def core_figures(result, target: Path, runs: int) -> dict[str, tuple[float, float]]:  # type: ignore[no-untyped-def]
    from simfind.core.groups.since import look_now
    from simfind.core.results.reading import read_result_file
    from simfind.core.results.reopening import reopened
    from simfind.core.results.writing import save_result

    figures = {"save": timed(lambda: save_result(target, result), runs)}
    figures["read"] = timed(lambda: read_result_file(target), runs)
    saved = read_result_file(target)
    figures["look"] = timed(lambda: look_now(saved.groups), runs)

    def reopen() -> None:
        back = read_result_file(target)
        reopened(back, look_now(back.groups))

    figures["reopen"] = timed(reopen, runs)
    document = json.loads(target.read_bytes())
    plain = target.with_suffix(".plain.json")

    def baseline() -> None:
        plain.write_text(json.dumps(document), encoding="utf-8")
        json.loads(plain.read_bytes())

    figures["baseline"] = timed(baseline, runs)
    return figures


def window_figures(result, target: Path) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """The GUI thread's longest gap (s) during Save Results… and Open Results…."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from simfind.gui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    settings = QSettings(str(target.with_suffix(".ini")), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.show()
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))

    def until(done: Callable[[], bool], limit: float = 300.0) -> float:
        ticks.clear()
        timer.start()
        began = time.perf_counter()
        loop = QEventLoop()
        while not done() and time.perf_counter() - began < limit:
            loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        settle = time.perf_counter()
        while time.perf_counter() - settle < 0.15:
            loop.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        timer.stop()
        stamps = [began, *ticks]
        return max(b - a for a, b in itertools.pairwise(stamps))

    figures = {}
    window.groups.show_reopened(_reopened(result))  # the groups shown first, as after a search
    until(lambda: window.groups.model.group_count() == len(result.groups))
    saved = target.with_suffix(".window.json")
    window.groups.save_results_to(saved)
    figures["save"] = until(lambda: not window.groups.result_files.busy)
    window.groups.model.set_result(None)
    window.open_result_file(saved)
    figures["open"] = until(
        lambda: (
            not window.groups.result_files.busy
            and window.groups.model.group_count() == len(result.groups)
        )
    )
    window.close()
    app.processEvents()
    return figures


def _reopened(result):  # type: ignore[no-untyped-def]
    from simfind.core.results.reopening import Reopened

    result.saved = "2024-05-01T14:03:09+00:00"
    return Reopened(result)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--data", type=Path, default=Path(tempfile.gettempdir()) / "simfind-bench")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-window", action="store_true", help="the core's figures alone")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    began = time.perf_counter()
    groups = make_files(args.data, args.files)
    result = build_result(groups)
    made = time.perf_counter() - began
    print(f"{len(groups) * FAMILY:,} files in {len(groups):,} groups ({made:.1f} s to make)")
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "result.json"
        figures = core_figures(result, target, args.runs)
        size = target.stat().st_size
        each = size / (len(groups) * FAMILY)
        print(f"result file: {size / 1e6:.1f} MB ({each:.0f} bytes a file)")
        base = figures["baseline"][0]
        print(f"median of {args.runs} runs    wall      CPU   wall/baseline")
        for name, (wall, cpu) in figures.items():
            print(f"  {name:<10}  {wall:7.3f} s {cpu:7.3f} s   {wall / base:5.2f}")
        if not args.no_window:
            gaps = window_figures(result, target)
            print("the window's GUI thread, longest gap between two 10 ms ticks:")
            for name, gap in gaps.items():
                print(f"  {name:<10}  {1000 * gap:7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

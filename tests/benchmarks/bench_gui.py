"""Does the window stay responsive? 20,000 files scanned through it, the GUI thread timed.

    python -m tests.benchmarks.bench_gui [--files 20000]

A 10 ms QTimer ticks on the GUI thread during the whole scan; the longest gap
between two ticks is how long the window was frozen at worst. Printed, not
asserted (target: 50 ms or less). Runs offscreen; the folder is generated in
a temporary directory, and the scan is a first scan (no cache).
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, QTimer

from simfind.gui.app import create_app
from simfind.gui.main_window import MainWindow
from tests.texts import CODE, EN_DOCS, ZH_DOCS


def make_folder(root: Path, count: int) -> Path:
    texts = [*ZH_DOCS, *EN_DOCS, CODE]
    for index in range(count):
        folder = root / f"d{index // 500:03}"
        folder.mkdir(parents=True, exist_ok=True)
        text = texts[index % len(texts)]
        (folder / f"f{index:05}.txt").write_text(f"{text}\n{index} {text[: index % 97]}", "utf-8")
    return root


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20_000)
    args = parser.parse_args()
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
        timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
        loop = QEventLoop()
        poll = QTimer()
        poll.timeout.connect(lambda: loop.quit() if not window.scans.running else None)
        timer.start()
        # The scan starts once the loop runs, so that a stall at its start is measured too.
        started = 0.0

        def start() -> None:
            nonlocal started
            started = time.perf_counter()
            window.start_scan()
            poll.start(50)

        QTimer.singleShot(100, start)
        loop.exec()
        elapsed = time.perf_counter() - started
        ticks = [t for t in ticks if t >= started - 0.05]
        timer.stop()
        gaps = [b - a for a, b in itertools.pairwise(ticks)]
        rows = window.compare.model.rowCount()
        window.close()
    print(f"{args.files} files scanned through the window in {elapsed:.1f} s, {rows} rows")
    print(f"GUI thread, 10 ms timer: {len(ticks)} ticks")
    worst = max(range(len(gaps)), key=gaps.__getitem__)
    print(
        f"  longest gap {1000 * gaps[worst]:.1f} ms ({ticks[worst] - started:.2f} s into the "
        f"scan), median {1000 * statistics.median(gaps):.1f} ms"
    )
    print(f"  99th percentile {1000 * sorted(gaps)[int(0.99 * len(gaps))]:.1f} ms")
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())

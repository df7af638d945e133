"""How soon a cancel stops a scan: from ``cancel.set()`` to ``scan()`` returning.

    python -m benchmarks.bench_cancel [--folder DIR] [--files N] [--repeat 3] [--no-compare]

Cancels a scan of a large folder (20,000 files, 200 MB by default, generated as
bench_scan generates its folder, in a temporary directory; or DIR, e.g. one
kept by ``bench_scan --keep DIR``) at several moments: while the folder is still being walked, and
after 10 %, 50 % and 90 % of the files are fingerprinted. Each moment is
tried in the three arrangements the product uses:

* the window's: one process pool, started once and handed to every scan;
* the command line's: the scan starts its own pool of two workers and shuts
  it down before returning;
* in-process: one worker, no pool.

Prints the median and the worst delay over the repeats, how many files the
cancelled scan kept and how many of them it still compared exactly (a cancel
while files are read compares the nearest few: rank.AFTER_CANCEL_*);
``--no-compare`` measures the same without that step, as a baseline. The
issue's target is 0.5 s. No cache is used, so every file is really read.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

from benchmarks.bench_scan import generate
from simfind.core.runs.jobs import make_pool
from simfind.core.runs.progress import Progress
from simfind.core.scan import rank
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan

MOMENTS = ("walking", "10 %", "50 %", "90 %")


def first_file(folder: Path) -> Path:
    return min(p for p in folder.rglob("*") if p.is_file())


def cancel_once(
    folder: Path, moment: str, jobs: int, executor: Executor | None
) -> tuple[float, int, int, bool]:
    """One scan cancelled at ``moment``: (delay in seconds, files kept, compared, on time)."""
    cancel = threading.Event()
    set_at: list[float] = []

    def stop() -> None:
        if not cancel.is_set():
            set_at.append(time.perf_counter())
            cancel.set()

    fraction = None if moment == "walking" else int(moment.split()[0]) / 100

    def on_progress(progress: Progress) -> None:
        total = progress.files_total
        if fraction is not None and total and progress.files_done >= fraction * total:
            stop()

    reference = first_file(folder)
    timer = threading.Timer(0.05, stop) if fraction is None else None
    if timer is not None:
        timer.start()
    context = ScanContext(on_progress, cancel, executor)
    result = scan(reference, folder, ScanOptions(jobs=jobs), context)
    returned = time.perf_counter()
    if timer is not None:
        timer.cancel()
    if not set_at:  # the scan ended before the moment came
        return 0.0, len(result.matches), result.compared, False
    return returned - set_at[0], len(result.matches), result.compared, True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, help="scan this folder instead")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--files", type=int, default=20_000, help="files generated (20,000)")
    parser.add_argument(
        "--no-compare", action="store_true", help="compare nothing after a cancel (baseline)"
    )
    args = parser.parse_args(argv)
    if args.no_compare:
        rank.AFTER_CANCEL_SECONDS = 0.0
    with tempfile.TemporaryDirectory(prefix="simfind-cancel-") as scratch:
        folder = args.folder
        if folder is None:
            folder = Path(scratch) / "tree"
            folder.mkdir()
            generate(folder, args.files, args.files // 100)
        files = sum(1 for p in folder.rglob("*") if p.is_file())
        print(f"folder: {folder} ({files:,} files); delay from cancel to return, seconds")
        columns = f"{'median':>7} {'worst':>7} {'files kept':>11} {'compared':>9}"
        print(f"  {'arrangement':<34} {'moment':<8} {columns}")
        with make_pool(2) as pool:
            arrangements: list[tuple[str, int, Executor | None]] = [
                ("window (pool handed in, 2 workers)", 2, pool),
                ("command line (own pool, 2 workers)", 2, None),
                ("in-process (1 worker)", 1, None),
            ]
            for name, jobs, executor in arrangements:
                for moment in MOMENTS:
                    delays, kept, compared = [], [], []
                    for _ in range(args.repeat):
                        delay, count, done, on_time = cancel_once(folder, moment, jobs, executor)
                        if on_time:
                            delays.append(delay)
                            kept.append(count)
                            compared.append(done)
                    if not delays:
                        print(f"  {name:<34} {moment:<8} the scan ended first")
                        continue
                    print(
                        f"  {name:<34} {moment:<8} {statistics.median(delays):7.3f}"
                        f" {max(delays):7.3f} {int(statistics.median(kept)):>11,}"
                        f" {int(statistics.median(compared)):>9}",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

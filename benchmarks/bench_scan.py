"""A whole folder scan through the command line: first scan, cached rescan, peak memory.

    python -m benchmarks.bench_scan [--files 100000] [--megabytes 1000] [--keep DIR]

Generates a folder of code/English text files (slices of the Python standard
library's sources with random line edits, sizes spread like a real source
tree) and runs ``simfind scan`` on it as a user would, in a fresh cache:

* one worker, no cache (the baseline, measured in the same run);
* two workers, cold cache (the first scan);
* two workers again (the rescan, answered from the cache).

Peak memory is the largest sum of resident set sizes over the command and
all its worker processes, sampled every 20 ms with psutil. The operating
system's page cache is dropped before each cold scan when this runs as root
and the kernel allows it; the report says whether it was.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from random import Random

import psutil

SEED = 1234


def stdlib_texts(limit_bytes: int = 30_000_000) -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    texts, total = [], 0
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if len(text) >= 2000:
            texts.append(text)
            total += len(text)
        if total >= limit_bytes:
            break
    return texts


def generate(folder: Path, files: int, megabytes: int) -> int:
    """Fill ``folder`` with ``files`` text files of about ``megabytes`` MB in all."""
    rng = Random(SEED)
    pool = stdlib_texts()
    mean = megabytes * 1_000_000 / files
    total = 0
    per_dir = 200
    for number in range(files):
        directory = folder / f"pkg{number // (per_dir * 50):02d}" / f"mod{number // per_dir:04d}"
        if number % per_dir == 0:
            directory.mkdir(parents=True, exist_ok=True)
        size = int(max(200.0, rng.lognormvariate(0, 0.8) * mean * 0.73))
        parts, have = [], 0
        while have < size:
            source = pool[rng.randrange(len(pool))]
            start = rng.randrange(0, max(1, len(source) - (size - have)))
            parts.append(source[start : start + size - have])
            have += len(parts[-1])
        lines = "\n".join(parts).split("\n")
        for _ in range(rng.randrange(4)):
            at = rng.randrange(len(lines))
            lines[at] = f"    value_{rng.randrange(10**6)} = {rng.random():.6f}  # edited"
        data = "\n".join(lines).encode("utf-8", "surrogateescape")
        (directory / f"file{number:06d}.py").write_bytes(data)
        total += len(data)
    return total


def drop_page_cache() -> bool:
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def tree_rss(process: psutil.Process) -> int:
    total = 0
    for member in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += member.memory_info().rss
    return total


def run_scan(args: list[str], env: dict[str, str], cwd: Path | None = None) -> tuple[float, int]:
    """(seconds, peak tree RSS in bytes) of one ``simfind scan`` (run in ``cwd``)."""
    command = [sys.executable, "-m", "simfind", "scan", *args]
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, cwd=cwd)
    watched = psutil.Process(child.pid)
    peak = 0
    finished = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not finished.is_set():
            with contextlib.suppress(psutil.Error):
                peak = max(peak, tree_rss(watched))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    code = child.wait()
    seconds = time.perf_counter() - started
    finished.set()
    sampler.join()
    if code != 0:
        raise SystemExit(f"simfind scan exited {code}: {' '.join(command)}")
    return seconds, peak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--megabytes", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="generate into (or reuse) this folder")
    parser.add_argument("--no-baseline", action="store_true", help="skip the one-worker run")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="simfind-bench-scan-"))
    folder = args.keep or work / "tree"
    try:
        if not (folder.is_dir() and any(folder.iterdir())):
            started = time.perf_counter()
            generate(folder, args.files, args.megabytes)
            print(f"generated in {time.perf_counter() - started:.1f} s")
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        reference = files[len(files) // 2]
        print(f"folder: {len(files):,} files, {size / 1e6:,.0f} MB ({folder})")
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores")
        env = dict(os.environ, SIMFIND_CACHE_DIR=str(work / "cache"))
        common = [str(reference), str(folder), "--format", "csv", "--top", "20"]

        def line(label: str, seconds: float, peak: int, baseline: float | None = None) -> None:
            ratio = f"  {baseline / seconds:5.1f}x" if baseline else ""
            print(
                f"  {label:<40} {seconds:7.1f} s {size / 1e6 / seconds:7.1f} MB/s "
                f"{len(files) / seconds:8.0f} files/s  peak {peak / 2**20:5.0f} MB{ratio}"
            )

        baseline = None
        if not args.no_baseline:
            dropped = drop_page_cache()
            seconds, peak = run_scan([*common, "-j", "1", "--no-cache"], env)
            line(f"1 worker, no cache{'' if dropped else ' (warm OS cache)'}", seconds, peak)
            baseline = seconds
        dropped = drop_page_cache()
        first, peak = run_scan([*common, "-j", str(args.jobs)], env)
        label = f"{args.jobs} workers, first scan{'' if dropped else ' (warm OS cache)'}"
        line(label, first, peak, baseline)
        rescans = []
        for _ in range(3):
            rescans.append(run_scan([*common, "-j", str(args.jobs)], env))
        rescans.sort()
        seconds, peak = rescans[1]
        line(f"{args.jobs} workers, cached rescan (median of 3)", seconds, peak, baseline)
        print(f"  rescan is {first / seconds:.1f}x faster than the first scan")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

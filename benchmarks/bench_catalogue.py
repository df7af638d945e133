"""A catalogue's size beside its files', and a scan against it beside a cached scan of
the same folder (issue 45's goals: at most 5 % without texts; no slower).

    python -m benchmarks.bench_catalogue [--files 10000] [--megabytes 200] [--repeat 5]
        [--baseline REV]

Generates (as bench_scan does) a folder of code files, then with this checkout, in one
fresh cache:

* ``simfind scan REF DIR`` once (the cache filled, as a user's first scan does);
* ``simfind catalogue DIR -o drive.simcat``, and with ``--with-texts``: their sizes as a
  share of the files' bytes;
* ``--repeat`` times, alternating, each with a new reference (so that no stored answer,
  scan_memo, answers either): the baseline, a cached ``simfind scan REF DIR``, beside
  ``simfind scan REF drive.simcat`` with the drive here (exact figures, its texts read
  as the folder's scan reads them) and, the folder renamed away, with it away
  (estimates, no file read); and the cached rescan the stored answer serves (the same
  reference again);

and prints each one's median wall and CPU seconds and its ratio to the baseline's.
``--baseline REV`` (say ``main``): commit REV's simfind (extracted as bench_fingerprint
does) makes its catalogue of the same folder from the same cache, its size printed
beside this checkout's, and scans it with the drive away beside this checkout's.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import USER_ENVIRONMENT, compile_package
from benchmarks.bench_fingerprint import extract_commit
from benchmarks.bench_scan import generate, stdlib_texts

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_BYTES = 100_000


def simfind(args: list[str], cache: Path, source: Path = ROOT) -> tuple[float, float]:
    """(wall, CPU) seconds of ``python -m simfind ARGS`` with this checkout (or the one at
    ``source``), its workers' CPU time included."""
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    command = [sys.executable, "-m", "simfind", *args]
    # Run from the checkout: ``-m`` puts the working folder first, before PYTHONPATH.
    quiet = subprocess.DEVNULL
    subprocess.run(command, env=env, cwd=source, stdout=quiet, stderr=quiet, check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def references(folder: Path, count: int) -> list[Path]:
    """``count`` references of 100 KB each, of the folder's kind of text, outside it."""
    texts = stdlib_texts(4_000_000)
    made = []
    for number in range(count):
        parts, have, at = [], 0, number * 7
        while have < REFERENCE_BYTES:
            parts.append(texts[at % len(texts)])
            have += len(parts[-1])
            at += 1
        path = folder / f"reference{number}.py"
        path.write_text("\n".join(parts)[:REFERENCE_BYTES], encoding="utf-8")
        made.append(path)
    return made


def _row(name: str, times: list[tuple[float, float]], base: tuple[float, float]) -> str:
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    return (
        f"  {name:<44} wall {wall:7.3f} s ({wall / base[0]:5.2f}x)   "
        f"cpu {cpu:7.3f} s ({cpu / base[1]:5.2f}x)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--baseline", metavar="REV", help="its catalogue's size beside")
    args = parser.parse_args()
    compile_package(ROOT)
    with tempfile.TemporaryDirectory(prefix="bench-catalogue-") as temporary:
        place = Path(temporary)
        drive, cache, away = place / "drive", place / "cache", place / "unplugged"
        drive.mkdir()
        total = generate(drive, args.files, args.megabytes)
        refs = references(place, args.repeat + 1)
        out = ["--format", "json", "-o", os.devnull]
        first = simfind(["scan", str(refs[0]), str(drive), *out], cache)
        catalogue, texts = place / "drive.simcat", place / "texts.simcat"
        made = simfind(["catalogue", str(drive), "-o", str(catalogue)], cache)
        simfind(["catalogue", str(drive), "-o", str(texts), "--with-texts"], cache)
        size, with_texts = catalogue.stat().st_size, texts.stat().st_size
        old, source = place / "baseline.simcat", place / "baseline"
        if args.baseline:
            extract_commit(args.baseline, source)
            simfind(["catalogue", str(drive), "-o", str(old)], cache, source)
        print(
            f"{args.files:,} files, {total / 1e6:.1f} MB ({total / args.files:,.0f} bytes a file)"
        )
        print(f"  first scan (the cache filled)       {first[0]:7.3f} s wall")
        print(f"  simfind catalogue (cache warm)      {made[0]:7.3f} s wall")
        print(
            f"  catalogue: {size / 1e6:.2f} MB = {100 * size / total:.2f} % of the files "
            f"({size / args.files:,.0f} bytes a file); with texts {with_texts / 1e6:.2f} MB = "
            f"{100 * with_texts / total:.2f} %"
        )
        if args.baseline:
            was = old.stat().st_size
            print(
                f"  baseline {args.baseline}'s catalogue: {was / 1e6:.2f} MB = "
                f"{100 * was / total:.2f} % ({was / args.files:,.0f} bytes a file); this "
                f"checkout's is {100 * (size - was) / was:+.1f} %"
            )
        folder_times, here_times, away_times, memo_times, old_times = [], [], [], [], []
        for ref in refs[1:]:  # alternating: the machine's drift falls on both
            folder_times.append(simfind(["scan", str(ref), str(drive), *out], cache))
            here_times.append(simfind(["scan", str(ref), str(catalogue), *out], cache))
            memo_times.append(simfind(["scan", str(ref), str(drive), *out], cache))
        drive.rename(away)
        for ref in refs[1:]:
            away_times.append(simfind(["scan", str(ref), str(catalogue), *out], cache))
            if args.baseline:
                old_scan = ["scan", str(ref), str(old), *out]
                old_times.append(simfind(old_scan, cache, source))
        away.rename(drive)
        base = (
            statistics.median(t[0] for t in folder_times),
            statistics.median(t[1] for t in folder_times),
        )
        print(f"medians of {args.repeat} runs, each with a new 100 KB reference:")
        print(_row("baseline: cached scan REF DIR", folder_times, base))
        print(_row("scan REF drive.simcat, the drive here", here_times, base))
        print(_row("scan REF drive.simcat, the drive away", away_times, base))
        if args.baseline:
            print(_row(f"  the same with {args.baseline}'s simfind and catalogue", old_times, base))
        print(_row("cached scan REF DIR again (stored answer)", memo_times, base))
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()

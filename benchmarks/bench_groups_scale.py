"""Grouping at scale: many identical files, a large folder; time and peak memory.

    python -m benchmarks.bench_groups_scale [--identical 20000] [--large 100000]
        [--dense DIR] [--keep DIR] [--command groups|engine] [--baseline REV --runs 3]

Each run is a separate process (as a user would run it), its peak memory the
largest sum of resident set sizes over it and its workers (sampled every 20 ms,
psutil), with a fresh fingerprint cache:

* ``--identical N``: N copies of one real text file (plus a hundred others), the
  case that used to grow with the square of the group;
* ``--large N``: N files of code lines drawn at random from the Python standard
  library (sizes spread like bench_scan's), of which 1 % are exact copies and
  1 % near copies (2 % of their lines edited) of others: grouped once (the first
  scan) and again from the cache;
* ``--dense DIR``: an existing folder (e.g. bench_scan's, whose files are
  overlapping excerpts of the same sources, so that most have dozens of
  near-duplicates): the candidate pairs and how fast they are compared.

``--baseline REV`` (with ``--large``): after the first scan, the cached command
of this checkout and of commit REV (extracted as bench_fingerprint does), each
as a user runs it (``--format json -o``), in turns, ``--runs`` times: medians of
wall and CPU seconds (the command's and its workers') and of the peak memory,
and whether the groups of the two JSON outputs are the same (a result file's header
says when it was made, and its members' mtime_ns, inode and hash are new: compared
without them, so that a commit from before result files compares too).

A grouping keeps the prepared texts of the files it compared in the cache (up to
256 MB), and takes them from there the next time: the first "cached" run of this
checkout after a scan prepares and keeps them (to measure that again, empty the
cache's ``prepared`` table first), the baseline's runs and the later ones take them.

``--command groups`` runs ``simfind groups`` itself; ``engine`` runs the same
engine through this module (walk, cached fingerprints, grouping, comparisons in
a pool of --jobs workers) and says how long each part took.

The command as it was before verified grouping (connected components of
fingerprints within 3 of 64 bits) was measured on its last commit, 921c933:
5,000 identical files there took 1,137 MB at the peak (this machine, 2 workers).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path

import psutil

from benchmarks import USER_ENVIRONMENT
from benchmarks.bench_fingerprint import extract_commit

SEED = 1234
ROOT = Path(__file__).resolve().parents[1]


def stdlib_lines(limit: int = 400_000) -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    lines: list[str] = []
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts:
            continue
        try:
            lines += [line for line in path.read_text(encoding="utf-8").splitlines() if line]
        except (OSError, UnicodeDecodeError):
            continue
        if len(lines) >= limit:
            break
    return lines


def generate_large(folder: Path, files: int) -> tuple[int, int]:
    """``files`` files of random stdlib lines; 1 % exact and 1 % near copies. Returns them."""
    rng = random.Random(SEED)
    lines = stdlib_lines()
    texts: list[str] = []
    exact = near = 0
    for number in range(files):
        directory = folder / f"pkg{number // 10_000:02d}" / f"mod{number // 200:04d}"
        if number % 200 == 0:
            directory.mkdir(parents=True, exist_ok=True)
        roll = rng.random()
        if texts and roll < 0.01:
            text = rng.choice(texts)
            exact += 1
        elif texts and roll < 0.02:
            body = rng.choice(texts).split("\n")
            for _ in range(max(1, len(body) // 50)):
                body[rng.randrange(len(body))] = rng.choice(lines)
            text = "\n".join(body)
            near += 1
        else:
            count = int(max(5.0, rng.lognormvariate(0, 0.8) * 180))
            text = "\n".join(rng.choice(lines) for _ in range(count))
        if len(texts) < 20_000:
            texts.append(text)
        (directory / f"file{number:06d}.py").write_text(text, encoding="utf-8")
    return exact, near


def generate_identical(folder: Path, copies: int) -> None:
    text = (Path(sysconfig.get_paths()["stdlib"]) / "colorsys.py").read_text(encoding="utf-8")
    rng = random.Random(SEED)
    lines = stdlib_lines(20_000)
    for number in range(copies):
        directory = folder / f"d{number // 1000:03d}"
        if number % 1000 == 0:
            directory.mkdir(parents=True)
        (directory / f"copy{number:05d}.py").write_text(text, encoding="utf-8")
    others = folder / "others"
    others.mkdir()
    for number in range(100):
        body = "\n".join(rng.choice(lines) for _ in range(200))
        (others / f"other{number:03d}.py").write_text(body, encoding="utf-8")


def tree_rss(process: psutil.Process) -> int:
    total = 0
    for member in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.Error):
            total += member.memory_info().rss
    return total


def measure(
    command: list[str], env: dict[str, str], cwd: Path | None = None
) -> tuple[float, int, str]:
    """(seconds, peak tree RSS, last line of stderr) of one command."""
    started = time.perf_counter()
    child = subprocess.Popen(
        command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
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
    _, err = child.communicate()
    seconds = time.perf_counter() - started
    finished.set()
    sampler.join()
    if child.returncode != 0:
        raise SystemExit(f"exited {child.returncode}: {' '.join(command)}\n{err[-2000:]}")
    last = err.strip().splitlines()[-1] if err.strip() else ""
    return seconds, peak, last


#: A result file's member fields that the bare array of groups (schema 1) had not.
_NEW_FIELDS = ("mtime_ns", "inode", "hash")


def groups_of(output: bytes) -> bytes:
    """The groups of ``simfind groups --format json``'s output, as schema 1 had them: a
    result file's header (its time of making) and new member fields left out."""
    document = json.loads(output)
    groups = document["groups"] if isinstance(document, dict) else document
    for group in groups:
        for member in group["members"]:
            for name in _NEW_FIELDS:
                member.pop(name, None)
    return json.dumps(groups, sort_keys=True).encode()


def beside_baseline(folder: Path, cache: Path, rev: str, runs: int, jobs: int, work: Path) -> None:
    """The cached ``simfind groups`` of this checkout and of ``rev``, in turns: medians."""
    checkouts = {"this checkout": ROOT, rev: extract_commit(rev, work / "baseline")}
    figures: dict[str, list[tuple[float, float, int]]] = {name: [] for name in checkouts}
    outputs: set[bytes] = set()
    for run in range(runs + 1):  # the first round warms each checkout's cache and disk
        for number, (name, source) in enumerate(checkouts.items()):
            out = work / f"out-{run}-{number}.json"
            env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
            command = [sys.executable, "-m", "simfind", "groups", str(folder)]
            command += ["--format", "json", "-o", str(out), "-q", "-j", str(jobs)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds, peak, _ = measure(command, env, cwd=source)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            outputs.add(groups_of(out.read_bytes()))
            label = "warm-up" if run == 0 else f"run {run}"
            print(
                f"  {name}, {label}: {seconds:.1f} s wall, {cpu:.1f} s CPU, {peak / 2**20:.0f} MB",
                flush=True,
            )
            if run:
                figures[name].append((seconds, cpu, peak))
    for name, rows in figures.items():
        wall = statistics.median(r[0] for r in rows)
        cpu = statistics.median(r[1] for r in rows)
        peak = statistics.median(r[2] for r in rows)
        print(
            f"{name}: cached, median of {len(rows)}: {wall:.1f} s wall, {cpu:.1f} s CPU, "
            f"peak {peak / 2**20:.0f} MB"
        )
    same = "the same" if len(outputs) == 1 else "DIFFERENT"
    print(f"groups of every run's JSON output: {same} ({max(map(len, outputs)):,} bytes)")


def group_command(kind: str, folder: Path, jobs: int, extra: Sequence[str] = ()) -> list[str]:
    if kind == "groups":
        return [
            sys.executable, "-m", "simfind", "groups", str(folder),
            "--format", "csv", "-j", str(jobs), *extra,
        ]  # fmt: skip
    return [sys.executable, "-m", "benchmarks.bench_groups_scale", "--run", str(folder),
            "--jobs", str(jobs), *extra]  # fmt: skip


def run_engine(folder: Path, jobs: int, limit: float | None) -> int:
    """The engine as `simfind groups` runs it, without its output; prints one summary line."""
    from simfind.core.cache.fingerprints import FingerprintCache
    from simfind.core.fingerprint.simhash import to_array
    from simfind.core.groups.file_comparer import file_comparer
    from simfind.core.linkage.grouping import Round, group_files
    from simfind.core.runs.jobs import make_pool
    from simfind.core.scan.context import ScanContext
    from simfind.core.scan.fingerprinting import Fingerprinted
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.scanner import collect
    from simfind.core.text.features import FeatureSettings

    began = time.perf_counter()
    found: list[Fingerprinted] = []
    options = ScanOptions(jobs=jobs)
    with FingerprintCache() as cache, make_pool(jobs) as pool:
        _, read = collect(folder, options, found.append, ScanContext(executor=pool, cache=cache))
        found.sort(key=lambda f: f.entry.rel)
        fingerprinted = time.perf_counter() - began
        rows = to_array([f.fingerprint for f in found], 128)
        compare = file_comparer(
            [f.entry.path for f in found], FeatureSettings(), options.max_bytes, pool, jobs
        )
        cancel = threading.Event()
        stages: dict[Round, tuple[int, float]] = {}

        def progress(round_: Round, done: int, total: int) -> None:
            stages.setdefault(round_, (done, time.perf_counter()))
            if limit is not None and time.perf_counter() - began > limit:
                cancel.set()

        started = time.perf_counter()
        grouping = group_files(
            rows, compare, progress=progress, cancel=cancel, executor=pool, workers=jobs
        )
    grouped = time.perf_counter() - started
    searched = stages[Round.CANDIDATES][1] - started if Round.CANDIDATES in stages else grouped
    files = sum(len(g.members) for g in grouping.groups)
    rate = grouping.compared / max(1e-9, grouped - searched)
    print(
        f"{len(found):,} files ({read / 1e6:.0f} MB read) fingerprinted in {fingerprinted:.1f} s; "
        f"{grouping.distinct:,} distinct, {grouping.candidates:,} candidate pairs found in "
        f"{searched:.1f} s, {grouping.compared:,} compared; grouped in {grouped:.1f} s in all "
        f"({rate:.0f} pairs/s)"
        f"{' [stopped at the time limit]' if grouping.cancelled else ''}; "
        f"{len(grouping.groups):,} groups of {files:,} files",
        file=sys.stderr,
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--identical", type=int, default=0, metavar="N")
    parser.add_argument("--large", type=int, default=0, metavar="N")
    parser.add_argument("--dense", type=Path, metavar="DIR")
    parser.add_argument("--keep", type=Path, help="generate into (or reuse) this folder")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--command", choices=("groups", "engine"), default="groups")
    parser.add_argument("--limit", type=float, help="stop comparing after this many seconds")
    parser.add_argument("--baseline", metavar="REV", help="with --large: beside this commit")
    parser.add_argument("--runs", type=int, default=3, help="with --baseline: runs of each")
    parser.add_argument("--cache", type=Path, help="the fingerprint cache (kept if given)")
    parser.add_argument("--run", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run:
        return run_engine(args.run, args.jobs, args.limit)

    work = Path(tempfile.mkdtemp(prefix="simfind-bench-groups-"))
    cache = args.cache or work / "cache"
    env = dict(os.environ, SIMFIND_CACHE_DIR=str(cache))
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.jobs} workers")
    try:
        if args.identical:
            folder = args.keep or work / "identical"
            if not folder.exists():
                generate_identical(folder, args.identical)
            command = group_command(args.command, folder, args.jobs)
            for label in ("first scan", "cached"):
                seconds, peak, last = measure(command, env)
                print(
                    f"{args.identical:,} identical files, {label}: {seconds:.1f} s, "
                    f"peak {peak / 2**20:.0f} MB"
                )
                print(f"  {last}")
        if args.large:
            folder = args.keep or work / "large"
            if not folder.exists():
                exact, near = generate_large(folder, args.large)
                print(f"generated {args.large:,} files: {exact} exact and {near} near copies")
            command = group_command(args.command, folder, args.jobs)
            first = "cached" if cache.exists() else "first scan"  # a --cache given again
            for label in (first, "cached"):
                seconds, peak, last = measure(command, env)
                print(f"{args.large:,} files, {label}: {seconds:.1f} s, peak {peak / 2**20:.0f} MB")
                print(f"  {last}")
            if args.baseline:
                beside_baseline(folder, cache, args.baseline, args.runs, args.jobs, work)
        if args.dense:
            extra = ["--limit", str(args.limit)] if args.limit else []
            command = group_command("engine", args.dense, args.jobs, extra)
            seconds, peak, last = measure(command, env)
            print(f"dense folder {args.dense}: {seconds:.1f} s, peak {peak / 2**20:.0f} MB")
            print(f"  {last}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

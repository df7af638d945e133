"""``simfind groups --records lines`` on 20,000, 100,000 and 1,000,000 real lines, beside main.

    python -m benchmarks.bench_records_scale [--sizes 20k,100k,1m] [--runs 3]
        [--baseline REV] [--baseline-sizes 20k,100k] [--clustered]

The lists are record_datasets.records_zh_sized: lines of Debian's fortunes-zh and
of the Tang and Song poems of chinese-poetry, each with 1,000 edited copies
planted; with ``--clustered``, record_datasets.records_clustered: 4,000 of those
lines, each drawn again and again with two words edited (clusters of 5 lines on
average among 20,000, 25 among 100,000, 250 among a million), 1,000 copies
planted (their 1m is optional: built and run only when ``--sizes`` names it).
Each checkout (this one, and the commit ``--baseline`` extracted as
bench_fingerprint does) runs the command as a user does, in a child process
(``--format csv``, the default jobs); printed for each: wall and CPU seconds
(the child's and its workers'), the peak resident memory of the parent and of
the largest worker (sampled every 0.1 s), the groups, and the recall of the
planted copies (in a group with their original), medians over ``--runs``.
Where both ran, the pairs of records sharing a group are compared: how many
each found that the other did not, each such pair judged by simfind's measure and,
independently, by difflib's ratio of the two lines' characters.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

import psutil

from benchmarks import USER_ENVIRONMENT
from benchmarks.bench_fingerprint import extract_commit
from benchmarks.record_datasets import RecordDataset, records_clustered, records_zh_sized
from simfind.core.base.defaults import RECORD_THRESHOLD
from simfind.core.compare.verify import comparable, similarity
from simfind.core.records.cutting import record_settings

#: main before issue 32's records work.
BASELINE = "5b81b3a"
SIZES = {"20k": "records_zh_20k", "100k": "records_zh_100k", "1m": "records_zh_1m"}
CLUSTERED_SIZES = {
    "20k": "records_clustered_20k",
    "100k": "records_clustered_100k",
    "1m": "records_clustered_1m",
}
ROOT = Path(__file__).resolve().parents[1]

#: difflib's ratio of two lines' characters from which the independent measure calls
#: them near-duplicates (a line of 20 characters with two words of two edited: 0.8).
DIFFLIB_ALIKE = 0.7

csv.field_size_limit(1 << 24)


@dataclass
class Run:
    wall: float
    cpu: float
    parent_mb: float
    worker_mb: float
    groups: int
    #: (path, line) of each group's members.
    members: list[list[tuple[str, int]]] = field(default_factory=list)


def _peaks(process: psutil.Process, found: dict[int, int], done: threading.Event) -> None:
    while not done.is_set():
        try:
            tree = [process, *process.children(recursive=True)]
        except psutil.Error:
            return
        for one in tree:
            with contextlib.suppress(psutil.Error):
                found[one.pid] = max(found.get(one.pid, 0), one.memory_info().rss)
        time.sleep(0.1)


def run_once(source: Path, dataset: RecordDataset, out: Path) -> Run:
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source))
    command = [sys.executable, "-m", "simfind", "groups", *map(str, dataset.inputs)]
    command += ["--records", "lines", "--format", "csv", "-o", str(out), "-q"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, cwd=source, stdout=subprocess.DEVNULL)
    found: dict[int, int] = {}
    done = threading.Event()
    watcher = threading.Thread(target=_peaks, args=(psutil.Process(child.pid), found, done))
    watcher.start()
    code = child.wait()
    done.set()
    watcher.join()
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if code != 0:
        raise RuntimeError(f"{command} exited {code}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    parent = found.pop(child.pid, 0)
    groups: dict[str, list[tuple[str, int]]] = defaultdict(list)
    with out.open(encoding="utf-8-sig", newline="") as stream:
        for row in csv.DictReader(stream):
            rel = os.path.relpath(row["path"], dataset.root)
            groups[row["group"]].append((rel, int(row["line"])))
    return Run(
        wall,
        cpu,
        parent / 2**20,
        max(found.values(), default=0) / 2**20,
        len(groups),
        list(groups.values()),
    )


def recall(dataset: RecordDataset, members: list[list[tuple[str, int]]]) -> tuple[float, float]:
    """Planted copies in a group with their original: of all, and of those still similar
    to their original at the threshold (a short line with two characters edited often
    is not: no search that respects the threshold may report it)."""
    groups_of: dict[tuple[str, int], set[int]] = defaultdict(set)
    for number, group in enumerate(members):
        for key in group:
            groups_of[key].add(number)
    hits = similar = similar_hits = 0
    reader = _Lines(dataset)
    settings = record_settings()
    for plant in dataset.plants:
        original = (str(plant.original[0]), int(plant.original[1]))
        copy = (str(plant.copy[0]), int(plant.copy[1]))
        hit = bool(groups_of.get(original, set()) & groups_of.get(copy, set()))
        hits += hit
        a, b = (comparable(reader.text(key), settings) for key in (original, copy))
        if similarity(a, b, settings) >= RECORD_THRESHOLD:
            similar += 1
            similar_hits += hit
    return hits / len(dataset.plants), similar_hits / max(1, similar)


class _Lines:
    """The lines of the dataset's files, by (file, 1-based line)."""

    def __init__(self, dataset: RecordDataset) -> None:
        self.root = dataset.root
        self.lines: dict[str, list[str]] = {}

    def text(self, key: tuple[str, int]) -> str:
        if key[0] not in self.lines:
            self.lines[key[0]] = (self.root / key[0]).read_text(encoding="utf-8").split("\n")
        return self.lines[key[0]][key[1] - 1]


def pairs(members: list[list[tuple[str, int]]]) -> set[tuple[tuple[str, int], tuple[str, int]]]:
    together: set[tuple[tuple[str, int], tuple[str, int]]] = set()
    for group in members:
        ordered = sorted(group)
        for a, first in enumerate(ordered):
            for second in ordered[a + 1 :]:
                together.add((first, second))
    return together


def similar_share(
    dataset: RecordDataset, found: set[tuple[tuple[str, int], tuple[str, int]]]
) -> str:
    """How many of these pairs are near-duplicates by the exact measure (verify.similarity,
    without the boilerplate weighting), as "similar/all"."""
    if not found:
        return "0/0"
    reader = _Lines(dataset)
    settings = record_settings()
    text = reader.text
    alike = by_difflib = 0
    for a, b in found:
        first, second = text(a), text(b)
        ours = similarity(comparable(first, settings), comparable(second, settings), settings)
        alike += ours >= RECORD_THRESHOLD
        by_difflib += SequenceMatcher(None, first, second, autojunk=False).ratio() >= DIFFLIB_ALIKE
    return f"{alike:,}/{len(found):,} (difflib's ratio >= {DIFFLIB_ALIKE}: {by_difflib:,})"


def measure(label: str, source: Path, dataset: RecordDataset, runs: int) -> Run:
    done = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(runs):
            done.append(run_once(source, dataset, Path(folder) / f"{number}.csv"))
    middle = Run(
        statistics.median(r.wall for r in done),
        statistics.median(r.cpu for r in done),
        statistics.median(r.parent_mb for r in done),
        statistics.median(r.worker_mb for r in done),
        done[0].groups,
        done[0].members,
    )
    found, similar = recall(dataset, middle.members)
    print(
        f"   {label:9s} wall {middle.wall:7.1f} s  CPU {middle.cpu:7.1f} s  "
        f"peak memory: parent {middle.parent_mb:6.0f} MB, largest worker "
        f"{middle.worker_mb:5.0f} MB;  {middle.groups:,} groups, recall of the planted "
        f"copies {found:.3f} (of those similar at {RECORD_THRESHOLD}: {similar:.3f})  "
        f"({runs} run{'s' * (runs > 1)})",
        flush=True,
    )
    return middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", help="default: 20k,100k,1m (--clustered: 20k,100k)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument(
        "--baseline-sizes", default="20k,100k", help="sizes the baseline runs (1m: ~1 h)"
    )
    parser.add_argument(
        "--clustered", action="store_true", help="the clustered lists (records_clustered)"
    )
    args = parser.parse_args()
    args.sizes = args.sizes or ("20k,100k" if args.clustered else "20k,100k,1m")
    with tempfile.TemporaryDirectory() as folder:
        base = extract_commit(args.baseline, Path(folder) / "baseline")
        for size in args.sizes.split(","):
            dataset = (
                records_clustered(CLUSTERED_SIZES[size])
                if args.clustered
                else records_zh_sized(SIZES[size])
            )
            print(f"\n== {size}: {dataset.description}", flush=True)
            runs = 1 if size == "1m" else args.runs
            new = measure("this", ROOT, dataset, runs)
            if size in args.baseline_sizes.split(","):
                old = measure(args.baseline, base, dataset, runs)
                mine, theirs = pairs(new.members), pairs(old.members)
                print(
                    f"   pairs of records in one group: {len(mine):,} here, {len(theirs):,} in "
                    f"{args.baseline}; {len(mine & theirs):,} in both; only here "
                    f"{similar_share(dataset, mine - theirs)} similar at {RECORD_THRESHOLD}, only "
                    f"there {similar_share(dataset, theirs - mine)}",
                    flush=True,
                )


if __name__ == "__main__":
    main()

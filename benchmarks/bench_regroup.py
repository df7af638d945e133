"""Asked again about an unchanged folder: a rescan and a second search for groups, beside
the first, with this checkout and a baseline measured in the same run.

    python -m benchmarks.bench_regroup [--files 16000] [--megabytes 160] [--runs 3]
                                       [--baseline main] [--keep DIR]

Generates a folder of code files (as bench_scan does) with near-copies planted (a
twentieth of the files copied with two lines edited, one in ten of those also copied
byte for byte) and a 100 KB reference of the same kind. Then, each run in a fresh
cache for each checkout, the checkouts taking turns at each step (so that a change of
load falls on both), as a user would type them:

* ``simfind scan REF DIR --format json -o FILE -q``: the first scan, then twice more
  (the rescan: the folder unchanged);
* ``simfind groups DIR --format json -o FILE -q``: the first grouping (the fingerprints
  come from the scan's cache, the pairs are compared), then twice more (the second
  grouping: nothing changed).

Printed for each checkout, wall and CPU (the worker processes' included), the median
over the runs and the worst run:

* rescan ÷ first scan, as a speed-up (goal ≥ 10 in every run);
* second grouping ÷ first (goal ≤ 0.1);
* cached groups ÷ cached scan: the second grouping against the rescan (goal ≤ 2);

and whether both checkouts wrote the same groups and scan JSON (their time of making
and working folder aside).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

from benchmarks import compile_package
from benchmarks.bench_fingerprint import ROOT, extract_commit
from benchmarks.bench_rescan import REFERENCE_BYTES, command_times
from benchmarks.bench_scan import SEED, generate, stdlib_texts

Times = tuple[float, float]


def plant_copies(folder: Path, share: float = 0.05) -> int:
    """Near-copies of a ``share`` of the files (two lines edited), and some exact copies."""
    rng = Random(SEED + 1)
    files = sorted(folder.rglob("*.py"))
    chosen = rng.sample(files, max(1, int(len(files) * share)))
    copies = folder / "copies"
    copies.mkdir(exist_ok=True)
    for number, source in enumerate(chosen):
        lines = source.read_text(encoding="utf-8", errors="surrogateescape").split("\n")
        for _ in range(2):
            lines[rng.randrange(len(lines))] = f"    edited_{rng.randrange(10**6)} = True"
        text = "\n".join(lines).encode("utf-8", "surrogateescape")
        (copies / f"near{number:05d}.py").write_bytes(text)
        if number % 10 == 0:
            (copies / f"same{number:05d}.py").write_bytes(source.read_bytes())
    return len(chosen)


def written(path: Path) -> dict[str, Any]:
    """The JSON a command wrote (a list as its "rows"), its time of making and the
    working folder aside."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        return {"rows": data}
    data.pop("created", None)
    data.pop("working_folder", None)  # each checkout's own: it runs in its folder
    return data


def ratio_line(name: str, values: list[Times], speed_up: bool, goal: str) -> str:
    """A row: the median over the runs and the worst run, wall and CPU."""
    walls, cpus = [w for w, _ in values], [c for _, c in values]
    worst = min if speed_up else max
    unit = "x" if speed_up else ""
    return (
        f"    {name:<32} wall {statistics.median(walls):6.2f}{unit} (worst {worst(walls):6.2f}), "
        f"CPU {statistics.median(cpus):6.2f}{unit} (worst {worst(cpus):6.2f})   goal {goal}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=16_000)
    parser.add_argument("--megabytes", type=int, default=160)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default="main", help="the commit to compare with")
    parser.add_argument("--keep", type=Path, help="generate into (or reuse) this folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-regroup-"))
    try:
        folder = args.keep or work / "tree"
        if not (folder.is_dir() and any(folder.iterdir())):
            generate(folder, args.files, args.megabytes)
            plant_copies(folder)
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        reference = work / "reference.py"
        reference.write_text(
            "\n".join(stdlib_texts(2 * REFERENCE_BYTES))[:REFERENCE_BYTES], encoding="utf-8"
        )
        print(f"folder: {len(files):,} files, {size / 1e6:,.0f} MB; reference 100 KB")
        print(
            f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
            f"load {os.getloadavg()[0]:.1f}, baseline {args.baseline}, {args.runs} runs"
        )
        base = extract_commit(args.baseline, work / "base")
        compile_package(ROOT)
        checkouts = (("baseline", base), ("this checkout", ROOT))
        labels = [label for label, _ in checkouts]
        steps = ("scan", "rescan", "groups", "regroup")
        times: dict[tuple[str, str], list[Times]] = {}
        outputs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for run in range(args.runs):
            caches = {label: work / f"cache-{label.replace(' ', '-')}-{run}" for label in labels}
            for step in steps:
                for label, source in checkouts:
                    out = work / f"{step}-{label.replace(' ', '-')}.json"
                    if step in ("scan", "rescan"):
                        command = ["scan", str(reference), str(folder)]
                    else:
                        command = ["groups", str(folder)]
                    command += ["--format", "json", "-o", str(out), "-q"]
                    repeats = 2 if step in ("rescan", "regroup") else 1
                    taken = [command_times(source, command, caches[label]) for _ in range(repeats)]
                    wall = statistics.median(w for w, _ in taken)
                    cpu = statistics.median(c for _, c in taken)
                    times.setdefault((label, step), []).append((wall, cpu))
                    outputs.setdefault((label, step), []).append(written(out))
            print(f"  run {run + 1}, load {os.getloadavg()[0]:.1f}:")
            for label in labels:
                last = {step: times[label, step][-1] for step in steps}
                cells = ", ".join(
                    f"{step} {last[step][0]:6.2f} s / {last[step][1]:5.2f} s CPU" for step in steps
                )
                print(f"    {label:<14} {cells}")
        for kind, first, again in (("scan", "scan", "rescan"), ("groups", "groups", "regroup")):
            answers = [a for label in labels for s in (first, again) for a in outputs[label, s]]
            differ = sorted(
                {
                    key
                    for answer in answers
                    for key in answer
                    if answer.get(key) != answers[0].get(key)
                }
            )
            print(
                f"  the {kind} JSON of both checkouts, every run, first and again: "
                + (f"DIFFERENT in {', '.join(differ)}" if differ else "identical")
            )
        print(f"medians over {args.runs} runs (each step's repeats: their median), worst run:")
        for label in labels:
            print(f"  {label}:")

            def each(top: str, bottom: str, label: str = label) -> list[Times]:
                pairs = zip(times[label, top], times[label, bottom], strict=True)
                return [(tw / bw, tc / bc) for (tw, tc), (bw, bc) in pairs]

            print(
                ratio_line("rescan speed-up (first ÷ rescan)", each("scan", "rescan"), True, "≥ 10")
            )
            print(ratio_line("second grouping ÷ first", each("regroup", "groups"), False, "≤ 0.1"))
            print(
                ratio_line("cached groups ÷ cached scan", each("regroup", "rescan"), False, "≤ 2")
            )
            for step in steps:
                walls = [w for w, _ in times[label, step]]
                cpus = [c for _, c in times[label, step]]
                print(
                    f"    {step:<8} {statistics.median(walls):7.2f} s wall, "
                    f"{statistics.median(cpus):6.2f} s CPU"
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

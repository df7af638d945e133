"""Rescan and re-query: a second scan of the same folder, beside the first and the base commit.

    python -m tests.benchmarks.bench_rescan [--files 16000] [--megabytes 320] [--baseline REV]

Generates (as bench_scan does) a folder of code files and a 100 KB reference
of the same kind, then, as a user would, with this checkout and with the
commit ``--baseline`` (default 921c933), each in a fresh cache:

* ``simfind scan REF DIR --format json -o FILE``, the first scan;
* the same again, three times (the rescan: fingerprints, and now what exact
  comparison needs, come from the cache; where the code has scan_memo, an unchanged folder
  asked the same question gets the last scan's stored answer, scan_memo);
* three times each, a rescan after one file changed (touched) and one with
  another 100 KB reference ("Use as reference"): questions no stored answer
  answers, so every file is looked up in the cache, ranked and the nearest
  compared;

and prints the times (wall, and CPU with the worker processes', steadier on a
shared machine; the rescans of both checkouts alternate), the rescan's speed-up
over the first scan, and (in this process, CPU time, medians) the parts of a
rescan that used to cost most:

* exact comparison of the verified files with the reference, read and
  prepared afresh, and prepared from the cache;
* making the 16,000 rows and writing them as JSON and as CSV.
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
from collections.abc import Sequence
from pathlib import Path

from tests.benchmarks import USER_ENVIRONMENT, compile_package
from tests.benchmarks.bench_fingerprint import BASELINE, ROOT, extract_commit
from tests.benchmarks.bench_scan import generate, stdlib_texts

REFERENCE_BYTES = 100_000


def scan(source: Path, args: list[str], cache: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one scan; the CPU time includes its worker processes'."""
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
    command = [sys.executable, "-m", "simfind", "scan", *args]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=source)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def in_process(source: Path, reference: Path, folder: Path, cache: Path) -> None:
    """Verification and output costs, measured by ``source``'s own code in a child."""
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
    script = PARTS.format(reference=str(reference), folder=str(folder), cache=str(cache))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=source, capture_output=True, text=True
    )
    print(done.stdout.rstrip() or done.stderr[-2000:])


# Run in a child with either checkout first on the path; feature-tests what differs.
PARTS = """
import io, statistics, time
from pathlib import Path
from simfind.core.report import export
from simfind.core.scan import scanner as scan_module
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan

def cpu(work, repeat=5):
    times = []
    for _ in range(repeat):
        started = time.process_time(); work(); times.append(time.process_time() - started)
    return statistics.median(times)

options = ScanOptions(jobs=1)
result = scan(Path({reference!r}), Path({folder!r}), options)
verified = [m for m in result.matches if m.similarity is not None and not m.is_reference]
settings = options.features
ref = scan_module.comparable(scan_module.read_text(Path({reference!r})).text, settings)
paths = [str(m.path) for m in verified]
fresh = cpu(lambda: scan_module.similarities(ref, paths, settings, options.max_bytes), 3)
print(f"    exact comparison of {{len(paths)}} files with the reference, read afresh: "
      f"{{fresh:6.3f}} s CPU")
if hasattr(scan_module, "CachedPrepared"):
    from simfind.core.scan.cache import FingerprintCache
    with FingerprintCache(Path({cache!r})) as cache:
        verify = scan_module._verifier(ref, options, None, cache)
        list(verify(verified))  # fills the cache, as a first scan does
        warm = cpu(lambda: list(verify(verified)))
    print(f"    the same, what comparison needs of each file from the cache: {{warm:6.3f}} s CPU")
if hasattr(export, "rows"):
    make_rows = lambda: export.rows(result.matches, result.bits)
else:
    make_rows = lambda: [export.row(m, result.bits) for m in result.matches]
built = make_rows()
print(f"    {{len(built)}} rows: made {{cpu(make_rows):6.3f}} s, "
      f"as JSON {{cpu(lambda: export.write_json(built, io.StringIO())):6.3f}} s, "
      f"as CSV {{cpu(lambda: export.write_csv(built, io.StringIO())):6.3f}} s CPU")
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=16_000)
    parser.add_argument("--megabytes", type=int, default=320)
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument("--keep", type=Path, help="generate into (or reuse) this folder")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-rescan-"))
    try:
        folder = args.keep or work / "tree"
        if not (folder.is_dir() and any(folder.iterdir())):
            generate(folder, args.files, args.megabytes)
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        text = "\n".join(stdlib_texts(5 * REFERENCE_BYTES))
        reference = work / "reference.py"
        reference.write_text(text[:REFERENCE_BYTES], encoding="utf-8")
        # Three other references of the same size, for the re-queries.
        others = [work / f"other{k}.py" for k in range(1, 4)]
        for k, other in enumerate(others, start=1):
            other.write_text(text[k * REFERENCE_BYTES : (k + 1) * REFERENCE_BYTES], "utf-8")
        print(f"folder: {len(files):,} files, {size / 1e6:,.0f} MB; reference 100 KB")
        print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, baseline {args.baseline}")
        base = extract_commit(args.baseline, work / "base")
        compile_package(ROOT)
        output = work / "out.json"
        command = [str(reference), str(folder), "--format", "json", "-o", str(output), "-q"]
        checkouts = (("baseline", base), ("this checkout", ROOT))
        caches = {label: work / f"cache-{label.replace(' ', '-')}" for label, _ in checkouts}
        firsts = {label: scan(source, command, caches[label]) for label, source in checkouts}
        agains: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in checkouts}
        for _ in range(3):  # alternately, so that a change of load falls on both
            for label, source in checkouts:
                agains[label].append(scan(source, command, caches[label]))
        # The same, after one file changed (touched: a new modification time), and with
        # another reference of the same size ("Use as reference"): new questions, which
        # no stored answer (scan_memo) answers.
        touched: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in checkouts}
        requeried: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in checkouts}
        for run, other in enumerate(others):
            changed = files[run * 997 % len(files)]
            info = changed.stat()
            os.utime(changed, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
            for label, source in checkouts:
                touched[label].append(scan(source, command, caches[label]))
            asked = [str(other), *command[1:]]
            for label, source in checkouts:
                requeried[label].append(scan(source, asked, caches[label]))
        for label, source in checkouts:
            (first, first_cpu), runs = firsts[label], agains[label]
            again = statistics.median(wall for wall, _ in runs)
            again_cpu = statistics.median(cpu for _, cpu in runs)
            print(
                f"  {label:<14} first scan {first:6.2f} s, rescan {again:5.2f} s (median of 3): "
                f"{first / again:4.1f}x faster; CPU (with the workers') {first_cpu:6.2f} s, "
                f"then {again_cpu:5.2f} s: {first_cpu / again_cpu:4.1f}x"
            )
            for name, timed in (("one file changed", touched), ("another reference", requeried)):
                wall = statistics.median(w for w, _ in timed[label])
                cpu = statistics.median(c for _, c in timed[label])
                print(
                    f"    rescan, {name:<17} {wall:5.2f} s: {first / wall:4.1f}x faster; "
                    f"CPU {cpu:5.2f} s: {first_cpu / cpu:4.1f}x"
                )
            in_process(source, reference, folder, caches[label])
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import simfind.cli.entry"], check=True, cwd=ROOT)
        alone = time.perf_counter() - started
        print(f"  (starting Python and importing simfind alone took {alone:.2f} s)")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

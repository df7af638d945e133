"""Rescan and re-query: a second scan of the same folder, beside the first and the base commit.

    python -m benchmarks.bench_rescan [--files 16000] [--megabytes 320] [--baseline REV]
    python -m benchmarks.bench_rescan --startup [--repeat 7] [--baseline REV]

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
* making the 16,000 rows and writing them as JSON and as CSV;
* the rescan that gets the stored answer, part by part: the walk, the question
  (the code's version and the walk's digest), looking the answer up, unpacking
  it, making the rows and writing them as JSON;

and whether both checkouts wrote the same JSON, byte for byte.

``--startup`` measures instead what every command pays before it reads a
file, beside the base commit, alternately, medians of ``--repeat`` runs (wall
and CPU): ``python -c pass``, ``simfind --version``, ``simfind scan`` of a
folder of three small UTF-8 files, and of three small Chinese ones (the
segmenter's dictionary), each in a fresh cache; then, CPU, the import of each
heavy module alone, and which of them the small UTF-8 scan loaded.
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

from benchmarks import USER_ENVIRONMENT, compile_package
from benchmarks.bench_fingerprint import BASELINE, ROOT, extract_commit
from benchmarks.bench_scan import generate, stdlib_texts

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


def command_times(source: Path, args: list[str], cache: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of ``python -m simfind ARGS`` (or of ``python ARGS`` when the
    first is "-c"), with ``source`` first on the path."""
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
    command = [sys.executable, *(args if args[0] == "-c" else ["-m", "simfind", *args])]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=source)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


#: Modules whose import is a large part of a command's start.
HEAVY = ("numpy", "portalocker", "platformdirs", "psutil", "chardet", "rjieba", "jieba")

PROBE = """
import json, sys
from simfind.cli import main
main(sys.argv[1:])
print(json.dumps(sorted(m for m in {heavy!r} if m in sys.modules)), file=sys.stderr)
"""


def startup(checkouts: Sequence[tuple[str, Path]], work: Path, repeat: int) -> None:
    """What a command pays before it reads a file, for each checkout (see the docstring)."""
    folders = {"utf8": work / "small-utf8", "zh": work / "small-zh"}
    texts = {
        "utf8": ["def add(a, b):\n    return a + b\n" * 20, "The quick brown fox.\n" * 30],
        "zh": ["我们今天去公园散步，天气很好。\n" * 20, "他们明天要去北京开会。\n" * 30],
    }
    for kind, folder in folders.items():
        folder.mkdir(parents=True, exist_ok=True)
        first, second = texts[kind]
        (folder / "a.txt").write_text(first, encoding="utf-8")
        (folder / "b.txt").write_text(first + second, encoding="utf-8")
        (folder / "c.txt").write_text(second, encoding="utf-8")
    asked = {
        "python -c pass": ["-c", "pass"],
        "simfind --version": ["--version"],
        "scan, 3 UTF-8 files": ["scan", str(folders["utf8"] / "a.txt"), str(folders["utf8"])],
        "scan, 3 Chinese files": ["scan", str(folders["zh"] / "a.txt"), str(folders["zh"])],
    }
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for run in range(repeat):  # alternately, so that a change of load falls on both
        for label, source in checkouts:
            for name, args in asked.items():
                extra = ["--format", "json", "-q"] if args[0] == "scan" else []
                cache = work / f"cache-startup-{label.replace(' ', '-')}-{run}"
                times.setdefault((label, name), []).append(
                    command_times(source, [*args, *extra], cache)
                )
    print(f"start-up, medians of {repeat} (wall / CPU), each scan in a fresh cache:")
    print(f"  {'':<24}" + "".join(f"{label:>26}" for label, _ in checkouts))
    for name in asked:
        cells = []
        for label, _ in checkouts:
            wall = statistics.median(w for w, _ in times[label, name])
            cpu = statistics.median(c for _, c in times[label, name])
            cells.append(f"{wall:9.3f} s / {cpu:6.3f} s CPU")
        print(f"  {name:<24}" + "".join(f"{cell:>26}" for cell in cells))
    print("  importing each alone, CPU beyond python -c pass (median):")
    bare = [command_times(ROOT, ["-c", "pass"], work)[1] for _ in range(repeat)]
    for module in HEAVY:
        took = [command_times(ROOT, ["-c", f"import {module}"], work)[1] for _ in range(repeat)]
        print(f"    {module:<14} {statistics.median(took) - statistics.median(bare):6.3f} s")
    for label, source in checkouts:
        env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(work / "c"))
        args = [*asked["scan, 3 UTF-8 files"], "--format", "json", "-q"]
        done = subprocess.run(
            [sys.executable, "-c", PROBE.format(heavy=HEAVY), *args],
            env=env,
            cwd=source,
            capture_output=True,
            text=True,
            check=True,
        )
        loaded = done.stderr.strip().splitlines()[-1]
        print(f"  {label}: the UTF-8 scan loaded {loaded}")


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
    from simfind.core.cache.fingerprints import FingerprintCache
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
# The rescan that gets the stored answer, part by part (the cache has it: the scans ran).
from simfind.core.scan import memo
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanResult
from simfind.core.scan.scanner import walk_folder
reference, folder = Path({reference!r}), Path({folder!r})
options = ScanOptions()
walked = walk_folder(folder, options, ScanContext())
def question():
    memo.code_version.cache_clear()  # once a process, as a command pays it
    return memo.memo_key(reference, reference.stat(), folder, options), memo.walk_digest(*walked)
key, digest = question()
with FingerprintCache(Path({cache!r})) as cache:
    found = cache.lookup_scan(key)
    looked = cpu(lambda: cache.lookup_scan(key))
if found is None or found[0] != digest:
    print("    (no stored answer for this question)")
else:
    empty = lambda: ScanResult(reference, folder, result.bits, result.reference_fingerprint)
    restored = memo.unpack(found[1], empty(), walked[0])
    built = make_rows() if restored is None else export.rows(restored.matches, restored.bits)
    walk = lambda: walk_folder(folder, options, ScanContext())
    print(f"    the rescan's parts: walk {{cpu(walk):6.3f}} s, "
          f"question {{cpu(question):6.3f}} s, lookup {{looked:6.3f}} s, "
          f"unpack {{cpu(lambda: memo.unpack(found[1], empty(), walked[0])):6.3f}} s "
          f"({{len(found[1]) / 1e3:,.0f}} kB), rows {{cpu(make_rows):6.3f}} s, "
          f"JSON {{cpu(lambda: export.write_json(built, io.StringIO())):6.3f}} s CPU")
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=16_000)
    parser.add_argument("--megabytes", type=int, default=320)
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument("--keep", type=Path, help="generate into (or reuse) this folder")
    parser.add_argument("--startup", action="store_true", help="measure start-up instead")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each start-up command")
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-rescan-"))
    if args.startup:
        try:
            print(
                f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
                f"load {os.getloadavg()[0]:.1f}, baseline {args.baseline}"
            )
            base = extract_commit(args.baseline, work / "base")
            compile_package(ROOT)
            startup((("baseline", base), ("this checkout", ROOT)), work, args.repeat)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return 0
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
        checkouts = (("baseline", base), ("this checkout", ROOT))
        outputs = {label: work / f"out-{label.replace(' ', '-')}.json" for label, _ in checkouts}
        commands = {
            label: [str(reference), str(folder), "--format", "json", "-o", str(out), "-q"]
            for label, out in outputs.items()
        }
        caches = {label: work / f"cache-{label.replace(' ', '-')}" for label, _ in checkouts}
        firsts = {
            label: scan(source, commands[label], caches[label]) for label, source in checkouts
        }
        firsts_written = {label: out.read_bytes() for label, out in outputs.items()}
        agains: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in checkouts}
        for _ in range(3):  # alternately, so that a change of load falls on both
            for label, source in checkouts:
                agains[label].append(scan(source, commands[label], caches[label]))
        written = {label: out.read_bytes() for label, out in outputs.items()}
        same = len(set(written.values()) | set(firsts_written.values())) == 1
        print(
            f"  the JSON written by both checkouts, first scan and rescan: "
            f"{'identical' if same else 'DIFFERENT'} ({len(written['baseline']):,} bytes)"
        )
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
                touched[label].append(scan(source, commands[label], caches[label]))
            for label, source in checkouts:
                asked = [str(other), *commands[label][1:]]
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
        for label, source in checkouts:
            alone = [command_times(source, ["-c", "import simfind.cli.entry"], work)]
            alone += [command_times(source, ["-c", "import simfind.cli.entry"], work)]
            alone += [command_times(source, ["-c", "import simfind.cli.entry"], work)]
            wall = statistics.median(w for w, _ in alone)
            cpu = statistics.median(c for _, c in alone)
            print(
                f"  {label}: starting Python and importing simfind alone "
                f"{wall:.2f} s, CPU {cpu:.2f} s (median of 3; --startup for more)"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

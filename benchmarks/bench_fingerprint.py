"""Fingerprinting speed through ``simfind scan --jobs 1 --no-cache``, against issue 17's baseline.

    python -m benchmarks.bench_fingerprint [--repeat 5] [--baseline REV] [--profile]
        [--only small|large]

Four folders, all of data nobody here wrote: code/English (20 MB of the Python
standard library's .py files) and Chinese documents (the accuracy data's
graded-edit corpus, 4 MB), as before; and, so that starting Python and
importing do not dominate, a larger folder of each: code (every .py file of the
standard library, Django 5.0.14 and SQLAlchemy 2.0.36) and Chinese (every
Chinese document of the Debian packages datasets.py reads, the raw manpages-zh
sources and fortunes-zh). Each is copied into a temporary folder and scanned as a
user would, one process and no cache, by this checkout and by the baseline
(extracted with ``git archive`` into a temporary folder and put first on
PYTHONPATH), alternately, ``--repeat`` times; the medians are printed with their
ratio. The scan's time includes starting Python, walking, and verifying the 200
nearest files.

The baseline is "today's speed" of issue 17: 921c933, the engine before issue 17
(its first engine commit is e7a8805). ``--baseline REV`` names another commit; one
that already contains issue 17's engine (such as ``main``) is measured beside
921c933, never instead of it, and the ratios stay against 921c933.

Then, in a child process with each checkout first on the path (CPU time):
reading and fingerprinting alone, as a scan does it (the base commit one file
at a time, this checkout in batches). Beside them, in this process, the fuzzy
hashes ssdeep (pyssdeep: libfuzzy through ctypes) and TLSH (py-tlsh) of the
same bytes, and ppdeep (ssdeep in pure Python) on a share of them. They are
optional (``pip install -e ".[bench]"``; py-tlsh has no wheels and builds from
source, which needs a C++ compiler); a missing one is reported as such.
``--profile`` prints where this checkout's time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import io
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks import USER_ENVIRONMENT, compile_package
from benchmarks.bench_speed import chinese_files, code_files
from benchmarks.datasets import DJANGO_NEW, _chinese_docs, _deb_tree, _sdist_tree, data_root
from simfind.core.scan.fingerprinting import Job, fingerprint_batch
from simfind.core.text.features import FeatureSettings

#: The engine before issue 17: "today's speed" in the issue's targets.
BASELINE = "921c933"
#: Issue 17's first engine commit: a baseline that contains it is not "today's".
ISSUE_17_ENGINE = "e7a8805"
ROOT = Path(__file__).resolve().parents[1]


def _git(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)


def baselines(rev: str) -> list[tuple[str, str]]:
    """(label, commit) of each baseline to measure; the first is the one ratios are against."""
    commit = _git("rev-parse", "--short", f"{rev}^{{commit}}").stdout.strip()
    before = _git("rev-parse", "--short", f"{BASELINE}^{{commit}}").stdout.strip()
    if not commit:
        raise SystemExit(f"bench_fingerprint: no commit {rev!r}")
    has_engine = _git("merge-base", "--is-ancestor", ISSUE_17_ENGINE, commit).returncode == 0
    if not has_engine:
        return [(f"baseline {rev} ({commit})" if rev != commit else f"baseline {commit}", commit)]
    print(
        f"note: {rev} ({commit}) already has issue 17's engine ({ISSUE_17_ENGINE}); it is "
        f"measured beside {BASELINE}, the engine before issue 17, and the ratios are against "
        f"{BASELINE}"
    )
    return [(f"before 17 ({before})", before), (f"{rev} ({commit})", commit)]


def code_large() -> list[Path]:
    """Every .py file of the standard library, Django 5.0.14 and SQLAlchemy 2.0.36."""
    files = code_files(10**12)
    for name, version in (("Django", DJANGO_NEW), ("SQLAlchemy", "2.0.36")):
        tree = _sdist_tree(name, version)
        files += sorted(p for p in tree.rglob("*.py") if p.is_file() and p.stat().st_size >= 64)
    return files


def chinese_large() -> list[Path]:
    """Every Chinese document datasets.py finds in Debian's packages (1,515, plain text),
    the manpages-zh sources as shipped (roff, decompressed) and fortunes-zh: written
    once under the data folder."""
    folder = data_root() / "bench_fingerprint" / "chinese_large"
    done = folder / ".done"
    if not done.is_file():
        if folder.exists():
            shutil.rmtree(folder)
        for sub in ("docs", "man", "fortunes"):
            (folder / sub).mkdir(parents=True)
        for index, (_name, text) in enumerate(_chinese_docs()):
            (folder / "docs" / f"{index:05d}.txt").write_text(text, encoding="utf-8")
        man = _deb_tree("manpages-zh") / "usr/share/man/zh_CN"
        for index, page in enumerate(sorted(man.rglob("*.gz"))):
            (folder / "man" / f"{index:05d}.{page.name[:-3].rsplit('.', 1)[-1]}").write_bytes(
                gzip.decompress(page.read_bytes())
            )
        fortunes = _deb_tree("fortunes-zh") / "usr/share/games/fortunes"
        for name in ("chinese", "song100", "tang300"):
            shutil.copyfile(fortunes / name, folder / "fortunes" / f"{name}.txt")
        done.write_text("ok\n")
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.name != ".done")


def extract_commit(rev: str, into: Path) -> Path:
    """The ``simfind`` package of commit ``rev``, extracted under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "simfind"], capture_output=True, check=True
    ).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    compile_package(into)
    return into


def scan_seconds(source: Path, reference: Path, folder: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``simfind scan --jobs 1 --no-cache``, ``source`` first.

    CPU time (the child's user + system) is steadier than wall time on a machine
    shared with other work; both are printed.
    """
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source))
    command = [sys.executable, "-m", "simfind", "scan", str(reference), str(folder)]
    command += ["--jobs", "1", "--no-cache", "-q", "--format", "csv"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, check=True, cwd=source)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def in_process(hash_file: Callable[[bytes], object], datas: list[bytes], repeat: int) -> float:
    """Median CPU seconds of hashing every item of ``datas``."""
    return statistics.median(_timed(lambda: [hash_file(d) for d in datas]) for _ in range(repeat))


# Run in a child with either checkout first on the path: CPU seconds of reading and
# fingerprinting the listed files as a scan does (in batches where the code has them).
FINGERPRINT_CPU = """
import statistics, sys, time
from simfind.core.scan import fingerprinting as f
from simfind.core.text.features import FeatureSettings
paths = open(sys.argv[1], encoding="utf-8").read().split("\\n")
settings = FeatureSettings()
if hasattr(f, "fingerprint_texts"):
    job = f.Job(settings)
    batches = [[(i, p) for i, p in enumerate(paths[s : s + 64])] for s in range(0, len(paths), 64)]
    run = lambda: [f.fingerprint_batch(b, job) for b in batches]
else:
    run = lambda: [f.fingerprint_file(p, settings) for p in paths]
run()
times = []
for _ in range(int(sys.argv[2])):
    started = time.process_time(); run(); times.append(time.process_time() - started)
print(statistics.median(times))
"""


def work_list(files: list[Path]) -> Path:
    listing = Path(tempfile.mkstemp(prefix="simfind-bench-fp-", suffix=".txt")[1])
    listing.write_text("\n".join(str(p) for p in files), encoding="utf-8")
    return listing


def fingerprint_cpu(source: Path, listing: Path, repeat: int) -> float:
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source))
    done = subprocess.run(
        [sys.executable, "-c", FINGERPRINT_CPU, str(listing), str(repeat)],
        env=env,
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip().splitlines()[-1])


def fuzzy_hashes() -> dict[str, Callable[[bytes], object]]:
    """The fuzzy hashes that are installed, by name."""
    found: dict[str, Callable[[bytes], object]] = {}
    try:
        import pyssdeep

        found["ssdeep (libfuzzy, C)"] = pyssdeep.get_hash_buffer
    except ImportError:
        print("  (pyssdeep is not installed: no ssdeep figure)")
    try:
        import tlsh

        found["TLSH (py-tlsh, C++)"] = tlsh.hash
    except ImportError:
        print("  (py-tlsh is not installed: no TLSH figure)")
    return found


def profile(files: list[Path]) -> None:
    """Where this checkout's time goes, fingerprinting as a scan does (in batches)."""
    job = Job(FeatureSettings())
    paths = [str(p) for p in files]
    batches = [list(enumerate(paths[s : s + 64])) for s in range(0, len(paths), 64)]
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for batch in batches:
        fingerprint_batch(batch, job)
    profiler.disable()
    print_profile(profiler, 14)


def print_profile(profiler: cProfile.Profile, rows: int) -> None:
    """The profile's ``rows`` functions of most own time, indented."""
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(rows)
    print("\n".join("    " + line for line in out.getvalue().splitlines()[4:] if line.strip()))


def bench(
    name: str,
    files: list[Path],
    bases: list[tuple[str, Path]],
    repeat: int,
    show_profile: bool,
) -> None:
    """Scan ``files`` with each baseline and this checkout; ratios against the first baseline."""
    size = sum(p.stat().st_size for p in files)
    print(f"\n{name}: {len(files)} files, {size / 1e6:.1f} MB")
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-fp-"))
    checkouts = [*bases, ("this checkout", ROOT)]
    try:
        folder = work / "folder"
        for number, path in enumerate(files):
            target = folder / f"d{number // 200:03d}" / f"{number:05d}{path.suffix}"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        reference = folder / "d000" / f"{0:05d}{files[0].suffix}"
        runs: dict[str, list[tuple[float, float]]] = {label: [] for label, _ in checkouts}
        for _ in range(repeat):  # alternately, so that all see the same machine
            for label, source in checkouts:
                runs[label].append(scan_seconds(source, reference, folder))
        medians = {
            label: tuple(statistics.median(t[k] for t in times) for k in (0, 1))
            for label, times in runs.items()
        }
        print(f"  simfind scan --jobs 1 --no-cache (median of {repeat}); wall, then CPU:")
        base_wall, base_cpu = medians[checkouts[0][0]]
        mb = size / 1e6
        for label, (wall, cpu) in medians.items():
            print(
                f"    {label:<22} {wall:6.2f} s {mb / wall:6.2f} MB/s {base_wall / wall:5.2f}x"
                f"   CPU {cpu:6.2f} s {mb / cpu:6.2f} MB/s {base_cpu / cpu:5.2f}x"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    datas = [p.read_bytes() for p in files]
    listing = work_list(files)
    # Alternately, one warm pass timed in each child, so that a change of load on a shared
    # machine falls on every checkout alike; the median of ``repeat``.
    passes: dict[str, list[float]] = {label: [] for label, _ in checkouts}
    for _ in range(repeat):
        for label, source in checkouts:
            passes[label].append(fingerprint_cpu(source, listing, 1))
    fingerprinting = {label: statistics.median(times) for label, times in passes.items()}
    first = fingerprinting[checkouts[0][0]]
    for label, seconds in fingerprinting.items():
        print(
            f"  in-process, {label:<22} read + fingerprint only: {size / 1e6 / seconds:7.2f} MB/s"
            f" CPU  {first / seconds:4.2f}x"
        )
    listing.unlink()
    simfind_seconds = fingerprinting["this checkout"]
    for label, hash_file in fuzzy_hashes().items():
        seconds = in_process(hash_file, datas, repeat)
        print(
            f"  in-process, {label:<25} {size / 1e6 / seconds:7.2f} MB/s"
            f"  ({simfind_seconds / seconds:4.1f}x simfind's in-process speed)"
        )
    try:
        import ppdeep

        share = datas[:: max(1, len(datas) // 50)]
        speed = sum(map(len, share)) / 1e6 / in_process(ppdeep.hash, share, 1)
        print(f"  in-process, ssdeep (ppdeep, pure Python) {speed:7.2f} MB/s")
    except ImportError:
        print("  (ppdeep is not installed)")
    if show_profile:
        print("  where simfind's in-process time goes (cProfile, by own time):")
        profile(files)


def _timed(work: Callable[[], object]) -> float:
    """CPU seconds of this process spent on ``work``."""
    started = time.process_time()
    work()
    return time.process_time() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--megabytes", type=int, default=20, help="the small code folder's size")
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument(
        "--only", choices=("small", "large"), help="only the small (or the large) folders"
    )
    args = parser.parse_args(argv)
    chosen = baselines(args.baseline)
    compile_package(ROOT)
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, baselines {', '.join(c for _, c in chosen)}"
    )
    folders: list[tuple[str, Callable[[], list[Path]]]] = []
    if args.only != "large":
        folders.append(("Code/English (stdlib .py)", lambda: code_files(args.megabytes * 10**6)))
        folders.append(("Chinese documents (graded-edit corpus)", chinese_files))
    if args.only != "small":
        folders.append(("Code/English, larger (stdlib, Django, SQLAlchemy .py)", code_large))
        folders.append(("Chinese, larger (Debian docs, manpages-zh, fortunes-zh)", chinese_large))
    with tempfile.TemporaryDirectory(prefix="simfind-baseline-") as base:
        bases = [(label, extract_commit(commit, Path(base) / commit)) for label, commit in chosen]
        for name, files in folders:
            bench(name, files(), bases, args.repeat, args.profile)
    print(f"\nload at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

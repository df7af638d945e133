"""Fingerprinting throughput step by step, beside TLSH and ssdeep on the same bytes.

    python -m benchmarks.bench_fingerprint_speed [--repeat 5] [--megabytes 30]
        [--profile] [--no-large] [--baseline REV] [--turns N]

Issue 46, item 4. bench_fingerprint measures whole scans and a child's read +
fingerprint pass; this one takes reading away: every file is read once
(read_text) and its text kept in memory, then fingerprinted as a scan does it
(fingerprint_all over the scan's inline batches: 64 files or 512 KB), with each
step timed on its own, CPU seconds of this one process (one core):

- words: the texts to weighted features (scripts folded, tokens hashed,
  shingles counted and weighed, a short text's character n-grams);
- SimHash: the features to 128-bit fingerprints;
- sketch: the bottom-k sketches, packed;
- sample: the edge runs and the excerpt sample, packed;
- whole: fingerprint_all itself (checked equal to the four steps' results).

Beside them the fuzzy hashes of the same files' bytes: TLSH (py-tlsh, C++),
ssdeep (pyssdeep: libfuzzy through ctypes) and ppdeep (ssdeep in pure Python,
on a share of the files). They are optional, benchmark-only:
``pip install -e ".[bench]"``; a missing one is reported as such. MB/s is of
the files' bytes for every row, so the rows compare; the ratio is to TLSH.

Corpora, all real: code (the standard library's .py files of this interpreter,
``--megabytes`` of them) and Chinese (tests/data's Chinese texts, the graded-edit
corpus of the accuracy data and, unless ``--no-large``, bench_fingerprint's
larger Chinese folder: Debian's Chinese documents, manpages-zh, fortunes-zh).
``--profile`` prints where simfind's time goes (cProfile, by own time).
``--baseline REV`` (``main``, say) first measures that commit's simfind rows on the
same files, in a child with its ``simfind`` package (``git archive``) first on the path,
and says whether every file's fingerprint, sketch and sample here is the same, byte for
byte; ``--turns N`` has the two take N turns on each corpus.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.bench_fingerprint import (
    chinese_large,
    extract_commit,
    fuzzy_hashes,
    print_profile,
)
from benchmarks.bench_speed import chinese_files, code_files
from simfind.core.fingerprint.simhash import fingerprints
from simfind.core.fingerprint.sketch import bottom_k, pack
from simfind.core.runs.batching import bounded_batches
from simfind.core.scan import fingerprinting
from simfind.core.scan.fingerprinting import fingerprint_all
from simfind.core.text.features import FeatureSettings, batch_features
from simfind.core.text.reading import read_text

ROOT = Path(__file__).resolve().parents[1]
#: As a scan fingerprints in its own process (fingerprinting._inline).
BATCH_FILES, BATCH_BYTES = 64, 512 * 1024
STEPS = ("words", "SimHash", "sketch", "sample")
Result = tuple[int | None, bytes, bytes]


def test_data_chinese() -> list[Path]:
    """tests/data's Chinese texts (Debian's manual, a Big5 copy, sayings)."""
    data = ROOT / "tests" / "data"
    found = [
        *sorted((data / "zh_manual").glob("*.txt")),
        *sorted((data / "zh_scripts").glob("*.txt")),
    ]
    found += sorted((data / "sayings").glob("*.txt"))
    found += sorted(p for p in (data / "versions").glob("*.txt") if not p.name.isascii())
    return found


def batches(texts: list[str], sizes: list[int]) -> list[list[str]]:
    """The texts in the batches a scan in one process would make of their files."""
    made = bounded_batches(list(range(len(texts))), lambda i: sizes[i], BATCH_FILES, BATCH_BYTES)
    return [[texts[i] for i in batch] for batch in made]


def stepwise(texts: Sequence[str], settings: FeatureSettings, clock: list[float]) -> list[Result]:
    """fingerprint_all's steps one by one, each step's CPU seconds added to ``clock``."""
    tick = time.process_time()
    batch = batch_features(texts, settings)
    tock = time.process_time()
    clock[0] += tock - tick
    values = fingerprints(batch, settings.bits)
    tick = time.process_time()
    clock[1] += tick - tock
    owners, words = batch.owners[batch.words], batch.hashes[batch.words]
    packed = [pack(row) for row in bottom_k(owners, words, batch.texts)]
    tock = time.process_time()
    clock[2] += tock - tick
    # A commit before batch_samples (a baseline) has its sample step timed as the whole
    # less the other steps.
    batch_samples = getattr(fingerprinting, "batch_samples", None)
    if batch_samples is None:
        return fingerprint_all(texts, settings)
    sampled = batch_samples(texts, batch, settings)
    clock[3] += time.process_time() - tock
    return list(zip(values, packed, sampled, strict=True))


def _cpu(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def bench(
    name: str, files: list[Path], repeat: int, show_profile: bool, fuzzy: bool = True
) -> tuple[dict[str, float], list[Result]]:
    """Print (and return) MB/s of each step, the whole, and (if ``fuzzy``) the fuzzy hashes
    on ``files``; and every file's fingerprint, sketch and sample."""
    datas = [p.read_bytes() for p in files]
    texts = [read_text(p).text for p in files]
    size = sum(map(len, datas))
    mb = size / 1e6
    settings = FeatureSettings()
    groups = batches(texts, list(map(len, datas)))
    print(f"\n{name}: {len(files)} files, {mb:.1f} MB, {len(groups)} batches")
    whole = [r for g in groups for r in fingerprint_all(g, settings)]  # warm, and the reference
    step_times: list[list[float]] = []
    whole_times: list[float] = []
    for _ in range(repeat):  # alternately, so that a change of load falls on both alike
        clock = [0.0] * len(STEPS)
        steps = [r for g in groups for r in stepwise(g, settings, clock)]
        step_times.append(clock)
        whole_times.append(_cpu(lambda: [fingerprint_all(g, settings) for g in groups]))
    if steps != whole:
        raise SystemExit(
            "bench_fingerprint_speed: the steps' results differ from fingerprint_all's"
        )
    speeds: dict[str, float] = {}
    if not hasattr(fingerprinting, "batch_samples"):
        for clock, whole_time in zip(step_times, whole_times, strict=True):
            clock[3] = whole_time - sum(clock[:3])
    for index, step in enumerate(STEPS):
        speeds[f"simfind: {step}"] = mb / statistics.median(t[index] for t in step_times)
    speeds["simfind: whole (fingerprint_all)"] = mb / statistics.median(whole_times)
    for label, hash_file in (fuzzy_hashes() if fuzzy else {}).items():
        speeds[label] = mb / statistics.median(
            _cpu(lambda h=hash_file: [h(d) for d in datas]) for _ in range(repeat)
        )
    if fuzzy:
        speeds.update(_ppdeep(datas))
    tlsh = next((v for k, v in speeds.items() if k.startswith("TLSH")), None)
    print(f"  CPU, one core, median of {repeat} (ppdeep: one pass on a share):")
    for label, speed in speeds.items():
        ratio = f"{speed / tlsh:6.2f}x TLSH" if tlsh else ""
        print(f"    {label:<36} {speed:8.2f} MB/s  {ratio}")
    if show_profile:
        profile(groups, settings)
    return speeds, whole


def _ppdeep(datas: list[bytes]) -> dict[str, float]:
    """ssdeep in pure Python on a share of the files, one pass (it is slow)."""
    try:
        import ppdeep
    except ImportError:
        print("  (ppdeep is not installed)")
        return {}
    share = datas[:: max(1, len(datas) // 40)]
    seconds = _cpu(lambda: [ppdeep.hash(d) for d in share])
    return {"ssdeep (ppdeep, pure Python)": sum(map(len, share)) / 1e6 / seconds}


def profile(groups: list[list[str]], settings: FeatureSettings) -> None:
    """Where fingerprint_all's time goes on these batches (cProfile, by own time)."""
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for group in groups:
        fingerprint_all(group, settings)
    profiler.disable()
    print("  where simfind's time goes (cProfile, by own time):")
    print_profile(profiler, 18)


# Run in a child with the baseline's simfind first on the path: its simfind rows.
BASELINE_ROWS = """
import pickle, sys
sys.path.insert(1, sys.argv[1])
from benchmarks.bench_fingerprint_speed import bench
name, files, repeat = pickle.load(sys.stdin.buffer)
results = bench(name, files, repeat, False, fuzzy=False)[1]
with open(sys.argv[2], "wb") as out:
    pickle.dump(results, out)
"""


def baseline_rows(source: Path, name: str, files: list[Path], repeat: int) -> list[Result]:
    """The baseline's simfind rows on ``files``, measured in a child and printed; its
    fingerprints, sketches and samples of them."""
    print(f"\n[baseline {source.name}]", end="")
    job = pickle.dumps((name, files, repeat))
    with tempfile.TemporaryDirectory(prefix="simfind-baseline-results-") as folder:
        results = Path(folder) / "results.pickle"
        command = [sys.executable, "-c", BASELINE_ROWS, str(ROOT), str(results)]
        env = dict(os.environ, PYTHONPATH=str(source))
        subprocess.run(command, input=job, cwd=source, env=env, check=True)
        print("[this checkout]", end="")
        with results.open("rb") as made:
            found: list[Result] = pickle.load(made)
    return found


def compare(rev: str, theirs: list[Result], ours: list[Result]) -> None:
    """Say whether this checkout's fingerprints, sketches and samples are the baseline's."""
    differ = [i for i, (a, b) in enumerate(zip(theirs, ours, strict=True)) if a != b]
    parts = ("fingerprint", "sketch", "sample")
    which = sorted({parts[k] for i in differ for k in range(3) if theirs[i][k] != ours[i][k]})
    verdict = f"DIFFER in {len(differ)} files ({', '.join(which)})" if differ else "identical"
    print(f"  fingerprints, sketches, samples of all {len(ours)} files vs {rev}'s: {verdict}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--megabytes", type=int, default=30, help="the code folder's size")
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--baseline", help="a commit whose simfind rows to print first")
    parser.add_argument(
        "--turns", type=int, default=1, help="times the baseline and this checkout take turns"
    )
    parser.add_argument(
        "--no-large", action="store_true", help="leave out the larger Chinese folder"
    )
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    chinese = test_data_chinese() + chinese_files()
    if not args.no_large:
        chinese += chinese_large()
    corpora = [
        ("Code (stdlib .py)", code_files(args.megabytes * 10**6)),
        ("Chinese (tests/data, graded-edit corpus, Debian)", chinese),
    ]
    with tempfile.TemporaryDirectory(prefix="simfind-baseline-") as base:
        source = None
        if args.baseline:
            source = extract_commit(args.baseline, Path(base) / args.baseline)
        for name, files in corpora:
            for _ in range(args.turns):  # in turns, so that a change of load falls on both
                theirs = None if source is None else baseline_rows(source, name, files, args.repeat)
                ours = bench(name, files, args.repeat, args.profile)[1]
                if theirs is not None:
                    compare(args.baseline, theirs, ours)
    print(f"\nload at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

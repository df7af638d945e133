"""Memory and time of one large file through ``simfind scan``, beside the base commit's.

    python -m benchmarks.bench_memory [--megabytes 60] [--baseline REV]

Builds (in a temporary folder) a Chinese text of about --megabytes MB from the
sentences of the accuracy data's Chinese corpus (datasets.py), each sentence
drawn at random and one character in it changed, so that its distinct
features grow with its size as a real long text's do; and a code file of the
same size from the Python standard library's sources. Each lies alone in a
folder with a 20 KB reference cut from it, and ``simfind scan --jobs 1
--no-cache`` runs on it with this checkout and with ``--baseline`` (default
921c933). Peak memory is the largest resident set of the command (sampled
every 20 ms; CPU time beside the wall time, which a busy machine stretches);
"per MB" is the peak, less the same command's peak on the
reference alone, divided by the file's size.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from random import Random

from benchmarks import USER_ENVIRONMENT, compile_package
from benchmarks.bench_fingerprint import BASELINE, ROOT, extract_commit
from benchmarks.bench_scan import run_scan, stdlib_texts

SEED = 1234


def chinese_text(size: int) -> str:
    from benchmarks.bench_speed import chinese_files

    sentences: list[str] = []
    for path in chinese_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        sentences += [s + "。" for s in text.split("。") if len(s) > 8]
    alphabet = sorted({c for s in sentences[:2000] for c in s if "\u4e00" <= c <= "\u9fff"})
    rng = Random(SEED)
    parts, have = [], 0
    while have < size:
        sentence = sentences[rng.randrange(len(sentences))]
        at = rng.randrange(len(sentence) - 1)
        sentence = sentence[:at] + alphabet[rng.randrange(len(alphabet))] + sentence[at + 1 :]
        parts.append(sentence)
        have += len(sentence.encode("utf-8"))
        if rng.random() < 0.05:
            parts.append("\n")
    return "".join(parts)


def code_text(size: int) -> str:
    pool = stdlib_texts()
    rng = Random(SEED)
    parts, have = [], 0
    while have < size:
        parts.append(pool[rng.randrange(len(pool))])
        have += len(parts[-1])
    return "\n".join(parts)


def measure(source: Path, reference: Path, folder: Path, cache: Path) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, peak RSS bytes) of one scan, ``source`` first on the path."""
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source), SIMFIND_CACHE_DIR=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds, peak = run_scan(
        [str(reference), str(folder), "--jobs", "1", "--no-cache", "-q", "--format", "csv"],
        env,
        cwd=source,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu, peak


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=60)
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with")
    args = parser.parse_args(argv)
    size = args.megabytes * 1_000_000
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-memory-"))
    try:
        base = extract_commit(args.baseline, work / "base")
        compile_package(ROOT)
        print(f"python {sys.version.split()[0]}, baseline {args.baseline}")
        for name, make in (("Chinese", chinese_text), ("code", code_text)):
            started = time.perf_counter()
            text = make(size)
            folder = work / name / "folder"
            folder.mkdir(parents=True)
            data = text.encode("utf-8")
            (folder / f"large-{name}.txt").write_bytes(data)
            alone = work / name / "alone"
            alone.mkdir()
            reference = work / name / "reference.txt"
            reference.write_bytes(text[:20_000].encode("utf-8"))
            shutil.copyfile(reference, alone / "reference-copy.txt")
            print(
                f"\n{name}: one file of {len(data) / 1e6:.1f} MB "
                f"(made in {time.perf_counter() - started:.1f} s)"
            )
            for label, source in (("baseline", base), ("this checkout", ROOT)):
                *_, idle = measure(source, reference, alone, work / "cache")
                seconds, cpu, peak = measure(source, reference, folder, work / "cache")
                per_mb = (peak - idle) / 2**20 / (len(data) / 1e6)
                print(
                    f"  {label:<14} {seconds:6.1f} s (CPU {cpu:5.1f} s)"
                    f"  peak {peak / 2**20:5.0f} MB (idle {idle / 2**20:3.0f} MB)"
                    f"  {per_mb:5.2f} MB per MB of input"
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Fingerprinting speed in one process, beside the naive seed algorithm and jieba itself.

    python -m benchmarks.bench_speed [--repeat 3]

Code/English: the Python standard library's own .py files (present wherever
Python is). Chinese: the Chinese documents of the accuracy datasets (built on
first use, see datasets.py). Every figure is the median of --repeat runs, all
in this one run, so ratios between them hold on a noisy machine.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import sysconfig
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import jieba
import numpy as np
import rjieba

from benchmarks.naive_seed import naive_fingerprint
from simfind.core.fingerprint.simhash import distances, to_array
from simfind.core.scan.fingerprinting import fingerprint_file
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

jieba.setLogLevel(logging.WARNING)


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def code_files(limit_bytes: int) -> list[Path]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    chosen, total = [], 0
    for path in sorted(stdlib.rglob("*.py")):
        if "site-packages" in path.parts or not path.is_file() or path.stat().st_size < 64:
            continue
        chosen.append(path)
        total += path.stat().st_size
        if total >= limit_bytes:
            break
    return chosen


def chinese_files() -> list[Path]:
    from benchmarks.datasets import zh_graded_edits

    corpus = zh_graded_edits(0.05).queries[0].corpus_dir
    return sorted(p for p in corpus.rglob("*") if p.is_file())


def report(
    label: str, seconds: float, size: int, files: int, baseline: float | None = None
) -> None:
    ratio = f"  ({baseline / seconds:5.1f}x the naive seed)" if baseline else ""
    print(f"  {label:<44} {size / 1e6 / seconds:8.2f} MB/s {files / seconds:9.0f} files/s{ratio}")


def bench_folder(name: str, files: list[Path], repeat: int, naive_share: int) -> None:
    size = sum(p.stat().st_size for p in files)
    texts = [read_text(p).text for p in files]
    print(f"\n{name}: {len(files)} files, {size / 1e6:.1f} MB")
    settings64, settings128 = FeatureSettings(bits=64), FeatureSettings(bits=128)
    # The naive per-bit loop is slow: it runs on every naive_share-th file only.
    subset = list(range(0, len(files), naive_share))
    sub_size = sum(files[i].stat().st_size for i in subset)
    naive = median_seconds(lambda: [naive_fingerprint(texts[i]) for i in subset], repeat)
    naive_full = naive * size / max(1, sub_size)
    report("naive seed (jieba, per-bit loop)", naive_full, size, len(files))
    for label, settings in (("simfind 64-bit", settings64), ("simfind 128-bit", settings128)):
        seconds = median_seconds(lambda s=settings: [fingerprint_file(p, s) for p in files], repeat)
        report(label + " (read+decode+fingerprint)", seconds, size, len(files), naive_full)
    if name.startswith("Chinese"):
        cjk = ["".join(ch for ch in t if "\u4e00" <= ch <= "\u9fff") for t in texts]
        seconds = median_seconds(lambda: [jieba.lcut(t) for t in cjk], repeat)
        report("jieba.lcut alone (pure Python)", seconds, size, len(files))
        seconds = median_seconds(lambda: [rjieba.cut(t, True) for t in cjk], repeat)
        report("rjieba.cut alone (same dictionary)", seconds, size, len(files))
        same = sum(jieba.lcut(t) == list(rjieba.cut(t, True)) for t in cjk)
        print(f"  jieba and rjieba cut {same} of {len(cjk)} documents identically")


def bench_index(repeat: int) -> None:
    rng = np.random.default_rng(1)
    print("\none reference against 10,000,000 random fingerprints:")
    for lanes in (1, 2):
        random = rng.integers(0, 2**63, size=(10_000_000, lanes), dtype=np.int64).view(np.uint64)
        prints = np.asfortranarray(random)  # laid out as simhash.to_array lays fingerprints out
        reference = int(rng.integers(0, 2**63))
        ref = to_array([reference], 64 * lanes)[0]
        plain = median_seconds(
            lambda p=prints, r=ref: np.bitwise_count(p ^ r).sum(axis=1, dtype=np.uint8), repeat
        )
        seconds = median_seconds(lambda p=prints, r=reference: distances(r, p), repeat)
        print(
            f"  {64 * lanes:>3}-bit: {seconds * 1000:7.1f} ms (median of {repeat});"
            f" one whole-array NumPy expression: {plain * 1000:7.1f} ms ({plain / seconds:.1f}x)"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--megabytes", type=int, default=20, help="code corpus size")
    args = parser.parse_args(argv)
    bench_folder("Code/English (stdlib .py)", code_files(args.megabytes * 10**6), args.repeat, 20)
    bench_folder("Chinese documents", chinese_files(), args.repeat, 5)
    bench_index(max(args.repeat, 5))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Shared passages: their speed, and how long a run shared by chance gets.

    python -m benchmarks.bench_passages [--repeat 5] [--pairs 300]
    python -m benchmarks.bench_passages --large 8000000

Speed: a 100 KB reference against a 1 MB file that holds it (code: the Python
standard library's sources; Chinese: the Debian documents of the benchmark
data, benchmarks/datasets.py), beside the same run's cost of the line
diff of the pair (core.diff.diff_texts, which the diff view computes with it)
and of tokenising the two texts alone.

Chance: pairs of unrelated texts (code of two projects, English documentation
of two projects; code and documentation of one project, whose files share its
idioms; Chinese documents of two sources), and for each minimum
length the share of pairs that still share a passage, with the longest
chance passages found at 8 words: what sets passages.MIN_WORDS. Printed, not
asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sysconfig
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

from benchmarks.datasets import data_root
from simfind.core.compare.diff import diff_texts
from simfind.core.compare.passages import MIN_WORDS, shared_passages
from simfind.core.text.tokens import token_spans

LENGTHS = (6, 8, 10, 12, 14, 16, 20)


def _median_ms(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return 1000 * statistics.median(times)


def _concatenated(paths: list[Path], chars: int) -> str:
    parts: list[str] = []
    total = 0
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        parts.append(text)
        total += len(text)
        if total >= chars:
            break
    return "".join(parts)[:chars]


def bench_speed(name: str, big: str, repeat: int) -> None:
    # The reference is 100 KB of the middle of the file (which holds it unchanged).
    middle = len(big) // 2
    reference = big[middle - 50_000 : middle + 50_000]
    print(f"{name}: reference {len(reference):,} characters, file {len(big):,}")
    result = shared_passages(reference, big)
    print(
        f"  {len(result.passages)} passages, {result.words:,} words, "
        f"{100 * result.left_share:.1f} % of the reference, "
        f"{100 * result.right_share:.1f} % of the file"
    )
    passages = _median_ms(lambda: shared_passages(reference, big), repeat)
    tokens = _median_ms(lambda: (token_spans(reference), token_spans(big)), repeat)
    diff = _median_ms(lambda: diff_texts(reference, big), max(1, repeat // 2))
    print(f"  shared_passages median {passages:.0f} ms")
    print(f"  baseline, same run: tokenising both {tokens:.0f} ms, diff_texts {diff:.0f} ms")


def bench_large(chars: int) -> None:
    """A long Chinese file against 1 MB of it: time and the process's peak memory."""
    import resource

    from simfind.core.compare import passages

    corpus = sorted((data_root() / "datasets" / "zh_graded_corpus" / "corpus").glob("*.txt"))
    text = "".join(p.read_text(encoding="utf-8") for p in corpus)
    big = (text * (chars // len(text) + 1))[:chars]
    reference = big[len(big) // 2 : len(big) // 2 + 1_000_000]
    passages.MAX_CHARS = len(big) + len(reference)  # measured above the window's budget
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    started = time.perf_counter()
    result = shared_passages(reference, big)
    took = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"Chinese, 1,000,000 characters against {len(big):,}: {len(result.passages)} passages")
    print(f"  {took:.2f} s; peak memory {peak:.0f} MB, {before:.0f} MB before")


def _pairs(a: list[Path], b: list[Path], count: int, rng: Random) -> list[tuple[Path, Path]]:
    return [(rng.choice(a), rng.choice(b)) for _ in range(count)]


def bench_chance(name: str, pairs: list[tuple[Path, Path]]) -> None:
    texts = [
        (x.read_text(encoding="utf-8", errors="replace"), y.read_text("utf-8", "replace"))
        for x, y in pairs
    ]
    print(f"{name}: {len(texts)} pairs of unrelated texts")
    longest: list[tuple[int, str]] = []
    for length in LENGTHS:
        found = 0
        for left, right in texts:
            result = shared_passages(left, right, min_words=length)
            if result.passages:
                found += 1
            if length == 8:
                longest.extend(
                    (p.words, " ".join(left[p.left.start : p.left.end].split())[:90])
                    for p in result.passages
                )
        print(f"  at least {length:2} words: {found:4} pairs share a passage")
    for words, text in sorted(longest, reverse=True)[:6]:
        print(f"    {words:3} words: {text!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument(
        "--large", type=int, metavar="CHARS", help="only: a Chinese file this long, time and memory"
    )
    args = parser.parse_args()
    if args.large:
        bench_large(args.large)
        return
    rng = Random(1234)
    root = data_root() / "datasets"
    stdlib = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    chinese = sorted((root / "zh_graded_corpus" / "corpus").glob("*.txt"))
    print(f"MIN_WORDS = {MIN_WORDS}")
    bench_speed("code", _concatenated(stdlib, 1_000_000), args.repeat)
    bench_speed("Chinese", _concatenated(chinese, 1_000_000), args.repeat)

    django = root / "code_release_pairs" / "Django-5.0.14"
    pytest = root / "code_release_pairs_pytest" / "pytest-8.3.3"

    def sized(paths: list[Path]) -> list[Path]:
        return [p for p in paths if 2_000 <= p.stat().st_size <= 60_000]

    code = _pairs(
        sized(sorted(django.rglob("*.py"))), sized(sorted(pytest.rglob("*.py"))), args.pairs, rng
    )
    bench_chance("code (Django / pytest)", code)
    prose = _pairs(
        sized(sorted((django / "docs").rglob("*.txt"))),
        sized(sorted((pytest / "doc").rglob("*.rst"))),
        args.pairs,
        rng,
    )
    bench_chance("English documentation (Django / pytest)", prose)
    # One project's files share its idioms and boilerplate: the common phrases that
    # should not be passages (the same module of two apps is left out).
    apps = sized(sorted((django / "django").rglob("*.py")))
    inside = [
        (x, y)
        for x, y in _pairs(apps, apps, 3 * args.pairs, rng)
        if x.parent != y.parent and x.name != y.name
    ][: args.pairs]
    bench_chance("code (Django / Django, two folders)", inside)
    docs = sized(sorted((django / "docs").rglob("*.txt")))
    inside = [(x, y) for x, y in _pairs(docs, docs, 2 * args.pairs, rng) if x != y]
    bench_chance("English documentation (Django / Django)", inside[: args.pairs])
    sources: dict[str, list[Path]] = {}
    for path in sized(chinese):
        sources.setdefault(path.name.split("-")[1], []).append(path)
    names = sorted(sources)
    zh = []
    for _ in range(args.pairs):
        first, second = rng.sample(names, 2)
        zh.append((rng.choice(sources[first]), rng.choice(sources[second])))
    bench_chance(f"Chinese documents ({' / '.join(names)}, two sources a pair)", zh)


if __name__ == "__main__":
    main()

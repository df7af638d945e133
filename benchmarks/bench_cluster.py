"""simfind on a local Dask cluster beside the single-process path.

    python -m benchmarks.bench_cluster docs [--n 1000000] [--workers 2]
    python -m benchmarks.bench_cluster join [--n 100000 1000000 10000000] [--slices S]

``docs``: N short documents generated from real text (2-3 sentences of the
``short_texts`` and ``zh_graded_edits`` datasets, Chinese and English, built by
``datasets``), a
twentieth of them near-duplicates of others (a word or character added,
dropped or changed), written as a Parquet dataset of (id, text). They are
fingerprinted, joined, verified and grouped on a local cluster, and by the
same functions in one process (fingerprint_text, index.near_pairs,
verify.similarity, the desktop's grouping rule); the groups must be equal.
Prints the time of each stage, the peak memory of each worker process and
of this process, and the planted pairs that were grouped.

``join``: the candidate join alone on N random 64-bit fingerprints with
planted neighbours (1 % of the rows are copies of a row of the previous
partition with 1 to 3 bits flipped), at distance 3. The fingerprints are
generated in the workers, partition by partition from a seed, so that no
input has to be stored; the join runs in slices of the key space when N is
large (``--slices``, else as many as keep a slice's shuffle within a quarter
of the workers' memory). Prints the time, the pairs found and the planted
pairs missed (which must be 0).

Figures depend on the machine and its load; nothing here fails on time.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

PART_ROWS = 2_000_000
PLANTED_SHARE = 0.01
#: Up to this many fingerprints, the join is also timed in one process (core.index).
SINGLE_PROCESS_LIMIT = 10_000_000
SEED = 2007


# --------------------------------------------------------------------------
# Memory of the worker processes, sampled while a run goes on.


class WorkerMemory:
    """Peak resident memory of every worker process, sampled twice a second."""

    def __init__(self, client) -> None:
        self.client = client
        self.peaks: dict[str, int] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.wait(0.5):
            try:
                sizes = self.client.run(_rss)
            except Exception:  # a worker restarting, the cluster closing
                continue
            for worker, size in sizes.items():
                self.peaks[worker] = max(self.peaks.get(worker, 0), size)

    def __enter__(self) -> WorkerMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def summary(self) -> str:
        peaks = sorted(self.peaks.values(), reverse=True)
        return ", ".join(f"{p / 2**20:,.0f} MB" for p in peaks) or "not sampled"


def _rss() -> int:
    import psutil

    return int(psutil.Process().memory_info().rss)


def own_peak() -> int:
    """Peak resident memory of this process so far (bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


@contextmanager
def local_client(workers: int, memory: str | None) -> Iterator[object]:
    from simfind.cluster.connect import connect

    with connect(workers=workers, dashboard=None, memory_limit=memory) as client:
        yield client


def progress_printer(label: str):
    last = [0.0]

    def show(progress) -> None:
        now = time.monotonic()
        if progress.done == progress.total or now - last[0] > 5:
            last[0] = now
            print(
                f"  [{label}] {progress.stage}: {progress.done}/{progress.total} "
                f"partitions, {progress.elapsed:.1f} s",
                file=sys.stderr,
                flush=True,
            )

    return show


# --------------------------------------------------------------------------
# The join on generated fingerprints.


def _base(part: int) -> np.ndarray:
    rng = np.random.default_rng((SEED, part))
    return rng.integers(0, 2**64, size=PART_ROWS, dtype=np.uint64)


def generated_part(part: int, parts: int, rows: int) -> pd.DataFrame:
    """Partition ``part``: random fingerprints, the last 1 % near copies of the previous part's."""
    values = _base(part)[:rows].copy()
    planted = int(rows * PLANTED_SHARE)
    if planted:
        rng = np.random.default_rng((SEED, part, 1))
        source_part = (part - 1) % parts
        sources = rng.integers(0, rows - planted, size=planted)
        copies = _base(source_part)[sources].copy()
        flips = rng.integers(1, 4, size=planted)
        for k in range(3):
            bit = rng.integers(0, 64, size=planted).astype(np.uint64)
            flip = (np.uint64(1) << bit) * (flips > k).astype(np.uint64)
            copies ^= flip
        values[rows - planted :] = copies
    index = pd.Index(
        np.arange(part * PART_ROWS, part * PART_ROWS + rows, dtype=np.int64), name="row"
    )
    return pd.DataFrame({"lane0": values}, index=index)


def planted_pairs(parts: int, rows: list[int]) -> set[tuple[int, int]]:
    """(source row, copy row) of every planted neighbour whose copy is within 3 bits."""
    found = set()
    for part in range(parts):
        planted = int(rows[part] * PLANTED_SHARE)
        if not planted:
            continue
        rng = np.random.default_rng((SEED, part, 1))
        source_part = (part - 1) % parts
        sources = rng.integers(0, rows[part] - planted, size=planted)
        copy_rows = np.arange(rows[part] - planted, rows[part]) + part * PART_ROWS
        source_rows = sources + source_part * PART_ROWS
        for a, b in zip(source_rows.tolist(), copy_rows.tolist(), strict=True):
            found.add((min(a, b), max(a, b)))
    return found


def missed_pairs(found: pd.DataFrame, planted: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The planted pairs the join did not report.

    Identical fingerprints are collapsed onto their smallest row before the tables
    (a planted copy whose flips cancelled is identical to its source), so a pair is
    reported through the rows its ends were collapsed onto.
    """
    same = found[found["distance"] == 0]
    rep = dict(zip(same["j"].tolist(), same["i"].tolist(), strict=True))
    have = set(zip(found["i"].tolist(), found["j"].tolist(), strict=True))
    missed = []
    for a, b in planted:
        ra, rb = rep.get(a, a), rep.get(b, b)
        if ra != rb and (min(ra, rb), max(ra, rb)) not in have:
            missed.append((a, b))
    return missed


def run_join(n: int, workers: int, slices: int | None, check: bool, memory: str | None) -> None:
    import dask.dataframe as dd

    from simfind.cluster.pipeline import candidate_pairs

    parts = -(-n // PART_ROWS)
    rows = [min(PART_ROWS, n - p * PART_ROWS) for p in range(parts)]
    divisions = [p * PART_ROWS for p in range(parts)] + [(parts - 1) * PART_ROWS + rows[-1] - 1]
    with local_client(workers, memory) as client:
        frame = dd.from_map(
            generated_part,
            list(range(parts)),
            [parts] * parts,
            rows,
            divisions=divisions,
            meta=generated_part(0, 1, 0),
            label="generate",
            enforce_metadata=False,
        )
        started = time.monotonic()
        with WorkerMemory(client) as memory:
            pairs = candidate_pairs(
                client,
                frame,
                n,
                64,
                3,
                slices=slices,
                progress=progress_printer(f"N={n:,}"),
                started=started,
            )
            found = client.compute(pairs, sync=True)
        elapsed = time.monotonic() - started
    single = ""
    if n <= SINGLE_PROCESS_LIMIT:
        from simfind.core.index.pigeonhole import near_pairs

        prints = np.concatenate([generated_part(p, parts, rows[p])["lane0"] for p in range(parts)])
        began = time.monotonic()
        count = len(near_pairs(prints.reshape(-1, 1), 3)[0])
        single = (
            f"; one process (index.near_pairs): {time.monotonic() - began:.1f} s, {count:,} pairs"
        )
    missed = "not checked"
    if check:
        missed = str(len(missed_pairs(found, planted_pairs(parts, rows))))
    print(
        f"join N={n:,}: {elapsed:.1f} s, {len(found):,} pairs within 3 bits, "
        f"{missed} of {sum(int(r * PLANTED_SHARE) for r in rows):,} planted missed; "
        f"peak per worker {memory.summary()}{single}",
        flush=True,
    )


# --------------------------------------------------------------------------
# A million short documents.


def sentences() -> tuple[list[str], list[str]]:
    """Real sentences, Chinese and English: the ``short_texts`` datasets and the Chinese
    documents of ``zh_graded_edits`` (built by ``datasets`` when missing), cut at stops."""
    from benchmarks.datasets import _graded_corpus, short_texts

    chinese: set[str] = set()
    english: set[str] = set()
    for lang, pool in (("zh", chinese), ("en", english)):
        corpus = short_texts(lang).queries[0].corpus_dir
        texts = [p.read_text(encoding="utf-8") for p in sorted(corpus.glob("*.txt"))]
        if lang == "zh":
            texts += [p.read_text(encoding="utf-8") for p in _graded_corpus()[1]]
        for text in texts:
            for sentence in re.split(r"(?<=[。！？.!?])\s*", " ".join(text.split())):
                if 8 <= len(sentence.strip()) <= 160:
                    pool.add(sentence.strip())
    return sorted(chinese), sorted(english)


def _near_copy(text: str, rng: random.Random) -> str:
    """A word or character added, dropped or changed."""
    if text.isascii():
        words = text.split(" ")
        k = rng.randrange(len(words))
        roll = rng.random()
        if roll < 0.34:
            words.insert(k, rng.choice(("also", "then", "now", "just")))
        elif roll < 0.67 and len(words) > 3:
            del words[k]
        else:
            words[k] = words[k].upper() if words[k].islower() else words[k] + "s"
        return " ".join(words)
    k = rng.randrange(len(text))
    roll = rng.random()
    if roll < 0.34:
        return text[:k] + rng.choice("的了是在和也") + text[k:]
    if roll < 0.67 and len(text) > 8:
        return text[:k] + text[k + 1 :]
    return text[:k] + rng.choice("的了是在和也") + text[k + 1 :]


def _doc_id(number: int) -> str:
    return f"doc{number:08d}"


def generate_documents(n: int, folder: Path, rows_per_file: int = 100_000) -> list[tuple[str, str]]:
    """N documents of 2-3 real sentences each; 5 % near copies of an earlier document.

    Few of them repeat by chance (3 of 1,806 English sentences, or 2-3 of 39,083
    Chinese ones), so that nearly every group is a planted copy.

    Returns the (original, copy) ids of the planted near copies.
    """
    chinese, english = sentences()
    print(f"{len(chinese):,} Chinese and {len(english):,} English sentences", flush=True)
    rng = random.Random(SEED)
    texts: list[str] = []
    planted: list[tuple[str, str]] = []
    for k in range(n):
        if k > 100 and rng.random() < 0.05:
            original = rng.randrange(k)
            texts.append(_near_copy(texts[original], rng))
            planted.append((_doc_id(original), _doc_id(k)))
        elif rng.random() < 0.6:
            texts.append("".join(rng.choice(chinese) for _ in range(rng.choice((2, 3)))))
        else:
            texts.append(" ".join(rng.choice(english) for _ in range(3)))
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder.mkdir(parents=True)
    for start in range(0, n, rows_per_file):
        chunk = texts[start : start + rows_per_file]
        ids = [_doc_id(k) for k in range(start, start + len(chunk))]
        table = pa.table({"id": ids, "text": chunk})
        pq.write_table(table, folder / f"part{start // rows_per_file:04d}.parquet")
    return planted


def single_process(folder: Path, bits: int) -> tuple[list, dict[str, float]]:
    """The same groups by the desktop's functions in this one process."""
    import pyarrow.dataset as pads

    from simfind.core.base.errors import NotTextError
    from simfind.core.compare.verify import comparable, similarity
    from simfind.core.fingerprint.simhash import to_array
    from simfind.core.linkage.grouping import group_files
    from simfind.core.scan.fingerprinting import fingerprint_text
    from simfind.core.text.encoding.decoding import DecodedText
    from simfind.core.text.features import FeatureSettings

    times: dict[str, float] = {}
    started = time.monotonic()
    table = pads.dataset(folder, format="parquet").to_table(columns=["id", "text"])
    ids = table.column("id").to_pylist()
    texts = table.column("text").to_pylist()
    settings = FeatureSettings(bits=bits)
    kept: list[tuple[str, str, int]] = []
    for name, text in zip(ids, texts, strict=True):
        try:
            value = fingerprint_text(DecodedText(text, "utf-8"), settings)
        except NotTextError:
            continue
        kept.append((name, text, value))
    kept.sort(key=lambda item: os.fsencode(item[0]))
    times["fingerprinting"] = time.monotonic() - started
    mark = time.monotonic()
    cache: dict[int, object] = {}

    def get(k: int):
        if k not in cache:
            cache[k] = comparable(kept[k][1], settings)
        return cache[k]

    def compare(pairs):
        yield pairs, [similarity(get(a), get(b), settings) for a, b in pairs]

    outcome = group_files(to_array([v for _, _, v in kept], bits), compare)
    times["grouping (pairs, exact comparisons, groups)"] = time.monotonic() - mark
    times["total"] = time.monotonic() - started
    groups = [
        [(kept[m.row][0], m.similarity, m.distance, m.row == g.centre) for m in g.members]
        for g in outcome.groups
    ]
    return groups, times


def run_docs(n: int, workers: int, keep: Path | None, memory: str | None) -> None:
    from simfind.cluster.pipeline import ClusterOptions, find_groups
    from simfind.core.text.features import FeatureSettings

    bits = 128
    root = keep or Path(tempfile.mkdtemp(prefix="simfind-bench-cluster-"))
    dataset = root / f"docs-{n}.parquet"
    try:
        if dataset.exists():
            shutil.rmtree(dataset)
        started = time.monotonic()
        planted = generate_documents(n, dataset)
        print(
            f"generated {n:,} documents ({len(planted):,} near copies) in "
            f"{time.monotonic() - started:.1f} s",
            flush=True,
        )
        stage_ends: dict[str, float] = {}

        def note(progress) -> None:
            progress_printer("cluster")(progress)
            if progress.done == progress.total:
                stage_ends[progress.stage] = progress.elapsed

        with local_client(workers, memory) as client, WorkerMemory(client) as memory:
            result = find_groups(
                dataset, client, ClusterOptions(features=FeatureSettings(bits=bits)), note
            )
        print(
            f"cluster, {workers} worker processes: {result.elapsed:.1f} s "
            f"(stages end at {', '.join(f'{k} {v:.1f} s' for k, v in stage_ends.items())}), "
            f"{len(result.groups):,} groups of {sum(len(g.members) for g in result.groups):,} "
            f"documents; peak per worker {memory.summary()}, client {own_peak() / 2**20:,.0f} MB",
            flush=True,
        )
        before = own_peak()
        groups, times = single_process(dataset, bits)
        print(
            f"single process: {times['total']:.1f} s "
            f"({', '.join(f'{k} {v:.1f} s' for k, v in times.items() if k != 'total')}), "
            f"{len(groups):,} groups; peak {max(before, own_peak()) / 2**20:,.0f} MB "
            "(this process, after the cluster run)",
            flush=True,
        )

        shape = [
            [(m.rel, m.similarity, m.distance, m.is_reference) for m in g.members]
            for g in result.groups
        ]
        same = shape == groups
        group_of = {m.rel: k for k, g in enumerate(result.groups) for m in g.members}
        together = sum(a in group_of and group_of[a] == group_of.get(b) for a, b in planted)
        print(
            f"groups equal: {same}; planted near copies grouped with their original: "
            f"{together:,} of {len(planted):,} (fingerprints within {result.radius} of {bits} "
            f"bits compared exactly, similar from {result.threshold:g})",
            flush=True,
        )
    finally:
        if keep is None:
            shutil.rmtree(root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    docs = commands.add_parser("docs", help="short documents, cluster beside one process")
    docs.add_argument("--n", type=int, default=1_000_000)
    docs.add_argument("--workers", type=int, default=2)
    docs.add_argument("--keep", type=Path, help="write the generated dataset here and keep it")
    join = commands.add_parser("join", help="the candidate join on random fingerprints")
    join.add_argument("--n", type=int, nargs="+", default=[100_000, 1_000_000, 10_000_000])
    join.add_argument("--workers", type=int, default=2)
    join.add_argument("--slices", type=int, help="slices of the key space (default: by memory)")
    join.add_argument("--no-check", action="store_true", help="do not check the planted pairs")
    for command in (docs, join):
        command.add_argument("--memory-limit", help="per worker, e.g. 6GB (default: RAM / workers)")
    args = parser.parse_args()
    os.environ.setdefault("PYTHONHASHSEED", "0")
    if args.command == "docs":
        run_docs(args.n, args.workers, args.keep, args.memory_limit)
    else:
        for n in args.n:
            run_join(n, args.workers, args.slices, not args.no_check, args.memory_limit)


if __name__ == "__main__":
    main()

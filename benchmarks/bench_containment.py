"""Excerpts found by containment: a paragraph of a real document, embedded in longer ones.

    python -m benchmarks.bench_containment [--queries 15] [--holders 3] [--seed 16]
                                                 [--unchanged REV] [--only NAME]

Real documents nobody here wrote, cached by datasets.py: the Chinese corpus
of zh_graded_corpus (Debian's manuals and manual pages in Chinese) and the
English documentation of Django 4.2 (its docs/*.txt). For each query a run of
whole paragraphs (400-1,500 characters, found in no other document) is taken
from one document; it is the reference. It is embedded, at a paragraph
boundary, into ``--holders`` other documents, each chosen so that the
paragraph is 10-50 % of the holder's length. One folder holds every holder
and every other document of both languages, and (unless ``--no-code``) the
source trees of Django 4.2 (without its docs), pytest 8.3 and SQLAlchemy 2.0
from the same cache (not the held-out Sphinx pair): some 9,000 distractors,
so that the 250 files verified without the excerpt index are a small part of
the folder. The queries' own
documents are left out (they hold their paragraph too).

Each query is scanned (one cache, as a user's rescans) three ways:

* ranked by containment (``--sort containment``): the target is every holder
  in the top 5 with containment (the share of the reference found in it) at
  least 0.9;
* the default ranking (by similarity), for comparison;
* ranked by containment without the excerpt index (only the 200 nearest by
  distance and the sketch's 50 verified): what the index adds.

``--unchanged REV`` also shows that the whole-file ranking did not change: the
default method of bench_accuracy (recall@1, MRR, precision and recall of the
verdict) on its datasets, with commit REV's code and with this checkout's,
each in a child process, and this checkout's without the excerpt index.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.bench_fingerprint import ROOT
from benchmarks.datasets import data_root
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Ranking, RankOptions
from simfind.core.scan.scanner import scan

TOP = 5
CONTAINMENT = 0.9
PARAGRAPH_CHARS = (400, 1500)
#: The paragraph's share of its holder's length (the issue's target; --share changes it).
SHARE = (0.1, 0.5)


@dataclass
class Query:
    language: str
    source: str
    paragraph: str
    holders: list[str]  # names in the folder
    shares: list[float]  # the paragraph's share of each holder's length


def documents() -> dict[str, dict[str, str]]:
    """Real documents by language: {"zh": {name: text}, "en": {...}}."""
    root = data_root() / "datasets"
    zh_folder = root / "zh_graded_corpus" / "corpus"
    en_folder = root / "code_release_pairs" / "Django-4.2.16" / "docs"
    if not zh_folder.is_dir() or not en_folder.is_dir():
        sys.exit("the benchmark data is missing: run python -m benchmarks.datasets first")
    zh = {f"zh-{p.name}": p.read_text(encoding="utf-8") for p in sorted(zh_folder.glob("*.txt"))}
    en = {
        "en-" + str(p.relative_to(en_folder)).replace(os.sep, "-"): p.read_text(encoding="utf-8")
        for p in sorted(en_folder.rglob("*.txt"))
        if "_theme" not in p.parts
    }
    return {"zh": zh, "en": {k: v for k, v in en.items() if len(v) > 200}}


def code_trees() -> dict[str, bytes]:
    """Real source trees, as distractors: {name in the folder: the file's bytes}."""
    root = data_root() / "datasets"
    trees = [
        root / "code_release_pairs" / "Django-4.2.16",
        root / "code_release_pairs_pytest" / "pytest-8.3.3",
        root / "code_release_pairs_sqlalchemy" / "SQLAlchemy-2.0.36",
    ]
    found = {}
    for tree in trees:
        for path in sorted(tree.rglob("*")):
            rel = path.relative_to(tree)
            if path.is_file() and not path.is_symlink() and rel.parts[0] != "docs":
                found[f"{tree.name}/{rel.as_posix()}"] = path.read_bytes()
    return found


def paragraphs(text: str) -> list[str]:
    return [p for p in text.replace("\r\n", "\n").split("\n\n") if p.strip()]


def pick_paragraph(text: str, others: list[str], rng: random.Random) -> str | None:
    """A run of whole paragraphs of the right length found in no other document."""
    parts = paragraphs(text)
    starts = list(range(len(parts)))
    rng.shuffle(starts)
    for start in starts:
        run = ""
        for part in parts[start:]:
            run = f"{run}\n\n{part}" if run else part
            if len(run) >= PARAGRAPH_CHARS[0]:
                break
        if not PARAGRAPH_CHARS[0] <= len(run) <= PARAGRAPH_CHARS[1]:
            continue
        if len(run.split()) < 20 and language_of(run) == "en":
            continue
        if any(run in other for other in others):
            continue
        return run
    return None


def language_of(text: str) -> str:
    han = sum(1 for c in text if "\u4e00" <= c <= "\u9fff")
    return "zh" if han > len(text) / 10 else "en"


def embed(paragraph: str, host: str, rng: random.Random) -> str:
    """The paragraph put between two of the host's paragraphs."""
    parts = paragraphs(host)
    at = rng.randint(1, max(1, len(parts) - 1))
    return "\n\n".join([*parts[:at], paragraph, *parts[at:]]) + "\n"


def build(folder: Path, args: argparse.Namespace) -> list[Query]:
    rng = random.Random(args.seed)
    low, high = args.share
    docs = documents()
    code = {} if args.no_code else code_trees()
    code_texts = [data.decode("utf-8", "ignore") for data in code.values()]
    queries: list[Query] = []
    sources: set[str] = set()
    hosts: set[str] = set()
    for language, texts in docs.items():
        names = sorted(texts)
        order = names[:]
        rng.shuffle(order)
        made = 0
        for source in order:
            if made == args.queries:
                break
            if source in hosts:
                continue
            others = [texts[n] for n in names if n != source] + code_texts
            paragraph = pick_paragraph(texts[source], others, rng)
            if paragraph is None:
                continue
            free = [n for n in names if n not in hosts and n not in sources and n != source]
            chosen, shares = [], []
            for _ in range(args.holders):
                share = rng.uniform(low, high)
                want = len(paragraph) / share
                fits = [
                    n
                    for n in free
                    if low <= len(paragraph) / (len(texts[n]) + len(paragraph)) <= high
                ]
                if not fits:
                    break
                host = min(fits, key=lambda n: abs(len(texts[n]) - want))
                free.remove(host)
                chosen.append(host)
                shares.append(len(paragraph) / (len(texts[host]) + len(paragraph)))
            if len(chosen) < args.holders:
                continue
            sources.add(source)
            hosts.update(chosen)
            queries.append(Query(language, source, paragraph, chosen, shares))
            made += 1
    folder.mkdir(parents=True)
    by_name = {name: text for texts in docs.values() for name, text in texts.items()}
    embedded = {host: q for q in queries for host in q.holders}
    for name, text in by_name.items():
        if name in sources:
            continue
        if name in embedded:
            text = embed(embedded[name].paragraph, text, rng)
        (folder / name).write_text(text, encoding="utf-8")
    for name, data in code.items():
        target = folder / "code" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return queries


@dataclass
class Found:
    ranks: list[int]  # each holder's place among the files (1 = first); 0: not compared
    held: list[float]  # the share of the reference found in it (0 when not compared)


def ranked(
    reference: Path, folder: Path, holders: list[str], options: ScanOptions, cache: FingerprintCache
) -> tuple[Found, float]:
    started = time.perf_counter()
    result = scan(reference, folder, options, ScanContext(cache=cache))
    elapsed = time.perf_counter() - started
    order = [m for m in result.matches if not m.is_reference]
    place = {m.rel: (i + 1, m) for i, m in enumerate(order)}
    ranks, held = [], []
    for name in holders:
        at, match = place[name]
        compared = match.similarity is not None
        ranks.append(at if compared else 0)
        held.append(match.reference_in_file or 0.0)
    return Found(ranks, held), elapsed


def summary(label: str, found: list[Found], times: list[float]) -> None:
    ranks = [r for f in found for r in f.ranks]
    held = [h for f in found for h in f.held]
    total = len(ranks)
    top = sum(1 for r in ranks if 0 < r <= TOP)
    met = sum(1 for r, h in zip(ranks, held, strict=True) if 0 < r <= TOP and h >= CONTAINMENT)
    missed = sum(1 for r in ranks if r == 0)
    shown = [r for r in ranks if r > 0]
    median = statistics.median(shown) if shown else float("nan")
    print(
        f"  {label:<38} top {TOP}: {top:>3}/{total}  top {TOP} with containment >= "
        f"{CONTAINMENT}: {met:>3}/{total}  never compared: {missed:>3}  median rank "
        f"{median:>6.1f}  worst {max(shown, default=0):>5}  scan {statistics.median(times):5.2f} s"
    )


def unchanged(revision: str, only: list[str], work: Path) -> None:
    """bench_accuracy's default method with REV's code (and its bench_accuracy) and with
    this checkout's."""
    base = work / "base"
    base.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "simfind", "tests"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(base)], input=archive, check=True)
    script = ACCURACY.format(only=only)
    for label, source, without in (
        (f"{revision} (main)", base, False),
        ("this checkout", ROOT, False),
        ("this checkout, no excerpt index", ROOT, True),
    ):
        env = dict(os.environ, PYTHONPATH=str(source))
        print(f"  {label}:", flush=True)
        subprocess.run(
            [sys.executable, "-c", script, "1" if without else "0"], env=env, cwd=source, check=True
        )


# Run in a child with either checkout first on the path.
ACCURACY = """
import sys
from dataclasses import replace
from simfind.core.text.features import FeatureSettings
from simfind.core.scan.rank import RankOptions
from benchmarks.bench_accuracy import Corpus, SimfindMethod, evaluate_simfind
from benchmarks.datasets import HELD_OUT_RELEASES, all_datasets
held_out = [name.lower() for name, *_ in HELD_OUT_RELEASES]
rank = RankOptions(verify_by_excerpt=0) if sys.argv[1] == "1" else RankOptions()
for dataset in all_datasets():
    if {only!r} and not any(part in dataset.name for part in {only!r}):
        continue
    if any(name in dataset.name.lower() for name in held_out):
        continue  # held out of all tuning: not measured here
    corpora = {{d: Corpus.load(d) for d in {{q.corpus_dir for q in dataset.queries}}}}
    method = SimfindMethod("default", FeatureSettings(), rank=rank)
    outcome = evaluate_simfind(dataset, corpora, method)
    print(outcome.line(f"{{dataset.name}} ({{len(dataset.queries)}} queries)"), flush=True)
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=15, help="per language")
    parser.add_argument("--holders", type=int, default=3, help="documents holding each paragraph")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument(
        "--share",
        type=float,
        nargs=2,
        default=SHARE,
        metavar=("LOW", "HIGH"),
        help="the paragraph's share of its holder's length (default 0.1 0.5)",
    )
    parser.add_argument("--no-code", action="store_true", help="no source trees as distractors")
    parser.add_argument("--unchanged", metavar="REV", help="also bench_accuracy against REV")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="with --unchanged: bench_accuracy's datasets whose name contains this (repeatable)",
    )
    args = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="simfind-bench-containment-"))
    try:
        folder = work / "folder"
        queries = build(folder, args)
        every = [p for p in folder.rglob("*") if p.is_file()]
        files, size = len(every), sum(p.stat().st_size for p in every)
        shares = [s for q in queries for s in q.shares]
        print(
            f"folder: {files} real files ({size / 1e6:.1f} MB); {len(queries)} queries "
            f"({sum(q.language == 'zh' for q in queries)} Chinese), {len(shares)} holders; "
            f"paragraph {min(len(q.paragraph) for q in queries)}-"
            f"{max(len(q.paragraph) for q in queries)} characters, "
            f"{min(shares):.0%}-{max(shares):.0%} of its holder's length"
        )
        (work / "cache").mkdir()
        with FingerprintCache(work / "cache") as cache:
            started = time.perf_counter()
            first = sorted(p for p in folder.iterdir() if p.is_file())[0]
            scan(first, folder, ScanOptions(), ScanContext(cache=cache))
            print(f"first scan (fingerprints cached): {time.perf_counter() - started:.1f} s")
            ways = {
                "by containment (--sort containment)": RankOptions(ranking=Ranking.CONTAINMENT),
                "by similarity (the default)": RankOptions(),
                "by containment, no excerpt index": RankOptions(
                    ranking=Ranking.CONTAINMENT, verify_by_excerpt=0
                ),
            }
            results: dict[str, list[tuple[Query, Found, float]]] = {}
            for label, rank in [*ways.items(), *ways.items()]:
                # Each way twice: the first reads what exact comparison needs of its
                # candidates into the cache; the second, kept, is a user's rescan.
                results[label] = []
                for index, query in enumerate(queries):
                    reference = work / f"reference-{index}.txt"
                    reference.write_text(query.paragraph, encoding="utf-8")
                    one, elapsed = ranked(
                        reference, folder, query.holders, ScanOptions(rank=rank), cache
                    )
                    results[label].append((query, one, elapsed))
        for language, name in (("zh", "Chinese"), ("en", "English"), (None, "all")):
            print(f"{name}:")
            for label, rows in results.items():
                chosen = [(f, t) for q, f, t in rows if language in (None, q.language)]
                summary(label, [f for f, _ in chosen], [t for _, t in chosen])
        if args.unchanged:
            chosen = ", ".join(args.only) or "all datasets"
            print(f"\nwhole-file ranking, bench_accuracy's default method ({chosen}):")
            unchanged(args.unchanged, args.only, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

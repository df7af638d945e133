"""Is every figure simfind shows difflib's? The full accuracy table, corpus by corpus.

    python -m benchmarks.bench_figures [--baseline PATH] [--only NAME] [--queries 40]

For every corpus of real text nobody here wrote, pairs of three kinds are drawn
(bench_similarity.pairs: each query with its true counterpart, with two files of
its counterpart's folder, with two files at random; or, for single files, the file
against itself with lines deleted, and against the other files). Each pair is
measured by simfind (verify.shares of the two texts: the figure ``simfind diff``
shows and a row shows beside the folder's) and by the independent judge
(judge.py: difflib's ratio of the texts' words, punctuation no word, jieba words
for Chinese). Printed per corpus:

- the largest and the 99th-percentile gap between simfind's figure and difflib's
  (the nearer of difflib's two orders) over every pair verified exactly; pairs
  whose figure is an estimate (too long to compare word by word in time,
  blocks.WORK_LIMIT) are counted apart, as their rows are marked;
- the verdict's precision and recall at the default threshold, judged by
  difflib at the same threshold;
- the unrelated (random) pairs' 95th percentile of simfind's figure, alone and in a
  folder of all the corpus's texts (its shared text discounted: the figure a row
  shows), and how many pairs' rows carry the shared-text note (moved a point or more);
- recall@1 of simfind's default ranking (bench_accuracy) on the corpora with
  queries, beside the baseline's (``--baseline``, a checkout of main: its own
  code and benchmarks, run in a process of their own in the same run).

The corpora: Django 4.2.16 / 5.0.14 release pairs, revised Chinese documents
(Debian's manuals), short texts (fortunes-zh sayings, Python docstring
sentences) in both languages, the Debian FAQ (zh_CN) chapters with lines
deleted, the real texts of tests/data, and real repetitive files (Django's API
references and translation catalogues in both releases, Debian's distro-info CSV
exports, this machine's dpkg and apt logs) with ten lines deleted. Held out (no
choice of the engine was made on it): click 8.1.3 / 8.1.7 from PyPI.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from benchmarks import datasets
from benchmarks.bench_similarity import pairs, read
from benchmarks.judge import ratio
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare.blocks import WORK_LIMIT
from simfind.core.compare.boilerplate import Boilerplate, of_samples
from simfind.core.compare.shown import shown
from simfind.core.compare.verify import comparable, shares
from simfind.core.scan.fingerprinting import fingerprint_all
from simfind.core.text.features import FeatureSettings

SETTINGS = FeatureSettings()
SEED = 41
TESTS_DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
HELD_OUT = ("click", "8.1.3", "8.1.7")
#: Pairs longer than this (characters of both) are left out: difflib alone would take
#: minutes on them (the judge has no shortcut for a similar pair).
MAX_CHARS = 150_000

#: (kind, text, text)
Pair = tuple[str, str, str]


def _deleted(text: str, rng: random.Random, count: int = 10) -> str:
    """The text with ``count`` lines deleted at one random place."""
    lines = text.splitlines(keepends=True)
    if len(lines) <= count + 1:
        return "".join(lines[1:])
    first = rng.randrange(len(lines) - count)
    return "".join(lines[:first] + lines[first + count :])


def _single_files(texts: dict[str, str], edits: int = 3, strangers: int = 2) -> list[Pair]:
    """Each file against itself with ten lines deleted (true), and against others (random)."""
    rng = random.Random(SEED)
    names = sorted(texts)
    found: list[Pair] = []
    for name in names:
        text = texts[name]
        found += [("true", text, _deleted(text, rng)) for _ in range(edits)]
        others = [n for n in names if n != name]
        found += [
            ("random", text, texts[n]) for n in rng.sample(others, min(strangers, len(others)))
        ]
    return found


def _releases(project: str, old: str, new: str, rels: Sequence[str]) -> list[Pair]:
    """The files at ``rels`` in two sdists (true pairs)."""
    old_tree, new_tree = datasets._sdist_tree(project, old), datasets._sdist_tree(project, new)
    found = []
    for rel in rels:
        a, b = read(old_tree / rel), read(new_tree / rel)
        if a and b:
            found.append(("true", a, b))
    return found


def corpus_django() -> list[Pair]:
    return pairs(datasets.code_release_pairs(), QUERIES)


def corpus_zh_revisions() -> list[Pair]:
    return pairs(datasets.zh_revisions(), QUERIES)


def corpus_short_zh() -> list[Pair]:
    return pairs(datasets.short_texts("zh"), 2 * QUERIES)


def corpus_short_en() -> list[Pair]:
    return pairs(datasets.short_texts("en"), 2 * QUERIES)


def corpus_faq() -> list[Pair]:
    """The Debian FAQ's Chinese chapters, each with two lines deleted at four places and
    ten lines at one; against two other chapters."""
    faq = datasets._deb_tree("debian-faq-zh-cn") / "usr/share/doc/debian/FAQ"
    whole = gzip.decompress((faq / "debian-faq.zh-cn.txt.gz").read_bytes()).decode("utf-8")
    chapters = re.split(r"\n(?=第\s\d+\s章\s)", whole)[1:]  # no-break spaces
    rng = random.Random(SEED)
    found: list[Pair] = []
    for index, chapter in enumerate(chapters):
        found += [("true", chapter, _deleted(chapter, rng, 2)) for _ in range(4)]
        found.append(("true", chapter, _deleted(chapter, rng, 10)))
        others = [c for k, c in enumerate(chapters) if k != index]
        found += [("random", chapter, other) for other in rng.sample(others, 2)]
    return found


def corpus_tests_data() -> list[Pair]:
    """tests/data's real texts: two releases of Django's forms-api.txt, of the Debian Edu
    backup chapter, the versions of two documents (text files), real sayings."""

    def text(rel: str) -> str:
        return (TESTS_DATA / rel).read_text(encoding="utf-8")

    found: list[Pair] = [
        ("true", text("releases/forms-api-4.2.16.txt"), text("releases/forms-api-5.1.4.txt")),
        ("true", text("zh_manual/backup-bullseye.txt"), text("zh_manual/backup-bookworm.txt")),
    ]
    versions = sorted((TESTS_DATA / "versions").glob("*.txt"))
    for a in versions:
        for b in versions:
            if a < b:
                kind = "true" if a.name[:4] == b.name[:4] else "random"
                found.append((kind, a.read_text(encoding="utf-8"), b.read_text(encoding="utf-8")))
    found.append(
        ("random", text("releases/faq-ch03-choosing.txt"), text("zh_manual/backup-bookworm.txt"))
    )
    rng = random.Random(SEED)
    for rel in ("sayings/sayings.txt", "sayings/lunyu.txt"):
        lines = text(rel).splitlines()
        found += [("random", *rng.sample(lines, 2)) for _ in range(100)]
        # A saying with one word's characters changed: its near-duplicate.
        for line in rng.sample(lines, 20):
            at = rng.randrange(len(line))
            found.append(("true", line, line[:at] + "某" + line[at + 1 :]))
    return found


def corpus_repetitive() -> list[Pair]:
    """Real files whose lines repeat: Django's API references and translation catalogues
    (.po) in two releases, and each with ten lines deleted; Debian's distro-info CSV
    exports; this machine's dpkg and apt logs."""
    django = ("Django", datasets.DJANGO_OLD, datasets.DJANGO_NEW)
    refs = [
        "docs/ref/contrib/gis/forms-api.txt",
        "docs/ref/settings.txt",
        "docs/ref/models/fields.txt",
        "docs/ref/django-admin.txt",
    ]
    catalogues = [
        f"django/conf/locale/{lang}/LC_MESSAGES/django.po" for lang in ("de", "fr", "zh_Hans", "ja")
    ]
    found = _releases(*django, refs) + _releases(*django, catalogues)
    tree = datasets._sdist_tree(*django[:2])
    singles: dict[str, str] = {}
    for rel in [*refs, *catalogues]:
        text = read(tree / rel)
        if text:
            singles[rel] = text
    for path in (
        Path("/usr/share/distro-info/debian.csv"),
        Path("/usr/share/distro-info/ubuntu.csv"),
        Path("/var/log/alternatives.log"),
        Path("/var/log/apt/history.log"),
        Path("/var/log/dpkg.log"),
    ):
        text = read(path) if path.is_file() else None
        if text:
            singles[str(path)] = "".join(text.splitlines(keepends=True)[:1500])  # a snapshot
    return found + _single_files(singles)


def corpus_held_out() -> list[Pair]:
    return pairs(datasets.code_release_pairs(*HELD_OUT), QUERIES)


CORPORA: dict[str, Callable[[], list[Pair]]] = {
    "django": corpus_django,
    "zh_revisions": corpus_zh_revisions,
    "short_zh": corpus_short_zh,
    "short_en": corpus_short_en,
    "faq_zh": corpus_faq,
    "tests_data": corpus_tests_data,
    "repetitive": corpus_repetitive,
    "held_out_click": corpus_held_out,
}
#: The corpora whose queries are ranked for recall@1, and how they are built.
RANKED = {
    "django": "datasets.code_release_pairs()",
    "zh_revisions": "datasets.zh_revisions()",
    "short_zh": "datasets.short_texts('zh')",
    "short_en": "datasets.short_texts('en')",
    "held_out_click": f"datasets.code_release_pairs{HELD_OUT!r}",
}
QUERIES = 40


def figures(rows: list[Pair]) -> dict[str, float]:
    """The table's figures over one corpus's pairs."""
    rows = [row for row in rows if len(row[1]) + len(row[2]) <= MAX_CHARS]
    common = _folder(rows)
    gaps, estimated, moved = [], 0, 0
    said, alike, unrelated, in_folder = [], [], [], []
    for kind, a, b in rows:
        forms = comparable(a, SETTINGS), comparable(b, SETTINGS)
        found = shares(*forms)
        there = shares(*forms, common)
        moved += int(shown(there.similarity, there.alone).with_shared is not None)
        judged, back = ratio(a, b), ratio(b, a)
        if found.estimated:
            estimated += 1
        else:
            gaps.append(min(abs(found.similarity - judged), abs(found.similarity - back)))
        said.append(found.similarity >= DEFAULT_THRESHOLD)
        alike.append(judged >= DEFAULT_THRESHOLD)
        if kind == "random":
            unrelated.append(found.similarity)
            in_folder.append(there.similarity)
    s, j = np.array(said), np.array(alike)
    return {
        "pairs": len(said),
        "estimated": estimated,
        "largest": float(max(gaps)) if gaps else float("nan"),
        "p99": float(np.percentile(gaps, 99)) if gaps else float("nan"),
        "precision": float(np.sum(s & j)) / max(1, int(np.sum(s))),
        "recall": float(np.sum(s & j)) / max(1, int(np.sum(j))),
        "alike": int(np.sum(j)),
        "unrelated_p95": float(np.percentile(unrelated, 95)) if unrelated else float("nan"),
        "folder_p95": float(np.percentile(in_folder, 95)) if in_folder else float("nan"),
        "moved": moved,
    }


def _folder(rows: list[Pair]) -> Boilerplate:
    """The shared text of a folder holding every text of the corpus's pairs once."""
    texts = sorted({text for _, a, b in rows for text in (a, b)})
    samples = [
        sample
        for start in range(0, len(texts), 64)
        for _, _, sample in fingerprint_all(texts[start : start + 64], SETTINGS)
    ]
    return of_samples(samples)


#: Run in a process of its own against a checkout (its simfind, its benchmarks): the
#: default method's recall@1 over the first QUERIES queries of each ranked corpus.
RECALL = """
import json, sys
from dataclasses import replace
from benchmarks import datasets
from benchmarks.bench_accuracy import Corpus, evaluate_simfind, methods
made = {made}
found = {{}}
for name, build in made.items():
    dataset = eval(build)
    dataset = replace(dataset, queries=dataset.queries[:{queries}])
    corpora = {{d: Corpus.load(d) for d in {{q.corpus_dir for q in dataset.queries}}}}
    outcome = evaluate_simfind(dataset, corpora, methods(True)[0])
    found[name] = outcome.hits / max(1, outcome.queries)
print(json.dumps(found))
"""


def recall_at_1(
    trees: Sequence[Path], names: Sequence[str], queries: int
) -> list[dict[str, float]]:
    """recall@1 of each checkout in ``trees`` on the ranked corpora among ``names``, the
    checkouts measured at once (a process each)."""
    made = {name: RANKED[name] for name in names if name in RANKED}
    if not made:
        return [{} for _ in trees]
    code = RECALL.format(made=made, queries=queries)
    running = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in trees
    ]
    found = []
    for process in running:
        out, _ = process.communicate()
        if process.returncode:
            raise RuntimeError(f"recall@1 failed (exit status {process.returncode})")
        found.append(json.loads(out.strip().splitlines()[-1]))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    global QUERIES
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="corpora whose name contains this")
    parser.add_argument("--queries", type=int, default=QUERIES, help="queries per corpus")
    parser.add_argument("--baseline", type=Path, help="a checkout of main for recall@1 beside")
    args = parser.parse_args(argv)
    QUERIES = args.queries
    names = [n for n in CORPORA if not args.only or args.only in n]
    print(
        f"default threshold {DEFAULT_THRESHOLD}; estimated past blocks.WORK_LIMIT ="
        f" {WORK_LIMIT:,} words hashed and sorted; pairs over {MAX_CHARS:,} characters left out"
    )
    header = (
        f"{'corpus':<16} {'pairs':>5} {'est':>4} {'largest':>8} {'p99':>7} {'prec':>6}"
        f" {'recall':>6} {'alike':>5} {'unrel95':>7} {'folder95':>8} {'noted':>5}"
    )
    print(header)
    table = {}
    for name in names:
        started = time.perf_counter()
        got = figures(CORPORA[name]())
        table[name] = got
        print(
            f"{name:<16} {got['pairs']:>5} {got['estimated']:>4} {got['largest']:>8.4f}"
            f" {got['p99']:>7.4f} {got['precision']:>6.3f} {got['recall']:>6.3f}"
            f" {got['alike']:>5} {got['unrelated_p95']:>7.3f} {got['folder_p95']:>8.3f}"
            f" {got['moved']:>5}"
            f"  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    here = Path(__file__).resolve().parents[1]
    started = time.perf_counter()
    trees = [here, args.baseline] if args.baseline else [here]
    mine, *rest = recall_at_1(trees, names, QUERIES)
    base = rest[0] if rest else {}
    print(
        f"\nrecall@1 of the default ranking, first {QUERIES} queries"
        f" ({time.perf_counter() - started:.0f} s):"
    )
    for name, value in mine.items():
        beside = f"   baseline {base[name]:.3f}" if name in base else ""
        print(f"  {name:<16} {value:.3f}{beside}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

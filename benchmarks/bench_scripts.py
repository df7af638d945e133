"""Traditional and Simplified Chinese as one text: real Chinese documents and their
Traditional copies, folded (the default) and compared as written.

    python -m benchmarks.bench_scripts [--queries N] [--only NAME]

The Traditional copies are made by converters other than the OpenCC tables
simfind folds with (so that the test is not circular): hanziconv (character by
character) and zhconv-rs (MediaWiki's tables: zh-hant, and zh-tw, which also
turns mainland words into Taiwan's: 软件 to 軟體), each if installed; and OpenCC
itself the other way (s2tw, s2hk). A copy is saved in Big5 where every
character has a Big5 code (UTF-8 otherwise) and read back through simfind's
decoding.

For each converter: (1) a Traditional copy as the query, against the 749
Simplified documents of ``zh_graded_corpus``, its original the target; (2) the
Simplified original as the query, against the same corpus with the originals
replaced by their Traditional copies; (3) the Traditional copy of an old
revision (``zh_revisions``) as the query, the new Simplified revision the
target. Prints recall@1, MRR and the target's verified similarity (minimum,
median), folded and as written; then the fold's speed. Needs the benchmark
datasets (datasets.py); writes only to a temporary folder. Asserts nothing.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.bench_accuracy import Corpus, SimfindMethod, evaluate_simfind
from benchmarks.datasets import Dataset, Query, zh_graded_edits, zh_revisions
from simfind.core.scan.fingerprinting import fingerprint_all
from simfind.core.text.features import FeatureSettings
from simfind.core.text.scripts import fold_scripts

Convert = Callable[[str], str]


def converters() -> dict[str, Convert]:
    """The converters to make Traditional copies with, those installed."""
    found: dict[str, Convert] = {}
    try:
        from hanziconv import HanziConv

        found["hanziconv"] = HanziConv.toTraditional
    except ImportError:
        print("  (hanziconv not installed: pip install hanziconv)")
    try:
        import zhconv_rs

        found["zhconv-rs zh-hant"] = lambda s: str(zhconv_rs.zhconv(s, "zh-hant"))
        found["zhconv-rs zh-tw (words too)"] = lambda s: str(zhconv_rs.zhconv(s, "zh-tw"))
    except ImportError:
        print("  (zhconv-rs not installed: pip install zhconv-rs)")
    import opencc

    found["OpenCC s2tw (the other way)"] = opencc.OpenCC("s2tw").convert
    found["OpenCC s2hk (the other way)"] = opencc.OpenCC("s2hk").convert
    return found


def write_copy(path: Path, text: str) -> str:
    """Save a Traditional copy, in Big5 where it can be; the encoding used."""
    try:
        path.write_bytes(text.encode("big5"))
        return "big5"
    except UnicodeEncodeError:
        path.write_text(text, encoding="utf-8")
        return "utf-8"


def datasets(convert: Convert, work: Path, queries: int) -> tuple[list[Dataset], dict[str, int]]:
    """The three datasets of one converter's copies (see the module's docstring)."""
    graded = zh_graded_edits(0.05).queries[:queries]
    encodings = {"big5": 0, "utf-8": 0}
    copies = work / "copies"
    copies.mkdir()
    swapped = work / "swapped"
    corpus = graded[0].corpus_dir
    shutil.copytree(corpus, swapped)
    originals = work / "originals"
    originals.mkdir()
    forward, backward = [], []
    for query in graded:
        name = query.target_path.name
        text = query.target_path.read_text(encoding="utf-8")
        copy = copies / name
        encodings[write_copy(copy, convert(text))] += 1
        forward.append(Query(copy, corpus, query.target_path))
        original = originals / name
        shutil.copy(query.target_path, original)
        shutil.copy(copy, swapped / query.target_path.relative_to(corpus))
        backward.append(Query(original, swapped, swapped / query.target_path.relative_to(corpus)))
    revised = []
    old = work / "old"
    old.mkdir()
    for index, query in enumerate(zh_revisions().queries):
        copy = old / f"{index:03d}-{query.query_path.name}"
        text = query.query_path.read_text(encoding="utf-8", errors="replace")
        encodings[write_copy(copy, convert(text))] += 1
        revised.append(Query(copy, query.corpus_dir, query.target_path))
    return [
        Dataset("Traditional copy -> Simplified original", "", forward),
        Dataset("Simplified original -> Traditional copy", "", backward),
        Dataset("Traditional old revision -> new", "", revised),
    ], encodings


def line(
    name: str, settings: FeatureSettings, dataset: Dataset, corpora: dict[Path, Corpus]
) -> str:
    outcome = evaluate_simfind(dataset, corpora, SimfindMethod(name, settings))
    targets = [t if t is not None else 0.0 for t, _ in outcome.verified]
    recall = outcome.hits / max(1, outcome.queries)
    mrr = outcome.reciprocal / max(1, outcome.queries)
    return (
        f"    {name:<12} recall@1 {recall:.3f}  MRR {mrr:.3f}  target similarity min "
        f"{min(targets):.3f} median {statistics.median(targets):.3f}  "
        f"(>= 0.95: {sum(t >= 0.95 for t in targets)}/{len(targets)})"
    )


def speed(texts: Sequence[str], label: str) -> None:
    """The fold's speed, and fingerprinting's with and without it, on these texts."""
    size = sum(len(t.encode("utf-8")) for t in texts) / 1e6
    fold_scripts(texts[0])  # OpenCC loaded
    started = time.process_time()
    for text in texts:
        fold_scripts(text)
    fold = time.process_time() - started
    times = []
    for settings in (FeatureSettings(), FeatureSettings(fold_scripts=False)):
        started = time.process_time()
        for start in range(0, len(texts), 64):
            fingerprint_all(texts[start : start + 64], settings)
        times.append(time.process_time() - started)
    print(
        f"  {label}: {size:.1f} MB; fold {size / max(fold, 1e-9):.0f} MB/s; fingerprints "
        f"{size / times[0]:.1f} MB/s folded, {size / times[1]:.1f} MB/s as written "
        f"(CPU)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100, help="graded documents (max 100)")
    parser.add_argument("--only", help="converters whose name contains this")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args(argv)
    revisions = zh_revisions()
    corpora = {d: Corpus.load(d) for d in {q.corpus_dir for q in revisions.queries}}
    print("\nthe revisions themselves, both Simplified (what the third case can reach):")
    print(line("folded", FeatureSettings(), revisions, corpora), flush=True)
    for name, convert in converters().items():
        if args.only and args.only not in name:
            continue
        with tempfile.TemporaryDirectory(prefix="simfind-scripts-") as temp:
            sets, encodings = datasets(convert, Path(temp), args.queries)
            print(f"\n{name}: copies in Big5 {encodings['big5']}, UTF-8 {encodings['utf-8']}")
            for dataset in sets:
                folders = {q.corpus_dir for q in dataset.queries}
                corpora = {d: Corpus.load(d) for d in folders}
                print(f"  {dataset.name}: {len(dataset.queries)} queries")
                print(line("folded", FeatureSettings(), dataset, corpora), flush=True)
                as_written = FeatureSettings(fold_scripts=False)
                print(line("as written", as_written, dataset, corpora), flush=True)
    if not args.no_speed:
        print("\nspeed")
        corpus = Corpus.load(zh_graded_edits(0.05).queries[0].corpus_dir)
        speed(corpus.texts, "Simplified Chinese documents (zh_graded_corpus)")
        trad = converters()["OpenCC s2tw (the other way)"]
        speed([trad(t) for t in corpus.texts], "the same in Traditional")
        english = _english_texts()
        if english:
            speed(english, "English text and code (Python's standard library sources)")
    return 0


def _english_texts() -> list[str]:
    """English text and code at hand: the standard library's Python sources."""
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return [p.read_text(encoding="utf-8", errors="replace") for p in sorted(stdlib.glob("*.py"))]


if __name__ == "__main__":
    sys.exit(main())

"""Accuracy on real near-duplicates: recall@1 and MRR of simfind beside MinHash and the naive seed.

    python -m benchmarks.bench_accuracy [--quick] [--only NAME]

For every query file the whole corpus folder is ranked; the query's one true
near-duplicate (the same file in the other release, the other revision of a
document, the unedited original) should come first. Prints one table per
dataset; the figures are quoted in the issue notes. Downloads its data once
(see datasets.py) into the benchmark cache; writes nothing else.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from random import Random
from typing import Any

import numpy as np
from datasketch import MinHash
from rapidfuzz.distance import Indel

from benchmarks.datasets import Dataset, all_datasets
from benchmarks.judge import at_least
from benchmarks.naive_seed import THRESHOLD as SEED_THRESHOLD
from benchmarks.naive_seed import naive_fingerprint_fast
from simfind.core.base.errors import NotTextError
from simfind.core.compare.boilerplate import of_samples
from simfind.core.compare.containment import compare
from simfind.core.compare.verify import comparable
from simfind.core.fingerprint.simhash import distances, fingerprint, simhash, to_array
from simfind.core.scan.fingerprinting import fingerprint_all
from simfind.core.scan.rank import Match, RankOptions, VerifiedBatches, rank_matches
from simfind.core.text.features import Features, FeatureSettings, extract
from simfind.core.text.folding import normalize
from simfind.core.text.hashing import char_ngrams, hash_tokens, shingle
from simfind.core.text.reading import read_text
from simfind.core.text.tokens import token_hashes, tokenize

MAX_BYTES = 8 * 1024 * 1024


def read(path: Path) -> str | None:
    try:
        return read_text(path, MAX_BYTES).text
    except NotTextError:
        return None


@dataclass
class Corpus:
    paths: list[Path]
    texts: list[str]
    position: dict[Path, int]

    @classmethod
    def load(cls, folder: Path) -> Corpus:
        paths, texts = [], []
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
            text = read(path)
            if text is not None and text.strip():
                paths.append(path)
                texts.append(text)
        return cls(paths, texts, {p: i for i, p in enumerate(paths)})


@dataclass
class Outcome:
    """Per-method running totals."""

    hits: float = 0.0
    reciprocal: float = 0.0
    queries: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    seconds: float = 0.0
    #: Per query: the target's verified similarity and the other verified files' similarities.
    verified: list[tuple[float | None, list[float]]] = field(default_factory=list)
    #: Per query: the query file's suffix (".po", ".py", ...), beside ``verified``.
    suffixes: list[str] = field(default_factory=list)
    #: Queries whose target was not ranked first: (query, first, its score, target's score).
    misses: list[tuple[str, str, float | None, float | None]] = field(default_factory=list)
    #: The verdict judged by difflib's ratio of words (judge.py): files called similar,
    #: those of them the judge finds at least 0.5 similar (or the true counterpart; an
    #: estimate from at most JUDGED of a query's others, each standing for its share);
    #: targets the judge finds at least 0.6 similar, those of them called similar.
    called: int = 0
    called_right: float = 0.0
    wanted: int = 0
    wanted_called: int = 0

    def add_rank(self, better: int, tied: int) -> None:
        """Expected recall@1 and reciprocal rank when ``tied`` files share the target's score."""
        self.queries += 1
        if better == 0:
            self.hits += 1.0 / tied
        self.reciprocal += sum(1.0 / (better + k) for k in range(1, tied + 1)) / tied

    def add_verdict(self, target_called: bool, others_called: int) -> None:
        self.tp += int(target_called)
        self.fn += int(not target_called)
        self.fp += others_called

    def line(self, name: str) -> str:
        recall1 = self.hits / max(1, self.queries)
        mrr = self.reciprocal / max(1, self.queries)
        verdict = ""
        if self.tp + self.fp + self.fn:
            precision = self.tp / max(1, self.tp + self.fp)
            recall = self.tp / max(1, self.tp + self.fn)
            verdict = f"{precision:9.3f} {recall:9.3f}"
        judged = ""
        if self.called or self.wanted:
            precision = self.called_right / max(1, self.called)
            recall = self.wanted_called / max(1, self.wanted)
            judged = f"   judged {precision:.3f} {recall:.3f} ({self.called}, {self.wanted})"
        line = f"  {name:<34} {recall1:9.3f} {mrr:7.3f} {verdict:>19}  {self.seconds:7.1f}s"
        return line + judged


@dataclass
class SimfindMethod:
    """simfind's fingerprint with a given setting; verified or by distance alone."""

    name: str
    settings: FeatureSettings
    verify: bool = True
    idf: bool = False
    rank: RankOptions = field(default_factory=RankOptions)
    #: The exact measure: simfind's ("simfind": verify.shares, boilerplate discounted),
    #: or the LCS ratio of words used before issue 17 ("lcs-words").
    measure: str = "simfind"
    #: Judge the verdict by difflib's ratio of words (slow on long files).
    judge: bool = False


def lcs_comparable(text: str, settings: FeatureSettings) -> list[int]:
    tokens: list[int] = token_hashes(text, settings.cjk).tolist()
    return tokens


def lcs_similarity(a: list[int], b: list[int], settings: FeatureSettings) -> float:
    """2·LCS / (|a| + |b|) of the word sequences."""
    return float(Indel.normalized_similarity(a, b))


def idf_fingerprints(
    features: Sequence[Features], settings: FeatureSettings
) -> tuple[list[int], Callable[[Features], int]]:
    """Fingerprints with weights scaled by the corpus's inverse document frequency."""
    joined = np.concatenate([f.hashes for f in features]) if features else np.empty(0, np.uint64)
    vocab, df = np.unique(joined, return_counts=True)
    n = len(features)

    def weigh(f: Features) -> int:
        at = np.searchsorted(vocab, f.hashes)
        at = np.minimum(at, len(vocab) - 1)
        known = vocab[at] == f.hashes
        counts = np.where(known, df[at], 0)
        idf = np.log((1.0 + n) / (1.0 + counts)) + 1.0
        return simhash(f.hashes, np.rint(f.weights * idf), settings.bits // 64)

    return [weigh(f) for f in features], weigh


def evaluate_simfind(
    dataset: Dataset, corpora: dict[Path, Corpus], method: SimfindMethod
) -> Outcome:
    outcome = Outcome()
    started = time.perf_counter()
    settings = method.settings
    by_corpus: dict[Path, tuple[np.ndarray, list[int], Callable[[str], int]]] = {}
    sketches: dict[Path, list[bytes]] = {}
    samples: dict[Path, list[bytes]] = {}  # the excerpt index's (excerpts.py)
    comparables: dict[tuple[Path, int], Any] = {}
    prepare: Callable[[str, FeatureSettings], Any] = comparable
    common: dict[Path, Any] = {}

    def measure(reference: Any, other: Any, key: Path) -> Any:
        if method.measure == "lcs-words":
            return lcs_similarity(reference, other, settings)
        return compare(reference, other, common[key])

    if method.measure == "lcs-words":
        prepare = lcs_comparable
    for query in dataset.queries:
        corpus = corpora[query.corpus_dir]
        if query.corpus_dir not in by_corpus:
            if method.idf:
                feats = [extract(t, settings) for t in corpus.texts]
                prints, weigh = idf_fingerprints(feats, settings)
                by_corpus[query.corpus_dir] = (
                    to_array(prints, settings.bits),
                    prints,
                    lambda t, w=weigh: w(extract(t, settings)),
                )
            else:
                both = [
                    found
                    for start in range(0, len(corpus.texts), 64)
                    for found in fingerprint_all(corpus.texts[start : start + 64], settings)
                ]
                prints = [value or 0 for value, _, _ in both]
                sketches[query.corpus_dir] = [sketch for _, sketch, _ in both]
                samples[query.corpus_dir] = [sample for _, _, sample in both]
                common[query.corpus_dir] = of_samples(samples[query.corpus_dir])
                by_corpus[query.corpus_dir] = (
                    to_array(prints, settings.bits),
                    prints,
                    lambda t: fingerprint(extract(t, settings), settings.bits),
                )
        array, prints, fingerprint_of = by_corpus[query.corpus_dir]
        text = read(query.query_path)
        target = corpus.position.get(query.target_path)
        if text is None or target is None:
            continue
        reference = fingerprint_of(text)
        if not method.verify:
            dist = distances(reference, array)
            mine = dist[target]
            outcome.add_rank(int((dist < mine).sum()), int((dist == mine).sum()))
            continue
        corpus_sketches = sketches.get(query.corpus_dir) or [None] * len(prints)
        corpus_samples = samples.get(query.corpus_dir) or [None] * len(prints)
        matches = [
            Match(path=p, rel=f"{i:07d}", size=0, mtime_ns=0, encoding="", fingerprint=fp, sketch=k)
            for i, (p, fp, k) in enumerate(zip(corpus.paths, prints, corpus_sketches, strict=True))
        ]
        for match, sample in zip(matches, corpus_samples, strict=True):
            match.sample = sample
        _, reference_sketch, reference_sample = fingerprint_all([text], settings)[0]
        if method.idf:
            reference_sketch = reference_sample = None
        ref_comparable = prepare(text, settings)

        def verify(
            candidates: list[Match],
            corpus: Corpus = corpus,
            key: Path = query.corpus_dir,
            ref_comparable: Any = ref_comparable,
        ) -> VerifiedBatches:
            for match in candidates:
                index = int(match.rel)
                if (key, index) not in comparables:
                    comparables[(key, index)] = prepare(corpus.texts[index], settings)
                value = measure(ref_comparable, comparables[(key, index)], key)
                yield [match], [value]

        rank_matches(
            matches,
            reference,
            settings,
            method.rank,
            verify,
            reference_sketch=reference_sketch,
            reference_sample=reference_sample,
        )
        order = [int(m.rel) for m in matches]
        position = order.index(target)
        mine = matches[position]
        key = (mine.similarity, mine.distance)
        better = sum(1 for m in matches[:position] if (m.similarity, m.distance) != key)
        tied = sum(1 for m in matches if (m.similarity, m.distance) == key)
        outcome.add_rank(better, tied)
        if better or tied > 1:
            first = matches[0] if matches[0] is not mine else matches[1]
            outcome.misses.append(
                (_short(query.query_path), _short(first.path), first.similarity, mine.similarity)
            )
        outcome.add_verdict(mine.similar, sum(1 for m in matches if m.similar and m is not mine))
        if method.judge:
            _judge_verdict(outcome, text, corpus, matches, mine, target)
        others = [m.similarity for m in matches if m.similarity is not None and m is not mine]
        outcome.verified.append((mine.similarity, others))
        outcome.suffixes.append(query.query_path.suffix or "(none)")
    outcome.seconds = time.perf_counter() - started
    return outcome


#: At most this many of a query's other files called similar are judged (at random):
#: a catalogue of Django's has a hundred siblings called similar, each of 5,000 lines.
JUDGED = 5


def _judge_verdict(
    outcome: Outcome, text: str, corpus: Corpus, matches: list[Match], mine: Match, target: int
) -> None:
    """Judge a query's verdict by difflib's ratio of words (benchmarks/judge.py)."""
    others = [m for m in matches if m.similar and m is not mine and not m.is_reference]
    outcome.called += len(others) + int(mine.similar)
    outcome.called_right += int(mine.similar)
    if others:
        chosen = Random(mine.rel).sample(others, min(JUDGED, len(others)))
        right = sum(1 for m in chosen if at_least(text, corpus.texts[int(m.rel)], 0.5))
        outcome.called_right += right * len(others) / len(chosen)
    if at_least(text, corpus.texts[target], 0.6):
        outcome.wanted += 1
        outcome.wanted_called += int(mine.similar)


def _short(path: Path) -> str:
    """A dataset file's path from its release or corpus folder on."""
    return "/".join(path.parts[-4:])


def evaluate_baseline(
    dataset: Dataset,
    corpora: dict[Path, Corpus],
    index: Callable[[list[str]], np.ndarray],
    scores: Callable[[np.ndarray, str], np.ndarray],
    called: Callable[[np.ndarray], np.ndarray] | None = None,
) -> Outcome:
    """Rank each corpus by a baseline's score against the query (higher is nearer).

    ``index`` turns a corpus's texts into its signatures, ``scores`` compares a
    query text with them, ``called`` (if given) is the baseline's own verdict.
    """
    outcome = Outcome()
    started = time.perf_counter()
    indexes: dict[Path, np.ndarray] = {}
    for query in dataset.queries:
        corpus = corpora[query.corpus_dir]
        if query.corpus_dir not in indexes:
            indexes[query.corpus_dir] = index(corpus.texts)
        text = read(query.query_path)
        target = corpus.position.get(query.target_path)
        if text is None or target is None:
            continue
        score = scores(indexes[query.corpus_dir], text)
        mine = score[target]
        outcome.add_rank(int((score > mine).sum()), int((score == mine).sum()))
        if (score > mine).any() or (score == mine).sum() > 1:
            first = int(np.argmax(np.where(np.arange(len(score)) == target, -np.inf, score)))
            outcome.misses.append(
                (_short(query.query_path), _short(corpus.paths[first]), score[first], mine)
            )
        if called is not None:
            verdicts = called(score)
            outcome.add_verdict(bool(verdicts[target]), int(verdicts.sum()) - int(verdicts[target]))
    outcome.seconds = time.perf_counter() - started
    return outcome


def evaluate_seed(dataset: Dataset, corpora: dict[Path, Corpus]) -> Outcome:
    """The seeds' algorithm: rank by distance; near-duplicate at distance <= 3 of 64 bits."""
    return evaluate_baseline(
        dataset,
        corpora,
        lambda texts: to_array([naive_fingerprint_fast(t) for t in texts], 64),
        lambda prints, text: -distances(naive_fingerprint_fast(text), prints).astype(np.int64),
        lambda score: score >= -SEED_THRESHOLD,
    )


MINHASH_PERM = 128


def _low32(value: int) -> int:
    return value & 0xFFFFFFFF


def minhash_signature(text: str) -> np.ndarray:
    """datasketch's MinHash of a text's word 2-shingles (plus character 3-grams if short)."""
    features = np.unique(shingle(hash_tokens(tokenize(text)), 2))
    if len(text) < 600:
        features = np.union1d(features, char_ngrams(normalize(text), 3))
    signature = MinHash(num_perm=MINHASH_PERM, hashfunc=_low32)
    signature.update_batch(features.tolist())
    return np.asarray(signature.hashvalues)


def minhash_chunk_signature(text: str) -> np.ndarray:
    """datasketch's MinHash as it is commonly used: 3-token shingles of whitespace-split tokens.

    128 permutations and datasketch's own hash (SHA-1) of each shingle's text; the
    configuration issue 17 measured simfind against.
    """
    tokens = text.split()
    shingles = {" ".join(tokens[i : i + 3]) for i in range(max(1, len(tokens) - 2))}
    signature = MinHash(num_perm=MINHASH_PERM)
    signature.update_batch([s.encode("utf-8", "surrogatepass") for s in shingles])
    return np.asarray(signature.hashvalues)


def evaluate_minhash(
    dataset: Dataset, corpora: dict[Path, Corpus], signature: Callable[[str], np.ndarray]
) -> Outcome:
    """The library baseline: rank by MinHash's estimate of shingle Jaccard similarity."""
    return evaluate_baseline(
        dataset,
        corpora,
        lambda texts: np.stack([signature(t) for t in texts]),
        lambda signatures, text: (signatures == signature(text)).mean(axis=1),
    )


def methods(quick: bool, judge: bool = False) -> list[SimfindMethod]:
    base = FeatureSettings()  # 128 bits
    b64 = replace(base, bits=64)
    chosen = [
        SimfindMethod("simfind (default: 128, verified)", base, judge=judge),
        SimfindMethod(
            "  before: LCS ratio of words, no sketch",
            base,
            measure="lcs-words",
            rank=RankOptions(verify_by_sketch=0),
        ),
        SimfindMethod(
            "  without the sketch's candidates", base, rank=RankOptions(verify_by_sketch=0)
        ),
        SimfindMethod("simfind 64-bit, verified", b64),
        SimfindMethod("simfind 128-bit distance only", base, verify=False),
        SimfindMethod("simfind 64-bit distance only", b64, verify=False),
    ]
    if quick:
        return chosen
    return [
        *chosen,
        SimfindMethod("  +IDF, distance only", base, verify=False, idf=True),
        SimfindMethod("  +IDF, verified", base, idf=True),
        SimfindMethod("  shingle=1, distance only", replace(base, shingle=1), verify=False),
        SimfindMethod("  shingle=3, distance only", replace(base, shingle=3), verify=False),
        SimfindMethod("  CJK chars, distance only", replace(base, cjk="chars"), verify=False),
        SimfindMethod("  CJK chars, verified", replace(base, cjk="chars")),
        SimfindMethod("  tf weights, distance only", replace(base, weighting="tf"), verify=False),
        SimfindMethod(
            "  unit weights, distance only", replace(base, weighting="unit"), verify=False
        ),
        SimfindMethod("  verify_top=32", base, rank=RankOptions(verify_top=32)),
        SimfindMethod("  64-bit, verify_top=32", b64, rank=RankOptions(verify_top=32)),
    ]


SWEEP = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)


def verdict_at(verified: Sequence[tuple[float | None, list[float]]], threshold: float) -> str:
    """Precision/recall of the verdict at ``threshold``, from recorded similarities."""
    tp = sum(1 for mine, _ in verified if mine is not None and mine >= threshold)
    fp = sum(sum(1 for s in others if s >= threshold) for _, others in verified)
    return f"{tp / max(1, tp + fp):.3f}/{tp / max(1, len(verified)):.3f}"


def threshold_sweep(outcome: Outcome) -> None:
    """Precision and recall of the verdict at other thresholds, from the default's similarities.

    Where the queries are of several kinds of file, also by kind (suffix), for
    the kinds with at least 100 queries.
    """
    cells = [f"{threshold:.2f}: {verdict_at(outcome.verified, threshold)}" for threshold in SWEEP]
    print("  verdict precision/recall by threshold:")
    for start in range(0, len(cells), 4):
        print("    " + "   ".join(cells[start : start + 4]))
    kinds = Counter(outcome.suffixes)
    if len(kinds) < 2:
        return
    for kind, count in kinds.most_common():
        if count < 100:
            break
        for label, keep in ((f"{kind} queries", True), (f"all but {kind}", False)):
            chosen = [
                v
                for v, k in zip(outcome.verified, outcome.suffixes, strict=True)
                if (k == kind) is keep
            ]
            cells = [f"{t:.2f}: {verdict_at(chosen, t)}" for t in (0.6, 0.8, 0.9)]
            print(f"    {label} ({len(chosen)}): " + "   ".join(cells))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="defaults and the baseline only")
    parser.add_argument(
        "--compare",
        action="store_true",
        help="only simfind's default, its configuration before issue 17, without the sketch,"
        " and the MinHash baseline",
    )
    parser.add_argument(
        "--default-only",
        action="store_true",
        help="only simfind's default and the MinHash baseline",
    )
    parser.add_argument("--only", help="datasets whose name contains this")
    parser.add_argument(
        "--skip", action="append", default=[], help="leave out datasets named so (repeatable)"
    )
    parser.add_argument("--no-seed", action="store_true", help="skip the slow naive baseline")
    parser.add_argument("--sweep", action="store_true", help="verdict at other thresholds")
    parser.add_argument(
        "--judge",
        action="store_true",
        help="judge simfind's verdict by difflib's ratio of words (benchmarks/judge.py)",
    )
    parser.add_argument(
        "--misses", action="store_true", help="list the queries simfind's default ranks wrong"
    )
    args = parser.parse_args(argv)
    for dataset in all_datasets():
        if (args.only and args.only not in dataset.name) or dataset.name in args.skip:
            continue
        corpora = {d: Corpus.load(d) for d in {q.corpus_dir for q in dataset.queries}}
        files = sum(len(c.paths) for c in corpora.values())
        print(f"\n{dataset.name}: {len(dataset.queries)} queries, {files} corpus files")
        print(f"  {dataset.description}")
        header = f"{'recall@1':>9} {'MRR':>7} {'precision':>9} {'recall':>9}  {'time':>8}"
        print(f"  {'method':<34} {header}")
        default = None
        chosen = methods(args.quick or args.compare or args.default_only, args.judge)
        if args.compare or args.default_only:
            chosen = chosen[: 1 if args.default_only else 3]
        for method in chosen:
            outcome = evaluate_simfind(dataset, corpora, method)
            default = default or outcome
            print(outcome.line(method.name), flush=True)
        baselines = [
            ("MinHash, 3 whitespace tokens", minhash_chunk_signature),
            ("MinHash, 2 words (+char 3-grams)", minhash_signature),
        ]
        minhash = None
        for label, signature in baselines[:1] if args.compare or args.default_only else baselines:
            outcome = evaluate_minhash(dataset, corpora, signature)
            minhash = minhash or outcome
            print(outcome.line(label), flush=True)
        if not args.no_seed:
            print(evaluate_seed(dataset, corpora).line("naive seed (jieba, tf, d<=3)"), flush=True)
        if args.sweep and default is not None:
            threshold_sweep(default)
        if args.misses and default is not None:
            print("  queries whose true near-duplicate is not first (simfind's default):")
            for query, first, score, target in default.misses:
                print(f"    {query}: first {first} ({score}), the target {target}")
            if minhash is not None:
                lost = {m[0] for m in default.misses} - {m[0] for m in minhash.misses}
                won = {m[0] for m in minhash.misses} - {m[0] for m in default.misses}
                print(
                    f"  queries ranked first (a tie of k shares 1/k): simfind {default.hits:.2f},"
                    f" MinHash {minhash.hits:.2f}, of {default.queries}"
                )
                print(f"  missed by simfind, not by MinHash ({len(lost)}): {sorted(lost)[:20]}")
                print(f"  missed by MinHash, not by simfind ({len(won)}): {sorted(won)[:20]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

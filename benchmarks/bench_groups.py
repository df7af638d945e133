"""Groups of near-duplicates on real data: is every near-copy grouped, and nothing unrelated?

    python -m benchmarks.bench_groups [--only NAME] [--radius] [--quick]

Each dataset is a folder's worth of real texts (built once by datasets.py)
grouped by simfind.core.linkage.grouping at its defaults, in this process, beside the
other ways of grouping the same verified pairs:

* ``planted``: 300 real Python files of SQLAlchemy 2.0.36, and 40 copies of
  40 of them with 2 % of their lines edited (a word changed, a line deleted
  or a line of another file inserted);
* ``django``, ``pytest``, ``sphinx``: two releases of a project mixed in one
  folder (both trees side by side); each file changed between the releases
  should be grouped with its other version. ``sphinx`` is kept out of all
  tuning: no default was chosen by looking at it;
* ``zh-graded-10``, ``zh-graded-05``: real Chinese documents beside copies with
  a tenth (similarity about 0.92) or a twentieth of their words edited;
* ``zh-revisions``: Chinese documents as revised by their authors (the Debian
  Edu manual of two Debian releases, mand-mobile's docs), old and new beside
  each other and other Chinese documents.

How pairs are counted. Recall: the expected pairs (a planted copy and its
source; a file and its other release; a document and its edited copy) whose
exact similarity reaches the threshold, i.e. that are near-duplicates at all,
found in one group; pairs below the threshold are counted apart. Precision:
over every pair of files that share a group (sampled where groups are huge), a
pair is right when it is an expected pair, or when the two files really are
near-copies: the exact similarity of the two files themselves (not through
their centre) reaches the threshold, or their texts are equal. "strict"
counts only expected pairs; "mixed" counts the groups holding a pair that is
neither. The siblings found this way are listed by kind.

With --radius: the measurement behind the default radius: the share of the
expected near-duplicate pairs within r bits, and what a radius costs (pairs
compared, time) and gives (recall, precision) on the tuning data.
"""

from __future__ import annotations

import argparse
import heapq
import random
import re
import sys
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import xxhash

from benchmarks import datasets
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.errors import NotTextError
from simfind.core.compare.verify import Comparable, comparable, similarity
from simfind.core.fingerprint.simhash import fingerprint, to_array
from simfind.core.index.candidates import candidate_pairs, collapse, default_radius
from simfind.core.index.pigeonhole import groups as components
from simfind.core.linkage.grouping import (
    F64,
    I64,
    ComparedBatches,
    FileGroup,
    Grouping,
    GroupingOptions,
    Pair,
    group_files,
    neighbours,
)
from simfind.core.text.features import FeatureSettings, extract
from simfind.core.text.reading import read_text

SETTINGS = FeatureSettings()
MAX_BYTES = 8 * 1024 * 1024
#: Pairs of co-members judged per dataset at most (sampled beyond).
JUDGED_PAIRS = 100_000


@dataclass
class Folder:
    """Texts as a folder would give them, with exact similarities computed once."""

    name: str
    rels: list[str]
    texts: list[str]
    #: Which files are one "family": expected to be grouped together.
    family: list[str]
    #: The expected pairs (rows), each a near-duplicate pair if similar enough.
    expected: list[Pair]
    fingerprints: np.ndarray = field(init=False)
    digests: list[bytes] = field(init=False)
    comparables: dict[int, Comparable] = field(default_factory=dict)
    similarities: dict[Pair, float] = field(default_factory=dict)
    seconds: float = 0.0

    def __post_init__(self) -> None:
        kept = []
        prints = []
        for row, text in enumerate(self.texts):
            features = extract(text, SETTINGS)
            if len(features.hashes):
                kept.append(row)
                prints.append(fingerprint(features, SETTINGS.bits))
        if len(kept) < len(self.texts):
            renumber = {old: new for new, old in enumerate(kept)}
            self.rels = [self.rels[k] for k in kept]
            self.texts = [self.texts[k] for k in kept]
            self.family = [self.family[k] for k in kept]
            self.expected = [
                (renumber[a], renumber[b])
                for a, b in self.expected
                if a in renumber and b in renumber
            ]
        self.fingerprints = to_array(prints, SETTINGS.bits)
        self.digests = [xxhash.xxh3_128_digest(t.encode("utf-8", "replace")) for t in self.texts]

    def similarity(self, a: int, b: int) -> float:
        key = (a, b) if a < b else (b, a)
        if key not in self.similarities:
            if self.digests[a] == self.digests[b]:
                self.similarities[key] = 1.0
            else:
                value = similarity(self._comparable(a), self._comparable(b), SETTINGS)
                self.similarities[key] = value
        return self.similarities[key]

    def _comparable(self, row: int) -> Comparable:
        if row not in self.comparables:
            self.comparables[row] = comparable(self.texts[row], SETTINGS)
        return self.comparables[row]

    def compare(self, pairs: list[Pair]) -> ComparedBatches:
        """The comparer grouping gets: in-process, batches of 64 pairs, timed."""
        for start in range(0, len(pairs), 64):
            began = time.perf_counter()
            batch = pairs[start : start + 64]
            values: list[float | None] = [self.similarity(a, b) for a, b in batch]
            self.seconds += time.perf_counter() - began
            yield batch, values

    def distance(self, a: int, b: int) -> int:
        return int(np.bitwise_count(self.fingerprints[a] ^ self.fingerprints[b]).sum())


def read(path: Path) -> str | None:
    try:
        text = read_text(path, MAX_BYTES).text
    except NotTextError:
        return None
    return text if text.strip() else None


def text_files(root: Path) -> Iterator[tuple[str, str]]:
    for path in sorted(p for p in root.rglob("*") if p.is_file() and not p.is_symlink()):
        text = read(path)
        if text is not None:
            yield path.relative_to(root).as_posix(), text


# ---------------------------------------------------------------------------
# The datasets.


def edit_lines(text: str, share: float, rng: random.Random, donors: Sequence[str]) -> str:
    """``share`` of the lines (at least one) edited: a word changed, deleted, or a line inserted."""
    lines = text.split("\n")
    for _ in range(max(1, round(len(lines) * share))):
        at = rng.randrange(len(lines))
        kind = rng.random()
        if kind < 0.5:
            words = list(re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", lines[at]))
            if words:
                word = rng.choice(words)
                new = rng.choice(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text) or ["x"])
                lines[at] = lines[at][: word.start()] + new + lines[at][word.end() :]
            else:
                lines[at] = lines[at] + " # edited"
        elif kind < 0.75 and len(lines) > 1:
            del lines[at]
        else:
            donor = rng.choice(donors).split("\n")
            lines.insert(at, rng.choice(donor))
    return "\n".join(lines)


def planted() -> Folder:
    dataset = datasets.code_release_pairs("SQLAlchemy", "2.0.20", "2.0.36")
    root = dataset.queries[0].corpus_dir
    files = [(rel, t) for rel, t in text_files(root) if rel.endswith(".py") and len(t) >= 1000]
    rng = random.Random(1234)
    chosen = sorted(rng.sample(range(len(files)), 300))
    rels = [files[k][0] for k in chosen]
    texts = [files[k][1] for k in chosen]
    family = list(rels)
    expected = []
    for source in sorted(rng.sample(range(300), 40)):
        texts.append(edit_lines(texts[source], 0.02, rng, texts[:300]))
        rels.append(f"copies/{Path(rels[source]).name}")
        family.append(rels[source])
        expected.append((source, len(texts) - 1))
    return Folder("planted", rels, texts, family, expected)


def release_mix(name: str, project: str, old: str, new: str) -> Folder:
    dataset = (
        datasets.code_release_pairs()
        if project == "Django"
        else datasets.code_release_pairs(project, old, new)
    )
    base = dataset.queries[0].corpus_dir.parent
    rels, texts, family = [], [], []
    for tree in (f"{project}-{old}", f"{project}-{new}"):
        for rel, text in text_files(base / tree):
            rels.append(f"{tree}/{rel}")
            texts.append(text)
            family.append(rel)
    row = {rel: k for k, rel in enumerate(rels)}
    expected = []
    for query in dataset.queries:
        a = row.get(query.query_path.relative_to(base).as_posix())
        b = row.get(query.target_path.relative_to(base).as_posix())
        if a is not None and b is not None:
            expected.append((a, b))
    return Folder(name, rels, texts, family, expected)


def zh_graded(rate: float) -> Folder:
    dataset = datasets.zh_graded_edits(rate)
    corpus = dataset.queries[0].corpus_dir
    rels, texts = [], []
    for rel, text in text_files(corpus):
        rels.append(f"corpus/{rel}")
        texts.append(text)
    family = list(rels)
    row = {rel: k for k, rel in enumerate(rels)}
    expected = []
    for query in dataset.queries:
        text = read(query.query_path)
        target = row.get(f"corpus/{query.target_path.name}")
        if text is None or target is None:
            continue
        rels.append(f"edited/{query.query_path.name}")
        texts.append(text)
        family.append(rels[target])
        expected.append((target, len(texts) - 1))
    return Folder(f"zh-graded-{round(rate * 100):02d}", rels, texts, family, expected)


def zh_revisions() -> Folder:
    dataset = datasets.zh_revisions()
    corpus = dataset.queries[0].corpus_dir
    base = corpus.parent
    rels, texts, family = [], [], []
    for rel, text in text_files(corpus):
        rels.append(f"corpus/{rel}")
        texts.append(text)
        family.append(rel)
    row = {rel: k for k, rel in enumerate(rels)}
    expected = []
    for query in dataset.queries:
        text = read(query.query_path)
        target = row.get(query.target_path.relative_to(base).as_posix())
        if text is None or target is None:
            continue
        rels.append(query.query_path.relative_to(base).as_posix())
        texts.append(text)
        family.append(family[target])
        expected.append((target, len(texts) - 1))
    return Folder("zh-revisions", rels, texts, family, expected)


DATASETS: dict[str, Callable[[], Folder]] = {
    "planted": planted,
    "django": lambda: release_mix("django", "Django", datasets.DJANGO_OLD, datasets.DJANGO_NEW),
    "pytest": lambda: release_mix("pytest", "pytest", "7.4.4", "8.3.3"),
    "zh-graded-10": lambda: zh_graded(0.10),
    "zh-graded-05": lambda: zh_graded(0.05),
    "zh-revisions": zh_revisions,
    "sphinx": lambda: release_mix("sphinx", "Sphinx", "7.2.6", "7.4.7"),
}
#: Never looked at while choosing a default.
HELD_OUT = "sphinx"


# ---------------------------------------------------------------------------
# Grouping the ways compared, and judging the groups.


def by_centres(weights: I64, i: I64, j: I64, sim: F64) -> list[list[int]]:
    """Groups of nodes, each centre first, from the similar pairs (i, j) and their similarity.

    A node of weight w stands for w files with one fingerprint. Greedily, the node
    with the most files similar to it among those not yet grouped (itself
    included; ties: the larger sum of similarities, then the lower index)
    becomes a centre, and those files its group. Every member is thus verified
    similar to the centre, and a chain a~b~c never joins a and c through b
    unless b is their centre and both are similar to it.
    """
    count = len(weights)
    w = weights.tolist()
    adjacent = neighbours(count, i, j, sim)
    taken = [False] * count

    def score(node: int) -> tuple[int, float]:
        files, total = w[node] - 1, float(w[node] - 1)
        for other, value in adjacent[node].items():
            if not taken[other]:
                files += w[other]
                total += w[other] * value
        return files, total

    heap = []
    for node in range(count):
        files, total = score(node)
        if files > 0:
            heap.append((-files, -total, node))
    heapq.heapify(heap)
    groups: list[list[int]] = []
    while heap:
        files_neg, total_neg, node = heapq.heappop(heap)
        if taken[node]:
            continue
        files, total = score(node)
        if files == 0:
            continue
        if (files, total) != (-files_neg, -total_neg):
            heapq.heappush(heap, (-files, -total, node))  # stale: its neighbours were taken
            continue
        members = sorted(
            (other for other in adjacent[node] if not taken[other]),
            key=lambda other: (-adjacent[node][other], other),
        )
        taken[node] = True
        for other in members:
            taken[other] = True
        groups.append([node, *members])
    return groups


def single_link(folder: Folder, radius: int, threshold: float) -> list[list[int]]:
    """The old way's shape with verification: connected components of the similar pairs."""
    nodes = collapse(folder.fingerprints)
    i, j, _ = candidate_pairs(nodes.unique, radius)
    first = nodes.first.tolist()
    similar = [
        k
        for k, (a, b) in enumerate(zip(i.tolist(), j.tolist(), strict=True))
        if folder.similarity(first[a], first[b]) >= threshold
    ]
    parts = components(len(nodes.unique), i[similar], j[similar])
    rows_of = nodes.rows_of()
    grouped = [[int(r) for node in part for r in rows_of[node]] for part in parts]
    grouped += [rows.tolist() for node, rows in enumerate(rows_of) if len(rows) >= 2]
    # Nodes alone in no component but with copies of their own are groups too.
    seen = {r for part in grouped[: len(parts)] for r in part}
    return [g for g in grouped[: len(parts)]] + [
        g for g in grouped[len(parts) :] if g[0] not in seen
    ]


@dataclass
class Verdict:
    recall: float
    found: int
    expected: int
    below: int
    precision: float
    strict: float
    judged: int
    mixed: int
    groups: int
    grouped_files: int
    siblings: Counter[str]
    wrong: list[tuple[str, str, float]]


def kind_of(rel: str) -> str:
    """A sibling pair's kind, for the report: the file's suffix, or its name if none."""
    name = rel.rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1] if "." in name else name


def judge(folder: Folder, groups: list[list[int]], threshold: float) -> Verdict:
    where: dict[int, int] = {}
    for number, rows in enumerate(groups):
        for row in rows:
            where[row] = number
    near = [(a, b) for a, b in folder.expected if folder.similarity(a, b) >= threshold]
    found = sum(1 for a, b in near if a in where and where.get(a) == where.get(b))
    pairs: list[Pair] = [
        (a, b) for rows in groups for x, a in enumerate(rows) for b in rows[x + 1 :]
    ]
    rng = random.Random(7)
    if len(pairs) > JUDGED_PAIRS:
        pairs = rng.sample(pairs, JUDGED_PAIRS)
    right = strict = 0
    bad_groups: set[int] = set()
    siblings: Counter[str] = Counter()
    wrong = []
    for a, b in pairs:
        if folder.family[a] == folder.family[b]:
            right += 1
            strict += 1
            continue
        value = folder.similarity(a, b)
        if value >= threshold:
            right += 1
            siblings[kind_of(folder.rels[a])] += 1
        else:
            bad_groups.add(where[a])
            wrong.append((folder.rels[a], folder.rels[b], value))
    return Verdict(
        recall=found / max(1, len(near)),
        found=found,
        expected=len(near),
        below=len(folder.expected) - len(near),
        precision=right / max(1, len(pairs)),
        strict=strict / max(1, len(pairs)),
        judged=len(pairs),
        mixed=len(bad_groups),
        groups=len(groups),
        grouped_files=sum(len(g) for g in groups),
        siblings=siblings,
        wrong=wrong,
    )


def rows_of(grouping: Grouping) -> list[list[int]]:
    return [[m.row for m in g.members] for g in grouping.groups]


def line(label: str, verdict: Verdict, extra: str = "") -> str:
    return (
        f"  {label:<22} recall {verdict.recall:.3f} ({verdict.found}/{verdict.expected})  "
        f"precision {verdict.precision:.3f} (strict {verdict.strict:.3f}, {verdict.judged} pairs)  "
        f"mixed groups {verdict.mixed}/{verdict.groups}  files grouped {verdict.grouped_files}"
        f"{extra}"
    )


def group_size(grouping: Grouping, where: dict[int, int], row: int) -> int:
    return len(grouping.groups[where[row]].members) if row in where else 1


def centre_similarities(groups: list[FileGroup]) -> str:
    values = [m.similarity for g in groups for m in g.members[1:] if m.similarity is not None]
    if not values:
        return ""
    return f"  (member to centre: min {min(values):.3f}, median {np.median(values):.3f})"


def run_dataset(folder: Folder, threshold: float, methods: bool) -> None:
    print(
        f"\n{folder.name}: {len(folder.texts)} files, {len(folder.expected)} expected pairs"
        f"{' (held out of all tuning)' if folder.name == HELD_OUT else ''}",
        flush=True,
    )
    began = time.perf_counter()
    folder.seconds = 0.0
    grouping = group_files(folder.fingerprints, folder.compare, GroupingOptions(threshold))
    total = time.perf_counter() - began
    verdict = judge(folder, rows_of(grouping), threshold)
    print(
        f"  default: radius {grouping.radius}, {grouping.distinct} distinct fingerprints, "
        f"{grouping.candidates} candidate pairs, {grouping.compared} compared exactly; "
        f"{total:.1f} s ({folder.seconds:.1f} s of it comparing, in this one process)"
    )
    print(line("complete link (default)", verdict, centre_similarities(grouping.groups)))
    if verdict.below:
        print(f"  {verdict.below} expected pairs are below the threshold (not near-duplicates)")
    kinds = Counter(kind_of(folder.rels[a]) for a, _ in folder.expected)
    if len(kinds) > 1:
        where = {row: number for number, rows in enumerate(rows_of(grouping)) for row in rows}
        cells = []
        for kind, _ in kinds.most_common(4):
            near = [
                (a, b)
                for a, b in folder.expected
                if kind_of(folder.rels[a]) == kind and folder.similarity(a, b) >= threshold
            ]
            found = sum(1 for a, b in near if a in where and where.get(a) == where.get(b))
            cells.append(f"{kind} {found}/{len(near)}")
        print(f"  recall by kind: {', '.join(cells)}")
    if methods:
        centres = group_files(
            folder.fingerprints, folder.compare, GroupingOptions(threshold), grouper=by_centres
        )
        print(line("centres", judge(folder, rows_of(centres), threshold)))
        single = single_link(folder, grouping.radius, threshold)
        print(line("single link", judge(folder, single, threshold)))
    if verdict.siblings:
        kinds = ", ".join(f"{k} {n}" for k, n in verdict.siblings.most_common(6))
        print(f"  siblings counted as near-copies, by kind: {kinds}")
    for a, b, value in verdict.wrong[:5]:
        print(f"  unrelated in one group: {a}  ~  {b}  ({value:.3f})")
    where = {row: number for number, rows in enumerate(rows_of(grouping)) for row in rows}
    missed = [
        (a, b)
        for a, b in folder.expected
        if folder.similarity(a, b) >= threshold and (a not in where or where.get(a) != where.get(b))
    ]
    for a, b in missed[:8]:
        print(
            f"  missed: {folder.rels[a]}  ~  {folder.rels[b]}  (similarity "
            f"{folder.similarity(a, b):.3f}, distance {folder.distance(a, b)}; "
            f"groups of {group_size(grouping, where, a)} and {group_size(grouping, where, b)})"
        )


# ---------------------------------------------------------------------------
# The radius.

RADII = (8, 12, 16, 20, 24, 28, 32, 36, 40)


def radius_sweep(folders: list[Folder], threshold: float) -> None:
    print("\nShare of the expected near-duplicate pairs within r bits (128-bit fingerprints):")
    print(f"  {'dataset':<14} {'pairs':>6}  " + " ".join(f"{r:>5}" for r in RADII))
    for folder in folders:
        near = [(a, b) for a, b in folder.expected if folder.similarity(a, b) >= threshold]
        dist = np.array([folder.distance(a, b) for a, b in near])
        cells = " ".join(f"{(dist <= r).mean():5.3f}" for r in RADII)
        print(f"  {folder.name:<14} {len(near):>6}  {cells}")
    print("\nWhat a radius costs and gives (the default grouping, nothing compared beforehand):")
    for folder in folders:
        for radius in (16, 24, 32, 36, 40):
            folder.similarities.clear()
            folder.comparables.clear()
            began = time.perf_counter()
            folder.seconds = 0.0
            options = GroupingOptions(threshold, radius=radius)
            grouping = group_files(folder.fingerprints, folder.compare, options)
            total = time.perf_counter() - began
            verdict = judge(folder, rows_of(grouping), threshold)
            print(
                f"  {folder.name:<14} r={radius:<3} {grouping.candidates:>7} pairs compared, "
                f"{total:6.1f} s; recall {verdict.recall:.3f}, precision {verdict.precision:.3f},"
                f" mixed {verdict.mixed}",
                flush=True,
            )


# ---------------------------------------------------------------------------
# Many identical files, in the core alone.


def identical_in_core(count: int) -> None:
    """``count`` copies of one fingerprint (and a few others): time and peak memory of grouping."""
    rng = np.random.default_rng(1)
    rows = np.repeat(rng.integers(0, 2**64, size=(1, 2), dtype=np.uint64), count, axis=0)
    rows[: count // 100] = rng.integers(0, 2**64, size=(count // 100, 2), dtype=np.uint64)

    def same(pairs: list[Pair]) -> ComparedBatches:
        for start in range(0, len(pairs), 256):
            batch = pairs[start : start + 256]
            yield batch, [1.0] * len(batch)

    tracemalloc.start()
    began = time.perf_counter()
    grouping = group_files(rows, same)
    seconds = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"\n{count:,} fingerprints, {count - count // 100:,} of them identical, in the core: "
        f"{seconds:.2f} s, peak {peak / 1e6:.0f} MB traced; "
        f"{len(grouping.groups)} group of {len(grouping.groups[0].members):,}, "
        f"{grouping.compared:,} comparisons"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="datasets whose name contains this (comma-separated)")
    parser.add_argument("--radius", action="store_true", help="the measurement behind the radius")
    parser.add_argument("--quick", action="store_true", help="the default only, no other methods")
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    args = parser.parse_args(argv)
    print(f"default radius: {default_radius(SETTINGS.bits)} of {SETTINGS.bits} bits")
    wanted = args.only.split(",") if args.only else None
    names = [n for n in DATASETS if wanted is None or any(w in n for w in wanted)]
    if args.radius:
        tuning = [DATASETS[n]() for n in names if n != HELD_OUT]
        radius_sweep(tuning, args.threshold)
        return 0
    for name in names:
        run_dataset(DATASETS[name](), args.threshold, not args.quick)
    if wanted is None:
        identical_in_core(20_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())

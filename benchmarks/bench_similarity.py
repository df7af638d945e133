"""Does the similarity mean what a diff says? simfind's figure against difflib's, on real data.

    python -m benchmarks.bench_similarity [--only NAME] [--pairs 150] [--held-out]
        [--skip-cases] [--issue-cases]

For each dataset (datasets.py: code release pairs, Chinese revisions and
graded edits, short texts), pairs of three kinds are drawn: each query with
its true counterpart, with two files of its counterpart's folder (siblings:
same project, same idioms, a shared licence header where there is one), and
with two files drawn at random. Each pair is measured by simfind
(verify.shares, the folder's boilerplate not discounted: a pair alone has
none) and by the independent judge (judge.py: difflib's ratio of the two
texts' words). Printed per dataset and kind: the median and 95th percentile
of both, the mean gap, the share of pairs within 0.05 of the judge; then the
verdict at several thresholds, judged: precision (of the pairs called
similar, those the judge finds at least 0.5 similar, or the true
counterpart) and recall (of the pairs the judge finds at least 0.6 similar,
those called similar). The default threshold (verify.DEFAULT_THRESHOLD) was
chosen from this sweep on the tuning datasets, never on the held-out one
(docutils, measured once with --held-out).

Then, over all the dataset's pairs: the largest and 99th-percentile gap between
simfind's figure and difflib's (in the nearer of difflib's two orders: its
blocks depend on which text comes first), and the verdict at the default
threshold judged by difflib at the same threshold, with unrelated pairs' 95th
percentile. ``--issue-cases`` (also run before the cases below): issue 41's
cases on real text, the gap to difflib over Django's forms-api.txt with any ten
lines deleted, the Chinese Debian FAQ with two lines deleted at every sixth
line of each chapter, and short sayings and lines of 2 to 10 words.

Two more real cases follow: the groups of a library that puts a licence
header and section banners in every module (Bokeh, installed with
simfind[dask]): how many members lie below a diff ratio of 0.5 from their
group's centre; and the sayings of Debian's fortunes-zh, each ending in its
source (``--《谚语》``), with planted one-character copies: the precision and
recall of ``groups --records lines`` on them.

Run it from any checkout (PYTHONPATH=that checkout) to compare a baseline.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import difflib
import gzip
import importlib.util
import io
import random
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from benchmarks import datasets
from benchmarks.judge import at_least, ratio
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare.verify import comparable
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text

SETTINGS = FeatureSettings()
SEED = 27
THRESHOLDS = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7)
KINDS = ("true", "sibling", "random")


def measure(a: str, b: str) -> float:
    """simfind's similarity of two texts, whichever version of the engine is imported."""
    from simfind.core.compare import verify

    first, second = comparable(a, SETTINGS), comparable(b, SETTINGS)
    if hasattr(verify, "shares"):
        return float(verify.shares(first, second).similarity)
    return float(verify.similarity(first, second, SETTINGS))  # before issue 27


def read(path: Path) -> str | None:
    try:
        return read_text(path).text
    except Exception:
        return None


def pairs(dataset: datasets.Dataset, limit: int) -> list[tuple[str, str, str]]:
    """(kind, text, text) of at most ``limit`` queries: true, two siblings, two strangers."""
    rng = random.Random(SEED)
    queries = list(dataset.queries)
    rng.shuffle(queries)
    files: dict[Path, list[Path]] = {}
    found = []
    for query in queries[:limit]:
        corpus = files.get(query.corpus_dir)
        if corpus is None:
            corpus = files[query.corpus_dir] = sorted(
                p for p in query.corpus_dir.rglob("*") if p.is_file()
            )
        siblings = [
            p for p in query.target_path.parent.iterdir() if p.is_file() and p != query.target_path
        ]
        chosen = [("true", query.target_path)]
        chosen += [("sibling", p) for p in rng.sample(siblings, min(2, len(siblings)))]
        chosen += [("random", p) for p in rng.sample(corpus, 2) if p != query.target_path]
        text = read(query.query_path)
        if text is None:
            continue
        for kind, path in chosen:
            other = read(path)
            if other is not None and len(text) + len(other) < 400_000:
                found.append((kind, text, other))
    return found


#: (kind, simfind, difflib, the gap to difflib in the nearer of its two orders)
Row = tuple[str, float, float, float]


def report(name: str, rows: Sequence[Row]) -> None:
    """Per kind: judge and simfind; the largest and 99th-percentile gap to difflib and the
    verdict at the default judged by difflib at the same threshold; then by threshold."""
    print(f"\n{name}: {len(rows)} pairs")
    header = f"{'judge med/p95':>13}  {'simfind med/p95':>15}  {'gap':>6}  within 0.05"
    print(f"  {'kind':<8} {'n':>5}  {header}")
    for kind in KINDS:
        got = [(r[1], r[2]) for r in rows if r[0] == kind]
        if not got:
            continue
        sims = np.array([s for s, _ in got])
        judged = np.array([j for _, j in got])
        print(
            f"  {kind:<8} {len(got):>5}  {np.median(judged):6.2f}/{np.percentile(judged, 95):4.2f}"
            f"   {np.median(sims):8.2f}/{np.percentile(sims, 95):4.2f}"
            f"  {np.mean(np.abs(sims - judged)):6.3f}"
            f"  {np.mean(np.abs(sims - judged) <= 0.05):10.2f}"
        )
    if rows:
        gaps = np.array([r[3] for r in rows])
        sims = np.array([r[1] for r in rows])
        judged = np.array([r[2] for r in rows])
        said, alike = sims >= DEFAULT_THRESHOLD, judged >= DEFAULT_THRESHOLD
        precision = float(np.sum(said & alike)) / max(1, int(np.sum(said)))
        recall = float(np.sum(said & alike)) / max(1, int(np.sum(alike)))
        unrelated = [r[1] for r in rows if r[0] == "random"]
        print(
            f"  gap to difflib (nearer order): largest {gaps.max():.4f}, 99th"
            f" {np.percentile(gaps, 99):.4f}, pairs over 0.02: {np.sum(gaps > 0.02)}"
        )
        print(
            f"  at the default {DEFAULT_THRESHOLD} judged by difflib at the same threshold:"
            f" precision {precision:.3f}, recall {recall:.3f} ({np.sum(alike)} alike);"
            f" unrelated p95 {np.percentile(unrelated, 95) if unrelated else float('nan'):.3f}"
        )
    cells = []
    for threshold in THRESHOLDS:
        called = [(r[0], r[2]) for r in rows if r[1] >= threshold]
        right = sum(1 for k, j in called if k == "true" or j >= 0.5)
        wanted = [(r[0], r[1]) for r in rows if r[2] >= 0.6]
        found = sum(1 for _, s in wanted if s >= threshold)
        precision = right / max(1, len(called))
        recall = found / max(1, len(wanted))
        mark = "*" if abs(threshold - DEFAULT_THRESHOLD) < 1e-9 else " "
        cells.append(f"{threshold:.2f}{mark} {precision:.3f}/{recall:.3f}")
    print("  verdict judged, precision/recall by threshold (* the default):")
    print("    " + "   ".join(cells[:4]))
    print("    " + "   ".join(cells[4:]))


def agreement(only: str | None, limit: int, held_out: bool) -> None:
    held = {d[0] for d in datasets.HELD_OUT_RELEASES}
    for dataset in datasets.all_datasets():
        is_held = any(dataset.name.endswith(h.lower()) for h in held)
        if is_held != held_out or (only and only not in dataset.name):
            continue
        started = time.perf_counter()
        rows = []
        for kind, a, b in pairs(dataset, limit):
            value, judged, back = measure(a, b), ratio(a, b), ratio(b, a)
            rows.append((kind, value, judged, min(abs(value - judged), abs(value - back))))
        report(f"{dataset.name} ({time.perf_counter() - started:.0f} s)", rows)


def _installed(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    return None if spec is None or spec.origin is None else Path(spec.origin).parent


def library_groups() -> None:
    """Groups of Bokeh's modules: members below a diff ratio of 0.5 from their centre."""
    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.scan.context import ScanContext
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.walk import WalkOptions

    bokeh = _installed("bokeh")
    if bokeh is None:
        print("\nbokeh: not installed (simfind[dask])")
        return
    folder = bokeh  # the installed package: read, never written
    options = ScanOptions(walk=WalkOptions(include=("*.py",)))
    started = time.perf_counter()
    result = find_groups(folder, options, context=ScanContext())
    elapsed = time.perf_counter() - started
    members = below = 0
    worst: list[tuple[float, str, str]] = []
    for group in result.groups:
        centre = read(group.members[0].path) or ""
        for member in group.members[1:]:
            members += 1
            judged = ratio(centre, read(member.path) or "")
            if judged < 0.5:
                below += 1
                worst.append((judged, group.members[0].rel, member.rel))
    common = getattr(result, "boilerplate", None)
    marked = 0 if common is None else len(common.values)
    print(
        f"\nbokeh's modules: {result.files} files, {len(result.groups)} groups, "
        f"{members} members beside their centres; {below} below a diff ratio of 0.5; "
        f"{marked} runs of boilerplate; {elapsed:.1f} s"
    )
    for judged, centre, member in sorted(worst)[:8]:
        print(f"    {judged:.2f}  {member}  (centre {centre})")


_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def _variants(a: str, b: str) -> bool:
    first, second = (line.split(" --")[0] for line in (a, b))
    return difflib.SequenceMatcher(None, first, second, autojunk=False).ratio() >= 0.8


def sayings(copies: int = 100, threshold: float | None = None) -> None:
    """fortunes-zh's sayings with their sources, and planted one-character copies."""
    from simfind.core.linkage.grouping import GroupingOptions
    from simfind.core.records.collect import RecordOptions
    from simfind.core.records.cutting import RecordSpec, default_threshold
    from simfind.core.records.search import find_record_groups

    source = datasets.data_root() / "src" / "debian" / "fortunes-zh"
    found = list(source.rglob("games/fortunes/chinese"))
    if not found:
        print("\nsayings: build the datasets first (python -m benchmarks.datasets)")
        return
    text = _ESCAPES.sub("", found[0].read_text(encoding="utf-8"))
    lines = []
    for entry in text.split("\n%\n"):
        match = re.search(r"--\s*《(谚语|增广贤文)》\s*$", entry.strip())
        if match:
            body = entry.strip()[: match.start()].strip().replace("\n", "")
            lines.append(f"{body} --《{match.group(1)}》")
    lines = sorted(set(lines))
    rng = random.Random(SEED)
    planted: dict[int, int] = {}
    for index in rng.sample(range(len(lines)), copies):
        body, rest = lines[index].split(" --", 1)
        places = [i for i, ch in enumerate(body) if ch not in "，。；！？、"]
        at = rng.choice(places)
        changed = body[:at] + ("无" if body[at] != "无" else "有") + body[at + 1 :]
        planted[index] = len(lines)
        lines.append(f"{changed} --{rest}")
    with tempfile.TemporaryDirectory() as temp:
        path = Path(temp) / "sayings.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        started = time.perf_counter()
        options = RecordOptions(RecordSpec.parse("lines"))
        grouping = None if threshold is None else GroupingOptions(threshold=threshold)
        result = find_record_groups([path], options, grouping)
        elapsed = time.perf_counter() - started
    row_line = {k: r.line - 1 for k, r in enumerate(result.records)}
    planted_pairs = {frozenset(pair) for pair in planted.items()}
    grouped = set()
    for group in result.groups:
        centre = row_line[group.members[0].record]
        grouped |= {frozenset((centre, row_line[m.record])) for m in group.members[1:]}
    # Beside the planted copies, a pair of the list's own sayings is right where one is a
    # variant of the other: their sayings (sources left out) alike in 80 % of their
    # characters by difflib (一家养女百家求 / 一家有女百家求).
    truth = planted_pairs | {pair for pair in grouped if _variants(*(lines[i] for i in pair))}
    right = len(grouped & truth)
    print(
        f"\nsayings: {len(lines)} lines ({copies} planted copies), {len(result.groups)} groups: "
        f"precision {right / max(1, len(grouped)):.3f} ({right} of {len(grouped)} pairs), "
        f"recall {len(grouped & planted_pairs) / len(planted_pairs):.3f} of the planted; "
        f"{elapsed:.1f} s"
    )
    others = sorted(grouped - truth, key=sorted)
    bound = threshold if threshold is not None else default_threshold(options.spec)
    judged = sum(at_least(lines[a], lines[b], bound) for a, b in map(sorted, others))
    print(
        f"    of the {len(others)} other pairs, the judge rates {judged} at least "
        f"{bound:.2f} (their sayings share a pattern and a source)"
    )
    for pair in others[:8]:
        a, b = sorted(pair)
        print(f"    {lines[a]}  ~  {lines[b]}")


def _deleted(text: str, first: int, count: int) -> str:
    lines = text.splitlines(keepends=True)
    return "".join(lines[:first] + lines[first + count :])


def _gaps(name: str, pairs: list[tuple[str, str]]) -> None:
    """The gap to difflib (nearer order) over pairs of one kind: largest, 99th, over 0.015."""
    found = []
    for a, b in pairs:
        value = measure(a, b)
        found.append(min(abs(value - ratio(a, b)), abs(value - ratio(b, a))))
    gaps = np.array(found)
    print(
        f"  {name}: {len(gaps)} pairs, gap largest {gaps.max():.4f}, 99th"
        f" {np.percentile(gaps, 99):.4f}, over 0.015: {np.sum(gaps > 0.015)}"
    )


def issue_cases() -> None:
    """Issue 41's cases on real text: Django's forms-api.txt (4.2.16 against 5.1.4, and
    every ten-line deletion of it), every sixth two-line deletion of each chapter of the
    Chinese Debian FAQ, short texts of 2 to 10 words."""
    print("\nissue 41: repetitive files, deletions, short texts (gap to difflib's ratio of words)")
    page = "docs/ref/contrib/gis/forms-api.txt"
    old = read(datasets._sdist_tree("Django", datasets.DJANGO_OLD) / page) or ""
    new = read(datasets._sdist_tree("Django", "5.1.4") / page) or ""
    print(
        f"  forms-api.txt {datasets.DJANGO_OLD} / 5.1.4: simfind {measure(old, new):.3f},"
        f" difflib {ratio(old, new):.3f}"
    )
    lines = len(old.splitlines())
    _gaps(
        "forms-api.txt, ten lines deleted anywhere",
        [(old, _deleted(old, first, 10)) for first in range(lines - 10)],
    )
    faq = datasets._deb_tree("debian-faq-zh-cn") / "usr/share/doc/debian/FAQ"
    whole = gzip.decompress((faq / "debian-faq.zh-cn.txt.gz").read_bytes()).decode("utf-8")
    chapters = re.split(r"\n(?=第\s\d+\s章\s)", whole)[1:]  # no-break spaces
    cuts = [
        (chapter, _deleted(chapter, first, 2))
        for chapter in chapters
        for first in range(0, len(chapter.splitlines()) - 2, 6)
    ]
    _gaps("Debian FAQ zh_CN, two lines deleted, every sixth line of every chapter", cuts)
    sayings_file = Path(__file__).resolve().parents[1] / "tests" / "data" / "sayings"
    sayings_file /= "sayings.txt"
    sayings = [s.split(" --")[0] for s in sayings_file.read_text(encoding="utf-8").splitlines()]
    rng = random.Random(SEED)
    short = [tuple(rng.sample(sayings, 2)) for _ in range(300)]
    with contextlib.redirect_stdout(io.StringIO()):  # importing it prints it
        import this
    zen = codecs.decode(this.s, "rot13").splitlines()
    english = [line for line in zen if 2 <= len(line.split()) <= 10]
    short_en = [(a, b) for a in english for b in english if a < b]
    _gaps("short Chinese sayings (fortunes-zh), 300 random pairs", [(a, b) for a, b in short])
    _gaps("short English lines (the Zen of Python), every pair", short_en)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="datasets whose name contains this")
    parser.add_argument("--pairs", type=int, default=150, help="queries per dataset")
    parser.add_argument("--held-out", action="store_true", help="the held-out dataset only")
    parser.add_argument("--skip-cases", action="store_true", help="no Bokeh, no sayings")
    parser.add_argument("--issue-cases", action="store_true", help="issue 41's cases only")
    args = parser.parse_args(argv)
    if args.issue_cases:
        issue_cases()
        return 0
    agreement(args.only, args.pairs, args.held_out)
    if not args.skip_cases and not args.held_out:
        issue_cases()
        library_groups()
        sayings()
    return 0


if __name__ == "__main__":
    sys.exit(main())

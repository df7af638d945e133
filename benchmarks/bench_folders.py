"""Folders that are near-copies, found in real release trees: two releases each of three
projects side by side, and a copy of one of them edited a little (issue 45, part 2).

    python -m benchmarks.bench_folders [--sdists /tmp/folders-sdists] [--jobs 1] [--repeat 3]

The sdists (six 1.15.0 and 1.16.0, idna 3.4 and 3.7, click 8.0.4 and 8.1.7) are taken
from ``--sdists`` where they are, else fetched there with ``pip download --no-deps
--no-binary :all:``, and unpacked side by side in a temporary folder. The truth: two
folders of the same project are a pair, of two projects none; recall is over the pairs
of top folders of one project (its releases and the copy).

Prints the pairs found, their precision and recall, and the time, beside two baselines
measured in the same run: ``simfind groups`` of the same trees (the search the folders
are paired from: what pairing them adds), and identical folders alone (every file at
the same place with the same bytes, as dupeGuru's folders mode and rmlint find them),
counted with hashlib, independently of simfind.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from itertools import combinations
from pathlib import Path

from simfind.core.folders.search import find_folder_pairs
from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions

RELEASES = {"six": ("1.15.0", "1.16.0"), "idna": ("3.4", "3.7"), "click": ("8.0.4", "8.1.7")}
COPY = "six-1.16.0 (copy)"


def sdists(folder: Path) -> list[Path]:
    """The release archives, fetched where missing."""
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for name, versions in RELEASES.items():
        for version in versions:
            archive = folder / f"{name}-{version}.tar.gz"
            if not archive.is_file():
                subprocess.run(
                    [
                        *(sys.executable, "-m", "pip", "download", "-q", "--no-deps"),
                        *("--no-binary", ":all:", f"{name}=={version}", "-d", str(folder)),
                    ],
                    check=True,
                )
            found.append(archive)
    return found


def lay_out(archives: list[Path], trees: Path) -> None:
    """Each release unpacked below ``trees``, and a copy of one with a few edits."""
    for archive in archives:
        with tarfile.open(archive) as tar:
            tar.extractall(trees, filter="data")
    copy = trees / COPY
    shutil.copytree(trees / "six-1.16.0", copy)
    readme = copy / "README.rst"
    readme.write_text(readme.read_text("utf-8") + "\nA note added to the copy.\n", "utf-8")
    source = copy / "six.py"
    source.write_text(source.read_text("utf-8").replace("PY2", "PY_TWO", 5), "utf-8")
    (copy / "CHANGES").unlink()
    shutil.copy2(trees / "idna-3.7" / "README.rst", copy / "idna-readme.rst")


def project(folder: Path, trees: Path) -> str:
    return folder.relative_to(trees).parts[0].split("-")[0]


def truth(trees: Path) -> set[frozenset[Path]]:
    tops = sorted(p for p in trees.iterdir() if p.is_dir())
    return {
        frozenset((a, b))
        for a, b in combinations(tops, 2)
        if project(a, trees) == project(b, trees)
    }


def identical_folders(trees: Path) -> set[frozenset[Path]]:
    """Folders whose files are all the same, at the same places: the highest of each
    lineage, by hashlib."""
    digest: dict[Path, str] = {}
    for root, _, names in sorted(os.walk(trees), key=lambda w: -len(Path(w[0]).parts)):
        folder = Path(root)
        lines = []
        for below, value in digest.items():
            if below.parent == folder:
                lines.append(f"d {below.name} {value}")
        for name in names:
            lines.append(f"f {name} {hashlib.sha256((folder / name).read_bytes()).hexdigest()}")
        digest[folder] = hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()
    by_digest: dict[str, list[Path]] = {}
    for folder, value in digest.items():
        if folder != trees:
            by_digest.setdefault(value, []).append(folder)
    pairs = {frozenset(p) for same in by_digest.values() for p in combinations(same, 2)}
    return {
        p
        for p in pairs
        if not any(q != p and all(any(f.is_relative_to(g) for g in q) for f in p) for q in pairs)
    }


def scores(found: set[frozenset[Path]], trees: Path) -> tuple[float, float]:
    true = sum(1 for p in found if len({project(f, trees) for f in p}) == 1)
    precision = true / len(found) if found else 1.0
    wanted = truth(trees)
    return precision, len(found & wanted) / len(wanted)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdists", type=Path, default=Path("/tmp/folders-sdists"))
    parser.add_argument("--work", type=Path, help="where to unpack (default: a temporary folder)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, alternating")
    args = parser.parse_args()
    archives = sdists(args.sdists)
    work = Path(tempfile.mkdtemp(prefix="bench-folders-")) if args.work is None else args.work
    trees = work / "trees"
    if trees.exists():
        shutil.rmtree(trees)
    trees.mkdir(parents=True)
    lay_out(archives, trees)
    files = sum(len(names) for _, _, names in os.walk(trees))
    size = sum((Path(r) / n).stat().st_size for r, _, ns in os.walk(trees) for n in ns)
    print(f"{files} files, {size / 1e6:.1f} MB in {len(list(trees.iterdir()))} release folders")
    options = ScanOptions(jobs=args.jobs)

    groups_times, folders_times = [], []
    for run in range(args.repeat):  # alternating which goes first: neither the warmer one
        for which in (0, 1) if run % 2 == 0 else (1, 0):
            started = time.perf_counter()
            if which == 0:
                groups = find_groups([trees], options, context=ScanContext())
                groups_times.append(time.perf_counter() - started)
            else:
                result = find_folder_pairs([trees], options, context=ScanContext())
                folders_times.append(time.perf_counter() - started)
    groups_time, folders_time = statistics.median(groups_times), statistics.median(folders_times)
    started = time.perf_counter()
    same = identical_folders(trees)
    same_time = time.perf_counter() - started

    found = {frozenset((p.a, p.b)) for g in result.groups for p in g.pairs}
    for group in result.groups:
        for pair in group.pairs:
            mark = "" if project(pair.a, trees) == project(pair.b, trees) else "  <- unrelated"
            a, b = pair.a.relative_to(trees), pair.b.relative_to(trees)
            print(f"  {100 * pair.share:5.1f}%  {a}  ~  {b}{mark}")
    precision, recall = scores(found, trees)
    base_precision, base_recall = scores(same, trees)
    print(f"truth: {len(truth(trees))} pairs of release folders of one project")
    print(
        f"simfind folders:    {len(found)} pairs, precision {precision:.2f}, recall "
        f"{recall:.2f}, {folders_time:.2f} s ({result.compared} pairs of folders compared)"
    )
    print(
        f"identical folders:  {len(same)} pairs, precision {base_precision:.2f}, recall "
        f"{base_recall:.2f}, {same_time:.2f} s (hashlib, the peers' folder mode)"
    )
    print(f"simfind groups:     {len(groups.groups)} groups of files, {groups_time:.2f} s")
    print(f"(times: medians of {args.repeat}, no cache, {args.jobs} job(s))")
    pairing = result.elapsed - result.search.elapsed
    print(f"pairing the folders (after the search): {pairing:.3f} s of the last run")
    if args.work is None:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Identical files of every kind: ``simfind groups DIR --identical`` beside jdupes and rmlint.

    python -m benchmarks.bench_identical [--files 20000] [--runs 5] [--baseline main]

Builds a mixed tree of real files from this Python's site-packages (every package
installed with simfind's development extras): the text of their sources and
documentation, their binaries (compiled libraries, images, translations, wheels and
archives), then plants what a cleaned-up folder has: copies of some of them under
other names (a "backup" and a "Downloads" folder; some files copied three times),
hard links, and empty files. No hidden file is copied: rmlint skips them, jdupes and
simfind (with --hidden) would not, and the tools are to look at the same files.

Then, in one run, alternately, with medians of ``--runs`` (wall and CPU, the child's
user + system):

* ``simfind groups TREE --identical`` with its cache warm (filled by a first run);
* ``simfind groups TREE --identical --no-cache``: no cache, every candidate read,
  as the other tools read them on every run;
* ``jdupes -r -q TREE`` (its default: a byte-by-byte check after the hashes match)
  and ``jdupes -r -q -Q TREE`` (hashes only, as simfind);
* ``rmlint -T df -L -o fdupes TREE`` (duplicate files only, hard links not
  duplicates);

the operating system's file cache warm for all (each tree read once before). It
prints each one's figures and the ratio of simfind's to the fastest other tool's.

Before timing, it checks that simfind finds the same sets of identical files as jdupes,
set by set: each set as the files (device, inode) it holds, since of a file with
several names each tool may print another name; and says where rmlint's sets differ
from jdupes' (its rules are its own). The rules, the same in simfind and jdupes: names
of one file (hard links) are one file, never duplicates of each other; empty files
are no duplicates; symbolic links are not followed (the tree has none).

Last, ``simfind groups TEXT`` (near-duplicates and identical files, the default) of a
tree of text files alone, with this checkout and with ``--baseline`` (a commit, main
by default), each with a warm cache: what looking for identical files costs a search
where nothing is binary.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from benchmarks import USER_ENVIRONMENT, compile_package
from benchmarks.bench_fingerprint import ROOT, extract_commit

#: What a file's name ends with to be counted as a binary (the rest: text, mostly).
BINARY_SUFFIXES = (".so", ".png", ".jpg", ".gif", ".qm", ".whl", ".zip", ".gz", ".pyd", ".dll")
#: A file larger than this is left out (the tree stays under a gigabyte).
LARGEST = 6 * 1024 * 1024

Run = tuple[float, float]  # (wall, CPU) seconds


def site_packages() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def _visible(path: Path, root: Path) -> bool:
    return not any(part.startswith(".") for part in path.relative_to(root).parts)


def _is_text(path: Path) -> bool:
    """No NUL byte in its first 8 KiB, and no binary's name."""
    if path.suffix in BINARY_SUFFIXES:
        return False
    with path.open("rb") as stream:
        return b"\x00" not in stream.read(8192)


def build_tree(target: Path, files: int, text_files: int) -> tuple[Path, Path]:
    """The mixed tree (about ``files`` files) and, beside it, a tree of some of its text
    alone (``text_files`` of them)."""
    source = site_packages()
    found = sorted(
        p
        for p in source.rglob("*")
        if p.is_file()
        and not p.is_symlink()
        and _visible(p, source)
        and p.suffix != ".pyc"
        and p.stat().st_size <= LARGEST
    )
    # About 8 % planted copies, 3 % hard links, 2 % empty files; the rest as found.
    planted, linked, empty = files * 8 // 100, files * 3 // 100, files * 2 // 100
    wanted = max(0, files - planted - linked - empty)
    taken = found[:: max(1, len(found) // max(1, wanted))][:wanted]
    tree, text_tree = target / "mixed", target / "texts"
    texts = 0
    for path in taken:
        shutil.copy2(path, _place(tree, path, source))
        if texts < text_files and _is_text(path):
            shutil.copy2(path, _place(text_tree, path, source))
            texts += 1
    copied = sorted(p for p in tree.rglob("*") if p.is_file())
    # Planted copies: into backup/, and every third three times into Downloads/.
    for number, path in enumerate(copied[:: max(1, len(copied) // max(1, planted))][:planted]):
        rel = path.relative_to(tree)
        if number % 3 == 0:
            for copy in range(3):
                _copy(path, tree / "Downloads" / f"{copy}" / rel.name)
        else:
            _copy(path, tree / "backup" / rel)
    # Hard links: of some files with a copy and some without.
    for path in copied[5 :: max(1, len(copied) // max(1, linked))][:linked]:
        link = tree / "linked" / path.relative_to(tree)
        link.parent.mkdir(parents=True, exist_ok=True)
        if not link.exists():
            os.link(path, link)
    for number in range(empty):
        (tree / "empty" / f"{number % 10}").mkdir(parents=True, exist_ok=True)
        (tree / "empty" / f"{number % 10}" / f"empty-{number}.txt").write_bytes(b"")
    return tree, text_tree


def plant_large(folder: Path, copies: int = 2) -> None:
    """The largest binaries of site-packages (those the mixed tree leaves out), each with
    ``copies`` copies, in a folder of their own: what a folder of videos and installers
    has."""
    source = site_packages()
    found = (p for p in source.rglob("*") if p.is_file() and not p.is_symlink())
    for path in sorted(p for p in found if p.stat().st_size > LARGEST):
        for copy in range(copies + 1):
            _copy(path, folder / f"{copy}" / path.name)


def _place(root: Path, path: Path, source: Path) -> Path:
    target = root / path.relative_to(source)
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def _copy(path: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.exists():
        shutil.copy2(path, target)


def timed(
    command: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> Run:
    """(wall, CPU) seconds of one run of ``command`` (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        command,
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def simfind_command(source: Path, *args: str) -> tuple[list[str], dict[str, str]]:
    env = dict(USER_ENVIRONMENT, PYTHONPATH=str(source))
    return [sys.executable, "-m", "simfind", *args], env


def inode_sets(paths: Iterable[Iterable[str]]) -> set[frozenset[tuple[int, int]]]:
    """Each set of paths as the files it holds (device, inode)."""
    found = set()
    for group in paths:
        files = set()
        for path in group:
            info = Path(path).stat()
            files.add((info.st_dev, info.st_ino))
        found.add(frozenset(files))
    return found


def simfind_sets(folders: Sequence[Path], cache: Path) -> set[frozenset[tuple[int, int]]]:
    places = [str(folder) for folder in folders]
    command, env = simfind_command(ROOT, "groups", *places, "--identical", "-q")
    env["SIMFIND_CACHE_DIR"] = str(cache)
    done = subprocess.run(
        [*command, "--format", "json"], env=env, capture_output=True, text=True, check=True
    )
    groups = json.loads(done.stdout)
    return inode_sets([m["path"] for m in g["members"]] for g in groups)


def fdupes_sets(output: str) -> set[frozenset[tuple[int, int]]]:
    """The sets of jdupes' (and rmlint's fdupes) output: paths, a blank line after each set."""
    groups, current = [], []
    for line in output.splitlines():
        if line.strip():
            current.append(line)
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return inode_sets(groups)


def tool_sets(command: Sequence[str]) -> set[frozenset[tuple[int, int]]]:
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return fdupes_sets(done.stdout)


def medians(runs: list[Run]) -> Run:
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def alternately(commands: dict[str, Callable[[], Run]], runs: int) -> dict[str, Run]:
    """Each command run ``runs`` times, in turn (one of each, then again), after one run
    each that is not counted; the medians."""
    for run in commands.values():
        run()
    times: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, run in commands.items():
            times[name].append(run())
    return {name: medians(found) for name, found in times.items()}


def report(title: str, figures: dict[str, Run], ours: str, others: Sequence[str]) -> None:
    print(title)
    for name, (wall, cpu) in figures.items():
        print(f"  {name:<58} {wall:7.3f} s wall  {cpu:7.3f} s CPU")
    if others:
        fastest = min(others, key=lambda name: figures[name][0])
        wall, cpu = figures[ours][0] / figures[fastest][0], figures[ours][1] / figures[fastest][1]
        print(f"  {ours} / {fastest} (the fastest other): {wall:.2f} wall, {cpu:.2f} CPU")


def identical_phase(folders: Sequence[Path], cache: Path, work: Path, runs: int, what: str) -> bool:
    """The check of the sets against jdupes' and rmlint's, then the timings, for
    ``folders``; whether simfind's sets are jdupes'."""
    files = [p for folder in folders for p in folder.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"{what}: {len(files):,} files, {size / 1e6:,.0f} MB")
    places = [str(folder) for folder in folders]
    # The same sets as jdupes', set by set (their names aside); rmlint's beside them.
    ours = simfind_sets(folders, cache)  # this run also fills the cache
    theirs = tool_sets(["jdupes", "-r", "-q", *places])
    rmlint = tool_sets(["rmlint", "-T", "df", "-L", "-o", "fdupes", *places])
    same = ours == theirs
    print(
        f"  sets of identical files: simfind {len(ours):,}, jdupes {len(theirs):,}, rmlint "
        f"{len(rmlint):,}; simfind and jdupes the same set by set: {same}"
    )
    if not same:
        print(f"    only simfind's: {len(ours - theirs)}, only jdupes': {len(theirs - ours)}")
    if rmlint != theirs:
        print(
            f"    rmlint's rules differ: {len(rmlint - theirs)} sets only rmlint's, "
            f"{len(theirs - rmlint)} only jdupes'"
        )
    for path in files:  # the file cache warm for every tool
        path.read_bytes()

    def simfind(*extra: str) -> Callable[[], Run]:
        command, env = simfind_command(ROOT, "groups", *places, "-q", "--format", "csv")
        env["SIMFIND_CACHE_DIR"] = str(cache)
        return lambda: timed([*command, "--identical", *extra], env, cwd=work)

    warm, cold = "simfind groups --identical (its cache warm)", "simfind ... --no-cache"
    figures = alternately(
        {
            warm: simfind(),
            cold: simfind("--no-cache"),
            "jdupes -r -q (byte-by-byte check)": lambda: timed(["jdupes", "-r", "-q", *places]),
            "jdupes -r -q -Q (hashes only)": lambda: timed(["jdupes", "-r", "-q", "-Q", *places]),
            "rmlint -T df -L -o fdupes": lambda: timed(
                ["rmlint", "-T", "df", "-L", "-o", "fdupes", *places], cwd=work
            ),
        },
        runs,
    )
    tools = [name for name in figures if not name.startswith("simfind")]
    report(f"  medians of {runs}:", figures, warm, tools)
    fastest = min(tools, key=lambda name: figures[name][0])
    wall, cpu = (figures[cold][i] / figures[fastest][i] for i in (0, 1))
    print(f"  {cold} / {fastest}: {wall:.2f} wall, {cpu:.2f} CPU")
    return same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20_000, help="files in the mixed tree")
    parser.add_argument(
        "--text-files", type=int, default=3_000, help="files in the tree of text alone"
    )
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command")
    parser.add_argument("--baseline", default="main", help="the commit to compare text with")
    parser.add_argument("--keep", type=Path, help="build the trees here and keep them")
    args = parser.parse_args()
    missing = [tool for tool in ("jdupes", "rmlint") if shutil.which(tool) is None]
    if missing:
        print(f"needs {' and '.join(missing)}: apt-get install jdupes rmlint", file=sys.stderr)
        return 2
    work = args.keep or Path(tempfile.mkdtemp(prefix="bench-identical-"))
    try:
        return _bench(work, args)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)


def _bench(work: Path, args: argparse.Namespace) -> int:
    tree, text_tree = work / "mixed", work / "texts"
    if not tree.exists():
        started = time.perf_counter()
        tree, text_tree = build_tree(work, args.files, args.text_files)
        print(f"built the trees in {time.perf_counter() - started:.1f} s")
    files = [p for p in tree.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    binary = sum(1 for p in files if p.suffix in BINARY_SUFFIXES)
    print(
        f"mixed tree: {len(files):,} files ({binary:,} binaries), {size / 1e6:,.0f} MB; "
        f"text tree: {sum(1 for p in text_tree.rglob('*') if p.is_file()):,} files"
    )
    compile_package(ROOT)
    cache = work / "cache"
    same = identical_phase([tree], cache, work, args.runs, "the mixed tree")
    large = work / "large"
    plant_large(large)
    same &= identical_phase(
        [tree, large], cache, work, args.runs, "the mixed tree and large files, each twice copied"
    )
    baseline = extract_commit(args.baseline, work / "baseline")

    def groups(source: Path) -> Callable[[], Run]:
        command, env = simfind_command(source, "groups", str(text_tree), "-q", "--format", "csv")
        env["SIMFIND_CACHE_DIR"] = str(work / ("cache" if source == ROOT else "cache-baseline"))
        return lambda: timed(command, env, cwd=work)

    texts = alternately(
        {
            "simfind groups TEXT (this checkout)": groups(ROOT),
            f"simfind groups TEXT ({args.baseline})": groups(baseline),
        },
        args.runs,
    )
    report(
        f"a tree of text alone, near-duplicates and identical files, warm caches, medians of "
        f"{args.runs}:",
        texts,
        "simfind groups TEXT (this checkout)",
        [f"simfind groups TEXT ({args.baseline})"],
    )
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())

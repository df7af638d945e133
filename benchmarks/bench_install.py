"""What `pip install .` puts on a disk: its installed size and how many distributions.

    python -m benchmarks.bench_install [--baseline REV] [--extras large-folders]

Each checkout (this one, and commit REV's beside it, in the same run) is installed
with `pip install DIR` into a fresh virtual environment, as a user would install it;
then each installed distribution's files (its RECORD) are measured. Printed: the
total, the number of distributions beside simfind (pip, and setuptools up to Python
3.11, which a fresh venv has, left out of both), and the largest ones. Needs the
network or a pip index (pip's cache helps the second run).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Run by the fresh environment's Python: each distribution's name and bytes on disk.
MEASURE = """
import importlib.metadata as m, json, os
rows = []
for dist in m.distributions():
    size = 0
    for file in dist.files or []:
        path = dist.locate_file(file)
        if os.path.isfile(path):
            size += os.path.getsize(path)
    rows.append((dist.metadata["Name"], dist.version, size))
print(json.dumps(rows))
"""
#: In every fresh environment, not installed by simfind (setuptools up to Python 3.11).
OWN = {"pip", "setuptools"}
MB = 1_000_000


def install(source: Path, where: Path, extras: str) -> list[tuple[str, str, int]]:
    """(name, version, bytes) of every distribution `pip install source` left in ``where``."""
    venv.create(where, with_pip=True)
    python = where / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    target = f"{source}[{extras}]" if extras else str(source)
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", target],
        check=True,
    )
    done = subprocess.run([str(python), "-c", MEASURE], check=True, capture_output=True, text=True)
    return [(name, version, size) for name, version, size in json.loads(done.stdout)]


def checkout(rev: str, where: Path) -> Path:
    """Commit ``rev``'s files, as `git archive` gives them."""
    where.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=archive, check=True)
    return where


def report(label: str, rows: list[tuple[str, str, int]], largest: int) -> tuple[int, int]:
    kept = [row for row in rows if row[0].lower() not in OWN]
    total = sum(size for _, _, size in kept)
    others = [row for row in kept if row[0].lower() != "simfind"]
    print(f"{label}: {total / MB:.0f} MB installed, simfind and {len(others)} distributions")
    for name, version, size in sorted(kept, key=lambda row: -row[2])[:largest]:
        print(f"    {size / MB:7.1f} MB  {name} {version}")
    return total, len(others)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="a commit to measure beside this checkout")
    parser.add_argument("--extras", default="", help="extras to install, as pip names them")
    parser.add_argument("--largest", type=int, default=8, help="distributions listed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-install-") as scratch:
        base = Path(scratch)
        figures = {}
        sources = [("this checkout", ROOT)]
        if args.baseline:
            sources.append((args.baseline, checkout(args.baseline, base / "baseline")))
        for number, (label, source) in enumerate(sources):
            rows = install(source, base / f"venv{number}", args.extras)
            figures[label] = report(label, rows, args.largest)
        if args.baseline:
            (size, count), (old_size, old_count) = figures.values()
            print(
                f"this checkout / {args.baseline}: {size / old_size:.2f} of the size, "
                f"{count - old_count:+d} distributions"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""bench_stress's hostile kind: names, dates and depths no folder should have, and standard
input closed, each trial a fresh folder and a real `simfind` process.

Each trial builds a folder of near-duplicates in English and Chinese, then makes some of
it hostile at random: names that are not UTF-8, that hold a newline, a tab, a
bidirectional override or an emoji, that start like an option or a formula, of 255
bytes; modification times past 2262 (int64 nanoseconds), past 9999, before 1901 and
before 1970 (each only where the file system keeps it: ext4 to 2446, a tmpfs under
/dev/shm any year); a chain of folders 400 to 1,500 deep with files along it, and at
times one past the longest path the system takes (its folder is skipped, with its
reason). It runs one of `scan`, `groups`, `versions` and `groups --records lines`, with
the cache or without, and checks: exit 0, no traceback, JSON that parses, and for a scan
a row for every text file that can be reached (hostile ones included) and a skip line
for a folder past the longest path; a few trials instead run `scan -` with standard
input closed and check exit 2 and one line.
"""

from __future__ import annotations

import collections
import json
import os
import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Protocol

from tests.core.base.test_deep_folders import nest, unnest
from tests.core.cache.test_file_times import keeps_time, utc_ns
from tests.texts import EN_DOCS, ZH_DOCS


class Stress(Protocol):
    """What a hostile trial takes of bench_stress's run (its Stress), named here so that
    this module need not import the one that imports it."""

    work: Path
    jobs: int
    outcomes: collections.Counter[str]

    def command(self, *args: str) -> list[str]: ...

    def fail(self, kind: str, why: str) -> None: ...


KIND = "hostile"
#: Names a user's folder may hold (os.fsdecode turns bytes that are not UTF-8 into escapes).
NAMES = [
    os.fsdecode(b"caf\xe9 latin-1.txt"),
    os.fsdecode(b"\xff\xfe not utf-8.txt"),
    "line\nbreak.txt",
    "tab\tin name.txt",
    "contract_\u202etxt.exe.txt",
    "emoji 😀 名字.txt",
    "-starts-like-an-option.txt",
    "=SUM(A1) formula.txt",
    "x" * 251 + ".txt",  # 255 bytes: ext4's longest name
]


#: Modification times no calendar routine should stop on.
TIMES = [
    utc_ns("2293-06-15T12:00:00") + 7,  # past int64 nanoseconds
    utc_ns("2446-01-01T00:00:00"),  # ext4's last year
    utc_ns("10001-06-15T12:00:00"),  # past datetime's 9999
    utc_ns("1650-06-15T12:00:00"),  # before ext4's 1901
    utc_ns("1960-06-15T12:00:00") + 123,  # before 1970
    (2**62) * 1_000_000_000,  # a year in the hundreds of billions
]
#: Folders nested this deep or more pass Linux's longest path (4,096 bytes of "d/").
PAST_LONGEST = 2100


def _place(work: Path) -> Path:
    """Where the trial's folder goes: a tmpfs that keeps every time, if there is one."""
    shared = Path("/dev/shm")
    if shared.is_dir() and os.access(shared, os.W_OK):
        where = Path(tempfile.mkdtemp(prefix="simfind-hostile-", dir=shared))
        if all(keeps_time(where, ns) for ns in TIMES):
            return where
        shutil.rmtree(where)
    where = work / "hostile"
    where.mkdir(exist_ok=True)
    return Path(tempfile.mkdtemp(dir=where))


def _text(rng: random.Random, index: int) -> str:
    base = (EN_DOCS + ZH_DOCS)[index % (len(EN_DOCS) + len(ZH_DOCS))]
    words = base.split() if base.isascii() else list(base)
    for _ in range(rng.randrange(0, 6)):
        words[rng.randrange(len(words))] = rng.choice(("river", "paper", "山", "水"))
    return (" " if base.isascii() else "").join(words) + f"\n{index}\n"


def build(root: Path, rng: random.Random) -> tuple[Path, int, bool]:
    """(folder, text files reachable, whether one folder lies past the longest path)."""
    folder = root / "folder"
    folder.mkdir()
    count = 0
    for index in range(rng.randint(4, 10)):
        (folder / f"plain{index}.txt").write_text(_text(rng, index), encoding="utf-8")
        count += 1
    for index, name in enumerate(rng.sample(NAMES, rng.randint(2, len(NAMES)))):
        (folder / name).write_text(_text(rng, index + 3), encoding="utf-8")
        count += 1
    kept = [ns for ns in TIMES if keeps_time(folder, ns)]
    files = sorted(folder.iterdir())
    for path in rng.sample(files, min(len(files), rng.randint(1, len(kept) or 1))):
        if kept:
            ns = rng.choice(kept)
            os.utime(path, ns=(ns, ns))
    depth = rng.randint(400, 1500)
    along = {level: _text(rng, level) for level in rng.sample(range(depth), 3)}
    nest(folder / "deep", depth, along)
    count += len(along)
    past = rng.random() < 0.25
    if past:  # files on the way that can be read, then a folder that cannot be reached
        nest(folder / "deeper", PAST_LONGEST, {10: _text(rng, 1), PAST_LONGEST - 1: "lost"})
        count += 1
    reference = folder / "plain0.txt"
    if rng.random() < 0.5 and kept:
        os.utime(reference, ns=(kept[0], kept[0]))
    return folder, count, past


def _remove(root: Path) -> None:
    for deep in ("deep", "deeper"):
        if (root / "folder" / deep).exists():
            unnest(root / "folder" / deep)
    shutil.rmtree(root, ignore_errors=True)


def hostile(stress: Stress, rng: random.Random) -> None:
    """One trial: a fresh hostile folder and one command on it."""
    root = _place(stress.work)
    try:
        folder, count, past = build(root, rng)
        if rng.random() < 0.15:
            _closed_stdin(stress, folder)
            return
        which = rng.choice(("scan", "groups", "versions", "records"))
        cached = rng.random() < 0.6
        stress.outcomes[f"{KIND}: {which}{'' if cached else ' --no-cache'}"] += 1
        args = {
            "scan": ["scan", str(folder / "plain0.txt"), str(folder)],
            "groups": ["groups", str(folder)],
            "versions": ["versions", str(folder)],
            "records": ["groups", str(folder), "--records", "lines"],
        }[which]
        args += ["--format", "json", "--jobs", str(stress.jobs)]
        args += [] if cached else ["--no-cache"]
        env = dict(os.environ, SIMFIND_CACHE_DIR=str(stress.work / "hostile-cache"))
        done = subprocess.run(
            stress.command(*args), capture_output=True, text=True, env=env, timeout=600
        )
        label = (
            f"{which} ({count} text files{', one folder past the longest path' if past else ''})"
        )
        if done.returncode != 0 or "Traceback" in done.stderr:
            stress.fail(KIND, f"{label}: exit {done.returncode}: {done.stderr.strip()[-600:]}")
            return
        try:
            found = json.loads(done.stdout)
        except ValueError as exc:
            stress.fail(KIND, f"{label}: output not JSON ({exc}): {done.stdout[:200]!r}")
            return
        if which == "scan" and len(found) != count:
            stress.fail(KIND, f"{label}: {len(found)} rows, not {count}")
        if past and "File name too long" not in done.stderr:
            stress.fail(KIND, f"{label}: no skip line for the folder past the longest path")
    finally:
        _remove(root)


def _closed_stdin(stress: Stress, folder: Path) -> None:
    stress.outcomes[f"{KIND}: scan - with standard input closed"] += 1
    done = subprocess.run(
        stress.command("scan", "-", str(folder), "--no-cache"),
        capture_output=True,
        text=True,
        timeout=600,
        preexec_fn=lambda: os.close(0),
    )
    lines = done.stderr.splitlines()
    if done.returncode != 2 or len(lines) != 1 or "standard input" not in lines[0]:
        stress.fail(KIND, f"scan - <&-: exit {done.returncode}: {done.stderr.strip()[-600:]}")

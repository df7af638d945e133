"""Stress: concurrent scans, signals at random moments, a full disk, a damaged cache.

    python -m benchmarks.bench_stress [--trials 150] [--minutes M] [--seed 1]
        [--only concurrent|kill|"damaged cache"|"full disk"|races|hostile]
        [--command scan|groups|records]
    python -m benchmarks.bench_stress --big-file 5
    python -m benchmarks.bench_stress --first-use 40

Runs real `simfind scan` processes (``python -m simfind``; with --command, `simfind
groups FOLDER` or `simfind groups FOLDER --records lines` instead) on one generated
folder (150 text files in English and Chinese, near-duplicates of the reference
among them, a 3 MB Chinese file that keeps a worker busy, a few binary files, and
files of hostile names: a byte that is not UTF-8 beside its spelling \\xff, a
bidirectional override, control characters, a formula),
trial after trial, each of one kind chosen at random:

* concurrent: 3-6 scans at once sharing one cache (emptied first in a third of
  the trials, so that they also create it together);
* kill: 1-3 scans sharing the cache, one of them sent SIGINT (to its process
  group, as a terminal's Ctrl+C), SIGTERM or SIGKILL at a random moment;
* full disk: a scan whose cache folder is on a small tmpfs filled to a few KB
  (root only; left out, and said so, where it cannot be mounted);
* damaged cache: a scan on a copy of the shared cache with a page overwritten,
  the file cut short, its header overwritten or a row made nonsense; then
  `cache clear` and `cache info`;
* hostile: a fresh folder of hostile names, dates and depths, and one command on it
  (stress_hostile.py says which and what it checks).

``--only races`` runs instead the clean-up's races with another program's saves
(stress_races.py: Replace by Hard Links, Move to Folder on one and across file
systems, undo, trash, each while a writer process saves the files), --trials of them;
a failure there is a version lost.

A failure is any of: a traceback on stderr; a wrong exit status (0 for a scan
that ran to its end; 130, 143 or -9 for one that a signal stopped); a scan that
ran to its end without the rows of the baseline (a --no-cache scan at the start), or with a
path that, read back (paths.path_from_fields), names no file;
the scanned folder written to; a process left in a stopped scan's session two
seconds after it ended (a worker or the resource tracker); the shared cache set
aside (a healthy cache is never damaged by a kill or by concurrency); after a
damaged cache, a scan that did not go on or a `cache clear` that failed or left
a set-aside copy. Prints each failure as it happens, then the trials and
failures by kind, and the latency from SIGINT/SIGTERM to the end of the process
(median, 95th percentile, worst; target 0.5 s; the machine is shared, so these
are noisy).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.stress_hostile import hostile
from simfind.core.base.paths import path_from_fields
from simfind.core.cache.files import FILE_NAME, set_aside_files
from tests.texts import EN_DOCS, ZH_DOCS

FILES = 150
#: Names an output must write so that they read back as themselves (paths.path_fields): a
#: byte that is not UTF-8 beside the four characters that spell it, a bidirectional
#: override, control characters, a name a spreadsheet would run as a formula.
HOSTILE_NAMES = (
    os.fsdecode(b"caf\xff.txt"),
    "caf\\xff.txt",
    "contract_\u202etxt.exe.txt",
    "evil\x1b]0;owned\x07.txt",
    "=SUM(A1).txt",
)
BIG_CHINESE_BYTES = 3 * 1024 * 1024
#: How long a stopped scan's workers and resource tracker may take to go.
ORPHAN_GRACE = 2.0
#: A scan that runs longer than this has hung.
HANG = 300.0
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)
EXPECTED_STATUS = {signal.SIGINT: 130, signal.SIGTERM: 128 + signal.SIGTERM, signal.SIGKILL: -9}


def _variant(text: str, rng: random.Random, changes: int) -> str:
    """The text with a few of its characters (Chinese) or words (English) changed."""
    if text.isascii():
        words = text.split()
        for _ in range(changes):
            words[rng.randrange(len(words))] = rng.choice(("river", "quiet", "paper", "north"))
        return " ".join(words)
    chars = list(text)
    for _ in range(changes):
        chars[rng.randrange(len(chars))] = rng.choice("山水风云日月")
    return "".join(chars)


def make_folder(root: Path, rng: random.Random) -> tuple[Path, Path]:
    """(reference, folder): the folder to scan and a reference outside it."""
    folder = root / "folder"
    (folder / "sub").mkdir(parents=True)
    texts = EN_DOCS + ZH_DOCS
    for index in range(FILES):
        base = texts[index % len(texts)]
        where = folder / "sub" if index % 4 == 0 else folder
        body = _variant(base, rng, rng.randrange(0, 12)) + f"\n{index}\n"
        (where / f"note{index:03}.txt").write_text(body, encoding="utf-8")
    for index in range(4):
        (folder / f"blob{index}.bin").write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    for index, name in enumerate(HOSTILE_NAMES):
        body = _variant(EN_DOCS[0], rng, rng.randrange(0, 4)) + f"\nhostile {index}\n"
        (folder / name).write_text(body, encoding="utf-8")
    big = "\n".join(_variant(ZH_DOCS[i % len(ZH_DOCS)], rng, 3) for i in range(12000))
    (folder / "长文.txt").write_text(big[: BIG_CHINESE_BYTES // 3], encoding="utf-8")
    reference = root / "reference.txt"
    reference.write_text(_variant(EN_DOCS[0], rng, 2), encoding="utf-8")
    return reference, folder


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every name below the folder with its size and modification time."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        found[str(path.relative_to(folder))] = (info.st_size, info.st_mtime_ns)
    return found


def session_members(sid: int) -> set[int]:
    """Live processes of a session (a stopped scan's workers and resource tracker)."""
    members = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        state, session = fields[0], int(fields[3])
        if session == sid and state != "Z":
            members.add(int(entry.name))
    return members


@dataclass
class Scan:
    process: subprocess.Popen[str]
    started: float
    signalled: float | None = None
    signal: signal.Signals | None = None
    out: str = ""
    err: str = ""
    ended: float = 0.0


#: What each kind of command is asked (the reference and folder are added).
COMMANDS = ("scan", "groups", "records")
Row = tuple[str, int, int, float | None]


@dataclass
class Stress:
    reference: Path
    folder: Path
    work: Path
    jobs: int
    which: str = "scan"
    expected: list[Row] = field(default_factory=list)
    trials: collections.Counter[str] = field(default_factory=collections.Counter)
    failures: collections.Counter[str] = field(default_factory=collections.Counter)
    reasons: list[str] = field(default_factory=list)
    latency: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    outcomes: collections.Counter[str] = field(default_factory=collections.Counter)
    baseline_seconds: float = 0.0
    full_disk: Path | None = None

    @property
    def shared_cache(self) -> Path:
        return self.work / "cache"

    def command(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "simfind", *args]

    def start(self, cache: Path, *extra: str, jobs: int | None = None) -> Scan:
        if self.which == "scan":
            args = ["scan", str(self.reference), str(self.folder)]
        else:
            args = ["groups", str(self.folder)]
            args += ["--records", "lines"] if self.which == "records" else []
        args += ["--format", "json", "-q", "--jobs", str(jobs or self.jobs), *extra]
        process = subprocess.Popen(
            self.command(*args),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, SIMFIND_CACHE_DIR=str(cache)),
            start_new_session=True,  # its own session and group, as a terminal's job
        )
        return Scan(process, time.monotonic())

    def finish(self, scan: Scan) -> None:
        try:
            scan.out, scan.err = scan.process.communicate(timeout=HANG)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(scan.process.pid, signal.SIGKILL)
            scan.out, scan.err = scan.process.communicate()
            scan.err += "\n(hung: killed)"
        scan.ended = time.monotonic()

    @staticmethod
    def rows(out: str) -> list[Row]:
        """(path, line, distance, similarity) of each row: a scan's files, or the members
        of each group (line 0 for a file)."""
        found: list[Row] = []
        for item in json.loads(out):
            for row in item.get("members", [item]):
                path = os.fspath(path_from_fields(row))  # the file itself, whatever its name
                found.append((path, row.get("line", 0), row["distance"], row["similarity"]))
        return sorted(found)

    # -- the checks ------------------------------------------------------------------
    def fail(self, kind: str, why: str) -> None:
        self.failures[kind] += 1
        line = f"FAIL [{kind} #{self.trials[kind]}] {why}"
        self.reasons.append(line)
        print(line, flush=True)

    def check_complete(self, kind: str, scan: Scan, label: str = "scan") -> bool:
        """A scan that ran to its end: status 0, no traceback, the baseline's rows."""
        ok = True
        if "Traceback" in scan.err or scan.process.returncode not in (0,):
            self.fail(kind, f"{label}: exit {scan.process.returncode}: {scan.err.strip()[-600:]}")
            return False
        try:
            rows = self.rows(scan.out)
        except (ValueError, KeyError) as exc:
            self.fail(kind, f"{label}: output not JSON rows ({exc}): {scan.out[:200]!r}")
            return False
        named = {path for path, *_ in rows}
        if any(not Path(path).is_file() for path in named):
            self.fail(kind, f"{label}: a path read back names no file")
            ok = False
        if rows != self.expected:
            missing = set(self.expected) - set(rows)
            extra = set(rows) - set(self.expected)
            self.fail(kind, f"{label}: rows differ: {len(missing)} missing, {len(extra)} extra")
            ok = False
        return ok

    def check_no_orphans(self, kind: str, scan: Scan) -> None:
        deadline = scan.ended + ORPHAN_GRACE
        left = session_members(scan.process.pid)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = session_members(scan.process.pid)
        if left:
            names = []
            for pid in left:
                with contextlib.suppress(OSError):
                    names.append(
                        Path(f"/proc/{pid}/cmdline").read_bytes()[:80].decode(errors="replace")
                    )
            self.fail(kind, f"{len(left)} process(es) left after the scan ended: {names}")
            with contextlib.suppress(ProcessLookupError):
                os.killpg(scan.process.pid, signal.SIGKILL)

    def check_folder_and_cache(self, kind: str, before: dict[str, tuple[int, int]]) -> None:
        if snapshot(self.folder) != before:
            self.fail(kind, "the scanned folder was written to")
        aside = set_aside_files(self.shared_cache) if self.shared_cache.exists() else []
        if aside:
            self.fail(kind, f"the shared cache was set aside: {[p.name for p in aside]}")
            for path in aside:
                path.unlink()

    # -- the trials ------------------------------------------------------------------
    def concurrent(self, rng: random.Random) -> None:
        kind = "concurrent"
        if rng.random() < 1 / 3:
            shutil.rmtree(self.shared_cache, ignore_errors=True)
        scans = [
            self.start(self.shared_cache, jobs=rng.choice((1, self.jobs)))
            for _ in range(rng.randint(3, 6))
        ]
        for scan in scans:
            self.finish(scan)
        for index, scan in enumerate(scans):
            self.check_complete(kind, scan, f"scan {index + 1} of {len(scans)}")
            self.check_no_orphans(kind, scan)
            self.outcomes[f"{kind}: exit {scan.process.returncode}"] += 1

    def kill(self, rng: random.Random) -> None:
        kind = "kill"
        scans = [self.start(self.shared_cache) for _ in range(rng.randint(1, 3))]
        victim = scans[0]
        sig = rng.choice(SIGNALS)
        delay = rng.uniform(0.0, 1.2 * self.baseline_seconds)
        while time.monotonic() < victim.started + delay and victim.process.poll() is None:
            time.sleep(0.005)
        victim.signal = sig
        victim.signalled = time.monotonic()
        with contextlib.suppress(ProcessLookupError):
            if sig is signal.SIGINT:
                os.killpg(victim.process.pid, sig)  # the terminal sends it to the whole group
            else:
                os.kill(victim.process.pid, sig)  # `kill PID`
        victim.process.wait(timeout=HANG)
        victim.ended = time.monotonic()
        victim.out, victim.err = victim.process.communicate()
        status = victim.process.returncode
        name = signal.Signals(sig).name
        if status == 0:  # it had already finished, or finished its output as told to stop
            self.outcomes[f"{kind} {name}: finished first"] += 1
            self.check_complete(kind, victim, f"{name} victim (finished)")
        elif status == -sig and sig is not signal.SIGKILL and not victim.err:
            # Ended by the signal itself, silently: it came before the interpreter had put
            # its handlers in place, or after it had taken them down. A shell says 128+N
            # for both; nothing a program can do before its first line runs.
            after = victim.signalled - victim.started
            self.outcomes[f"{kind} {name}: ended by the signal itself"] += 1
            print(f"note: {name} {after:.2f} s after the start ended the process by itself")
        else:
            self.outcomes[f"{kind} {name}: stopped"] += 1
            if status != EXPECTED_STATUS[sig]:
                after = victim.signalled - victim.started
                self.fail(
                    kind,
                    f"{name} {after:.2f} s after the start: exit {status}: "
                    f"{victim.err.strip()[-600:]}",
                )
            elif "Traceback" in victim.err:
                self.fail(kind, f"{name} victim: traceback: {victim.err.strip()[-600:]}")
            if sig is not signal.SIGKILL:
                self.latency[name].append(victim.ended - victim.signalled)
        self.check_no_orphans(kind, victim)
        for index, scan in enumerate(scans[1:]):
            self.finish(scan)
            self.check_complete(kind, scan, f"bystander {index + 1}")
            self.check_no_orphans(kind, scan)

    def disk_full(self, rng: random.Random) -> None:
        kind = "full disk"
        assert self.full_disk is not None
        for path in self.full_disk.iterdir():
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
        cache = self.full_disk / "cache"
        cache.mkdir()
        if rng.random() < 0.5:  # a cache that was written before the disk filled up
            seeded = self.start(cache)
            self.finish(seeded)
            self.check_complete(kind, seeded, "the scan before the disk filled")
        _fill(self.full_disk, leave=rng.randrange(0, 64 * 1024))
        for label in ("scan on a full disk", "the next scan"):
            scan = self.start(cache)
            self.finish(scan)
            self.check_complete(kind, scan, label)
            self.check_no_orphans(kind, scan)
        aside = set_aside_files(cache)
        if aside:
            self.fail(kind, f"a full disk set the cache aside: {[p.name for p in aside]}")

    def damaged(self, rng: random.Random) -> None:
        kind = "damaged cache"
        cache = self.work / "damaged"
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir()
        seeded = self.start(cache, jobs=1)
        self.finish(seeded)
        self.check_complete(kind, seeded, "the scan that fills the cache")
        how = rng.choice(("page", "truncated", "header", "row"))
        _damage(cache / FILE_NAME, how, rng)
        self.outcomes[f"{kind}: {how}"] += 1
        scan = self.start(cache)
        self.finish(scan)
        self.check_complete(kind, scan, f"scan on a cache damaged ({how})")
        self.check_no_orphans(kind, scan)
        env = dict(os.environ, SIMFIND_CACHE_DIR=str(cache))
        for action in ("info", "clear", "info"):
            done = subprocess.run(
                self.command("cache", action), capture_output=True, text=True, env=env, check=False
            )
            if done.returncode != 0 or "Traceback" in done.stderr:
                self.fail(kind, f"cache {action}: exit {done.returncode}: {done.stderr[-400:]}")
            if action == "clear" and (set_aside_files(cache) or (cache / FILE_NAME).exists()):
                self.fail(kind, "cache clear left files behind")


def _fill(folder: Path, leave: int) -> None:
    """Write into ``folder`` until its filesystem has only about ``leave`` bytes left."""
    headroom = folder / "headroom"
    headroom.write_bytes(bytes(leave))
    with contextlib.suppress(OSError), (folder / "filler").open("ab", buffering=0) as handle:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    handle.write(bytes(size))
    headroom.unlink()


def _damage(path: Path, how: str, rng: random.Random) -> None:
    """Damage a closed cache file in one of several ways."""
    if how == "row":
        db = sqlite3.connect(path)
        db.execute(
            "UPDATE fingerprints SET fingerprint = 'not hex' "
            "WHERE path = (SELECT path FROM fingerprints WHERE fingerprint IS NOT NULL LIMIT 1)"
        )
        db.commit()
        db.close()
        return
    size = path.stat().st_size
    with path.open("r+b") as handle:
        if how == "truncated":
            handle.truncate(rng.randrange(100, max(101, size // 2)))
        elif how == "header":
            handle.write(bytes(rng.randrange(256) for _ in range(100)))
        else:  # a page in the middle overwritten (not the first, which holds the schema)
            page = 4096
            pages = max(2, size // page)
            handle.seek(page * rng.randrange(1, pages))
            handle.write(bytes(rng.randrange(256) for _ in range(page)))


def _mount_small(where: Path) -> bool:
    where.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        return False
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)],
        capture_output=True,
        check=False,
    )
    return done.returncode == 0


FIRST_USE = """
import sys, time
from pathlib import Path
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.base.paths import FileVersion
from simfind.core.cache.outcomes import CachedOutcome
folder, start, index = Path(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
time.sleep(max(0.0, start - time.time()))
with FingerprintCache(folder) as cache:
    cache.store("s", [(f"/f{index}", CachedOutcome(FileVersion(1, 2), 255, "ascii"))])
    print(" ".join(w.problem.value for w in cache.warnings) or "ok", flush=True)
"""


def first_use(trials: int, processes: int) -> None:
    """``processes`` processes open one empty cache at the same moment, ``trials`` times:
    how often a healthy cache was set aside, and the warnings they gave."""
    aside, said = 0, collections.Counter[str]()
    with tempfile.TemporaryDirectory(prefix="simfind-first-use-") as scratch:
        for trial in range(trials):
            folder = Path(scratch) / f"cache{trial}"
            start = time.time() + 1.5  # every process imported and waiting by then
            started = [
                subprocess.Popen(
                    [sys.executable, "-c", FIRST_USE, str(folder), str(start), str(index)],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT,
                    text=True,
                )
                for index in range(processes)
            ]
            for process in started:
                out, _ = process.communicate()
                said[out.strip().splitlines()[-1] if out.strip() else "?"] += 1
            aside += bool(set_aside_files(folder))
    print(
        f"first use: {processes} processes opening one empty cache at once, {trials} trials: "
        f"set aside in {aside}; what they said: {dict(said)}",
        flush=True,
    )


def big_file_ctrl_c(repeats: int, rng: random.Random) -> None:
    """Ctrl+C while a 60 MB Chinese file is being read and cut into words: the latency
    from SIGINT (to the process group) to the end of `simfind scan`, by --jobs."""
    with tempfile.TemporaryDirectory(prefix="simfind-big-") as scratch:
        folder = Path(scratch) / "folder"
        folder.mkdir()
        piece = "\n".join(ZH_DOCS) + "\n"
        copies = 60 * 1024 * 1024 // len(piece.encode("utf-8")) + 1
        (folder / "长文.txt").write_text(piece * copies, encoding="utf-8")
        (folder / "short.txt").write_text(ZH_DOCS[1], encoding="utf-8")
        reference = Path(scratch) / "reference.txt"
        reference.write_text(ZH_DOCS[0], encoding="utf-8")
        command = [sys.executable, "-m", "simfind", "scan", str(reference), str(folder)]
        command += ["--no-cache", "-q", "--format", "json"]
        for jobs in (2, 1):
            delays, statuses, tracebacks = [], collections.Counter[int](), 0
            for _ in range(repeats):
                process = subprocess.Popen(
                    [*command, "--jobs", str(jobs)],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                    start_new_session=True,
                )
                time.sleep(rng.uniform(1.5, 6.0))  # start-up, reading, decoding, cutting
                sent = time.monotonic()
                os.killpg(process.pid, signal.SIGINT)
                process.wait()
                delays.append(time.monotonic() - sent)
                _, err = process.communicate()
                statuses[process.returncode] += 1
                tracebacks += "Traceback" in err
            delays.sort()
            print(
                f"60 MB Chinese file, --jobs {jobs}: Ctrl+C to exit median "
                f"{statistics.median(delays):.2f} s, worst {delays[-1]:.2f} s over {repeats}; "
                f"exit statuses {dict(statuses)}; {tracebacks} tracebacks",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=150)
    parser.add_argument("--minutes", type=float, help="stop starting trials after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="workers per scan (default 2)")
    parser.add_argument(
        "--only", action="append", metavar="KIND", help="only these kinds of trial (repeatable)"
    )
    parser.add_argument(
        "--command",
        choices=COMMANDS,
        default="scan",
        help="what each trial runs: scan (default), groups, or groups --records lines",
    )
    parser.add_argument(
        "--big-file",
        type=int,
        metavar="N",
        help="instead: N Ctrl+C's while a 60 MB Chinese file is cut into words, per --jobs",
    )
    parser.add_argument(
        "--first-use",
        type=int,
        metavar="N",
        help="instead: N trials of 8 processes opening one empty cache at once",
    )
    args = parser.parse_args(argv)
    if args.only == ["races"]:
        from benchmarks import stress_races

        return stress_races.main(["--trials", str(args.trials), "--seed", str(args.seed)])
    rng = random.Random(args.seed)
    if args.first_use:
        first_use(args.first_use, 8)
        return 0
    if args.big_file:
        big_file_ctrl_c(args.big_file, rng)
        return 0
    root = Path(tempfile.mkdtemp(prefix="simfind-stress-"))
    small = root / "small"
    try:
        reference, folder = make_folder(root, rng)
        stress = Stress(reference, folder, root, args.jobs, args.command)
        if _mount_small(small):
            stress.full_disk = small
        else:
            print("full disk: left out (cannot mount a small tmpfs here)", flush=True)
        began = time.monotonic()
        baseline = stress.start(root / "baseline-cache", "--no-cache")
        stress.finish(baseline)
        stress.baseline_seconds = baseline.ended - baseline.started
        if baseline.process.returncode != 0:
            print(baseline.err, file=sys.stderr)
            return 1
        stress.expected = stress.rows(baseline.out)
        print(
            f"folder: {FILES + 5 + len(HOSTILE_NAMES)} files; "
            f"baseline {args.command} {stress.baseline_seconds:.1f} s, "
            f"{len(stress.expected)} rows; seed {args.seed}",
            flush=True,
        )
        before = snapshot(folder)
        kinds = [("concurrent", stress.concurrent, 3), ("kill", stress.kill, 5)]
        kinds.append(("damaged cache", stress.damaged, 1))
        kinds.append(("hostile", lambda rng: hostile(stress, rng), 2))
        if stress.full_disk is not None:
            kinds.append(("full disk", stress.disk_full, 1))
        if args.only:
            kinds = [k for k in kinds if k[0] in args.only]
        for trial in range(args.trials):
            if args.minutes is not None and time.monotonic() - began > 60 * args.minutes:
                break
            name, run, _ = rng.choices(kinds, weights=[k[2] for k in kinds])[0]
            stress.trials[name] += 1
            run(rng)
            stress.check_folder_and_cache(name, before)
            if (trial + 1) % 10 == 0:
                print(
                    f"{trial + 1} trials, {sum(stress.failures.values())} failures "
                    f"({time.monotonic() - began:.0f} s)",
                    flush=True,
                )
        report(stress, time.monotonic() - began)
        return 1 if stress.failures else 0
    finally:
        if stress_mounted(small):
            subprocess.run(["umount", "-l", str(small)], check=False)
        shutil.rmtree(root, ignore_errors=True)


def stress_mounted(where: Path) -> bool:
    with contextlib.suppress(OSError):
        return any(line.split()[1] == str(where) for line in Path("/proc/mounts").open())
    return False


def report(stress: Stress, seconds: float) -> None:
    total = sum(stress.trials.values())
    print(f"\n{total} trials in {seconds / 60:.1f} min, {sum(stress.failures.values())} failures")
    for kind, count in sorted(stress.trials.items()):
        print(f"  {kind:<14} {count:>4} trials  {stress.failures[kind]:>3} failures")
    for outcome, count in sorted(stress.outcomes.items()):
        print(f"  {outcome}: {count}")
    for name, delays in sorted(stress.latency.items()):
        delays.sort()
        p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
        over = sum(1 for d in delays if d > 0.5)
        print(
            f"  {name} to exit: median {statistics.median(delays):.2f} s, p95 {p95:.2f} s, "
            f"worst {delays[-1]:.2f} s over {len(delays)} stops ({over} over 0.5 s)"
        )
    for line in stress.reasons:
        print(line)


if __name__ == "__main__":
    raise SystemExit(main())

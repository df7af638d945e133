"""Races of the clean-up with another program's saves: the versions each loses.

    python -m benchmarks.stress_races [--trials 200] [--seed 1] [--only RACE]...
    python -m benchmarks.bench_stress --only races [--trials 200]

Each trial makes fresh files, lets a writer process save them at random
moments (a temporary file written and renamed over the name, as editors save;
or the file rewritten in place), runs the real clean-up function on them
meanwhile (simfind.core.cleanup: replace_by_links, execute, undo), stops the
writer, and counts the versions lost.

A version is lost when the content a name would hold had the clean-up never
run (its last save, or what it held before) is nowhere afterwards: not at any
name below the trial's folders, in the move's destination, or in the trash.
A name the clean-up made a hard link to its kept file shares that file's
content: a save in place through either name that found the two names one
file is both names' content (editing one edits them all, as the user agreed);
where the clean-up left the two apart again, it is the content of the name
saved only.

The races, one a trial, chosen at random (``--only`` keeps some):

* link, kept saved: Replace by Hard Links while the kept file is saved;
* link, duplicate saved: the same while the duplicate is saved;
* move across file systems: Move to Folder onto another file system (/dev/shm)
  while the file is saved (the copy takes a while);
* move: Move to Folder on one file system while the file is saved;
* undo: the undo of a move while the moved file is saved where it went;
* trash: Move to Trash (a real freedesktop trash) while the file is saved.

Prints each trial that lost a version as it happens, then, per race: the trials,
the trials that lost any, the versions lost, the outcomes, and simfind's
temporary files left behind. Exit status 1 when any version was lost.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import hashlib
import importlib
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from simfind.core.cleanup import hard_links, moves

#: A save: its name, how ("replace": written aside and renamed over; "in-place"), the
#: content's hash, and whether the save in place found the trial's names one file.
Save = tuple[str, str, bytes, bool]

RACES = (
    "link, kept saved",
    "link, duplicate saved",
    "move across file systems",
    "move",
    "undo",
    "trash",
)


#: Seconds after which a writer told nothing more gives up waiting.
HANG = 60.0


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()


# ---------------------------------------------------------------------------
# The writer: another program saving the files.


@dataclass(frozen=True)
class Orders:
    """What the writer does in one trial."""

    #: The names it saves.
    names: tuple[Path, ...]
    #: The names a save in place looks at to tell whether they are one file now.
    linked: tuple[Path, ...]
    seed: int
    #: Seconds before its first save (the clean-up starts at once).
    delay: float
    #: The longest pause between two saves (seconds).
    gap: float
    #: The share of saves made in place.
    in_place: float
    #: Saves made ready before the clean-up starts.
    ready: int
    #: How many saves it makes at most (a later save hides a loss of an earlier one: the
    #: name would not hold it either had the clean-up not run).
    saves: int


def _version(base: bytes, number: int, rng: random.Random) -> bytes:
    """A new version of ``base``: its first bytes a tag of its own, mostly the same size."""
    tag = f"<save {number} {rng.random():.12f}>".encode()
    body = base[len(tag) :]
    if rng.random() < 0.25:  # another size, now and then
        body = body[: len(body) - rng.randrange(1, 64)]
    return tag + body


@dataclass
class _Next:
    """A save to make: where, how, what; one renamed over the name is written beforehand."""

    name: Path
    in_place: bool
    data: bytes
    temporary: Path | None = None


def _next(orders: Orders, rng: random.Random, number: int, base: bytes) -> _Next:
    save = _Next(rng.choice(orders.names), rng.random() < orders.in_place, b"")
    save.data = _version(base, number, rng)
    if not save.in_place:
        save.temporary = save.name.with_name(f".{save.name.name}.writer-{number}.tmp")
        save.temporary.write_bytes(save.data)
    return save


def _save(orders: Orders, save: _Next) -> Save | None:
    if save.in_place:
        try:
            with save.name.open("r+b") as out:
                out.write(save.data)
                out.truncate()
                out.flush()
                here = os.fstat(out.fileno()).st_ino
                inodes = set()
                for other in orders.linked:
                    with contextlib.suppress(OSError):
                        inodes.add(other.stat().st_ino)
                together = len(orders.linked) > 1 and inodes == {here}
        except OSError:  # the name is away (moved, or between two steps of the clean-up)
            return None
        return (os.fspath(save.name), "in-place", _digest(save.data), together)
    assert save.temporary is not None
    try:
        save.temporary.replace(save.name)
    except OSError:  # its folder is gone
        save.temporary.unlink(missing_ok=True)
        return None
    return (os.fspath(save.name), "replace", _digest(save.data), False)


def writer(connection: Connection) -> None:
    """The writer process: a trial's orders, then saves until told to stop; its saves back.

    The first saves are made ready before the clean-up starts (written aside, to be
    renamed over the name), so that each lands at a moment as sharp as a rename."""
    while True:
        orders: Orders | None = connection.recv()
        if orders is None:
            return
        rng = random.Random(orders.seed)
        base = orders.names[0].read_bytes()
        ready = [_next(orders, rng, n, base) for n in range(1, orders.ready + 1)]
        connection.send("ready")
        while not connection.poll(0):  # awake, not asleep in recv: a wake-up takes a while
            pass
        began: float = connection.recv()  # when the clean-up begins (perf_counter, shared)
        saves: list[Save] = []
        number = len(ready)
        stopped = _wait(connection, began + orders.delay - time.perf_counter())
        while not stopped and len(saves) < orders.saves:
            if ready:
                save = ready.pop(0)
            else:
                number += 1
                save = _next(orders, rng, number, base)
            saved = _save(orders, save)
            if saved is not None:
                saves.append(saved)
            stopped = _wait(connection, rng.random() * orders.gap)
        if not stopped:
            _wait(connection, HANG)
        connection.recv()  # stop
        for left in ready:
            if left.temporary is not None:
                left.temporary.unlink(missing_ok=True)
        connection.send(saves)


def _wait(connection: Connection, seconds: float) -> bool:
    """Wait this long, or until told to stop (True); by spinning, since a pipe's poll
    waits at least a millisecond and the clean-up's steps take microseconds."""
    until = time.perf_counter() + seconds
    while True:
        if connection.poll(0):
            return True
        if time.perf_counter() >= until:
            return False


class Writer:
    """A writer process kept for all the trials."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self._here, there = context.Pipe()
        self.process = context.Process(target=writer, args=(there,), daemon=True)
        self.process.start()

    def start(self, orders: Orders) -> None:
        """Give the writer its orders; returns when the clean-up is to begin (both
        processes wait for that moment, so that the saves' delays count from it)."""
        self._here.send(orders)
        assert self._here.recv() == "ready"
        began = time.perf_counter() + 0.002
        self._here.send(began)
        while time.perf_counter() < began:
            pass

    def stop(self) -> list[Save]:
        self._here.send("stop")
        saves: list[Save] = self._here.recv()
        return saves

    def close(self) -> None:
        self._here.send(None)
        self.process.join(10)


# ---------------------------------------------------------------------------
# The trials.


@dataclass
class Tally:
    trials: collections.Counter[str] = field(default_factory=collections.Counter)
    losing: collections.Counter[str] = field(default_factory=collections.Counter)
    lost: collections.Counter[str] = field(default_factory=collections.Counter)
    saves: collections.Counter[str] = field(default_factory=collections.Counter)
    left_behind: collections.Counter[str] = field(default_factory=collections.Counter)
    outcomes: collections.Counter[tuple[str, str]] = field(default_factory=collections.Counter)
    #: How long the last clean-up of each race took (seconds).
    took: dict[str, float] = field(default_factory=dict)

    @property
    def total_lost(self) -> int:
        return sum(self.lost.values())


def _files_below(*folders: Path) -> Iterator[Path]:
    for folder in folders:
        if folder.is_dir():
            for path in folder.rglob("*"):
                if path.is_file() and not path.is_symlink():
                    yield path


def _contents(*folders: Path) -> set[bytes]:
    return {_digest(path.read_bytes()) for path in _files_below(*folders)}


def _temporaries(*folders: Path) -> int:
    return sum(1 for p in _files_below(*folders) if p.name.startswith(".simfind-"))


def world(start: dict[str, bytes], saves: list[Save], linked: tuple[str, ...]) -> dict[str, bytes]:
    """What each name would hold had the clean-up not run; ``linked``: names it made one
    file, which share a save made in place through either while they were."""
    held = dict(start)
    for name, _how, digest, together in saves:
        for each in linked if together and name in linked else (name,):
            held[each] = digest
    return held


def _text(size: int, rng: random.Random) -> bytes:
    line = "清晨的风吹过湖面，远处的山在雾里若隐若现。The quiet river, the north paper.\n"
    data = (line * (size // len(line.encode()) + 1)).encode()[:size]
    return f"[{rng.random():.15f}]".encode() + data[32:]


@dataclass
class Trial:
    race: str
    root: Path
    other: Path  # on another file system, where there is one
    trash: Path
    rng: random.Random
    #: Each trial that loses a version says what it saved and lost.
    verbose: bool = False


def _make(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _planned(path: Path) -> moves.PlannedFile:
    info = path.stat()
    return moves.PlannedFile(path, info.st_size, info.st_mtime_ns)


def run_trial(trial: Trial, writer: Writer, tally: Tally) -> None:
    race, root, rng = trial.race, trial.root, trial.rng
    folder = root / "files"
    aside = (trial.other if race == "move across file systems" else root) / "aside"
    aside.mkdir(parents=True)
    small = race in ("move", "undo", "trash")
    size = rng.randrange(4_000, 60_000) if small else rng.randrange(1_000_000, 4_000_000)
    data = _text(size, rng)
    duplicate = _make(folder / "docs" / "faq.txt", data)
    kept = _make(folder / "archive" / "faq.txt", data)
    # The first save at a random moment of the clean-up (as long as the last one of this
    # race took), then saves a few times during it.
    took = tally.took.get(race, 0.005)
    delay, gap = rng.random() * took, took / 2
    action: Callable[[], moves.MoveReport]
    if race.startswith("link"):
        saved = kept if race == "link, kept saved" else duplicate
        names: tuple[Path, ...] = (saved,)
        pair = hard_links.LinkPair(duplicate, kept, size)

        def action() -> moves.MoveReport:
            return hard_links.replace_by_links([pair])

    elif race == "undo":
        report = moves.execute(moves.MovePlan((_planned(duplicate),), moves.Action.MOVE, aside))
        moved = report.records[0].destination
        assert moved is not None
        names = (moved,)

        def action() -> moves.MoveReport:
            return moves.undo(report)

    else:
        names = (duplicate,)
        how = moves.Action.TRASH if race == "trash" else moves.Action.MOVE
        plan = moves.MovePlan((_planned(duplicate),), how, None if race == "trash" else aside)

        def action() -> moves.MoveReport:
            return moves.execute(plan)

    start = {os.fspath(p): _digest(p.read_bytes()) for p in (duplicate, kept, *names) if p.exists()}
    linked = (duplicate, kept) if race.startswith("link") else ()
    orders = Orders(
        names,
        linked,
        rng.randrange(1 << 30),
        delay,
        gap,
        in_place=0.4,
        ready=3,
        saves=rng.choice((1, 1, 2, 3)),
    )
    writer.start(orders)
    began = time.perf_counter()
    try:
        done = action()
    finally:
        tally.took[race] = time.perf_counter() - began
        time.sleep(rng.random() * 0.003)  # and saves go on a little after it
        saves = writer.stop()
    # Names the clean-up made one file shared the saves made in place through either while
    # they were; names it left apart (putting the duplicate back) did not.
    made_links = any(r.outcome is moves.Outcome.DONE for r in done.records)
    together = tuple(os.fspath(n) for n in linked) if made_links else ()
    wanted = set(world(start, saves, together).values())
    found = _contents(root, aside, trial.trash)
    lost = len(wanted - found)
    tally.trials[race] += 1
    tally.saves[race] += len(saves)
    tally.lost[race] += lost
    tally.losing[race] += int(lost > 0)
    tally.left_behind[race] += _temporaries(root, aside)
    for record in done.records:
        error = f" ({record.error.strerror})" if record.error is not None else ""
        tally.outcomes[(race, record.outcome.value + error)] += 1
    if lost and trial.verbose:
        print(f"  before: {sorted(v.hex()[:8] for v in start.values())}")
        print(f"  saves: {[(Path(n).parent.name, how, d.hex()[:8], t) for n, how, d, t in saves]}")
        print(f"  lost: {sorted(v.hex()[:8] for v in wanted - found)}")
    if lost:
        outcome = ", ".join(r.outcome.value for r in done.records)
        print(
            f"LOST [{race} #{tally.trials[race]}] {lost} version(s); outcome {outcome}; "
            f"{len(saves)} saves ({sum(1 for s in saves if s[1] == 'in-place')} in place)",
            flush=True,
        )


@contextlib.contextmanager
def trash_under(home: Path) -> Iterator[Path]:
    """A real freedesktop trash below ``home`` for send2trash (it reads XDG_DATA_HOME
    once, when its module loads: loaded again here, and again after)."""
    import send2trash.plat_other

    data = home / ".local" / "share"
    data.mkdir(parents=True, exist_ok=True)
    saved = {k: os.environ.get(k) for k in ("HOME", "XDG_DATA_HOME")}
    os.environ["HOME"], os.environ["XDG_DATA_HOME"] = str(home), str(data)
    importlib.reload(send2trash.plat_other)
    try:
        yield data / "Trash"
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        importlib.reload(send2trash.plat_other)


def other_file_system(near: Path) -> Path | None:
    """A folder on another file system than ``near`` (/dev/shm), where there is one."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK) and shm.stat().st_dev != near.stat().st_dev:
        return shm
    return None


def run(
    trials: int,
    seed: int,
    races: tuple[str, ...] = RACES,
    quiet: bool = False,
    verbose: bool = False,
) -> Tally:
    """``trials`` trials of the races, chosen at random; what they lost. ``quiet``: no
    word of progress; ``verbose``: each trial that lost a version says what it saved."""
    rng = random.Random(seed)
    tally = Tally()
    base = Path(tempfile.mkdtemp(prefix="simfind-races-"))
    far_base = other_file_system(base)
    left_out = {
        "move across file systems": "no second file system here",
        "trash": "no freedesktop trash here (it would be the user's own)",
    }
    if far_base is not None:
        del left_out["move across file systems"]
    if sys.platform.startswith("linux"):
        del left_out["trash"]
    chosen = tuple(r for r in races if r not in left_out)
    for race, why in left_out.items():
        if race in races and not quiet:
            print(f"{race}: left out ({why})", flush=True)
    far = Path(tempfile.mkdtemp(prefix="simfind-races-", dir=far_base)) if far_base else base
    writer = Writer()
    began = time.monotonic()
    try:
        with trash_under(base / "home") as trash:
            for number in range(trials):
                race = chosen[number % len(chosen)] if number < len(chosen) else rng.choice(chosen)
                root = base / f"t{number}"
                other = far / f"t{number}"
                seeded = random.Random(rng.randrange(1 << 30))
                trial = Trial(race, root, other, trash, seeded, verbose)
                run_trial(trial, writer, tally)
                shutil.rmtree(root, ignore_errors=True)
                shutil.rmtree(other, ignore_errors=True)
                shutil.rmtree(trash, ignore_errors=True)
                if not quiet and (number + 1) % 50 == 0:
                    print(
                        f"{number + 1} trials, {tally.total_lost} versions lost "
                        f"({time.monotonic() - began:.0f} s)",
                        flush=True,
                    )
    finally:
        writer.close()
        shutil.rmtree(base, ignore_errors=True)
        if far_base is not None:
            shutil.rmtree(far, ignore_errors=True)
    return tally


def report(tally: Tally) -> None:
    print(f"\n{sum(tally.trials.values())} trials, {tally.total_lost} versions lost")
    print(f"  {'race':<26} {'trials':>6} {'losing':>6} {'lost':>5} {'saves':>6} {'temps':>5}")
    for race in RACES:
        if tally.trials[race]:
            print(
                f"  {race:<26} {tally.trials[race]:>6} {tally.losing[race]:>6} "
                f"{tally.lost[race]:>5} {tally.saves[race]:>6} {tally.left_behind[race]:>5}"
            )
    for race in RACES:
        said = [f"{o} {n}" for (r, o), n in sorted(tally.outcomes.items()) if r == race]
        if said:
            print(f"  {race}: {', '.join(said)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=RACES, metavar="RACE")
    parser.add_argument("--verbose", action="store_true", help="the saves of each loss")
    args = parser.parse_args(argv)
    races = tuple(args.only) if args.only else RACES
    tally = run(args.trials, args.seed, races, verbose=args.verbose)
    report(tally)
    return 1 if tally.total_lost else 0


if __name__ == "__main__":
    sys.exit(main())

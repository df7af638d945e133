"""The diff preview on two 10,000-line files: compute time, and the GUI thread's longest stall.

    python -m benchmarks.bench_diff [--lines 10000] [--repeat 5]

The left file is 10,000 lines of the Python standard library's sources; the
right one is a revision of it: about 3 % of the lines edited a word or two
(so every changed line gets inline word highlights), blocks inserted, deleted
and moved. Printed, not asserted (targets: diff with inline highlights
<= 300 ms; GUI thread's longest stall while the view shows it <= 50 ms). The view is
measured twice in one run: without shared passages (the baseline) and with them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from random import Random

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from simfind.core.compare.diff import DiffOptions, Kind, diff_texts
from simfind.core.compare.passages import shared_passages
from simfind.core.scan.rank import Match


def make_pair(lines: int, seed: int = 1234) -> tuple[str, str]:
    rng = Random(seed)
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    left: list[str] = []
    for path in sorted(stdlib.glob("*.py")):
        left.extend(path.read_text(encoding="utf-8", errors="replace").splitlines())
        if len(left) >= lines:
            break
    left = left[:lines]
    right = list(left)
    for _ in range(lines * 3 // 100):  # word edits inside lines
        at = rng.randrange(len(right))
        words = right[at].split(" ")
        if len(words) > 2:
            words[rng.randrange(len(words))] = f"edited_{rng.randrange(1000)}"
            right[at] = " ".join(words)
    for _ in range(20):  # inserted, deleted and moved blocks
        at, size = rng.randrange(len(right)), rng.randrange(2, 30)
        action = rng.choice(("insert", "delete", "move"))
        if action == "insert":
            right[at:at] = [f"# inserted line {k} of a new block" for k in range(size)]
        elif action == "delete":
            del right[at : at + size]
        else:
            block = right[at : at + size]
            del right[at : at + size]
            to = rng.randrange(len(right))
            right[to:to] = block
    return "\n".join(left) + "\n", "\n".join(right) + "\n"


def bench_core(left: str, right: str, repeat: int) -> None:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        result = diff_texts(left, right, DiffOptions())
        times.append(time.perf_counter() - started)
    changed = sum(row.kind is Kind.CHANGED for row in result.rows)
    spans = sum(len(row.left_spans) + len(row.right_spans) for row in result.rows)
    print(
        f"core.diff_texts: {len(result.rows):,} rows, {changed} changed lines, "
        f"{spans} highlighted word spans, {len(result.changes())} changes"
    )
    print(f"  median {1000 * statistics.median(times):.0f} ms, best {1000 * min(times):.0f} ms")
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        found = shared_passages(left, right)
        times.append(time.perf_counter() - started)
    print(
        f"core.shared_passages: {len(found.passages)} passages, "
        f"{100 * found.left_share:.1f} % / {100 * found.right_share:.1f} % of the texts"
    )
    print(f"  median {1000 * statistics.median(times):.0f} ms, best {1000 * min(times):.0f} ms")


def bench_view(left: Path, right: Path, repeat: int, passages: bool = True) -> None:
    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    from simfind.core.compare.passages import SharedPassages
    from simfind.gui.diff import rendering
    from simfind.gui.diff.rendering import Side
    from simfind.gui.diff.view import DiffView
    from simfind.gui.shell.app import create_app

    app = create_app()
    del app  # kept alive by Qt; create_app returns the instance
    # The baseline: the view as it was before shared passages (none computed or marked).
    rendering.shared_passages = (  # type: ignore[attr-defined]
        shared_passages if passages else lambda left, right: SharedPassages()
    )
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    view = DiffView()
    view.resize(1400, 800)
    view.show()
    reference = Side(left, "utf-8", left.stat().st_size)
    match = Match(right, right.name, right.stat().st_size, 0, "utf-8", 0, 5, 0.9)
    stalls, waits = [], []
    for _ in range(repeat):
        view.clear()
        ticks: list[float] = []
        timer = QTimer()
        timer.setInterval(10)
        timer.timeout.connect(lambda t=ticks: t.append(time.perf_counter()))
        loop = QEventLoop()
        poll = QTimer()
        poll.timeout.connect(
            lambda lp=loop: lp.quit() if view.rendered and not view.tasks.pending else None
        )
        timer.start()
        started = time.perf_counter()
        view.compare(reference, match, 64)
        poll.start(5)
        loop.exec()
        waits.append(time.perf_counter() - started)
        # keep ticking a little so a stall right after the panes fill is counted too
        settle = QEventLoop()
        QTimer.singleShot(300, settle.quit)
        settle.exec()
        timer.stop()
        poll.stop()
        stalls.append(max(b - a for a, b in itertools.pairwise(ticks)))
    shown = "with shared passages" if passages else "baseline: no shared passages"
    print(f"DiffView (offscreen, {shown}): select a row until both panes show the diff")
    print(
        f"  time to shown: median {1000 * statistics.median(waits):.0f} ms; "
        f"GUI thread longest stall: median {1000 * statistics.median(stalls):.0f} ms, "
        f"worst {1000 * max(stalls):.0f} ms (10 ms timer)"
    )
    view.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    left, right = make_pair(args.lines)
    bench_core(left, right, args.repeat)
    with tempfile.TemporaryDirectory() as temp:
        os.environ["SIMFIND_CACHE_DIR"] = str(Path(temp) / "cache")
        paths = Path(temp) / "left.py", Path(temp) / "right.py"
        paths[0].write_text(left, encoding="utf-8")
        paths[1].write_text(right, encoding="utf-8")
        bench_view(*paths, args.repeat, passages=False)
        bench_view(*paths, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())

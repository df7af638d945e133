"""A 100,000-row result in the window: does sorting, filtering or scrolling stall it?

    python -m benchmarks.bench_gui_rows [--files 100000] [--data DIR]
        [--parts compare,groups,lines] [--lines 100000]
        [--baseline REV] [--runs 3] [--profile ACTION]

A folder of ``--files`` small files is generated (once, kept in ``--data``):
families of four near copies (code lines of the Python standard library, or
Chinese sentences, one line in twelve edited), named after standard modules in
some 500 folders. It is scanned once (``scan`` against one of its files: one row
per file) and grouped once (``find_groups``: every file in a group of four), by
the core as the command line does, and both results are kept as pickles: the
rows are what a real scan produces.

Each run is a process of its own (offscreen), which loads the two results into a real
window and times its GUI thread with a 10 ms QTimer while it does, one action at a time,
what a user does: the rows stream in as a scan sends them and the scan's final word
arrives; a click on each column header, both ways; a filter typed one keystroke at a
time, then cleared; the table paged down (``--pages`` pages from the top, from the
middle and to the end, and a jump to the end and back); rows selected (the diff pane
loads); files marked (Compare: the similar ones; groups: all but one in each group,
until the marks show) and unmarked. Then the same on the groups page. With ``--parts
lines`` (or ``compare,groups,lines``), the Lines page too: a file of ``--lines``
standard-library lines, one in eleven a near copy (a word changed) of another elsewhere
in it, is grouped once by ``find_record_groups`` as ``simfind groups --records lines``
does (kept as a pickle), and its groups shown, sorted on each header, paged, records
selected, repeated lines marked and unmarked (the page has no filter). A result shown
and marks set count until they are in the window (their work may be done on a pool
thread). The longest gap between two ticks during an action (and the 150 ms after it) is
how long it froze the window: printed per action, the median of ``--runs`` runs, and the
worst of each kind, beside the CPU time the GUI thread spent in the action itself
(steadier on a loaded machine: a gap also holds the time the process waited for a core).
The groups are left a second on screen before the first click, as a user would. Printed,
not asserted.

``--baseline REV`` runs commit REV's package (extracted as bench_fingerprint
does) in turns with this checkout's, on the same results, and prints the two
side by side. ``--profile ACTION`` runs this checkout once under cProfile and
prints where the GUI thread spent an action's time (e.g. ``compare sort Name``).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import itertools
import json
import os
import pickle
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SEED = 32
ROOT = Path(__file__).resolve().parents[1]
FAMILY = 4  # near copies per family: every file has three near-duplicates
LINES = 12
TYPED = "json_1"  # the filter typed, keystroke by keystroke


# -- the data: a real folder, scanned and grouped once --------------------------------------
def _module_names() -> list[str]:
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    return sorted({p.stem for p in stdlib.glob("*.py") if not p.stem.startswith("_")})


def _source_lines(limit: int = 200_000) -> list[str]:
    from benchmarks.bench_groups_scale import stdlib_lines
    from tests.texts import ZH_DOCS

    lines = stdlib_lines(limit)
    sentences = [s + "。" for text in ZH_DOCS for s in text.split("。") if s]
    return lines + sentences * 200  # some Chinese among the code


def generate(folder: Path, files: int) -> None:
    rng = random.Random(SEED)
    lines = _source_lines()
    names = _module_names()
    for number in range(0, files, FAMILY):
        body = [rng.choice(lines) for _ in range(LINES)]
        for copy in range(min(FAMILY, files - number)):
            index = number + copy
            text = list(body)
            if copy:
                text[rng.randrange(LINES)] = rng.choice(lines)
            directory = folder / rng.choice(names[:40]) / f"part{index % 500:03d}"
            directory.mkdir(parents=True, exist_ok=True)
            name = f"{rng.choice(names)}_{index}.{rng.choice(['py', 'txt', 'md'])}"
            (directory / name).write_text("\n".join(text) + "\n", encoding="utf-8")


def prepare(data: Path, files: int) -> tuple[Path, Path]:
    """The pickled ScanResult and GroupsResult of a real scan of a generated folder."""
    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.scan.options import ScanOptions
    from simfind.core.scan.scanner import scan

    folder = data / f"folder{files}"
    scanned, grouped = data / f"scan{files}.pickle", data / f"groups{files}.pickle"
    if scanned.exists() and grouped.exists():
        return scanned, grouped
    if not folder.exists():
        started = time.perf_counter()
        generate(folder, files)
        print(f"generated {files} files in {time.perf_counter() - started:.0f} s", flush=True)
    os.environ.setdefault("SIMFIND_CACHE_DIR", str(data / "cache"))
    reference = next(iter(sorted(folder.rglob("*_0.*"))))
    started = time.perf_counter()
    result = scan(reference, folder, ScanOptions())
    print(f"scanned: {len(result.matches)} rows in {time.perf_counter() - started:.0f} s")
    scanned.write_bytes(pickle.dumps(result))
    started = time.perf_counter()
    groups = find_groups(folder, ScanOptions())
    members = sum(len(g.members) for g in groups.groups)
    print(
        f"grouped: {len(groups.groups)} groups, {members} files in "
        f"{time.perf_counter() - started:.0f} s",
        flush=True,
    )
    grouped.write_bytes(pickle.dumps(groups))
    return scanned, grouped


def prepare_lines(data: Path, count: int) -> Path:
    """The pickled RecordGroupsResult of ``simfind groups --records lines`` over one file of
    ``count`` standard-library lines: distinct ones in a random order, and for one in ten
    of them a near copy (a word changed) put anywhere among them."""
    from benchmarks.bench_groups_scale import stdlib_lines
    from simfind.core.linkage.grouping import GroupingOptions
    from simfind.core.records.collect import RecordOptions
    from simfind.core.records.cutting import RecordKind, RecordSpec, default_threshold
    from simfind.core.records.search import find_record_groups

    text, grouped = data / f"lines{count}.txt", data / f"lines{count}.pickle"
    if grouped.exists() and text.exists():
        return grouped
    rng = random.Random(SEED)
    distinct = sorted({line.strip() for line in stdlib_lines(600_000) if len(line.strip()) >= 24})
    rng.shuffle(distinct)
    originals = distinct[: count * 10 // 11]
    lines = list(originals)
    for line in originals[::10]:
        words = line.split()
        words[rng.randrange(len(words))] = rng.choice(originals).split()[0]
        lines.insert(rng.randrange(len(lines) + 1), " ".join(words))
    text.write_text("\n".join(lines) + "\n", encoding="utf-8")
    spec = RecordSpec(RecordKind.LINES)
    started = time.perf_counter()
    result = find_record_groups(
        [text], RecordOptions(spec), GroupingOptions(threshold=default_threshold(spec))
    )
    members = sum(len(g.members) for g in result.groups)
    print(
        f"{len(result.records)} lines: {len(result.groups)} groups, {members} lines in "
        f"groups, in {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    grouped.write_bytes(pickle.dumps(result))
    return grouped


# -- one run, in a child process -------------------------------------------------------------
class Stalls:
    """Times the GUI thread's longest freeze during each action, with a 10 ms timer."""

    def __init__(self, profile: str | None = None) -> None:
        from PySide6.QtCore import QTimer

        self.ticks: list[float] = []
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(lambda: self.ticks.append(time.perf_counter()))
        self.timer.start()
        self.found: dict[str, float] = {}
        self.profile = profile

    def idle(self, seconds: float) -> None:
        from PySide6.QtCore import QEventLoop, QTimer

        loop = QEventLoop()
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()

    def run(
        self,
        name: str,
        action: Callable[[], Any],
        after: float = 0.15,
        until: Callable[[], bool] | None = None,
    ) -> None:
        """Runs ``action`` from the event loop and keeps the longest gap around it (and, with
        ``until``, until that holds: an answer worked out on another thread and taken in)."""
        from PySide6.QtCore import QEventLoop, QTimer

        self.idle(0.03)
        began = time.perf_counter()
        loop = QEventLoop()
        profiler = cProfile.Profile() if name in (self.profile or "").split(",") else None

        def act() -> None:
            if profiler is not None:
                profiler.enable()
            cpu = time.thread_time()
            action()
            cpu = 1000 * (time.thread_time() - cpu)
            self.found[f"cpu:{name}"] = max(self.found.get(f"cpu:{name}", 0.0), cpu)
            if profiler is not None:
                profiler.disable()
            wait()

        def wait() -> None:
            if until is None or until():
                QTimer.singleShot(int(after * 1000), loop.quit)
            else:
                QTimer.singleShot(10, wait)

        QTimer.singleShot(0, act)
        loop.exec()
        ticks = [t for t in self.ticks if t >= began - 0.011]
        gaps = [b - a for a, b in itertools.pairwise(ticks)]
        # An action repeated (a page down, a batch of rows) keeps its longest.
        self.found[name] = max(self.found.get(name, 0.0), 1000 * max(gaps, default=0.0))
        if profiler is not None:
            text = io.StringIO()
            pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(25)
            print(f"-- {name}", text.getvalue(), sep="\n", file=sys.stderr)


def sort_every_column(stalls: Any, view: Any, model: Any, part: str) -> None:
    """A click on each header of ``view``, each way, timed as "PART sort NAME up|down"."""
    from PySide6.QtCore import Qt

    for column in range(model.columnCount()):
        for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
            way = "up" if order == Qt.SortOrder.AscendingOrder else "down"
            name = model.headerData(column, Qt.Orientation.Horizontal)
            stalls.run(
                f"{part} sort {name.lower()} {way}",
                lambda c=column, o=order: view.header().setSortIndicator(c, o),
            )


def run_child(
    scanned: Path, grouped: Path, lines: Path, pages: int, profile: str | None, parts: str
) -> dict[str, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from dataclasses import replace

    from PySide6.QtCore import QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QAbstractSlider

    from simfind.core.cleanup.marking import KeepRule

    try:
        from simfind.gui.shell.app import create_app
        from simfind.gui.shell.main_window import MainWindow
    except ImportError:  # a baseline from before the window's rooms (issue 42)
        from simfind.gui.app import create_app  # type: ignore[no-redef]
        from simfind.gui.main_window import MainWindow  # type: ignore[no-redef]

    app = create_app()
    result = pickle.loads(scanned.read_bytes()) if "compare" in parts else None
    groups = pickle.loads(grouped.read_bytes()) if "groups" in parts else None
    temp = tempfile.mkdtemp()
    settings = QSettings(str(Path(temp) / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1400, 900)
    window.show()
    stalls = Stalls(profile)
    # What the app does once its window is up (app.py), before anyone clicks: jieba's
    # dictionary loaded (it holds the GIL a fifth of a second), the pool's workers started.
    warm_up = getattr(window, "warm_up", None)
    if warm_up is not None:
        warm_up()
    stalls.idle(1.0)

    def scroll(view: Any, label: str) -> None:
        bar = view.verticalScrollBar()
        step = QAbstractSlider.SliderAction.SliderPageStepAdd
        for start in (0, bar.maximum() // 2, bar.maximum() - pages * bar.pageStep()):
            bar.setValue(max(0, start))
            stalls.idle(0.02)
            for _ in range(pages):
                stalls.run(f"{label} page down", lambda: bar.triggerAction(step), 0.0)
        stalls.run(f"{label} jump to the end", lambda: bar.setValue(bar.maximum()))
        stalls.run(f"{label} back to the top", lambda: bar.setValue(0))

    def type_filter(field: Any, label: str) -> None:
        field.setFocus()
        for at, char in enumerate(TYPED):
            stalls.run(
                f"{label} filter keystroke {at + 1}", lambda c=char: QTest.keyClicks(field, c)
            )
        stalls.run(f"{label} filter cleared", field.clear)

    page, gpage = window.compare, window.groups
    if "compare" in parts:
        # Compare: the rows stream in as the scan sends them, then its final word.
        window.set_page(page)
        page._pending = (result.reference, result.directory, page.context.options.scan_options())
        page.scanned_reference = result.reference
        streamed = [
            replace(
                m, similarity=None, similar=False, reference_in_file=None, file_in_reference=None
            )
            for m in result.matches
        ]

        for at in range(0, len(streamed), 2000):
            batch = streamed[at : at + 2000]
            stalls.run("compare rows streamed", lambda b=batch: page._on_matches(b), 0)
        stalls.run("compare scan finished", lambda: page._on_finished(result), 0.3)
        table = page.table
        try:
            from simfind.gui.pages.compare.results_model import Column
        except ImportError:  # a baseline from before the window's rooms (issue 42)
            from simfind.gui.results_model import Column  # type: ignore[no-redef]

        for column in Column:
            for order in (Qt.SortOrder.AscendingOrder, Qt.SortOrder.DescendingOrder):
                way = "up" if order == Qt.SortOrder.AscendingOrder else "down"
                # As a click on the header does (sortByColumn would sort twice).
                stalls.run(
                    f"compare sort {column.name.lower()} {way}",
                    lambda c=column, o=order: table.horizontalHeader().setSortIndicator(c, o),
                )
        table.horizontalHeader().setSortIndicator(Column.DISTANCE, Qt.SortOrder.AscendingOrder)
        type_filter(page.filter_field, "compare")
        scroll(table, "compare")
        for row in (1, 2, 500, 50_000):
            stalls.run(f"compare select row {row}", lambda r=row: table.selectRow(r), 0.5)
        stalls.run("compare mark similar", page.mark_similar)
        stalls.run("compare unmark", page.unmark_all)

    if "groups" in parts:
        # Groups: the search's groups arrive, then the same actions.
        window.set_page(gpage)
        gpage.threshold.set_value(groups.threshold)
        stalls.run(
            "groups shown",
            lambda: gpage._on_grouped(groups),
            0.3,
            until=lambda: (
                gpage.model.group_count() > 0  # made ready aside, then taken
                and sum(gpage.threshold.histogram.counts) > 0
            ),
        )
        stalls.idle(1.0)  # a user looks at the groups before a first click
        tree = gpage.tree
        sort_every_column(stalls, tree, gpage.model, "groups")
        type_filter(gpage.file_filter.text_field, "groups")
        scroll(tree, "groups")
        for row in (1, 2, 500, 20_000):

            def select(r: int = row) -> None:
                index = gpage.model.index(
                    1, 0, gpage.model.index(min(r, gpage.model.group_count() - 1), 0)
                )
                tree.setCurrentIndex(index)

            stalls.run(f"groups select item {row}", select, 0.5)
        stalls.run(
            "groups mark all but one",
            lambda: gpage.mark_all_but_one(KeepRule.NEWEST),
            until=lambda: bool(gpage.model.marked()),  # the marks shown
        )
        stalls.run("groups unmark", gpage.unmark_all)
    lines_members = 0
    if "lines" in parts:
        # Lines: a records result's groups arrive, then a click on each header, paging,
        # records selected, repeated lines marked and unmarked (the page has no filter).
        lpage = window.lines
        records = pickle.loads(lines.read_bytes())
        window.set_page(lpage)
        lpage.searched = records.files[0].path
        lpage.threshold.set_value(records.threshold)
        stalls.run(
            "lines shown",
            lambda: lpage._show_result(records),
            0.3,
            until=lambda: (
                lpage.model.group_count() > 0 and sum(lpage.threshold.histogram.counts) > 0
            ),
        )
        stalls.idle(1.0)
        ltree = lpage.tree
        sort_every_column(stalls, ltree, lpage.model, "lines")
        scroll(ltree, "lines")
        for row in (1, 2, 500, 5_000):

            def pick(r: int = row) -> None:
                group = lpage.model.index(min(r, lpage.model.group_count() - 1), 0)
                ltree.setCurrentIndex(lpage.model.index(1, 0, group))

            stalls.run(f"lines select record {row}", pick, 0.5)
        stalls.run(
            "lines mark repeated",
            lpage.mark_repeats,
            until=lambda: bool(lpage.model.marked()),  # the marks shown
        )
        stalls.run("lines unmark", lambda: lpage.model.set_marked([]))
        lines_members = sum(len(m) for m in lpage.model.shown_groups())
    app.processEvents()
    rows = page.model.rowCount()
    members = sum(len(m) for m in gpage.model.shown_groups())
    window.close()
    shutil.rmtree(temp, ignore_errors=True)
    stalls.found["rows"] = rows
    stalls.found["members"] = members
    stalls.found["lines"] = lines_members
    return stalls.found


# -- the report --------------------------------------------------------------------------------
def _kind(name: str) -> str:
    """The action with its detail dropped: every sort, every keystroke as one kind."""
    words = name.split()
    if words[1] in ("sort", "select"):
        return " ".join(words[:2])
    if words[1] == "filter" and words[2] == "keystroke":
        return " ".join(words[:3])
    return name


def child(
    source: Path, args: argparse.Namespace, scanned: Path, grouped: Path, lines: Path
) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=f"{source}{os.pathsep}{ROOT}", QT_QPA_PLATFORM="offscreen")
    command = [sys.executable, "-P", "-m", "benchmarks.bench_gui_rows", "--child"]
    command += [str(scanned), str(grouped), str(lines)]
    command += ["--pages", str(args.pages), "--parts", args.parts]
    done = subprocess.run(
        command, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=False
    )
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        raise SystemExit(f"the run of {source} failed")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument(
        "--data", type=Path, default=Path(tempfile.gettempdir()) / "simfind-gui-rows"
    )
    parser.add_argument("--baseline", metavar="REV")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", type=int, default=40, help="pages paged down, three times")
    parser.add_argument("--profile", metavar="ACTION")
    parser.add_argument("--parts", default="compare,groups", help="compare, groups, lines")
    parser.add_argument("--lines", type=int, default=100_000, help="lines of the Lines part")
    parser.add_argument("--detail", action="store_true", help="every action, not its kind")
    parser.add_argument("--save", type=Path, help="keep every run's figures here (JSON)")
    parser.add_argument("--child", nargs=3, type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        found = run_child(*args.child, args.pages, args.profile, args.parts)
        print(json.dumps(found))
        return 0
    args.data.mkdir(parents=True, exist_ok=True)
    scanned = grouped = args.data  # not loaded where their parts are not run
    if "compare" in args.parts or "groups" in args.parts:
        scanned, grouped = prepare(args.data, args.files)
    lines = prepare_lines(args.data, args.lines) if "lines" in args.parts else args.data
    if args.profile:
        run_child(scanned, grouped, lines, args.pages, args.profile, args.parts)
        return 0
    sources: list[tuple[str, Path]] = [("this checkout", ROOT)]
    base_dir = None
    if args.baseline:
        from benchmarks.bench_fingerprint import extract_commit

        base_dir = Path(tempfile.mkdtemp(prefix="gui-rows-base-"))
        extract_commit(args.baseline, base_dir)
        sources.insert(0, (f"baseline {args.baseline}", base_dir))
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _ in sources}
    try:
        for _ in range(args.runs):
            for label, source in sources:
                runs[label].append(child(source, args, scanned, grouped, lines))
    finally:
        if base_dir is not None:
            shutil.rmtree(base_dir, ignore_errors=True)
    if args.save:
        args.save.write_text(json.dumps(runs))
    report(runs, args.detail)
    return 0


def report(runs: dict[str, list[dict[str, float]]], detail: bool = False) -> None:
    labels = list(runs)
    first = runs[labels[-1]][0]
    print(
        f"{int(first['rows'])} rows (Compare), {int(first['members'])} files in groups, "
        f"{int(first.get('lines', 0))} lines in groups (Lines); "
        f"longest GUI-thread gap (10 ms timer) in ms, median of {len(runs[labels[-1]])} runs"
    )
    names = [n for n in first if n not in ("rows", "members", "lines") and not n.startswith("cpu:")]
    kinds: dict[str, list[str]] = {}
    for name in names:
        kinds.setdefault(name if detail else _kind(name), []).append(name)
    print("  each: the longest gap / the GUI thread's CPU ms in the action itself (its worst)")
    print(f"  {'action (worst of its kind)':<42}" + "".join(f"{label:>24}" for label in labels))
    worst: dict[str, float] = {}
    for kind, members in kinds.items():
        cells = []
        for label in labels:
            value = statistics.median(max(run[n] for n in members) for run in runs[label])
            cpu = statistics.median(
                max(run.get(f"cpu:{n}", 0.0) for n in members) for run in runs[label]
            )
            worst[label] = max(worst.get(label, 0.0), value)
            cells.append(f"{f'{value:.0f} / {cpu:.0f}':>24}")
        print(f"  {kind:<42}" + "".join(cells))
    print(f"  {'the longest of all':<42}" + "".join(f"{worst[label]:>24.0f}" for label in labels))
    for label in labels:
        over = sorted({_kind(n) for run in runs[label] for n in names if run[n] > 50})
        print(f"  {label}: over 50 ms in some run: {', '.join(over) or 'none'}")


if __name__ == "__main__":
    sys.exit(main())

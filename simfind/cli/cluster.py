"""``simfind groups SOURCE --dask [SCHEDULER]``: the command line's side of the cluster.

The dask extra is imported only inside these functions, when --dask is given, so
that the command line (and every module of it) works without it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.cluster.kinds import is_parquet
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.linkage.grouping import GroupingOptions
from simfind.core.report.export import write_atomically
from simfind.core.runs.jobs import default_jobs
from simfind.core.scan.options import ScanOptions

if TYPE_CHECKING:
    from simfind.cluster.pipeline import StageProgress

#: How often the terminal's progress line is redrawn (seconds).
REDRAW = 0.2


def progress_line(stream: TextIO) -> tuple[Callable[[StageProgress], None], Callable[[], None]]:
    """One line on stderr: the stage, its partitions done, the time so far."""
    last = [0.0]

    def show(progress: StageProgress) -> None:
        now = time.monotonic()
        if now - last[0] < REDRAW and progress.done not in (0, progress.total):
            return
        last[0] = now
        stream.write(
            f"\r\033[K{progress.stage}: {progress.done}/{progress.total} partitions, "
            f"{progress.elapsed:.0f} s"
        )
        stream.flush()

    def clear() -> None:
        stream.write("\r\033[K")
        stream.flush()

    return show, clear


def check_source(source: Path) -> None:
    parquet = is_parquet(source)
    if not source.exists():
        raise ClusterError(ClusterProblem.SOURCE_MISSING, path=str(source), parquet=parquet)
    if not parquet and not source.is_dir():
        raise ClusterError(ClusterProblem.NOT_A_SOURCE, path=str(source))


def cluster_groups(
    args: argparse.Namespace, options: ScanOptions, grouping: GroupingOptions
) -> GroupsResult:
    """Connect (or start a local cluster of --jobs workers) and find the groups there."""
    try:
        from simfind.cluster.connect import connect
        from simfind.cluster.pipeline import ClusterOptions, find_groups, open_source
    except ImportError as exc:  # a bundle leaves simfind.cluster's Dask side out too
        missing = exc.name if exc.name and not exc.name.startswith("simfind") else "dask"
        raise ClusterError(ClusterProblem.EXTRA_MISSING, module=missing) from exc
    if len(args.directory) != 1:
        raise ClusterError(ClusterProblem.ONE_SOURCE)
    source: Path = args.directory[0]
    check_source(source)
    cluster_options = ClusterOptions(
        features=options.features,
        grouping=grouping,
        walk=options.walk,
        max_bytes=options.max_bytes,
        id_column=args.id_column,
        text_column=args.text_column,
        slices=args.slices,
    )
    show_progress = not (args.quiet or args.verbose or args.debug) and sys.stderr.isatty()
    show, clear = progress_line(sys.stderr)
    address = args.dask or None
    opened = open_source(source, cluster_options)  # refused here, before a cluster starts
    with connect(address, workers=args.jobs) as client:
        if not args.quiet:
            count = args.jobs or default_jobs()
            plural = "" if count == 1 else "es"
            where = address or f"a local cluster of {count} worker process{plural}"
            print(f"simfind: on {where}; dashboard: {_dashboard(client)}", file=sys.stderr)
        try:
            return find_groups(opened, client, cluster_options, show if show_progress else None)
        finally:
            if show_progress:
                clear()


def _dashboard(client: Any) -> str:
    try:
        if "dashboard" in client.scheduler_info().get("services", {}):
            return str(client.dashboard_link)
    except Exception:  # an old scheduler, a closed connection: no link then
        pass
    return "none"


def write_parquet(rows: list[dict[str, Any]], columns: Sequence[str], target: Path) -> None:
    """The groups' rows as one Parquet file, written beside the target and moved over it."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ClusterError(ClusterProblem.EXTRA_MISSING, module=exc.name or "pyarrow") from exc
    table = pa.table({column: [row.get(column) for row in rows] for column in columns})
    write_atomically(target, lambda stream: pq.write_table(table, stream.buffer), "utf-8")

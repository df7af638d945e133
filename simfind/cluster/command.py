"""``simfind groups SOURCE --dask [SCHEDULER]``: the command line's side of the cluster.

Imported only when --dask is given, so that the command line works without
the dask extra; everything here may import Dask.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

import pyarrow as pa
import pyarrow.parquet as pq

from simfind.cluster.connect import WorkerMismatchError, connect
from simfind.cluster.pipeline import ClusterOptions, StageProgress, find_groups
from simfind.cluster.sources import is_parquet
from simfind.core.errors import UsageError
from simfind.core.groups import GroupsResult

#: How often the terminal's progress line is redrawn (seconds).
REDRAW = 0.2


def progress_line(stream: TextIO) -> tuple[Callable[[StageProgress], None], Callable[[], None]]:
    """A one-line progress display: the stage, its partitions done, the time so far."""
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
    if not source.exists():
        kind = "Parquet dataset" if is_parquet(source) else "folder"
        raise UsageError(f"{kind} not found: {source}")
    if not is_parquet(source) and not source.is_dir():
        raise UsageError(f"not a folder nor a Parquet dataset (*.parquet): {source}")


def run(args: argparse.Namespace, options: ClusterOptions) -> GroupsResult:
    """Connect (or start a local cluster), find the groups, report progress on stderr."""
    source: Path = args.directory
    check_source(source)
    show_progress = not args.quiet and sys.stderr.isatty()
    show, clear = progress_line(sys.stderr)
    address = args.dask or None
    try:
        with connect(address, workers=args.jobs) as client:
            if not args.quiet:
                link = client.dashboard_link if _has_dashboard(client) else "none"
                where = address or f"a local cluster of {len(client.nthreads())} workers"
                print(f"simfind: on {where}; dashboard: {link}", file=sys.stderr)
            try:
                return find_groups(source, client, options, show if show_progress else None)
            finally:
                if show_progress:
                    clear()
    except WorkerMismatchError as exc:
        raise UsageError(str(exc)) from exc
    except ValueError as exc:  # a Parquet dataset without the columns, an impossible distance
        raise UsageError(str(exc)) from exc
    except (OSError, TimeoutError) as exc:
        if address:
            raise UsageError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
        raise


def _has_dashboard(client: Any) -> bool:
    try:
        return "dashboard" in client.scheduler_info().get("services", {})
    except Exception:  # an old scheduler, a closed connection: no link then
        return False


def write_parquet(rows: list[dict[str, Any]], columns: Sequence[str], target: Path) -> None:
    """The groups' rows as one Parquet file, written beside the target and moved over it."""
    temp = target.with_name(f".simfind-{os.getpid()}-{target.name}")
    table = pa.table({column: [row[column] for row in rows] for column in columns})
    try:
        pq.write_table(table, temp)
        temp.replace(target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise

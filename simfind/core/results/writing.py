"""A search's groups as a result file (document.py): what ``simfind groups --format json``
prints and the window's File → Save Results… writes.

The groups are the rows ``simfind groups`` has always written (report.export), each
member with what tells later whether it changed: ``mtime_ns``, ``inode`` and the hash of
its bytes. One group to a line, each encoded by the json module's C encoder: 100,000
files are written in well under a second (benchmarks/bench_results.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from simfind import __version__
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.paths import path_fields
from simfind.core.groups.group import FolderSearch, Group
from simfind.core.report.export import group_rows, nest_groups, write_output
from simfind.core.results.document import FORMAT, VERSION, ResultSettings
from simfind.core.scan.match import Match

#: Reports how much is written: (groups done, groups in all).
WriteProgress = Callable[[int, int], None]

#: Groups encoded between two reports of progress.
_PROGRESS_EVERY = 500


def settings_of(result: FolderSearch) -> ResultSettings:
    """How the result's groups were made, as its search was asked (a search for identical
    files alone, ``groups --identical``, has no threshold nor distance of its own: the
    defaults)."""
    options = getattr(result, "options", None)
    threshold = getattr(result, "threshold", DEFAULT_THRESHOLD)
    radius = getattr(result, "radius", 0)
    if options is None:  # no file grouped, a Dask cluster's, or identical files alone
        return ResultSettings(
            threshold, result.bits, radius, ignore_list=getattr(result, "ignored", None) is not None
        )
    walk = options.walk
    return ResultSettings(
        threshold=threshold,
        bits=result.bits,
        max_distance=radius,
        text_only=options.text_only,
        fold_scripts=options.features.fold_scripts,
        include=walk.include,
        exclude=walk.exclude,
        hidden=walk.hidden,
        follow_links=walk.follow_links,
        ignore_list=getattr(result, "ignored", None) is not None,
    )


def header(
    result: FolderSearch,
    settings: ResultSettings | None = None,
    shown_path: Callable[[Path], Path] | None = None,
    working_folder: Path | None = None,
    created: datetime | None = None,
) -> dict[str, Any]:
    """Everything of the result file but its groups, in the order written."""
    shown = shown_path or (lambda path: path)
    made = (created or datetime.now()).astimezone().isoformat(timespec="seconds")
    chosen = settings or settings_of(result)
    return {
        "format": FORMAT,
        "version": VERSION,
        "simfind": __version__,
        "created": made,
        "working_folder": path_fields(working_folder or Path.cwd()),
        "inputs": {
            "folders": [path_fields(shown(f)) for f in result.folders],
            "reference_folders": [path_fields(shown(f)) for f in result.reference_folders],
        },
        "settings": {
            "threshold": chosen.threshold,
            "bits": chosen.bits,
            "max_distance": chosen.max_distance,
            "text_only": chosen.text_only,
            "fold_scripts": chosen.fold_scripts,
            "include": list(chosen.include),
            "exclude": list(chosen.exclude),
            "hidden": chosen.hidden,
            "follow_links": chosen.follow_links,
            "ignore_list": chosen.ignore_list,
        },
        "files": result.files,
        "skipped": len(result.skipped),
    }


def group_objects(
    groups: Sequence[Group],
    bits: int,
    shown_path: Callable[[Path], str | Path] | None = None,
    rows: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The groups as the result file holds them: ``simfind groups``' rows nested, each
    member with its modification time in nanoseconds, its inode and its hash
    (``shown_path``: the path written for a file, by default its own; the paths a member
    names, its other names and the member with its bytes, too). ``rows``: those rows
    made already (export.group_rows with the same ``shown_path``), filled in here."""
    nested = nest_groups(group_rows(groups, bits, shown_path) if rows is None else rows)
    for group, written in zip(groups, nested, strict=True):
        for match, member in zip(group.members, written["members"], strict=True):
            member.update(_version_of(match.match))
    return nested


def _version_of(match: Match) -> dict[str, Any]:
    """What tells later whether the file changed."""
    return {
        "mtime_ns": match.mtime_ns,
        "inode": match.ino,
        "hash": match.digest.hex() if match.digest else None,
    }


def write_result(
    stream: TextIO,
    head: dict[str, Any],
    groups: Sequence[dict[str, Any]],
    ascii_only: bool = False,
    progress: WriteProgress | None = None,
) -> None:
    """The result file: its header's fields, then its groups, one to a line."""
    encode = json.JSONEncoder(ensure_ascii=ascii_only).encode
    opening = encode(head)[:-1]  # the object left open for its groups
    stream.write(opening + ',\n "groups": [')
    total = len(groups)
    for number, group in enumerate(groups):
        stream.write(("\n  " if number == 0 else ",\n  ") + encode(group))
        if progress is not None and (number + 1) % _PROGRESS_EVERY == 0:
            progress(number + 1, total)
    stream.write("\n ]\n}\n" if groups else "]\n}\n")
    if progress is not None:
        progress(total, total)


def save_result(
    target: Path,
    result: FolderSearch,
    groups: Sequence[Group] | None = None,
    progress: WriteProgress | None = None,
) -> None:
    """Write the result (``groups``: those to keep, by default all) to ``target``, whole or
    not at all (export.write_output), every path absolute."""
    chosen = result.groups if groups is None else groups
    head = header(result, working_folder=Path(os.path.abspath(os.curdir)))
    objects = group_objects(chosen, result.bits)
    write_output(target, lambda stream: write_result(stream, head, objects, progress=progress))


__all__ = [
    "WriteProgress",
    "group_objects",
    "header",
    "save_result",
    "settings_of",
    "write_result",
]

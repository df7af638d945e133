"""``simfind versions FILE-OR-FOLDER``: near-duplicates as versions in order.

A file's versions are what ``scan FILE FOLDER`` finds similar to it in its folder; a
folder's, each group ``groups FOLDER`` finds. The engine finds them; the versions room
(core.versions) orders and links them; this writes them as a table or JSON.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from simfind.cli.base.arguments import EXIT_USAGE
from simfind.cli.base.output import ascii_only
from simfind.cli.base.running import run_engine, say, scan_options, write_rows
from simfind.cli.base.tables import write_versions_table
from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import counted, nothing_found, radius_too_wide
from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.base.paths import display_path, format_times, path_fields
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.index.candidates import RadiusTooWideError
from simfind.core.report.export import shared_text_field, write_json
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.core.scan.scanner import scan
from simfind.core.versions.chains import Version, Versions
from simfind.core.versions.files import group_files, reference_match, scan_files, versions_of

#: A group's versions as the command found them: the files (by path) and their versions.
Found = tuple[dict[Path, Match], Versions]


def _shown(path: Path, folder: Path, given: Path) -> Path:
    """A file below ``folder`` (absolute) as the user wrote that folder (``given``)."""
    try:
        return given / path.relative_to(folder)
    except ValueError:
        return path


def version_rows(found: Sequence[Found], folder: Path, given: Path) -> list[dict[str, Any]]:
    """Each group with its versions in time order, as plain values (JSON types)."""
    groups = []
    for number, (matches, versions) in enumerate(found, start=1):
        times = format_times([v.mtime_ns for v in versions.versions])
        members = []
        for version, modified in zip(versions.versions, times, strict=True):
            match = matches[version.path]
            step = version.step
            members.append(
                {
                    "order": version.order + 1,
                    "from": None if version.parent is None else version.parent + 1,
                    **path_fields(_shown(version.path, folder, given)),
                    "modified": modified,
                    "size": match.size,
                    "format": match.format,
                    "similarity": None
                    if version.similarity is None
                    else round(version.similarity, 4),
                    **_figure_notes(version),
                    "added": None if step is None else step.added,
                    "removed": None if step is None else step.removed,
                    "changed": None if step is None else step.changed,
                    "newest": version.newest,
                    "chain": version.chain + 1,
                    "depth": version.depth,
                    "tied": version.tied,
                }
            )
        groups.append(
            {
                "group": number,
                "files": len(members),
                "chains": versions.chains,
                "versions": members,
            }
        )
    return groups


def _figure_notes(version: Version) -> dict[str, Any]:
    """What scan's and groups' rows say of a figure: ``estimated`` where it is an
    estimate, ``similarity_alone`` where the folder's shared text moved it; nothing for
    the first of a chain."""
    if version.similarity is None:
        return {}
    notes: dict[str, Any] = {"estimated": True} if version.estimated else {}
    return notes | shared_text_field(version.similarity, version.alone, version.estimated)


def _file_versions(
    args: argparse.Namespace, file: Path, options: ScanOptions
) -> tuple[list[Found], list[Path], Path]:
    folder = file.parent
    result = run_engine(args, lambda ctx: scan(file, folder, options, ctx), [folder])
    files = scan_files(result)
    matches = {m.path: m for m in result.matches}
    if files[0][0] not in matches:  # the reference, where the scan did not list it
        matches[files[0][0]] = reference_match(files[0][0])
    found, unreadable = versions_of(files, options, result.boilerplate)
    return [(matches, found)], unreadable, folder


def _folder_versions(
    args: argparse.Namespace, folder: Path, options: ScanOptions, threshold: float
) -> tuple[list[Found], list[Path], int]:
    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.linkage.grouping import GroupingOptions

    grouping = GroupingOptions(threshold=threshold, radius=args.max_distance)
    result = run_engine(args, lambda ctx: find_groups([folder], options, grouping, ctx), [folder])
    found: list[Found] = []
    unreadable: list[Path] = []
    common: Boilerplate = result.boilerplate
    for group in result.groups:
        versions, lost = versions_of(group_files(group.files), options, common)
        unreadable += lost
        found.append(({m.path: m for m in group.files}, versions))
    return found, unreadable, result.files


def run_versions(args: argparse.Namespace) -> int:
    fmt = args.format or (
        "json" if args.output is not None and args.output.suffix.lower() == ".json" else "table"
    )
    given: Path = args.path
    if not given.exists():
        print(f"simfind: no such file or folder: {terminal_text(str(given))}", file=sys.stderr)
        return EXIT_USAGE
    threshold = DEFAULT_THRESHOLD if args.threshold is None else args.threshold
    is_file = not given.is_dir()
    options = scan_options(args, threshold, reference=given if is_file else None)
    absolute = Path(os.path.abspath(given))
    if is_file:
        found, unreadable, folder = _file_versions(args, absolute, options)
        shown_folder = given.parent
        files = len(found[0][1].versions)
    else:
        try:
            found, unreadable, files = _folder_versions(args, absolute, options, threshold)
        except RadiusTooWideError as exc:
            print(f"simfind: {radius_too_wide(exc)}", file=sys.stderr)
            return EXIT_USAGE
        folder, shown_folder = absolute, given
    for path in unreadable:
        shown = display_path(_shown(path, folder, shown_folder))
        say(f"{shown}: left out, it can no longer be read as text")
    groups = version_rows(found, folder, shown_folder)

    def emit(stream: TextIO) -> None:
        if fmt == "json":
            write_json(groups, stream, ascii_only(stream))
        else:
            write_versions_table(groups, stream)

    status = write_rows(args, fmt, emit, groups, ())
    if status == 0 and not args.quiet:
        say(_summary(groups, files, shown_folder))
    return status


def _summary(groups: list[dict[str, Any]], files: int, folder: Path) -> str:
    if not files:
        return nothing_found([display_path(folder)], 0)
    versions = sum(g["files"] for g in groups)
    chains = sum(g["chains"] for g in groups)
    newest = sum(1 for g in groups for v in g["versions"] if v["newest"])
    return (
        f"{counted(versions, 'version')} in {counted(chains, 'chain')} "
        f"({counted(len(groups), 'group')}); {counted(newest, 'newest version')}"
    )


__all__ = ["run_versions", "version_rows"]

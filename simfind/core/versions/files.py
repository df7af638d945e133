"""The files of a scan or of a group, read as drafts for ``chains.order_versions``.

A scan's versions are its reference and the files found similar to it; a group's, its
members. Each file is read as the scan read it (documents included unless text only);
one that can no longer be read as text is left out and named.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.base.errors import NotTextError
from simfind.core.compare import boilerplate as common
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.scan.match import file_match
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match
from simfind.core.text.reading import read_text
from simfind.core.versions.chains import Draft, Versions, order_versions


@dataclass(frozen=True)
class ReadDrafts:
    """The files read (their modified times as the walk saw them) and those that could not be."""

    drafts: list[Draft] = field(default_factory=list)
    unreadable: list[Path] = field(default_factory=list)


def read_drafts(files: Iterable[tuple[Path, int]], options: ScanOptions) -> ReadDrafts:
    """Each (path, modified time in ns) read as text."""
    found = ReadDrafts()
    for path, mtime_ns in files:
        try:
            text = read_text(path, options.max_bytes, documents=not options.text_only).text
        except NotTextError:
            found.unreadable.append(path)
            continue
        found.drafts.append(Draft(path, mtime_ns, text))
    return found


def scan_files(result: ScanResult) -> list[tuple[Path, int]]:
    """The reference and the files the scan found similar to it (each file once); a text
    given as the reference is no file, and no version: only the files then."""
    files = [(m.path, m.mtime_ns) for m in result.matches if m.is_reference]
    if not files and isinstance(result.reference, Path):
        files.append((result.reference, result.reference.stat().st_mtime_ns))
    files += [(m.path, m.mtime_ns) for m in result.matches if m.similar and not m.is_reference]
    return files


def reference_match(path: Path) -> Match:
    """The scan's reference as a file of its versions, where the scan did not list it (it
    lies outside the folder, or is left out by a pattern)."""
    info = path.stat()
    return file_match(path, path.name, info.st_size, info.st_mtime_ns)


def group_files(members: Iterable[Match]) -> list[tuple[Path, int]]:
    return [(m.path, m.mtime_ns) for m in members]


def versions_of(
    files: Iterable[tuple[Path, int]],
    options: ScanOptions,
    boilerplate: Boilerplate = common.NONE,
    cancelled: Callable[[], bool] = lambda: False,
) -> tuple[Versions, list[Path]]:
    """The files as versions, at the options' threshold, and the files left out."""
    read = read_drafts(files, options)
    found = order_versions(
        read.drafts, options.features, boilerplate, options.rank.threshold, cancelled
    )
    return found, read.unreadable


__all__ = [
    "ReadDrafts",
    "group_files",
    "read_drafts",
    "reference_match",
    "scan_files",
    "versions_of",
]

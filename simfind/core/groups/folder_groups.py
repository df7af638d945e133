"""Every group of near-duplicates in some folders: fingerprints propose, exact similarity decides.

Fingerprints come from the same walk, cache and pool as a scan (collect); then
grouping.group_files finds the candidate pairs, has them compared exactly
(comparing.file_comparer, in the pool when there is one) and forms the groups:
every two files of a group are verified similar, at the scan's threshold.
Each member comes with its exact similarity and its distance to its group's
centre. Files under a reference folder take part like the others and are
marked as such (``GroupsResult.protected``): nothing is ever to be done to
them, and a group made of them alone is not listed.
"""

from __future__ import annotations

import logging
import os
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.fingerprint.simhash import to_array
from simfind.core.groups.apart import Apart
from simfind.core.groups.file_comparer import cached_texts, file_comparer
from simfind.core.groups.grouping import (
    Compared,
    FileGroup,
    GroupingOptions,
    grouping_progress,
)
from simfind.core.groups.grouping import regroup as grouping_regroup
from simfind.core.groups.streaming import stream_groups
from simfind.core.ignore.files import sides_of
from simfind.core.ignore.pairs import IgnoreList, Kept
from simfind.core.index.candidates import check_radius, default_radius
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.runtime import collector_paused
from simfind.core.scan.context import ScanContext
from simfind.core.scan.fingerprinting import Fingerprinted
from simfind.core.scan.inputs import check_folder, check_listing
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.core.scan.scanner import collect
from simfind.core.scan.walk import Skipped

if TYPE_CHECKING:
    from simfind.core.results.since import SinceSaved

# The channel -v prints ("core.groups: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.groups")


@dataclass
class Group:
    """Near-duplicates: ``members[0]`` is the centre (``is_reference``); each member's
    ``similarity`` (exact) and ``distance`` (bits) are to it."""

    members: list[Match]

    @property
    def size(self) -> int:
        return sum(m.size for m in self.members)

    @property
    def reclaimable(self) -> int:
        """The space freed by keeping only the largest file of the group."""
        return self.size - max(m.size for m in self.members)

    @classmethod
    def of(cls, found: FileGroup, matches: Sequence[Match] | Mapping[int, Match]) -> Group:
        """The group the grouping rule found, its members' figures set on their matches
        (``matches`` indexed by the rows the grouping saw, at least its members')."""
        members = []
        for member in found.members:
            match = matches[member.row]
            match.similarity = member.similarity
            match.distance = member.distance
            match.similar = member.similarity is not None
            match.is_reference = member.row == found.centre
            members.append(match)
        # Identical: byte for byte the same as another file of the group.
        twins = Counter(m.digest for m in members if m.digest)
        for match in members:
            match.identical = match.digest is not None and twins[match.digest] > 1
        return cls(members)


@dataclass
class GroupsResult:
    #: The folders searched, absolute, then the reference folders.
    folders: list[Path]
    reference_folders: list[Path]
    bits: int
    #: Fingerprints within this many bits were compared exactly.
    radius: int
    threshold: float
    files: int = 0
    groups: list[Group] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    #: Pairs of distinct fingerprints compared, and exact comparisons made.
    candidates: int = 0
    compared: int = 0
    cancelled: bool = False
    elapsed: float = 0.0
    #: The text the files share widely, which counted little (boilerplate.py).
    boilerplate: Boilerplate = boilerplate.NONE
    #: What is needed to group the same files again at another threshold (``regroup``):
    #: every file found (as the grouping saw them, by row), what was compared, and how
    #: the files were read.
    found: list[Match] = field(default_factory=list)
    compared_pairs: Compared | None = None
    options: ScanOptions | None = None
    #: The ignore list the files were grouped with (None: none), and the pairs of files
    #: (rows of ``found``) it kept apart.
    ignored: IgnoreList | None = None
    kept_apart: list[Kept] = field(default_factory=list)
    #: Opened from a result file (core.results): when it was saved (ISO 8601; "" for a
    #: search's own), and its files that changed or vanished since, by path, which are
    #: never marked, kept for another or moved.
    saved: str = ""
    stale: dict[Path, SinceSaved] = field(default_factory=dict)

    def protected(self, match: Match) -> bool:
        """Whether the file lies under a reference folder (never to be marked or moved)."""
        return any(match.path.is_relative_to(folder) for folder in self.reference_folders)

    def root_of(self, match: Match) -> int:
        """The index, in folders + reference_folders, of the folder the file was found in."""
        roots = [*self.folders, *self.reference_folders]
        for index, root in enumerate(roots):
            if match.path.is_relative_to(root) and (root / match.rel) == match.path:
                return index
        return 0


@dataclass(frozen=True)
class GroupsFound:
    """Groups final before the search ends, handed on as their pairs are compared (the
    largest first): each is in the search's result at the end, the same object."""

    #: The search's result, still being filled: its folders, reference folders, bits and
    #: threshold hold (``protected`` answers); its groups come at the end.
    search: GroupsResult
    groups: list[Group]


#: Takes the groups found while the search goes on (``find_groups``' ``on_groups``).
GroupsCallback = Callable[[GroupsFound], None]


def _absolute(folders: Sequence[Path]) -> list[Path]:
    unique: list[Path] = []
    for folder in folders:
        path = Path(os.path.abspath(folder))
        if path not in unique:
            unique.append(path)
    return unique


_SLASH = os.sep == "/"


def _with_separator(folder: Path) -> str:
    """The folder as text, as its files' paths begin."""
    text = str(folder)
    return text if text.endswith(os.sep) else text + os.sep


def _by_path(found: list[Match], texts: list[str]) -> list[Match]:
    """The files in the order of their paths' bytes (``texts``: each one's path as text)."""
    keys = [os.fsencode(text) for text in texts]
    return [found[i] for i in sorted(range(len(found)), key=keys.__getitem__)]


def find_groups(
    folders: Path | Sequence[Path],
    options: ScanOptions,
    grouping: GroupingOptions | None = None,
    context: ScanContext | None = None,
    reference_folders: Sequence[Path] = (),
    on_groups: GroupsCallback | None = None,
    ignored: IgnoreList | None = None,
) -> GroupsResult:
    """All groups of near-duplicates among the text files below ``folders``.

    ``reference_folders`` are searched too; their files are compared like any
    other but marked protected. Two files the ``ignored`` list says are not
    duplicates are never in one group. ``on_groups`` takes groups as they become final
    (streaming.py), largest first, while others are still compared; the result
    holds them, the same objects, in its order. An explicit ``grouping.radius`` the index cannot
    serve raises candidates.RadiusTooWideError, before any file is read when the
    radius is too wide for any folder.
    """
    started = time.monotonic()
    context = context or ScanContext()
    grouping = grouping or GroupingOptions()
    searched = _absolute([folders] if isinstance(folders, Path) else list(folders))
    references = [f for f in _absolute(reference_folders) if f not in searched]
    bits = options.features.bits
    if grouping.radius is not None:
        check_radius(grouping.radius, bits)
    for folder in [*searched, *references]:
        check_folder(folder)
        check_listing(folder)
    result = GroupsResult(searched, references, bits, grouping.radius or 0, grouping.threshold)
    result.ignored = ignored
    found: list[Match] = []
    shown: dict[_Key, Group] = {}  # the groups handed on, by what they hold
    seen: set[tuple[int, int]] = set()
    # Each file's path as text, as the folder's and its relative path's (str() of each
    # path, parsed again from its parts, took 0.2 s of 100,000 files' order).
    texts: list[str] = []
    under = [""]  # the folder being walked, as text, with a separator at its end

    def on_fingerprint(item: Fingerprinted) -> None:
        entry = item.entry
        if (entry.dev, entry.ino) in seen:
            return  # a file under two of the folders given is one file
        seen.add((entry.dev, entry.ino))
        texts.append(under[0] + (entry.rel if _SLASH else entry.rel.replace("/", os.sep)))
        found.append(
            Match(
                entry.path,
                entry.rel,
                entry.size,
                entry.mtime_ns,
                item.encoding,
                item.fingerprint,
                format=item.format,
                sample=item.sample,
                ino=entry.ino,
                digest=item.digest,
            )
        )

    with collector_paused():
        for folder in [*searched, *references]:
            under[0] = _with_separator(folder)
            skipped, _ = collect(folder, options, on_fingerprint, context, sketches=False)
            result.skipped += skipped
            if context.cancelled:
                break
    result.files = len(found)
    result.cancelled = context.cancelled
    log.info(
        "groups: %d files fingerprinted, %d skipped in %.3f s",
        len(found),
        len(result.skipped),
        time.monotonic() - started,
    )
    result.boilerplate = boilerplate.of_samples([m.sample for m in found])
    if len(found) >= 2 and not result.cancelled:
        found = _by_path(found, texts)
        result.kept_apart = ignored.kept_apart(sides_of(found)) if ignored else []
        pool = context.executor
        own_pool = None
        if pool is None and pays_off(
            options.jobs, sum(m.size for m in found), max((m.size for m in found), default=0)
        ):
            pool = own_pool = make_pool(options.jobs)
        workers = max(1, options.jobs) if pool is not None else 1
        completed = False
        try:
            compare = file_comparer(
                [m.path for m in found],
                options.features,
                options.max_bytes,
                pool,
                workers,
                documents=not options.text_only,
                common=result.boilerplate,
                texts=cached_texts(context.cache, options, found),
            )
            outcome = stream_groups(
                to_array([m.fingerprint for m in found], bits),
                compare,
                lambda ready: _hand_on(result, found, ready, shown, on_groups),
                grouping,
                grouping_progress(context.progress),
                context.cancel,
                executor=pool,
                workers=workers,
                apart=Apart((k.a, k.b) for k in result.kept_apart),
            )
            completed = not outcome.cancelled
        finally:
            if own_pool is not None:
                own_pool.finish(completed)  # stopped: running comparisons are not waited for
        result.radius = outcome.radius
        result.candidates, result.compared = outcome.candidates, outcome.compared
        result.cancelled = outcome.cancelled
        result.found, result.compared_pairs, result.options = found, outcome.found, options
        result.groups = _groups(result, outcome.groups, shown)
    elif grouping.radius is None:
        result.radius = default_radius(bits)
    result.elapsed = time.monotonic() - started
    log.info(
        "groups: %d candidate pairs within %d bits, %d exact comparisons, %d groups; %.3f s in all",
        result.candidates,
        result.radius,
        result.compared,
        len(result.groups),
        result.elapsed,
    )
    return result


#: A FileGroup's members and their figures: a group handed on is found again by it.
_Key = tuple[tuple[int, float | None, int], ...]


def _key(found: FileGroup) -> _Key:
    return tuple((m.row, m.similarity, m.distance) for m in found.members)


def _hand_on(
    result: GroupsResult,
    files: list[Match],
    ready: list[FileGroup],
    shown: dict[_Key, Group],
    on_groups: GroupsCallback | None,
) -> None:
    """Groups become final during the search: made once (kept in ``shown`` for the result),
    handed to ``on_groups``."""
    rows = {member.row for file_group in ready for member in file_group.members}
    copies = {row: replace(files[row]) for row in sorted(rows)}
    groups = []
    for file_group in ready:
        group = Group.of(file_group, copies)
        if not all(result.protected(m) for m in group.members):
            shown[_key(file_group)] = group
            groups.append(group)
    if groups and on_groups is not None:
        on_groups(GroupsFound(result, groups))


def _groups(
    result: GroupsResult, found: list[FileGroup], shown: Mapping[_Key, Group] | None = None
) -> list[Group]:
    """The groups to list: each member a copy of its file with its figures to the centre
    (a group handed on during the search is that same object); not a group of protected
    files alone."""
    shown = shown or {}
    made = [shown.get(_key(file_group)) for file_group in found]
    # Copies of the grouped files only: of 100,000 files, copying all took a second.
    rows = {
        member.row
        for file_group, group in zip(found, made, strict=True)
        if group is None
        for member in file_group.members
    }
    copies = {row: replace(result.found[row]) for row in sorted(rows)}
    groups = [
        group if group is not None else Group.of(file_group, copies)
        for file_group, group in zip(found, made, strict=True)
    ]
    return [g for g in groups if not all(result.protected(m) for m in g.members)]


def regroup(
    result: GroupsResult,
    threshold: float,
    context: ScanContext | None = None,
    ignored: IgnoreList | None = None,
) -> GroupsResult:
    """The groups of the same files at another threshold, with nothing walked or searched
    again: from the similarities the search found, the few members new to a centre
    compared now (in this process). Kept apart: the pairs of the ``ignored`` list (the
    result's where None; pairs set apart since become not similar, pairs no longer on it
    are still not compared). A result that cannot be regrouped (cancelled, or of
    fewer than two files) is returned as it is, with the new threshold."""
    context = context or ScanContext()
    if result.compared_pairs is None or result.options is None:
        return replace(result, threshold=threshold)
    options = result.options
    compare = file_comparer(
        [m.path for m in result.found],
        options.features,
        options.max_bytes,
        documents=not options.text_only,
        common=result.boilerplate,
    )
    ignored = result.ignored if ignored is None else ignored
    kept = ignored.kept_apart(sides_of(result.found)) if ignored else []
    apart = Apart((k.a, k.b) for k in kept)
    outcome = grouping_regroup(
        result.compared_pairs, threshold, compare, None, None, context.cancel, apart
    )
    if outcome.cancelled:
        return result
    again = replace(result, threshold=threshold, compared=result.compared + outcome.compared)
    again.compared_pairs = outcome.found or result.compared_pairs
    again.ignored, again.kept_apart = ignored, kept
    again.groups = _groups(again, outcome.groups)
    return again


__all__ = ["Group", "GroupsCallback", "GroupsFound", "GroupsResult", "find_groups", "regroup"]

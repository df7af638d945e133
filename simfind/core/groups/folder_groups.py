"""Every group of near-duplicates in some folders: fingerprints propose, exact similarity decides.

Fingerprints come from the same walk, cache and pool as a scan (collect); then
grouping.group_files finds the candidate pairs, has them compared exactly
(file_comparer, in the pool when there is one) and forms the groups:
every two files of a group are verified similar, at the scan's threshold.
Each member comes with its exact similarity and its distance to its group's
centre. Files under a reference folder take part like the others and are
marked as such (``GroupsResult.protected``): nothing is ever to be done to
them, and a group made of them alone is not listed.

Identical files of any kind are found beside them (identical.py: by size, then the
first and last blocks, then all the bytes), from the same walk: a set of files not
read as text (images, archives, installers) is a group of its own, a set of text files
takes part in the grouping as one file, its copies following it into its group
(same_bytes.py). Each group says what it is (kinds.py): identical, the same text, or
near-duplicates.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

from simfind.core.base.paths import FileVersion, with_separator
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.reading import ReadingSettings
from simfind.core.fingerprint.simhash import to_array
from simfind.core.groups import grouping_memo
from simfind.core.groups.catalogued import (
    Catalogued,
    catalogue_comparer,
    load_catalogues,
    mark_estimates,
    split_sources,
)
from simfind.core.groups.group import FolderSearch, Group
from simfind.core.groups.identical_apart import groups_apart, rows_apart
from simfind.core.groups.identical_memo import memo_key
from simfind.core.groups.identical_search import (
    WalkedFolders,
    byte_groups,
    hashed_sets,
    reported,
    search_identical,
    searched_folders,
    walk_all,
)
from simfind.core.groups.same_bytes import path_order, split_sets
from simfind.core.groups.shared_text import with_alone
from simfind.core.ignore.pairs import IgnoreList, Kept
from simfind.core.index.candidates import check_radius, default_radius
from simfind.core.linkage.apart import Apart
from simfind.core.linkage.grouping import (
    Compared,
    FileGroup,
    Grouping,
    GroupingOptions,
    grouping_progress,
)
from simfind.core.linkage.grouping import regroup as grouping_regroup
from simfind.core.runs.jobs import make_pool, pays_off
from simfind.core.runs.progress import Reporter
from simfind.core.runs.runtime import collector_paused
from simfind.core.scan.context import ScanContext
from simfind.core.scan.file_digests import Hashes
from simfind.core.scan.fingerprinting import Fingerprinted, SkippedRead
from simfind.core.scan.identical import (
    IdenticalFiles,
    IdenticalOptions,
    SameFiles,
    distinct_files,
)
from simfind.core.scan.match import walked_match
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match
from simfind.core.scan.scanner import collect
from simfind.core.scan.walk import FileEntry, Skipped

if TYPE_CHECKING:
    from simfind.core.groups.file_comparer import AloneFigures
    from simfind.core.groups.since import SinceSaved

# The channel -v prints ("core.groups: ..."): named as before the module moved.
log = logging.getLogger("simfind.core.groups")


@dataclass
class GroupsResult(FolderSearch):
    """What a search for near-duplicates (and identical files) found, with what it compared."""

    #: Fingerprints within this many bits were compared exactly.
    radius: int
    threshold: float
    #: Pairs of distinct fingerprints compared, and exact comparisons made.
    candidates: int = 0
    compared: int = 0
    #: Pairs with a catalogued file whose drive is away, compared by an estimate alone
    #: (not counted in ``compared``).
    estimated: int = 0
    #: The catalogues' files among ``found`` (None: no catalogue was searched), which a
    #: regrouping compares as the search did.
    catalogued: Catalogued | None = None
    #: The text the files share widely, which counts for nothing where both have it
    #: (boilerplate.py).
    boilerplate: Boilerplate = boilerplate.NONE
    #: What is needed to group the same files again at another threshold (``regroup``):
    #: every file found (as the grouping saw them, by row), what was compared, and how
    #: the files were read.
    found: list[Match] = field(default_factory=list)
    compared_pairs: Compared | None = None
    options: ScanOptions | None = None
    #: How the files were read (bits, documents, scripts, the text they share): set once,
    #: as the search ends (or from a result file); what a diff of its files takes.
    reading: ReadingSettings | None = None
    #: The groups of identical files not read as text, as found (kept for ``regroup``).
    identical: list[Group] = field(default_factory=list)
    #: The copies of each text file the grouping saw (by its row in ``found``): files with
    #: its bytes, which follow it into its group.
    twins: dict[int, list[Match]] = field(default_factory=dict)
    #: The ignore list the files were grouped with (None: none), and the pairs of files
    #: (rows of ``found``) it kept apart.
    ignored: IgnoreList | None = None
    kept_apart: list[Kept] = field(default_factory=list)
    #: Opened from a result file (core.results): when it was saved (ISO 8601; "" for a
    #: search's own), and its files that changed or vanished since, by path, which are
    #: never marked, kept for another or moved.
    saved: str = ""
    stale: dict[Path, SinceSaved] = field(default_factory=dict)


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


_SLASH = os.sep == "/"


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
    identical: IdenticalOptions | None = None,
    ignored: IgnoreList | None = None,
) -> GroupsResult:
    """All groups of near-duplicates among the text files below ``folders``, and of
    identical files of any kind.

    ``reference_folders`` are searched too; their files are compared like any
    other but marked protected. Two files the ``ignored`` list says are not
    duplicates are never in one group. ``on_groups`` takes groups as they become final
    (streaming.py), largest first, while others are still compared; the result
    holds them, the same objects, in its order. An explicit ``grouping.radius`` the index cannot
    serve raises candidates.RadiusTooWideError, before any file is read when the
    radius is too wide for any folder.

    ``identical`` (IdenticalOptions(), by default) says which identical files are looked
    for: of every kind, or (``only``) nothing else, no file read as text. Where
    ``options.text_only`` is set, only the files read as text are: identical texts are
    known by the bytes read for them, and no other file is read.
    """
    started = time.monotonic()
    context = context or ScanContext()
    grouping = grouping or GroupingOptions()
    identical = identical or IdenticalOptions()
    bits = options.features.bits
    if grouping.radius is not None:
        check_radius(grouping.radius, bits)
    if identical.only:  # nothing read as text
        alone = search_identical(
            folders, options.walk, context, reference_folders, identical, ignored
        )
        kept = {f.name: getattr(alone, f.name) for f in fields(FolderSearch)}
        radius = grouping.radius or default_radius(bits)
        only = GroupsResult(**kept | {"bits": bits}, radius=radius, threshold=grouping.threshold)
        only.ignored, only.reading = ignored, options.reading()
        return only
    plain, catalogue_paths = split_sources([folders] if isinstance(folders, Path) else folders)
    # A catalogue given as a reference folder is one: its files are never marked anyway.
    reference_folders, also = split_sources(reference_folders)
    catalogue_paths += [path for path in also if path not in catalogue_paths]
    loaded = load_catalogues(catalogue_paths, options)
    searched, references = searched_folders(plain, reference_folders)
    result = GroupsResult(
        [*searched, *catalogue_paths], references, bits, grouping.radius or 0, grouping.threshold
    )
    result.ignored = ignored
    result.options = options
    result.by_bytes = not options.text_only
    walked = walk_all([*searched, *references], options.walk, context, identical.min_size)
    entries = [entry for _, files, _ in walked for entry in files]
    asked = None  # the question and the walk, where an answer may be kept (grouping_memo)
    if not loaded.matches and context.cache is not None and not context.cancelled:
        question = grouping_memo.memo_key(
            searched, references, options, grouping, identical, ignored
        )
        asked = (question, grouping_memo.walked_digest(walked))
    remembered = None if asked is None else grouping_memo.recall(context.cache, *asked, entries)
    if remembered is not None:
        log.info("groups: the answer kept for these folders, no file changed")
        Reporter(context.progress, len(entries), 0).emit("", force=True)
        kept_files = remembered.files
        got = _Files(*_kept_files(result, kept_files, on_groups), kept_files.sets)
    else:
        got = _files_found(
            result, walked, entries, options, context, identical, ignored, on_groups, loaded
        )
    found = got.found
    result.cancelled = context.cancelled
    log.info(
        "groups: %d files, %d fingerprinted, %d read for their hashes (%d bytes), "
        "%d skipped in %.3f s",
        result.files,
        result.text_files,
        result.hashed_files,
        result.hashed_bytes,
        len(result.skipped),
        time.monotonic() - started,
    )
    result.reading = options.reading(result.boilerplate)  # before groups are handed on
    shown: dict[_Key, Group] = {}  # the groups handed on, by what they hold
    result.twins, result.found = got.twins, found
    if len(found) >= 2 and not result.cancelled:
        result.kept_apart = rows_apart(ignored, found, result.twins) if ignored else []
        fingerprints = to_array([m.fingerprint for m in found], bits)
        again = None if remembered is None else remembered.grouping(fingerprints)
        known: grouping_memo.Alone | None = None
        figures: AloneFigures | None = None
        if again is not None:
            outcome, known = again
            _hand_on(result, found, outcome.groups, shown, on_groups)
        else:
            from simfind.core.groups.file_comparer import AloneFigures

            figures = None if result.boilerplate.empty else AloneFigures()
            outcome = _grouped(
                result,
                found,
                fingerprints,
                loaded,
                shown,
                options,
                grouping,
                context,
                on_groups,
                figures,
            )
        result.radius = outcome.radius
        result.candidates, result.estimated = outcome.candidates, loaded.estimates
        result.compared = outcome.compared - loaded.estimates
        result.cancelled = outcome.cancelled
        result.compared_pairs, result.options = outcome.found, options
        result.catalogued = loaded if loaded.matches else None
        result.groups = _groups(result, outcome.groups, shown)
        mark_estimates(result.groups, loaded)
        if not result.cancelled:
            counted = with_alone(
                result.groups,
                found,
                result.twins,
                result.boilerplate,
                options,
                context.cache,
                known,
                None if figures is None else figures.pairs(),
            )
            if asked is not None and again is None and not got.failed:  # what it found kept
                files = grouping_memo.KeptFiles(
                    found,
                    result.twins,
                    got.sets,
                    result.skipped,
                    result.text_files,
                    result.files,
                    result.copies_apart,
                    result.boilerplate,
                )
                grouping_memo.keep(context.cache, *asked, outcome, counted, files, entries)
    else:
        if grouping.radius is None:
            result.radius = default_radius(bits)
        result.groups = _groups(result, [], shown)
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


class _Files(NamedTuple):
    """The files walked, found out: the texts to group (by row, in the order of their
    paths), the copies that follow each row, the sets of identical files not read as
    text, and the files whose bytes could not be read (then no answer is kept)."""

    found: list[Match]
    twins: dict[int, list[Match]]
    sets: list[IdenticalFiles]
    failed: Sequence[Skipped] = ()


def _files_found(
    result: GroupsResult,
    walked: WalkedFolders,
    entries: list[FileEntry],
    options: ScanOptions,
    context: ScanContext,
    identical: IdenticalOptions,
    ignored: IgnoreList | None,
    on_groups: GroupsCallback | None,
    loaded: Catalogued,
) -> _Files:
    """The files walked, found out: every text fingerprinted (from the cache or read),
    the sets of identical files (their groups in ``result.identical``, handed on), the
    folders' shared text; the texts to group, by row in the order of their paths, the
    copies that follow each row (``_Files``)."""
    files, links = distinct_files(entries)
    found, texts = _read_texts(result, walked, options, context, files, links)
    result.text_files = len(found)
    by_bytes = result.by_bytes
    result.files = len(files) if by_bytes else len(found)
    # The files of every set of identical files: any file, or the texts alone.
    hashes = Hashes(context.cache, context.cancel, context.progress)
    if not context.cancelled:
        search = SameFiles(entries if by_bytes else _entries_of(entries, found), identical)
        key = memo_key([folder for folder, _, _ in walked], identical, texts_only=not by_bytes)
        cut = hashed_sets(
            search,
            walked,
            hashes,
            key,
            lambda known: _know_read(known, files, found, result.skipped),
            ignored,
        )
        sets, result.copies_apart = cut.sets, len(cut.kept)
        result.hashed_files, result.hashed_bytes = hashes.read_files, hashes.read_bytes
        split = split_sets([] if context.cancelled else sets, {m.path: m for m in found})
        result.identical = byte_groups(result, split.byte_sets)
        if result.identical and on_groups is not None:
            on_groups(GroupsFound(result, list(result.identical)))
        if split.twin_ids:  # copies of a text leave the grouping: they follow it
            kept_rows = [i for i, m in enumerate(found) if id(m) not in split.twin_ids]
            found, texts = [found[i] for i in kept_rows], [texts[i] for i in kept_rows]
    else:
        split = split_sets([], {})
    result.skipped = reported(result.skipped, hashes.failed, by_bytes)
    if loaded.matches and not context.cancelled:  # a catalogue's texts (no bytes to hash)
        found = [*found, *loaded.matches]
        texts = [*texts, *(os.fspath(m.path) for m in loaded.matches)]
        result.text_files += len(loaded.matches)
        result.files += len(loaded.matches)
    result.boilerplate = boilerplate.of_samples([m.sample for m in found])
    if len(found) >= 2 and not context.cancelled:
        found = _by_path(found, texts)
    twins = {row: split.twins[id(m)] for row, m in enumerate(found) if id(m) in split.twins}
    return _Files(found, twins, split.byte_sets, hashes.failed)


def _kept_files(
    result: GroupsResult, kept: grouping_memo.KeptFiles, on_groups: GroupsCallback | None
) -> tuple[list[Match], dict[int, list[Match]]]:
    """``result`` filled with what the walk's files were found to be when the answer was
    kept (its groups of identical files handed on); the texts to group, by row, and the
    copies that follow each row."""
    result.text_files, result.files = kept.text_files, kept.files
    result.copies_apart, result.skipped = kept.copies_apart, kept.skipped
    result.boilerplate = kept.common
    result.identical = byte_groups(result, kept.sets)
    if result.identical and on_groups is not None:
        on_groups(GroupsFound(result, list(result.identical)))
    return kept.found, kept.twins


def _grouped(
    result: GroupsResult,
    found: list[Match],
    fingerprints: npt.NDArray[np.uint64],
    loaded: Catalogued,
    shown: dict[_Key, Group],
    options: ScanOptions,
    grouping: GroupingOptions,
    context: ScanContext,
    on_groups: GroupsCallback | None,
    figures: AloneFigures | None = None,
) -> Grouping:
    """The files grouped: candidate pairs searched and compared exactly (in a pool where
    it pays off), each group handed on as it becomes final (``figures`` gathers the pairs'
    figures with nothing discounted)."""
    # The grouping's engine, loaded where the files are grouped (not for an answer kept).
    from simfind.core.groups.file_comparer import cached_texts, file_comparer
    from simfind.core.linkage import streaming

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
            alone=figures,
        )
        if loaded.matches:
            compare = catalogue_comparer(compare, found, loaded, options, result.boilerplate)
        outcome = streaming.stream_groups(
            fingerprints,
            compare,
            lambda ready: _hand_on(result, found, ready, shown, on_groups),
            grouping,
            grouping_progress(context.progress),
            context.cancel,
            executor=pool,
            workers=workers,
            weights=_weights(len(found), result.twins),
            apart=Apart((k.a, k.b) for k in result.kept_apart),
        )
        completed = not outcome.cancelled
    finally:
        if own_pool is not None:
            own_pool.finish(completed)  # stopped: running comparisons are not waited for
    return outcome


def _weights(rows: int, twins: Mapping[int, list[Match]]) -> npt.NDArray[np.int64] | None:
    """How many files each row stands for: itself and its twins (None: one each)."""
    if not twins:
        return None
    weights = np.ones(rows, dtype=np.int64)
    for row, copies in twins.items():
        weights[row] += len(copies)
    return weights


def _read_texts(
    result: GroupsResult,
    walked: WalkedFolders,
    options: ScanOptions,
    context: ScanContext,
    files: Sequence[FileEntry],
    links: Mapping[int, list[FileEntry]],
) -> tuple[list[Match], list[str]]:
    """Every text file fingerprinted, from the cache or read (``result.skipped`` gets the
    rest): each as a Match, with its path as text (as its folder's and its relative
    path's). Of ``files`` only (the first name of each file): its other names are links."""
    distinct = {id(entry) for entry in files}
    found: list[Match] = []
    seen: set[tuple[int, int] | str] = set()
    # Each file's path as text, as the folder's and its relative path's (str() of each
    # path, parsed again from its parts, took 0.2 s of 100,000 files' order).
    texts: list[str] = []
    under = [""]  # the folder being walked, as text, with a separator at its end

    def on_fingerprint(item: Fingerprinted) -> None:
        entry = item.entry
        text = under[0] + (entry.rel if _SLASH else entry.rel.replace("/", os.sep))
        identity = (entry.dev, entry.ino) if entry.ino else text
        if identity in seen:
            return  # a file under two of the folders given, or by two names, is one file
        seen.add(identity)
        texts.append(text)
        named = links.get(id(entry))
        found.append(
            walked_match(
                entry,
                item.encoding,
                item.fingerprint,
                format=item.format,
                sample=item.sample,
                digest=item.digest if item.read in (None, FileVersion.of(entry)) else None,
                links=tuple(link.path for link in named) if named else (),
                dev=entry.dev,
            )
        )

    with collector_paused():
        for folder, entries, skips in walked:
            under[0] = with_separator(folder)
            own = [entry for entry in entries if id(entry) in distinct]
            skipped, _ = collect(
                folder, options, on_fingerprint, context, (own, skips), sketches=False
            )
            result.skipped += skipped
            if context.cancelled:
                break
    return found, texts


def _entries_of(entries: Sequence[FileEntry], found: Sequence[Match]) -> list[FileEntry]:
    """The files read as text, as walked, and their other names."""
    paths = {m.path for m in found}
    files = {(m.dev, m.ino) for m in found if m.ino}
    return [e for e in entries if e.path in paths or (e.ino and (e.dev, e.ino) in files)]


def _know_read(
    hashes: Hashes, files: Sequence[FileEntry], found: Sequence[Match], skipped: Sequence[Skipped]
) -> None:
    """The hashes of the files read whole already (fingerprinted, or found to be no text),
    where each was the version walked: they are not read again."""
    by_path = {entry.path: entry for entry in files}
    for match in found:
        entry = by_path.get(match.path)
        if entry is not None and match.digest:
            hashes.know(entry, FileVersion.of(entry), match.digest)
    for skip in skipped:
        entry = by_path.get(skip.path)
        if entry is None:
            continue
        if skip.detail is not None and skip.detail.format:
            hashes.name(entry, skip.detail.format)  # a zip, an image; a scanned PDF
        if isinstance(skip, SkippedRead):
            hashes.know(entry, skip.version, skip.digest)


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
    groups = []
    for file_group in ready:
        group = Group.of(file_group, files, result.twins)
        if not all(result.protected(m.match) for m in group.members):
            shown[_key(file_group)] = group
            groups.append(group)
    if groups and on_groups is not None:
        on_groups(GroupsFound(result, groups))


def _groups(
    result: GroupsResult, found: list[FileGroup], shown: Mapping[_Key, Group] | None = None
) -> list[Group]:
    """The groups to list: each member its file with its figures to the centre (a group
    handed on during the search is that same object), followed by its copies;
    the identical files that are in none of them, as groups of their own; not a group of
    protected files alone. The most files first (the order found among equals)."""
    shown = shown or {}
    made = [shown.get(_key(file_group)) for file_group in found]
    groups = [
        group if group is not None else Group.of(file_group, result.found, result.twins)
        for file_group, group in zip(found, made, strict=True)
    ]
    grouped = {member.row for file_group in found for member in file_group.members}
    for row, twins in result.twins.items():
        if row not in grouped:  # identical texts near no other: a group of their own
            groups.append(Group.alone([result.found[row], *sorted(twins, key=path_order)]))
    groups += result.identical
    # The most files first; among equals, by their centres' paths (the grouping's order).
    groups.sort(key=lambda group: (-len(group.members), path_order(group.members[0].match)))
    return [g for g in groups if not all(result.protected(m.match) for m in g.members)]


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
    are still not compared); groups of identical files are cut by its pairs of copies
    (identical_apart.groups_apart). A result that cannot be regrouped (cancelled, or of
    fewer than two files) is returned as it is, with the new threshold."""
    from simfind.core.groups.file_comparer import file_comparer

    context = context or ScanContext()
    if result.compared_pairs is None or result.options is None:
        again = replace(result, threshold=threshold)
        if ignored is not None and not result.cancelled:  # identical files cut by the list
            again.ignored = ignored
            if result.identical:
                again.identical = groups_apart(result.identical, ignored)
                again.groups = _groups(again, [])
            elif not result.found:  # identical files alone (``IdenticalOptions.only``)
                again.groups = groups_apart(result.groups, ignored)
        return again
    options = result.options
    compare = file_comparer(
        [m.path for m in result.found],
        options.features,
        options.max_bytes,
        documents=not options.text_only,
        common=result.boilerplate,
    )
    loaded = result.catalogued
    estimates = 0 if loaded is None else loaded.estimates
    if loaded is not None:
        compare = catalogue_comparer(compare, result.found, loaded, options, result.boilerplate)
    ignored = result.ignored if ignored is None else ignored
    kept = rows_apart(ignored, result.found, result.twins) if ignored else []
    apart = Apart((k.a, k.b) for k in kept)
    outcome = grouping_regroup(
        result.compared_pairs, threshold, compare, None, None, context.cancel, apart
    )
    if outcome.cancelled:
        return result
    more = 0 if loaded is None else loaded.estimates - estimates  # of this regrouping's pairs
    again = replace(
        result,
        threshold=threshold,
        compared=result.compared + outcome.compared - more,
        estimated=result.estimated + more,
    )
    again.compared_pairs = outcome.found or result.compared_pairs
    again.ignored, again.kept_apart = ignored, kept
    again.identical = groups_apart(result.identical, ignored)
    again.groups = _groups(again, outcome.groups)
    if loaded is not None:
        mark_estimates(again.groups, loaded)
    with_alone(again.groups, again.found, again.twins, again.boilerplate, options, context.cache)
    return again


__all__ = ["Group", "GroupsCallback", "GroupsFound", "GroupsResult", "find_groups", "regroup"]

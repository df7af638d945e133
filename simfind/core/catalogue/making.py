"""Make a catalogue of folders, bring one up to date (only the files that changed are
read), merge catalogues.

The files are walked and fingerprinted as a scan does (folders.walk_folder,
fingerprinting.fingerprint_entries: the fingerprint cache serves the unchanged), and
only text files are kept: those a scan and a grouping compare.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from simfind import __version__
from simfind.core.base.errors import NotTextError
from simfind.core.base.paths import FileVersion
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cache.catalogue_store import (
    About,
    Entry,
    compress_text,
    open_catalogue,
    write_catalogue,
)
from simfind.core.cache.outcomes import CachedOutcome
from simfind.core.scan import folders
from simfind.core.scan.context import ScanContext
from simfind.core.scan.fingerprinting import Fingerprinted, fingerprint_entries
from simfind.core.scan.inputs import check_folder
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.walk import FileEntry
from simfind.core.text.reading import read_text


@dataclass(frozen=True)
class Made:
    """What making (or updating, or merging) a catalogue did."""

    path: Path
    files: int  # text files catalogued
    size: int  # their bytes on the drive
    read: int  # files read for it (the rest were unchanged: from the catalogue or cache)
    removed: int = 0  # files catalogued before that are gone
    skipped: int = 0  # entries of the folders that are no text (or could not be read)
    cancelled: bool = False


def make_catalogue(
    roots: Sequence[Path],
    output: Path,
    options: ScanOptions,
    context: ScanContext | None = None,
    with_texts: bool = False,
) -> Made:
    """A new catalogue of ``roots`` at ``output`` (replacing what is there, once done)."""
    context = context or ScanContext()
    absolute = [Path(os.path.abspath(root)) for root in roots]
    for root in absolute:
        check_folder(root)
    return _catalogue(absolute, output, options, context, with_texts, {}, {})


def update_catalogue(path: Path, options: ScanOptions, context: ScanContext | None = None) -> Made:
    """The catalogue at ``path`` made current: its folders walked again, only the files
    new or changed read. Each folder must be where it was (ROOT_MISSING, and the catalogue
    left as it was, if one is not: a drive not plugged in is no folder emptied)."""
    context = context or ScanContext()
    with open_catalogue(path) as old:
        _same_settings(old.about, options, path)
        for root in old.about.roots:
            if not root.is_dir():
                raise CatalogueError(CatalogueProblem.ROOT_MISSING, path, os.fspath(root))
        known = {(e.root, e.rel): e.outcome for e in old.entries()}
        texts = {(root, rel): blob for root, rel, blob in old.texts()}
        about = old.about
    return _catalogue(list(about.roots), path, options, context, about.with_texts, known, texts)


def merge_catalogues(sources: Sequence[Path], output: Path) -> Made:
    """One catalogue holding all of ``sources``' folders (a folder in several: the file's
    newest row). Their settings must agree; texts are kept where all kept them."""
    entries: dict[tuple[Path, str], Entry] = {}
    texts: dict[tuple[Path, str], bytes] = {}
    roots: list[Path] = []
    first: About | None = None
    every_text = True
    for source in sources:
        with open_catalogue(source) as catalogue:
            about = catalogue.about
            if first is None:
                first = about
            elif about.settings != first.settings or about.bits != first.bits:
                raise CatalogueError(CatalogueProblem.SETTINGS, source, first.settings)
            every_text = every_text and about.with_texts
            for root in about.roots:
                if root not in roots:
                    roots.append(root)
            for entry in catalogue.entries():
                key = (about.roots[entry.root], entry.rel)
                there = entries.get(key)
                newest = (
                    there is None
                    or there.outcome.version.mtime_ns <= entry.outcome.version.mtime_ns
                )
                if newest:
                    entries[key] = entry
            for index, rel, blob in catalogue.texts():
                texts[(about.roots[index], rel)] = blob
    assert first is not None, "no catalogue to merge"
    place = {root: i for i, root in enumerate(roots)}
    merged = [replace(e, root=place[key[0]]) for key, e in sorted(entries.items())]
    kept = [(place[r], rel, blob) for (r, rel), blob in texts.items() if (r, rel) in entries]
    made = About(first.settings, first.bits, tuple(roots), time.time(), __version__, every_text)
    write_catalogue(output, made, merged, kept if every_text else ())
    size = sum(e.outcome.version.size for e in merged)
    return Made(output, len(merged), size, 0)


def _same_settings(about: About, options: ScanOptions, path: Path) -> None:
    if about.settings != options.job.cache_key() or about.bits != options.features.bits:
        raise CatalogueError(CatalogueProblem.SETTINGS, path, about.settings)


def _catalogue(
    roots: list[Path],
    output: Path,
    options: ScanOptions,
    context: ScanContext,
    with_texts: bool,
    known: dict[tuple[int, str], CachedOutcome],
    old_texts: dict[tuple[int, str], bytes],
) -> Made:
    entries: list[Entry] = []
    texts: list[tuple[int, str, bytes]] = []
    read = skipped = 0
    for index, root in enumerate(roots):
        walked, skips = folders.walk_folder(root, options.walk, context)
        skipped += len(skips)
        todo: list[FileEntry] = []
        for entry in walked:
            hit = known.get((index, entry.rel))
            if hit is not None and hit.version == FileVersion.of(entry):
                entries.append(Entry(index, entry.rel, hit))
                blob = old_texts.get((index, entry.rel))
                if with_texts and blob is not None:
                    texts.append((index, entry.rel, blob))
                continue
            todo.append(entry)
        for item in fingerprint_entries(todo, options.job, context, root):
            if not isinstance(item, Fingerprinted):
                skipped += 1
                continue
            if not item.cached:
                read += 1
            outcome = _outcome(item)
            entries.append(Entry(index, item.entry.rel, outcome))
            if with_texts:
                blob = _text_of(item.entry, outcome.version, options)
                if blob is not None:
                    texts.append((index, item.entry.rel, blob))
        if context.cancelled:
            return Made(output, 0, 0, read, cancelled=True)
    about = About(
        options.job.cache_key(),
        options.features.bits,
        tuple(roots),
        time.time(),
        __version__,
        with_texts,
    )
    entries.sort(key=lambda e: (e.root, e.rel))
    write_catalogue(output, about, entries, texts)
    removed = len(set(known) - {(e.root, e.rel) for e in entries})
    size = sum(e.outcome.version.size for e in entries)
    return Made(output, len(entries), size, read, removed, skipped)


def _outcome(item: Fingerprinted) -> CachedOutcome:
    entry = item.entry
    version = FileVersion.of(entry)
    digest = item.digest if item.read in (None, version) else None
    return CachedOutcome(
        version,
        item.fingerprint,
        item.encoding,
        None,
        item.format,
        item.sketch,
        item.sample,
        digest,
    )


def _text_of(entry: FileEntry, version: FileVersion, options: ScanOptions) -> bytes | None:
    """The file's text as a scan reads it, compressed; None where it is no longer that
    version or no longer text (it changed since it was fingerprinted)."""
    with contextlib.suppress(NotTextError, OSError):
        decoded = read_text(entry.path, options.max_bytes, documents=not options.text_only)
        if decoded.version == version:
            return compress_text(decoded.text)
    return None

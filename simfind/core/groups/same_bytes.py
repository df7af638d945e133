"""The sets of identical files a search found (identical.py), as its groups need them.

A set whose files were not read as text (images, archives, installers, a PDF without
text) is a group of its own, its first file the centre. A set of text files takes part
in the near-duplicate grouping as one file, its first (``rep``): its copies are neither
fingerprinted into the grouping nor compared exactly with anything; they are the rep's
``twins``, and follow it into its group with its figures (they have its bytes, so its
text). A set whose rep joins no near-duplicate group is a group of its own too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from simfind.core.scan.identical import IdenticalFiles, byte_match
from simfind.core.scan.match import Match


def byte_group(found: IdenticalFiles) -> list[Match]:
    """The set's files as a group's (Group.alone): its first file the centre."""
    return [
        byte_match(entry, found.digest, found.kind, links)
        for entry, links in zip(found.files, found.links, strict=True)
    ]


@dataclass
class SameBytes:
    """The sets found, split: groups of files not read as text, and the copies of texts."""

    #: Each set not read as text.
    byte_sets: list[IdenticalFiles] = field(default_factory=list)
    #: A text's copies (its twins), by the ``id`` of the text's own Match (its rep).
    twins: dict[int, list[Match]] = field(default_factory=dict)
    #: The ``id`` of every text Match that is a twin: it leaves the grouping.
    twin_ids: set[int] = field(default_factory=set)


def split_sets(sets: Sequence[IdenticalFiles], texts: Mapping[Path, Match]) -> SameBytes:
    """``sets`` split by whether their files were read as text (``texts``: each text
    file's Match, by path): the text file of a set first by its path's bytes (as the
    grouping orders files, so that it stands where the first of them stood) is its rep,
    the rest its twins (a file of a text set that was not read as text, a read that
    failed, takes the rep's text)."""
    split = SameBytes()
    for found in sets:
        reps = [texts[entry.path] for entry in found.files if entry.path in texts]
        if not reps:
            split.byte_sets.append(found)
            continue
        rep = min(reps, key=path_order)
        twins = []
        for entry, links in zip(found.files, found.links, strict=True):
            own = texts.get(entry.path)
            if own is rep:
                continue
            if own is None:
                own = replace(rep, path=entry.path, rel=entry.rel, mtime_ns=entry.mtime_ns)
                own.ino, own.ctime_ns, own.dev = entry.ino, entry.ctime_ns, entry.dev
                own.links = tuple(link.path for link in links)
            else:
                split.twin_ids.add(id(own))
            own.digest = found.digest
            twins.append(own)
        rep.digest = found.digest
        split.twins[id(rep)] = twins
    return split


def path_order(match: Match) -> bytes:
    """A file's place in the order of its path's bytes (the grouping's order of files)."""
    return os.fsencode(match.path)


__all__ = ["SameBytes", "byte_group", "path_order", "split_sets"]

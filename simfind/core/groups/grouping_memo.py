"""A search for groups' answer, kept for the same question about the same folders as
walked: a second search of an unchanged folder reads no fingerprint, hashes no file and
compares nothing again.

The search (folder_groups.find_groups) depends on the question (the folders, the
reading and grouping settings, what identical files are looked for, the ignore list,
the code that answers) and on the files as they are. As the scan's memo does
(scan/memo.py), the answer is kept under the question with the digest of the walk:
each file's path, size, times, inode and change time, and each entry skipped and why
(scan_memo.walk_digest, folder by folder). A file touched, added or removed, even
rewritten to the same size with its time set back (its change time moves), and the
digest differs: the files are fingerprinted, hashed and grouped as any search does.

The answer (in the cache's table of answers, core/cache/scans, beside a scan's and the
identical files'): what the walk's files were found to be (``KeptFiles``: each text
grouped, by row, with its encoding, fingerprint, format and hash; the copies following
each; the sets of identical files not read as text; the skips reported; the folder's
shared text), the groups (each member's row, similarity and distance), each member's
figure to its centre with the shared text counted (shared_text.py), the figures the
result reports (radius, candidates, comparisons) and what a regrouping at another
threshold needs (linkage/grouping.Compared), as NumPy arrays (read back without pickle).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from simfind.core.base.errors import SkipDetail, SkipReason
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.ignore.pairs import IgnoreList
from simfind.core.index.candidates import Collapsed
from simfind.core.linkage.grouping import Compared, FileGroup, Grouping, GroupingOptions, Member
from simfind.core.linkage.verified import VerifiedPairs
from simfind.core.scan.identical import IdenticalFiles, IdenticalOptions
from simfind.core.scan.match import Match, walked_match
from simfind.core.scan.memo import code_version, walk_digest
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.walk import FileEntry, Skipped

#: Names the answer's form: change it when pack() or the digest changes.
FORM = "groups3"

#: Each folder walked: the folder, its files, its skips (identical_search.WalkedFolders).
Walked = Sequence[tuple[Path, Sequence[FileEntry], Sequence[Skipped]]]

_OPTIONAL = ("weights", "row_weights")


def memo_key(
    folders: Sequence[os.PathLike[str] | str],
    references: Sequence[os.PathLike[str] | str],
    options: ScanOptions,
    grouping: GroupingOptions,
    identical: IdenticalOptions,
    ignored: IgnoreList | None = None,
) -> str:
    """The question, as text: the folders and reference folders, the settings (the
    number of workers and the files left out aside: they change no group), the ignore
    list's entries (by what makes each one) and the code."""
    asked = replace(options, jobs=1, walk=replace(options.walk, leave_out=frozenset()))
    question = (
        FORM,
        code_version(),
        [os.fspath(folder) for folder in folders],
        [os.fspath(folder) for folder in references],
        repr(asked),
        repr(grouping),
        repr(identical),
        sorted(repr(entry.key) for entry in ignored.entries) if ignored else [],
    )
    data = repr(question).encode("utf-8", "surrogateescape")
    return f"{FORM}:{hashlib.blake2b(data, digest_size=20).hexdigest()}"


def walked_digest(walked: Walked) -> bytes:
    """The folders as walked: each folder, and its walk's digest (scan_memo.walk_digest:
    each file's relative path and version, each skip and why)."""
    digest = hashlib.blake2b(digest_size=32)
    for folder, entries, skipped in walked:
        digest.update(os.fsencode(folder) + b"\0" + walk_digest(entries, skipped))
    return digest.digest()


@dataclass
class KeptFiles:
    """What the walk's files were found to be, as the grouping took them."""

    #: The texts grouped, by row (in the order of their paths).
    found: list[Match]
    #: The copies of each row's text that follow it (same_bytes.py).
    twins: dict[int, list[Match]] = field(default_factory=dict)
    #: The sets of identical files not read as text.
    sets: list[IdenticalFiles] = field(default_factory=list)
    #: The skips the search reports.
    skipped: list[Skipped] = field(default_factory=list)
    #: The search's counts: texts read, files looked at, copies kept apart.
    text_files: int = 0
    files: int = 0
    copies_apart: int = 0
    common: Boilerplate = field(default_factory=Boilerplate)


def pack_files(kept: KeptFiles, entries: Sequence[FileEntry]) -> bytes:
    """``kept`` as compact bytes: each file by its place among the ``entries`` walked."""
    places: dict[tuple[str, str], int] = {}
    by_path: dict[str, int] = {}
    for place, entry in enumerate(entries):
        places.setdefault((os.fspath(entry.path), entry.rel), place)
        by_path.setdefault(os.fspath(entry.path), place)

    def text(match: Match) -> list[Any]:
        return [
            places[os.fspath(match.path), match.rel],
            match.encoding,
            f"{match.fingerprint:x}",
            match.format,
            None if match.digest is None else match.digest.hex(),
            [by_path[os.fspath(link)] for link in match.links],
        ]

    def named(files: Sequence[FileEntry]) -> list[int]:
        return [places[os.fspath(e.path), e.rel] for e in files]

    data = {
        "found": [text(match) for match in kept.found],
        "twins": [[row, [text(m) for m in copies]] for row, copies in kept.twins.items()],
        "sets": [
            [s.digest.hex(), s.kind, named(s.files), [named(links) for links in s.links]]
            for s in kept.sets
        ],
        "skipped": [
            [os.fspath(s.path), s.rel, s.reason.value, s.detail and s.detail.to_json()]
            for s in kept.skipped
        ],
        "counts": [kept.text_files, kept.files, kept.copies_apart],
        "boilerplate": [kept.common.values.tobytes().hex(), kept.common.texts],
    }
    text_form = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return zlib.compress(text_form.encode("utf-8", "surrogateescape"), 1)


def unpack_files(payload: bytes, entries: Sequence[FileEntry]) -> KeptFiles | None:
    """The files ``pack_files`` kept, made again from the ``entries`` walked (the same
    walk: its digest said so); None when the payload cannot be read or does not fit."""
    try:
        data: dict[str, Any] = json.loads(
            zlib.decompress(payload).decode("utf-8", "surrogateescape")
        )

        def text(held: list[Any]) -> Match:
            place, encoding, value, form, digest, links = held
            entry = entries[place]
            return walked_match(
                entry,
                encoding,
                int(value, 16),
                format=form,
                digest=None if digest is None else bytes.fromhex(digest),
                links=tuple(entries[link].path for link in links),
                dev=entry.dev,
            )

        found = [text(held) for held in data["found"]]
        twins = {int(row): [text(m) for m in copies] for row, copies in data["twins"]}
        sets = [
            IdenticalFiles(
                bytes.fromhex(digest),
                kind,
                [entries[place] for place in files],
                [[entries[place] for place in named] for named in links],
            )
            for digest, kind, files, links in data["sets"]
        ]
        skipped = [
            Skipped(
                Path(path),
                rel,
                SkipReason(reason),
                None if detail is None else SkipDetail.from_json(detail),
            )
            for path, rel, reason, detail in data["skipped"]
        ]
        text_files, files, copies_apart = (int(count) for count in data["counts"])
        values, texts = data["boilerplate"]
        common = Boilerplate(np.frombuffer(bytes.fromhex(values), dtype=np.uint64), texts=texts)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, zlib.error):
        return None
    if any(not 0 <= row < len(found) for row in twins):
        return None
    return KeptFiles(found, twins, sets, skipped, text_files, files, copies_apart, common)


#: A member's figure with nothing discounted, by (centre's row, member's row).
Alone = dict[tuple[int, int], float]


def pack(outcome: Grouping, alone: Alone | None = None, files: bytes = b"") -> bytes:
    """A finished grouping's answer as NumPy arrays (``outcome.found`` must be set), the
    members' figures with nothing discounted (``alone``) and the files (``pack_files``)."""
    found = outcome.found
    assert found is not None
    members = [member for group in outcome.groups for member in group.members]
    similarity = [np.nan if m.similarity is None else m.similarity for m in members]
    keys, values = found.verified.arrays()
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "figures": np.array(
            [outcome.radius, outcome.distinct, outcome.candidates, outcome.compared], np.int64
        ),
        "sizes": np.array([len(group.members) for group in outcome.groups], np.int64),
        "rows": np.array([m.row for m in members], np.int64),
        "similarity": np.array(similarity, np.float64),
        "distance": np.array([m.distance for m in members], np.int64),
        "unique": found.nodes.unique,
        "inverse": found.nodes.inverse,
        "first": found.nodes.first,
        "counts": found.nodes.counts,
        "i": found.i,
        "j": found.j,
        "keys": keys,
        "values": values,
        "alone_pairs": np.array(list(alone or {}), np.int64).reshape(-1, 2),
        "alone": np.array(list((alone or {}).values()), np.float64),
        "files": np.frombuffer(files, np.uint8),
    }
    for name in _OPTIONAL:
        held = getattr(found.nodes, name)
        if held is not None:
            arrays[name] = held
    out = io.BytesIO()
    np.savez(out, allow_pickle=False, **arrays)
    return out.getvalue()


def unpack(payload: bytes, fingerprints: npt.NDArray[np.uint64]) -> tuple[Grouping, Alone] | None:
    """The grouping packed, over the rows of ``fingerprints``, and its members' figures
    with nothing discounted; None when it cannot be read or does not fit them."""
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as held:
            arrays = {name: held[name] for name in held.files}
        radius, distinct, candidates, compared = (int(v) for v in arrays["figures"].tolist())
        rows = arrays["rows"].tolist()
        similarity = arrays["similarity"].tolist()
        distance = arrays["distance"].tolist()
        sizes = arrays["sizes"].tolist()
        if not len(rows) == len(similarity) == len(distance) == sum(sizes):
            return None
        if any(not 0 <= row < len(fingerprints) for row in rows):
            return None
        groups, at = [], 0
        for size in sizes:
            members = [
                Member(
                    rows[k], None if similarity[k] != similarity[k] else similarity[k], distance[k]
                )
                for k in range(at, at + size)
            ]
            groups.append(FileGroup(members))
            at += size
        nodes = Collapsed(
            arrays["unique"],
            arrays["inverse"],
            arrays["first"],
            arrays["counts"],
            *(arrays.get(name) for name in _OPTIONAL),
        )
        if len(nodes.inverse) != len(fingerprints):
            return None
        verified = VerifiedPairs(arrays["keys"], arrays["values"])
        pairs, figures = arrays["alone_pairs"].tolist(), arrays["alone"].tolist()
        if len(pairs) != len(figures):
            return None
        alone = {(int(a), int(b)): float(f) for (a, b), f in zip(pairs, figures, strict=True)}
    except (ValueError, TypeError, KeyError, OSError, EOFError):
        return None
    found = Compared(fingerprints, nodes, arrays["i"], arrays["j"], verified)
    return Grouping(groups, radius, distinct, candidates, compared, False, found), alone


@dataclass
class Remembered:
    """The answer kept for a question whose walk found the folders as they were: the
    files (``files``), the grouping of their rows and its members' figures with nothing
    discounted, read from ``payload`` once the rows' fingerprints are known."""

    files: KeptFiles
    payload: bytes

    def grouping(self, fingerprints: npt.NDArray[np.uint64]) -> tuple[Grouping, Alone] | None:
        return unpack(self.payload, fingerprints)


def files_of(payload: bytes, entries: Sequence[FileEntry]) -> KeptFiles | None:
    """The files of an answer ``pack`` made (None: none that can be read)."""
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as held:
            files = held["files"].tobytes()
    except (ValueError, TypeError, KeyError, OSError, EOFError):
        return None
    return unpack_files(files, entries)


def recall(
    cache: FingerprintCache | None, key: str, digest: bytes, entries: Sequence[FileEntry]
) -> Remembered | None:
    """The answer kept for this question, if the folders were walked as they are now
    (``digest``: walked_digest; ``entries``: every file walked, folder after folder)."""
    if cache is None:
        return None
    kept = cache.lookup_scan(key)
    if kept is None or kept[0] != digest:
        return None
    files = files_of(kept[1], entries)
    if files is None:
        cache.forget_scan(key)
        return None
    return Remembered(files, kept[1])


def keep(
    cache: FingerprintCache | None,
    key: str,
    digest: bytes,
    outcome: Grouping,
    alone: Alone | None,
    files: KeptFiles,
    entries: Sequence[FileEntry],
) -> None:
    """Keep a finished search's answer (not a cancelled one: it is part of an answer)."""
    if cache is None or not cache.writable or outcome.cancelled or outcome.found is None:
        return
    cache.store_scan(key, digest, pack(outcome, alone, pack_files(files, entries)))


__all__ = [
    "Alone",
    "KeptFiles",
    "Remembered",
    "files_of",
    "keep",
    "memo_key",
    "pack",
    "pack_files",
    "recall",
    "unpack",
    "unpack_files",
    "walked_digest",
]

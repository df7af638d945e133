"""The answer of a search for identical files, kept in the cache's table of answers
(core/cache/scans) under its question: found again whole when no file it could read has
changed, with no file's hashes looked up one by one.

The question: the folders and the options. What the answer holds for: a digest of every
file the search may read (those of a shared size), each by its path below its folder and
its version (size, times, inode), the same test a file's own hashes pass
(core/cache/digests); another file of a shared size, one changed, gone or come, and the
answer is not used. The answer: each set as the places of its files among those, with
its hash and kind.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import xxhash

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.scan.identical import IdenticalFiles, IdenticalOptions
from simfind.core.scan.walk import FileEntry

#: Names the answer's form: change it when the answer or its digest changes.
_FORM = "identical1"


def memo_key(folders: Sequence[Path], options: IdenticalOptions, texts_only: bool) -> str:
    """The question: the folders, in order, what the search looks for, and whether among
    the text files alone."""
    places = json.dumps([str(folder) for folder in folders], ensure_ascii=False)
    return f"{_FORM}:{options.min_size}:{int(texts_only)}:{places}"


def candidates_digest(candidates: Sequence[FileEntry]) -> bytes:
    """What the answer holds for: each file it could read, its path below its folder and
    its version, in the walk's order (the folders' order is the question's)."""
    lines = "\n".join(f"{e.rel}\0{e.size}\0{e.mtime_ns}\0{e.ino}\0{e.ctime_ns}" for e in candidates)
    return xxhash.xxh3_128_digest(lines.encode("utf-8", "surrogateescape"))


def pack(sets: Sequence[IdenticalFiles], candidates: Sequence[FileEntry]) -> bytes:
    """The sets as the places of their files among ``candidates`` (not the empty files',
    which need no answer kept: SameFiles.with_empty)."""
    at = {id(entry): place for place, entry in enumerate(candidates)}
    found = [
        [found.digest.hex(), found.kind, [at[id(entry)] for entry in found.files]]
        for found in sets
        if all(id(entry) in at for entry in found.files)  # (empty files are no candidates)
    ]
    return json.dumps(found, separators=(",", ":")).encode("ascii")


def unpack(
    payload: bytes, candidates: Sequence[FileEntry], links: dict[int, list[FileEntry]]
) -> list[IdenticalFiles] | None:
    """The sets packed, their files among ``candidates`` (with their other names from
    ``links``); None for an answer that cannot be read."""
    try:
        found = json.loads(payload)
        sets = []
        for digest, kind, places in found:
            files = [candidates[place] for place in places]
            named = [links.get(id(entry), []) for entry in files]
            sets.append(IdenticalFiles(bytes.fromhex(digest), str(kind), files, named))
    except (ValueError, TypeError, IndexError, KeyError):
        return None
    return sets


def recall(
    cache: FingerprintCache,
    key: str,
    digest: bytes,
    candidates: Sequence[FileEntry],
    links: dict[int, list[FileEntry]],
) -> list[IdenticalFiles] | None:
    """The answer kept for this question, if it holds for these files."""
    kept = cache.lookup_scan(key)
    if kept is None or kept[0] != digest:
        return None
    sets = unpack(kept[1], candidates, links)
    if sets is None:
        cache.forget_scan(key)
    return sets


__all__ = ["candidates_digest", "memo_key", "pack", "recall", "unpack"]

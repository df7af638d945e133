"""A scan's answer, kept for the same question about an unchanged folder.

A scan's result depends on the question (the reference, as a path and a
version of the file; the folder; the options; the code that answers) and on
the folder's files as they are. When a rescan asks the same question and the
walk finds every file as it was (the same relative paths, sizes, times and
inodes, and the same entries skipped), the answer is the one stored: no file
is looked up in the cache, ranked or compared again. Anything else (a file
touched, added or removed, another reference, other options, another build of
simfind) is a new question, answered as any scan is.

The answer is kept in the fingerprint cache (FingerprintCache.store_scan; the
most recent few), as columns of plain values: the files' order, each one's
distance, similarity and containment, its encoding, format and fingerprint,
and what was skipped and why. What the walk gives again (paths, sizes, times)
is not stored.
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from simfind import __version__
from simfind.core.base.errors import SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.scan.match import walked_match
from simfind.core.scan.walk import FileEntry, Skipped

if TYPE_CHECKING:
    from simfind.core.scan.options import ScanOptions, ScanResult

#: Names the stored form: change it when pack() changes.
FORMAT = "scan-2"


#: simfind's own package folder.
PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_version(package: Path = PACKAGE) -> str:
    """This build of simfind: its version, and where its modules are files (not a
    bundle's archive), their names, sizes and times, so that a changed module is
    another build and its answers are not taken for this one's."""
    digest = hashlib.blake2b(__version__.encode(), digest_size=16)
    for path in sorted(package.rglob("*.py")):
        info = path.stat()
        digest.update(f"{path.relative_to(package)}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def memo_key(reference: Path, info: os.stat_result, directory: Path, options: ScanOptions) -> str:
    """The question a scan answers, as text: reference (path and version), folder,
    options (the number of workers aside: it changes no answer) and the code.

    The files the walk leaves out (WalkOptions.leave_out: the command line's output
    file, by inode) are aside too: the walk's digest already says which files were
    walked, and an output written anew each time (a new inode) made every rescan
    with ``-o`` a new question, answered from scratch."""
    version = tuple(FileVersion.of_stat(info))  # a plain tuple: the key as before
    asked = replace(options, jobs=1, walk=replace(options.walk, leave_out=frozenset()))
    question = (
        FORMAT,
        code_version(),
        os.fspath(reference),
        version,
        os.fspath(directory),
        repr(asked),
    )
    return hashlib.blake2b(repr(question).encode("utf-8", "surrogateescape")).hexdigest()


def walk_digest(entries: Sequence[FileEntry], skipped: Sequence[Skipped]) -> bytes:
    """The folder as walked: each file's relative path and version, each skip and why."""
    lines = [f"{e.rel}\0{e.size}\0{e.mtime_ns}\0{e.ino}\0{e.ctime_ns}" for e in entries]
    lines += [f"{s.rel}\0{s.reason.value}" for s in skipped]
    data = "\n".join(lines).encode("utf-8", "surrogateescape")
    return hashlib.blake2b(data, digest_size=32).digest()


def pack(result: ScanResult) -> bytes:
    """A finished scan's answer, as compact bytes."""
    matches = result.matches
    data = {
        "bits": result.bits,
        "reference": f"{result.reference_fingerprint:x}",
        "rel": [m.rel for m in matches],
        "distance": [m.distance for m in matches],
        "similarity": [m.similarity for m in matches],
        "similar": [m.similar for m in matches],
        "is_reference": [m.is_reference for m in matches],
        "encoding": [m.encoding for m in matches],
        "format": [m.format for m in matches],
        "fingerprint": [f"{m.fingerprint:x}" for m in matches],
        "reference_in_file": [m.reference_in_file for m in matches],
        "file_in_reference": [m.file_in_reference for m in matches],
        "identical": [m.identical for m in matches],
        "skipped": [
            [s.rel, s.reason.value, None if s.detail is None else s.detail.to_json()]
            for s in result.skipped
        ],
        # The folder's boilerplate: the diff shows it as the scan counted it.
        "boilerplate": [result.boilerplate.values.tobytes().hex(), result.boilerplate.texts],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return zlib.compress(text.encode("utf-8", "surrogateescape"), 1)


def unpack(payload: bytes, result: ScanResult, entries: Sequence[FileEntry]) -> ScanResult | None:
    """``result`` (made for this scan, still empty) filled with the stored answer; None
    when the payload cannot be read or does not fit the files walked."""
    try:
        data: dict[str, Any] = json.loads(
            zlib.decompress(payload).decode("utf-8", "surrogateescape")
        )
        if (
            data["bits"] != result.bits
            or int(data["reference"], 16) != result.reference_fingerprint
        ):
            return None
        if not _plausible(data):
            return None
        by_rel = {e.rel: e for e in entries}
        rels = data["rel"]
        columns = zip(
            rels,
            data["distance"],
            data["similarity"],
            data["similar"],
            data["is_reference"],
            data["encoding"],
            data["format"],
            data["fingerprint"],
            data["reference_in_file"],
            data["file_in_reference"],
            data["identical"],
            strict=True,
        )
        matches = []
        for (
            rel,
            distance,
            similarity,
            similar,
            is_ref,
            encoding,
            form,
            value,
            held,
            holds,
            same,
        ) in columns:
            entry = by_rel[rel]
            match = walked_match(
                entry,
                encoding,
                int(value, 16),
                distance=distance,
                similarity=similarity,
                similar=similar,
                is_reference=is_ref,
                format=form,
                reference_in_file=held,
                file_in_reference=holds,
                identical=same,
            )
            matches.append(match)
        skipped = [
            Skipped(
                result.directory if rel == "." else result.directory / rel,
                rel,
                SkipReason(reason),
                None if detail is None else SkipDetail.from_json(detail),
            )
            for rel, reason, detail in data["skipped"]
        ]
        values, texts = data["boilerplate"]
        common = Boilerplate(np.frombuffer(bytes.fromhex(values), dtype=np.uint64), texts=texts)
    except (ValueError, TypeError, KeyError, AttributeError, zlib.error):
        return None
    # Every file walked is in the answer once: a match, or a file skipped when read.
    answered = rels + [s.rel for s in skipped if s.rel in by_rel]
    if len(answered) != len(by_rel) or set(answered) != by_rel.keys():
        return None
    result.matches, result.skipped, result.boilerplate = matches, skipped, common
    return result


def _plausible(data: dict[str, Any]) -> bool:
    """Whether the stored columns hold values of the types a scan gives (checked a column
    at a time: a match at a time took a third of unpacking 16,000)."""

    def only(name: str, *kinds: type) -> bool:
        return {type(value) for value in data[name]} <= set(kinds)

    figures = ("similarity", "reference_in_file", "file_in_reference")
    return (
        only("distance", int)
        and all(only(name, bool) for name in ("similar", "is_reference", "identical"))
        and only("encoding", str)
        and only("format", str)
        and all(only(name, float, int, type(None)) for name in figures)
    )

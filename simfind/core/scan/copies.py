"""A scan whose reference is no text (an image, an archive, an installer, a PDF without
text): its identical copies in the folder, found by their bytes as the search for
identical files finds them (identical.py), instead of a refusal.

Only files of the reference's size are read at all; each row is a copy, byte for byte
the reference, with similarity 1 and no distance (there is no fingerprint). Names of the
reference itself (it, or a hard link to it, in the folder) are its rows, marked as the
reference.
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from simfind.core.base.errors import NOT_READ_AS_TEXT, InputError, InputProblem, SkipReason
from simfind.core.base.paths import FileVersion
from simfind.core.scan.context import ScanContext
from simfind.core.scan.file_digests import Hashes
from simfind.core.scan.identical import byte_match, find_identical
from simfind.core.scan.match import Match
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.walk import FileEntry, Skipped

log = logging.getLogger("simfind.core.scan")

#: Why a reference is no text where its copies are still worth finding by its bytes
#: (not an empty one: every empty file is its copy, and none is worth finding).
BY_BYTES = NOT_READ_AS_TEXT - {SkipReason.EMPTY}


def by_bytes(error: InputError, options: ScanOptions) -> bool:
    """Whether a reference refused as no text is to be compared by its bytes instead (not
    where plain text files alone were asked for: --text-only refuses as it did)."""
    if options.text_only:
        return False
    return error.problem is InputProblem.REFERENCE_NOT_TEXT and error.reason in BY_BYTES


def copies_of(
    reference: Path,
    info: os.stat_result,
    why: InputError,
    directory: Path,
    options: ScanOptions,
    context: ScanContext,
    walked: tuple[list[FileEntry], list[Skipped]],
    started: float,
) -> ScanResult:
    """The files of ``walked`` (the folder's walk) with the bytes of ``reference`` (its
    status ``info``; ``why``: why it is no text), as a scan's result."""
    entries, skipped = walked
    result = ScanResult(reference, directory, options.features.bits, 0, rank=options.rank)
    result.by_bytes = True
    if why.reason is not None:
        result.no_text = (why.reason, why.detail)
    result.skipped = list(skipped)
    absolute = Path(os.path.abspath(reference))
    own = FileEntry(
        absolute,
        absolute.name,
        info.st_size,
        info.st_mtime_ns,
        info.st_dev,
        info.st_ino,
        FileVersion.of_stat(info).ctime_ns,
    )
    # The reference's own names in the folder (it, its hard links) are no copies of it:
    # listed as the reference (by path where the walk gives no inode, Windows).
    key = (info.st_dev, info.st_ino)
    names = [e for e in entries if e.path == absolute or (e.ino and (e.dev, e.ino) == key)]
    same_size = [e for e in entries if e.size == info.st_size and e not in names]
    hashes = Hashes(context.cache, context.cancel, context.progress)
    hashes.look_up(directory, same_size)
    try:
        sets = find_identical([own, *same_size], hashes) if info.st_size else []
    finally:
        hashes.store()
    result.skipped += hashes.failed
    result.skipped.sort(key=lambda s: s.rel)
    result.bytes_read = hashes.read_bytes
    found = next((s for s in sets if s.files[0] is own), None)
    digest, kind = (found.digest, found.kind) if found is not None else (b"", "")
    result.reference_digest = digest  # (the ignore list's side of it: none without copies)
    for name in names:
        result.matches.append(_copy(byte_match(name, digest, kind, ()), True))
    if found is not None:
        for entry, links in zip(found.files[1:], found.links[1:], strict=True):
            result.matches.append(_copy(byte_match(entry, digest, kind, links), False))
        # Names of the reference the walk could not tell by inode (Windows), found now.
        for link in found.links[0]:
            if link not in names:
                result.matches.append(_copy(byte_match(link, digest, kind, ()), True))
    result.matches.sort(key=lambda m: (not m.is_reference, m.rel))
    result.cancelled = context.cancelled
    result.elapsed = time.monotonic() - started
    log.info(
        "copies of %s (no text, compared by its bytes): %d among %d files of its size",
        reference,
        sum(1 for m in result.matches if not m.is_reference),
        len(same_size),
    )
    return result


def _copy(match: Match, is_reference: bool) -> Match:
    match.is_reference = is_reference
    match.identical = not is_reference
    return match


__all__ = ["BY_BYTES", "by_bytes", "copies_of"]

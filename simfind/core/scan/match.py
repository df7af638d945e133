"""One file as a scan or a search for groups found it: what it is, and its figures to the
reference or its group's centre (``Match``). A module of its own, loading nothing, so
that a search for identical files needs none of the text engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from simfind.core.scan.walk import FileEntry


@dataclass
class Match:
    """One text file of the folder, compared with the reference."""

    path: Path
    rel: str
    size: int
    mtime_ns: int
    encoding: str
    fingerprint: int
    distance: int = 0
    similarity: float | None = None
    similar: bool = False
    is_reference: bool = False
    #: What its text was taken from: "text", or a document format ("docx", "pdf", ...).
    format: str = "text"
    #: The file's bottom-k sketch, packed (sketch.pack); None when not known.
    sketch: bytes | None = None
    #: Its inode and status-change time as walked (paths.FileVersion); 0 where unknown.
    ino: int = 0
    ctime_ns: int = 0
    #: Its sample for the excerpt index (excerpts.samples); None when not known.
    sample: bytes | None = None
    #: Once verified: the share of the reference found in the file, and of the file
    #: found in the reference (containment.py).
    reference_in_file: float | None = None
    file_in_reference: float | None = None
    #: Its bytes hashed (decoding.DecodedText.digest); None where not known.
    digest: bytes | None = None
    #: Byte for byte the same file as the reference (a scan), or as its group's centre
    #: (groups): not merely the same text, which may differ in encoding, line endings
    #: or case.
    identical: bool = False
    #: Groups: another member of its group with the same bytes, where it has one and is
    #: not identical to the centre (its figures are still its own, to the centre).
    identical_to: Path | None = None
    #: Its other names (hard links to the same file) found in the folders: never offered
    #: as duplicates of it, they are the same file.
    links: tuple[Path, ...] = ()
    #: Found by its bytes alone, not read as text (an image, an archive; or any file when
    #: only identical files are looked for): its fingerprint, distance and encoding mean
    #: nothing.
    by_bytes: bool = False
    #: The device it lies on, as walked (0 where unknown): with ``ino``, which file it is.
    dev: int = 0
    #: The catalogue it was found in (core.catalogue), its path where its drive was
    #: mounted; None: found on disk.
    catalogue: Path | None = None
    #: Its similarity is an estimate, not the exact measure's figure: the fingerprints'
    #: (a catalogued file whose drive is away and whose text the catalogue does not
    #: hold), or the two texts too long to be compared word by word in time
    #: (compare.shown).
    estimated: bool = False
    #: Once verified: its similarity with nothing discounted, as the pair compared alone
    #: reads (the folder's shared text counted); None where not known.
    alone: float | None = None


class Figures(TypedDict, total=False):
    """What a reading, a comparison or a stored answer adds to a file's record (the
    fields of ``Match`` past which file it is; each as ``Match`` defaults it where not
    given)."""

    distance: int
    similarity: float | None
    similar: bool
    is_reference: bool
    format: str
    sketch: bytes | None
    ino: int
    ctime_ns: int
    sample: bytes | None
    reference_in_file: float | None
    file_in_reference: float | None
    digest: bytes | None
    identical: bool
    identical_to: Path | None
    links: tuple[Path, ...]
    by_bytes: bool
    dev: int
    catalogue: Path | None
    estimated: bool
    alone: float | None


def walked_match(
    entry: FileEntry, encoding: str, fingerprint: int, **figures: Unpack[Figures]
) -> Match:
    """The record of a file the walk listed, as its reading (or a stored answer) found it:
    which file it is from the walk's entry (path, name, size, time, inode, change time),
    the rest from ``figures``."""
    return Match(
        entry.path,
        entry.rel,
        entry.size,
        entry.mtime_ns,
        encoding,
        fingerprint,
        **(Figures(ino=entry.ino, ctime_ns=entry.ctime_ns) | figures),
    )


def file_match(
    path: Path,
    rel: str,
    size: int,
    mtime_ns: int,
    encoding: str = "",
    fingerprint: int = 0,
    **figures: Unpack[Figures],
) -> Match:
    """The record of a file no walk listed: read back from a result file, given by hand
    (two files compared, a scan's reference among its versions), or from a cluster's
    table."""
    return Match(path, rel, size, mtime_ns, encoding, fingerprint, **figures)


__all__ = ["Figures", "Match", "file_match", "walked_match"]

"""The fingerprint cache's first table: each file's outcome (a fingerprint, or why it was
skipped), by path and feature settings, valid while size, times and inode agree.

A second scan of an unchanged folder reads no file contents: text files get
their fingerprint back, binary and other non-text files their skip reason.
Rows that cannot be read (a fingerprint that is not hex, an unknown skip
reason) are dropped.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.errors import SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion

if TYPE_CHECKING:
    from simfind.core.cache.store import CacheStore


# Slots, not frozen, as walk.FileEntry: one per file on a rescan. Never changed once made.
@dataclass(slots=True)
class CachedOutcome:
    #: The file as it was when read: the outcome holds while the file is that version.
    version: FileVersion
    fingerprint: int | None
    encoding: str  # or the skip reason, when fingerprint is None
    detail: SkipDetail | None = None
    format: str = "text"
    sketch: bytes | None = None
    sample: bytes | None = None
    digest: bytes | None = None


#: How os.fsencode turns a name into bytes (the cache's keys), to undo it as os.fsdecode.
FS_ENCODING, FS_ERRORS = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()


#: SQLite's INTEGER holds 64 bits: a time past 2262 (or before 1677) in nanoseconds, which
#: tmpfs, xfs and NTFS keep, is stored as its decimal digits in a BLOB (a column of
#: INTEGER affinity keeps a BLOB as it is), exactly, so that the file's row still holds.
_INT64_MIN, _INT64_MAX = -(2**63), 2**63 - 1


def stored_version(version: FileVersion) -> tuple[int | bytes, ...]:
    """A version's four columns as SQLite can hold them (a wide one as its digits)."""
    return tuple(v if _INT64_MIN <= v <= _INT64_MAX else str(v).encode() for v in version)


def read_version(
    size: object, mtime_ns: object, ino: object, ctime_ns: object
) -> FileVersion | None:
    """The version stored_version wrote; None where a column makes no sense."""
    values = [_wide(v) if type(v) is bytes else v for v in (size, mtime_ns, ino, ctime_ns)]
    if not all(type(v) is int for v in values):
        return None
    return FileVersion.stored(*values)  # type: ignore[arg-type]


def _wide(value: bytes) -> int | None:
    """A BLOB of decimal digits (stored_version's form of a wide integer), else None."""
    digits = value[1:] if value.startswith(b"-") else value
    return int(value) if digits.isdigit() and len(digits) < 40 else None


def path_key(path: str | os.PathLike[str]) -> bytes:
    """Paths as bytes, so names that are not valid UTF-8 are keys like any other."""
    text = os.fspath(path)
    # The walker's paths are absolute and normal already; abspath() costs a tenth of a rescan.
    plain = os.sep == "/" and text.startswith("/") and not text.endswith("/")
    if not plain or "/." in text or "//" in text:
        text = os.path.abspath(text)
    return os.fsencode(text)


def lookup_folder(
    store: CacheStore,
    folder: Path,
    settings: str,
    bits: int | None = None,
    sketches: bool = True,
) -> dict[str, CachedOutcome]:
    """Every cached outcome below ``folder`` for these settings, in one query.

    Keyed by the path relative to ``folder`` as a walk spells it (``/``
    between names): a rescan looks a file up by its ``rel``, with no path
    arithmetic. Rows that cannot be read are dropped (``bits``: the largest
    fingerprint). Without ``sketches``, the outcomes have none (a grouping uses
    none: 25 MB fewer of 100,000 files' held).
    """
    prefix = path_key(folder).rstrip(os.sep.encode()) + os.sep.encode()
    upper = prefix[:-1] + bytes([prefix[-1] + 1])
    query = (
        "SELECT path, size, mtime_ns, ino, ctime_ns, fingerprint, encoding, detail, format, "
        f"{'sketch' if sketches else 'NULL'}, sample, digest FROM fingerprints "
        "WHERE settings = ? AND path >= ? AND path < ?"
    )
    rows = store.read(query, (settings, prefix, upper))
    if rows is None:
        return {}
    start = len(prefix)
    found: dict[str, CachedOutcome] = {}
    bad: list[object] = []
    for row in rows:
        outcome = outcome_of_row(row, bits)
        try:
            if outcome is not None:
                found[row[0][start:].decode(FS_ENCODING, FS_ERRORS)] = outcome
                continue
        except UnicodeDecodeError:  # not a name os.fsencode made (Windows: UTF-8)
            pass
        bad.append(row[0])
    if os.sep != "/":
        found = {rel.replace(os.sep, "/"): outcome for rel, outcome in found.items()}
    if bad:
        store.drop_rows(settings, bad)
    return found


def outcome_columns(o: CachedOutcome) -> tuple[object, ...]:
    """An outcome's columns after its path (and the cache's settings): the version's four,
    the fingerprint, encoding, detail, format, sketch, sample and digest, as
    ``outcome_of_row`` reads them (the fingerprints table's, and a catalogue's)."""
    return (
        *stored_version(o.version),  # the columns size, mtime_ns, ino, ctime_ns
        None if o.fingerprint is None else f"{o.fingerprint:x}",
        o.encoding,
        "" if o.detail is None else o.detail.to_json(),
        o.format,
        o.sketch,
        o.sample,
        o.digest,
    )


def store_outcomes(
    store: CacheStore,
    settings: str,
    outcomes: Iterable[tuple[str | os.PathLike[str], CachedOutcome]],
) -> None:
    """Remember outcomes, in one transaction; a failure is a warning, never an error."""
    rows = [(path_key(path), settings, *outcome_columns(o)) for path, o in outcomes]
    store.write(
        "INSERT OR REPLACE INTO fingerprints VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def outcome_of_row(row: tuple[object, ...], bits: int | None) -> CachedOutcome | None:
    """A row (path, the four version columns, fingerprint, encoding, detail, format, sketch,
    sample, digest: the fingerprints table's, and a catalogue's) as an outcome; None for a
    row that does not make sense."""
    path, size, mtime_ns, ino, ctime_ns, value, encoding, detail, form, sketch, sample, digest = row
    try:
        # A document's text has no encoding (''); a skip always has its reason.
        # Exact types, as SQLite gives them (a bool is no size): cheaper than isinstance,
        # and a rescan reads a row per file.
        if type(path) is not bytes or type(encoding) is not str or type(form) is not str:
            return None
        if not form:
            return None
        if (
            type(size) is int
            and type(mtime_ns) is int
            and type(ino) is int
            and type(ctime_ns) is int
        ):
            version = FileVersion.stored(size, mtime_ns, ino, ctime_ns)
        else:  # a wide time (stored_version), or nonsense
            wide = read_version(size, mtime_ns, ino, ctime_ns)
            if wide is None:
                return None
            version = wide
        fingerprint = None
        if value is None:
            SkipReason(encoding)  # an unknown (or empty) reason raises ValueError
        else:
            if not isinstance(value, str):
                return None
            fingerprint = int(value, 16)
            if fingerprint < 0 or (bits is not None and fingerprint.bit_length() > bits):
                return None
        typed = SkipDetail.from_json(detail) if isinstance(detail, str) and detail else None
        if sketch is not None and not isinstance(sketch, bytes):
            return None
        if sample is not None and (not isinstance(sample, bytes) or len(sample) % 4):
            return None
        if digest is not None and (not isinstance(digest, bytes) or len(digest) != 16):
            return None
    except (ValueError, TypeError, KeyError):
        return None
    return CachedOutcome(
        version,
        fingerprint,
        encoding,
        typed,
        form,
        sketch,
        sample,
        digest,
    )

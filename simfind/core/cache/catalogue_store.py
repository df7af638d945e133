"""A catalogue's file: its format (SQLite, our own application id, a format version), the
checks made when it is opened, and its rows read and written.

A catalogue is data only: no row is ever unpickled or evaluated (its roots are JSON, its
texts zlib-compressed UTF-8), it is opened read-only and with ``trusted_schema`` off, and
a damaged, foreign or later file is refused whole with one CatalogueError before any
row is used. A file is written beside its final name and moved over it once complete,
so that a failure leaves the catalogue that was there as it was.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sqlite3
import time
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cache.catalogue_packing import (
    pack_sample,
    pack_sketch,
    unpack_sample,
    unpack_sketch,
)
from simfind.core.cache.outcomes import (
    FS_ENCODING,
    FS_ERRORS,
    CachedOutcome,
    outcome_columns,
    outcome_of_row,
)

#: "SIMC": a simfind catalogue (the fingerprint cache is "SIMF").
APPLICATION_ID = 0x53494D43
#: 1: the first format. 2: a sketch, a sample, a fingerprint and a change time in fewer
#: bytes (catalogue_packing; the change time after the modification time); 1 is read too.
FORMAT_VERSION = 2
#: The name's ending a catalogue is known by in the window's folder lists and file dialogs.
SUFFIX = ".simcat"
#: SQLite's first bytes: a file that begins so is read as a catalogue, or refused as one.
SQLITE_HEADER = b"SQLite format 3\x00"
#: A kept text is never inflated past this (a damaged or crafted one could be a bomb).
_TEXT_LIMIT = 1 << 30

_SCHEMA = (
    # Format 2: with no rowid, no index of its own (a page, 16 KB, the less).
    "CREATE TABLE about (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
    # Each catalogued folder, where it was when catalogued (os.fsdecode'd, as JSON text).
    "CREATE TABLE roots (id INTEGER PRIMARY KEY, path TEXT NOT NULL)",
    # The fingerprint cache's columns (cache_schema), the path relative to its root; in
    # format 2 the change time less the modification time (nothing, most often), the
    # fingerprint as its bytes, the sketch and sample packed (catalogue_packing).
    """CREATE TABLE files (
        root INTEGER NOT NULL,
        rel BLOB NOT NULL,
        size INTEGER NOT NULL,
        mtime_ns INTEGER NOT NULL,
        ino INTEGER NOT NULL,
        ctime_ns INTEGER NOT NULL,
        fingerprint BLOB NOT NULL,
        encoding TEXT NOT NULL,
        detail TEXT NOT NULL,
        format TEXT NOT NULL,
        sketch BLOB,
        sample BLOB,
        digest BLOB
    )""",
    # A table with row ids, in the order written (by root and path), with no index: a row
    # of a WITHOUT ROWID table past ~1 KB (a sketch and a sample were 900 bytes) overflows
    # to a page of its own, which doubled the file; an index cost 5 % more, for nothing
    # (a catalogue is read whole).
)
#: --with-texts: each file's text as read, zlib-compressed UTF-8 (format 2: only in a
#: catalogue that keeps any, two empty pages the less in one that keeps none).
_TEXTS_SCHEMA = (
    "CREATE TABLE texts (root INTEGER NOT NULL, rel BLOB NOT NULL, text BLOB NOT NULL)",
    "CREATE UNIQUE INDEX texts_by_path ON texts (root, rel)",
)


@dataclass(frozen=True)
class About:
    """What a catalogue says of itself."""

    #: The fingerprints' settings and how files became text (fingerprinting.Job.cache_key):
    #: a catalogue is compared only with fingerprints made the same way.
    settings: str
    bits: int
    #: Each catalogued folder, where it was mounted when catalogued (the id is its place).
    roots: tuple[Path, ...]
    #: When it was made or last updated (seconds since the epoch), and by which simfind.
    made: float
    made_by: str
    with_texts: bool


@dataclass(frozen=True)
class Entry:
    """One catalogued text file: which root it is under, its path there (``/`` between
    names, as a walk spells it) and what was found of it."""

    root: int
    rel: str
    outcome: CachedOutcome


def looks_like_catalogue(path: Path) -> bool:
    """Whether a path given where a folder goes is meant as a catalogue: a file named
    so (checked as one, and refused as damaged if it is none), or an SQLite file (ours,
    or refused as foreign). Any other file is no folder, as before catalogues."""
    if not path.is_file():
        return False
    if path.suffix.lower() == SUFFIX:
        return True
    try:
        with path.open("rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


class Catalogue:
    """An open catalogue, checked: read its rows, its texts."""

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        about: About,
        version: int = FORMAT_VERSION,
        has_texts: bool = True,
    ) -> None:
        self.path = path
        self.about = about
        #: The format it was written in (a format 1 catalogue is read as it was written).
        self.version = version
        self._db = db
        self._has_texts = has_texts

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Catalogue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def entries(self, sketches: bool = True) -> Iterator[Entry]:
        """Every file's row, checked (a row that makes no sense: DAMAGED)."""
        query = (
            "SELECT rel, size, mtime_ns, ino, ctime_ns, fingerprint, encoding, detail, format, "
            f"{'sketch' if sketches else 'NULL'}, sample, digest, root "
            "FROM files ORDER BY rowid"
        )
        count = len(self.about.roots)
        unpacked = self.version >= 2
        for row in self._rows(query):
            columns = _unpacked(row[:12]) if unpacked else row[:12]
            outcome = None if columns is None else outcome_of_row(columns, self.about.bits)
            root = row[12]
            if outcome is None or outcome.fingerprint is None or type(root) is not int:
                raise CatalogueError(CatalogueProblem.DAMAGED, self.path, "a row makes no sense")
            if not 0 <= root < count:
                raise CatalogueError(CatalogueProblem.DAMAGED, self.path, "a row of no root")
            yield Entry(root, self._rel(row[0]), outcome)

    def text(self, root: int, rel: str) -> str | None:
        """A file's text kept with --with-texts; None where none was kept."""
        key = (root, _rel_key(rel))
        if not self._has_texts:
            return None
        for (blob,) in self._rows("SELECT text FROM texts WHERE root = ? AND rel = ?", key):
            try:
                inflate = zlib.decompressobj()
                data = inflate.decompress(blob, _TEXT_LIMIT)  # type: ignore[arg-type]
                if inflate.unconsumed_tail:  # no text a scan reads is that large
                    raise ValueError("a text larger than any kept")
                return data.decode("utf-8", "surrogatepass")
            except (zlib.error, TypeError, ValueError) as exc:
                raise CatalogueError(CatalogueProblem.DAMAGED, self.path, str(exc)) from exc
        return None

    def texts(self) -> Iterator[tuple[int, str, bytes]]:
        """Every kept text, compressed as it is kept (a merge or update copies them)."""
        if not self._has_texts:
            return
        for root, rel, blob in self._rows("SELECT root, rel, text FROM texts"):
            if type(root) is not int or type(blob) is not bytes:
                raise CatalogueError(CatalogueProblem.DAMAGED, self.path, "a text makes no sense")
            yield root, self._rel(rel), blob

    def _rel(self, value: object) -> str:
        if type(value) is not bytes:
            raise CatalogueError(CatalogueProblem.DAMAGED, self.path, "a path that is not one")
        return value.decode(FS_ENCODING, FS_ERRORS)

    def _rows(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        try:
            return self._db.execute(query, parameters).fetchall()
        except sqlite3.Error as exc:
            raise CatalogueError(CatalogueProblem.DAMAGED, self.path, str(exc)) from exc


def open_catalogue(path: Path) -> Catalogue:
    """The catalogue at ``path``, checked whole; CatalogueError says why it cannot be used."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except FileNotFoundError as exc:
        raise CatalogueError(CatalogueProblem.MISSING, path) from exc
    except OSError as exc:
        raise CatalogueError(CatalogueProblem.UNREADABLE, path, str(exc.strerror or exc)) from exc
    if head != SQLITE_HEADER:
        raise CatalogueError(CatalogueProblem.DAMAGED, path, "not an SQLite database")
    uri = f"{path.absolute().as_uri()}?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise CatalogueError(CatalogueProblem.UNREADABLE, path, str(exc)) from exc
    try:
        about, version, has_texts = _checked(db, path)
    except BaseException:
        db.close()
        raise
    return Catalogue(path, db, about, version, has_texts)


def _checked(db: sqlite3.Connection, path: Path) -> tuple[About, int, bool]:
    """What the catalogue says of itself, once it is known to be ours, current and whole,
    its format, and whether it has a table of texts."""
    try:
        db.execute("PRAGMA trusted_schema = OFF")
        application_id = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if application_id != APPLICATION_ID:
            raise CatalogueError(CatalogueProblem.FOREIGN, path)
        if version > FORMAT_VERSION:
            raise CatalogueError(CatalogueProblem.NEWER, path, version=version)
        if version < 1:
            raise CatalogueError(CatalogueProblem.DAMAGED, path, "no format version")
        check = db.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise CatalogueError(CatalogueProblem.DAMAGED, path, str(check[0][0]))
        values = dict(db.execute("SELECT key, value FROM about").fetchall())
        roots = [row[0] for row in db.execute("SELECT path FROM roots ORDER BY id").fetchall()]
        tables = "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'texts'"
        has_texts = version < 2 or db.execute(tables).fetchone()[0] == 1
    except sqlite3.Error as exc:
        raise CatalogueError(CatalogueProblem.DAMAGED, path, str(exc)) from exc
    try:
        about = About(
            settings=_text(values["settings"]),
            bits=int(values["bits"]),
            roots=tuple(Path(_text(json.loads(root))) for root in roots),
            made=float(values["made"]),
            made_by=_text(values["made_by"]),
            with_texts=values["with_texts"] == "1",
        )
        return about, version, has_texts
    except (KeyError, ValueError, TypeError) as exc:
        raise CatalogueError(CatalogueProblem.DAMAGED, path, f"its description: {exc}") from exc


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("not text")
    return value


def _rel_key(rel: str) -> bytes:
    return rel.encode(FS_ENCODING, FS_ERRORS)


def compress_text(text: str) -> bytes:
    """A text as a catalogue keeps it."""
    return zlib.compress(text.encode("utf-8", "surrogatepass"), 6)


def write_catalogue(
    path: Path,
    about: About,
    entries: Iterable[Entry],
    texts: Iterable[tuple[int, str, bytes]] = (),
) -> None:
    """Write a whole catalogue: beside ``path``, then moved over it once complete."""
    partial = path.with_name(f".{path.name}.{os.getpid()}-{time.time_ns()}.partial")
    try:
        db = sqlite3.connect(partial, isolation_level=None)
    except sqlite3.Error as exc:
        raise CatalogueError(CatalogueProblem.UNWRITABLE, path, str(exc)) from exc
    try:
        try:
            _fill(db, about, entries, texts)
        finally:
            db.close()
        partial.replace(path)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CatalogueError(CatalogueProblem.UNWRITABLE, path, detail) from exc
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise


def _fill(
    db: sqlite3.Connection,
    about: About,
    entries: Iterable[Entry],
    texts: Iterable[tuple[int, str, bytes]],
) -> None:
    db.execute("PRAGMA page_size = 16384")  # fewer pages' ends left empty by 1 KB rows
    db.execute("PRAGMA journal_mode = DELETE")  # one file, nothing beside it to carry
    db.execute("BEGIN")
    for statement in _SCHEMA:
        db.execute(statement)
    write_description(db, about)
    db.executemany(
        "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (_file_row(entry) for entry in entries),
    )
    kept = iter(texts)
    first = next(kept, None)
    if first is not None:
        for statement in _TEXTS_SCHEMA:
            db.execute(statement)
        db.executemany(
            "INSERT INTO texts VALUES (?, ?, ?)",
            ((root, _rel_key(rel), blob) for root, rel, blob in itertools.chain([first], kept)),
        )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {FORMAT_VERSION}")
    db.execute("COMMIT")
    db.execute("VACUUM")  # every page full: the rows were written in one go, unsorted


def write_description(db: sqlite3.Connection, about: About) -> None:
    """The rows of the tables ``about`` and ``roots`` (the same in every format)."""
    db.executemany(
        "INSERT INTO about VALUES (?, ?)",
        [
            ("settings", about.settings),
            ("bits", str(about.bits)),
            ("made", repr(about.made)),
            ("made_by", about.made_by),
            ("with_texts", "1" if about.with_texts else "0"),
        ],
    )
    db.executemany(
        "INSERT INTO roots VALUES (?, ?)",
        [(i, json.dumps(os.fspath(root))) for i, root in enumerate(about.roots)],
    )


def _file_row(entry: Entry) -> tuple[object, ...]:
    """An entry's row in format 2: the outcome's columns (outcome_columns) packed."""
    o = entry.outcome
    assert o.fingerprint is not None  # a catalogue holds text files only
    size, mtime, ino, ctime, _, encoding, detail, form, _, _, digest = outcome_columns(o)
    if type(ctime) is int:  # after the modification time; beside a wide one, its digits
        ctime = ctime - mtime if type(mtime) is int else str(ctime).encode()
    return (
        entry.root,
        _rel_key(entry.rel),
        size,
        mtime,
        ino,
        ctime,
        o.fingerprint.to_bytes(max(1, (o.fingerprint.bit_length() + 7) // 8), "big"),
        encoding,
        detail,
        form,
        None if o.sketch is None else pack_sketch(o.sketch),
        None if o.sample is None else pack_sample(o.sample),
        digest,
    )


def _unpacked(row: tuple[object, ...]) -> tuple[object, ...] | None:
    """A format 2 row's columns as format 1 (and the fingerprint cache) keeps them, for
    outcome_of_row; None for columns that make no sense."""
    rel, size, mtime, ino, ctime, fingerprint, encoding, detail, form, sketch, sample = row[:11]
    if type(ctime) is int:
        if type(mtime) is not int:
            return None
        ctime = mtime + ctime
    if type(fingerprint) is not bytes or not fingerprint:
        return None
    try:
        if sketch is not None:
            sketch = unpack_sketch(sketch)  # type: ignore[arg-type]
        if sample is not None:
            sample = unpack_sample(sample)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        return None
    hexed = f"{int.from_bytes(fingerprint, 'big'):x}"
    return rel, size, mtime, ino, ctime, hexed, encoding, detail, form, sketch, sample, row[11]

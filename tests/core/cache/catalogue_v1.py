"""A catalogue written in format 1 (before its sketches and samples were packed), for
the tests that check a later simfind still reads one: a copy of what the first
format's writer wrote, kept here once the writer moved on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from simfind.core.cache.catalogue_store import APPLICATION_ID, open_catalogue, write_description
from simfind.core.cache.outcomes import FS_ENCODING, FS_ERRORS, outcome_columns

_SCHEMA_V1 = (
    "CREATE TABLE about (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE roots (id INTEGER PRIMARY KEY, path TEXT NOT NULL)",
    """CREATE TABLE files (
        root INTEGER NOT NULL, rel BLOB NOT NULL, size INTEGER NOT NULL,
        mtime_ns INTEGER NOT NULL, ino INTEGER NOT NULL, ctime_ns INTEGER NOT NULL,
        fingerprint TEXT NOT NULL, encoding TEXT NOT NULL, detail TEXT NOT NULL,
        format TEXT NOT NULL, sketch BLOB, sample BLOB, digest BLOB
    )""",
    "CREATE TABLE texts (root INTEGER NOT NULL, rel BLOB NOT NULL, text BLOB NOT NULL)",
    "CREATE UNIQUE INDEX texts_by_path ON texts (root, rel)",
)


def write_v1(source: Path, output: Path) -> None:
    """The catalogue at ``source`` written again at ``output`` in format 1."""
    with open_catalogue(source) as catalogue:
        about, entries, texts = catalogue.about, list(catalogue.entries()), list(catalogue.texts())
    db = sqlite3.connect(output, isolation_level=None)
    try:
        db.execute("PRAGMA page_size = 16384")
        db.execute("BEGIN")
        for statement in _SCHEMA_V1:
            db.execute(statement)
        write_description(db, about)
        db.executemany(
            "INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (e.root, e.rel.encode(FS_ENCODING, FS_ERRORS), *outcome_columns(e.outcome))
                for e in entries
            ],
        )
        db.executemany(
            "INSERT INTO texts VALUES (?, ?, ?)",
            [(root, rel.encode(FS_ENCODING, FS_ERRORS), blob) for root, rel, blob in texts],
        )
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")
        db.execute("COMMIT")
    finally:
        db.close()

"""The fingerprint cache's on-disk format: its tables, its id and version, and making a
database current (or refusing another program's).
"""

from __future__ import annotations

import sqlite3

from simfind.core.cache.sqlite_errors import ForeignDatabase, transaction

# "SIMF": tells our database from any other SQLite file at the same path.
APPLICATION_ID = 0x53494D46
# 2: skip details are typed (JSON). 3: the format a text was taken from (text, docx,
# pdf, ...), or (branch engine) a sketch beside each fingerprint and prepared texts for
# exact comparison. 4: the inode and status-change time, or (engine) both of 3's.
# 5: all of them. 6: each text file's sample for the excerpt index (excerpts.samples).
# 7: the last few scans' results (scan_memo); a version 6 cache gained that table and
# kept its rows. 8: a digest of each file's bytes (identical files), prepared texts for
# the measure of issue 27 (their words): an older cache is made anew. 9: each file's
# bytes hashed for the search for identical files (digests); a version 8 cache gains
# that table and keeps its rows.
SCHEMA_VERSION = 9
#: Versions whose tables are kept as they are when the cache is brought up to date.
_KEPT_FROM: frozenset[int] = frozenset({8})

#: One statement each: they run inside one transaction (executescript would commit).
_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS fingerprints (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL DEFAULT 0,       -- 0 where the system has no stable inode
    ctime_ns INTEGER NOT NULL DEFAULT 0,  -- the status-change time; 0 where none
    fingerprint TEXT,          -- hex; NULL when the file is not text
    encoding TEXT NOT NULL,    -- the encoding, or the skip reason when not text
    detail TEXT NOT NULL DEFAULT '',  -- the skip's typed detail as JSON, or ''
    format TEXT NOT NULL DEFAULT 'text',  -- what the text was taken from
    sketch BLOB,               -- the bottom-k sketch (sketch.pack); NULL when not text
    sample BLOB,               -- the excerpt index's sample (excerpts.samples); NULL too
    digest BLOB,               -- xxh3-128 of the file's bytes (decoding); NULL too
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
""",
    """
CREATE TABLE IF NOT EXISTS prepared (
    path BLOB NOT NULL,
    settings TEXT NOT NULL,    -- the feature settings' key and the measure's version
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL DEFAULT 0,
    ctime_ns INTEGER NOT NULL DEFAULT 0,
    normalized TEXT,           -- kept only for texts of a word or two (verify)
    words BLOB NOT NULL,       -- verify.pack_tokens: the words' hashes, in order
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
""",
    """
CREATE TABLE IF NOT EXISTS digests (
    path BLOB NOT NULL PRIMARY KEY,  -- whatever the settings: bytes are bytes
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    ino INTEGER NOT NULL DEFAULT 0,
    ctime_ns INTEGER NOT NULL DEFAULT 0,
    head BLOB,                 -- xxh3-128 of the first and last blocks; NULL: not hashed
    full BLOB,                 -- xxh3-128 of all the bytes; NULL: not hashed
    kind TEXT NOT NULL DEFAULT ''  -- what the first bytes say the file is (sniff), or ''
) WITHOUT ROWID;
""",
    """
CREATE TABLE IF NOT EXISTS scans (
    key TEXT PRIMARY KEY,      -- scan_memo.memo_key: the question
    digest BLOB NOT NULL,      -- scan_memo.walk_digest: the folder as it was walked
    payload BLOB NOT NULL,     -- scan_memo.pack: the answer
    stored REAL NOT NULL       -- when (seconds since the epoch): the oldest go first
);
""",
)


def schema_state(db: sqlite3.Connection) -> tuple[int, int, int]:
    """(application id, number of schema objects, schema version), as of one moment."""
    began = not db.in_transaction
    if began:  # one snapshot: read one by one, another's commit fell in between
        db.execute("BEGIN")
    try:
        application_id = db.execute("PRAGMA application_id").fetchone()[0]
        objects = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        if began and db.in_transaction:
            db.execute("COMMIT")
    return int(application_id), int(objects), int(version)


def prepare_database(db: sqlite3.Connection, writable: bool) -> None:
    """Check the database is ours and current; make it so, in one transaction, if not."""
    application_id, objects, version = schema_state(db)
    if objects and application_id != APPLICATION_ID:
        raise ForeignDatabase("not a simfind cache")
    current = objects and version == SCHEMA_VERSION
    if not writable:
        if not current:
            raise sqlite3.OperationalError("attempt to write a readonly database")
        return
    if str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
        db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    if current:
        return
    # Another process may be doing the same at this moment: one transaction, so that
    # nobody ever sees a half-made cache (tables without our id looked foreign).
    with transaction(db):
        application_id, objects, version = schema_state(db)
        if objects and application_id != APPLICATION_ID:
            raise ForeignDatabase("not a simfind cache")
        if version != SCHEMA_VERSION and version not in _KEPT_FROM:
            db.execute("DROP TABLE IF EXISTS fingerprints")
            db.execute("DROP TABLE IF EXISTS prepared")
            db.execute("DROP TABLE IF EXISTS scans")
            db.execute("DROP TABLE IF EXISTS digests")
        for statement in _SCHEMA:
            db.execute(statement)
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

"""The fingerprint cache: its files and lock (files), SQLite's errors (sqlite_errors), the
format (schema), the store (store), a table each (outcomes, prepared, digests, scans),
the cache a scan opens (fingerprints), and clearing it (clearing).

Imported by module; this face loads nothing.
"""

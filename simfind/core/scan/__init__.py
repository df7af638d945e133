"""One scan, a folder against a reference: the walk (walk), the check of its inputs
(inputs), the fingerprint cache (cache: its files and lock in cache_files, SQLite's
errors in cache_sqlite, the format in cache_schema, the store in cache_store, a table
each in cache_outcomes, cache_prepared, cache_digests and cache_scans, clearing in
cache_clear), what a scan works with (context), files fingerprinted cached or in a pool
(fingerprinting), files' bytes hashed (file_digests) and identical files found by them
(identical), the ranking (rank), what is asked and answered (options), the scan itself
(scanner), the copies of a reference that is no text (copies), and its answer kept
(memo).

Imported by module; this face loads nothing.
"""

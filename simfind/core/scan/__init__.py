"""One scan, a folder against a reference: the walk (walk), the check of its inputs
(inputs), what a scan works with (context: progress, cancel, a pool, the fingerprint
cache of core/cache), files fingerprinted cached or in a pool
(fingerprinting), files' bytes hashed (file_digests) and identical files found by them
(identical), the ranking (rank), what is asked and answered (options), the scan itself
(scanner), the copies of a reference that is no text (copies), and its answer kept
(memo).

Imported by module; this face loads nothing.
"""

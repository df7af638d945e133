"""One scan, a folder against a reference: the walk (walk), the check of its inputs
(inputs), the fingerprint cache (cache), what a scan works with (context), files
fingerprinted cached or in a pool (fingerprinting), the ranking (rank), what is asked
and answered (options), the scan itself (scanner), and its answer kept (memo).

Imported by module; this face loads nothing.
"""

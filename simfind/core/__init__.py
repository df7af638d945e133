"""The engine, with no Qt: rooms from the ground up.

base (errors, paths) · runs (progress, pools) · cache (the fingerprint cache) ·
text (text/encoding: bytes to text; text/documents; features) · fingerprint (simhash,
sketches, samples) · index (candidate pairs) · linkage (complete link over similar
pairs) · compare (the exact measure, diff) · scan · ignore · versions · records ·
groups · report (rows, writers) · cleanup (marking, moves) · results (saved and
reopened) · words (the outcomes in words, and the user's language). A room imports
only rooms listed before it.
"""

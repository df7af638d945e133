"""The engine, with no Qt: rooms from the ground up.

base (errors, paths) · runs (progress, pools) · text (decoding, documents, features) ·
fingerprint (simhash, sketches, samples) · compare (the exact measure, diff) ·
index (candidate pairs) · scan · groups · records · report (rows, writers) ·
cleanup (marking, moves). A room imports only rooms listed before it.
"""

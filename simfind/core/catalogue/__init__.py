"""A catalogue of a drive that is not plugged in: one portable SQLite file holding what a
scan and a grouping need of each file (its path under the catalogued root, size, times,
hash, fingerprint, sketch, excerpt sample) and, if asked, its text compressed.

Its format and the checks made when it is opened (store), its problems as data
(errors), making, updating and merging one (making), and a scan's files and exact or
estimated figures from it (scanning).

Imported by module; this face loads nothing.
"""

"""A catalogue of a drive that is not plugged in: one portable SQLite file holding what a
scan and a grouping need of each file (its path under the catalogued root, size, times,
hash, fingerprint, sketch, excerpt sample) and, if asked, its text compressed.

Making, updating and merging one (making). Its format and the checks made when it is
opened are core/cache/catalogue_store, its problems as data core/cache/catalogue_errors,
a scan's files and figures from it core/scan/catalogued, a grouping's core/groups/catalogued:
below the scan and the grouping that read it, above neither.

Imported by module; this face loads nothing.
"""

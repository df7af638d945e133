"""Decisions that last: pairs of files the user said are not duplicates (the ignore list).

Each entry is two files, each by the hash of its bytes and its path as last seen
(pairs); the entries live in an SQLite file in the user's data folder (store).
The grouping keeps an entry's files apart (groups.apart); a scan leaves out the
files the list sets apart from its reference.

Imported by module; this face loads nothing.
"""

"""Folders that are near-copies of each other, from what a grouping found: every file with
its size and the files identical or near-duplicate to it (files), and the pairs and
groups of folders whose files are mostly the same (pairing), found in some folders
(search).

Imported by module; this face loads nothing.
"""

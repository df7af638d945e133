"""Every group of near-duplicates in folders, the grouping itself in core/linkage: files
compared exactly in workers (file_comparer), and groups found in folders
(folder_groups), each file now against a saved result (since: unchanged,
changed, vanished).

Imported by module; this face loads nothing (a scan never loads grouping).
"""

"""Every group of near-duplicates: grouping of compared pairs (grouping), groups handed on
as each becomes final (streaming), which components are final while the search for pairs
goes on (closing), files compared exactly in workers (file_comparer), and groups found in
folders (folder_groups), each file now against a saved result (since: unchanged,
changed, vanished).

Imported by module; this face loads nothing (a scan never loads grouping).
"""

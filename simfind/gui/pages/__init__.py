"""The window's pages, one per mode: Compare (compare.py), All Near-Duplicates (groups.py)
and Lines (lines.py), each behind the Page interface of base.py."""

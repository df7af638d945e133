"""Which pairs of fingerprints are near: pigeonhole tables over their bits (pigeonhole),
the candidate pairs for grouping, twins collapsed first (candidates), and the search
for them a range of rows at a time (frontier_search), likely near-duplicates first
(search_order).

Imported by module; this face loads nothing.
"""

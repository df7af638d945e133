"""Which pairs of fingerprints are near: pigeonhole tables over their bits (pigeonhole),
and the candidate pairs for grouping, twins collapsed first (candidates).

Imported by module; this face loads nothing.
"""

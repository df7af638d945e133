"""What a text is reduced to for finding candidates: its SimHash (simhash), its bottom-k
sketch (sketch), and its samples for the excerpt index (excerpts).

Imported by module; this face loads nothing.
"""

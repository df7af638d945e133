"""Files to text, text to features: bytes decoded (decoding), a file read as text or as a
document's text (reading, documents/), Chinese words cut (segment, cjk_frequent), and
normalising, tokens, shingles and their hashes (features).

Imported by module; this face loads nothing.
"""

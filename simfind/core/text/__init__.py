"""Files to text, text to features: bytes decoded (decoding), a file read as text or as a
document's text (reading, documents/), Chinese words cut (segment, cjk_frequent),
normalising (folding), tokens (token_chars, tokens, batch_buffers, long_text), their
hashes (hashing), shingles counted (shingles) and weighted features (features).

Imported by module; this face loads nothing.
"""

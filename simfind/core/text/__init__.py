"""Files to text, text to features: bytes decoded (encoding/), a file read as text or as a
document's text (reading, documents/), Chinese words cut (segment),
normalising (folding), tokens (token_chars, tokens, batch_buffers, long_text), their
hashes (hashing), shingles counted (shingles) and weighted features (features).

Imported by module; this face loads nothing.
"""

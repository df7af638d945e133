"""Bytes to text: files that are never text told by their first bytes (sniff), the
decoding (decoding) and the frequent Han characters it weighs guesses with (cjk_frequent).

Imported by module; this face loads nothing.
"""

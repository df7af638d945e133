"""``simfind catalogue``: its grammar (command) and its outcomes in English (words).

Imported by module; this face loads nothing.
"""

"""``simfind clean``: its grammar (command), the run (run), asking first (asking), what it
prints (output) and its words (words).

Imported by module; this face loads nothing.
"""

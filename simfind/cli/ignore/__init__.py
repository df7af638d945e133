"""``simfind ignore`` (command), the ignore list in ``scan`` and ``groups`` (ignoring), and
its outcomes in English (words).

Imported by module; this face loads nothing.
"""

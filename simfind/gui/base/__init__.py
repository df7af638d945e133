"""What every room of the window uses: the catalogue and its language (i18n), the words
of the core's outcomes (wording: simfind/core/words' translated, and the window's own;
result_words), the colours, the data files (resources).

Imported by module; this face loads nothing.
"""

"""The core's outcomes in words: one catalogue for the window and the command line.

outcomes (``CoreWords``: each skip reason and cause, input problem, cache problem and
common system error worded once, in English, each string marked for the translation
catalogues under the context "CoreWords") · report (``ReportWords``: a similarity
report's labels, context "ReportWords") · language (the user's language from the
environment, Qt-free, as the window chooses its default) · speaking (the command line's
translator: English as written, other languages through the window's .qm catalogues).

Imported by module; this face loads nothing.
"""

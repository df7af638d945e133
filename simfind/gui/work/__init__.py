"""The window's one lane for work off the GUI thread (tasks: jobs with a cancel token,
optional progress, latest wins by key, one typed finished), the latest of a kind of work
done aside on it (aside), and the results shown kept out of the collector's passes
(long_lived).

Imported by module; this face loads nothing.
"""

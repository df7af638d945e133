"""Work off the GUI thread: short jobs on a thread pool (tasks), the latest of a kind of
work done aside (aside), and the collector left off the results shown (long_lived).

Imported by module; this face loads nothing.
"""

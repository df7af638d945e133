"""The shell: the app, the main window (a tab per page), About, Help, the self-test, the
desktop entry, and moving the files a page marks.

Imported by module; this face loads nothing.
"""

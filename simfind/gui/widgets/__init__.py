"""Widgets the pages share, most of which save and restore themselves: the options panel,
the folder list, a path field, the threshold, the mark bar, the name filter, the window's
saved state.

Imported by module; this face loads nothing.
"""

"""A file's versions in order: the view (view) and the panel that works them out (panel).

Imported by module; this face loads nothing.
"""

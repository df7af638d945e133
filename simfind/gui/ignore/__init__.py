"""The window's side of the ignore list: its keeper, writing off the GUI thread (keeper),
and its dialog (dialog).

Imported by module; this face loads nothing.
"""

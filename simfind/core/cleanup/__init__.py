"""Acting on what was found: which files of each group to mark (marking), moving marked
files to the trash or a folder, logged and undoable (moves), and a copy of a file
without some of its lines (line_removal).

Imported by module; this face loads nothing.
"""

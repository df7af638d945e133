"""File → Make a Catalogue… and Update a Catalogue…: the dialog that writes a catalogue
of folders (core.catalogue) on the window's work lane (dialog).

Imported by module; this face loads nothing.
"""

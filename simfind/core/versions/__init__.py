"""Near-duplicate files as versions of one text: ordered by their modified time, each
linked to the earlier version it most resembles (chains), with each step's size in words
(steps), and the files of a group or a scan read for it (files).

Imported by module; this face loads nothing.
"""

"""The Lines page (page): its groups' model (record_groups_model), a record's preview
(record_preview), and copies of lines removed (line_copies).

Imported by module; this face loads nothing.
"""

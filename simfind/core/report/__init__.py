"""Results as rows, and the CSV, JSON and Excel writers that save them whole (export).

Imported by module; this face loads nothing.
"""

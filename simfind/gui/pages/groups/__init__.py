"""The All Near-Duplicates page (page): groups as they arrive (arriving_groups), saved and
reopened results (result_files), its exports (export).

Imported by module; this face loads nothing.
"""

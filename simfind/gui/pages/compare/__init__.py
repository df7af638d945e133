"""The Compare page (page): its inputs (inputs), the results table's model (results_model)
and its sort keys (row_keys).

Imported by module; this face loads nothing.
"""

"""Which files join into groups: complete link over the pairs verified similar (grouping),
the similarities found held as arrays (verified), pairs kept apart (apart), which
components are final while the search goes on (closing), and groups handed on as each
becomes final (streaming). Below groups/, which runs it over files in folders.

Imported by module; this face loads nothing.
"""

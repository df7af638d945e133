"""What every room stands on: typed outcomes (errors), paths and file identity (paths),
small NumPy helpers (arrays).

Imported by module (``from simfind.core.base.errors import SkipReason``); this face
loads nothing, so importing one module costs only that module.
"""

"""simfind: find the near-duplicates of a file in a folder and see how they differ."""

import logging as _logging
import os as _os

__version__ = "0.1.0"

# simfind never multiplies large matrices, and it runs its own worker processes: OpenBLAS's
# thread per core only costs CPU time when NumPy is imported (about 0.1 s of CPU on two
# cores, more with more cores) and competes with the pool. A value the user set is kept.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_name, "1")

# The core logs, never prints: nothing is shown unless the command line's -v asks for it.
_logging.getLogger(__name__).addHandler(_logging.NullHandler())

"""Benchmarks (run as ``python -m tests.benchmarks.NAME``)."""

import os

#: The environment as the user gave it, taken before anything imports simfind (which sets
#: OPENBLAS_NUM_THREADS and the like for its own process): each checkout a benchmark runs
#: gets this one, so an older commit is measured as its users run it.
USER_ENVIRONMENT = dict(os.environ)

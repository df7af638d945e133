"""Benchmarks (run as ``python -m benchmarks.NAME``)."""

import os
import subprocess
import sys
from pathlib import Path

#: The environment as the user gave it, taken before anything imports simfind (which sets
#: OPENBLAS_NUM_THREADS and the like for its own process): each checkout a benchmark runs
#: gets this one, so an older commit is measured as its users run it.
USER_ENVIRONMENT = dict(os.environ)


def compile_package(source: Path) -> None:
    """Byte-compile the ``simfind`` package under ``source``, as an installed copy is.

    A machine that sets PYTHONDONTWRITEBYTECODE (this project's does) would
    otherwise compile every module again in every command a benchmark times,
    and an extracted baseline, which has no bytecode at all, pays for it most.
    """
    command = [sys.executable, "-m", "compileall", "-q", str(source / "simfind")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

"""The bundled executable's entry point (see simfind.spec): the whole ``simfind`` command."""

import multiprocessing
import sys

if __name__ == "__main__":
    # The spawn pool's workers start this same executable; freeze_support() runs them
    # as workers and never returns there.
    multiprocessing.freeze_support()
    from simfind.cli import main

    sys.exit(main())

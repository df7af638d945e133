"""``python -m simfind``: the same as the ``simfind`` command."""

import multiprocessing

from simfind.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen bundle re-enters here in pool workers
    raise SystemExit(main())

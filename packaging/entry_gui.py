"""The bundle's windowed executable, simfind-gui (see simfind.spec): ``simfind gui ...``.

Windowed: on Windows it opens no console window (and has no sys.stdout); on
macOS it is the executable of simfind.app. The console executable beside it,
simfind, takes every command.
"""

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the pool's workers start this same executable
    from simfind.cli import gui_main

    sys.exit(gui_main())

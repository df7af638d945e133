"""The ``simfind`` command: the window by default, ``scan``, ``groups`` and ``cache`` headless.

One module a job: parser (the grammar), commands (scan, groups, cache), output
(rows to stdout or a file), terminal (the progress line), words (the core's
outcomes in English) and entry (where every launch begins).
"""

from simfind.cli.entry import gui_main, main

__all__ = ["gui_main", "main"]

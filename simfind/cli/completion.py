"""``simfind completion SHELL``: a completion script for bash, zsh, fish, PowerShell or tcsh,
made from the command line's own parser (shtab), so that it never lags behind it."""

from __future__ import annotations

import argparse
import sys

from simfind.cli.base.arguments import EXIT_OK
from simfind.cli.parser import build_parser

#: Arguments that name a file or folder (any path), and those that name a folder only.
_PATHS = frozenset({"paths", "reference", "output"})
_FOLDERS = frozenset({"directory"})


def completion_script(shell: str) -> str:
    """The script that teaches ``shell`` simfind's commands, options and paths."""
    import shtab  # only here: the other commands never need it

    parser = build_parser()
    _mark_paths(parser, shtab.FILE, shtab.DIRECTORY)
    script: str = shtab.complete(parser, shell=shell)
    return script


def _mark_paths(parser: argparse.ArgumentParser, files: object, folders: object) -> None:
    """Paths complete as paths: every command's arguments that name files or folders."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                # scan's DIRECTORY is a folder; groups' SOURCE a folder or a file.
                folder_only = name == "scan"
                for inner in command._actions:
                    if inner.dest in _PATHS or (inner.dest in _FOLDERS and not folder_only):
                        inner.complete = files
                    elif inner.dest in _FOLDERS:
                        inner.complete = folders


def run_completion(args: argparse.Namespace) -> int:
    sys.stdout.write(completion_script(args.shell))
    return EXIT_OK

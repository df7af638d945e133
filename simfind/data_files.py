"""Where simfind's data files are: the installed ``simfind.resources`` package.

pyproject.toml installs the repository's top-level ``resources/`` folder as that
package. When simfind runs from a source checkout that was not installed (the
tests, ``python -m simfind``), the folder beside the ``simfind`` package is used;
in a PyInstaller bundle, the bundle's copy. Qt-free: the window, the command line
and the licence notices all read from here.
"""

from __future__ import annotations

import importlib.resources
import sys
from contextlib import ExitStack
from functools import cache
from pathlib import Path

import simfind

_files = ExitStack()


@cache
def resource_dir() -> Path:
    """The folder holding icons/, translations/, licenses/ and the desktop files."""
    try:
        root = importlib.resources.files("simfind.resources")
    except ModuleNotFoundError:
        bundle = getattr(sys, "_MEIPASS", None)  # a PyInstaller bundle's own folder
        if bundle is not None:
            return Path(bundle) / "simfind" / "resources"
        return Path(simfind.__file__).resolve().parent.parent / "resources"
    if isinstance(root, Path):  # installed as files, the usual case
        return root
    # A zip import would hand out a temporary copy; kept until the process ends.
    return Path(_files.enter_context(importlib.resources.as_file(root)))


def resource(*parts: str) -> Path:
    return resource_dir().joinpath(*parts)

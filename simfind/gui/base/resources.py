"""The window's data files and names: its icon, its translations, its id and addresses.

The files are found through ``simfind.data_files`` (Qt-free, shared with the command line).
"""

from __future__ import annotations

from pathlib import Path

from simfind.data_files import resource

__all__ = [
    "APP_ID",
    "APP_NAME",
    "HOMEPAGE",
    "ISSUES",
    "icon_path",
    "resource",
    "translations_dir",
]

# The reverse-DNS id shared by the desktop entry, the metainfo and the installed icons.
APP_ID = "io.github.simfind.Simfind"
# The app's name as people see it (window titles, the taskbar, About).
APP_NAME = "simfind"
HOMEPAGE = "https://github.com/simfind/simfind"
ISSUES = "https://github.com/simfind/simfind/issues"


def icon_path(size: int | None = None) -> Path:
    """The SVG icon, or the PNG rendered at that size."""
    return resource("icons", "simfind.svg" if size is None else f"simfind-{size}.png")


def translations_dir() -> Path:
    return resource("translations")

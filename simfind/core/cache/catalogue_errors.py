"""What can be wrong with a catalogue, as data: the CLI and the window word it."""

from __future__ import annotations

from enum import Enum
from pathlib import Path


class CatalogueProblem(str, Enum):
    MISSING = "missing"  # no file at that path
    UNREADABLE = "unreadable"  # the file cannot be opened (permissions, a folder)
    DAMAGED = "damaged"  # truncated, corrupt pages, not SQLite at all, rows that make no sense
    FOREIGN = "foreign"  # an SQLite file that is not a simfind catalogue
    NEWER = "newer"  # made by a later simfind, in a format this one does not know
    SETTINGS = "settings"  # made with other fingerprint settings than asked for now
    ROOT_MISSING = "root-missing"  # updating: a catalogued folder is not there
    UNWRITABLE = "unwritable"  # the catalogue cannot be written where asked


class CatalogueError(Exception):
    """A catalogue that cannot be used, the problem and its parameters (``detail``: the
    system's or SQLite's own words, ``version``: the format found)."""

    def __init__(
        self, problem: CatalogueProblem, path: Path, detail: str = "", version: int = 0
    ) -> None:
        super().__init__(problem, path, detail, version)
        self.problem = problem
        self.path = path
        self.detail = detail
        self.version = version

    def __str__(self) -> str:
        return f"{self.problem.value}: {self.path}"


class TextAwayError(Exception):
    """A catalogued file's text is not at hand: its drive is away (or the file changed
    since it was catalogued) and its catalogue holds no text of it."""

    def __init__(self, path: Path, catalogue: Path) -> None:
        super().__init__(path, catalogue)
        self.path = path
        self.catalogue = catalogue

    def __str__(self) -> str:
        return f"not at hand: {self.path} (in the catalogue {self.catalogue})"

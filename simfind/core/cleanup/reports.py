"""What a clean-up did, file by file: the records a move, a trash, links or an undo report
(moves.py and hard_links.py make them, journal.py writes them, the window and the
command line word them).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum
from pathlib import Path

from simfind.core.base.errors import OsFailure


class Action(str, Enum):
    TRASH = "trash"
    MOVE = "move"
    #: Duplicates replaced by hard links to the file kept (hard_links.py).
    LINK = "link"
    UNDO = "undo"


class Outcome(str, Enum):
    DONE = "done"
    #: Not moved: changed since it was compared (the scan, or while it was being moved)
    #: and not confirmed again.
    CHANGED = "changed"
    #: Not moved: a file kept for it changed or vanished since it was compared.
    KEPT_CHANGED = "kept-changed"
    #: Not moved: another program has it open for writing, and could save into it after
    #: the last look (Linux tells).
    IN_USE = "in-use"
    #: Not moved: no longer there.
    VANISHED = "vanished"
    #: Not moved back: another file now has the original's name (undo).
    OCCUPIED = "occupied"
    #: Not moved: the system refused (``error`` says why).
    FAILED = "failed"
    #: Not moved: the user cancelled before its turn.
    CANCELLED = "cancelled"
    #: Not moved: the folder to move it into is no longer there (``destination``).
    NO_FOLDER = "no-folder"
    #: Not moved back: the file where it was moved is not the one moved (undo).
    REPLACED = "replaced"
    #: Not trashed: its drive has no trash that could give it back (a network share or
    #: a removable drive on Windows, where "to the trash" would delete it for good).
    NO_TRASH = "no-trash"
    #: Not moved: it is in the folder it would move to already.
    IN_PLACE = "in-place"
    #: Not linked: its bytes are not the kept file's now (hard_links.py).
    DIFFERENT = "different"
    #: Not linked: it is on another file system than the kept file; hard links cannot cross.
    OTHER_DEVICE = "other-device"
    #: Not linked: it is a hard link to the kept file already.
    LINKED_ALREADY = "linked-already"
    #: Not linked: no file of its group is kept, or the kept file is no longer there.
    NO_KEPT = "no-kept"
    #: Not linked: not a regular file (a symbolic link, a folder).
    NOT_A_FILE = "not-a-file"
    #: Not linked: its file system cannot make hard links (FAT, exFAT, many network shares).
    NO_HARD_LINKS = "no-hard-links"
    #: Not linked: the kept file lies in a reference folder, and a link would tie the two
    #: (editing one would edit the reference); the user did not agree to it.
    REFERENCE_KEPT = "reference-kept"


@dataclass(frozen=True)
class FileMove:
    """One file of a move or an undo: where from, where to, and how it went."""

    source: Path
    #: Where it went (None for the trash: the system chooses, or when not moved).
    destination: Path | None
    outcome: Outcome
    size: int
    #: Why the system refused, for Outcome.FAILED.
    error: OsFailure | None = None
    #: The moved file as it was once moved (inode, size, modification time): undo puts
    #: back only that file.
    moved: tuple[int, int, int] | None = None
    #: The file's permissions and times before it was replaced by a hard link (its undo
    #: gives them back), or as they were put back.
    attributes: Attributes | None = None
    #: Not done, as another program saved the file meanwhile: where a version of it is
    #: kept other than at its name (beside it, or where it was moved before that was seen).
    aside: Path | None = None


@dataclass(frozen=True)
class Attributes:
    """What a file replaced by a hard link had of its own: its permission bits and times."""

    mode: int
    atime_ns: int
    mtime_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Attributes:
        return cls(stat.S_IMODE(info.st_mode), info.st_atime_ns, info.st_mtime_ns)


@dataclass
class MoveReport:
    action: Action
    #: For a move: the folder; for an undo: the folder the files came back from.
    folder: Path | None
    operation: str = field(default_factory=lambda: datetime.now().strftime("%Y%m%d-%H%M%S-%f"))
    records: list[FileMove] = field(default_factory=list)
    #: Where the log was written (None if it could not be: ``journal_error`` says why).
    journal: Path | None = None
    journal_error: OsFailure | None = None
    #: The folders a move made below its destination, parents first; its undo removes
    #: those empty again.
    created: list[Path] = field(default_factory=list)
    #: For an undo: what it undid (Action.MOVE or Action.LINK).
    undid: Action | None = None
    #: For Action.LINK: the space the links freed (a file's bytes count once its last
    #: other name is a link).
    freed: int = 0

    def count(self, outcome: Outcome = Outcome.DONE) -> int:
        return sum(1 for r in self.records if r.outcome is outcome)

    @property
    def bytes_moved(self) -> int:
        return sum(r.size for r in self.records if r.outcome is Outcome.DONE)

    @property
    def undoable(self) -> bool:
        return self.action in (Action.MOVE, Action.LINK) and self.count() > 0


__all__ = ["Action", "Attributes", "FileMove", "MoveReport", "Outcome"]

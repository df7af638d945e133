"""Typed outcomes the engine reports: data with parameters, never sentences.

Those both front ends show are worded once, in simfind/core/words/outcomes.py, and
translated at each edge (the window, simfind/gui/base/wording.py; the command line,
simfind/cli/base/words.py). Paths, numbers, encoding names and the system's error
numbers travel as they are.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class OsFailure:
    """An operating-system error: its number, and the system's own words as a fallback
    for the numbers a front end does not word itself."""

    errno: int | None
    strerror: str = ""

    @classmethod
    def of(cls, exc: OSError) -> OsFailure:
        return cls(exc.errno, str(exc.strerror or exc))


class SkipReason(str, Enum):
    """Why a file in the scanned folder was not fingerprinted."""

    BINARY = "binary"
    UNDECODABLE = "undecodable"
    EMPTY = "empty"
    TOO_LARGE = "too-large"
    NOT_REGULAR = "not-a-regular-file"
    SYMLINK = "symlink-not-followed"
    SYMLINK_LOOP = "symlink-loop"
    BROKEN_LINK = "broken-link"
    UNREADABLE = "unreadable"
    VANISHED = "vanished"
    CHANGED = "changed-during-scan"
    OWN_CACHE = "simfind-cache-folder"  # a folder: simfind's own fingerprint cache
    ERROR = "error"
    #: Records (lines, cells, names) were asked for and the file has none to give.
    NO_RECORDS = "no-records"
    # Documents (.docx, .pdf, ...); each detail names the document's format.
    LEGACY_FORMAT = "legacy-format"  # an old binary Office file (.doc, .ppt, .wps)
    ENCRYPTED = "encrypted"  # needs a password, or its parts are encrypted (DRM)
    CORRUPT = "corrupt-document"  # truncated or damaged
    ZIP_BOMB = "zip-bomb"  # would unpack to far too much (zip parts, PDF page content)
    XML_BOMB = "xml-entities"  # an XML part declares entities (billion laughs, external)
    NO_TEXT_LAYER = "no-text-layer"  # a PDF of scanned images
    TIMED_OUT = "extraction-timeout"  # reading it ran past the time budget
    TEXT_TOO_LARGE = "text-too-large"  # more text than a file may hold


#: Why a file is no text that its bytes alone say (a second look would say the same):
#: the fingerprint cache keeps these, and such a file still has its bytes to compare.
NO_TEXT_IN_BYTES = frozenset(
    {
        SkipReason.BINARY,
        SkipReason.UNDECODABLE,
        SkipReason.EMPTY,
        SkipReason.LEGACY_FORMAT,
        SkipReason.ENCRYPTED,
        SkipReason.CORRUPT,
        SkipReason.ZIP_BOMB,
        SkipReason.XML_BOMB,
        SkipReason.NO_TEXT_LAYER,
    }
)
#: Every reason a file was not read as text while it could be read: those, its size, the
#: time its text took. Where identical files are looked for, it takes part by its bytes.
NOT_READ_AS_TEXT = NO_TEXT_IN_BYTES | {
    SkipReason.TOO_LARGE,
    SkipReason.TIMED_OUT,
    SkipReason.TEXT_TOO_LARGE,
}


class SkipCause(str, Enum):
    """What exactly made a file unusable, where the reason alone does not say it."""

    NO_ENCODING_FITS = "no-encoding-fits"  # BINARY
    NUL_BYTES = "nul-bytes"  # BINARY
    CONTROL_BYTES = "control-bytes"  # BINARY
    #: BINARY: its first bytes are an archive's, an image's, a program's (text.sniff):
    #: format is that kind (zip, gzip, png, ...)
    CONTAINER = "container"
    UNKNOWN_ENCODING = "unknown-encoding"  # UNDECODABLE: encoding
    INVALID_BYTES = "invalid-bytes"  # UNDECODABLE: encoding
    NO_WORDS = "no-words"  # EMPTY
    OVER_LIMIT = "over-limit"  # TOO_LARGE: size, limit
    GREW_PAST_LIMIT = "grew-past-limit"  # TOO_LARGE: limit
    WRITTEN_WHILE_READ = "written-while-read"  # CHANGED
    FOLDER_VISITED = "folder-visited"  # SYMLINK_LOOP
    OS_ERROR = "os-error"  # os_error
    EXCEPTION = "exception"  # error: an unexpected exception's type and text
    NO_COLUMN = "no-column"  # NO_RECORDS: column (the one asked for), columns (the header's)
    NOT_CSV = "not-csv"  # NO_RECORDS: error (the csv module's words)
    NO_LEXER = "no-lexer"  # NO_RECORDS: not a kind of source code simfind can read names from
    # Documents; ``format`` is set for all of these (docx, pdf, ...).
    OLD_FORMAT = "old-format"  # LEGACY_FORMAT: format is doc, ppt or wps
    PASSWORD = "password"  # ENCRYPTED
    DAMAGED = "damaged"  # CORRUPT
    TOO_MANY_PARTS = "too-many-parts"  # ZIP_BOMB: size parts, limit
    PART_TOO_LARGE = "part-too-large"  # ZIP_BOMB: size bytes (declared or read), limit
    COMPRESSION_RATIO = "compression-ratio"  # ZIP_BOMB: size ratio, limit
    UNPACKED_TOO_LARGE = "unpacked-too-large"  # ZIP_BOMB: size bytes of all parts, limit
    PAGE_CONTENT_TOO_LARGE = "page-content-too-large"  # ZIP_BOMB (PDF): size bytes, limit
    ENTITY_DECLARATIONS = "entity-declarations"  # XML_BOMB
    SCANNED_PAGES = "scanned-pages"  # NO_TEXT_LAYER: size pages
    OVER_BUDGET = "over-budget"  # TIMED_OUT: limit milliseconds
    TEXT_OVER_LIMIT = "text-over-limit"  # TEXT_TOO_LARGE: limit characters


@dataclass(frozen=True)
class SkipDetail:
    """The parameters of a skip: only those its cause uses are set."""

    cause: SkipCause
    encoding: str = ""
    size: int = 0
    limit: int = 0
    os_error: OsFailure | None = None
    #: An unexpected exception as "TypeName: text": a bug's own words, shown as they are.
    error: str = ""
    #: A CSV column asked for, and the columns the file has.
    column: str = ""
    columns: tuple[str, ...] = ()
    #: The document format a document's cause is about (docx, pdf, doc, ...).
    format: str = ""

    @classmethod
    def of_os_error(cls, exc: OSError) -> SkipDetail:
        return cls(SkipCause.OS_ERROR, os_error=OsFailure.of(exc))

    def to_json(self) -> str:
        """A compact text form, for the fingerprint cache."""
        data: dict[str, Any] = {"cause": self.cause.value}
        for name in ("encoding", "size", "limit", "error", "column", "format"):
            if getattr(self, name):
                data[name] = getattr(self, name)
        if self.columns:
            data["columns"] = list(self.columns)
        if self.os_error is not None:
            data["errno"] = self.os_error.errno
            data["strerror"] = self.os_error.strerror
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> SkipDetail | None:
        """The detail ``to_json`` wrote; None for an empty or unknown text."""
        try:
            data = json.loads(text)
            cause = SkipCause(data["cause"])
        except (ValueError, KeyError, TypeError):
            return None
        os_error = None
        if "errno" in data or "strerror" in data:
            os_error = OsFailure(data.get("errno"), str(data.get("strerror", "")))
        return cls(
            cause,
            encoding=str(data.get("encoding", "")),
            size=int(data.get("size", 0)),
            limit=int(data.get("limit", 0)),
            os_error=os_error,
            error=str(data.get("error", "")),
            column=str(data.get("column", "")),
            columns=tuple(str(name) for name in data.get("columns", ())),
            format=str(data.get("format", "")),
        )


class NotTextError(Exception):
    """A file that cannot be fingerprinted as text, with the reason."""

    def __init__(self, reason: SkipReason, detail: SkipDetail | None = None) -> None:
        super().__init__(reason, detail)
        self.reason = reason
        self.detail = detail
        #: For a file read whole before it was found to be no text: the version read
        #: (paths.FileVersion) and its bytes hashed (as DecodedText.digest), so that
        #: they need not be read again to be compared with other files' bytes.
        self.read: tuple[Any, bytes] | None = None

    def __str__(self) -> str:
        if self.detail is None:
            return self.reason.value
        return f"{self.reason.value}: {self.detail.cause.value}"


class InputProblem(str, Enum):
    """What is wrong with the reference, the folder or an option."""

    NO_REFERENCE = "no-reference"  # none chosen
    NO_FOLDER = "no-folder"
    REFERENCE_MISSING = "reference-missing"
    REFERENCE_UNREADABLE = "reference-unreadable"  # os_error
    REFERENCE_IS_FOLDER = "reference-is-folder"
    REFERENCE_NOT_A_FILE = "reference-not-a-file"  # a pipe, a device, a socket
    REFERENCE_NOT_TEXT = "reference-not-text"  # reason, detail (no path: a given text)
    #: A reference text (typed, pasted or piped) that is empty or blank.
    REFERENCE_TEXT_EMPTY = "reference-text-empty"
    #: Standard input, to read the reference from, is closed (os_error None) or cannot
    #: be read (os_error: a descriptor open for writing only, a folder).
    STDIN_UNREADABLE = "stdin-unreadable"
    #: The text to look for, given as an argument, holds bytes the system's encoding
    #: cannot read (text: the encoding's name).
    QUERY_UNDECODABLE = "query-undecodable"
    FOLDER_MISSING = "folder-missing"
    NOT_A_FOLDER = "not-a-folder"
    FOLDER_UNREADABLE = "folder-unreadable"  # os_error
    OUTPUT_FOLDER_MISSING = "output-folder-missing"  # path: the folder it would go to
    OUTPUT_IS_FOLDER = "output-is-folder"  # path
    OUTPUT_IS_REFERENCE = "output-is-reference"  # path: it would overwrite the reference
    OUTPUT_NOT_A_FILE = "output-not-a-file"  # path: a socket or a disk (block device)
    OUTPUT_UNWRITABLE = "output-unwritable"  # path (the file or its folder), os_error
    DISTANCE_TOO_LARGE = "distance-too-large"  # limit: the fingerprint's bits
    INPUT_MISSING = "input-missing"  # path: a file or folder to take records from
    INPUT_NOT_A_FILE = "input-not-a-file"  # path: a pipe, a device, a socket
    INPUT_UNREADABLE = "input-unreadable"  # path, os_error
    #: path, reason, detail: a file given to take records from gives none (not text,
    #: no such column, not source code)
    INPUT_UNUSABLE = "input-unusable"
    #: path, reason, detail: one of two files to compare is no text (simfind diff)
    FILE_NOT_TEXT = "file-not-text"
    QUERY_EMPTY = "query-empty"  # the query has no words or characters to compare
    BAD_PATTERN = "bad-pattern"  # text: an include or exclude pattern that is not valid


class InputError(Exception):
    """An unusable reference, folder or option: the problem and its parameters.

    It crosses process boundaries intact (the reference is read in the pool).
    """

    def __init__(
        self,
        problem: InputProblem,
        path: Path | None = None,
        os_error: OsFailure | None = None,
        reason: SkipReason | None = None,
        detail: SkipDetail | None = None,
        limit: int = 0,
        text: str = "",
    ) -> None:
        super().__init__(problem, path, os_error, reason, detail, limit, text)
        self.problem = problem
        self.path = path
        self.os_error = os_error
        self.reason = reason
        self.detail = detail
        self.limit = limit
        #: An option's value as given (a pattern).
        self.text = text

    def __str__(self) -> str:
        return f"{self.problem.value}: {self.path}" if self.path is not None else self.problem.value


class LineEnding(str, Enum):
    LF = "LF"
    CRLF = "CRLF"
    MIXED = "mixed"


class DiffNoticeKind(str, Enum):
    """Something the reader of a diff should know about how it was made."""

    LINE_ENDINGS_DIFFER = "line-endings-differ"  # left, right: they are ignored
    TOO_LARGE_TO_ALIGN = "too-large-to-align"  # shown whole, not line by line
    LONG_LINES_PLAIN = "long-lines-plain"  # count lines longer than limit: no word highlights


@dataclass(frozen=True)
class DiffNotice:
    kind: DiffNoticeKind
    left: LineEnding | None = None
    right: LineEnding | None = None
    count: int = 0
    limit: int = 0


class CacheProblem(str, Enum):
    """What went wrong with the fingerprint cache; the scan goes on in every case."""

    DAMAGED = "damaged"  # unreadable: set aside to path, a new one started (error: SQLite's words)
    FOREIGN = "foreign"  # another program's database: set aside to path, a new one started
    UNAVAILABLE = "unavailable"  # cannot be opened: the scan runs without it (os_error or error)
    #: Damaged, but another simfind process has it open: this scan runs without it.
    DAMAGED_IN_USE = "damaged-in-use"  # path: the cache
    BUSY = "busy"  # locked by another simfind process for too long: this scan runs without it
    READ_ONLY = "read-only"  # path: fingerprints are read from it but not saved
    NOT_SAVED = "not-saved"  # writing failed (os_error, e.g. a full disk): no more saved this time
    ROWS_DAMAGED = "rows-damaged"  # count rows could not be read: they were dropped


@dataclass(frozen=True)
class CacheWarning:
    problem: CacheProblem
    path: Path | None = None
    os_error: OsFailure | None = None
    #: The database library's own words, where there is no error number.
    error: str = ""
    count: int = 0

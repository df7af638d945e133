"""The core's outcomes in words, once: in English, translated where they are shown.

``CoreWords`` words each typed outcome of simfind/core/base/errors.py and the ignore
list's notices. Every string
goes through ``self.tr``, which the translation tools (packaging/translations.py, Qt's
lupdate) collect under the context "CoreWords", plural forms (``%n``) included; at run
time ``tr`` is the front end's own translator: the window's ``QCoreApplication.translate``,
the command line's (simfind/core/words/speaking.py). Parameters are filled after
translation. Paths, numbers and encoding names are shown as they are; an error number
not worded here is shown in the system's own words.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.core.base.errors import (
    CacheProblem,
    CacheWarning,
    InputError,
    InputProblem,
    OsFailure,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.paths import human_size
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cleanup.reports import Outcome
from simfind.core.ignore.store import IgnoreProblem, StoreNotice

if TYPE_CHECKING:  # the reading loads the scan's engine: imported where a result is worded
    from simfind.core.results.reading import ResultFileError

# The translation context of these words in the catalogues (the class's name: lupdate
# files a ``self.tr`` under the class it is written in).
CONTEXT = "CoreWords"

# (context, source text, disambiguation, count or -1) -> the text in the user's language,
# ``%n`` replaced by the count.
Translate = Callable[[str, str, str, int], str]

# The English plural forms of the ``%n`` texts of simfind/core/words, as simfind_en.ts
# holds them (a test checks they agree): the command line speaks English without Qt.
ENGLISH_PLURALS = {
    "%n shared passage(s)": ("%n shared passage", "%n shared passages"),
    "%n scanned page(s)": ("%n scanned page", "%n scanned pages"),
    "The ignore list was damaged; it was moved to {path} and a new one started with the %n "
    "entry(s) that could still be read": (
        "The ignore list was damaged; it was moved to {path} and a new one started with the "
        "%n entry that could still be read",
        "The ignore list was damaged; it was moved to {path} and a new one started with the "
        "%n entries that could still be read",
    ),
    "%n unreadable entry(s) in the fingerprint cache were dropped": (
        "%n unreadable entry in the fingerprint cache was dropped",
        "%n unreadable entries in the fingerprint cache were dropped",
    ),
}


def english(context: str, text: str, disambiguation: str = "", n: int = -1) -> str:
    """The source text itself, in its English plural form for a count."""
    if n < 0:
        return text
    forms = ENGLISH_PLURALS.get(text)
    if forms is not None:
        text = forms[0] if n == 1 else forms[1]
    return text.replace("%n", str(n))


class Words:
    """Words of one translation context, in the language of ``translate``: the context is
    the class's name, as lupdate files the ``self.tr`` written in it."""

    def __init__(self, translate: Translate = english) -> None:
        self._translate = translate

    def tr(self, text: str, disambiguation: str = "", n: int = -1) -> str:
        return self._translate(type(self).__name__, text, disambiguation, n)


class CoreWords(Words):
    """Words for the core's outcomes."""

    def os_error(self, failure: OsFailure) -> str:
        """An operating-system error, worded here for the common ones."""
        words = {
            errno.EACCES: self.tr("permission denied"),
            errno.EPERM: self.tr("operation not permitted"),
            errno.ENOENT: self.tr("no such file or folder"),
            errno.ENOTDIR: self.tr("a part of the path is not a folder"),
            errno.EISDIR: self.tr("it is a folder"),
            errno.ELOOP: self.tr("too many levels of symbolic links"),
            errno.ENAMETOOLONG: self.tr("the name is too long"),
            errno.ENOSPC: self.tr("no space left on the disk"),
            errno.EROFS: self.tr("the disk is read-only"),
            errno.EIO: self.tr("input/output error (a failing disk or a lost connection)"),
            errno.EMFILE: self.tr("too many open files"),
            errno.ENFILE: self.tr("too many open files"),
            errno.EBUSY: self.tr("the device or file is busy"),
            errno.ENXIO: self.tr("no such device"),
            errno.ENODEV: self.tr("no such device"),
            errno.ETIMEDOUT: self.tr("the connection timed out"),
        }
        if failure.errno in words:
            return words[failure.errno]
        return failure.strerror or self.tr("error {number}").format(number=failure.errno)

    def skip_reason(self, reason: SkipReason) -> str:
        words = {
            SkipReason.BINARY: self.tr("binary file"),
            SkipReason.UNDECODABLE: self.tr("text encoding not recognised"),
            SkipReason.EMPTY: self.tr("empty"),
            SkipReason.TOO_LARGE: self.tr("too large"),
            SkipReason.NOT_REGULAR: self.tr("not a regular file (pipe, device or socket)"),
            SkipReason.SYMLINK: self.tr("symbolic link (not followed)"),
            SkipReason.SYMLINK_LOOP: self.tr("symbolic link loop"),
            SkipReason.BROKEN_LINK: self.tr("broken symbolic link"),
            SkipReason.UNREADABLE: self.tr("cannot be read"),
            SkipReason.VANISHED: self.tr("disappeared during the scan"),
            SkipReason.CHANGED: self.tr("changed while it was read"),
            SkipReason.OWN_CACHE: self.tr("simfind's own fingerprint cache"),
            SkipReason.ERROR: self.tr("unexpected error"),
            SkipReason.NO_RECORDS: self.tr("no records of the kind asked for"),
            SkipReason.LEGACY_FORMAT: self.tr("legacy Office format"),
            SkipReason.ENCRYPTED: self.tr("password-protected or encrypted"),
            SkipReason.CORRUPT: self.tr("damaged or incomplete document"),
            SkipReason.ZIP_BOMB: self.tr(
                "suspicious document: it would unpack to far too much data"
            ),
            SkipReason.XML_BOMB: self.tr("suspicious document: XML entity declarations"),
            SkipReason.NO_TEXT_LAYER: self.tr("no text layer — a scanned image"),
            SkipReason.TIMED_OUT: self.tr("took too long to read"),
            SkipReason.TEXT_TOO_LARGE: self.tr("too much text"),
        }
        return words[reason]

    def document_format(self, name: str) -> str:
        """A document format as people know it: "Word", "PDF", ... ("text" for a text file)."""
        words = {
            "text": self.tr("text"),
            "docx": "Word",
            "pptx": "PowerPoint",
            "odt": "OpenDocument",
            "odp": self.tr("OpenDocument slides"),
            "pdf": "PDF",
            "html": self.tr("web page"),
            "epub": "EPUB",
            "rtf": "RTF",
        }
        return words.get(name, name.upper())

    def skip_detail(self, detail: SkipDetail) -> str:
        cause = detail.cause
        if cause is SkipCause.OS_ERROR:
            return self.os_error(detail.os_error) if detail.os_error is not None else ""
        if cause is SkipCause.EXCEPTION:
            return detail.error  # a bug's own words: for its report, not for translation
        if cause is SkipCause.UNKNOWN_ENCODING:
            return self.tr("unknown encoding {encoding}").format(encoding=detail.encoding)
        if cause is SkipCause.INVALID_BYTES:
            return self.tr("too many invalid bytes for {encoding}").format(encoding=detail.encoding)
        if cause is SkipCause.OVER_LIMIT:
            return self.tr("{size}, the limit is {limit}").format(
                size=human_size(detail.size), limit=human_size(detail.limit)
            )
        if cause is SkipCause.NO_COLUMN:
            if not detail.columns:
                return self.tr("no column {column}").format(column=detail.column)
            #: A CSV file lacks the column asked for; {columns} lists those it has.
            return self.tr("no column {column}; its columns: {columns}").format(
                column=detail.column, columns=", ".join(detail.columns)
            )
        if cause is SkipCause.NOT_CSV:
            #: {error} is the csv module's own English words.
            return self.tr("not a CSV file ({error})").format(error=detail.error)
        if cause is SkipCause.CONTAINER:
            #: Why a file is no text: its first bytes are those of a kind of file, e.g.
            #: "a ZIP file" (an archive), "a PNG file" (an image).
            return self.tr("a {kind} file").format(kind=self.document_format(detail.format))
        if cause is SkipCause.GREW_PAST_LIMIT:
            return self.tr("grew past {limit} while it was read").format(
                limit=human_size(detail.limit)
            )
        document = self._document_detail(detail)
        if document is not None:
            return document
        words = {
            SkipCause.NO_ENCODING_FITS: self.tr("no text encoding fits"),
            SkipCause.NUL_BYTES: self.tr("contains NUL bytes"),
            SkipCause.CONTROL_BYTES: self.tr("contains control characters"),
            SkipCause.NO_WORDS: self.tr("no words or characters to compare"),
            SkipCause.WRITTEN_WHILE_READ: self.tr("written to while it was read"),
            SkipCause.FOLDER_VISITED: self.tr("a folder already visited"),
            SkipCause.NO_LEXER: self.tr("not source code that simfind can read names from"),
        }
        return words[cause]

    def _document_detail(self, detail: SkipDetail) -> str | None:
        """The detail of a document's skip; None for the causes of other files."""
        cause, size, limit = detail.cause, detail.size, detail.limit
        if cause is SkipCause.OLD_FORMAT:
            if detail.format == "ppt":
                return self.tr("legacy PowerPoint format: save it as .pptx")
            return self.tr("legacy Word format: save it as .docx")
        if cause in (SkipCause.PASSWORD, SkipCause.DAMAGED, SkipCause.ENTITY_DECLARATIONS):
            return self.document_format(detail.format)
        if cause is SkipCause.TOO_MANY_PARTS:
            return self.tr("{count} parts, the limit is {limit}").format(count=size, limit=limit)
        if cause is SkipCause.PART_TOO_LARGE:
            return self.tr("a part of {size}, the limit is {limit}").format(
                size=human_size(size), limit=human_size(limit)
            )
        if cause is SkipCause.COMPRESSION_RATIO:
            return self.tr("compressed {ratio}:1, the limit is {limit}:1").format(
                ratio=size, limit=limit
            )
        if cause is SkipCause.UNPACKED_TOO_LARGE:
            return self.tr("{size} unpacked, the limit is {limit}").format(
                size=human_size(size), limit=human_size(limit)
            )
        if cause is SkipCause.PAGE_CONTENT_TOO_LARGE:
            return self.tr("{size} of page content, the limit is {limit}").format(
                size=human_size(size), limit=human_size(limit)
            )
        if cause is SkipCause.SCANNED_PAGES:
            return self.tr("%n scanned page(s)", "", size)
        if cause is SkipCause.OVER_BUDGET:
            return self.tr("more than {seconds} s").format(seconds=f"{limit / 1000:g}")
        if cause is SkipCause.TEXT_OVER_LIMIT:
            return self.tr("more than {count} characters").format(count=f"{limit:,}")
        return None

    def skip_text(self, reason: SkipReason, detail: SkipDetail | None) -> str:
        """Why a file was skipped: the reason, and its detail where there is one."""
        if detail is not None and detail.cause is SkipCause.OLD_FORMAT:
            return self.skip_detail(detail)  # says it all: what the file is, what to do
        text = self.skip_reason(reason)
        extra = self.skip_detail(detail) if detail is not None else ""
        if not extra:
            return text
        #: A skip reason with its detail, e.g. "binary file (contains NUL bytes)".
        return self.tr("{reason} ({detail})").format(reason=text, detail=extra)

    def input_problem(self, error: InputError) -> str:
        """What is wrong with the reference, the folder or an option; a line break before
        the path, and before each part of a problem with a file that is no text."""
        path = shown_path(error.path) if error.path is not None else ""
        problem = error.problem
        if error.reason is not None and problem in (
            InputProblem.REFERENCE_NOT_TEXT,
            InputProblem.INPUT_UNUSABLE,
            InputProblem.FILE_NOT_TEXT,
        ):
            if problem is InputProblem.REFERENCE_NOT_TEXT:
                headline = self.tr("The reference file cannot be compared as text.")
            elif problem is InputProblem.FILE_NOT_TEXT:
                headline = self.tr("This file cannot be compared as text.")
            else:
                headline = self.tr("This file has no records to compare.")
            #: A problem's headline, then why (a skip reason) and the file, each on a line.
            return self.tr("{headline}\nWhy: {reason}\nFile: {path}").format(
                headline=headline, reason=self.skip_text(error.reason, error.detail), path=path
            )
        if problem is InputProblem.INPUT_UNREADABLE:
            why = self.os_error(error.os_error) if error.os_error is not None else ""
            return self.tr("This cannot be read ({error}):\n{path}").format(error=why, path=path)
        if problem in (
            InputProblem.REFERENCE_UNREADABLE,
            InputProblem.FOLDER_UNREADABLE,
            InputProblem.OUTPUT_UNWRITABLE,
        ):
            why = self.os_error(error.os_error) if error.os_error is not None else ""
            if problem is InputProblem.REFERENCE_UNREADABLE:
                text = self.tr("The reference file cannot be read ({error}):\n{path}")
            elif problem is InputProblem.FOLDER_UNREADABLE:
                text = self.tr("The folder cannot be read ({error}):\n{path}")
            else:
                text = self.tr("This cannot be written ({error}):\n{path}")
            return text.format(error=why, path=path)
        words = {
            InputProblem.NO_REFERENCE: self.tr("Choose a reference file first."),
            InputProblem.NO_FOLDER: self.tr("Choose a folder to search."),
            InputProblem.REFERENCE_MISSING: self.tr("The reference file was not found:\n{path}"),
            InputProblem.REFERENCE_IS_FOLDER: self.tr(
                "The reference must be a file, not a folder:\n{path}"
            ),
            InputProblem.REFERENCE_NOT_A_FILE: self.tr(
                "The reference is not a regular file:\n{path}"
            ),
            InputProblem.REFERENCE_NOT_TEXT: self.tr(
                "The reference file cannot be compared as text:\n{path}"
            ),
            InputProblem.FOLDER_MISSING: self.tr("The folder was not found:\n{path}"),
            InputProblem.NOT_A_FOLDER: self.tr("This is not a folder:\n{path}"),
            InputProblem.OUTPUT_FOLDER_MISSING: self.tr(
                "The folder to write into was not found:\n{path}"
            ),
            InputProblem.OUTPUT_IS_FOLDER: self.tr("This is a folder; choose a file:\n{path}"),
            InputProblem.OUTPUT_IS_REFERENCE: self.tr(
                "This is the reference file; simfind will not overwrite it:\n{path}"
            ),
            InputProblem.OUTPUT_NOT_A_FILE: self.tr(
                "simfind cannot write to this (it is not a file):\n{path}"
            ),
            InputProblem.DISTANCE_TOO_LARGE: self.tr("The maximum distance can be at most {bits}."),
            InputProblem.INPUT_MISSING: self.tr("This file or folder was not found:\n{path}"),
            InputProblem.INPUT_NOT_A_FILE: self.tr("This is not a regular file:\n{path}"),
            InputProblem.INPUT_UNREADABLE: self.tr("This cannot be read:\n{path}"),
            InputProblem.INPUT_UNUSABLE: self.tr("This file has no records to compare:\n{path}"),
            InputProblem.QUERY_EMPTY: self.tr("The text to look for has no words to compare."),
            InputProblem.REFERENCE_TEXT_EMPTY: self.tr(
                "Type or paste the text to compare with (it has no words yet)."
            ),
            InputProblem.FILE_NOT_TEXT: self.tr("This file cannot be compared as text:\n{path}"),
            InputProblem.STDIN_UNREADABLE: self.tr("Standard input cannot be read."),
            InputProblem.QUERY_UNDECODABLE: self.tr(
                "The text to look for is not valid {encoding}."
            ),
            InputProblem.BAD_PATTERN: self.tr("This is not a valid file pattern: {pattern}"),
        }
        return words[problem].format(
            path=path, bits=error.limit, pattern=error.text, encoding=error.text
        )

    def cache_warning(self, warning: CacheWarning) -> str:
        path = shown_path(warning.path) if warning.path is not None else ""
        problem = warning.problem
        if problem is CacheProblem.DAMAGED:
            return self.tr(
                "The fingerprint cache was damaged; it was moved to {path} and a new one started",
            ).format(path=path)
        if problem is CacheProblem.FOREIGN:
            return self.tr(
                "Another program's file was where the fingerprint cache belongs; it was moved to "
                "{path} and a new cache started",
            ).format(path=path)
        if problem is CacheProblem.ROWS_DAMAGED:
            return self.tr(
                "%n unreadable entry(s) in the fingerprint cache were dropped", "", warning.count
            )
        if problem is CacheProblem.NOT_SAVED:
            if warning.os_error is not None:
                return self.tr("Fingerprints are not saved this time ({error})").format(
                    error=self.os_error(warning.os_error)
                )
            return self.tr("Fingerprints are not saved this time")
        words = {
            CacheProblem.DAMAGED_IN_USE: self.tr(
                "The fingerprint cache is damaged and another simfind has it open; "
                "this scan runs without it"
            ),
            CacheProblem.BUSY: self.tr(
                "The fingerprint cache is locked by another simfind; this scan runs without it"
            ),
            CacheProblem.READ_ONLY: self.tr(
                "The fingerprint cache cannot be written; fingerprints are read but not saved"
            ),
        }
        if problem in words:
            return words[problem]
        # Why: the system's error (the database library's English words are for the log).
        why = self.os_error(warning.os_error) if warning.os_error is not None else ""
        if why and path:
            #: {error}: why the cache cannot be opened; {path}: where it is.
            return self.tr(
                "Fingerprints are not remembered this time: the cache cannot be opened "
                "({error}): {path}",
            ).format(error=why, path=path)
        if why:
            return self.tr(
                "Fingerprints are not remembered this time: the cache cannot be opened ({error})",
            ).format(error=why)
        return self.tr("Fingerprints are not remembered this time: the cache cannot be opened")

    def ignore_notice(self, notice: StoreNotice) -> str:
        """What happened to the ignore list."""
        path = shown_path(notice.path)
        if notice.problem is IgnoreProblem.SET_ASIDE:
            return self.tr(
                "The ignore list was damaged; it was moved to {path} and a new one started with "
                "the %n entry(s) that could still be read",
                "",
                notice.recovered,
            ).format(path=path)
        why = self.os_error(notice.os_error) if notice.os_error is not None else notice.error
        return self.tr("The ignore list cannot be used ({error}): {path}").format(
            error=why, path=path
        )

    def result_problem(self, error: ResultFileError) -> str:
        """Why a result file (File → Open Results…, simfind clean) cannot be used; what
        was not done is the front end's to say."""
        from simfind.core.results.document import VERSION
        from simfind.core.results.reading import ResultProblem

        problem = error.problem
        if problem is ResultProblem.UNREADABLE:
            why = self.os_error(error.os_error) if error.os_error is not None else ""
            return self.tr("The file cannot be read: {error}").format(error=why)
        if problem is ResultProblem.EMPTY:
            return self.tr("The file is empty: it holds no result.")
        if problem is ResultProblem.NOT_JSON:
            if error.line:
                return self.tr(
                    "The file is damaged: it breaks off at line {line}, column {column}."
                ).format(line=error.line, column=error.column)
            return self.tr("The file is damaged: it is not a whole result.")
        if problem is ResultProblem.FOREIGN:
            return self.tr(
                "This is not a simfind result. Results are saved with File → Save Results… "
                "or written by 'simfind groups --format json'."
            )
        if problem is ResultProblem.OLD_LISTING:
            return self.tr(
                "This is a list of groups from an older simfind, without the files' times "
                "and hashes that a clean-up checks. Scan the folders again and save the result."
            )
        if problem is ResultProblem.NEWER:
            return self.tr(
                "This result was saved by a newer simfind ({version}, format {format}); this "
                "one opens results up to format {newest}. Update simfind to open it."
            ).format(version=error.made_by or "?", format=error.version, newest=VERSION)
        if error.expected is None:
            return self.tr(
                "The file is damaged: {where} is missing or not what it must be."
            ).format(where=error.where)
        #: {where}: a field of the result file, e.g. groups[3].members[1].size; {what}:
        #: what it must be, e.g. "must be a whole number".
        return self.tr("The file is damaged: {where} {what}.").format(
            where=error.where, what=self._expected(error.expected.value)
        )

    def _expected(self, expected: str) -> str:
        """What a damaged result's field was not (by the value of results.reading.Expected)."""
        words = {
            "present": self.tr("is missing"),
            "object": self.tr("must be an object"),
            "list": self.tr("must be a list"),
            "path": self.tr("must be a path ({path: ...})"),
            "hexadecimal": self.tr("must be hexadecimal"),
            "whole-number": self.tr("must be a whole number"),
            "share": self.tr("must be a number from 0 to 1"),
            "boolean": self.tr("must be true or false"),
            "text": self.tr("must be text"),
            "texts": self.tr("must be a list of texts"),
            "one-centre": self.tr("must hold exactly one centre"),
            "bits": self.tr("must be 64 or 128"),
            "version": self.tr("must be a whole number from 2"),
            "kind": self.tr("must be identical, same-text or near-duplicate"),
            "same-hash": self.tr(
                "must all have the centre's hash (the group says they are identical)"
            ),
        }
        return words[expected]

    def move_outcome(
        self,
        outcome: Outcome,
        error: OsFailure | None = None,
        aside: Path | None = None,
        linking: bool = False,
    ) -> str:
        """Why a file was not moved (or not put back); ``error``: the system's, for FAILED;
        ``aside``: where a version of a file changed meanwhile is kept; ``linking``: not
        replaced by a hard link (or not made a copy again)."""
        if outcome is Outcome.FAILED and error is not None:
            return self.os_error(error)
        if outcome is Outcome.CHANGED and aside is not None:
            #: A file another program saved while simfind was acting on it: left, and an
            #: earlier version of it kept under another name beside it (or where it went).
            return self.tr(
                "left: it changed since it was compared (a version of it is kept as {path})"
            ).format(path=shown_path(aside))
        if linking and outcome is Outcome.REPLACED:
            return self.tr("it is no longer a hard link to the kept file; left as it is")
        if linking and outcome is Outcome.IN_USE:
            return self.tr("left: another program has it or its kept file open for writing")
        words = {
            Outcome.DONE: self.tr("done"),
            Outcome.CHANGED: self.tr("left: it changed since it was compared"),
            Outcome.KEPT_CHANGED: self.tr(
                "left: the file kept for it changed since it was compared"
            ),
            Outcome.REFERENCE_KEPT: self.tr("left: it would tie to a file in a reference folder"),
            Outcome.IN_USE: self.tr("left: another program has it open for writing"),
            Outcome.VANISHED: self.tr("it is no longer there"),
            Outcome.OCCUPIED: self.tr("another file has taken its place"),
            Outcome.FAILED: self.tr("the system refused"),
            Outcome.CANCELLED: self.tr("stopped before its turn"),
            Outcome.NO_FOLDER: self.tr("the folder to move it into is no longer there"),
            Outcome.REPLACED: self.tr("the file where it was moved is no longer the one moved"),
            Outcome.NO_TRASH: self.tr(
                "its drive has no trash that could give it back (move it to a folder instead)"
            ),
            Outcome.IN_PLACE: self.tr("it is in that folder already"),
            Outcome.DIFFERENT: self.tr("its bytes differ from the kept file's; left as it is"),
            Outcome.OTHER_DEVICE: self.tr(
                "it is on another drive or file system than the kept file; hard links cannot cross"
            ),
            Outcome.LINKED_ALREADY: self.tr("it is a hard link to the kept file already"),
            Outcome.NO_KEPT: self.tr("no file of its group is kept, or the kept file is gone"),
            Outcome.NOT_A_FILE: self.tr("it is not a regular file"),
            Outcome.NO_HARD_LINKS: self.tr(
                "its drive cannot make hard links (FAT, exFAT, many network shares)"
            ),
        }
        return words[outcome]

    def catalogue_problem(self, error: CatalogueError) -> str:
        """Why a catalogue cannot be used, made or brought up to date, a line break before
        its path; how to make it again, or with which options, is the front end's to say."""
        words = {
            CatalogueProblem.MISSING: self.tr("There is no catalogue here:\n{path}"),
            CatalogueProblem.UNREADABLE: self.tr(
                "The catalogue cannot be read ({detail}):\n{path}"
            ),
            CatalogueProblem.DAMAGED: self.tr(
                "This catalogue is damaged and cannot be used ({detail}):\n{path}"
            ),
            CatalogueProblem.FOREIGN: self.tr(
                "This is an SQLite database, but not a simfind catalogue:\n{path}"
            ),
            CatalogueProblem.NEWER: self.tr(
                "This catalogue was made by a later simfind (format {version}); update simfind "
                "to read it:\n{path}"
            ),
            CatalogueProblem.SETTINGS: self.tr(
                "This catalogue was made with other settings ({detail}):\n{path}"
            ),
            CatalogueProblem.ROOT_MISSING: self.tr(
                "The catalogued folder {detail} is not there (is its drive plugged in?); the "
                "catalogue is left as it was:\n{path}"
            ),
            CatalogueProblem.UNWRITABLE: self.tr(
                "The catalogue cannot be written here ({detail}):\n{path}"
            ),
        }
        detail = error.detail
        if error.problem is CatalogueProblem.ROOT_MISSING:
            detail = shown_path(detail)
        return words[error.problem].format(
            path=shown_path(error.path), detail=detail, version=error.version
        )


# The words in English, the source language (the command line's unless told otherwise).
ENGLISH = CoreWords()

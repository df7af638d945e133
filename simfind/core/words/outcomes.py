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
from simfind.core.ignore.store import IgnoreProblem, StoreNotice

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


# The words in English, the source language (the command line's unless told otherwise).
ENGLISH = CoreWords()

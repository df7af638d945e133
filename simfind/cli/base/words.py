"""The core's outcomes in the command line's English: one line each, for stderr."""

from __future__ import annotations

from argparse import Namespace
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.base.errors import (
    CacheProblem,
    CacheWarning,
    InputError,
    InputProblem,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.report.workbook import CELL_CHARACTERS, CutCell, WorkbookWords

if TYPE_CHECKING:
    from simfind.core.compare.boilerplate import Boilerplate
    from simfind.core.groups.folder_groups import GroupsResult
    from simfind.core.groups.group import FolderSearch
    from simfind.core.index.candidates import RadiusTooWideError
    from simfind.core.scan.options import ScanResult

#: How a reference read from standard input (``simfind scan -``) is named.
STDIN_NAME = "<stdin>"


def skip_detail(detail: SkipDetail | None) -> str:
    """A skip's detail in English ("" when there is none)."""
    if detail is None:
        return ""
    words = {
        SkipCause.NO_ENCODING_FITS: "no text encoding fits",
        SkipCause.NUL_BYTES: "contains NUL bytes",
        SkipCause.CONTROL_BYTES: "control bytes",
        SkipCause.CONTAINER: f"a {detail.format} file, by its first bytes",
        SkipCause.UNKNOWN_ENCODING: f"unknown encoding {detail.encoding}",
        SkipCause.INVALID_BYTES: f"too many invalid bytes for {detail.encoding}",
        SkipCause.NO_WORDS: "no words or characters to compare",
        SkipCause.OVER_LIMIT: f"{detail.size} bytes, the limit is {detail.limit}",
        SkipCause.GREW_PAST_LIMIT: f"grew past {detail.limit} bytes while read",
        SkipCause.WRITTEN_WHILE_READ: "written to while it was read",
        SkipCause.FOLDER_VISITED: "folder already visited",
        SkipCause.OS_ERROR: detail.os_error.strerror if detail.os_error else "",
        SkipCause.EXCEPTION: detail.error,
        SkipCause.NO_COLUMN: f"no column {detail.column!r}"
        + (f" (its columns: {', '.join(detail.columns)})" if detail.columns else ""),
        SkipCause.NOT_CSV: f"not CSV: {detail.error}",
        SkipCause.NO_LEXER: "not source code simfind can read names from",
        SkipCause.OLD_FORMAT: _old_format(detail.format),
        SkipCause.PASSWORD: f"{detail.format}: needs a password or is encrypted",
        SkipCause.DAMAGED: f"{detail.format}: truncated or damaged",
        SkipCause.TOO_MANY_PARTS: f"{detail.size} parts, the limit is {detail.limit}",
        SkipCause.PART_TOO_LARGE: f"a part of {detail.size} bytes, the limit is {detail.limit}",
        SkipCause.COMPRESSION_RATIO: f"compressed {detail.size}:1, the limit is {detail.limit}:1",
        SkipCause.UNPACKED_TOO_LARGE: f"{detail.size} bytes unpacked, the limit is {detail.limit}",
        SkipCause.PAGE_CONTENT_TOO_LARGE: (
            f"{detail.size} bytes of page content, the limit is {detail.limit}"
        ),
        SkipCause.ENTITY_DECLARATIONS: f"{detail.format}: XML entity declarations",
        SkipCause.SCANNED_PAGES: f"{detail.size} pages of scanned images, no text layer",
        SkipCause.OVER_BUDGET: f"took more than {detail.limit / 1000:g} s to read",
        SkipCause.TEXT_OVER_LIMIT: f"more than {detail.limit} characters of text",
    }
    return words[detail.cause]


def _old_format(name: str) -> str:
    """What to do with an old binary Office file."""
    if name == "ppt":
        return "legacy PowerPoint format: save it as .pptx"
    return "legacy Word format: save it as .docx"


#: Document formats as people know them (the core's names: docx, pdf, ...).
_DOCUMENT_NAMES = {
    "docx": "Word",
    "pptx": "PowerPoint",
    "odt": "OpenDocument text",
    "odp": "OpenDocument slides",
    "pdf": "PDF",
    "epub": "EPUB",
    "rtf": "RTF",
    "doc": "old Word",
    "ppt": "old PowerPoint",
    "wps": "Works",
}
#: The causes of a file whose bytes are no text.
_NO_TEXT = frozenset(
    {
        SkipCause.NO_ENCODING_FITS,
        SkipCause.NUL_BYTES,
        SkipCause.CONTROL_BYTES,
        SkipCause.UNKNOWN_ENCODING,
        SkipCause.INVALID_BYTES,
    }
)


def document_left_out(detail: SkipDetail | None) -> str:
    """A document read as plain text (--text-only), whose bytes are none: its format as
    people know it ("" for any other file)."""
    if detail is None or not detail.format:
        return ""
    if detail.cause is SkipCause.CONTAINER and detail.format in _DOCUMENT_NAMES:
        return _DOCUMENT_NAMES[detail.format]  # a PDF, or a zip or OLE file read as a document
    if detail.cause not in _NO_TEXT:
        return ""
    return _DOCUMENT_NAMES.get(detail.format, detail.format.upper())


def not_text(reason: SkipReason, detail: SkipDetail | None) -> str:
    """Why a file is not text, as "reason: detail"."""
    words = skip_detail(detail)
    return f"{reason.value}: {words}" if words else reason.value


def skip_line(where: str, reason: SkipReason, detail: SkipDetail | None) -> str:
    """One file left out: "skipped PATH: reason (detail)"."""
    document = document_left_out(detail)
    if document:
        return f"skipped {where}: a document ({document}), which --text-only leaves out"
    words = skip_detail(detail)
    if reason is SkipReason.NO_RECORDS and words:
        return f"skipped {where}: {words}"  # the detail says it all: no such column, ...
    return f"skipped {where}: {reason.value}" + (f" ({words})" if words else "")


def input_problem(error: InputError) -> str:
    """What is wrong with the reference, the folder or an option, in one line."""
    path, problem = error.path, error.problem
    strerror = error.os_error.strerror if error.os_error else ""
    detail = error.detail
    if problem is InputProblem.REFERENCE_NOT_TEXT and path is None:  # piped: scan -
        why = f" ({not_text(error.reason, detail)})" if error.reason is not None else ""
        return f"the reference on standard input is not usable as text{why}: {STDIN_NAME}"
    if problem is InputProblem.FILE_NOT_TEXT and error.reason is not None:
        document = document_left_out(detail)
        if document:
            return f"{path} is a document ({document}); --text-only reads plain text only"
        return f"not usable as text ({not_text(error.reason, detail)}): {path}"
    if problem is InputProblem.REFERENCE_NOT_TEXT and error.reason is not None:
        document = document_left_out(detail)
        if document:
            return f"{path} is a document ({document}); --text-only reads plain text only"
        return f"reference file is not usable as text ({not_text(error.reason, detail)}): {path}"
    if problem is InputProblem.INPUT_UNUSABLE and error.reason is not None:
        if detail is not None and detail.cause is SkipCause.NO_COLUMN:
            has = f" (its columns: {', '.join(detail.columns)})" if detail.columns else ""
            return f"no column {detail.column!r} in {path}{has}"
        if error.reason is SkipReason.NO_RECORDS and detail is not None:
            return f"no records in {path}: {skip_detail(detail)}"
        return f"no records in {path}: {not_text(error.reason, detail)}"
    words = {
        InputProblem.NO_REFERENCE: "no reference file given",
        InputProblem.NO_FOLDER: "no folder given",
        InputProblem.REFERENCE_MISSING: f"reference file not found: {path}",
        InputProblem.REFERENCE_UNREADABLE: f"reference file cannot be read: {path}: {strerror}",
        InputProblem.REFERENCE_IS_FOLDER: f"reference is not a regular file: {path}",
        InputProblem.REFERENCE_NOT_A_FILE: f"reference is not a regular file: {path}",
        InputProblem.REFERENCE_NOT_TEXT: f"reference file is not usable as text: {path}",
        InputProblem.REFERENCE_TEXT_EMPTY: f"the reference on standard input ({STDIN_NAME}) "
        "is empty: pipe the text to compare with into 'simfind scan -'",
        InputProblem.STDIN_UNREADABLE: f"standard input ({STDIN_NAME}) "
        + (f"cannot be read: {strerror}" if strerror else "is closed")
        + ": pipe the text to compare with into 'simfind scan -'",
        InputProblem.QUERY_UNDECODABLE: f"the text to look for is not valid {error.text}: "
        "give it in the system's encoding, or in a file",
        InputProblem.FILE_NOT_TEXT: f"not usable as text: {path}",
        InputProblem.FOLDER_MISSING: f"folder not found: {path}",
        InputProblem.NOT_A_FOLDER: f"not a folder: {path}",
        InputProblem.FOLDER_UNREADABLE: f"folder cannot be read: {path}: {strerror}",
        InputProblem.OUTPUT_FOLDER_MISSING: f"--output folder not found: {path}",
        InputProblem.OUTPUT_IS_FOLDER: f"--output {path} is a folder: name a file",
        InputProblem.OUTPUT_IS_REFERENCE: f"--output {path} is the reference file: "
        "simfind will not overwrite it",
        InputProblem.OUTPUT_NOT_A_FILE: f"--output {path} is not a file, a device or a pipe "
        "that simfind can write to",
        InputProblem.OUTPUT_UNWRITABLE: f"--output cannot be written: {path}: {strerror}",
        InputProblem.DISTANCE_TOO_LARGE: f"--max-distance can be at most {error.limit}: "
        f"{error.limit}-bit fingerprints differ in no more bits (--bits)",
        InputProblem.INPUT_MISSING: f"no such file or folder: {path}",
        InputProblem.INPUT_NOT_A_FILE: f"not a regular file or folder: {path}",
        InputProblem.INPUT_UNREADABLE: f"cannot be read: {path}: {strerror}",
        InputProblem.INPUT_UNUSABLE: f"no records in {path}",
        InputProblem.QUERY_EMPTY: "the text to look for has no words or characters to compare",
        InputProblem.BAD_PATTERN: f"not a valid pattern: {error.text!r} "
        "(.gitignore syntax; quote it in the shell)",
    }
    return words[problem]


def cache_warning(warning: CacheWarning) -> str:
    """What went wrong with the fingerprint cache, and what the scan does instead."""
    problem, path = warning.problem, warning.path
    why = warning.os_error.strerror if warning.os_error else warning.error
    words = {
        CacheProblem.DAMAGED: f"the fingerprint cache was damaged ({warning.error}); "
        f"it was moved to {path} and a new one started",
        CacheProblem.FOREIGN: f"another program's file was where the fingerprint cache "
        f"belongs; it was moved to {path} and a new one started",
        CacheProblem.UNAVAILABLE: f"working without the fingerprint cache: {why}"
        + (f" ({path})" if path else ""),
        CacheProblem.DAMAGED_IN_USE: f"the fingerprint cache {path} is damaged "
        f"({warning.error}) and another simfind process has it open: working without it",
        CacheProblem.BUSY: f"the fingerprint cache {path} is locked by another simfind "
        "process: working without it this time",
        CacheProblem.READ_ONLY: f"the fingerprint cache {path} cannot be written: "
        "fingerprints are read from it but not saved",
        CacheProblem.NOT_SAVED: f"fingerprints are not saved this time: {why}",
        CacheProblem.ROWS_DAMAGED: f"{warning.count} unreadable "
        f"entr{'y' if warning.count == 1 else 'ies'} in the fingerprint cache dropped",
    }
    return words[problem]


def cluster_problem(error: ClusterError) -> str:
    """What stops a run on a Dask cluster, in one line."""
    words = {
        ClusterProblem.EXTRA_MISSING: f"--dask needs the dask extra ({error.module} is missing): "
        "pip install 'simfind[dask]'",
        ClusterProblem.SOURCE_MISSING: (
            f"Parquet dataset not found: {error.path}"
            if error.parquet
            else f"folder not found: {error.path}"
        ),
        ClusterProblem.NOT_A_SOURCE: "not a folder nor a Parquet dataset (*.parquet): "
        f"{error.path}",
        ClusterProblem.COLUMNS_MISSING: f"{error.path} has no column {', '.join(error.names)} "
        f"(it has {', '.join(error.present)}; see --id-column, --text-column)",
        ClusterProblem.NO_PARQUET_FILE: f"no Parquet file in {error.path}",
        ClusterProblem.PARQUET_UNREADABLE: f"cannot read {error.path} as Parquet: {error.error}",
        ClusterProblem.TEXT_COLUMN_NOT_TEXT: f"the column {', '.join(error.names)} of "
        f"{error.path} holds {error.error}, not text (see --text-column)",
        ClusterProblem.SCHEDULER_UNREACHABLE: f"cannot reach the Dask scheduler at "
        f"{error.address}: {error.error}",
        ClusterProblem.WORKER_MISMATCH: f"every worker must run simfind {error.version}: "
        + ", ".join(error.names),
        ClusterProblem.ONE_SOURCE: "--dask takes one SOURCE (a folder or a Parquet dataset)",
        ClusterProblem.PARQUET_NEEDS_DASK: "--format parquet goes with --dask",
        ClusterProblem.PARQUET_NEEDS_OUTPUT: "--format parquet needs --output FILE",
    }
    return words[error.problem]


def radius_too_wide(error: RadiusTooWideError) -> str:
    from simfind.core.index.candidates import RadiusProblem  # only the groups command loads it

    if error.problem is RadiusProblem.UNRELATED:
        return (
            f"--max-distance {error.radius} is too wide for {error.bits}-bit fingerprints: "
            f"unrelated files would fall within it (at most {error.widest})"
        )
    return (
        f"--max-distance {error.radius} is too wide to search among {error.files:,} files "
        f"(at most {error.widest} here)"
    )


def boilerplate_note(common: Boilerplate) -> str:
    """After a summary: that text many of the files share counted little ('' if none)."""
    if common.empty:
        return ""
    from simfind.core.compare.boilerplate import carriers  # a search for text loaded it

    return (
        f"; text that {carriers(common.texts)} or more of them share "
        "(licence headers, banners, attributions) counted little"
    )


def counted(count: int, noun: str) -> str:
    """ "1 text file", "2,000 text files": a count with its noun, plural after all but one."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _skipped(count: int) -> str:
    return f", {counted(count, 'file')} skipped" if count else ""


def nothing_found(places: Sequence[str], skipped: int, what: str = "text files") -> str:
    """A run that found nothing to compare: where it looked, and how many files it left out."""
    where = ", ".join(places)
    left_out = f" ({counted(skipped, 'file')} skipped)" if skipped else ""
    return f"no {what} found in {where}{left_out}"


def kinds_note(result: GroupsResult) -> str:
    """After the groups' count: how many are of identical files, of the same text ("" when
    all are near-duplicates)."""
    from simfind.core.groups.kinds import GroupKind  # only the groups command loads it

    kinds = Counter(group.kind for group in result.groups)
    said = [
        f"{kinds[kind]:,} {words}"
        for kind, words in ((GroupKind.IDENTICAL, "identical"), (GroupKind.SAME_TEXT, "same text"))
        if kinds[kind]
    ]
    return f" ({', '.join(said)})" if said else ""


def files_looked_at(result: FolderSearch) -> str:
    """What a groups run looked at: the text files, and where other files were looked at
    by their bytes, all the files."""
    if not result.by_bytes:
        return counted(result.files, "text file")
    return f"{counted(result.files, 'file')} ({result.text_files:,} read as text)"


def identical_summary(result: FolderSearch) -> str:
    """The last line of ``groups --identical``: the groups among the files, what was read."""
    members = sum(len(g.members) for g in result.groups)
    read = (
        f"{result.hashed_bytes / 1e6:,.1f} MB"
        if result.hashed_bytes >= 100_000
        else (counted(result.hashed_bytes, "byte"))
    )
    return (
        f"{counted(len(result.groups), 'group')} of identical files ({members:,} files) among "
        f"{counted(result.files, 'file')}{_skipped(len(result.skipped))}; "
        f"{counted(result.hashed_files, 'file')} read to compare their bytes ({read})"
    )


def copies_summary(result: ScanResult) -> str:
    """The last line of a scan whose reference is no text: its copies, found by bytes."""
    copies = sum(1 for m in result.matches if not m.is_reference)
    found = f"{copies:,} identical cop{'y' if copies == 1 else 'ies'} of the reference"
    why = f" ({not_text(*result.no_text)})" if result.no_text is not None else ""
    return (
        f"{found}{_skipped(len(result.skipped))}; the reference is no text{why}: the files "
        "of its size were compared with it by their bytes"
    )


def refused_identical(args: Namespace) -> str:
    """Why --identical, --min-size or --empty-files cannot go with the other options given
    ("" when they can)."""
    if args.identical and args.text_only:
        return "--identical reads no file as text: it does not go with --text-only"
    files_only = args.identical or args.empty_files or args.min_size != 1
    if files_only and args.records is not None:
        return "--identical, --min-size and --empty-files compare files, not --records"
    if files_only and args.dask is not None:
        return "--identical, --min-size and --empty-files run on this machine, not with --dask"
    return ""


def run_summary(
    found: str,
    among: str,
    skipped: int,
    compared: int,
    how: str,
    common: Boilerplate,
    estimated: int = 0,
) -> str:
    """The last line of a scan or a groups run, one shape for both: what was found among
    what was read, what was left out, how much was compared and how (``estimated``: pairs
    with a catalogued file away, compared by their fingerprints' estimate alone).

    "3 similar among 12 text files, 1 file skipped; 10 exact comparisons (...)"
    """
    estimates = f", {counted(estimated, 'estimate')} from fingerprints" if estimated else ""
    return (
        f"{found} among {among}{_skipped(skipped)}; {counted(compared, 'exact comparison')}"
        f"{estimates} ({how}){boilerplate_note(common)}"
    )


#: The words a workbook adds (-o result.xlsx): the sheet of texts too long for a cell.
WORKBOOK = WorkbookWords(
    whole_sheet="Whole values",
    sheet="Sheet",
    row="Row",
    column="Column",
    characters="Characters",
    parts="Text, in parts (join them)",
    cut_note="Cut: Excel holds 32,767 characters in a cell. The whole text, {characters} "
    'characters, is on sheet "{sheet}", row {row}.',
)


def cells_cut(cut: Sequence[CutCell]) -> str:
    """Cells of a workbook whose text was longer than a cell holds: where, and where it went."""
    first = cut[0]
    return (
        f"{counted(len(cut), 'cell')} longer than the {CELL_CHARACTERS:,} characters an Excel "
        f"cell holds (the first: sheet {first.sheet}, row {first.row}, column {first.column}, "
        f"{first.characters:,} characters): cut in the cell, with a note, and written whole "
        f'on sheet "{WORKBOOK.whole_sheet}"; --format csv or json keeps every value in one piece'
    )

"""The core's outcomes on the command line: one line each, for stderr.

The core's words are simfind/core/words/outcomes.py's, in the command line's language
(simfind/cli/base/speaking.py); the frames only the command line puts around them are
``CommandLine``'s, translated through the same catalogues. Summaries, counts and the
rest below are English.
"""

from __future__ import annotations

from argparse import Namespace
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from simfind.cli.base.speaking import core_words, translator
from simfind.cluster.errors import ClusterError, ClusterProblem
from simfind.core.base.errors import (
    CacheWarning,
    InputError,
    InputProblem,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.shown import shown_path
from simfind.core.report.workbook import CELL_CHARACTERS, CutCell, WorkbookWords
from simfind.core.words.outcomes import Words

if TYPE_CHECKING:
    from simfind.core.compare.boilerplate import Boilerplate
    from simfind.core.groups.folder_groups import GroupsResult
    from simfind.core.groups.group import FolderSearch
    from simfind.core.index.candidates import RadiusTooWideError
    from simfind.core.scan.options import ScanResult

# How a reference read from standard input (``simfind scan -``) is named.
STDIN_NAME = "<stdin>"


class CommandLine(Words):
    """The command line's own frames around the core's words, translated as they are:
    lupdate collects each ``self.tr`` under the context "CommandLine"."""

    def skipped(self, where: str, why: str) -> str:
        #: A file left out of a scan: its path, and why (a skip reason with its detail).
        return self.tr("skipped {path}: {why}").format(path=where, why=why)

    def skipped_document(self, where: str, document: str) -> str:
        #: {document} is a document format, e.g. Word, PDF.
        return self.tr(
            "skipped {path}: a document ({document}), which --text-only leaves out"
        ).format(path=where, document=document)

    def is_document(self, where: str, document: str) -> str:
        return self.tr(
            "{path} is a document ({document}); --text-only reads plain text only"
        ).format(path=where, document=document)

    def no_column(self, column: str, where: str, columns: tuple[str, ...]) -> str:
        if not columns:
            return self.tr("no column {column} in {path}").format(column=column, path=where)
        #: A CSV file lacks the column asked for; {columns} lists those it has.
        return self.tr("no column {column} in {path} (its columns: {columns})").format(
            column=column, path=where, columns=", ".join(columns)
        )

    def stdin_empty(self) -> str:
        return self.tr(
            "the reference on standard input ({stdin}) is empty: pipe the text to compare "
            "with into 'simfind scan -'"
        ).format(stdin=STDIN_NAME)

    def stdin_unreadable(self, why: str) -> str:
        if why:
            return self.tr(
                "standard input ({stdin}) cannot be read: {error}: pipe the text to compare "
                "with into 'simfind scan -'"
            ).format(stdin=STDIN_NAME, error=why)
        return self.tr(
            "standard input ({stdin}) is closed: pipe the text to compare with into "
            "'simfind scan -'"
        ).format(stdin=STDIN_NAME)

    def query_undecodable(self, problem: str) -> str:
        #: After "The text to look for is not valid UTF-8.", given on the command line.
        return self.tr("{problem} Give it in the system's encoding, or in a file.").format(
            problem=problem
        )

    def bad_pattern(self, problem: str) -> str:
        #: After "This is not a valid file pattern: ...", given with --include or --exclude.
        return self.tr("{problem} (.gitignore syntax; quote it in the shell)").format(
            problem=problem
        )

    def no_report(self, where: str, why: str) -> str:
        #: simfind report: a file of the two to compare is no text ({why}: a skip reason).
        return self.tr("cannot read {path} as text ({why}): no report written").format(
            path=where, why=why
        )

    def every_file_shown(self) -> str:
        #: After the ignore list's trouble: what a run does without it.
        return self.tr("every file is shown this time")

    def unusable_result(self, name: str, problem: str, damaged: bool) -> str:
        """Why a result file cannot be used (the core's words): ``name``, the file."""
        if damaged:
            #: simfind clean: a result file is damaged ({problem}: the core's words).
            return self.tr("{name}: {problem} Nothing was changed.").format(
                name=name, problem=problem
            )
        return self.tr("{name}: {problem}").format(name=name, problem=problem)

    def catalogue_damaged(self, problem: str) -> str:
        return self.tr("{problem}; make it again with 'simfind catalogue'").format(problem=problem)

    def catalogue_settings(self, problem: str) -> str:
        #: A catalogue made with other settings: the options to give as when it was made.
        return self.tr(
            "{problem}; give the same --bits, --text-only and --no-fold-scripts as when it was made"
        ).format(problem=problem)

    def links_to_reference(self, outcome: str) -> str:
        #: After why a file was not replaced by a hard link to a file in a reference folder.
        return self.tr("{outcome} (--link-to-reference links to it)").format(outcome=outcome)

    def warning(self, text: str) -> str:
        #: Before a warning on the command line, after "simfind: ".
        return self.tr("warning: {text}").format(text=text)


# The command line's own words, in its language (chosen when the first is said).
said = CommandLine(lambda *message: translator()(*message))

# Where the command line names an option beside an input problem the core words.
_OPTIONS = {
    InputProblem.OUTPUT_FOLDER_MISSING: "--output",
    InputProblem.OUTPUT_IS_FOLDER: "--output",
    InputProblem.OUTPUT_IS_REFERENCE: "--output",
    InputProblem.OUTPUT_NOT_A_FILE: "--output",
    InputProblem.OUTPUT_UNWRITABLE: "--output",
    InputProblem.DISTANCE_TOO_LARGE: "--max-distance",
}


def one_line(text: str) -> str:
    """A text the window shows on lines, on one: after a stop or a colon a space (none
    after Chinese punctuation), else a semicolon."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    joined = lines[0] if lines else ""
    for line in lines[1:]:
        last = joined[-1]
        if last in "。：；，":
            joined += line
        elif last in ".:;,":
            joined += " " + line
        else:
            joined += ("；" if _is_cjk(joined) else "; ") + line
    return joined


def _is_cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def skip_detail(detail: SkipDetail | None) -> str:
    """A skip's detail in the command line's language ("" when there is none)."""
    return core_words().skip_detail(detail) if detail is not None else ""


# Document formats as people know them (the core's names: docx, pdf, ...).
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
# The causes of a file whose bytes are no text.
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
    """Why a file is not text: its reason and detail, in the command line's language."""
    return core_words().skip_text(reason, detail)


def skip_line(where: str, reason: SkipReason, detail: SkipDetail | None) -> str:
    """One file left out: "skipped PATH: reason (detail)"."""
    document = document_left_out(detail)
    if document:
        return said.skipped_document(where, document)
    if reason is SkipReason.NO_RECORDS and detail is not None:
        return said.skipped(where, skip_detail(detail))  # the detail says it all: no column
    return said.skipped(where, not_text(reason, detail))


def input_problem(error: InputError) -> str:
    """What is wrong with the reference, the folder or an option, in one line."""
    problem, detail = error.problem, error.detail
    if problem in (InputProblem.FILE_NOT_TEXT, InputProblem.REFERENCE_NOT_TEXT):
        document = document_left_out(detail)
        if document and error.path is not None:
            return said.is_document(shown_path(error.path), document)
    if (
        problem is InputProblem.INPUT_UNUSABLE
        and detail is not None
        and detail.cause is SkipCause.NO_COLUMN
        and error.path is not None
    ):
        return said.no_column(repr(detail.column), shown_path(error.path), detail.columns)
    why = core_words().os_error(error.os_error) if error.os_error is not None else ""
    if problem is InputProblem.REFERENCE_TEXT_EMPTY:
        return said.stdin_empty()
    if problem is InputProblem.STDIN_UNREADABLE:
        return said.stdin_unreadable(why)
    if problem is InputProblem.REFERENCE_NOT_TEXT and error.path is None:  # piped: scan -
        error = InputError(problem, Path(STDIN_NAME), reason=error.reason, detail=detail)
    text = one_line(core_words().input_problem(error))
    if problem is InputProblem.QUERY_UNDECODABLE:
        return said.query_undecodable(text)
    if problem is InputProblem.BAD_PATTERN:
        return said.bad_pattern(text)
    option = _OPTIONS.get(problem)
    return f"{option}: {text}" if option else text


def cache_warning(warning: CacheWarning) -> str:
    """What went wrong with the fingerprint cache, and what the scan does instead."""
    return core_words().cache_warning(warning)


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
    """After a summary: that text many of the files share counted for nothing ('' if none)."""
    if common.empty:
        return ""
    from simfind.core.compare.boilerplate import carriers  # a search for text loaded it

    return (
        f"; text that {carriers(common.texts)} or more of them share "
        "(licence headers, banners, attributions) counted for nothing where both files have it"
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


def identical_refuses_catalogue(catalogue: str) -> str:
    """Why ``groups --identical`` takes no catalogue, and what finds its copies instead."""
    return (
        f"--identical compares files of every kind by their bytes, and the catalogue "
        f"{catalogue} keeps only its drive's text files (their hash, not their bytes): it "
        f"cannot say which of its other files are copies. Without --identical, simfind "
        f"groups finds copies of its text files, identical by the hash it kept"
    )


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


# The words a workbook adds (-o result.xlsx): the sheet of texts too long for a cell.
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


def shared_text_suffix(with_shared: float) -> str:
    """After a row's path: the figure with the folder's shared text counted, where that
    moved it by a point or more (compare.shown)."""
    from simfind.core.base.paths import percent

    return f"  ({percent(with_shared)} % counting the text many files here share)"


def too_long_note(count: int) -> str:
    """Said after a scan some of whose figures are estimates because the texts are long."""
    from simfind.core.compare.blocks import WORK_LIMIT  # a scan for text loaded it

    figures = counted(count, "figure")
    return (
        f"{figures} (marked ~) {'is an estimate' if count == 1 else 'are estimates'}: the two "
        "texts are too long to compare word by word in time (more than "
        f"{WORK_LIMIT // 1_000_000} million words hashed and sorted, about a second), so the "
        "words of what was left unsearched are estimated from the words they share"
    )

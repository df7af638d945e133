"""The engine's outcomes in the window's words, in the interface language.

The core reports typed outcomes with their parameters (simfind/core/base/errors.py).
Those the command line shows too are worded once, in simfind/core/words/outcomes.py,
and translated here through the window's catalogues; the rest (diffs, moves, the
ignore list, names of given texts) are the window's own, worded below.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from simfind.core.base.errors import (
    CacheWarning,
    DiffNotice,
    DiffNoticeKind,
    InputError,
    LineEnding,
    OsFailure,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.shown import shown_path
from simfind.core.cleanup.moves import FileMove as Record
from simfind.core.cleanup.moves import Outcome
from simfind.core.groups.kinds import GroupKind
from simfind.core.ignore.store import StoreNotice
from simfind.core.text.given import GivenText, TextSource
from simfind.core.words.outcomes import CoreWords
from simfind.gui.base.i18n import translate


class Wording(QObject):
    """Words for the core's outcomes: those of simfind/core/words (``core``), translated
    by the window's catalogues, and the window's own. A QObject: Qt's plural forms need
    ``self.tr``."""

    def __init__(self) -> None:
        super().__init__()
        #: The core's catalogue, in the interface language of the moment.
        self.core = CoreWords(translate)

    def os_error(self, failure: OsFailure) -> str:
        return self.core.os_error(failure)

    def skip_reason(self, reason: SkipReason) -> str:
        return self.core.skip_reason(reason)

    def document_format(self, name: str) -> str:
        return self.core.document_format(name)

    def skip_detail(self, detail: SkipDetail) -> str:
        return self.core.skip_detail(detail)

    def skip_text(self, reason: SkipReason, detail: SkipDetail | None) -> str:
        return self.core.skip_text(reason, detail)

    def input_problem(self, error: InputError) -> str:
        return self.core.input_problem(error)

    def cache_warning(self, warning: CacheWarning) -> str:
        return self.core.cache_warning(warning)

    def group_kind(self, kind: GroupKind) -> str:
        """What a group is, in its row of the groups list."""
        words = {
            #: A group of files with the same bytes.
            GroupKind.IDENTICAL: self.tr("identical"),
            #: A group of files with the same words in the same order, in other bytes.
            GroupKind.SAME_TEXT: self.tr("same text"),
            #: A group of files similar to its centre.
            GroupKind.NEAR_DUPLICATE: self.tr("near-duplicates"),
        }
        return words[kind]

    def line_ending(self, ending: LineEnding | None) -> str:
        if ending is LineEnding.MIXED:
            #: Line endings of a file that has both CRLF and LF.
            return self.tr("mixed")
        return ending.value if ending is not None else ""

    def diff_notice(self, notice: DiffNotice) -> str:
        if notice.kind is DiffNoticeKind.LINE_ENDINGS_DIFFER:
            return self.tr("line endings differ ({left} and {right}); they are ignored").format(
                left=self.line_ending(notice.left), right=self.line_ending(notice.right)
            )
        if notice.kind is DiffNoticeKind.TOO_LARGE_TO_ALIGN:
            return self.tr("the texts are too large to align line by line; they are shown whole")
        return self.tr(
            "%n changed line(s) longer than {limit} characters are shown without word highlighting",
            "",
            notice.count,
        ).format(limit=f"{notice.limit:,}")

    def ignore_notice(self, notice: StoreNotice) -> str:
        return self.core.ignore_notice(notice)

    def move_outcome(self, record: Record, linking: bool = False) -> str:
        """Why a file was not moved (or not put back); ``linking``: not replaced by a hard
        link (or not made a copy again)."""
        if record.outcome is Outcome.FAILED and record.error is not None:
            return self.os_error(record.error)
        if record.outcome is Outcome.CHANGED and record.aside is not None:
            #: A file another program saved while simfind was acting on it: left, and an
            #: earlier version of it kept under another name beside it (or where it went).
            return self.tr(
                "left: it changed since it was compared (a version of it is kept as {path})"
            ).format(path=shown_path(record.aside))
        if linking and record.outcome is Outcome.REPLACED:
            return self.tr("it is no longer a hard link to the kept file; left as it is")
        if linking and record.outcome is Outcome.IN_USE:
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
        return words[record.outcome]

    def unchanged_lines(self, count: int) -> str:
        return self.tr("⋯ %n unchanged line(s)", "", count)

    def given_text(self, given: GivenText) -> str:
        """How a text given in place of a file is named: in a diff's header, the title."""
        if given.source is TextSource.STDIN:
            #: A reference text read from standard input, where a file's name would be.
            return self.tr("(standard input)")
        #: The reference text typed or pasted in the Compare tab, where a file's name would be.
        return self.tr("(pasted text)")


def sentences(*parts: str) -> str:
    """Sentences one after another: a space after English ones, none after Chinese ones."""
    text = ""
    for part in filter(None, parts):
        if text and not ("\u3000" <= text[-1] <= "\u9fff" or "\uff00" <= text[-1] <= "\uffef"):
            text += " "
        text += part
    return text


# The one instance. Translating only reads the installed catalogues, so any thread may use it.
words = Wording()

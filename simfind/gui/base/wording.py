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
from simfind.core.cleanup.moves import FileMove as Record
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
        """Why a file was not moved (or not put back), in the core's words."""
        return self.core.move_outcome(record.outcome, record.error, record.aside, linking)

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

"""The words of results that last (File → Save Results…, Open Results…), in the interface
language: what became of a file since its result was saved, why a result file cannot be
opened."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import QObject

from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.groups.since import SinceSaved
from simfind.core.results.reading import ResultFileError, ResultProblem
from simfind.gui.base.wording import sentences, words


def saved_time(stamp: str) -> str:
    """When a result was saved, as the groups show times (local, to the minute)."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:  # a time the file holds as some other program wrote it
        return stamp


class ResultWords(QObject):
    """A QObject: Qt's plural forms need ``self.tr``."""

    def since_saved(self, name: str, state: SinceSaved) -> str:
        """A file's name in the groups, with what became of it since the result was saved."""
        if state is SinceSaved.VANISHED:
            #: A file of a result opened from a file: it is no longer there.
            return self.tr("{name}  (gone since saved)").format(name=name)
        #: A file of a result opened from a file: it is not as it was when saved.
        return self.tr("{name}  (changed since saved)").format(name=name)

    def since_saved_tip(self, state: SinceSaved) -> str:
        if state is SinceSaved.VANISHED:
            return self.tr(
                "This file is no longer there: it was moved, renamed or deleted since the "
                "result was saved. It is never marked or moved; scan again to see the groups "
                "as they are now."
            )
        return self.tr(
            "This file is not as it was when the result was saved (its size, modified time "
            "or identity differ). It is never marked or moved, nor kept in place of another; "
            "scan again to compare it anew."
        )

    def stale_summary(self, changed: int, vanished: int) -> str:
        """The status bar's note on a result opened: how many of its files are not as saved."""
        parts = []
        if changed:
            parts.append(self.tr("%n file(s) changed since saved", "", changed))
        if vanished:
            parts.append(self.tr("%n file(s) gone since saved", "", vanished))
        #: Between the parts of a list ("3 files changed since saved, 1 file gone since saved").
        return self.tr(", ").join(parts)

    def opened(self, groups: int, saved: str) -> str:
        """The status bar once a result is opened (``saved``: when it was made, ISO 8601)."""
        return self.tr("%n group(s) opened from a result saved {saved}", "", groups).format(
            saved=saved_time(saved)
        )

    def summary(self, result: GroupsResult, text: str) -> str:
        """The groups' summary of a result opened from a file: when it was saved, and how
        many of its files are not as they were then."""
        vanished = sum(1 for s in result.stale.values() if s is SinceSaved.VANISHED)
        stale = self.stale_summary(len(result.stale) - vanished, vanished)
        #: The summary of groups opened from a result file: {saved}, when it was saved;
        #: {summary}, the groups' own summary.
        said = self.tr("Saved {saved}: {summary}").format(
            saved=saved_time(result.saved), summary=text
        )
        return f"{said} · {stale}" if stale else said

    def result_problem(self, error: ResultFileError) -> str:
        """Why a result file cannot be opened (the core's words); nothing shown changes."""
        said = words.core.result_problem(error)
        if error.problem in (ResultProblem.NOT_JSON, ResultProblem.DAMAGED):
            #: After why a result file is damaged: the window shows what it showed.
            return sentences(said, self.tr("Nothing was opened."))
        return said


# The one instance. Translating only reads the installed catalogues, so any thread may use it.
result_words = ResultWords()

__all__ = ["ResultWords", "result_words"]

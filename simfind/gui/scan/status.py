"""What the window says about its scan: the progress row, the summary, the skipped-files button.

Every text is worded from the scan's state, not kept as a sentence, so a
change of language words it all again (``retranslate``).
"""

from __future__ import annotations

from collections import Counter
from itertools import takewhile
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QAbstractButton, QLabel, QProgressBar

from simfind.core.base.errors import InputError
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_errors import CatalogueError
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.groups.kinds import GroupKind
from simfind.core.runs.progress import Progress
from simfind.core.scan.options import ScanResult
from simfind.core.scan.rank import Ranking
from simfind.gui.base.catalogue_words import catalogue_words
from simfind.gui.base.result_words import result_words
from simfind.gui.base.wording import words
from simfind.gui.scan.worker import UnexpectedError

Failure = InputError | CatalogueError | UnexpectedError


class ScanStatus(QObject):
    def __init__(
        self,
        bar: QProgressBar,
        label: QLabel,
        summary: QLabel,
        skipped: QAbstractButton,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.bar, self.label, self.summary, self.skipped = bar, label, summary, skipped
        self._folder: Path | None = None
        self._progress: Progress | None = None
        self._cancelling = False
        self._result: ScanResult | None = None
        self._groups: GroupsResult | None = None
        self._grouping = False  # a search for groups, not a scan against a file
        self._so_far: tuple[int, int] | None = None  # groups and files shown while it runs
        self._failure: Failure | None = None
        self._refused = False  # the failure is inputs refused before a scan began
        self._left: tuple[int, int] | None = None  # groups and files shown after some left
        # The files in a result's groups, counted once (25,000 groups: 5-50 ms a count).
        self._files_in: tuple[GroupsResult | None, int, Counter[GroupKind]] = (None, 0, Counter())

    # -- what happened ----------------------------------------------------------------
    def started(self, folder: Path) -> None:
        # The count is the progress bar's alone: a second one here disagreed with it.
        self._folder, self._progress = folder, None
        self._cancelling, self._result, self._failure = False, None, None
        self._groups, self._grouping, self._so_far = None, False, None
        self._refused, self._left = False, None
        self.retranslate()

    def started_groups(self, folders: list[Path]) -> None:
        """A search for every group of near-duplicates in ``folders`` started."""
        self.started(folders[0])
        self._grouping = True
        self.retranslate()

    def groups_so_far(self, groups: int, files: int) -> None:
        """Groups found and shown while the search still compares files."""
        self._so_far = (groups, files)
        self._show_summary()

    def grouped(self, result: GroupsResult) -> None:
        self._groups, self._left = result, None
        self._show_summary()

    def show_result(
        self, result: ScanResult | GroupsResult | None, left: tuple[int, int] | None = None
    ) -> None:
        """Tell of this result (the other mode's, when the window switches to it); ``left``:
        the groups and files still shown where some were moved, trashed or set apart."""
        self._folder, self._progress, self._cancelling, self._failure = None, None, False, None
        self._so_far, self._refused, self._left = None, False, left
        self._result = result if isinstance(result, ScanResult) else None
        self._groups = result if isinstance(result, GroupsResult) else None
        self._show_summary()

    def progressed(self, progress: Progress) -> None:
        if progress.files_total:
            self._progress = progress
            self._show_progress()

    def cancelling(self) -> None:
        self._cancelling = True
        self._show_progress()

    def finished(self, result: ScanResult) -> None:
        self._result = result
        self._show_summary()

    def failed(self, failure: Failure) -> str:
        """Shows the failure; returns its words for a dialog."""
        self._failure, self._refused = failure, False
        self._show_summary()
        return self.failure_text(failure)

    def refused(self, error: InputError) -> str:
        """Shows why a scan or search did not start; returns its words for a dialog."""
        self._failure, self._refused = error, True
        self._show_summary()
        return self.failure_text(error)

    # -- the words --------------------------------------------------------------------
    def retranslate(self) -> None:
        self._show_progress()
        self._show_summary()

    def failure_text(self, failure: Failure) -> str:
        if isinstance(failure, InputError):
            return words.input_problem(failure)
        if isinstance(failure, CatalogueError):
            return catalogue_words.catalogue_problem(failure)
        #: A scan ended by an error simfind did not expect; the error's own words follow.
        return self.tr("An unexpected error stopped the scan: {error}").format(error=failure.error)

    def _show_progress(self) -> None:
        progress = self._progress
        if self._cancelling:
            self.label.setText(self.tr("Cancelling…"))
        if progress is None:
            self.bar.setRange(0, 0)
            if not self._cancelling:
                self.label.setText(self.tr("Looking for files…"))
            return
        self.bar.setRange(0, progress.files_total)
        self.bar.setValue(progress.files_done)
        done, total = str(progress.files_done), str(progress.files_total)
        if progress.stage == "searching":
            self.bar.setFormat("%p%")
            if not self._cancelling:
                self.label.setText(self.tr("Finding pairs of similar fingerprints…"))
            return
        if progress.stage == "verifying":
            self.bar.setFormat(
                self.tr("%v of %m compared").replace("%v", done).replace("%m", total)
            )
            if not self._cancelling and self._grouping:
                self.label.setText(self.tr("Comparing files with similar fingerprints exactly…"))
            elif not self._cancelling:
                self.label.setText(self.tr("Checking the closest files exactly…"))
            return
        self.bar.setFormat(self.tr("%v of %m files").replace("%v", done).replace("%m", total))
        if self._cancelling:
            return
        if progress.stage == "hashing":
            self.label.setText(self.tr("Comparing the bytes of files of the same size…"))
            return
        rate = progress.files_done / progress.elapsed if progress.elapsed > 0.2 else 0.0
        text = self.tr("{rate:.0f} files/s").format(rate=rate) if rate else ""
        left = progress.seconds_left()
        if left is not None:
            text += "  " + self.tr("about {seconds:.0f} s left").format(seconds=left)
        self.label.setText(text)

    def _show_summary(self) -> None:
        result, failure = self._result, self._failure
        if failure is not None:
            # The dialog's lines on one line: each without its closing colon or stop,
            # joined as the language joins clauses ("; ", "；").
            lines = [
                line.strip().rstrip(":：。.") for line in self.failure_text(failure).split("\n")
            ]
            why = self.tr("; ").join(line for line in lines if line)
            if self._refused:
                #: Inputs refused before a scan or search began; the reason follows.
                self.summary.setText(self.tr("Not started: {message}").format(message=why))
            else:
                self.summary.setText(self.tr("The scan stopped: {message}").format(message=why))
        elif self._groups is not None and self._left is not None:
            left, files = self._left
            found = self._groups_summary(self._groups)
            #: %n: the groups still shown after files were moved, trashed or set apart;
            #: {summary}: what the search had found.
            self.summary.setText(
                self.tr("%n group(s) ({files} files) left. Found: {summary}", "", left).format(
                    files=files, summary=found
                )
            )
        elif self._groups is not None:
            groups = self._groups
            self.summary.setText(
                self._common_note(groups.boilerplate, self._groups_summary(groups))
            )
        elif result is not None:
            text = self._common_note(result.boilerplate, self._summary(result))
            self.summary.setText(self._estimates_note(result, text))
        elif self._so_far is not None and self._grouping:
            shown, files = self._so_far
            #: %n: the groups of near-duplicates shown so far, while the search goes on.
            self.summary.setText(
                self.tr(
                    "%n group(s) of near-duplicates so far ({files} files); still comparing…",
                    "",
                    shown,
                ).format(files=files)
            )
        elif self._folder is not None and self._grouping:
            folder = shown_path(self._folder)
            self.summary.setText(
                self.tr("Looking for near-duplicates in {folder}…").format(folder=folder)
            )
        elif self._folder is not None:
            folder = shown_path(self._folder)
            self.summary.setText(self.tr("Scanning {folder}…").format(folder=folder))
        else:
            self.summary.clear()
        done = self._groups or result
        skipped = len(done.skipped) if done is not None else 0
        self.skipped.setText(self.tr("Skipped files ({count})…").format(count=skipped))
        self.skipped.setVisible(bool(skipped))

    def _common_note(self, common: Boilerplate, text: str) -> str:
        """The summary, and where the files share boilerplate, that it counted for nothing
        where both files have it."""
        if common.empty:
            return text
        #: After a scan's summary, when the files share text (licence headers, banners,
        #: a template) that counted for nothing where both files have it.
        note = self.tr(
            "text shared by many files (licence headers, banners) counted for nothing where "
            "both files have it"
        )
        #: Joins a summary and a note after it.
        return self.tr("{summary} · {note}").format(summary=text, note=note)

    def _estimates_note(self, result: ScanResult, text: str) -> str:
        """The summary, and where figures are estimates (a catalogue's, its drive away; or
        texts too long to compare word by word in time), how many of each."""
        guessed = [m for m in result.matches if m.estimated and m.similarity is not None]
        count = sum(1 for m in guessed if m.catalogue is not None)
        if count:
            note = catalogue_words.estimates(count)
            text = self.tr("{summary} · {note}").format(summary=text, note=note)
        long_texts = len(guessed) - count
        if long_texts:
            #: %n: figures shown "~" because the two texts are too long to compare word
            #: by word in time.
            note = self.tr(
                "%n figure(s) marked ~ are estimates: the texts are too long to compare word "
                "by word in time",
                "",
                long_texts,
            )
            text = self.tr("{summary} · {note}").format(summary=text, note=note)
        return text

    def _summary(self, result: ScanResult) -> str:
        if result.by_bytes:
            copies = sum(1 for m in result.matches if not m.is_reference)
            #: %n: the copies found of a reference that is no text (an image, an archive),
            #: compared with the folder's files of its size by their bytes.
            return self.tr(
                "%n identical copy(-ies) of the reference; it is no text, so the files of its "
                "size were compared with it by their bytes; {skipped} skipped",
                "",
                copies,
            ).format(skipped=len(result.skipped))
        verified = [
            m
            for m in takewhile(lambda m: m.similarity is not None, result.matches)  # ranked first
            if not m.is_reference
        ]
        counts = {
            "similar": sum(1 for m in verified if m.similar),
            "scanned": len(result.matches),
            "skipped": len(result.skipped),
        }
        if not result.cancelled and result.rank.ranking is Ranking.CONTAINMENT:
            threshold = result.rank.threshold
            holding = sum(1 for m in verified if result.rank.holds(m))
            #: Ranked by "contains the reference": the files holding at least the
            #: threshold's share of the reference, then those similar as a whole.
            return self.tr(
                "{holding} holding {share} % or more of the reference, {similar} similar, "
                "of {scanned} scanned, {skipped} skipped"
            ).format(holding=holding, share=f"{threshold * 100:.0f}", **counts)
        if not result.cancelled:
            return self.tr("{similar} similar of {scanned} scanned, {skipped} skipped").format(
                **counts
            )
        if result.compared:
            #: %n: how many of the files found before the cancel were compared exactly.
            text = self.tr(
                "Cancelled — {similar} similar of {scanned} scanned; only the nearest %n "
                "compared exactly; {skipped} skipped",
                "",
                result.compared,
            )
        else:
            text = self.tr(
                "Cancelled — {scanned} scanned, none compared exactly; {skipped} skipped"
            )
        return text.format(**counts)

    def _groups_summary(self, result: GroupsResult) -> str:
        if self._files_in[0] is not result:
            kinds = Counter(group.kind for group in result.groups)
            self._files_in = (result, sum(len(g.members) for g in result.groups), kinds)
        _, files, kinds = self._files_in
        if kinds[GroupKind.IDENTICAL] or kinds[GroupKind.SAME_TEXT]:
            #: %n: groups of files; then the files in them, how many groups are of
            #: identical files, of the same text, of near-duplicates, the files looked at
            #: (of any kind) and the files skipped.
            text = self.tr(
                "%n group(s) ({files} files): {identical} identical, {same} same text, "
                "{near} near-duplicates; among {scanned} files, {skipped} skipped",
                "",
                len(result.groups),
            ).format(
                files=files,
                identical=kinds[GroupKind.IDENTICAL],
                same=kinds[GroupKind.SAME_TEXT],
                near=kinds[GroupKind.NEAR_DUPLICATE],
                scanned=result.files,
                skipped=len(result.skipped),
            )
        else:
            #: %n: groups of near-duplicate files; then the files in them, the text files
            #: read and the files skipped.
            text = self.tr(
                "%n group(s) of near-duplicates ({files} files) among {scanned} scanned, "
                "{skipped} skipped",
                "",
                len(result.groups),
            ).format(files=files, scanned=result.files, skipped=len(result.skipped))
        if result.estimated:
            #: %n: pairs with a catalogued file whose drive is away, compared by their
            #: fingerprints' estimate alone (no text to compare exactly).
            text = self.tr(
                "{summary}; %n estimate(s) from fingerprints (a catalogue's drive is away)",
                "",
                result.estimated,
            ).format(summary=text)
        if result.cancelled:
            #: The search was cancelled: the groups listed are final, but others may be missing.
            text = self.tr("Cancelled, the list is partial — {summary}").format(summary=text)
        if result.saved:
            text = result_words.summary(result, text)
        return text

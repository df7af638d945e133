"""What the diff is of, above the panes: the title, the panes' headers, notices (or why
the files cannot be compared), the pair's figures and the summary of the shared
passages with links to where they are."""

from __future__ import annotations

import html
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QWidget

from simfind.core.base.errors import NotTextError
from simfind.core.base.paths import percent
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_errors import CatalogueError, TextAwayError
from simfind.core.compare.passages import TextSpan
from simfind.core.groups.group import Member
from simfind.core.scan.rank import Match
from simfind.core.text.given import GivenText
from simfind.gui.base import wording
from simfind.gui.base.catalogue_words import catalogue_words
from simfind.gui.base.colours import Colours, colours_for
from simfind.gui.diff.rendering import Rendered, Side

#: The file shown on the right: a scan's match (its figures to the reference) or a group's
#: member (its figures to the centre).
ShownFile = Match | Member

# The places of shared passages the summary links to; the rest are counted.
PASSAGE_LINKS = 6


class LeftSide(Enum):
    """What the left pane holds: the reference of a scan, a group's centre, or, where
    the centre has been moved, another file of the group."""

    REFERENCE = "reference"
    CENTRE = "centre"
    GROUP_FILE = "group file"
    #: Two files compared on their own (File → Compare Two Files): the first one.
    FIRST_FILE = "first file"
    #: The version the file on the right grew from (the groups' versions).
    EARLIER_VERSION = "earlier version"


class DiffSummary(QObject):
    """The labels above the panes, and the button that opens a file not compared."""

    # A shared passage's place was clicked: its index, and whether on the left.
    passage_clicked = Signal(int, bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.setVisible(False)
        self.recolour()
        # The shared passages: how many, how long, and where (links that go there).
        self.passages_label = QLabel()
        self.passages_label.setWordWrap(True)
        self.passages_label.setTextFormat(Qt.TextFormat.RichText)
        self.passages_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
        )
        self.passages_label.linkActivated.connect(self._on_passage_link)
        self.passages_label.setVisible(False)
        self.open_button = QPushButton()
        self.open_button.setVisible(False)
        self.left_header = QLabel()
        self.right_header = QLabel()
        for header in (self.left_header, self.right_header):
            header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def retranslate(self) -> None:
        self.open_button.setText(self.tr("Open in Default Application"))

    def colours(self) -> Colours:
        """The colours beside the view's palette (its labels' own may not have changed yet)."""
        parent = self.parent()
        return colours_for(
            parent.palette() if isinstance(parent, QWidget) else QGuiApplication.palette()
        )

    def recolour(self) -> None:
        """The notice in its colour for the palette in use (again after a theme change)."""
        palette = QPalette()  # no role of its own but this one: the rest follows the view's
        palette.setColor(QPalette.ColorRole.WindowText, self.colours().notice)
        self.notice.setPalette(palette)

    def clear(self, groups: bool, role: LeftSide | None = None) -> None:
        """Nothing compared: the prompt to select something, no headers or notices."""
        self.title.setText(self.prompt(groups, role))
        self.left_header.clear()
        self.right_header.clear()
        self.notice.setVisible(False)
        self.passages_label.setVisible(False)
        self.open_button.setVisible(False)

    def prompt(self, groups: bool, role: LeftSide | None = None) -> str:
        """What to select for a diff; ``role``: what the left pane is to hold."""
        if groups and role is LeftSide.FIRST_FILE:  # the groups' folders, file by file
            return self.tr("Select a pair of files to see their diff.")
        if groups:
            return self.tr("Select a file to compare it with the centre of its group.")
        return self.tr("Select a row to compare it with the reference.")

    def left_label(self, role: LeftSide) -> str:
        if role is LeftSide.CENTRE:
            #: The left pane's title in the groups mode: the file the others are compared with.
            return self.tr("Centre of the group")
        if role is LeftSide.GROUP_FILE:
            #: The left pane's title when the group's centre has been moved away.
            return self.tr("Another file of the group")
        if role is LeftSide.FIRST_FILE:
            #: The left pane's title when two files are compared on their own.
            return self.tr("First file")
        if role is LeftSide.EARLIER_VERSION:
            #: The left pane's title when a step between two versions is shown.
            return self.tr("Earlier version")
        return self.tr("Reference")

    def show_titles(
        self, match: ShownFile, bits: int, left: Side, right: Side, role: LeftSide
    ) -> None:
        """The title (the pair's distance and similarity) and both panes' headers."""
        similarity = "—" if match.similarity is None else f"{percent(match.similarity)} %"
        if match.estimated and match.similarity is not None:  # a catalogue's, drive away
            similarity = catalogue_words.estimated(similarity)
        self.title.setText(
            self.tr("Distance {distance} of {bits} bits · similarity {similarity}").format(
                distance=match.distance, bits=bits, similarity=similarity
            )
        )
        self.show_headers(left, right, match, role)

    def show_same_bytes(self, left: Side, match: ShownFile, role: LeftSide) -> None:
        """Two files with the same bytes, not read as text: said so, in place of a diff."""
        self.title.setText(
            #: Above the (empty) panes: a file with the same bytes as the one it is compared
            #: with, not read as text (an image, an archive): there is no diff to show.
            self.tr("Identical: byte for byte the same ({size} bytes) · nothing to compare").format(
                size=f"{match.size:,}"
            )
        )
        self.notice.setText(self.tr("Compared by their bytes: these files are not read as text."))
        self.notice.setVisible(True)
        self.passages_label.setVisible(False)
        self.open_button.setVisible(True)
        label = self.left_label(role)
        self.left_header.setText(self._plain_header(left.path, label))
        self.right_header.setText(self._plain_header(match.path, shown_path(match.path.name)))

    @staticmethod
    def _plain_header(path: Path | GivenText, label: str) -> str:
        shown = "" if isinstance(path, GivenText) else html.escape(shown_path(path))
        return f"<b>{html.escape(label)}</b><br><small>{shown}</small>"

    def show_headers(
        self, left: Side, right: Side, match: ShownFile | None, role: LeftSide
    ) -> None:
        """The panes' headers; the right one only for a match."""
        self.left_header.setText(self.header(left, self.left_label(role)))
        if match is not None:
            self.right_header.setText(self.header(right, shown_path(match.path.name)))

    def header(self, side: Side, label: str) -> str:
        if isinstance(side.path, GivenText):
            path = html.escape(wording.words.given_text(side.path))
        else:
            path = html.escape(shown_path(side.path))
        facts = [f"{side.size:,} B"]
        if side.encoding:
            facts.insert(0, side.encoding)
        if side.format != "text":
            #: Above a pane: the text shown is what was read out of a document.
            source = self.tr("text extracted from {format}")
            facts.insert(0, source.format(format=wording.words.document_format(side.format)))
        shown = html.escape(" · ".join(facts))
        # The facts beside the name, the path below: one line less above the panes.
        return f"<b>{html.escape(label)}</b>&nbsp; <small>{shown}</small><br><small>{path}</small>"

    def show_comparing(self, alone: bool = False) -> None:
        """The diff being computed; ``alone``: two files of their own, with no row whose
        prompt or figures the title could still show."""
        if alone:
            self.title.setText(self.tr("Comparing…"))
            self.notice.setVisible(False)
        else:
            self.notice.setText(self.tr("Comparing…"))
            self.notice.setVisible(True)
        self.passages_label.setVisible(False)

    def show_failed(self, why: str) -> None:
        """Two files that could not be compared: said so in the title, the reason below it."""
        self.title.setText(self.tr("These files could not be compared."))
        self.notice.setText(why)
        self.notice.setVisible(True)
        self.passages_label.setVisible(False)

    def show_notices(self, rendered: Rendered) -> None:
        notices = [wording.words.diff_notice(n) for n in rendered.result.notices]
        if not rendered.changes:
            notices.append(self.tr("no differences"))
        #: Goes between two notices shown above the diff.
        separator = self.tr("; ")
        self.notice.setText(separator.join(notices))
        self.notice.setVisible(bool(notices))

    def show_failure(self, error: Exception | None) -> None:
        """Why the files cannot be compared, in the interface language."""
        if isinstance(error, TextAwayError):  # no failure: a drive away, said as it is
            self.notice.setText(catalogue_words.text_away(error))
            self.notice.setVisible(True)
            return
        if isinstance(error, NotTextError):
            why = wording.words.skip_text(error.reason, error.detail)
        elif isinstance(error, CatalogueError):
            why = catalogue_words.catalogue_problem(error)
        else:
            why = f"{type(error).__name__}: {error}"  # a bug's own words
        self.notice.setText(self.tr("Cannot compare these files: {why}.").format(why=why))
        self.notice.setVisible(True)

    # -- shared passages -----------------------------------------------------------------
    def figures(self, rendered: Rendered, role: LeftSide) -> str:
        """The pair's similarity and containment, as the table shows them, in a sentence."""
        exact = rendered.exact
        if exact is None:
            return ""
        if role is LeftSide.CENTRE:
            #: How much of the group's centre is found in the file on the right.
            left = self.tr("{share} % of the centre is in this file")
            #: How much of the file on the right is found in the group's centre.
            right = self.tr("{share} % of this file is in the centre")
        elif role is LeftSide.GROUP_FILE:
            left = self.tr("{share} % of the other file is in this file")
            right = self.tr("{share} % of this file is in the other file")
        elif role is LeftSide.FIRST_FILE:
            #: Two files compared on their own: how much of the left one the right one holds.
            left = self.tr("{share} % of the first file is in the second")
            right = self.tr("{share} % of the second file is in the first")
        elif role is LeftSide.EARLIER_VERSION:
            left = self.tr("{share} % of the earlier version is in this file")
            right = self.tr("{share} % of this file is in the earlier version")
        else:
            left = self.tr("{share} % of the reference is in this file")
            right = self.tr("{share} % of this file is in the reference")
        #: Above the diff: "Similarity 44.0 %: 100.0 % of the reference is in this file,
        #: 28.2 % of this file is in the reference." (the figures of the table's row).
        figures = self.tr("Similarity {similarity} %: {left}, {right}.").format(
            similarity=percent(exact.similarity),
            left=left.format(share=percent(exact.first_in_second)),
            right=right.format(share=percent(exact.second_in_first)),
        )
        if any(rendered.boilerplate_spans):
            figures = wording.sentences(
                figures,
                #: After the pair's figures, when some of its text is boilerplate.
                self.tr(
                    "Text that many of the scanned files share (in grey) counted for nothing "
                    "where both files have it."
                ),
            )
        return html.escape(figures)

    def show_passages(self, rendered: Rendered, role: LeftSide) -> None:
        """The pair's figures, and the summary of the shared passages with links to them."""
        found = rendered.passages
        figures = self.figures(rendered, role)
        bar = f'<span style="color: {self.colours().passage.name()}">▌</span>'
        #: The tooltip of the shared passages' summary.
        meaning = self.tr(
            "Shared passages: runs of at least {words} words that both files hold, "
            "marked beside the line numbers and in the strip on the right."
        ).format(words=found.min_words)
        self.passages_label.setToolTip(meaning)
        if found.too_large:
            #: Below the diff's title when the files are too large to look for shared passages.
            text = html.escape(self.tr("The files are too large to look for shared passages."))
        elif not found.passages:
            #: Below the diff's title when the two files share no passage (no run of
            #: {words} words or more in both).
            text = html.escape(
                self.tr("No shared passages of {words} words or more.").format(
                    words=found.min_words
                )
            )
        else:
            #: The summary of the shared passages: "3 shared passages of 16 words or more,
            #: 1240 words."
            summary = self.tr("{passages} of {least} words or more, {words}.").format(
                passages=self.tr("%n shared passage(s)", "", len(found.passages)),
                least=found.min_words,
                words=self.tr("%n word(s)", "", found.words),
            )
            places = []
            for index, passage in enumerate(found.passages[:PASSAGE_LINKS]):
                #: Where a shared passage is: its lines on the left, then on the right.
                place = html.escape(self.tr("{left} ↔ {right}")).format(
                    left=f'<a href="left:{index}">{_lines(passage.left)}</a>',
                    right=f'<a href="right:{index}">{_lines(passage.right)}</a>',
                )
                places.append(place)
            more = len(found.passages) - PASSAGE_LINKS
            #: Goes between the places of shared passages.
            where = html.escape(self.tr(", ")).join(places)
            if more > 0:
                where += html.escape(self.tr(" and %n more", "", more))
            #: Before the places of the shared passages ({places}: "7–10 ↔ 5–8, 1–5 ↔ 18–22",
            #: lines on the left ↔ lines on the right).
            lines_label = html.escape(self.tr("Lines: {places}")).format(places=where)
            text = html.escape(wording.sentences(summary, "§")).replace("§", lines_label)
            self.passages_label.setToolTip(
                wording.sentences(
                    meaning,
                    self.tr(
                        "A place is the lines on the left ↔ the lines on the right; "
                        "click either to go there."
                    ),
                )
            )
        shown = f"{figures}<br>{bar} {text}" if figures else f"{bar} {text}"
        self.passages_label.setText(shown)
        self.passages_label.setVisible(True)

    @Slot(str)
    def _on_passage_link(self, link: str) -> None:
        side, _, index = link.partition(":")
        if side in ("left", "right") and index.isdigit():
            self.passage_clicked.emit(int(index), side == "left")


def _lines(span: TextSpan) -> str:
    """A passage's lines as the gutter numbers them: "12" or "12–40"."""
    first, last = span.first_line + 1, span.last_line + 1
    return str(first) if first == last else f"{first}–{last}"

"""The words of catalogues (a drive that is not plugged in, File → Make a Catalogue…) in
the interface language: a catalogued file as the results show it, an estimated figure,
why a catalogue cannot be used, a diff whose text is not at hand, what making one did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from simfind.core.base.paths import human_size
from simfind.core.base.shown import shown_path
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem, TextAwayError
from simfind.core.groups.kinds import Member
from simfind.core.scan.match import Match
from simfind.gui.base.wording import words

if TYPE_CHECKING:  # making one loads the text engine: only where a catalogue is made
    from simfind.core.catalogue.making import Made


@dataclass(frozen=True)
class Written:
    """What File → Make a Catalogue… (or Update) did, and the size of the file written."""

    made: Made
    size: int
    updated: bool = False


class CatalogueWords(QObject):
    """A QObject: Qt's plural forms need ``self.tr``."""

    def estimated(self, figure: str) -> str:
        """A similarity that is the fingerprints' estimate: "~87.0"."""
        #: An estimated figure (its drive away): a tilde before the number.
        return self.tr("~{figure}").format(figure=figure)

    def estimate_tip(self) -> str:
        return self.tr(
            "An estimate from the fingerprints (~): a file compared here is in a catalogue "
            "whose drive is away, and the catalogue holds no text of it. The exact figure is "
            "computed when the drive is plugged in again, or with a catalogue made keeping "
            "the texts. An estimate never marks a file."
        )

    def estimates(self, count: int) -> str:
        """After a scan's summary: how many of its figures are estimates."""
        #: %n: figures shown "~": a catalogue's files whose drive is away, no text kept.
        return self.tr(
            "%n figure(s) marked ~ are estimates from the fingerprints (the catalogue's drive "
            "is away)",
            "",
            count,
        )

    def in_catalogue(self, match: Match, folder: str) -> str:
        """A catalogued file's folder, after its catalogue's name: "drive.simcat: 2023/x"."""
        assert match.catalogue is not None
        return self.tr("{catalogue}: {folder}").format(
            catalogue=shown_path(match.catalogue.name), folder=folder
        )

    def catalogued_tip(self, match: Match | Member) -> str:
        assert match.catalogue is not None
        return self.tr(
            "{path}\nIn the catalogue {catalogue}, where its drive was catalogued: never "
            "marked or moved"
        ).format(path=shown_path(match.path), catalogue=shown_path(match.catalogue))

    def file_filter(self) -> str:
        #: A file dialog's choice of files: simfind's catalogues, or any file.
        return f"{self.tr('simfind catalogues (*.simcat)')};;{self.tr('All files (*)')}"

    def written(self, written: Written) -> str:
        """What making or updating a catalogue did, in a sentence or two."""
        made = written.made
        if made.cancelled:
            return self.tr("Cancelled: nothing was written, the catalogue there is as it was.")
        #: %n: text files catalogued; {size}: their size on the drive; {name}: the catalogue's
        #: file; {written}: that file's own size.
        text = self.tr(
            "Catalogued %n text file(s) ({size}) in {name}, a file of {written}.", "", made.files
        ).format(
            size=human_size(made.size),
            name=shown_path(made.path.name),
            written=human_size(written.size),
        )
        if written.updated:
            #: After updating a catalogue: files read again (new or changed), files gone.
            text += " " + self.tr("{read} read anew, {gone} gone since.").format(
                read=f"{made.read:,}", gone=f"{made.removed:,}"
            )
        return text

    def catalogue_problem(self, error: CatalogueError) -> str:
        """Why a catalogue cannot be used, made or brought up to date (the core's words),
        and what to do in the window."""
        said = words.core.catalogue_problem(error)
        if error.problem is CatalogueProblem.DAMAGED:
            return said + "\n" + self.tr("Make it again with File → Make a Catalogue…")
        if error.problem is CatalogueProblem.SETTINGS:
            return (
                said
                + "\n"
                + self.tr(
                    "Set the options (fingerprint size, text only, Traditional as Simplified) "
                    "as when it was made."
                )
            )
        return said

    def text_away(self, away: TextAwayError) -> str:
        """A catalogued file whose text is not at hand, where its diff would be."""
        return self.tr(
            "{name} is in the catalogue {catalogue}: its drive is away and the catalogue "
            "holds no text of it, so there is no diff to show. Plug the drive in (at "
            "{folder}), or make the catalogue again keeping the texts, to see it."
        ).format(
            name=shown_path(away.path.name),
            catalogue=shown_path(away.catalogue.name),
            folder=shown_path(away.path.parent),
        )


def catalogue_filter() -> str:
    """A file dialog's filter for catalogues (and any file, for one named otherwise)."""
    return catalogue_words.file_filter()


# The one instance. Translating only reads the installed catalogues, so any thread may use it.
catalogue_words = CatalogueWords()

__all__ = ["CatalogueWords", "catalogue_words"]

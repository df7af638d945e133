"""A pair's figure as the window's rows show it, in the interface language: the
Compare table's, the groups', a catalogue's rows alike (compare.shown says when a
figure is an estimate and when the folder's shared text moved it; a catalogue's
estimate is worded as catalogue_words words it)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from simfind.core.base.paths import percent
from simfind.core.compare.shown import Shown, shown
from simfind.core.groups.kinds import Member
from simfind.core.scan.match import Match
from simfind.gui.base.catalogue_words import catalogue_words

translate = QCoreApplication.translate


def match_shown(match: Match | Member) -> Shown | None:
    """A file's figure as its row shows it (None where it has none): a group member's
    is to its centre."""
    if match.similarity is None:
        return None
    return shown(match.similarity, match.alone, match.estimated)


def similarity_text(match: Match | Member) -> str:
    """The similarity cell: "72.0", "~87.0" for an estimate, and the figure with the
    folder's shared text counted after it, "72.0 (81.0)", where that moves it by a point
    or more."""
    figure = match_shown(match)
    return "" if figure is None else figure_text(figure)


def figure_text(figure: Shown) -> str:
    """A figure as a row's cell says it (see ``similarity_text``): any row's, a version's
    too."""
    text = percent(figure.similarity)
    if figure.estimated:
        text = catalogue_words.estimated(text)
    if figure.with_shared is not None:
        # Short, so that a narrow column still shows both: its tooltip and the column's
        # say what the second is.
        text += f" ({percent(figure.with_shared)})"
    return text


def similarity_tip(match: Match | Member, in_group: bool = False) -> str | None:
    """The similarity cell's tooltip where the figure needs a word (None where not);
    ``in_group``: a member of a group, whose row says itself why its figure is an
    estimate (a catalogued file's drive away: groups estimate only then)."""
    figure = match_shown(match)
    if figure is None:
        return None
    if match.catalogue is not None and figure.estimated:
        tips = [] if in_group else [catalogue_words.estimate_tip()]
        return figure_tip(figure._replace(estimated=False), tips)
    return figure_tip(figure._replace(estimated=figure.estimated and not in_group))


def figure_tip(figure: Shown, tips: list[str] | None = None) -> str | None:
    """A figure's tooltip where it needs a word (None where not): why it is an estimate,
    what the folder's shared text did to it; after ``tips``, any said before."""
    tips = list(tips or [])
    if figure.estimated:
        tips.append(
            translate(
                "Figures",
                "An estimate (~): the two texts are too long to compare word by word in "
                "time, so what was left unsearched is estimated from the words it shares",
            )
        )
    if figure.with_shared is not None:
        tips.append(
            translate(
                "Figures",
                "{figure} %: the text many files of the folder share (licence headers, "
                "labels, attributions) counts for nothing here. Counting it, as the two "
                "files compared alone are, {shared} %",
            ).format(figure=percent(figure.similarity), shared=percent(figure.with_shared))
        )
    return "\n\n".join(tips) or None


__all__ = ["figure_text", "figure_tip", "match_shown", "similarity_text", "similarity_tip"]

"""The colours the window paints beyond its palette's own, for a light palette and a dark one.

Each colour is chosen from the palette in use, at the moment it is painted: a light
palette gets the tints simfind always had, a dark one darker tints mixed into its
own base. Every colour is then checked against the palette's: text keeps a WCAG
contrast ratio of at least 4.5 to the background it lies on, and marks that are no
text (bars, underlines) at least 3; a colour short of that is moved towards the
palette's text (a foreground) or its base (a background) until it is not.

Widgets read these when they paint, and build again what holds colours (a diff's
highlights, a label's style) on a PaletteChange: Qt sends one to every widget when
the application's palette changes, as it does when the system's theme changes
(Adwaita-dark through the gtk3 platform theme; Windows and macOS light or dark);
``follow_colour_scheme`` sends one too where Qt 6.5's colour scheme changes alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

#: WCAG 2's minimum contrast ratios: normal text, and marks that are no text.
TEXT_CONTRAST = 4.5
MARK_CONTRAST = 3.0
#: What a background under text is chosen for: 4.5 and a margin, as thin glyphs' smoothed
#: stems seldom reach the text's full colour on screen.
BACKGROUND_CONTRAST = 5.0


def luminance(colour: QColor) -> float:
    """WCAG 2's relative luminance of an opaque colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * linear(colour.red())
        + 0.7152 * linear(colour.green())
        + 0.0722 * linear(colour.blue())
    )


def contrast(first: QColor, second: QColor) -> float:
    """WCAG 2's contrast ratio of two opaque colours, 1 to 21."""
    a, b = sorted((luminance(first), luminance(second)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def mix(first: QColor, second: QColor, share: float) -> QColor:
    """``share`` of ``second`` in ``first`` (opaque)."""
    keep = 1.0 - share
    return QColor(
        round(first.red() * keep + second.red() * share),
        round(first.green() * keep + second.green() * share),
        round(first.blue() * keep + second.blue() * share),
    )


def over(colour: QColor, background: QColor) -> QColor:
    """A translucent colour as painted on an opaque background."""
    return mix(background, QColor(colour.red(), colour.green(), colour.blue()), colour.alphaF())


def towards(colour: QColor, target: QColor, enough: float, against: tuple[QColor, ...]) -> QColor:
    """``colour``, moved as little as it takes towards ``target`` to reach a contrast of
    ``enough`` with each of ``against``."""

    def meets(candidate: QColor) -> bool:
        return all(contrast(candidate, other) >= enough for other in against)

    if meets(colour):
        return colour
    low, high = 0.0, 1.0
    for _ in range(12):
        middle = (low + high) / 2
        if meets(mix(colour, target, middle)):
            high = middle
        else:
            low = middle
    return mix(colour, target, high)


def is_dark(palette: QPalette) -> bool:
    """Whether a palette is dark: its text lighter than its base. Where the two are too
    close to tell, Qt's colour scheme decides (6.5 and later)."""
    base = luminance(palette.color(QPalette.ColorRole.Base))
    text = luminance(palette.color(QPalette.ColorRole.Text))
    if abs(base - text) > 0.05:
        return text > base
    hints = QGuiApplication.styleHints() if QGuiApplication.instance() else None
    scheme = getattr(hints, "colorScheme", None)
    return scheme is not None and scheme() == Qt.ColorScheme.Dark


# Light palettes: the tints simfind always had. Dark ones: a hue mixed into the base.
_LIGHT = {
    "changed": QColor(255, 236, 170),
    "changed_word": QColor(250, 190, 80),
    "inserted": QColor(200, 240, 200),
    "deleted": QColor(250, 205, 205),
    "gap": QColor(232, 232, 232),
    "fold": QColor(215, 225, 240),
    "found": QColor(250, 230, 140),
}
_DARK_HUES = {
    "changed": (QColor(230, 180, 60), 0.30),
    "changed_word": (QColor(240, 170, 40), 0.55),
    "inserted": (QColor(70, 190, 90), 0.30),
    "deleted": (QColor(230, 90, 90), 0.32),
    "gap": (QColor(128, 128, 128), 0.18),
    "fold": (QColor(90, 130, 220), 0.30),
    "found": (QColor(240, 200, 60), 0.40),
}
# Text in a colour of its own (light palette, dark palette).
_TEXTS = {
    "attention": (QColor(170, 100, 0), QColor(240, 170, 70)),  # changed since compared, tied
    "warning": (QColor(160, 48, 0), QColor(255, 130, 90)),
    "notice": (QColor(138, 90, 0), QColor(230, 180, 90)),
}
# Marks that are no text (light, dark): shared passages' bars and underlines, the bars of
# similar files in the histogram.
_MARKS = {
    "passage": (QColor(0, 150, 160), QColor(60, 200, 210)),
    "similar": (QColor(70, 180, 90), QColor(90, 200, 110)),
}
# The results table's rows: hue and the most of it shown (as alpha), light and dark.
_ROW_TINTS = {
    "reference": (QColor(120, 150, 230), 70 / 255, 90 / 255),
    "wanted": (QColor(70, 180, 90), 120 / 255, 130 / 255),
    "near": (QColor(230, 180, 60), 55 / 255, 70 / 255),
}
#: Strength steps a row's tint is rounded to (cached per step).
_STEPS = 32


@dataclass(frozen=True)
class Colours:
    """The colours for one palette (``colours_for``)."""

    dark: bool
    base: QColor
    text: QColor
    # Backgrounds of text in the diff: whole rows, and the changed words inside them.
    changed: QColor
    changed_word: QColor
    inserted: QColor
    deleted: QColor
    gap: QColor  # a row one side lacks
    fold: QColor  # "⋯ N unchanged lines"
    found: QColor  # the line a record preview points at
    # Text: greyed (boilerplate; files left out or ignored), and in colours of their own.
    boilerplate: QColor
    dimmed: QColor
    attention: QColor
    warning: QColor
    notice: QColor
    # Marks: shared passages, the histogram's bars, the overview strip's.
    passage: QColor
    similar: QColor
    other_bars: QColor
    changed_mark: QColor
    inserted_mark: QColor
    deleted_mark: QColor
    _tints: dict[tuple[str, int], QColor] = field(default_factory=dict, compare=False)

    def row_tint(self, kind: str, strength: float) -> QColor:
        """A results row's background ("reference", "wanted", "near"), translucent over the
        base, ``strength`` (0 to 1) of the most it may be; text on it stays readable."""
        step = max(0, min(_STEPS, round(strength * _STEPS)))
        key = (kind, step)
        found = self._tints.get(key)
        if found is None:
            hue, light, dark = _ROW_TINTS[kind]
            alpha = (dark if self.dark else light) * step / _STEPS
            while alpha > 0 and contrast(self.text, over(_alpha(hue, alpha), self.base)) < (
                TEXT_CONTRAST
            ):
                alpha -= 1 / 255
            found = self._tints[key] = _alpha(hue, max(0.0, alpha))
        return found


def _alpha(colour: QColor, alpha: float) -> QColor:
    found = QColor(colour)
    found.setAlphaF(alpha)
    return found


def colours_for(palette: QPalette) -> Colours:
    """The colours to paint with beside ``palette`` (computed once per palette)."""
    key = palette.cacheKey()
    found = _made.get(key)
    if found is None:
        if len(_made) > 16:
            _made.clear()
        found = _made[key] = _make(palette)
    return found


def current() -> Colours:
    """The colours beside the application's palette."""
    return colours_for(QGuiApplication.palette())


_made: dict[int, Colours] = {}


def _make(palette: QPalette) -> Colours:
    dark = is_dark(palette)
    role = QPalette.ColorRole
    base, text = palette.color(role.Base), palette.color(role.Text)
    base.setAlpha(255)
    text.setAlpha(255)
    alternate = palette.color(role.AlternateBase)
    alternate.setAlpha(255)

    def background(name: str) -> QColor:
        if dark:
            hue, share = _DARK_HUES[name]
            wished = mix(base, hue, share)
        else:
            wished = _LIGHT[name]
        return towards(wished, base, BACKGROUND_CONTRAST, (text,))

    lines = {name: background(name) for name in _LIGHT}

    def own_text(name: str) -> QColor:
        light, dark_one = _TEXTS[name]
        return towards(dark_one if dark else light, text, TEXT_CONTRAST, (base, alternate))

    def mark(wished: QColor) -> QColor:
        return towards(wished, text, MARK_CONTRAST, (base,))

    grey = mix(text, base, 0.45)
    row_backgrounds = (lines["changed"], lines["inserted"], lines["deleted"], lines["gap"])
    return Colours(
        dark=dark,
        base=base,
        text=text,
        changed=lines["changed"],
        changed_word=lines["changed_word"],
        inserted=lines["inserted"],
        deleted=lines["deleted"],
        gap=lines["gap"],
        fold=lines["fold"],
        found=lines["found"],
        boilerplate=towards(grey, text, TEXT_CONTRAST, (base, *row_backgrounds)),
        dimmed=towards(grey, text, TEXT_CONTRAST, (base, alternate)),
        attention=own_text("attention"),
        warning=own_text("warning"),
        notice=own_text("notice"),
        passage=mark(_MARKS["passage"][dark]),
        similar=mark(_MARKS["similar"][dark]),
        other_bars=mark(mix(base, text, 0.35)),
        changed_mark=mark(_DARK_HUES["changed_word"][0] if dark else lines["changed_word"]),
        inserted_mark=mark(_DARK_HUES["inserted"][0] if dark else lines["inserted"].darker(130)),
        deleted_mark=mark(_DARK_HUES["deleted"][0] if dark else lines["deleted"].darker(130)),
    )


def follow_colour_scheme(app: QApplication) -> None:
    """Repaint with new colours when Qt's colour scheme changes (Qt 6.5 and later).

    The platform theme then sends a new palette as well; where it does not (a style
    that keeps its palette), every widget is told its palette changed all the same.
    """
    hints = app.styleHints()
    changed = getattr(hints, "colorSchemeChanged", None)
    if changed is None:
        return

    def tell_every_widget() -> None:
        _made.clear()
        for widget in QApplication.allWidgets():
            QCoreApplication.postEvent(widget, QEvent(QEvent.Type.PaletteChange))

    changed.connect(tell_every_widget)

"""Help: how simfind compares (what each figure means, with one example each) and the
keyboard shortcuts, listed from the window's own actions so that the list is never stale."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from simfind.core.base.defaults import DEFAULT_THRESHOLD

# A mnemonic after the text, as Chinese menus write it: "扫描(&S)".
_MNEMONIC_SUFFIX = re.compile(r"\s*[(（]&\w[)）]")


def _plain(text: str) -> str:
    """An action's or tab's words without their mnemonic ("扫描(&S)": the key goes too)."""
    text = _MNEMONIC_SUFFIX.sub("", text)
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip("…")


def shortcut_rows(
    actions: Iterable[tuple[QAction, str | None]],
    tabs: Sequence[str],
    every: str,
    separator: str = ", ",
) -> list[tuple[str, str, str]]:
    """(what, keys, where) for each action with a name and keys, once each, in the order
    given; ``where`` is the tab the action belongs to (None: the window's), or ``every``
    where it works on each of ``tabs`` alike; the keys as this system writes them (Ctrl on
    Windows and Linux, ⌘ on a Mac)."""
    where: dict[tuple[str, str], list[str]] = {}
    for action, tab in actions:
        name = _plain(action.text())
        keys = ", ".join(
            k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()
        )
        if name and keys:
            scopes = where.setdefault((name, keys), [])
            scope = every if tab is None else _plain(tab)
            if scope not in scopes:
                scopes.append(scope)
    rows = []
    for (name, keys), scopes in where.items():
        order = [_plain(t) for t in tabs]
        if every in scopes or all(t in scopes for t in order):
            scopes = [every]
        scopes.sort(key=lambda scope: order.index(scope) if scope in order else -1)
        rows.append((name, keys, separator.join(scopes)))
    return rows


class HelpDialog(QDialog):
    """Two pages: how simfind compares, and the keyboard shortcuts."""

    COMPARING, SHORTCUTS = 0, 1

    def __init__(
        self,
        actions: Iterable[tuple[QAction, str | None]],
        tabs: Sequence[str],
        parent: QWidget | None = None,
    ) -> None:
        """``actions``: each with the tab it belongs to (None: the window's), in menu order."""
        super().__init__(parent)
        # The window system adds the app's name: "Help — simfind".
        self.setWindowTitle(self.tr("Help"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(640, 560)
        self.comparing = QTextBrowser()
        self.comparing.setOpenExternalLinks(True)
        self.comparing.setHtml(self.comparing_page())
        #: Where a keyboard shortcut works: on every tab of the window.
        every = self.tr("Every tab")
        #: Between the names of the tabs a keyboard shortcut works on.
        rows = shortcut_rows(actions, tabs, every, self.tr(", "))
        self.shortcuts = QTableWidget(len(rows), 3)
        self.shortcuts.setHorizontalHeaderLabels(
            [self.tr("Action"), self.tr("Keys"), self.tr("Tab")]
        )
        self.shortcuts.verticalHeader().setVisible(False)
        self.shortcuts.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.shortcuts.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.shortcuts.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents
        )
        self.shortcuts.horizontalHeader().setSectionResizeMode(
            2, QHeaderView.ResizeMode.ResizeToContents
        )
        for row, (name, keys, tab) in enumerate(rows):
            self.shortcuts.setItem(row, 0, QTableWidgetItem(name))
            self.shortcuts.setItem(row, 1, QTableWidgetItem(keys))
            self.shortcuts.setItem(row, 2, QTableWidgetItem(tab))
        self.tabs = QTabWidget()
        self.tabs.addTab(self.comparing, self.tr("How simfind Compares"))
        self.tabs.addTab(self.shortcuts, self.tr("Keyboard Shortcuts"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)

    def show_page(self, page: int) -> None:
        self.tabs.setCurrentIndex(page)

    def comparing_page(self) -> str:
        """The page on the figures: each with what it means and one example."""
        threshold = f"{100 * DEFAULT_THRESHOLD:.0f}"
        parts = [
            ("h3", self.tr("How simfind compares")),
            (
                "p",
                self.tr(
                    "simfind reads each file's text (Word, PDF and other documents too), "
                    "finds the files whose fingerprints are near the reference's, and "
                    "compares those word by word, as a diff does. The example below: a "
                    "reference of 100 words, and a file holding all of it and 300 other "
                    "words."
                ),
            ),
            ("h4", self.tr("Similarity")),
            (
                "p",
                self.tr(
                    "The share of the two texts that is the same: the words they have in "
                    "common, in order, over all the words of both (2 × common ÷ both). "
                    "Example: 2 × 100 ÷ (100 + 400) = 40 %. Unrelated texts score near 0 %, "
                    "a copy 100 %. Files from {threshold} % on are called similar; move the "
                    "threshold above the results (its histogram shows how the files spread)."
                ).format(threshold=threshold),
            ),
            ("h4", self.tr("Holds")),
            (
                "p",
                self.tr(
                    "How much of the reference the file contains. Example: 100 % (all "
                    "of it). Rank by “Contains the reference” to find the files a text "
                    "was pasted into."
                ),
            ),
            ("h4", self.tr("Held")),
            (
                "p",
                self.tr(
                    "How much of the file the reference contains. Example: 25 % (100 of "
                    "its 400 words)."
                ),
            ),
            ("h4", self.tr("Distance")),
            (
                "p",
                self.tr(
                    "How many bits of the two fingerprints differ (of 128): the quick "
                    "sieve before the exact comparison. Unrelated texts differ in about "
                    "half the bits; a near copy in fewer, and the shorter the text, the "
                    "more an edit moves it. Example: a note of 60 words with two of its "
                    "four sentences edited, 27 (similarity 74 %)."
                ),
            ),
            ("h4", self.tr("Identical, and text many files share")),
            (
                "p",
                self.tr(
                    "Files with the same bytes are identical, of any kind (photos, "
                    "archives, installers); the same text in other bytes (line endings, "
                    "encoding) is 100 % and reads “same text”. In a group, a file's "
                    "figures are to its centre, and a file with another file's bytes "
                    "names it (“identical to …”). Text that many files of the folder "
                    "carry (a licence header, a template) counts for nothing where both "
                    "files have it: the diff shows it dimmed."
                ),
            ),
        ]
        return "".join(f"<{tag}>{_escaped(text)}</{tag}>" for tag, text in parts)


def _escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

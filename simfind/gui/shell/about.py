"""Help → About: the version, the licence, the components' licences and where to find the
project."""

from __future__ import annotations

import platform

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from simfind import __version__
from simfind.gui.base.resources import HOMEPAGE, ISSUES, icon_path
from simfind.gui.shell.licences import LicencesDialog

LICENCE_URL = "https://opensource.org/license/mit"


class AboutDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About simfind"))
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        icon = QLabel()
        icon.setPixmap(QIcon(str(icon_path())).pixmap(96, 96))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(self._text())
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setOpenExternalLinks(True)
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.text.setMinimumWidth(380)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.licences_button = buttons.addButton(
            self.tr("&Licences…"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.licences_button.clicked.connect(self.show_licences)
        row = QHBoxLayout()
        row.addWidget(icon)
        row.addSpacing(12)
        row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)

    def show_licences(self) -> LicencesDialog:
        dialog = LicencesDialog(self)
        dialog.open()
        return dialog

    def _text(self) -> str:
        licence = self.tr("MIT licence")
        home = self.tr("Home page")
        issues = self.tr("Report a problem")
        return "".join(
            (
                f"<h2>simfind {__version__}</h2>",
                "<p>",
                self.tr("Find the near-duplicates of a file in a folder, and see how they differ."),
                "</p><p>",
                self.tr("SimHash fingerprints, jieba for Chinese, exact verification."),
                "</p><p>",
                self.tr("Free software under the {licence}.").format(
                    licence=f'<a href="{LICENCE_URL}">{licence}</a>'
                ),
                "</p><p>",
                f'<a href="{HOMEPAGE}">{home}</a> · <a href="{ISSUES}">{issues}</a>',
                "</p><p><small>",
                self.tr("Python {python}, Qt {qt}, PySide6 {pyside}").format(
                    python=platform.python_version(), qt=qVersion(), pyside=pyside_version
                ),
                "</small></p>",
            )
        )

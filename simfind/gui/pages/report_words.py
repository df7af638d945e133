"""The words of an exported report (File → Export Report…), in the interface language:
simfind/core/words/report.py's, translated by the window's catalogues."""

from __future__ import annotations

from simfind.core.report.html_report import ReportLabels
from simfind.core.words.report import ReportWords
from simfind.gui.base.i18n import current_language, translate


def report_labels() -> ReportLabels:
    """The report's labels in the interface language of the moment."""
    return ReportWords(translate).labels(current_language())

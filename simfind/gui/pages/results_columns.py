"""The results table's columns: what each is called and what its header's tip says."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QCoreApplication


class Column(IntEnum):
    NAME = 0
    FOLDER = 1
    DISTANCE = 2
    SIMILARITY = 3
    HOLDS = 4  # the share of the reference found in the file
    HELD = 5  # the share of the file found in the reference
    SIZE = 6
    MODIFIED = 7
    ENCODING = 8
    FORMAT = 9


# Under this name pyside6-lupdate finds the strings (the context comes first).
translate = QCoreApplication.translate


def column_titles() -> list[str]:
    return [
        translate("ResultsModel", "Name"),
        translate("ResultsModel", "Folder"),
        translate("ResultsModel", "Distance"),
        translate("ResultsModel", "Similarity %"),
        translate("ResultsModel", "Holds %"),
        translate("ResultsModel", "Held %"),
        translate("ResultsModel", "Size"),
        translate("ResultsModel", "Modified"),
        translate("ResultsModel", "Encoding"),
        translate("ResultsModel", "Format"),
    ]


def column_tips() -> dict[Column, str]:
    return {
        Column.DISTANCE: translate(
            "ResultsModel",
            "How many bits of the file's fingerprint differ from the reference's: "
            "0 means the same words. The fast first filter; smaller is closer.",
        ),
        Column.SIMILARITY: translate(
            "ResultsModel",
            "How much of the text the file shares with the reference, compared word by word. "
            "Only the files nearest by distance are compared; the others stay blank. A "
            "second figure in brackets: the same with the text many files of the folder "
            "share counted, as the two files compared alone read. ~: an estimate.",
        ),
        Column.HOLDS: translate(
            "ResultsModel",
            "How much of the reference is found in the file: 100% when the file holds "
            "all of it, however much more it holds. Blank where not compared.",
        ),
        Column.HELD: translate(
            "ResultsModel",
            "How much of the file is found in the reference: 100% when the file is an "
            "excerpt of it. Blank where not compared.",
        ),
    }


__all__ = ["Column", "column_tips", "column_titles", "translate"]

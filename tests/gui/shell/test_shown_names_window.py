"""Names with a bidirectional override or control characters read in the window as they are
spelt, as the terminal shows them: in the tables, their tooltips, the window's title, the
diff's headers, the skipped files, the confirmation of a move and a pair's own window."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.core.cleanup.marking import KeepRule
from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.pages.lines.record_groups_model import RecordColumn
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.skipped_dialog import SkippedDialog
from tests.cli.test_exact_paths import opened
from tests.gui.cleanup.test_clean_up_window import confirm
from tests.gui.diff.test_diff_view import select
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.pages.lines.test_records_view import find
from tests.gui.shell.test_main_window import scan_and_wait
from tests.test_shown_names import CONTROLS, HIDDEN, OVERRIDE, SHOWN
from tests.texts import EN_DOCS
from tests.workbook_read import read_workbook

#: A folder whose name holds an override, and a binary file whose name does (skipped).
FOLDER = "\u202ebackup"
PICTURE = "photo_\u202egnp.exe"


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


@pytest.fixture
def bills(tmp_path: Path) -> Path:
    root = tmp_path / "bills"
    (root / FOLDER).mkdir(parents=True)
    for index, name in enumerate((OVERRIDE, CONTROLS)):
        (root / name).write_text(f"{EN_DOCS[0]} copy {index}\n", encoding="utf-8")
    (root / FOLDER / OVERRIDE).write_text(f"{EN_DOCS[0]} copy 2\n", encoding="utf-8")
    (root / PICTURE).write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(300))
    return root


def plain(text: object) -> bool:
    """Shown as spelt: none of the characters that reorder or hide text is in it."""
    return isinstance(text, str) and not any(char in text for char in HIDDEN)


def test_the_compare_tab_shows_names_as_they_are_spelt(qtbot, window: MainWindow, bills: Path):  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, bills / OVERRIDE, bills)
    field = window.compare.reference_field  # shown as spelt, and still the file itself
    assert field.currentText() == f"{bills}/{SHOWN[OVERRIDE]}"
    assert field.path() == bills / OVERRIDE
    title = window.windowTitle()
    assert title.startswith(SHOWN[OVERRIDE]) and plain(title)
    model = window.compare.model
    rows = range(model.rowCount())
    names = {model.index(r, Column.NAME).data() for r in rows}
    assert names == {f"{SHOWN[OVERRIDE]} (reference)", SHOWN[CONTROLS], SHOWN[OVERRIDE]}
    folders = {model.index(r, Column.FOLDER).data() for r in rows}
    assert folders == {"", "\\u202ebackup/"}
    tips = [model.index(r, Column.NAME).data(Qt.ItemDataRole.ToolTipRole) for r in rows]
    assert f"{bills}/\\u202ebackup/{SHOWN[OVERRIDE]}" in tips and all(map(plain, tips))
    select(qtbot, window, CONTROLS)
    view = window.compare.diff_view
    left, right = view.left_header.text(), view.right_header.text()
    assert SHOWN[OVERRIDE] in left and SHOWN[CONTROLS] in right
    assert plain(left) and plain(right)
    window.show_skipped()
    (dialog,) = [d for d in window.findChildren(SkippedDialog) if d.isVisible()]
    assert dialog.list.topLevelItem(0).text(0) == "photo_\\u202egnp.exe"
    dialog.close()
    pair = window.compare.open_pair(bills / OVERRIDE, bills / CONTROLS)
    assert pair.windowTitle().startswith(f"{SHOWN[OVERRIDE]} ↔ {SHOWN[CONTROLS]}")
    assert plain(pair.windowTitle())
    pair.close()


# The offscreen platform's words on the list it pops up: it has no keyboard to grab.
@pytest.mark.qt_log_ignore("This plugin does not support raise", "does not support grabbing")
def test_a_field_given_a_name_that_is_not_utf8_keeps_the_file(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, bills: Path
) -> None:
    """Qt's text cannot hold a byte that is not UTF-8: the field shows it as \\xff and
    keeps the path, so that the scan reads that very file."""
    name = os.fsdecode(b"caf\xff.txt")
    (bills / name).write_text(f"{EN_DOCS[0]} copy 3\n", encoding="utf-8")
    scan_and_wait(qtbot, window, bills / name, bills)
    assert window.compare.reference_field.currentText() == f"{bills}/caf\\xff.txt"
    assert window.compare.reference_field.path() == bills / name
    reference = window.compare.model.match_at(0)
    assert reference.is_reference and reference.path == bills / name
    field = window.compare.reference_field
    field.set_path(f"{bills}/caf\\xff.txt")  # the four characters: the path they say
    assert field.path() == bills / "caf\\xff.txt"
    field.set_path(str(bills / name))
    field.edit().selectAll()
    qtbot.keyClicks(field.edit(), f"{bills}/caf\\xff.txt")  # typed: the path it says
    assert field.currentText() == f"{bills}/caf\\xff.txt"
    assert field.path() == bills / "caf\\xff.txt"
    chosen = field.findText(f"{bills}/caf\\xff.txt")  # from the recent list: that file
    field.showPopup()
    view = field.view()
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton,
        pos=view.visualRect(view.model().index(chosen, 0)).center(),
    )  # fmt: skip
    assert field.currentText() == f"{bills}/caf\\xff.txt"
    assert field.path() == bills / name


def test_the_groups_and_lines_tabs_show_names_as_they_are_spelt(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, bills: Path
) -> None:
    search(qtbot, window, [bills])
    model = window.groups.model
    group = model.index(0, 0)
    cells = [
        tuple(
            model.index(r, column, group).data()
            for column in (GroupColumn.NAME, GroupColumn.FOLDER)
        )
        for r in range(model.rowCount(group))
    ]
    assert sorted(cells) == sorted(
        [
            (SHOWN[CONTROLS], str(bills)),
            (SHOWN[OVERRIDE], str(bills)),
            (SHOWN[OVERRIDE], f"{bills}/\\u202ebackup"),
        ]
    )
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    window.action_trash.trigger()
    asked = confirm(qtbot, window, answer=False)  # cancelled: nothing moves
    assert len(asked.files) == 2 and all(map(plain, asked.files))
    assert any(f.endswith(SHOWN[OVERRIDE]) or f.endswith(SHOWN[CONTROLS]) for f in asked.files)
    assert (bills / OVERRIDE).exists() and (bills / CONTROLS).exists()
    find(window, qtbot, bills)
    lines = window.lines.model
    group = lines.index(0, 0)
    files = [lines.index(r, RecordColumn.FILE, group).data() for r in range(lines.rowCount(group))]
    assert f"{bills}/{SHOWN[CONTROLS]}" in files and all(map(plain, files))
    window.lines.tree.setCurrentIndex(lines.index(0, 0, group))
    label = window.lines.preview_label.text()
    assert plain(label) and label.startswith(str(bills))


def test_the_windows_exports_read_back_as_the_files(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """The table's export (CSV, workbook) and the groups' (CSV, JSON): a name with a byte
    that is not UTF-8 and one spelt with the characters \\xff come back as their files."""
    folder = tmp_path / "docs"
    folder.mkdir()
    names = {"byte": os.fsdecode(b"caf\xff.txt"), "spelt": "caf\\xff.txt", "plain": "notes.txt"}
    for key, name in names.items():
        (folder / name).write_text(f"{EN_DOCS[0]} {key}\n", encoding="utf-8")
    expected = {key: folder / name for key, name in names.items()}
    scan_and_wait(qtbot, window, folder / names["plain"], folder)
    out = tmp_path / "out"
    out.mkdir()
    for target in (out / "table.csv", out / "table.xlsx"):
        with qtbot.waitSignal(
            window.tasks.finished, check_params_cb=lambda _, t=target: t.exists(), timeout=10_000
        ):
            assert window.compare.export_to(str(target))
    with (out / "table.csv").open(encoding="utf-8-sig") as stream:
        table = list(csv.DictReader(stream))
    (sheet,) = read_workbook(out / "table.xlsx")
    header = sheet.row(1)
    book = [dict(zip(header, sheet.row(n), strict=False)) for n in range(2, 5)]
    for rows in (table, book):
        fields = [
            {"path": r["Path"], "path_bytes": r.get("Path as bytes (hexadecimal)")} for r in rows
        ]
        assert opened(fields) == expected
    search(qtbot, window, [folder])
    for target in (out / "groups.csv", out / "groups.json"):
        with qtbot.waitSignal(
            window.tasks.finished, check_params_cb=lambda _, t=target: t.exists(), timeout=10_000
        ):
            assert window.groups.export_to(str(target))
    with (out / "groups.csv").open(encoding="utf-8-sig") as stream:  # the headers of Compare's
        grouped = [
            {"path": r["Path"], "path_bytes": r["Path as bytes (hexadecimal)"]}
            for r in csv.DictReader(stream)
        ]
        assert opened(grouped) == expected
    members = json.loads((out / "groups.json").read_text(encoding="utf-8"))["groups"][0]["members"]
    assert opened(members) == expected

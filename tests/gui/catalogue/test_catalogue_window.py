"""Catalogues in the window: File → Make a Catalogue… (and Update), a .simcat where a
folder goes in Compare and in the groups' folder list, catalogued rows said so, estimates
marked "~", no diff failing where the text is away, no catalogued file ever marked.

Real folders on disk, catalogued, then "unplugged" by renaming them; figures checked
against difflib's ratio of the two texts' words or against the bytes, never simfind's own.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from simfind.cli import main
from simfind.core.catalogue.making import make_catalogue
from simfind.core.cleanup.marking import KeepRule
from simfind.core.scan.options import ScanOptions
from simfind.gui.base import i18n
from simfind.gui.catalogue.dialog import CatalogueDialog
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.cli.test_catalogue import _prose, _ratio
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import column_texts, scan_and_wait
from tests.texts import ZH_DOCS

#: The drive's text files: 12 notes, the Chinese ones, the thesis chapter (not the photo).
TEXTS = 12 + len(ZH_DOCS) + 1


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def _row(window: MainWindow, name: str) -> int:
    return column_texts(window, Column.NAME).index(name)


def _figure(text: str) -> float:
    return float(text.lstrip("~"))


def test_compare_with_a_catalogue_whose_drive_is_away_marks_its_estimates(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path, reference: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    original = (drive / "2023" / "thesis" / "chapter 1.txt").read_text(encoding="utf-8")
    drive.rename(tmp_path / "unplugged")  # the drive is away

    scan_and_wait(qtbot, window, reference, catalogue)
    model = window.compare.model
    assert model.rowCount() == TEXTS  # every catalogued text, the photo not among them
    row = _row(window, "chapter 1.txt")
    similarity = model.index(row, Column.SIMILARITY)
    assert similarity.data().startswith("~")  # an estimate, and said so
    exact = 100 * _ratio(reference.read_text(encoding="utf-8"), original)
    assert abs(_figure(similarity.data()) - exact) < 10, (similarity.data(), exact)
    assert "estimate from the fingerprints" in similarity.data(Qt.ItemDataRole.ToolTipRole)
    assert column_texts(window, Column.FOLDER)[row] == "backup.simcat: 2023/thesis/"
    tip = model.index(row, Column.NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "In the catalogue" in tip and os.fspath(catalogue) in tip

    # Sorted by the number, the tilde notwithstanding: the most similar first.
    window.compare.table.sortByColumn(Column.SIMILARITY, Qt.SortOrder.DescendingOrder)
    shown = [t for t in column_texts(window, Column.SIMILARITY) if t]
    assert len(shown) >= 2 and all(t.startswith("~") for t in shown)
    assert [_figure(t) for t in shown] == sorted((_figure(t) for t in shown), reverse=True)
    assert column_texts(window, Column.NAME)[0] == "chapter 1.txt"
    assert f"{len(shown)} figures marked ~ are estimates" in window.summary_label.text()

    # Never marked: no box to tick, and Mark the Similar Files marks none of them.
    assert not model.flags(model.index(0, Column.NAME)) & Qt.ItemFlag.ItemIsUserCheckable
    window.compare.action_mark_similar.trigger()
    assert window.marked() == [] and not window.action_trash.isEnabled()

    # Its diff says why there is none, instead of failing.
    window.compare.table.selectRow(0)
    notice = window.compare.diff_view.notice
    qtbot.waitUntil(lambda: "drive is away" in notice.text(), timeout=10_000)
    assert "backup.simcat" in notice.text() and "Cannot compare" not in notice.text()
    assert not window.compare.diff_view.open_button.isVisible()


def test_a_catalogue_with_its_texts_shows_exact_figures_and_the_diff(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path, reference: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions(), with_texts=True)
    original = (drive / "2023" / "thesis" / "chapter 1.txt").read_text(encoding="utf-8")
    drive.rename(tmp_path / "unplugged")

    scan_and_wait(qtbot, window, reference, catalogue)
    window.compare.table.sortByColumn(Column.SIMILARITY, Qt.SortOrder.DescendingOrder)
    assert column_texts(window, Column.NAME)[0] == "chapter 1.txt"
    figure = column_texts(window, Column.SIMILARITY)[0]
    assert not figure.startswith("~")
    exact = 100 * _ratio(reference.read_text(encoding="utf-8"), original)
    assert abs(float(figure) - exact) < 2
    with qtbot.waitSignal(window.compare.diff_view.shown, timeout=20_000):
        window.compare.table.selectRow(0)
    assert window.compare.diff_view.right.toPlainText().split() == original.split()


def test_a_copy_of_a_catalogued_file_is_identical_with_its_drive_away(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    copy = tmp_path / "chapter copy.txt"
    shutil.copy(drive / "2023" / "thesis" / "chapter 1.txt", copy)
    same = copy.read_bytes() == (drive / "2023" / "thesis" / "chapter 1.txt").read_bytes()
    drive.rename(tmp_path / "unplugged")

    scan_and_wait(qtbot, window, copy, catalogue)
    row = _row(window, "chapter 1.txt")
    cell = window.compare.model.index(row, Column.SIMILARITY)
    assert same and cell.data() == "identical"  # by the hash kept, not by an estimate
    assert window.compare.model.match_at(row).estimated is False


def test_a_damaged_catalogue_is_one_clear_message(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, reference: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    catalogue.write_bytes(b"not a catalogue at all" * 100)
    scan_and_wait(qtbot, window, reference, catalogue)
    text = window.summary_label.text()
    assert "damaged" in text and "unexpected" not in text.lower()


def test_groups_with_a_catalogue_never_mark_its_files(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path
) -> None:
    """With no reference folder listed, a catalogued file (its drive here) is kept as one's
    would be: a rule marks the new copy, never the drive's file, however old it is."""
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    os.utime(original, ns=(10**18, 10**18))  # the oldest: "keep the newest" would mark it
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    new = tmp_path / "new"
    new.mkdir()
    copy = new / "chapter one.txt"
    shutil.copy(original, copy)
    (new / "unrelated.txt").write_text(_prose(5000), encoding="utf-8")

    search(qtbot, window, [new, catalogue])
    model = window.groups.model
    assert model.group_count() == 1
    paths = {m.path for m in model.members(0)}
    assert paths == {original, copy}
    window.groups.rule_actions[KeepRule.NEWEST].trigger()
    qtbot.waitUntil(lambda: window.marked() != [], timeout=10_000)
    assert [m.path for m in window.marked()] == [copy]
    window.groups.model.set_marked({original, copy})
    assert [m.path for m in window.marked()] == [copy]


def test_groups_with_a_catalogue_away_show_its_estimates(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path, reference: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    exact = 100 * _ratio(
        reference.read_text(encoding="utf-8"), original.read_text(encoding="utf-8")
    )
    drive.rename(tmp_path / "unplugged")
    search(qtbot, window, [reference.parent, catalogue])
    model = window.groups.model
    assert model.group_count() == 1
    texts = {}
    for member in model.members(0):
        index = model.index_of(member.path)
        name = index.siblingAtColumn(GroupColumn.NAME).data()
        texts[member.path] = (name, index.siblingAtColumn(GroupColumn.SIMILARITY).data())
    assert texts[original][0] == "chapter 1.txt  (in backup.simcat)"
    estimated = [figure for _, figure in texts.values() if figure.startswith("~")]
    assert len(estimated) == 1 and abs(_figure(estimated[0]) - exact) < 10
    # The summary counts the estimates apart, as the command line's does.
    summary = window.summary_label.text()
    assert summary.startswith("1 group") and "; 1 estimate from fingerprints" in summary


def _make_in_window(qtbot, dialog: CatalogueDialog) -> str:  # type: ignore[no-untyped-def]
    with qtbot.waitSignal(dialog.written, timeout=60_000):
        qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
        assert dialog.make_button.text() == "Cancel"  # while it runs
    return dialog.outcome.text()


def test_make_a_catalogue_writes_one_the_command_line_reads(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path, reference: Path, capsys
) -> None:
    window.action_make_catalogue.trigger()
    dialog = window.findChild(CatalogueDialog)
    assert isinstance(dialog, CatalogueDialog) and dialog.isVisible()
    dialog.add_folder(str(drive))
    dialog.set_target(str(tmp_path / "backup"))  # the suffix is added
    dialog.with_texts.setChecked(True)
    said = _make_in_window(qtbot, dialog)
    catalogue = tmp_path / "backup.simcat"
    assert catalogue.is_file()
    assert f"Catalogued {TEXTS} text files" in said and "backup.simcat" in said

    on_disk = {p for p in drive.rglob("*.txt")}
    shutil.rmtree(drive)  # the drive gone: the command line reads the window's catalogue
    assert main(["scan", str(reference), str(catalogue), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {Path(r["path"]) for r in rows} == on_disk
    assert not any(r["estimated"] for r in rows)  # the texts were kept


def test_update_a_catalogue_reads_only_what_changed(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, drive: Path
) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    (drive / "2023" / "note 3.txt").write_text(_prose(1003), encoding="utf-8")
    os.utime(drive / "2023" / "note 3.txt", ns=(1, 2))
    (drive / "new.txt").write_text(_prose(2000), encoding="utf-8")
    dialog = window.make_catalogue(update=True)
    assert not dialog.with_texts.isVisibleTo(dialog) and dialog.make_button.text() == "&Update"
    dialog.set_target(str(catalogue))
    said = _make_in_window(qtbot, dialog)
    assert f"Catalogued {TEXTS + 1} text files" in said and "2 read anew, 0 gone" in said

    drive.rename(tmp_path / "elsewhere")  # updating with the drive away: said, nothing lost
    before = catalogue.read_bytes()
    qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.job is None, timeout=20_000)
    assert "is not there (is its drive plugged in?)" in dialog.outcome.text()
    assert catalogue.read_bytes() == before


def test_making_a_catalogue_can_be_cancelled(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Cancelled at once, a catalogue of a few hundred files is not written (the one
    there, if any, stays), and the dialog can make it again."""
    many = tmp_path / "many"
    many.mkdir()
    for index in range(400):
        (many / f"{index}.txt").write_text(_prose(index, 300), encoding="utf-8")
    window.options_panel.cache_box.setChecked(False)  # every file read: long enough
    dialog = window.make_catalogue()
    dialog.add_folder(str(many))
    dialog.set_target(str(tmp_path / "many.simcat"))
    with qtbot.waitSignal(dialog.written, timeout=60_000) as ended:
        assert dialog.start()
        qtbot.mouseClick(dialog.make_button, Qt.MouseButton.LeftButton)  # now Cancel
    assert ended.args[0].made.cancelled
    assert not (tmp_path / "many.simcat").exists()
    assert dialog.outcome.text().startswith("Cancelled: nothing was written")
    assert dialog.make_button.text() == "&Make" and dialog.make_button.isEnabled()

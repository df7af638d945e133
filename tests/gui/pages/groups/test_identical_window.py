"""Identical files of every kind in the window: the groups tab says what each group is and
what each file is to its centre; identical images are marked, trashed, moved and linked,
and put back; a binary reference in the Compare tab finds its copies."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from simfind.core.cleanup.marking import KeepRule
from simfind.core.cleanup.moves import Action
from simfind.gui.base import i18n
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.binaries import app_releases, image, wheel
from tests.gui.cleanup.test_clean_up_window import confirm
from tests.gui.cleanup.test_keep_order_window import answer_links
from tests.gui.pages.groups.test_groups_window import search
from tests.gui.shell.test_main_window import column_texts, scan_and_wait
from tests.texts import EN_DOCS


@pytest.fixture(autouse=True)
def english(qapp):  # type: ignore[no-untyped-def]
    i18n.apply_language("en")


def releases(root: Path) -> Path:
    """Flask 2.3.3's app.py with two copies; 3.0.3's, edited, with one; two photos and a
    wheel twice; a file alike to none."""
    app_releases(root)
    image(root / "photos" / "beach.png")
    shutil.copy(root / "photos" / "beach.png", root / "photos" / "beach (1).png")
    os.link(root / "photos" / "beach.png", root / "photos" / "zz-linked.png")
    wheel(root / "downloads" / "pip.whl")
    shutil.copy(root / "downloads" / "pip.whl", root / "downloads" / "pip (copy).whl")
    (root / "alone.md").write_text(EN_DOCS[2], encoding="utf-8")
    return root


def cells(window: MainWindow, row: int, column: GroupColumn) -> dict[str, str]:
    """Each file of the group in ``row``, by its path below the folder, and its cell."""
    model = window.groups.model
    group = model.index(row, 0)
    return {
        model.item_at(model.index(r, 0, group)).rel: model.index(r, column, group).data()
        for r in range(model.rowCount(group))
    }


def group_row(window: MainWindow, name: str) -> int:
    model = window.groups.model
    return next(
        r for r in range(model.group_count()) if any(m.rel.endswith(name) for m in model.members(r))
    )


def test_the_groups_tab_shows_each_kind_and_who_is_identical_to_whom(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    folder = releases(tmp_path / "sites")
    search(qtbot, window, [folder])
    model = window.groups.model
    flask = group_row(window, "flask-3.0.3/src/flask/app.py")
    assert model.index(flask, GroupColumn.KIND).data() == "near-duplicates"
    kind = cells(window, flask, GroupColumn.KIND)
    similarity = cells(window, flask, GroupColumn.SIMILARITY)
    assert model.members(flask)[0].rel == "flask-2.3.3/src/flask/app.py"  # the centre
    assert kind["flask-3.0.3/src/flask/app.py"] == "identical to copy/flask/app.py"
    assert kind["copy/flask/app.py"] == "identical to flask-3.0.3/src/flask/app.py"
    assert kind["venv-a/flask/app.py"] == kind["venv-b/flask/app.py"] == "identical"
    # Its figure is to the centre: the same for the two copies of 3.0.3, and not 100.
    figure = similarity["flask-3.0.3/src/flask/app.py"]
    assert figure == similarity["copy/flask/app.py"] and 50 < float(figure) < 90
    assert similarity["venv-a/flask/app.py"] == "100.0"
    photos = group_row(window, "beach.png")
    assert model.index(photos, GroupColumn.KIND).data() == "identical"
    assert cells(window, photos, GroupColumn.KIND) == {
        "photos/beach (1).png": "",  # the centre
        "photos/beach.png": "identical · also hard-linked as zz-linked.png",
    }
    assert set(cells(window, photos, GroupColumn.FORMAT).values()) == {"PNG"}
    wheels = group_row(window, "pip.whl")
    assert set(cells(window, wheels, GroupColumn.FORMAT).values()) == {"ZIP"}
    # A hard link is no other file: 10 files, the photo's second name aside.
    assert window.summary_label.text() == (
        "3 groups (9 files): 2 identical, 0 same text, 1 near-duplicates; among 10 files, 0 skipped"
    )
    # A photo selected: no diff of its bytes read as text, only what they are.
    tree = window.groups.tree
    assert tree.select_item(folder / "photos" / "beach.png")
    qtbot.waitUntil(lambda: "byte for byte the same" in window.groups.diff_view.title.text())
    assert window.groups.diff_view.rendered is None


def test_an_identical_group_is_marked_trashed_moved_linked_and_put_back(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, freedesktop_trash: Path
) -> None:
    folder = tmp_path / "photos"
    for name in ("a.png", "b.png", "c.png"):
        image(folder / "beach" / name)  # the same picture three times
    for name in ("x.jpg", "y.jpg"):
        image(folder / "city" / name, shade=60, fmt="JPEG")
    for name in ("p.png", "q.png"):
        image(folder / "park" / name, shade=120)
    search(qtbot, window, [folder])
    model = window.groups.model
    assert {model.index(r, GroupColumn.KIND).data() for r in range(model.group_count())} == {
        "identical"
    }
    # Mark All but One keeps the shortest path of each group; the rest go to the trash.
    window.groups.rule_actions[KeepRule.SHORTEST_PATH].trigger()
    marked = sorted(m.path for m in window.marked())
    beach, city, park = folder / "beach", folder / "city", folder / "park"
    assert marked == sorted([beach / "b.png", beach / "c.png", city / "y.jpg", park / "q.png"])
    # The trash: the beach's two copies.
    window.groups.model.set_marked({folder / "beach" / "b.png", folder / "beach" / "c.png"})
    window.action_trash.trigger()
    confirm(qtbot, window, answer=True)
    assert not (folder / "beach" / "b.png").exists() and (folder / "beach" / "a.png").exists()
    assert len(list((freedesktop_trash / "files").iterdir())) == 2
    assert model.group_count() == 2  # the beach's group, down to one file, left the list
    # Moved to a folder, and put back with Undo.
    aside = tmp_path / "aside"
    aside.mkdir()
    window.groups.model.set_marked({folder / "city" / "y.jpg"})
    before = (folder / "city" / "y.jpg").read_bytes()
    assert window.move_marked(Action.MOVE, aside)
    confirm(qtbot, window, answer=True)
    assert not (folder / "city" / "y.jpg").exists() and (aside / "y.jpg").exists()
    assert model.group_count() == 1
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        window.undo_move()
    assert (folder / "city" / "y.jpg").read_bytes() == before
    assert model.group_count() == 2
    # Replaced by a hard link to the file kept, then made a copy again with Undo.
    window.groups.model.set_marked({folder / "park" / "q.png"})
    window.action_link.trigger()
    heading, _, _ = answer_links(qtbot, window, answer=True)
    assert heading.startswith("Replace 1 file")
    kept, linked = folder / "park" / "p.png", folder / "park" / "q.png"
    assert linked.stat().st_ino == kept.stat().st_ino
    with qtbot.waitSignal(
        window.clean_up.busy_changed, check_params_cb=lambda busy: not busy, timeout=30_000
    ):
        window.undo_move()
    assert linked.stat().st_ino != kept.stat().st_ino and linked.read_bytes() == kept.read_bytes()


def test_a_binary_reference_finds_its_copies_in_the_compare_tab(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    folder = tmp_path / "Downloads"
    reference = wheel(tmp_path / "pip.whl")
    folder.mkdir()
    shutil.copy(reference, folder / "pip-copy.whl")
    image(folder / "picture.png")
    (folder / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    scan_and_wait(qtbot, window, reference, folder)
    assert column_texts(window, Column.NAME) == ["pip-copy.whl"]
    assert column_texts(window, Column.SIMILARITY) == ["identical"]
    assert column_texts(window, Column.DISTANCE) == [""]
    assert "1 identical copy of the reference" in window.summary_label.text()
    window.compare.table.selectRow(0)
    view = window.compare.diff_view
    qtbot.waitUntil(lambda: "byte for byte the same" in view.title.text())
    assert "not read as text" in view.notice.text()


def test_keeping_the_newest_versions_leaves_identical_images_unmarked(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """No image is read as text, so none is a version: their group keeps every copy rather
    than losing them all to a rule that finds no newest version."""
    folder = tmp_path / "mixed"
    image(folder / "a.png")
    shutil.copy(folder / "a.png", folder / "b.png")
    (folder / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "notes v2.md").write_text(EN_DOCS[0] + "\nOne more line.", encoding="utf-8")
    search(qtbot, window, [folder])
    page = window.groups
    assert page.model.group_count() == 2
    page.action_keep_versions.trigger()
    qtbot.waitUntil(lambda: len(page.marked()) > 0, timeout=20_000)
    assert [m.path.name for m in page.marked()] == ["notes.md"]

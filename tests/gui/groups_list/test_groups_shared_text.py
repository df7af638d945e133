"""A group member's Similarity cell says what the folder's shared text did to its
figure, as a Compare row does (issue 41, item 2): real sayings of 《论语》 that share
子曰 and --《论语》 (tests/core/groups/test_group_shared_text.py), checked against
difflib's ratio of the texts' words."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from benchmarks.judge import ratio
from simfind.core.base.paths import percent
from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan.options import ScanOptions
from simfind.gui.groups_list.columns import GroupColumn
from simfind.gui.groups_list.model import GroupsModel
from tests.core.groups.test_group_shared_text import SHORTER, _body, sayings_folder


def test_a_members_cell_gives_both_figures(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder, whole = sayings_folder(tmp_path)
    own, counted = ratio(_body(whole), _body(SHORTER)), ratio(whole, SHORTER)
    model = GroupsModel()
    model.set_result(find_groups(folder, ScanOptions(jobs=1)))
    cells = {}
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        for r in range(model.rowCount(group)):
            name = model.match_at(model.index(r, 0, group)).path.name
            cell = model.index(r, GroupColumn.SIMILARITY, group)
            cells[name] = (model.data(cell), model.data(cell, Qt.ItemDataRole.ToolTipRole))
    text, tip = cells["60.txt"]
    figure, shared = text.removesuffix(")").split(" (")
    assert abs(float(figure) - 100 * own) <= 2 and abs(float(shared) - 100 * counted) <= 2
    assert f"Counting it, as the two files compared alone are, {shared} %" in tip
    assert "(" not in cells["08.txt"][0]  # the centre
    assert percent(counted) == shared or abs(float(percent(counted)) - float(shared)) <= 2

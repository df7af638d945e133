"""The similarity threshold in the user's hands; the diff's figures beside the table's."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from simfind.core.base.defaults import DEFAULT_THRESHOLD, RECORD_THRESHOLD
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow, Mode
from simfind.gui.widgets.window_state import COMPARE_THRESHOLD, GROUPS_THRESHOLD
from tests.gui.shell.test_main_window import column_texts, scan_and_wait
from tests.places import TESTS
from tests.texts import ZH_DOCS


@pytest.fixture
def graded(tmp_path: Path) -> tuple[Path, Path]:
    """A reference and copies of it with more and more of another text appended: similar
    from 0.95 down to 0.3 (and two strangers)."""
    reference = tmp_path / "reference.txt"
    reference.write_text(ZH_DOCS[1], encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    sentences = [s + "。" for s in ZH_DOCS[5].split("。") if s]
    for count in range(1, len(sentences) + 1):
        text = ZH_DOCS[1] + "".join(sentences[:count]) + ZH_DOCS[3] * (count // 2)
        (folder / f"grown{count}.txt").write_text(text, encoding="utf-8")
    (folder / "other1.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    (folder / "other2.txt").write_text(ZH_DOCS[4], encoding="utf-8")
    return reference, folder


def similar_names(window: MainWindow) -> set[str]:
    return {
        m.rel for m in window.compare.model.visible_matches() if m.similar and not m.is_reference
    }


def test_the_threshold_re_marks_the_rows_and_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, graded: tuple[Path, Path], settings: QSettings
) -> None:
    assert window.compare.threshold.value() == DEFAULT_THRESHOLD
    scan_and_wait(qtbot, window, *graded)
    at_default = similar_names(window)
    values = {
        m.rel: m.similarity
        for m in window.compare.model.visible_matches()
        if m.similarity is not None
    }
    assert at_default == {rel for rel, v in values.items() if v >= DEFAULT_THRESHOLD} - {""}
    # The histogram shows every compared file's similarity.
    assert sum(window.compare.threshold.histogram.counts) == len(values)
    window.compare.threshold.box.setValue(80)
    assert not window.scans.running  # nothing scanned again
    assert similar_names(window) == {rel for rel, v in values.items() if v >= 0.8} - {""}
    assert similar_names(window) < at_default
    assert window.summary_label.text().startswith(f"{len(similar_names(window))} similar of")
    # Marking follows the verdict.
    window.compare.mark_similar()
    assert {m.rel for m in window.compare.model.marked()} == similar_names(window)
    # The next scan judges by it, and a new window starts from it.
    scan_and_wait(qtbot, window, *graded)
    assert (
        window.compare.last_options is not None
        and window.compare.last_options.rank.threshold == 0.8
    )
    assert float(str(settings.value(COMPARE_THRESHOLD))) == 0.8
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.compare.threshold.value() == 0.8


def test_the_diff_shows_the_tables_figures(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, graded: tuple[Path, Path]
) -> None:
    scan_and_wait(qtbot, window, *graded)
    names = column_texts(window, Column.NAME)
    for name in ("grown1.txt", "grown4.txt", "other1.txt"):
        row = names.index(name)
        match = window.compare.model.match_at(row)
        window.compare.table.selectRow(row)
        qtbot.waitUntil(lambda m=match: window.compare.diff_view.rendered is not None
                        and window.compare.diff_view.match is m, timeout=30_000)  # fmt: skip
        exact = window.compare.diff_view.rendered.exact
        assert exact is not None
        assert exact.similarity == pytest.approx(match.similarity, abs=0.005)
        assert exact.first_in_second == pytest.approx(match.reference_in_file, abs=0.005)
        shown = window.compare.diff_view.passages_label.text()
        assert shown.startswith(f"Similarity {column_texts(window, Column.SIMILARITY)[row]} %")


def test_the_groups_threshold_groups_again_without_a_search(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, graded: tuple[Path, Path], settings: QSettings
) -> None:
    _, folder = graded
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(folder), False)])
    window.groups.threshold.box.setValue(90)
    window.groups.start()
    # The search's thread winds down after its result is shown: wait for both, so that
    # "not running" below says the regrouping started no search of its own.
    qtbot.waitUntil(
        lambda: window.groups.result is not None and not window.scans.running, timeout=60_000
    )
    strict = window.groups.result
    assert strict is not None and strict.threshold == 0.9
    assert sum(window.groups.threshold.histogram.counts) > 0
    window.groups.threshold.box.setValue(40)
    qtbot.waitUntil(
        lambda: window.groups.result is not None and window.groups.result.threshold == 0.4,
        timeout=30_000,
    )
    loose = window.groups.result
    assert loose is not strict and not window.scans.running
    assert loose.candidates == strict.candidates  # the same search, grouped again
    assert sum(len(g.members) for g in loose.groups) > sum(len(g.members) for g in strict.groups)
    assert float(str(settings.value(GROUPS_THRESHOLD))) == 0.4


def test_the_lines_tab_has_its_threshold_and_shortest_line(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path, settings: QSettings
) -> None:
    sayings = TESTS / "data" / "sayings" / "sayings.txt"
    lines = sayings.read_text(encoding="utf-8").splitlines()
    lines.append(lines[10].replace("挟", "夹"))  # 单筷难夹菜: a planted copy of line 11
    path = tmp_path / "sayings.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    view = window.lines
    window.set_mode(Mode.RECORDS)
    view.set_path(str(path))
    view.min_chars_box.setValue(6)
    with qtbot.waitSignal(view.finished, timeout=60_000):
        view.start()
    found = view.result
    assert found is not None and found.threshold == RECORD_THRESHOLD
    lines_grouped = [sorted(found.records[m.record].line for m in g.members) for g in found.groups]
    assert [11, len(lines)] in lines_grouped
    view.threshold.box.setValue(95)
    qtbot.waitUntil(
        lambda: view.result is not None and view.result.threshold == 0.95, timeout=30_000
    )
    assert view.result is not None and len(view.result.groups) < len(found.groups)
    assert float(str(settings.value("records/min_chars"))) == 6
    assert float(str(settings.value("threshold/records"))) == 0.95


def test_boilerplate_is_said_and_greyed(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """Bokeh's modules share a licence header and banners: the summary says it counted
    little, and the diff greys it."""
    spec = importlib.util.find_spec("bokeh")
    if spec is None or spec.origin is None:
        pytest.skip("bokeh is not installed (it comes with simfind[dask])")
    bokeh = Path(spec.origin).parent
    folder = tmp_path / "bokeh"
    folder.mkdir()
    for module in sorted(bokeh.glob("models/*.py"))[:12]:
        shutil.copy(module, folder / module.name)
    reference = bokeh / "server" / "urls.py"
    scan_and_wait(qtbot, window, reference, folder)
    assert (
        window.compare.last_result is not None and not window.compare.last_result.boilerplate.empty
    )
    assert "counted for nothing where both files have it" in window.summary_label.text()
    window.compare.table.selectRow(1)
    qtbot.waitUntil(lambda: window.compare.diff_view.rendered is not None, timeout=30_000)
    rendered = window.compare.diff_view.rendered
    assert rendered is not None and rendered.boilerplate_spans[0]  # the header, greyed
    assert "(in grey) counted for nothing" in window.compare.diff_view.passages_label.text()

"""The window, driven as a user would: pick, scan, sort, filter, cancel, export."""

from __future__ import annotations

import csv
import multiprocessing
import time
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Slot

from simfind.core.runs import jobs as pool
from simfind.core.runs import progress
from simfind.core.runs.progress import Progress
from simfind.core.scan import fingerprinting
from simfind.gui.pages.compare.results_model import Column, ResultsModel
from simfind.gui.shell.main_window import MainWindow
from tests.texts import EN_DOCS
from tests.workbook_read import workbook_cells


def scan_and_wait(qtbot, window: MainWindow, reference: Path, folder: Path) -> None:  # type: ignore[no-untyped-def]
    window.compare.reference_field.set_path(str(reference))
    window.compare.folder_field.set_path(str(folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)
        assert window.scans.running


def column_texts(window: MainWindow, column: Column) -> list[str]:
    model = window.compare.model
    return [model.index(row, column).data() for row in range(model.rowCount())]


def test_model_passes_qt_model_tester(qapp, qtmodeltester, mixed_folder: Path) -> None:  # type: ignore[no-untyped-def]
    from simfind.core.scan.scanner import scan

    model = ResultsModel()
    result = scan(mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    model.reset(64)
    model.append(result.matches[:3])
    model.append(result.matches[3:])
    qtmodeltester.check(model)
    model.sort(Column.SIZE, Qt.SortOrder.DescendingOrder)
    model.set_filter(text="笔记")
    model.set_filter(max_distance=20)
    model.apply_final(result.matches)


def test_model_shows_the_final_word_over_what_it_showed(qapp, mixed_folder: Path) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from simfind.core.scan.scanner import scan

    result = scan(mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    model = ResultsModel()
    model.reset(64)
    model.append([replace(m, similarity=None, similar=False) for m in result.matches])
    model.sort(Column.DISTANCE)
    row = next(r for r in range(model.rowCount()) if model.match_at(r).rel.endswith("修订版.txt"))
    cell = model.index(row, Column.SIMILARITY)
    assert cell.data() == ""  # streamed, not yet verified: the text is now kept
    model.apply_final(result.matches)
    row = next(r for r in range(model.rowCount()) if model.match_at(r).rel.endswith("修订版.txt"))
    final = next(m for m in result.matches if m.rel.endswith("修订版.txt"))
    assert model.index(row, Column.SIMILARITY).data() == f"{100 * final.similarity:.1f}"
    assert model.index(row, Column.NAME).data(Qt.ItemDataRole.DecorationRole) is None
    assert (
        model.index(row, Column.NAME).data(Qt.ItemDataRole.CheckStateRole)
        == Qt.CheckState.Unchecked
    )


def test_a_whole_scan_through_the_window(qtbot, window: MainWindow, mixed_folder: Path) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    names = column_texts(window, Column.NAME)
    assert len(names) == 6 + 1 + 3 + 2
    assert names[0].startswith("文章1.txt")  # the reference, distance 0, marked
    assert "reference" in names[0]
    assert names[1] == "文章1-修订版.txt"
    assert float(column_texts(window, Column.SIMILARITY)[1]) > 90
    assert column_texts(window, Column.ENCODING)[1] == "gb18030"
    assert column_texts(window, Column.FOLDER)[1].startswith("笔记")
    summary = window.summary_label.text()
    assert "1 similar of 12 scanned, 1 skipped" in summary
    assert window.skipped_button.isVisible()
    assert window.scan_button.text() == "Scan"


def test_a_rescan_of_an_unchanged_folder_shows_the_same_rows(
    qtbot, window: MainWindow, mixed_folder: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from simfind.core.cache.fingerprints import FingerprintCache

    lookups: list[object] = []
    real = FingerprintCache.lookup_folder
    monkeypatch.setattr(
        FingerprintCache, "lookup_folder", lambda *a, **k: lookups.append(a) or real(*a, **k)
    )
    reference = mixed_folder / "笔记" / "文章1.txt"
    scan_and_wait(qtbot, window, reference, mixed_folder)
    shown = [column_texts(window, column) for column in Column]
    summary = window.summary_label.text()
    assert len(lookups) == 1
    scan_and_wait(qtbot, window, reference, mixed_folder)
    assert len(lookups) == 1  # answered by the last scan's stored answer
    assert [column_texts(window, column) for column in Column] == shown
    assert window.summary_label.text() == summary


def test_sorting_and_live_filters(qtbot, window: MainWindow, mixed_folder: Path) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, mixed_folder / "code" / "config.py", mixed_folder)
    distances = [int(t) for t in column_texts(window, Column.DISTANCE)]
    assert distances == sorted(distances)
    window.compare.table.sortByColumn(Column.SIZE, Qt.SortOrder.DescendingOrder)
    shown = [window.compare.model.match_at(r) for r in range(window.compare.model.rowCount())]
    assert shown[0].is_reference  # the reference stays on top, whatever the order
    sizes = [m.size for m in shown[1:]]
    assert sizes == sorted(sizes, reverse=True)
    window.compare.table.sortByColumn(Column.SIMILARITY, Qt.SortOrder.DescendingOrder)
    assert column_texts(window, Column.NAME)[0].startswith("config.py")
    qtbot.keyClicks(window.compare.filter_field, "code/")
    assert window.compare.model.rowCount() == 2
    window.compare.filter_field.setText(
        "笔记"
    )  # QTest types ASCII only; an input method would do this
    assert window.compare.model.rowCount() == 7
    window.compare.filter_field.clear()
    rows = [window.compare.model.match_at(r) for r in range(window.compare.model.rowCount())]
    edited = next(m.distance for m in rows if m.rel == "code/config_old.py")
    window.compare.distance_box.setValue(edited)
    shown = [window.compare.model.match_at(r) for r in range(window.compare.model.rowCount())]
    assert {m.rel for m in shown} >= {"code/config.py", "code/config_old.py"}
    assert all(m.distance <= edited or m.is_reference for m in shown)
    assert len(shown) < len(rows)  # the unrelated files, far beyond, are hidden


def test_cancel_keeps_what_was_found(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(3000):
        (folder / f"f{index:04}.txt").write_text(f"{EN_DOCS[index % 3]} {index}", encoding="utf-8")
    monkeypatch.setattr(pool, "SMALL_SCAN_BYTES", 1 << 40)  # in-process
    real_read = fingerprinting.read_text

    def slow_disk(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.002)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(fingerprinting, "read_text", slow_disk)
    window.compare.reference_field.set_path(str(folder / "f0000.txt"))
    window.compare.folder_field.set_path(str(folder))
    window.start_scan()
    qtbot.waitUntil(lambda: window.compare.model.rowCount() > 0, timeout=30_000)
    with qtbot.waitSignal(window.page().finished, timeout=30_000):
        qtbot.mouseClick(window.scan_button, Qt.MouseButton.LeftButton)  # now "Cancel"
    assert 0 < window.compare.model.rowCount() < 3000
    assert window.compare.last_result is not None and window.compare.last_result.cancelled
    assert window.summary_label.text().startswith("Cancelled")
    # The nearest files found were compared all the same, and the summary says how many.
    compared = window.compare.last_result.compared
    assert compared > 0 and f"only the nearest {compared} compared exactly" in (
        window.summary_label.text()
    )
    shown = column_texts(window, Column.SIMILARITY)
    assert sum(1 for text in shown if text) in (compared, compared + 1)  # the reference too


def test_export_csv_of_the_rows_as_shown(
    qtbot, window: MainWindow, mixed_folder: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    window.compare.filter_field.setText("笔记")
    target = tmp_path / "out" / "结果.csv"
    target.parent.mkdir()
    with qtbot.waitSignal(
        window.tasks.finished,
        check_params_cb=lambda _: (
            target.exists() and "Exported" in window.statusBar().currentMessage()
        ),
        timeout=10_000,
    ):
        assert window.compare.export_to(str(target))
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    lines = raw.decode("utf-8-sig").splitlines()
    # For people in a spreadsheet: the table's headers, its percentages, dates it reads.
    assert lines[0] == (
        "Name,Folder,Distance,Similarity %,Counting shared text %,Holds %,Held %,"
        "Size (bytes),Modified,Encoding,Format,Note,Path,Path as bytes (hexadecimal)"
    )
    rows = list(csv.DictReader(lines))
    assert len(rows) == 7
    assert rows[0]["Name"] == "文章1.txt" and rows[0]["Note"] == "reference"
    assert rows[0]["Similarity %"] == "100.0" and rows[0]["Path"].endswith("文章1.txt")
    revised = next(r for r in rows if r["Name"] == "文章1-修订版.txt")
    assert revised["Note"] == "similar" and revised["Folder"] == "笔记"
    shown = column_texts(window, Column.SIMILARITY)[
        column_texts(window, Column.NAME).index("文章1-修订版.txt")
    ]
    assert revised["Similarity %"] == shown  # the unit and the rounding the table shows
    assert float(revised["Holds %"]) > 80 and float(revised["Held %"]) > 80
    datetime.strptime(revised["Modified"], "%Y-%m-%d %H:%M:%S")  # as Excel reads a date
    assert (
        int(revised["Size (bytes)"]) == (mixed_folder / "笔记" / "文章1-修订版.txt").stat().st_size
    )


def test_export_speaks_the_interface_language_and_writes_workbooks(
    qtbot, window: MainWindow, mixed_folder: Path, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    window.set_language("zh_CN")
    try:
        target = tmp_path / "结果.xlsx"
        with qtbot.waitSignal(
            window.tasks.finished,
            check_params_cb=lambda _: not window.tasks.pending,
            timeout=10_000,
        ):
            assert window.compare.export_to(str(target))
    finally:
        window.set_language("en")
    cells = workbook_cells(target)
    assert cells["A1"] == "名称" and cells["D1"] == "相似度 %"
    assert cells["A2"] == "文章1.txt" and cells["D2"] == "100"
    assert cells["F1"] == "含参考 %" and cells["G1"] == "参考含 %"
    assert cells["K2"] == "文本" and cells["L2"] == "参考文件"


def test_export_writes_where_the_user_chose_even_in_the_scanned_folder(
    qtbot, window: MainWindow, mixed_folder: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    scan_and_wait(qtbot, window, mixed_folder / "note0.md", mixed_folder)
    warnings: list[str] = []
    monkeypatch.setattr(
        "simfind.gui.pages.compare.page.QMessageBox.warning", lambda *args: warnings.append(args[2])
    )
    target = mixed_folder / "out.csv"
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: target.exists(), timeout=10_000
    ):
        assert window.compare.export_to(str(target))
    assert not warnings and "note0.md" in target.read_text("utf-8-sig")
    assert not window.compare.export_to(str(mixed_folder / "note0.md"))  # the reference: refused
    assert warnings


class ProgressRecorder(QObject):
    """Lives on the GUI thread, so it hears each progress signal just after the window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.window = window
        self.seen: list[tuple[str, str, str]] = []

    @Slot(object)
    def record(self, progress: Progress) -> None:
        bar, label = self.window.progress_bar, self.window.progress_label
        self.seen.append((progress.stage, bar.text(), label.text()))


def test_progress_shows_the_exact_comparison_stage(
    qtbot, window: MainWindow, mixed_folder: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0.0)
    recorder = ProgressRecorder(window)
    # Connected after the window's own slot, so this one runs after it.
    window.scans.progressed.connect(recorder.record)
    scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
    stages = [stage for stage, _, _ in recorder.seen]
    assert stages[-1] == "verifying" and "reading" in stages
    first = stages.index("verifying")
    assert set(stages[first:]) == {"verifying"}
    # 12 text files, the reference among them: the other 11 are compared exactly.
    assert recorder.seen[first][1:] == ("0 of 11 compared", "Checking the closest files exactly…")
    assert recorder.seen[-1][1:] == ("11 of 11 compared", "Checking the closest files exactly…")


def test_warm_up_starts_every_worker_before_the_first_scan(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    before = set(multiprocessing.active_children())
    window.warm_up()
    jobs = pool.default_jobs()
    qtbot.waitUntil(lambda: len(set(multiprocessing.active_children()) - before) == jobs)


def test_a_scans_end_leaves_the_collector_off_under_work_still_aside(
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:  # type: ignore[no-untyped-def]
    import gc
    import threading

    from simfind.gui.work.aside import Aside
    from tests.gui.waiting import ended

    assert gc.isenabled()
    release = threading.Event()
    aside = Aside(window.tasks, window)
    aside.run(lambda: release.wait(30), lambda _: None)  # its objects still being made
    try:
        with qtbot.waitSignal(window.scans.running_changed, check_params_cb=ended, timeout=60_000):
            scan_and_wait(qtbot, window, mixed_folder / "笔记" / "文章1.txt", mixed_folder)
        assert not gc.isenabled()  # the scan's end did not turn it on under the job
    finally:
        with qtbot.waitSignal(aside.running_changed, timeout=10_000):
            release.set()
    assert gc.isenabled()  # on again with the last job's end

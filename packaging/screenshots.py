"""Save screenshots of the window for README.md, after a real scan of a mixed folder.

    QT_QPA_PLATFORM=offscreen python packaging/screenshots.py [--dark] [OUTPUT_DIR]

All three modes, in English and Chinese: a reference against a folder, every
group of near-duplicates in a folder with an archive as a reference folder,
the files marked, the confirmation, and the bar after a move to a folder (in
a temporary folder: nothing goes to the real trash); identical files of every
kind beside near-duplicates, and a wheel's copies found from the Compare tab;
the File menu's Save and Open Results, and a saved result opened again after a
file was edited and one deleted; and the near-duplicate lines of a list of
sayings, a record selected in its file.

With --dark, under Adwaita-dark's palette (the Fusion style), to look at the colours
a dark desktop theme gets.

Chinese needs a CJK font on the machine (Debian: fonts-wqy-microhei).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simfind.core.cleanup.marking import KeepRule  # noqa: E402
from simfind.core.cleanup.moves import Action  # noqa: E402
from simfind.core.scan.rank import Ranking  # noqa: E402
from simfind.gui.base import i18n  # noqa: E402
from simfind.gui.shell.app import create_app  # noqa: E402
from simfind.gui.shell.main_window import MainWindow  # noqa: E402
from simfind.gui.shell.modes import Mode  # noqa: E402
from simfind.gui.widgets.window_state import FIRST_SIZE  # noqa: E402
from tests.binaries import app_releases, image, wheel  # noqa: E402
from tests.gui.palettes import dark_palette  # noqa: E402
from tests.texts import CODE, EN_DOCS, ZH_DOCS  # noqa: E402


def make_folder(root: Path) -> Path:
    folder = root / "资料"
    (folder / "笔记").mkdir(parents=True)
    (folder / "src").mkdir()
    names = ["江南水乡", "学习编程", "番茄炒蛋", "天气预报", "编辑器发布", "造纸术"]
    docs = [text.replace("。", "。\n") for text in ZH_DOCS]  # one sentence a line
    for name, text in zip(names, docs, strict=True):
        (folder / "笔记" / f"{name}.txt").write_text(text, encoding="utf-8")
    revised = docs[1].replace("最重要的", "最关键的").replace("几个月", "半年")
    revised = revised.replace("先读懂错误信息，", "先读懂错误信息，")
    revised = revised.replace("坚持这样做", "每天练习一点。\n坚持这样做")
    (folder / "笔记" / "学习编程（修订）.txt").write_bytes(revised.encode("gbk"))
    (folder / "学习编程-摘录.md").write_text(ZH_DOCS[1][:150], encoding="utf-8")
    for index, text in enumerate(EN_DOCS):
        (folder / f"notes-{index}.md").write_text(text, encoding="utf-8")
    (folder / "src" / "config.py").write_text(CODE, encoding="utf-8")
    (folder / "src" / "config_v1.py").write_text(
        CODE.replace("cannot parse", "could not parse"), encoding="utf-8"
    )
    (folder / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(500))
    return folder


def make_groups_folder(root: Path, folder: Path) -> Path:
    """Beside ``folder``: copies of some of its files in a backup folder and an archive.

    Returns the archive, to search as a reference folder.
    """
    backup = folder / "备份"
    backup.mkdir()
    notes = folder / "笔记"
    (backup / "学习编程.txt").write_bytes((notes / "学习编程.txt").read_bytes())
    river = (notes / "江南水乡.txt").read_text(encoding="utf-8")
    (backup / "江南水乡（旧）.txt").write_text(
        river.replace("清晨的时候", "早晨").replace("红色的灯笼", "灯笼"), encoding="utf-8"
    )
    (backup / "江南水乡 副本.txt").write_text(river, encoding="utf-8")
    (backup / "config_v1.py").write_bytes((folder / "src" / "config_v1.py").read_bytes())
    archive = root / "归档"
    archive.mkdir()
    (archive / "番茄炒蛋.txt").write_bytes((notes / "番茄炒蛋.txt").read_bytes())
    (backup / "番茄炒蛋.txt").write_bytes((notes / "番茄炒蛋.txt").read_bytes())
    # Copies made at different times: the rules that keep the newest or oldest have a choice.
    for age, path in enumerate(sorted(p for p in folder.rglob("*") if p.is_file())):
        stamp = time.time() - 86_400 * (40 - age)
        os.utime(path, (stamp, stamp))
    return archive


def wait_for(window: MainWindow) -> None:
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: loop.quit() if not window.scans.running else None)
    timer.start(50)
    loop.exec()
    timer.stop()


def select(window: MainWindow, name: str) -> None:
    """Select the row of that file and wait for its diff."""
    for row in range(window.compare.model.rowCount()):
        if window.compare.model.match_at(row).path.name == name:
            window.compare.table.selectRow(row)
            break
    deadline = time.monotonic() + 20
    while (
        window.compare.diff_view.tasks.pending or window.compare.diff_view.rendered is None
    ) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def open_window(settings: QSettings) -> MainWindow:
    window = MainWindow(settings)
    window.resize(*FIRST_SIZE)  # the size a first start opens at
    window.show()
    return window


def scan_and_show(window: MainWindow, reference: Path, folder: Path, name: str) -> None:
    """Scan ``folder`` against ``reference`` and show the diff of the file ``name``."""
    window.compare.reference_field.set_path(str(reference))
    window.compare.folder_field.set_path(str(folder))
    window.start_scan()
    wait_for(window)
    select(window, name)


def make_passages_folder(root: Path) -> Path:
    """A talk (the reference) and a longer newsletter that reprints two of its paragraphs,
    one moved ahead of the other and edited a little; returns the talk."""
    folder = root / "周刊"
    folder.mkdir()
    docs = [text.replace("。", "。\n") for text in ZH_DOCS]  # one sentence a line
    (folder / "讲稿.txt").write_text(docs[1] + "\n" + docs[5], encoding="utf-8")
    edited = docs[1].replace("几个月", "半年")
    newsletter = [docs[3], docs[5], EN_DOCS[1] + "\n", docs[2], edited, docs[4], docs[0]]
    (folder / "周刊第12期.txt").write_text("\n".join(newsletter), encoding="utf-8")
    return folder / "讲稿.txt"


def make_containment_folder(root: Path) -> Path:
    """A quoted recipe (the reference) and a folder of writings: a collection that
    reprints it among other pieces, a menu that quotes it edited, a summary that is
    part of it, and unrelated pieces; returns the quotation."""
    folder = root / "文集"
    folder.mkdir()
    docs = [text.replace("。", "。\n") for text in ZH_DOCS]  # one sentence a line
    quote = root / "引文.txt"
    quote.write_text(docs[2], encoding="utf-8")
    collection = [docs[0], docs[3], docs[2], docs[4], docs[5]]
    (folder / "随笔合集.txt").write_text("\n".join(collection), encoding="utf-8")
    menu = docs[2].replace("三个鸡蛋", "四个鸡蛋").replace("少许糖", "一勺糖")
    (folder / "周末菜单.txt").write_text(docs[1] + "\n" + menu, encoding="utf-8")
    (folder / "番茄炒蛋-摘要.txt").write_text(docs[2][:70], encoding="utf-8")
    for name, index in (("江南水乡", 0), ("学习编程", 1), ("造纸术", 5)):
        (folder / f"{name}.txt").write_text(docs[index], encoding="utf-8")
    (folder / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    return quote


def containment_shot(window: MainWindow, quote: Path, out: Path, name: str) -> None:
    """Rank by "Contains the reference", the options open, the collection's diff shown."""
    window.options_toggle.setChecked(True)
    box = window.options_panel.ranking_box
    box.setCurrentIndex(box.findData(Ranking.CONTAINMENT.value))
    scan_and_show(window, quote, quote.parent / "文集", "随笔合集.txt")
    window.compare.diff_view.go_to_passage(0)  # the quotation where the collection reprints it
    QApplication.processEvents()
    window.grab().save(str(out / name))
    box.setCurrentIndex(box.findData(Ranking.SIMILARITY.value))
    window.options_toggle.setChecked(False)


def wait_for_moves(window: MainWindow) -> None:
    deadline = time.monotonic() + 30
    while window.clean_up.busy and window.clean_up.dialog is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def groups_and_show(window: MainWindow, folder: Path, archive: Path, name: str) -> None:
    """Search ``folder`` with ``archive`` as a reference folder, keep the newest of each
    group marked, and show the diff of the file ``name`` against its centre."""
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(folder), False), (str(archive), True)])
    window.start_scan()
    wait_for(window)
    window.groups.mark_all_but_one(KeepRule.NEWEST)
    select_in_groups(window, folder / name)


def select_in_groups(window: MainWindow, path: Path) -> None:
    """Select that file in the groups and wait for its diff against its centre."""
    window.groups.tree.select_item(path)
    deadline = time.monotonic() + 20
    diff = window.groups.diff_view
    while (diff.tasks.pending or diff.rendered is None) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def with_dialog(window: MainWindow, dialog: QWidget) -> QPixmap:
    """The window, dimmed, with a dialog over it as a user sees it (offscreen each is apart)."""
    shot = window.grab()
    picture = dialog.grab()
    painter = QPainter(shot)
    painter.fillRect(shot.rect(), QColor(0, 0, 0, 90))
    painter.drawPixmap((shot.width() - picture.width()) // 2, 110, picture)
    painter.end()
    return shot


def groups_shots(window: MainWindow, folder: Path, archive: Path, out: Path, suffix: str) -> None:
    """The groups with the newest of each kept, the question before the trash (answered
    Cancel), and the bar after a move to a folder (then undone)."""
    groups_and_show(window, folder, archive, "笔记/学习编程（修订）.txt")
    window.grab().save(str(out / f"groups{suffix}.png"))
    window.move_marked(Action.TRASH)
    wait_for_moves(window)
    dialog = window.clean_up.dialog
    if dialog is not None:
        with_dialog(window, dialog).save(str(out / f"groups-confirm{suffix}.png"))
        dialog.reject()
    wait_for_moves(window)
    aside = folder.parent / f"moved{suffix}"
    aside.mkdir()
    window.move_marked(Action.MOVE, aside)
    wait_for_moves(window)
    dialog = window.clean_up.dialog
    if dialog is not None:
        dialog.accept()
    wait_for_moves(window)
    window.grab().save(str(out / f"groups-moved{suffix}.png"))
    window.undo_move()
    wait_for_moves(window)


def results_shots(window: MainWindow, folder: Path, out: Path, suffix: str) -> None:
    """File → Save Results… and Open Results…: the File menu, and a copy of the folder's
    result opened again after one file was edited and one deleted (the copy's own)."""
    copy = folder.parent / f"结果{suffix}"
    shutil.copytree(folder, copy)
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(copy), False)])
    window.start_scan()
    wait_for(window)
    saved = folder.parent / f"result{suffix}.json"
    window.groups.save_results_to(saved)
    while window.groups.result_files.busy:
        QApplication.processEvents()
        time.sleep(0.01)
    notes = copy / "笔记"
    with (notes / "学习编程（修订）.txt").open("ab") as edited:
        edited.write("又改了一句。\n".encode("gbk"))
    (copy / "备份" / "江南水乡 副本.txt").unlink()
    window.groups.model.set_result(None)
    window.open_result_file(saved)
    while window.groups.result_files.busy or not window.groups.model.group_count():
        QApplication.processEvents()
        time.sleep(0.01)
    window.move_bar.dismiss()
    window.groups.mark_all_but_one(KeepRule.NEWEST)
    select_in_groups(window, notes / "学习编程（修订）.txt")
    window.statusBar().clearMessage()  # the summary: when saved, and what changed since
    window.grab().save(str(out / f"results-reopened{suffix}.png"))
    menu = window.menu_file
    menu.popup(window.mapToGlobal(window.menuBar().geometry().bottomLeft()))
    QApplication.processEvents()
    shot = window.grab()
    painter = QPainter(shot)
    painter.drawPixmap(window.menuBar().geometry().bottomLeft(), menu.grab())
    painter.end()
    shot.save(str(out / f"results-menu{suffix}.png"))
    menu.hide()


SAYINGS = [
    "学而时习之，不亦说乎？有朋自远方来，不亦乐乎？",
    "知之为知之，不知为不知，是知也。",
    "The only way to do great work is to love what you do.",
    "温故而知新，可以为师矣。",
    "Stay hungry, stay foolish.",
    "三人行，必有我师焉。择其善者而从之，其不善者而改之。",
    "Simplicity is the ultimate sophistication.",
    "Talk is cheap. Show me the code.",
    "学而时习之，不亦悦乎？有朋自远方来，不亦乐乎？",
    "己所不欲，勿施于人。",
    "The only way to do great work is to love what you do!",
    "Premature optimization is the root of all evil.",
    "三人行，必有我师焉：择其善者而从之，其不善者而改之。",
    "知之为知之，不知为不知，是知也。",
    "Programs must be written for people to read.",
    "己所不欲，勿施於人。",
    "premature optimisation is the root of all evil",
    # A verse with its traditional variant and an edited copy that is not similar to the
    # variant: the verse is shown in two groups, one with each.
    "飞流直下三千尺，疑是银河落九天。",
    "飛流直下三千尺，疑似銀河墜九霄。",
    "飞流直下三千尺，好像疑是银河落到九天上。",
]


def records_shots(window: MainWindow, root: Path, out: Path, suffix: str) -> None:
    """The records mode: the near-duplicate lines of a list, the repeats marked, the second
    of the last group selected."""
    sayings = root / "sayings.txt"
    sayings.write_text("\n".join(SAYINGS) + "\n", encoding="utf-8")
    window.set_mode(Mode.RECORDS)
    view = window.lines
    view.set_path(str(sayings))
    view.start()
    while view.running:
        QApplication.processEvents()
        time.sleep(0.01)
    view.mark_repeats()  # each group's later lines ticked, ready for a copy without them
    model = view.model
    chosen = model.index(1, 0, model.index(model.rowCount() - 1, 0))
    view.tree.setCurrentIndex(chosen)
    view.tree.scrollTo(chosen)
    record = model.record_at(chosen)
    line = record.line if record is not None else 1
    deadline = time.monotonic() + 10
    while (
        not view.preview.toPlainText() or view.current_line() != line
    ) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()
    window.grab().save(str(out / f"records-mode{suffix}.png"))


def make_identical_folder(root: Path) -> Path:
    """Downloads and photos with copies, two releases of a library installed and copied
    (tests.binaries.app_releases), a note in two encodings: identical files of every kind
    beside near-duplicates and the same text."""
    folder = app_releases(root / "整理")
    image(folder / "照片" / "海边.png")
    shutil.copy(folder / "照片" / "海边.png", folder / "照片" / "海边 (1).png")
    os.link(folder / "照片" / "海边.png", folder / "照片" / "相册-海边.png")
    image(folder / "照片" / "city.jpg", shade=80, fmt="JPEG")
    (folder / "备份").mkdir()
    shutil.copy(folder / "照片" / "city.jpg", folder / "备份" / "city.jpg")
    wheel(folder / "下载" / "pip-23.2.1-py3-none-any.whl")
    shutil.copy(folder / "下载" / "pip-23.2.1-py3-none-any.whl", folder / "下载" / "pip (1).whl")
    (folder / "笔记.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "笔记 (GBK).txt").write_bytes(ZH_DOCS[0].encode("gbk"))
    return folder


def identical_shots(window: MainWindow, folder: Path, out: Path, suffix: str) -> None:
    """The groups of a folder with identical files of every kind (each group's kind, who is
    identical to whom), 3.0.3's app.py selected; then a wheel as the Compare tab's
    reference, its copy selected."""
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(folder), False)])
    window.start_scan()
    wait_for(window)
    select_in_groups(window, folder / "flask-3.0.3" / "src" / "flask" / "app.py")
    window.grab().save(str(out / f"groups-identical{suffix}.png"))
    window.set_mode(Mode.COMPARE)
    wheels = folder / "下载"
    window.compare.reference_field.set_path(str(wheels / "pip-23.2.1-py3-none-any.whl"))
    window.compare.folder_field.set_path(str(folder))
    window.start_scan()
    wait_for(window)
    window.compare.table.selectRow(1)  # the copy (the reference, in the folder, comes first)
    QApplication.processEvents()
    window.grab().save(str(out / f"compare-copies{suffix}.png"))


def folders_shots(window: MainWindow, root: Path, out: Path, suffix: str) -> None:
    """The groups tab's Folders view: a project, its copy edited since and a backup of one
    of its folders, side by side (real texts of tests/data), the first pair's files."""
    from simfind.core.folders.pairing import Side
    from tests.core.folders.trees import build_trees

    trees = root / "项目 trees"
    if not trees.exists():
        build_trees(trees)
    window.set_mode(Mode.GROUPS)
    window.groups.folder_list.set_entries([(str(trees), False)])
    window.start_scan()
    wait_for(window)
    view = window.groups.folders_view
    view.action.setChecked(True)
    deadline = time.monotonic() + 30
    while view.found is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()
    # The first near-duplicate pair of files selected: its diff below.
    files = view.files_model
    near = [r for r in range(files.rowCount()) if files.file_at(r).side is Side.NEAR]  # type: ignore[union-attr]
    if near:
        diff = window.groups.diff_view
        before = diff.generation
        view.files.setCurrentIndex(files.index(near[0], 0))
        deadline = time.monotonic() + 30
        while diff.rendered is None and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.01)
        assert diff.generation > before
    QApplication.processEvents()
    window.grab().save(str(out / f"folders{suffix}.png"))
    view.action.setChecked(False)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "output",
        nargs="?",
        type=Path,
        default=ROOT / "resources" / "screenshots",
        help="folder for the PNG files (default: resources/screenshots)",
    )
    parser.add_argument("--dark", action="store_true", help="under a dark palette")
    arguments = parser.parse_args()
    out = arguments.output
    out.mkdir(parents=True, exist_ok=True)
    app = create_app()
    if arguments.dark:
        app.setStyle(QStyleFactory.create("Fusion"))
        app.setPalette(dark_palette())
    i18n.apply_language("en")  # with its plural forms, whatever the system's language
    with tempfile.TemporaryDirectory() as temp:
        # The log of moved files goes there, not into the user's data folder.
        os.environ["SIMFIND_DATA_DIR"] = str(Path(temp) / "data")
        settings = QSettings(str(Path(temp) / "s.ini"), QSettings.Format.IniFormat)
        folder = make_folder(Path(temp))
        window = open_window(settings)
        scan_and_show(window, folder / "笔记" / "学习编程.txt", folder, "学习编程（修订）.txt")
        window.grab().save(str(out / "main-window.png"))
        scan_and_show(window, folder / "src" / "config.py", folder, "config_v1.py")
        window.grab().save(str(out / "diff-code.png"))
        talk = make_passages_folder(Path(temp))
        scan_and_show(window, talk, talk.parent, "周刊第12期.txt")
        window.compare.diff_view.go_to_passage(1)  # the paragraph reprinted in place, both sides
        QApplication.processEvents()
        window.grab().save(str(out / "diff-passages.png"))
        quote = make_containment_folder(Path(temp))
        containment_shot(window, quote, out, "containment.png")
        archive = make_groups_folder(Path(temp), folder)
        groups_shots(window, folder, archive, out, "")
        identical = make_identical_folder(Path(temp))
        identical_shots(window, identical, out, "")
        results_shots(window, folder, out, "")
        records_shots(window, Path(temp), out, "")
        folders_shots(window, Path(temp), out, "")
        window.set_mode(Mode.COMPARE)
        window.close()

        # The same first view in Chinese (View → Language → 简体中文).
        i18n.apply_language("zh_CN")
        window = open_window(settings)
        scan_and_show(window, folder / "笔记" / "学习编程.txt", folder, "学习编程（修订）.txt")
        window.grab().save(str(out / "main-window-zh.png"))
        scan_and_show(window, talk, talk.parent, "周刊第12期.txt")
        window.compare.diff_view.go_to_passage(1)
        QApplication.processEvents()
        window.grab().save(str(out / "diff-passages-zh.png"))
        containment_shot(window, quote, out, "containment-zh.png")
        groups_shots(window, folder, archive, out, "-zh")
        identical_shots(window, identical, out, "-zh")
        results_shots(window, folder, out, "-zh")
        records_shots(window, Path(temp), out, "-zh")
        folders_shots(window, Path(temp), out, "-zh")
        window.set_mode(Mode.COMPARE)
        window.close()
        i18n.apply_language("en")
        print(out)
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())

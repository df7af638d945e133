"""Save screenshots of the window for README.md, after a real scan of a mixed folder.

    QT_QPA_PLATFORM=offscreen python packaging/screenshots.py [OUTPUT_DIR]

Chinese needs a CJK font on the machine (Debian: fonts-wqy-microhei).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simfind.gui import i18n  # noqa: E402
from simfind.gui.app import create_app  # noqa: E402
from simfind.gui.main_window import MainWindow  # noqa: E402
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


def wait_for(window: MainWindow) -> None:
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(lambda: loop.quit() if not window.scans.running else None)
    timer.start(50)
    loop.exec()
    timer.stop()


def select(window: MainWindow, name: str) -> None:
    """Select the row of that file and wait for its diff."""
    for row in range(window.model.rowCount()):
        if window.model.match_at(row).path.name == name:
            window.table.selectRow(row)
            break
    deadline = time.monotonic() + 20
    while (
        window.diff_view.tasks.pending or window.diff_view.rendered is None
    ) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    QApplication.processEvents()


def open_window(settings: QSettings) -> MainWindow:
    window = MainWindow(settings)
    window.resize(1180, 820)
    window.show()
    return window


def scan_and_show(window: MainWindow, reference: Path, folder: Path, name: str) -> None:
    """Scan ``folder`` against ``reference`` and show the diff of the file ``name``."""
    window.reference_field.set_path(str(reference))
    window.folder_field.set_path(str(folder))
    window.start_scan()
    wait_for(window)
    select(window, name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "output",
        nargs="?",
        type=Path,
        default=ROOT / "resources" / "screenshots",
        help="folder for the PNG files (default: resources/screenshots)",
    )
    out = parser.parse_args().output
    out.mkdir(parents=True, exist_ok=True)
    app = create_app()
    with tempfile.TemporaryDirectory() as temp:
        settings = QSettings(str(Path(temp) / "s.ini"), QSettings.Format.IniFormat)
        folder = make_folder(Path(temp))
        window = open_window(settings)
        scan_and_show(window, folder / "笔记" / "学习编程.txt", folder, "学习编程（修订）.txt")
        window.grab().save(str(out / "main-window.png"))
        scan_and_show(window, folder / "src" / "config.py", folder, "config_v1.py")
        window.grab().save(str(out / "diff-code.png"))
        window.close()

        # The same first view in Chinese (View → Language → 简体中文).
        i18n.apply_language("zh_CN")
        window = open_window(settings)
        scan_and_show(window, folder / "笔记" / "学习编程.txt", folder, "学习编程（修订）.txt")
        window.grab().save(str(out / "main-window-zh.png"))
        window.close()
        i18n.apply_language("en")
        print(out)
    app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())

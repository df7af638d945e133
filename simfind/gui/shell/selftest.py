"""``simfind-gui --self-test``: prove that an installation or a bundle works, with no one watching.

Opens the window offscreen (unless a platform is set), scans a small generated
folder through the real ScanWorker and the window's process pool, shows a
diff, loads the Chinese translations and the icon, and exits 0. Anything else
prints what failed and exits 1. Everything it writes (the folder, settings,
fingerprint cache) lives in a temporary folder that is removed at the end.
"""

from __future__ import annotations

import html
import io
import os
import sys
import tempfile
import time
import traceback
import zipfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

EXIT_FAILED = 1

ZH_TEXT = (
    "清晨的菜市场总是最热闹的地方。卖菜的阿姨把刚摘下的青菜摆得整整齐齐，"
    "旁边的豆腐摊冒着热气，老板一边切豆腐一边和熟客聊天。"
    "买菜的人提着篮子慢慢地走，看看这家的番茄，问问那家的鸡蛋，"
    "讨价还价的声音此起彼伏。太阳升高以后，人渐渐少了，"
    "摊主们开始收拾东西，把没卖完的菜盖好，准备明天再来。"
)
ZH_EDITED = ZH_TEXT.replace("最热闹", "最喧闹").replace("准备明天再来", "等着明天早上再来")
ZH_OTHER = (
    "这台旧电脑已经用了十年，开机要等好几分钟，风扇的声音也越来越大。"
    "我把硬盘换成了固态硬盘，又加了一条内存，重新安装了系统。"
    "现在它启动只要二十秒，写文章、看网页都够用了，看来旧东西也能焕发新生。"
)
EN_TEXT = (
    "The library opens at nine and closes at six. Members may borrow up to five books "
    "for three weeks, and renew them twice unless someone else has reserved them. "
    "Quiet rooms on the second floor can be booked a week ahead at the front desk. "
    "Please return books to the slot by the main door when the library is closed."
)
EN_OTHER = (
    "To make bread, mix flour, water, salt and a little yeast, then knead the dough "
    "for ten minutes until it is smooth. Let it rise for an hour, shape it, let it rise "
    "again, and bake it in a hot oven until the crust is brown and sounds hollow."
)


def _docx(text: str) -> bytes:
    """A minimal Word document holding ``text``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr(
            "word/document.xml",
            '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
            f"<w:body><w:p><w:r><w:t>{html.escape(text)}</w:t></w:r></w:p></w:body></w:document>",
        )
    return buffer.getvalue()


def _pdf(text: str) -> bytes:
    """A minimal one-page PDF holding ``text`` (ASCII) in Helvetica, a line per sentence."""
    lines = [s.strip() + "." for s in text.split(".") if s.strip()]
    shown = "".join(
        f"BT /F1 11 Tf 40 {780 - 16 * i} Td ({line}) Tj ET\n" for i, line in enumerate(lines)
    )
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
        "/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
        f"<< /Length {len(shown)} >>\nstream\n{shown}endstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = "%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n"
    table = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n"
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{table}\n%%EOF\n"
    return out.encode("ascii")


def make_folder(folder: Path) -> Path:
    """A small mixed folder; returns the reference file inside it."""
    (folder / "notes").mkdir(parents=True)
    reference = folder / "notes" / "market.txt"
    reference.write_text(ZH_TEXT, encoding="utf-8")
    (folder / "notes" / "market-edited.txt").write_bytes(ZH_EDITED.encode("gbk"))
    (folder / "notes" / "computer.txt").write_text(ZH_OTHER, encoding="utf-8")
    (folder / "library.md").write_text(EN_TEXT, encoding="utf-8")
    (folder / "bread.md").write_text(EN_OTHER, encoding="utf-8")
    (folder / "short.txt").write_text("菜市场的早晨", encoding="utf-8")
    (folder / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(300))
    # Documents: each of the document libraries (lxml, pypdfium2) in use.
    (folder / "docs").mkdir()
    (folder / "docs" / "library.docx").write_bytes(_docx(EN_TEXT))
    (folder / "docs" / "library.pdf").write_bytes(_pdf(EN_TEXT))
    page = f"<html><head><script>var x;</script></head><body><p>{EN_TEXT}</p></body></html>"
    (folder / "docs" / "library.html").write_text(page, encoding="utf-8")
    return reference


def _process_age() -> float | None:
    """Seconds since this process started (Linux only: /proc), for the start-up time."""
    if sys.platform != "linux":
        return None
    try:
        fields = Path("/proc/self/stat").read_text().rpartition(")")[2].split()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - int(fields[19]) / int(os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class SelfTestError(Exception):
    pass


def _check(condition: bool, problem: str) -> None:
    if not condition:
        raise SelfTestError(problem)


def _wait(condition: Callable[[], bool], seconds: float, what: str) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    deadline = time.monotonic() + seconds
    loop = QEventLoop()
    timer = QTimer()
    timer.timeout.connect(
        lambda: loop.quit() if condition() or time.monotonic() > deadline else None
    )
    timer.start(20)
    if not condition():
        loop.exec()
    timer.stop()
    _check(condition(), f"{what} did not happen within {seconds:.0f} s")


def _run(temp: Path, report: list[str]) -> None:
    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtGui import QIcon, QImage
    from PySide6.QtWidgets import QDialogButtonBox

    from simfind.gui.base import i18n
    from simfind.gui.base.resources import icon_path
    from simfind.gui.shell.app import create_app
    from simfind.gui.shell.main_window import MainWindow

    app = create_app()
    _check(not QIcon(str(icon_path())).pixmap(64, 64).isNull(), "the SVG icon does not load")
    _check(not QImage(str(icon_path(48))).isNull(), "the PNG icon does not load")

    _check(i18n.apply_language("zh_CN") == "zh_CN", "zh_CN is not offered")
    scan_word = QCoreApplication.translate("MainWindow", "Scan")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    cancel_word = buttons.button(QDialogButtonBox.StandardButton.Cancel).text()
    _check(scan_word == "扫描", f"simfind's Chinese translation is not loaded ({scan_word!r})")
    _check(cancel_word == "取消", f"Qt's Chinese translation is not loaded ({cancel_word!r})")
    i18n.apply_language("en")
    report.append("translations zh_CN (simfind, Qt)")

    reference = make_folder(temp / "folder")
    settings = QSettings(str(temp / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    try:
        window.show()
        app.processEvents()
        age = _process_age()
        if age is not None:
            report.insert(0, f"window up {age:.2f} s after the process started")
        window.compare.reference_field.set_path(str(reference))
        window.compare.folder_field.set_path(str(temp / "folder"))
        started = time.monotonic()
        window.start_scan()
        _check(window.scans.running, "the scan did not start")
        _wait(lambda: not window.scans.running, 120, "the scan")
        elapsed = time.monotonic() - started
        result = window.compare.last_result
        _check(result is not None, f"the scan failed: {window.summary_label.text()}")
        assert result is not None
        pool = window.scans.pool
        workers = len(getattr(pool, "_processes", None) or {})
        _check(workers > 0, "no worker process ran")
        names = [
            window.compare.model.match_at(r).path.name
            for r in range(window.compare.model.rowCount())
        ]
        _check(len(names) == 9, f"expected 9 text files in the table, found {names}")
        _check(names[:2] == ["market.txt", "market-edited.txt"], f"wrong ranking: {names}")
        edited = window.compare.model.match_at(1)
        _check(edited.encoding == "gb18030", f"GBK file read as {edited.encoding}")
        _check(
            edited.similar and (edited.similarity or 0) > 0.8,
            f"the edited copy is not found similar ({edited.similarity})",
        )
        _check([s.path.name for s in result.skipped] == ["picture.png"], "binary file not skipped")
        formats = {m.path.name: m.format for m in result.matches}
        expected = {"library.docx": "docx", "library.pdf": "pdf", "library.html": "html"}
        _check(
            {name: formats.get(name) for name in expected} == expected,
            f"documents not read as documents: {formats}",
        )
        report.append(f"scan of {len(names)} files in {elapsed:.1f} s with {workers} workers")

        window.compare.table.selectRow(1)
        _wait(lambda: window.compare.diff_view.rendered is not None, 30, "the diff")
        rendered = window.compare.diff_view.rendered
        _check(rendered is not None and bool(rendered.changes), "the diff shows no change")
        report.append("diff shown")
    finally:
        window.close()
        window.deleteLater()
        app.processEvents()


def _quiet_offscreen(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    """Qt's messages to stderr, less the offscreen platform's notes on window hints."""
    if "propagateSizeHints" not in message:
        print(message, file=sys.stderr)


def run_self_test() -> int:
    """Run the checks; print one line saying what passed, or what failed."""
    from simfind.gui.base import i18n

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    report: list[str] = []
    started = time.monotonic()
    language = i18n.current_language()
    cache_dir = os.environ.get("SIMFIND_CACHE_DIR")
    previous_handler = qInstallMessageHandler(_quiet_offscreen)
    with tempfile.TemporaryDirectory(prefix="simfind-self-test-") as name:
        temp = Path(name)
        # The fingerprint cache too stays in the temporary folder.
        os.environ["SIMFIND_CACHE_DIR"] = str(temp / "cache")
        try:
            _run(temp, report)
        except SelfTestError as exc:
            print(f"simfind self-test: FAILED: {exc}", file=sys.stderr)
            return EXIT_FAILED
        except Exception as exc:
            print(f"simfind self-test: FAILED: {type(exc).__name__}: {exc}", file=sys.stderr)
            traceback.print_exc()
            return EXIT_FAILED
        finally:
            qInstallMessageHandler(previous_handler)
            if cache_dir is None:
                os.environ.pop("SIMFIND_CACHE_DIR", None)
            else:
                os.environ["SIMFIND_CACHE_DIR"] = cache_dir
            if language != i18n.current_language():
                i18n.apply_language(language)
    total = time.monotonic() - started
    print(f"simfind self-test: OK ({'; '.join(report)}; {total:.1f} s in all)")
    return 0

"""GUI fixtures: a real window, offscreen, with its own settings file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from simfind.gui.shell.main_window import MainWindow
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.scans.cancel()
    win.scans.wait()


@pytest.fixture
def mixed_folder(tmp_path: Path) -> Path:
    root = tmp_path / "资料 docs"
    (root / "笔记").mkdir(parents=True)
    (root / "code").mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / "笔记" / f"文章{index}.txt").write_text(text, encoding="utf-8")
    edited = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")
    (root / "笔记" / "文章1-修订版.txt").write_bytes(edited.encode("gbk"))
    for index, text in enumerate(EN_DOCS):
        (root / f"note{index}.md").write_text(text, encoding="utf-8")
    (root / "code" / "config.py").write_text(CODE, encoding="utf-8")
    (root / "code" / "config_old.py").write_text(
        CODE.replace("cannot parse", "could not parse"), encoding="utf-8"
    )
    (root / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(500))
    return root

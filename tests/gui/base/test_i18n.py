"""Two languages: the window in Chinese, switched live, with a complete catalogue."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from simfind.core.base.errors import InputError, SkipReason
from simfind.core.compare.diff import diff_texts
from simfind.core.scan.inputs import check_folder
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import load_reference
from simfind.gui.base import i18n, wording
from simfind.gui.pages.compare.results_model import Column
from simfind.gui.shell.main_window import MainWindow
from tests.places import ROOT

ROOT = ROOT


@pytest.fixture
def chinese(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    assert i18n.apply_language("zh_CN") == "zh_CN"
    yield
    i18n.apply_language("en")


@pytest.fixture(autouse=True)
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    yield
    if i18n.current_language() != "en":
        i18n.apply_language("en")


def menu_titles(window: MainWindow) -> list[str]:
    return [action.text() for action in window.menuBar().actions()]


def headers(window: MainWindow) -> list[str]:
    model = window.compare.model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_the_system_language_decides_unless_one_is_chosen() -> None:
    assert i18n.resolve("", ["zh-Hans-CN", "en-US"]) == "zh_CN"
    assert i18n.resolve("", ["zh-CN"]) == "zh_CN"
    assert i18n.resolve("", ["zh-SG"]) == "zh_CN"
    assert i18n.resolve("", ["zh-Hant-TW", "en-GB"]) == "zh_TW"
    assert i18n.resolve("", ["zh-HK"]) == "zh_TW"
    assert i18n.resolve("", ["zh-MO"]) == "zh_TW"
    assert i18n.resolve("", ["zh-Hant"]) == "zh_TW"
    assert i18n.resolve("", ["zh-Hant-TW", "zh-TW", "zh-Hant", "zh"]) == "zh_TW"  # Qt's own list
    assert i18n.resolve("zh_TW", ["en-US"]) == "zh_TW"
    assert i18n.resolve("", ["zh-Hans-CN", "zh-CN", "zh-Hans", "zh"]) == "zh_CN"
    assert i18n.resolve("", ["zh"]) == "zh_CN"
    assert i18n.resolve("", ["de-DE", "zh-CN"]) == "zh_CN"
    assert i18n.resolve("", ["fr-FR"]) == "en"
    assert i18n.resolve("", []) == "en"
    assert i18n.resolve("en", ["zh-CN"]) == "en"
    assert i18n.resolve("zh_CN", ["en-US"]) == "zh_CN"


def test_the_window_starts_in_chinese(qtbot, settings: QSettings, chinese: None) -> None:  # type: ignore[no-untyped-def]
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    assert menu_titles(window) == [
        "文件(&F)",
        "扫描(&S)",
        "结果(&R)",
        "标记(&M)",
        "查看(&V)",
        "帮助(&H)",
    ]
    assert window.windowTitle() == "查找近似重复文件 \N{EM DASH} simfind"
    assert window.scan_button.text() == "扫描"
    assert window.compare.inputs.reference_label.text() == "参考文件(&E)："
    assert window.compare.inputs.folder_browse.text() == "浏览…"
    assert headers(window)[: Column.SIMILARITY + 1] == ["名称", "文件夹", "距离", "相似度 %"]
    assert window.compare.diff_view.only_changes.text() == "只看改动"
    assert window.compare.distance_box.specialValueText() == "不限"
    # Qt's own words come from qtbase_zh_CN.qm.
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"


def test_a_traditional_chinese_system_gets_the_window_in_traditional_characters(  # type: ignore[no-untyped-def]
    qtbot, settings: QSettings
) -> None:
    assert i18n.apply_language(i18n.resolve("", ["zh-Hant-HK", "zh-HK", "zh-Hant", "zh"])) == (
        "zh_TW"
    )
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    assert menu_titles(window) == [
        "檔案(&F)",
        "掃描(&S)",
        "結果(&R)",
        "標記(&M)",
        "檢視(&V)",
        "說明(&H)",
    ]
    assert window.scan_button.text() == "掃描"
    assert window.compare.inputs.folder_browse.text() == "瀏覽…"
    assert headers(window)[: Column.SIMILARITY + 1] == ["名稱", "資料夾", "距離", "相似度 %"]
    assert window.compare.diff_view.only_changes.text() == "只看改動"
    assert window.language_actions["zh_TW"].text() == "繁體中文"
    # Qt's own words come from qtbase_zh_TW.qm.
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert buttons.button(QDialogButtonBox.StandardButton.Cancel).text() == "取消"
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save)
    assert buttons.button(QDialogButtonBox.StandardButton.Save).text() == "儲存"


def test_the_traditional_catalogue_is_made_from_the_simplified_one(tmp_path: Path) -> None:
    """s2twp's characters and Taiwan's words, then the reader's fixes; sources as they were."""
    translations = _translations_module()
    simplified = tmp_path / "simfind_zh_CN.ts"
    simplified.write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<TS version="2.1" language="zh_CN">\n'
        "<context><name>X</name>\n"
        "<message><source>Open the file</source><translation>打开文件</translation></message>\n"
        "<message><source>Undo</source><translation>撤销</translation></message>\n"
        '<message numerus="yes"><source>%n file(s)</source><translation>'
        "<numerusform>%n 个文件的权限</numerusform></translation></message>\n"
        "<message><source>头发</source><translation>软件的默认文本</translation></message>\n"
        "</context>\n</TS>\n",
        encoding="utf-8",
    )
    made = translations.derive_traditional(simplified, tmp_path / "simfind_zh_TW.ts").read_text(
        encoding="utf-8"
    )
    assert 'language="zh_TW"' in made
    assert "<translation>開啟檔案</translation>" in made
    assert "<translation>復原</translation>" in made
    assert "<numerusform>%n 個檔案的權限</numerusform>" in made
    assert "<source>头发</source><translation>軟體的預設文字</translation>" in made


def test_view_language_switches_live_and_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, settings: QSettings
) -> None:
    assert window.scan_button.text() == "Scan"
    assert menu_titles(window)[4] == "&View"
    window.language_actions["zh_CN"].trigger()
    assert i18n.current_language() == "zh_CN"
    assert settings.value(i18n.SETTINGS_KEY) == "zh_CN"
    assert window.scan_button.text() == "扫描"
    assert menu_titles(window)[0] == "文件(&F)"
    assert headers(window)[0] == "名称"
    assert window.language_actions[i18n.SYSTEM].text() == "跟随系统"
    assert window.language_actions["zh_CN"].isChecked()

    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.language_actions["zh_CN"].isChecked()

    window.language_actions["en"].trigger()
    assert window.scan_button.text() == "Scan"
    assert headers(window)[0] == "Name"
    assert settings.value(i18n.SETTINGS_KEY) == "en"


def test_results_and_summary_follow_the_language(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, mixed_folder: Path
) -> None:
    window.compare.reference_field.set_path(str(mixed_folder / "笔记" / "文章1.txt"))
    window.compare.folder_field.set_path(str(mixed_folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    assert window.compare.model.index(0, Column.NAME).data() == "文章1.txt (reference)"  # one space
    window.set_language("zh_CN")
    assert window.compare.model.index(0, Column.NAME).data().endswith("（参考文件）")
    assert window.summary_label.text() == "扫描了 12 个文件，其中 1 个相似，跳过 1 个"
    assert window.skipped_button.text() == "跳过的文件（1）…"


def _translations_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "translations", ROOT / "packaging" / "translations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_catalogue_is_complete_current_and_compiled() -> None:
    """Every string of simfind/gui is translated, and the committed .ts and .qm are current."""
    assert _translations_module().check() == []


def test_every_skip_reason_has_words_in_both_languages(chinese: None) -> None:
    for reason in SkipReason:
        text = wording.words.skip_reason(reason)
        assert text != reason.value
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text), text
    i18n.apply_language("en")
    assert wording.words.skip_reason(SkipReason.BINARY) == "binary file"


def _input_error(action) -> InputError:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as caught:
        action()
    return caught.value


def test_the_engines_messages_are_worded_by_the_window(tmp_path: Path, chinese: None) -> None:
    """Each message the core can raise or report is recognised (a changed core fails here)."""
    (tmp_path / "file.txt").write_text("text", encoding="utf-8")
    (tmp_path / "binary.bin").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(500))
    errors = [
        _input_error(lambda: load_reference(tmp_path / "missing.txt", ScanOptions())),
        _input_error(lambda: load_reference(tmp_path / "binary.bin", ScanOptions())),
        _input_error(lambda: load_reference(tmp_path, ScanOptions())),
        _input_error(lambda: check_folder(tmp_path / "missing")),
        _input_error(lambda: check_folder(tmp_path / "file.txt")),
    ]
    for error in errors:
        worded = wording.words.input_problem(error)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in worded), worded
    assert "二进制文件" in wording.words.input_problem(errors[1])

    notices = diff_texts("a\r\nb\r\n", "a\nc\n").notices
    assert notices
    for notice in notices:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in wording.words.diff_notice(notice))
    assert wording.words.unchanged_lines(7) == "⋯ 7 行未改动"


def test_english_plurals_read_as_english(qapp) -> None:  # type: ignore[no-untyped-def]
    i18n.apply_language("en")
    assert wording.words.unchanged_lines(1) == "⋯ 1 unchanged line"
    assert wording.words.unchanged_lines(7) == "⋯ 7 unchanged lines"


def _file_dialog_words(qtbot, open_dialog) -> list[str]:  # type: ignore[no-untyped-def]
    """The labels and buttons of the file dialog ``open_dialog`` opens (then cancelled)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLabel, QWidget

    seen: list[str] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        for child in dialog.findChildren(QWidget):
            if isinstance(child, (QLabel, QAbstractButton)) and child.isVisibleTo(dialog):
                seen.append(child.text())
        QTimer.singleShot(0, dialog.reject)

    QTimer.singleShot(0, look)
    open_dialog()
    return seen


def test_every_file_dialog_the_window_opens_speaks_chinese(qtbot, chinese, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Qt's file dialog in the Chinese window: Qt's catalogue lacks two of its labels
    ("&Look in:", "Files of &type:"), which simfind's own catalogue carries. (Offscreen, as
    on Linux without a desktop's theme, these are Qt's own dialogs, not the system's.)"""
    from simfind.core.cleanup.marking import KeepRule

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    export = [("CSV 文件 (*.csv)", ".csv")]
    openers = {
        "reference": window.compare.inputs.browse_reference,
        "folder": window.compare.inputs.browse_folder,
        "add a folder": window.groups.folder_list._on_add,
        "lines: a file": window.lines._on_browse_file,
        "lines: a folder": window.lines._on_browse_folder,
        "export": lambda: window.compare._ask_target("导出", "simfind.csv", export),
        "keep the files in a folder": lambda: window.groups._on_rule(KeepRule.IN_FOLDER),
    }
    for name, opener in openers.items():
        words = [w for w in _file_dialog_words(qtbot, opener) if w]
        assert len(words) >= 4, name
        english = [w for w in words if not any("\u4e00" <= c <= "\u9fff" for c in w)]
        assert english == [], name

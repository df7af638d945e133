"""What the window remembers between sessions, in QSettings: its keys and their formats."""

from __future__ import annotations

from typing import overload

from PySide6.QtCore import QByteArray, QDir, QSettings
from PySide6.QtWidgets import QAbstractButton, QMainWindow, QPlainTextEdit, QSplitter, QTabBar

from simfind.core.base.defaults import DEFAULT_MIN_CHARS, DEFAULT_THRESHOLD
from simfind.gui.widgets.folder_list import FolderList
from simfind.gui.widgets.options_panel import OptionsPanel
from simfind.gui.widgets.path_field import PathField

# Paths kept in each field's list of recent ones.
RECENT_LIMIT = 10
REFERENCES = "recent/references"
FOLDERS = "recent/folders"
# The longest pasted reference text remembered (characters).
REFERENCE_TEXT_LIMIT = 256 * 1024
# Each tab's threshold (verify.DEFAULT_THRESHOLD until the user chooses).
COMPARE_THRESHOLD = "threshold/compare"
GROUPS_THRESHOLD = "threshold/groups"
RECORDS_THRESHOLD = "threshold/records"
# The splitters between each tab's results and its diff.
COMPARE_SPLITTER = "window/splitter"
GROUPS_SPLITTER = "window/groups_splitter"


# The window's size on first use (no geometry remembered).
FIRST_SIZE = (1280, 820)


class WindowState:
    def __init__(self, settings: QSettings) -> None:
        self.settings = settings

    # -- the window's size, and the splitters between results and diff ----------------
    def restore_geometry(self, window: QMainWindow) -> None:
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            window.restoreGeometry(geometry)
        else:
            # Wide enough for a long name beside the table's ten columns (fits a 1366 screen).
            window.resize(FIRST_SIZE[0], FIRST_SIZE[1])

    def save_geometry(self, window: QMainWindow) -> None:
        self.settings.setValue("window/geometry", window.saveGeometry())

    def restore_splitter(self, key: str, splitter: QSplitter, sizes: list[int]) -> None:
        """``key``: COMPARE_SPLITTER or GROUPS_SPLITTER; ``sizes`` on first use."""
        state = self.settings.value(key)
        if isinstance(state, QByteArray):
            splitter.restoreState(state)
        else:
            splitter.setSizes(sizes)

    def save_splitter(self, key: str, splitter: QSplitter) -> None:
        self.settings.setValue(key, splitter.saveState())

    # -- the inputs: the last ones, and the recent ones in each field's list ----------
    def restore_inputs(self, reference: PathField, folder: PathField) -> None:
        reference.set_recent(self.recent(REFERENCES))
        folder.set_recent(self.recent(FOLDERS))
        reference.set_path(str(self.settings.value("last/reference", "")))
        folder.set_path(str(self.settings.value("last/folder", "")))

    def save_inputs(self, reference: PathField, folder: PathField) -> None:
        self.settings.setValue("last/reference", reference.path_text())
        self.settings.setValue("last/folder", folder.path_text())

    def restore_reference_text(self, toggle: QAbstractButton, text: QPlainTextEdit) -> None:
        """The Compare tab's pasted reference text, and whether it was the reference."""
        text.setPlainText(str(self.settings.value("last/reference_text", "")))
        toggle.setChecked(bool(self.settings.value("last/reference_is_text", False, type=bool)))

    def save_reference_text(self, toggle: QAbstractButton, text: QPlainTextEdit) -> None:
        """Kept up to REFERENCE_TEXT_LIMIT characters: a longer one is better kept as a file
        (settings are read whole at every start)."""
        pasted = text.toPlainText()
        self.settings.setValue(
            "last/reference_text", pasted if len(pasted) <= REFERENCE_TEXT_LIMIT else ""
        )
        self.settings.setValue("last/reference_is_text", toggle.isChecked())

    def recent(self, key: str) -> list[str]:
        value = self.settings.value(key, [])
        if isinstance(value, str):
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, list) else []

    def remember(self, key: str, path: str) -> list[str]:
        """Put ``path`` first among the recent ones; returns the new list."""
        items = [path] + [p for p in self.recent(key) if p != path]
        items = items[:RECENT_LIMIT]
        self.settings.setValue(key, items)
        return items

    # -- the options, and whether their panel is open ---------------------------------
    def restore_options(self, panel: OptionsPanel, shown: QAbstractButton) -> None:
        s = self.settings
        panel.set_bits(int(str(s.value("options/bits", 128))))
        panel.include_field.setText(str(s.value("options/include", "")))
        panel.exclude_field.setText(str(s.value("options/exclude", "")))
        panel.hidden_box.setChecked(bool(s.value("options/hidden", False, type=bool)))
        panel.links_box.setChecked(bool(s.value("options/follow_links", False, type=bool)))
        panel.cache_box.setChecked(bool(s.value("options/cache", True, type=bool)))
        panel.text_only_box.setChecked(bool(s.value("options/text_only", False, type=bool)))
        panel.fold_scripts_box.setChecked(bool(s.value("options/fold_scripts", True, type=bool)))
        panel.set_ranking(str(s.value("options/ranking", "")))
        shown.setChecked(bool(s.value("options/shown", False, type=bool)))

    def save_options(self, panel: OptionsPanel, shown: QAbstractButton) -> None:
        s = self.settings
        s.setValue("options/bits", panel.bits_box.currentData())
        s.setValue("options/include", panel.include_field.text())
        s.setValue("options/exclude", panel.exclude_field.text())
        s.setValue("options/hidden", panel.hidden_box.isChecked())
        s.setValue("options/follow_links", panel.links_box.isChecked())
        s.setValue("options/cache", panel.cache_box.isChecked())
        s.setValue("options/text_only", panel.text_only_box.isChecked())
        s.setValue("options/fold_scripts", panel.fold_scripts_box.isChecked())
        s.setValue("options/ranking", str(panel.ranking_box.currentData()))
        s.setValue("options/shown", shown.isChecked())

    # -- the mode, and the groups mode's folders ---------------------------------------
    def restore_folders(self, folders: FolderList) -> None:
        paths = self._strings("groups/folders")
        kinds = self._strings("groups/references")
        folders.set_entries([(p, k == "1") for p, k in zip(paths, kinds, strict=False)])

    def save_folders(self, folders: FolderList) -> None:
        entries = folders.entries()
        self.settings.setValue("groups/folders", [p for p, _ in entries])
        self.settings.setValue("groups/references", ["1" if r else "0" for _, r in entries])

    def restore_mode(self, modes: QTabBar) -> None:
        mode = str(self.settings.value("window/mode", 0))
        modes.setCurrentIndex(int(mode) if mode.isdigit() and int(mode) < modes.count() else 0)

    def save_mode(self, modes: QTabBar) -> None:
        self.settings.setValue("window/mode", modes.currentIndex())

    def _strings(self, key: str) -> list[str]:
        value = self.settings.value(key, [])
        if isinstance(value, str):
            return [value] if value else []
        return [str(v) for v in value] if isinstance(value, list) else []

    # -- the thresholds of the three tabs ---------------------------------------------
    @overload
    def threshold(self, key: str) -> float: ...
    @overload
    def threshold(self, key: str, default: None) -> float | None: ...
    def threshold(self, key: str, default: float | None = DEFAULT_THRESHOLD) -> float | None:
        """A tab's remembered threshold (``default`` where none, or a damaged one)."""
        stored = self.settings.value(key)
        try:
            value = float(str(stored)) if stored is not None else None
        except ValueError:
            value = None
        return value if value is not None and 0.05 <= value <= 1.0 else default

    def set_threshold(self, key: str, value: float) -> None:
        self.settings.setValue(key, value)

    def min_chars(self) -> int:
        """The Lines tab's shortest record (records.DEFAULT_MIN_CHARS until chosen)."""
        value = str(self.settings.value("records/min_chars", DEFAULT_MIN_CHARS))
        return int(value) if value.isdigit() and 0 < int(value) <= 1000 else DEFAULT_MIN_CHARS

    def set_min_chars(self, value: int) -> None:
        self.settings.setValue("records/min_chars", value)

    # -- where the last CSV file went -------------------------------------------------
    def export_folder(self) -> str:
        return str(self.settings.value("export/folder", QDir.homePath()))

    def set_export_folder(self, folder: str) -> None:
        self.settings.setValue("export/folder", folder)

    def sync(self) -> None:
        self.settings.sync()

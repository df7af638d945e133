"""``simfind-gui --install-desktop``: put simfind in the application menu of the current user.

Follows the freedesktop specifications: the desktop entry goes to
``$XDG_DATA_HOME/applications``, the icons to the hicolor theme under
``$XDG_DATA_HOME/icons``, the AppStream metainfo to ``$XDG_DATA_HOME/metainfo``
(``$XDG_DATA_HOME`` is ``~/.local/share`` when unset). The entry's Exec line
names the program that was run, so it works from a virtual environment or a
bundle alike. ``--uninstall-desktop`` removes the same files.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from simfind.gui.base.resources import APP_ID, icon_path, resource

ICON_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)


def data_home() -> Path:
    value = os.environ.get("XDG_DATA_HOME", "")
    # The specification ignores a relative path.
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / ".local" / "share"


def launcher() -> list[str]:
    """The command that opens the window: this bundle, the simfind-gui script, or python -m."""
    if getattr(sys, "frozen", False):
        # The bundle's windowed executable, beside the console one that takes every command.
        windowed = Path(sys.executable).with_name("simfind-gui")
        return [str(windowed)] if windowed.is_file() else [sys.executable, "gui"]
    script = Path(sys.executable).with_name("simfind-gui")
    if script.is_file():
        return [str(script)]
    found = shutil.which("simfind-gui")
    if found:
        return [found]
    return [sys.executable, "-m", "simfind", "gui"]


def _quote(argument: str) -> str:
    """An Exec argument, quoted as the desktop entry specification asks."""
    if re.fullmatch(r"[A-Za-z0-9_@%+=:,./-]+", argument):
        return argument.replace("%", "%%")
    escaped = re.sub(r'(["`$\\])', r"\\\1", argument).replace("%", "%%")
    return f'"{escaped}"'


def desktop_entry(command: list[str]) -> str:
    text = resource(f"{APP_ID}.desktop").read_text(encoding="utf-8")
    # %F: every file or folder chosen in a file manager ("Open with"), local paths.
    exec_line = " ".join(_quote(part) for part in command) + " %F"
    # The string escape comes on top of the quoting: a backslash is written twice.
    exec_line = exec_line.replace("\\", "\\\\")
    return re.sub(r"(?m)^Exec=.*$", lambda _: f"Exec={exec_line}", text)


def targets(home: Path) -> dict[Path, Path | None]:
    """Each file installed, with its source (None: the desktop entry, written from a template)."""
    files: dict[Path, Path | None] = {home / "applications" / f"{APP_ID}.desktop": None}
    icons = home / "icons" / "hicolor"
    for size in ICON_SIZES:
        files[icons / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = icon_path(size)
    files[icons / "scalable" / "apps" / f"{APP_ID}.svg"] = icon_path()
    files[home / "metainfo" / f"{APP_ID}.metainfo.xml"] = resource(f"{APP_ID}.metainfo.xml")
    return files


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    home = home or data_home()
    written = []
    for target, source in targets(home).items():
        target.parent.mkdir(parents=True, exist_ok=True)
        if source is None:
            target.write_text(desktop_entry(command or launcher()), encoding="utf-8")
        else:
            shutil.copyfile(source, target)
        written.append(target)
    # Icon themes are re-read when their folder changes.
    os.utime(home / "icons" / "hicolor")
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    removed = []
    for target in targets(home or data_home()):
        if target.exists():
            target.unlink()
            removed.append(target)
    return removed


def main(remove: bool = False) -> int:
    if sys.platform in ("win32", "darwin"):
        print(
            "simfind: --install-desktop is for Linux and other freedesktop systems",
            file=sys.stderr,
        )
        return 2
    try:
        paths = uninstall() if remove else install()
    except OSError as exc:
        print(f"simfind: {exc}", file=sys.stderr)
        return 1
    verb = "removed" if remove else "installed"
    for path in paths:
        print(f"{verb} {path}")
    if not remove:
        print(f"simfind is in the application menu; it runs {' '.join(launcher())}")
    return 0

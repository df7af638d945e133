"""Before the window: one clear line when Qt could not open it, instead of Qt's abort."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simfind.gui import display

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 on Linux")


@linux_only
def test_no_display_is_one_line_not_an_abort(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="xcb", XDG_CONFIG_HOME=str(tmp_path))
    code = "import sys; from simfind.cli import main; sys.exit(main([]))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 1  # Qt aborts with 134
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith("simfind: no display to open the window on")


@linux_only
def test_a_display_that_does_not_answer_is_one_line_not_an_abort(tmp_path: Path) -> None:
    number = next(n for n in range(917, 999) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
    env.update(QT_QPA_PLATFORM="xcb", DISPLAY=f":{number}", XDG_CONFIG_HOME=str(tmp_path))
    code = "import sys; from simfind.cli import main; sys.exit(main([]))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env
    )
    if display.window_problem(env) is not None and "X11 platform needs" in done.stderr:
        pytest.skip("Qt's X11 libraries are missing here: that line comes first")
    assert done.returncode == 1, done.stderr  # Qt aborts with 134
    assert done.stderr.splitlines() == [done.stderr.strip()]
    assert done.stderr.startswith(f"simfind: no display answers at DISPLAY=:{number}")


@linux_only
def test_missing_libraries_are_named_with_their_packages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    plugin = tmp_path / "platforms" / "libqxcb.so"
    plugin.parent.mkdir()
    plugin.write_bytes(b"\x7fELF")

    def cannot_load(name: str, mode: int = 0) -> None:
        raise OSError(
            "libxcb-icccm.so.4: cannot open shared object file: No such file or directory"
        )

    monkeypatch.setattr(ctypes, "CDLL", cannot_load)
    monkeypatch.setattr(display.shutil, "which", lambda name: None)  # no ldd
    environ = {"DISPLAY": ":0", "QT_PLUGIN_PATH": str(tmp_path)}
    problem = display.window_problem(environ)
    assert problem is not None and "\n" not in problem
    assert "libxcb-icccm.so.4" in problem
    assert "apt install libxcb-icccm4" in problem and "dnf install xcb-util-wm" in problem


def test_a_plugin_that_does_not_load_is_reported(tmp_path: Path) -> None:
    broken = tmp_path / "libqxcb.so"
    broken.write_text("not a library", encoding="utf-8")
    if sys.platform.startswith("linux"):
        assert display.missing_libraries(broken)


def test_other_platforms_are_left_to_qt() -> None:
    assert display.window_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert display.platforms({"QT_QPA_PLATFORM": "wayland;xcb"}) == ["wayland", "xcb"]
    assert display.platforms({"WAYLAND_DISPLAY": "wayland-0"}) == ["wayland", "xcb"]
    assert display.platforms({}) == ["xcb"]
    assert display.window_problem({"WAYLAND_DISPLAY": "wayland-0"}) is None

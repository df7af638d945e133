"""Where Qt cannot open the window: one clear line and exit status 1, never Qt's abort (134)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QLibraryInfo

from simfind.gui.shell import display

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 on Linux")


def _free_display() -> str:
    number = next(n for n in range(917, 999) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    return f":{number}"


def _launch(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**env, "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
    return subprocess.run(
        [sys.executable, "-m", "simfind", "gui"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def _one_line(done: subprocess.CompletedProcess[str], start: str) -> None:
    assert done.returncode == display.EXIT_NO_WINDOW, done.stderr  # Qt aborts with 134
    assert done.stderr.splitlines() == [done.stderr.strip()], done.stderr
    assert done.stderr.startswith(f"simfind: {start}"), done.stderr


def _without(*names: str) -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in names}


@linux_only
def test_no_display_is_one_line_not_an_abort(tmp_path: Path) -> None:
    env = _without("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    _one_line(_launch(env, tmp_path), "no display to open the window on")


@linux_only
def test_a_display_that_does_not_answer_is_one_line_not_an_abort(tmp_path: Path) -> None:
    name = _free_display()
    env = {**_without("WAYLAND_DISPLAY", "QT_QPA_PLATFORM"), "DISPLAY": name}
    done = _launch(env, tmp_path)
    if "X11 platform needs" in done.stderr:
        pytest.skip("Qt's X11 libraries are missing here: that line comes first")
    _one_line(done, f"no display answers at DISPLAY={name}")


def test_a_platform_qt_does_not_have_is_one_line_not_an_abort(tmp_path: Path) -> None:
    done = _launch({**_without("WAYLAND_DISPLAY"), "QT_QPA_PLATFORM": "bogus"}, tmp_path)
    _one_line(done, 'Qt has no platform plugin "bogus" (QT_QPA_PLATFORM=bogus); it has: ')
    assert "offscreen" in done.stderr


@linux_only
def test_a_library_the_plugin_lacks_is_named(tmp_path: Path) -> None:
    """Qt's own xcb plugin, copied with one of its libraries renamed to one no system has."""
    qt = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)).parent
    plugin = (qt / "plugins" / "platforms" / "libqxcb.so").read_bytes()
    needed = b"libxcb-icccm.so.4\0"
    assert plugin.count(needed) == 1
    platforms = tmp_path / "qt" / "plugins" / "platforms"
    platforms.mkdir(parents=True)
    (platforms / "libqxcb.so").write_bytes(plugin.replace(needed, b"libxcb-icccm.so.9\0"))
    (tmp_path / "qt" / "lib").symlink_to(qt / "lib")  # the plugin's RUNPATH, $ORIGIN/../../lib
    env = {
        **_without("WAYLAND_DISPLAY", "QT_QPA_PLATFORM"),
        "DISPLAY": _free_display(),
        "QT_PLUGIN_PATH": str(tmp_path / "qt" / "plugins"),
    }
    if display.shutil.which("ldd") is None:
        pytest.skip("no ldd here to name the library")
    done = _launch(env, tmp_path)
    _one_line(done, "the window cannot open: Qt's X11 platform needs ")
    # Named among any others this machine lacks too (a fresh one lacks libxcb-icccm.so.4).
    # The list ends at its packages' " (" or, for a library no package is known for, at "; ".
    named = re.split(r" \(|; ", done.stderr.split(" needs ", 1)[1], maxsplit=1)[0].split(", ")
    assert "libxcb-icccm.so.9" in named, done.stderr


def test_missing_libraries_are_named_with_their_packages() -> None:
    listing = (
        "\tlibQt6Gui.so.6 => /opt/qt/lib/libQt6Gui.so.6 (0x0000)\n"
        "\tlibxcb-icccm.so.4 => not found\n"
        "\tlibxcb-keysyms.so.1 => not found\n"
    )
    assert display.missing_libraries(listing) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    sentence = display.missing_sentence(display.missing_libraries(listing))
    assert "\n" not in sentence
    assert "apt install libxcb-icccm4 libxcb-keysyms1" in sentence
    assert "dnf install xcb-util-wm xcb-util-keysyms" in sentence


@linux_only
def test_the_check_before_qt_loads_no_x_library_and_opens_no_connection() -> None:
    """An X server with no other client resets when the last one leaves, and drops a
    connection that arrives meanwhile: Qt's, when a check connected and left first."""
    code = (
        "import os, sys\n"
        "from simfind.gui.shell import display\n"
        "env = {'DISPLAY': os.environ['PROBE_DISPLAY']}\n"
        "assert display.window_problem(env) is None\n"
        "maps = open('/proc/self/maps').read()\n"
        "print('libqxcb' in maps, 'libxcb.so' in maps)\n"
    )
    env = {**_without("QT_QPA_PLATFORM"), "PROBE_DISPLAY": _free_display()}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, env=env
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


def test_the_environment_alone_decides_the_check() -> None:
    assert display.window_problem({"QT_QPA_PLATFORM": "offscreen"}) is None
    assert display.window_problem({"WAYLAND_DISPLAY": "wayland-0"}) is None
    if sys.platform.startswith("linux"):
        assert display.window_problem({}) == display.NO_DISPLAY
        assert display.window_problem({"DISPLAY": ":0"}) is None
    assert display.platforms({"QT_QPA_PLATFORM": "wayland;xcb"}) == ["wayland", "xcb"]
    assert display.platforms({"WAYLAND_DISPLAY": "wayland-0"}) == ["wayland", "xcb"]
    assert display.platforms({}) == ["xcb"]


def test_qt_notes_of_a_start_that_succeeds_are_handed_on() -> None:
    from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

    handed: list[str] = []
    before = qInstallMessageHandler(lambda kind, context, message: handed.append(message))
    try:
        ended: list[int] = []
        with display.StartWatch(exit=ended.append) as watch:
            watch._on_message(QtMsgType.QtWarningMsg, QMessageLogContext(), "a note from Qt")
            assert handed == []  # held until Qt has started, or failed
        assert ended == [] and handed == ["a note from Qt"]
    finally:
        qInstallMessageHandler(before)


def test_a_fatal_note_ends_the_process_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from PySide6.QtCore import QMessageLogContext, QtMsgType

    ended: list[int] = []
    with display.StartWatch(environ={"DISPLAY": ":5"}, exit=ended.append) as watch:
        watch._on_message(
            QtMsgType.QtWarningMsg, QMessageLogContext(), "could not connect to display :5"
        )
        watch._on_message(
            QtMsgType.QtFatalMsg, QMessageLogContext(), "no Qt platform plugin could be initialized"
        )
        assert ended == [display.EXIT_NO_WINDOW]
        assert capsys.readouterr().err == f"simfind: {display.no_answer_sentence(':5')}\n"
        watch.notes.clear()  # the process has ended: nothing is handed on

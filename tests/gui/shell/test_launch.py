"""The real app, launched again and again on an X server with no other client, starts every time.

Such a server (Xvfb, a kiosk's) resets when its last client disconnects and
drops a connection that arrives meanwhile. The app once connected and
disconnected to check the display before Qt connected, and Qt's connection
failed on about one launch in six. Xvfb's audit log names every connection
with its process: each launch must make exactly one, Qt's, and stay up.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 on Linux"),
    pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb (Debian: xvfb)"),
]

LAUNCHES = 5


def _wait_for(condition: Callable[[], object], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_the_window_starts_on_every_launch_with_one_connection(tmp_path: Path) -> None:
    number = next(n for n in range(930, 999) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    log = tmp_path / "xvfb.log"
    with log.open("w") as sink:
        server = subprocess.Popen(
            [
                "Xvfb",
                f":{number}",
                "-screen",
                "0",
                "1024x768x24",
                "-audit",
                "4",
                "-nolisten",
                "tcp",
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        assert _wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 30)
        env = {
            k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY")
        }
        env["DISPLAY"] = f":{number}"
        for launch in range(LAUNCHES):
            home = tmp_path / f"home{launch}"
            home.mkdir()
            app = subprocess.Popen(
                [sys.executable, "-m", "simfind", "gui"],
                env={**env, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            connected = re.compile(rf"client \d+ connected from local host .*pid={app.pid} ")
            try:
                up = _wait_for(
                    lambda c=connected, a=app: c.search(log.read_text()) or a.poll() is not None, 90
                )
                assert up and app.poll() is None, f"launch {launch + 1} ended: {app.communicate()}"
                time.sleep(1.5)  # the window is made and shown on the one connection
                assert app.poll() is None, f"launch {launch + 1} ended: {app.communicate()}"
                connections = connected.findall(log.read_text())
                assert len(connections) == 1, f"launch {launch + 1} connected {len(connections)}x"
            finally:
                app.terminate()
                app.communicate(timeout=30)
    finally:
        server.terminate()
        server.wait(timeout=30)

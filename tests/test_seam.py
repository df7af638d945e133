"""The engine and the command line never load Qt."""

from __future__ import annotations

import subprocess
import sys


def test_core_and_cli_do_not_import_pyside6() -> None:
    script = (
        "import sys, simfind.core.scan, simfind.core.export, simfind.cli; "
        "loaded = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))); "
        "print(','.join(loaded))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""

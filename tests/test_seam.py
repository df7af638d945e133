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


def test_the_desktop_never_imports_dask() -> None:
    """Dask is an optional extra: the core, the command line and the window go without it."""
    script = (
        "import sys, simfind.core.groups, simfind.core.scan, simfind.cli, simfind.gui.main_window; "
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('dask', 'distributed', 'pyarrow', 'pandas', 'simfind.cluster') "
        "or m.startswith('simfind.cluster')); "
        "print(','.join(loaded))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


def test_dask_option_without_the_extra_says_how_to_get_it(tmp_path) -> None:
    script = (
        "import sys; sys.modules['dask'] = sys.modules['distributed'] = None; "
        "from simfind.cli import main; "
        f"raise SystemExit(main(['groups', {str(tmp_path)!r}, '--dask']))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 2
    assert "pip install 'simfind[dask]'" in done.stderr

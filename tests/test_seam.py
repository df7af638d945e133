"""The seams: the engine and the command line never import Qt (the command line loads QtCore
only to read a catalogue in Chinese, tests/test_startup.py); the window never imports the CLI."""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
import subprocess
import sys
from pathlib import Path

import simfind.cli
import simfind.core
import simfind.gui

IMPORT_ALL = """
import importlib, pkgutil, sys
import simfind.cli, simfind.core
names = [
    module.name
    for package in (simfind.core, simfind.cli)
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.startswith(("PySide6", "shiboken6")))
print(len(names))
print(",".join(loaded))
"""


def modules(package: object) -> list[str]:
    path = package.__path__  # type: ignore[attr-defined]
    prefix = package.__name__ + "."  # type: ignore[attr-defined]
    return [module.name for module in pkgutil.walk_packages(path, prefix)]


def test_core_and_cli_do_not_import_pyside6() -> None:
    done = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], capture_output=True, text=True, check=True
    )
    count, loaded = (
        done.stdout.strip().split(" ", 1)
        if " " in done.stdout.strip()
        else (
            done.stdout.strip(),
            "",
        )
    )
    assert int(count) == len(modules(simfind.core)) + len(modules(simfind.cli))
    assert int(count) >= 20  # every module was found, not just the packages
    assert loaded == ""


def test_the_window_never_imports_the_command_line() -> None:
    for name in modules(simfind.gui):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        source = Path(spec.origin)
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                imported = [node.module or ""]
                imported += [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                imported = [alias.name for alias in node.names]
            else:
                continue
            assert not any(m == "simfind.cli" or m.startswith("simfind.cli.") for m in imported), (
                f"{name} imports {imported}"
            )


def test_the_desktop_never_imports_dask() -> None:
    """Dask is an optional extra: the core, every module of the command line and the window
    go without it (simfind.cluster is imported only for --dask)."""
    script = (
        "import importlib, pkgutil, sys, simfind.cli, simfind.core, simfind.gui.shell.main_window\n"
        "for package in (simfind.cli, simfind.core):\n"
        "    for module in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(module.name)\n"
        "heavy = ('dask', 'distributed', 'pyarrow', 'pandas')\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in heavy]\n"
        "loaded += [m for m in sys.modules if m.startswith('simfind.cluster.')\n"
        "           and m not in ('simfind.cluster.errors', 'simfind.cluster.kinds')]\n"
        "print(','.join(sorted(loaded)))\n"
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

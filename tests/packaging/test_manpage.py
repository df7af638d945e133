"""The manual page is made from the parser: every command and option is on it."""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
from pathlib import Path

import pytest

from simfind.cli.parser import build_parser

ROOT = Path(__file__).resolve().parents[2]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    found = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
            for command in action.choices.values():
                found.update(_options(command))
        else:
            found.update(o for o in action.option_strings if o.startswith("--"))
    return found


def test_the_manual_page_has_every_command_and_option(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("manpage", ROOT / "packaging" / "manpage.py")
    assert spec is not None and spec.loader is not None
    manpage = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(manpage)
    target = tmp_path / "simfind.1"
    assert manpage.main([str(target)]) == 0
    page = target.read_text(encoding="utf-8").replace("\\-", "-")
    options = _options(build_parser())
    assert {"scan", "groups", "completion", "--records", "--threshold"} <= options
    assert [o for o in sorted(options) if o not in page] == []
    assert "exit status" in page and "json output" in page
    if shutil.which("man") is None:
        pytest.skip("no man here to read it with")
    shown = subprocess.run(
        ["man", "-l", str(target)],
        capture_output=True,
        text=True,
        check=True,
        env={"MANWIDTH": "80", "PATH": "/usr/bin:/bin"},
    ).stdout
    assert "find the near-duplicates of a file" in shown

"""One version, said the same in the package, CHANGELOG.md and the AppStream metainfo."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import simfind

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "release.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("release", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_the_version_agrees_everywhere_and_a_wrong_tag_is_refused() -> None:
    release = load()
    assert release.package_version() == simfind.__version__
    assert run("check", f"v{simfind.__version__}").returncode == 0
    refused = run("check", "v99.0.0")
    assert refused.returncode == 1
    assert f"tag it v{simfind.__version__}" in refused.stderr


def test_a_changelog_that_lags_behind_is_caught(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    release = load()
    stale = tmp_path / "CHANGELOG.md"
    stale.write_text("# Changelog\n\n## 0.0.9 — 2026-01-01\n\n- old\n", encoding="utf-8")
    monkeypatch.setattr(release, "CHANGELOG", stale)
    assert release.problems() == [
        f"CHANGELOG.md's newest section is 0.0.9, the package is {simfind.__version__}"
    ]


def test_the_notes_are_this_versions_section_alone() -> None:
    text = "# Changelog\n\n## 0.2.0 — unreleased\n\n- new\n\n## 0.1.0 — 2026-12-01\n\n- first\n"
    assert load().notes(text, "0.2.0") == "- new\n"
    assert load().notes(text, "0.1.0") == "- first\n"
    shown = run("notes")
    assert shown.returncode == 0 and "not signed" in shown.stdout

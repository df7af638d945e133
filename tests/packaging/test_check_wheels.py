"""packaging/check_wheels.py reads what a built wheel declares, as pip would meet it.

The resolving itself needs PyPI (the workflow runs it); this checks what is handed to pip.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "check_wheels", ROOT / "packaging" / "check_wheels.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_wheels"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(
    sys.version_info < (3, 11), reason="check_wheels.py reads pyproject.toml with tomllib"
)
def test_a_wheels_dependencies_by_platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    check_wheels = load()
    wheel = tmp_path / "simfind-9.9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(
            "simfind-9.9.dist-info/METADATA",
            "Metadata-Version: 2.4\nName: simfind\nVersion: 9.9\n"
            "Requires-Dist: numpy>=2.0\n"
            "Requires-Dist: rjieba>=0.2; platform_machine != 'ARM64'\n"
            "Requires-Dist: jieba>=0.42; platform_machine == 'ARM64'\n"
            'Requires-Dist: pytest>=8; extra == "test"\n',
        )
    assert check_wheels.wheel_dependencies(wheel) == [
        "numpy>=2.0",
        "rjieba>=0.2; platform_machine != 'ARM64'",
        "jieba>=0.42; platform_machine == 'ARM64'",
    ]
    monkeypatch.setattr(check_wheels, "WHEEL", [wheel])
    arm = {"platform_machine": "ARM64", "sys_platform": "win32"}
    assert check_wheels.requirements(arm) == ["numpy>=2.0", "jieba>=0.42"]
    # Without --wheel, the same lines come from pyproject.toml.
    monkeypatch.setattr(check_wheels, "WHEEL", [])
    assert "jieba>=0.42" in check_wheels.requirements(arm)
    assert "rjieba>=0.2" not in check_wheels.requirements(arm)

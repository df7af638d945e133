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


def test_every_platform_and_python_is_checked() -> None:
    check_wheels = load()
    names = {target.name: target for target in check_wheels.TARGETS}
    assert {"Linux ARM64 (glibc 2.39)", "macOS 13 Intel", "macOS 13 Apple silicon"} <= set(names)
    for target in check_wheels.TARGETS:
        arm = target.name == "Windows on ARM"  # NumPy has no wheel there for 3.10
        assert target.pythons == ("3.10", "3.11", "3.12", "3.13", "3.14")[arm:], target.name
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "| Windows on ARM | — | Python 3.11–3.14 |" in readme
    assert "manylinux_2_39_aarch64" in names["Linux ARM64 (glibc 2.39)"].platforms
    assert "macosx_14_0_arm64" not in names["macOS 13 Apple silicon"].platforms


def test_the_disk_images_minimum_macos_is_the_newest_its_wheels_need() -> None:
    check_wheels = load()
    assert check_wheels.newest_macos(
        [
            "numpy-2.4.6-cp311-cp311-macosx_14_0_arm64.whl",
            "google_re2-1.1-cp311-cp311-macosx_15_0_arm64.whl",
            "rjieba-0.2.2-cp39-abi3-macosx_11_0_arm64.whl",
            "pygments-2.21.0-py3-none-any.whl",
        ]
    ) == (15, 0)
    assert check_wheels.newest_macos(["pygments-2.21.0-py3-none-any.whl"]) == (0, 0)
    # The workflow builds the image on the macOS README names as its minimum: what
    # `check_wheels.py --image-macos 15` printed (google-re2's wheel for 15).
    workflow = (ROOT / ".github" / "workflows" / "bundles.yml").read_text(encoding="utf-8")
    assert "os: macos-15" in workflow and "macos-latest" not in workflow
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`simfind-VERSION-macos-arm64.dmg`, for macOS 15 or later;" in readme
    assert "macOS 12" not in readme


def test_only_the_rows_asked_for_are_checked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    check_wheels = load()
    asked = []
    monkeypatch.setattr(
        check_wheels,
        "check",
        lambda target, python: asked.append((target.name, python)) or (True, ""),
    )
    monkeypatch.setattr(
        sys, "argv", ["check_wheels.py", "--only", "macOS", "--python", "3.12,3.14"]
    )
    assert check_wheels.main() == 0
    assert asked == [
        ("macOS 13 Intel", "3.12"),
        ("macOS 13 Intel", "3.14"),
        ("macOS 13 Apple silicon", "3.12"),
        ("macOS 13 Apple silicon", "3.14"),
    ]
    assert capsys.readouterr().out.count("wheels only") == 4

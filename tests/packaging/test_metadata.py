"""What a package index, a packager and pip see: licence, addresses, classifiers, the Qt cap."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def project() -> dict:  # type: ignore[type-arg]
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_licence_ships_and_the_build_backend_reads_it(project: dict) -> None:  # type: ignore[type-arg]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "The simfind developers" in licence
    meta = project["project"]
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    # A licence expression needs setuptools 77 (68 fails on it).
    assert "setuptools>=77" in project["build-system"]["requires"]


def test_addresses_and_classifiers(project: dict) -> None:  # type: ignore[type-arg]
    meta = project["project"]
    assert {"Homepage", "Source", "Issues"} <= set(meta["urls"])
    classifiers = set(meta["classifiers"])
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13, 14)} <= (
        classifiers
    )
    assert {
        "Operating System :: Microsoft :: Windows",
        "Operating System :: MacOS",
        "Operating System :: POSIX :: Linux",
    } <= classifiers


def test_no_marker_asks_for_the_systems_release(project: dict) -> None:  # type: ignore[type-arg]
    """pip 24.1 to 25.x (Python 3.13's own is 24.2) evaluate every part of a marker and
    raise InvalidVersion comparing platform_release on Linux, whose kernel releases are
    no versions: `pip install simfind` failed on Ubuntu ("6.8.0-45-generic")."""
    from packaging.requirements import Requirement

    lines = [*project["project"]["dependencies"]]
    lines += [d for extra in project["project"]["optional-dependencies"].values() for d in extra]
    markers = [str(Requirement(line).marker) for line in lines if Requirement(line).marker]
    assert markers, "no marker read"
    assert [m for m in markers if "platform_release" in m or "platform_version" in m] == []


def test_the_qt_cap_holds_back_only_the_pythons_it_protects(project: dict) -> None:  # type: ignore[type-arg]
    """PySide6 6.12.0 loses references to None (tests/gui/shell/test_pyside_refcount.py): a crash
    where None is mortal (Python 3.10, 3.11), harmless from 3.12 on (PEP 683)."""
    qt = [d for d in project["project"]["dependencies"] if d.startswith("PySide6")]
    assert qt == [
        "PySide6-Essentials>=6.7,<6.12; python_version < '3.12'",
        "PySide6-Essentials>=6.7; python_version >= '3.12'",
    ]


def test_readme_images_show_on_a_package_index_too() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert images and all(src.startswith("https://") for src in images)
    if (ROOT / "resources" / "screenshots").is_dir():  # a checkout (the sdist has none)
        for src in images:  # each one is a file of this repository
            assert (ROOT / src.split("/main/", 1)[1]).is_file(), src


def test_every_resource_folder_is_installed(project: dict) -> None:  # type: ignore[type-arg]
    """resources/ is installed as simfind.resources: each folder of data files in it is a
    package of the wheel, with its files (the JSON schemas are read by programs)."""
    setup = project["tool"]["setuptools"]
    folders = [p for p in (ROOT / "resources").iterdir() if (p / "__init__.py").is_file()]
    assert {f"simfind.resources.{p.name}" for p in folders} <= set(setup["packages"])
    assert setup["package-data"]["simfind.resources.schemas"] == ["*.schema.json"]
    assert len(list((ROOT / "resources" / "schemas").glob("*.schema.json"))) == 10
    assert setup["package-data"]["simfind.resources.licenses"] == ["*.txt"]


def test_every_code_package_is_installed(project: dict) -> None:  # type: ignore[type-arg]
    """The wheel holds the packages pyproject.toml lists, no more: each folder of simfind/
    with an __init__.py (the core's rooms among them) is listed."""
    folders = [p.parent for p in (ROOT / "simfind").rglob("__init__.py")]
    names = {".".join(p.relative_to(ROOT).parts) for p in folders}
    assert names <= set(project["tool"]["setuptools"]["packages"])


def _holds(line: str, **environment: str) -> bool:
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    marker = Requirement(line).marker
    return marker is None or marker.evaluate({**default_environment(), **environment})


def _systems() -> dict[str, dict[str, str]]:
    return {
        "Windows x64": {"sys_platform": "win32", "platform_machine": "AMD64"},
        "Windows on ARM": {"sys_platform": "win32", "platform_machine": "ARM64"},
        "Intel Mac": {"sys_platform": "darwin", "platform_machine": "x86_64"},
        "Apple silicon": {"sys_platform": "darwin", "platform_machine": "arm64"},
        "Linux x86-64": {"sys_platform": "linux", "platform_machine": "x86_64"},
        "Linux ARM64": {"sys_platform": "linux", "platform_machine": "aarch64"},
    }


@pytest.mark.parametrize("python", ["3.10", "3.11", "3.12", "3.13", "3.14"])
def test_re2_wherever_a_wheel_exists(project: dict, python: str) -> None:  # type: ignore[type-arg]
    """google-re2 1.1.20251105 has wheels for macOS 13+ on both machines and every Python,
    Linux x86-64 and aarch64, Windows x64, and Windows on ARM from 3.11 (check_wheels.py
    resolves them): an Intel Mac, or Apple silicon on 3.13, was left with Python's re."""
    (line,) = [d for d in project["project"]["dependencies"] if d.startswith("google-re2")]
    given = {
        name for name, system in _systems().items() if _holds(line, python_version=python, **system)
    }
    missing = {"Windows on ARM"} if python == "3.10" else set()
    assert given == set(_systems()) - missing


def test_the_default_install_is_lean(project: dict) -> None:  # type: ignore[type-arg]
    """faiss-cpu (68 MB with a second OpenBLAS, for seconds at 100,000 files) is an extra
    that the tests install; one HTML parser: lxml's (selectolax's lexbor gone)."""
    names = [re.split(r"[<>=;\[ ]", d)[0] for d in project["project"]["dependencies"]]
    assert "faiss-cpu" not in names and "selectolax" not in names and "lxml" in names
    extras = project["project"]["optional-dependencies"]
    assert extras["large-folders"] == ["faiss-cpu>=1.10"]
    assert "simfind[large-folders]" in extras["test"]


def test_readme_says_beside_the_test_command_how_long_and_why_each_test_package(
    project: dict,  # type: ignore[type-arg]
) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = next(
        line
        for line in readme.splitlines()
        if line.startswith("python3 -m venv .venv && ") and "pytest" in line
    )
    after = readme.split(command, 1)[1].split("\n\n", 2)[1]  # the paragraph after the block
    said = " ".join(after.split()).lower()
    assert re.search(r"about \d+ minutes", said), after
    extras = project["project"]["optional-dependencies"]
    wanted = [*extras["test"], *extras["dask"], "pandas"]  # dask[dataframe] brings pandas
    for requirement in wanted:
        name = re.split(r"[\[<>=; ]", requirement, maxsplit=1)[0].lower()
        if name != "simfind":
            assert name in said, name

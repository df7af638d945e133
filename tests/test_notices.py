"""The third-party licences simfind lists in About and carries in its bundles."""

from __future__ import annotations

import importlib.metadata as metadata
import importlib.util
import re
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import InvalidVersion

from simfind import notices


def key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@pytest.fixture(scope="module")
def installed() -> dict[str, notices.Notice]:
    return {key(n.name): n for n in notices.installed_notices()}


def holds(line: str) -> bool:
    marker = Requirement(line).marker
    try:
        return marker is None or marker.evaluate({"extra": ""})
    except InvalidVersion:  # packaging before 26 on a release that is no version
        return True


def test_every_requirement_that_holds_here_is_listed_and_no_extra(installed) -> None:  # type: ignore[no-untyped-def]
    wanted = {
        key(Requirement(line).name) for line in metadata.requires("simfind") or [] if holds(line)
    }
    assert wanted and wanted <= set(installed)
    assert "shiboken6" in installed  # PySide6's own requirement, followed
    # The test extra is installed here; its packages are not what simfind runs with.
    for extra in ("dask", "pytest", "pyinstaller", "jsonschema", "simfind"):
        assert extra not in installed
    # The large-folders extra is what simfind runs with where it is installed (faiss).
    assert ("faiss-cpu" in installed) == (importlib.util.find_spec("faiss") is not None)
    # A bundle carries none of the extras, and lists none.
    assert "faiss-cpu" not in {key(n.name) for n in notices.installed_notices(extras=())}


def test_each_component_has_its_licence_and_its_text(installed) -> None:  # type: ignore[no-untyped-def]
    for name, notice in installed.items():
        assert notice.licence, name
        assert notice.version == metadata.version(notice.name), name
        assert any(len(text.text) > 200 for text in notice.texts), name
    # Wheels with no licence text get simfind's copies: Qt's LGPL with the GPL it extends.
    qt = "\n".join(text.text for text in installed["pyside6-essentials"].texts)
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt and "GNU GENERAL PUBLIC LICENSE" in qt
    assert "download.qt.io" in qt
    if "opencc" in installed:  # the libraries its extension compiles in, as well as its own
        carried = "\n".join(text.text for text in installed["opencc"].texts)
        assert "Apache License" in carried
        for library in ("marisa-trie", "darts-clone", "RapidJSON", "pybind11"):
            assert f"\n{library}\n" in carried, library
    if "rjieba" in installed:
        words = "\n".join(text.text for text in installed["rjieba"].texts)
        assert "Copyright (c) 2020 Messense Lv" in words
        if any(text.name.endswith(".cyclonedx.txt") for text in installed["rjieba"].texts):
            assert re.search(r"^jieba-rs [\d.]+: MIT$", words, re.MULTILINE)  # from its SBOM
    # A wheel's own licence files, as it installed them (PEP 639).
    numpy = installed["numpy"]
    assert "BSD" in numpy.licence  # an SPDX expression, or a classifier in older releases
    assert any(text.name == "LICENSE.txt" for text in numpy.texts)


def test_a_bundle_carries_them_as_a_folder_and_reads_them_back(
    tmp_path: Path, installed, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    carried = [notices.python_notice(), *installed.values()]
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in carried[0].texts[0].text
    folder = tmp_path / "licenses"
    notices.write_folder(carried, folder)
    assert (folder / f"numpy-{installed['numpy'].version}" / "LICENSE.txt").is_file()
    assert notices.read_folder(folder) == carried

    # A frozen program reads its folder, not the metadata it does not have.
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert notices.bundled_folder() == folder
    assert notices.shipped_notices() == carried
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "elsewhere"))
    assert notices.bundled_folder() is None

"""The third-party components simfind ships, each with its licence and licence texts.

Help → About → Licences lists them, and every bundle carries them as a ``licenses/``
folder. They are read from the installed distributions' metadata: simfind's runtime
requirements, followed through their own with the markers evaluated for this machine;
each one's licence (the SPDX expression it declares, else its License field, else its
classifiers), the licence files its wheel installs (PEP 639's ``.dist-info/licenses/``)
and, where a wheel lists what was compiled into it (a CycloneDX SBOM), that list. The
wheels of PySide6-Essentials, shiboken6, rjieba and jieba carry no licence text: theirs come
from simfind's resources (``SUPPLIED``), as do the libraries OpenCC's wheel compiles in
without listing them (``ADDED``). A bundle has no metadata to read, so it
carries the result as a folder (``write_folder``) and reads it back (``read_folder``).
"""

from __future__ import annotations

import importlib.metadata as metadata
import json
import re
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from simfind.data_files import resource

#: The licence texts simfind supplies for distributions whose wheels carry none.
SUPPLIED = {
    "pyside6-essentials": ("Qt-NOTICE.txt", "LGPL-3.0.txt", "GPL-3.0.txt"),
    "shiboken6": ("Qt-NOTICE.txt", "LGPL-3.0.txt", "GPL-3.0.txt"),
    "rjieba": ("rjieba.txt", "jieba-rs.txt"),
    "jieba": ("jieba.txt",),  # where rjieba has no wheel (Windows on ARM), and in bundles
}
#: Licence texts simfind adds to those a wheel carries: libraries compiled into it that
#: it does not list. OpenCC's extension holds darts-clone, marisa-trie, RapidJSON and
#: pybind11 (found in the module's symbols).
ADDED = {"opencc": ("opencc-compiled.txt",)}
#: The index a ``licenses/`` folder opens with.
INDEX = "index.json"
_LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)


@dataclass(frozen=True)
class LicenceText:
    name: str  # where it came from, e.g. "LICENSE.txt" or "BUILD_LICENSES/zlib.txt"
    text: str


@dataclass(frozen=True)
class Notice:
    """One component: a distribution, or the Python interpreter a bundle carries."""

    name: str
    version: str
    licence: str  # an SPDX expression where the component declares one
    homepage: str
    texts: tuple[LicenceText, ...]


def _key(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


#: simfind's extras that it uses at run time where they are installed (faiss).
RUN_TIME_EXTRAS = ("large-folders",)


def _distributions(root: str, extras: tuple[str, ...]) -> list[metadata.Distribution]:
    """The distributions ``root`` needs here, with what they need, ``root`` left out;
    and those of its ``extras`` that are installed."""
    from packaging.requirements import Requirement  # not needed by a bundle
    from packaging.version import InvalidVersion

    found: dict[str, metadata.Distribution] = {}
    waiting = [root]
    while waiting:
        name = waiting.pop()
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:  # a marker or an optional import left it out
            continue
        key = _key(dist.metadata["Name"])
        if key in found:
            continue
        found[key] = dist
        wanted = ("", *extras) if name == root else ("",)
        for line in dist.requires or []:
            requirement = Requirement(line)
            try:
                applies = requirement.marker is None or any(
                    requirement.marker.evaluate({"extra": extra}) for extra in wanted
                )
            except InvalidVersion:  # a release compared on a system whose release is no version
                applies = True  # only installed distributions are listed
            if applies:
                waiting.append(requirement.name)
    found.pop(_key(root), None)
    return sorted(found.values(), key=lambda d: _key(d.metadata["Name"]))


def _field(dist: metadata.Distribution, name: str) -> str:
    """One metadata field's value, "" when absent."""
    values = dist.metadata.get_all(name) or []
    return str(values[0]) if values else ""


def _licence(dist: metadata.Distribution) -> str:
    fields = dist.metadata
    declared = _field(dist, "License-Expression") or _field(dist, "License")
    if declared and len(declared) <= 120 and "\n" not in declared.strip():
        return declared.strip()
    classifiers = [
        c.split(" :: ")[-1] for c in fields.get_all("Classifier") or [] if c.startswith("License")
    ]
    if classifiers:
        return " OR ".join(classifiers)
    return declared.strip().splitlines()[0] if declared.strip() else ""


def _homepage(dist: metadata.Distribution) -> str:
    fields = dist.metadata
    urls: dict[str, str] = {}
    for entry in fields.get_all("Project-URL") or []:
        label, _, url = str(entry).partition(",")
        urls[re.sub(r"[^a-z]", "", label.lower())] = url.strip()
    for label in ("homepage", "home", "source", "sourcecode", "repository", "documentation"):
        if label in urls:
            return urls[label]
    return _field(dist, "Home-page") or next(iter(urls.values()), "")


def _sbom(path: Path) -> LicenceText | None:
    """What a CycloneDX SBOM says was compiled in: a line per component."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lines = []
    for part in document.get("components", []):
        licences = [
            entry.get("expression") or entry.get("license", {}).get("id", "")
            for entry in part.get("licenses", [])
        ]
        lines.append(f"{part.get('name', '?')} {part.get('version', '')}: {' AND '.join(licences)}")
    if not lines:
        return None
    heading = f"Compiled into this component (from its software bill of materials, {path.name}):"
    return LicenceText(f"{path.stem}.txt", "\n".join([heading, "", *sorted(lines)]) + "\n")


def _texts(dist: metadata.Distribution) -> tuple[LicenceText, ...]:
    texts: list[LicenceText] = []
    compiled_in: list[LicenceText] = []
    for file in dist.files or []:
        parts = file.parts
        if not parts or not parts[0].endswith(".dist-info"):
            continue
        path = Path(str(dist.locate_file(file)))
        if (len(parts) > 2 and parts[1] == "licenses") or _LICENCE_FILE.match(file.name):
            name = "/".join(parts[2:] if parts[1] == "licenses" else parts[1:])
            texts.append(LicenceText(name, path.read_text(encoding="utf-8", errors="replace")))
        elif len(parts) > 2 and parts[1] == "sboms" and file.name.endswith(".json"):
            listed = _sbom(path)
            if listed is not None:
                compiled_in.append(listed)
    key = _key(dist.metadata["Name"])
    ours = ADDED.get(key, ()) if texts else SUPPLIED.get(key, ())
    texts += [
        LicenceText(name, resource("licenses", name).read_text(encoding="utf-8")) for name in ours
    ]
    return tuple(texts + compiled_in)


def _notice(dist: metadata.Distribution) -> Notice:
    return Notice(
        name=dist.metadata["Name"],
        version=dist.version,
        licence=_licence(dist),
        homepage=_homepage(dist),
        texts=_texts(dist),
    )


def installed_notices(
    root: str = "simfind", extras: tuple[str, ...] = RUN_TIME_EXTRAS
) -> list[Notice]:
    """The components ``root`` runs with in this environment, by name (a bundle, which
    carries none of the extras, asks with ``extras=()``)."""
    return [_notice(dist) for dist in _distributions(root, extras)]


def notices_of(names: Iterable[str]) -> list[Notice]:
    """The components of these installed distributions (a bundle's other passengers)."""
    return [_notice(metadata.distribution(name)) for name in sorted(set(names), key=_key)]


def python_notice() -> Notice:
    """The Python interpreter and standard library, which a bundle carries."""
    licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    texts = (LicenceText("LICENSE.txt", licence.read_text(encoding="utf-8")),)
    return Notice("Python", sys.version.split()[0], "PSF-2.0", "https://www.python.org/", texts)


def write_folder(notices: Iterable[Notice], folder: Path) -> None:
    """``folder``/index.json and a subfolder of texts per component."""
    index = []
    for notice in notices:
        place = f"{notice.name}-{notice.version}"
        files = []
        for text in notice.texts:
            target = folder / place / text.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text.text, encoding="utf-8")
            files.append(f"{place}/{text.name}")
        index.append(
            {
                "name": notice.name,
                "version": notice.version,
                "licence": notice.licence,
                "homepage": notice.homepage,
                "files": files,
            }
        )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / INDEX).write_text(json.dumps(index, indent=1, ensure_ascii=False), encoding="utf-8")


def read_folder(folder: Path) -> list[Notice]:
    index = json.loads((folder / INDEX).read_text(encoding="utf-8"))
    return [
        Notice(
            name=entry["name"],
            version=entry["version"],
            licence=entry["licence"],
            homepage=entry["homepage"],
            texts=tuple(
                LicenceText(file.split("/", 1)[1], (folder / file).read_text(encoding="utf-8"))
                for file in entry["files"]
            ),
        )
        for entry in index
    ]


def bundled_folder() -> Path | None:
    """A bundle's ``licenses/`` folder, or None when simfind runs from an installation."""
    bundle = getattr(sys, "_MEIPASS", None)
    if not getattr(sys, "frozen", False) or bundle is None:
        return None
    folder = Path(bundle) / "licenses"
    return folder if (folder / INDEX).is_file() else None


def shipped_notices() -> list[Notice]:
    """The components this copy of simfind runs with: a bundle's folder, else the metadata."""
    folder = bundled_folder()
    return read_folder(folder) if folder is not None else installed_notices()

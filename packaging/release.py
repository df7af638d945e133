"""The checks and notes of a release: one version, said the same everywhere.

    python packaging/release.py check [TAG]   the version agrees everywhere (and with TAG)
    python packaging/release.py notes         the CHANGELOG's section for this version

The version comes from ``simfind/__init__.py`` (pyproject.toml reads it there). The
first version heading of CHANGELOG.md and the newest ``<release>`` of the AppStream
metainfo must name it, and a tag ``vVERSION``; the release workflow runs ``check``
with the tag it was started for, and uses ``notes`` as the draft release's text.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHANGELOG = ROOT / "CHANGELOG.md"
METAINFO = ROOT / "resources" / "io.github.simfind.Simfind.metainfo.xml"
_HEADING = re.compile(r"^## (\S+)", re.MULTILINE)


def package_version() -> str:
    source = (ROOT / "simfind" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', source, re.MULTILINE)
    if found is None:
        raise SystemExit("release: simfind/__init__.py names no __version__")
    return found.group(1)


def changelog_version(text: str) -> str | None:
    found = _HEADING.search(text)
    return found.group(1) if found else None


def metainfo_version(path: Path = METAINFO) -> str | None:
    release = ET.parse(path).getroot().find("releases/release")
    return None if release is None else release.get("version")


def notes(text: str, version: str) -> str:
    """The CHANGELOG's section for ``version``, without its heading."""
    headings = list(_HEADING.finditer(text))
    for here, after in zip(headings, [*headings[1:], None], strict=True):
        if here.group(1) == version:
            end = after.start() if after is not None else len(text)
            return text[here.end() : end].split("\n", 1)[1].strip() + "\n"
    raise SystemExit(f"release: CHANGELOG.md has no section for {version}")


def problems(tag: str | None = None) -> list[str]:
    version = package_version()
    found = []
    logged = changelog_version(CHANGELOG.read_text(encoding="utf-8"))
    if logged != version:
        found.append(f"CHANGELOG.md's newest section is {logged}, the package is {version}")
    listed = metainfo_version()
    if listed != version:
        found.append(f"the metainfo's newest release is {listed}, the package is {version}")
    if tag is not None and tag != f"v{version}":
        found.append(f"the tag is {tag}, the package is {version} (tag it v{version})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="the version agrees everywhere")
    check.add_argument("tag", nargs="?", help="the tag being released, e.g. v0.1.0")
    commands.add_parser("notes", help="this version's section of CHANGELOG.md")
    args = parser.parse_args(argv)
    if args.command == "notes":
        sys.stdout.write(notes(CHANGELOG.read_text(encoding="utf-8"), package_version()))
        return 0
    found = problems(args.tag)
    for problem in found:
        print(f"release: {problem}", file=sys.stderr)
    if not found:
        print(f"release: version {package_version()} agrees everywhere")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

"""The translations: extract the strings, compile the catalogues, check they are complete.

    python packaging/translations.py update    # simfind/gui -> resources/translations/*.ts
    python packaging/translations.py release   # *.ts -> *.qm (committed and installed)
    python packaging/translations.py check     # fails on unfinished or stale entries

Translate in Qt Linguist (pyside6-linguist) or any editor of .ts files, then
run ``release``. English, the language of the source strings, has a catalogue
of its plural forms only ("%n file(s)" -> "1 file", "2 files"). The tools come
with PySide6. A comment starting with ``#:`` right above a translatable string
reaches the translator as a note, so other comments in simfind/gui use a plain
``#``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "simfind" / "gui"
TRANSLATIONS = ROOT / "resources" / "translations"
LANGUAGES = ("zh_CN",)
#: The source language: its catalogue holds the plural forms only.
PLURAL_ONLY = ("en",)
CATALOGUES = LANGUAGES + PLURAL_ONLY


def tool(name: str) -> str:
    """A PySide6 tool: beside this Python (a virtual environment), else on PATH."""
    for candidate in (
        Path(sys.executable).with_name(name),
        Path(sys.executable).with_name(f"{name}.exe"),
    ):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which(name)
    if not found:
        raise SystemExit(f"translations: {name} not found (it comes with PySide6)")
    return found


def ts_file(language: str) -> Path:
    return TRANSLATIONS / f"simfind_{language}.ts"


def update(target: Path | None = None, language: str = "zh_CN") -> Path:
    """Extract the strings of simfind/gui into the .ts file (or a copy of it at target)."""
    target = target or ts_file(language)
    if target != ts_file(language) and ts_file(language).exists():
        shutil.copyfile(ts_file(language), target)
    sources = sorted(str(p) for p in SOURCES.rglob("*.py"))
    subprocess.run(
        [
            tool("pyside6-lupdate"),
            "-locations",
            "none",
            "-no-obsolete",
            *(["-pluralonly"] if language in PLURAL_ONLY else []),
            "-target-language",
            language,
            *sources,
            "-ts",
            str(target),
        ],
        check=True,
        capture_output=True,
    )
    return target


def release(source: Path, target: Path) -> None:
    subprocess.run(
        [tool("pyside6-lrelease"), "-silent", str(source), "-qm", str(target)],
        check=True,
    )


def unfinished(ts: Path) -> list[str]:
    """Source texts whose translation is missing or marked unfinished."""
    problems = []
    for message in ET.parse(ts).getroot().iter("message"):
        translation = message.find("translation")
        done = (
            translation is not None
            and translation.get("type") not in ("unfinished", "obsolete", "vanished")
            and bool((translation.text or "").strip() or translation.findall("numerusform"))
        )
        if not done:
            problems.append(message.findtext("source", ""))
    return problems


def check() -> list[str]:
    """Everything wrong with the committed catalogues, as sentences."""
    problems = []
    with tempfile.TemporaryDirectory() as temp:
        for language in CATALOGUES:
            committed = ts_file(language)
            fresh = update(Path(temp) / committed.name, language)
            if fresh.read_bytes() != committed.read_bytes():
                problems.append(f"{committed.name} is stale: run packaging/translations.py update")
            problems += [f"{committed.name}: not translated: {s!r}" for s in unfinished(fresh)]
            compiled = Path(temp) / f"simfind_{language}.qm"
            release(committed, compiled)
            if compiled.read_bytes() != committed.with_suffix(".qm").read_bytes():
                problems.append(
                    f"{committed.stem}.qm is stale: run packaging/translations.py release"
                )
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        for language in CATALOGUES:
            print(update(language=language))
    elif command == "release":
        for language in CATALOGUES:
            release(ts_file(language), ts_file(language).with_suffix(".qm"))
            print(ts_file(language).with_suffix(".qm"))
    elif command == "check":
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The translations: extract the strings, compile the catalogues, check they are complete.

    python packaging/translations.py update    # simfind/gui, the core's and the command
                                               # line's words -> resources/translations/*.ts
                                               # (zh_TW made from zh_CN, see below)
    python packaging/translations.py release   # *.ts -> *.qm (committed and installed)
    python packaging/translations.py check     # fails on unfinished or stale entries

Translate in Qt Linguist (pyside6-linguist) or any editor of .ts files, then
run ``release``. The Traditional Chinese catalogue (zh_TW) is made from the
Simplified one: OpenCC's s2twp turns each translation into Traditional characters
with Taiwan's words (文件 → 檔案, 软件 → 軟體, 默认 → 預設), then TW_FIXES, what
a reader changed after it; OpenCC is a tool of the build (the dev and test
extras), not of the app, whose catalogues are committed. English, the language
of the source strings, has a catalogue of its plural forms only ("%n file(s)"
-> "1 file", "2 files"). The tools come
with PySide6. A comment starting with ``#:`` right above a translatable string
reaches the translator as a note, so other comments in simfind/gui use a plain
``#``. The core's words (simfind/core/words, context CoreWords) and the command
line's (simfind/cli/base/words.py, context CommandLine) are in the same catalogues:
the command line loads them too.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: Where the translatable strings are: the window, the core's words, the command line's.
SOURCES = (
    ROOT / "simfind" / "gui",
    ROOT / "simfind" / "core" / "words",
    ROOT / "simfind" / "cli" / "base" / "words.py",
)
TRANSLATIONS = ROOT / "resources" / "translations"
LANGUAGES = ("zh_CN", "zh_TW")
#: Catalogues made from another one rather than from the sources (after it, in LANGUAGES).
DERIVED = {"zh_TW": "zh_CN"}
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
    """Extract the strings of simfind/gui into the .ts file (or a copy of it at target);
    a derived catalogue is made from its source's committed one."""
    target = target or ts_file(language)
    if language in DERIVED:
        return derive_traditional(ts_file(DERIVED[language]), target)
    if target != ts_file(language) and ts_file(language).exists():
        shutil.copyfile(ts_file(language), target)
    sources = sorted(
        str(p) for root in SOURCES for p in (root.rglob("*.py") if root.is_dir() else [root])
    )
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


#: A reader's changes to s2twp's text, in order: (a regular expression for what OpenCC
#: writes, what Taiwan's software says).
TW_FIXES = (
    ("“", "「"),  # Taiwan's quotation marks
    ("”", "」"),
    ("頭髮 視為 頭髮", "頭髮 視為 头发"),  # the example of Traditional compared as Simplified
    ("型別", "類型"),  # a record's or a file's type, not a programming language's
    ("許可權", "權限"),  # a file's permissions
    ("進位制", "進位"),  # 十六進位, 二進位檔案
    ("回收站", "資源回收筒"),  # the Trash, as Windows names it in Taiwan
    ("撤銷", "復原"),  # Undo
    ("驅動器", "磁碟機"),  # a drive
    ("文本", "文字"),  # text
    ("幫助", "說明"),  # the Help menu and window
    ("查詢", "尋找"),  # find (s2twp's word for 查找 is a database's query)
    ("匹配", "符合"),  # files that match a pattern
    ("壓縮包", "壓縮檔"),  # an archive (zip, 7z)
    # A column is 欄 in Taiwan, where 列 is a row.
    ("^列$", "欄"),
    ("CSV 的一列", "CSV 的一欄"),
    ("CSV 列", "CSV 欄"),
    ("列(名|號|標題)", r"欄\1"),
    ("找不到列「", "找不到欄「"),
    ("現有的列", "現有的欄"),
)

_TRANSLATION = re.compile(r"(<translation[^>]*>)(.*?)(</translation>)", re.DOTALL)


@cache
def _s2twp() -> Any:
    import opencc  # only here: the build needs it, not the app

    return opencc.OpenCC("s2twp")


def traditional(text: str) -> str:
    """One translation in Traditional characters and Taiwan's words."""
    converted: str = _s2twp().convert(text)
    for wrong, right in TW_FIXES:
        converted = re.sub(wrong, right, converted)
    return converted


def derive_traditional(simplified: Path, target: Path) -> Path:
    """The zh_TW catalogue at ``target`` from the zh_CN one: the same messages, each
    translation converted (sources, comments and the file's layout as they are)."""
    text = simplified.read_text(encoding="utf-8")
    text = text.replace('language="zh_CN"', 'language="zh_TW"', 1)
    text = _TRANSLATION.sub(lambda m: m[1] + traditional(m[2]) + m[3], text)
    target.write_text(text, encoding="utf-8", newline="\n")
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

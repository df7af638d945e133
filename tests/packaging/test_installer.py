"""The Windows installer's script (packaging/windows/simfind.iss), read as Inno Setup reads it.

Inno Setup runs only on Windows, which this machine is not: these tests check the
script's content (its languages, that every message it shows has each language's
wording, the PATH option and its undoing), not a compiled installer. The workflow
compiles it on Windows (.github/workflows/bundles.yml).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "windows" / "simfind.iss"
LANGUAGES = ("en", "zh_CN", "zh_TW")


@pytest.fixture(scope="module")
def script() -> str:
    data = SCRIPT.read_bytes()
    # Without a byte-order mark, Inno Setup would read the Chinese as the system's code page.
    assert data.startswith(b"\xef\xbb\xbf")
    return data.decode("utf-8-sig")


def section(script: str, name: str) -> list[str]:
    """The lines of one [Section], comments and blank lines left out."""
    found = re.search(rf"^\[{name}\]\n(.*?)(?=^\[|\Z)", script, re.MULTILINE | re.DOTALL)
    assert found, name
    return [
        line for line in found.group(1).splitlines() if line.strip() and not line.startswith(";")
    ]


def test_english_simplified_and_traditional_chinese(script: str) -> None:
    names = [re.match(r'Name: "([^"]+)"', line) for line in section(script, "Languages")]
    assert [name.group(1) for name in names if name] == list(LANGUAGES)
    languages = "\n".join(section(script, "Languages"))
    assert "ChineseSimplified.isl" in languages and "ChineseTraditional.isl" in languages
    # Where the compiler lacks them, the workflow fetches both beside the script.
    workflow = (ROOT / ".github" / "workflows" / "bundles.yml").read_text(encoding="utf-8")
    assert '"ChineseSimplified.isl" = "' in workflow and '"ChineseTraditional.isl" = "' in workflow
    assert "packaging\\windows\\languages" in workflow


def test_every_message_it_shows_is_in_each_language(script: str) -> None:
    import opencc

    messages: dict[str, dict[str, str]] = {}
    for line in section(script, "CustomMessages"):
        key, text = line.split("=", 1)
        language, name = key.split(".")
        messages.setdefault(name, {})[language] = text
    used = set(re.findall(r"\{cm:(\w+)\}", script))
    assert used and used <= set(messages)
    for name, texts in messages.items():
        assert sorted(texts) == sorted(LANGUAGES), name
        # Simplified is Simplified, Traditional is Traditional, and they are not English.
        assert opencc.OpenCC("t2s").convert(texts["zh_CN"]) == texts["zh_CN"], name
        assert opencc.OpenCC("s2t").convert(texts["zh_TW"]) == texts["zh_TW"], name
        assert texts["zh_CN"] != texts["en"] and texts["zh_TW"] != texts["zh_CN"], name
    # No English left in the parts the user reads: every Description and ValueData shown
    # (the folder menu's label, the last page's check box) is a message.
    for line in section(script, "Run"):
        assert re.search(r'Description: "\{cm:\w+\}"', line), line
    assert 'ValueData: "Find near-duplicates' not in script
    # The text shown before installing says it in all three.
    unsigned = (ROOT / "packaging" / "windows" / "unsigned.txt").read_text(encoding="utf-8-sig")
    assert "not signed" in unsigned and "尚未签名" in unsigned and "尚未簽署" in unsigned


def test_an_option_puts_simfind_on_path_and_the_uninstaller_takes_it_off(script: str) -> None:
    tasks = section(script, "Tasks")
    (path,) = [line for line in tasks if line.startswith('Name: "path"')]
    assert "{cm:AddToPath}" in path and "Flags: unchecked" in path  # offered, not imposed
    assert re.search(r"^ChangesEnvironment=yes$", script, re.MULTILINE)
    entries = [line for line in section(script, "Registry") if 'ValueName: "Path"' in line]
    # The user's PATH for an installation for the user, the system's for all users; the
    # folder appended to what was there, once.
    assert {line.split(";")[0] for line in entries} == {"Root: HKCU", "Root: HKLM"}
    for line in entries:
        assert "Tasks: path" in line and 'ValueData: "{olddata};{app}"' in line, line
        assert "ValueType: expandsz" in line and "NotOnPath(ExpandConstant('{app}'))" in line
        assert "uninsdeletevalue" not in line  # that would delete the whole of PATH
    code = script[script.index("[Code]") :]
    assert "function NotOnPath(Folder: String): Boolean;" in code
    assert "procedure CurUninstallStepChanged" in code and "usPostUninstall" in code
    assert "RegWriteExpandStringValue(Root, Key, 'Path', Path)" in code
    # The folder on PATH holds the console program, so `simfind` runs in a terminal.
    assert 'Source: "{#Root}\\dist\\simfind\\*"; DestDir: "{app}"' in script

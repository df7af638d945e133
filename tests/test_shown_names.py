"""A name with a bidirectional override or a control character reads, in the report, as it
is spelt: "contract_<U+202E>txt.exe" is shown as contract_\\u202etxt.exe (as the terminal
shows it), never as "contract_exe.txt", in the title, the headings and the tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from simfind.cli import main
from tests.report_html import read_report
from tests.texts import EN_DOCS

#: Names whose characters would reorder or hide what follows them, as the test writes them.
OVERRIDE = "contract_\u202etxt.exe"
CONTROLS = "evil\x1b]0;owned\x07\u2067.txt"
#: The same names as they are shown: each such character as its escape.
SHOWN = {OVERRIDE: "contract_\\u202etxt.exe", CONTROLS: "evil\\x1b]0;owned\\x07\\u2067.txt"}
#: What no part of the page may hold: the characters themselves.
HIDDEN = ("\u202e", "\x1b", "\x07", "\u2067")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "bills"
    root.mkdir()
    for index, name in enumerate(SHOWN):
        (root / name).write_text(f"{EN_DOCS[0]} copy {index}\n", encoding="utf-8")
    return root


def test_the_report_of_a_pair_shows_the_names_as_they_are_spelt(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    target = tmp_path / "pair.html"
    assert main(["report", str(folder / OVERRIDE), str(folder / CONTROLS), "-o", str(target)]) == 0
    said = capsys.readouterr().err  # the terminal shows them so too
    assert SHOWN[OVERRIDE] in said and SHOWN[CONTROLS] in said
    text = target.read_text(encoding="utf-8")
    assert not any(char in text for char in HIDDEN)
    page = read_report(text)
    left, right = SHOWN[OVERRIDE], SHOWN[CONTROLS]
    assert page.title == f"Similarity report: {left} and {right}"
    assert page.headings[0] == page.title
    assert f"A: {left}" in page.headings and f"B: {right}" in page.headings
    assert page.row("Name") == [left, right]
    assert page.row("Path") == [f"{folder}/{left}", f"{folder}/{right}"]
    # Not the names themselves: their bytes say them exactly.
    exact = page.row("Path as bytes (hexadecimal)")
    assert [bytes.fromhex(h).decode() for h in exact] == [
        str(folder / OVERRIDE),
        str(folder / CONTROLS),
    ]


def test_the_report_of_a_group_shows_the_names_as_they_are_spelt(
    folder: Path, tmp_path: Path
) -> None:
    target = tmp_path / "group.html"
    assert main(["report", "--group", "1", str(folder), "-o", str(target), "--no-cache"]) == 0
    text = target.read_text(encoding="utf-8")
    assert not any(char in text for char in HIDDEN)
    page = read_report(text)
    members = [
        row[1] for row in page.rows if row[0] in ("1", "2") and row[-1] in ("A", "Comparison 2")
    ]
    assert sorted(members) == sorted(f"{folder}/{shown}" for shown in SHOWN.values())
    pair = next(h for h in page.headings if h.startswith("A: "))
    assert sorted(pair.removeprefix("A: ").split(" · B: ")) == sorted(SHOWN.values())

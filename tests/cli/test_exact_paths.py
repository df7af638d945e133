"""Every output writes a path so that a program reads it back as the file it names: a name
with a byte that is not UTF-8 and a name spelt with the four characters \\xff beside it
come back as two paths, each opening its own file, through JSON, CSV and workbooks of
scan, groups, versions, diff and records, and the report says the bytes too."""

from __future__ import annotations

import csv
import io
import json
import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from simfind.cli import main
from simfind.core.base.paths import path_from_fields
from tests.report_html import read_report
from tests.texts import EN_DOCS
from tests.workbook_read import read_workbook

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="names of bytes: POSIX")

#: The names: a byte that is not UTF-8; the four characters that display_path writes for
#: it; a name a spreadsheet would run as a formula; a plain one.
NAMES = {
    "byte": os.fsdecode(b"caf\xff.txt"),
    "spelt": "caf\\xff.txt",
    "formula": "=draft.txt",
    "plain": "notes.txt",
}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Four near-duplicates, each with a last word of its own (which file a path opens is
    read from the file itself), in the current folder: given as ".", they are written as
    their names, and "=draft.txt" starts with "=" as a cell of CSV."""
    root = tmp_path / "docs"
    root.mkdir()
    for key, name in NAMES.items():
        (root / name).write_text(f"{EN_DOCS[0]} {key}\n", encoding="utf-8")
    monkeypatch.chdir(root)
    return Path()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out = capsys.readouterr().out
    assert code in (0, 1), code  # diff: 1 when the texts differ
    return out


def opened(objects: Iterable[dict[str, Any]]) -> dict[str, Path]:
    """Each object's path read back, by the last word of the file it opens."""
    found: dict[str, Path] = {}
    for item in objects:
        path = path_from_fields(item)
        key = path.read_text(encoding="utf-8").split()[-1]
        assert key not in found, f"two rows open the file of {key!r}"
        found[key] = path
    return found


def expected(folder: Path) -> dict[str, Path]:
    return {key: folder / name for key, name in NAMES.items()}


def test_the_two_names_are_written_alike_as_text(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    """Why the bytes are needed: the byte and its spelling are one string in ``path``."""
    members = json.loads(run(capsys, "groups", str(folder), "--format", "json"))["groups"][0][
        "members"
    ]
    texts = [m["path"] for m in members if m["path"].endswith("caf\\xff.txt")]
    assert len(texts) == 2 and texts[0] == texts[1]
    assert sum("path_bytes" in m for m in members) == 2  # the byte's, and "=draft.txt"'s


def test_json_of_every_command_reads_back_as_the_files(capsys, folder: Path, tmp_path: Path):  # type: ignore[no-untyped-def]
    groups = json.loads(run(capsys, "groups", str(folder), "--format", "json"))["groups"]
    assert opened(groups[0]["members"]) == expected(folder)
    reference = str(folder / NAMES["byte"])
    scanned = json.loads(run(capsys, "scan", reference, str(folder), "--format", "json"))
    assert opened(scanned) == expected(folder)
    versions = json.loads(run(capsys, "versions", str(folder), "--format", "json"))
    assert opened(versions[0]["versions"]) == expected(folder)
    spelt = str(folder / NAMES["spelt"])
    pair = json.loads(run(capsys, "diff", reference, spelt, "--format", "json"))
    assert opened([pair["left"], pair["right"]]) == {
        "byte": folder / NAMES["byte"],
        "spelt": folder / NAMES["spelt"],
    }
    lines = json.loads(run(capsys, "groups", str(folder), "--records", "lines", "--format", "json"))
    assert opened(lines[0]["members"]) == expected(folder)
    query = ["scan", "--text", EN_DOCS[0], str(folder), "--records", "lines"]
    ranked = json.loads(run(capsys, *query, "--format", "json"))
    assert opened(ranked) == expected(folder)


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_reads_back_as_the_files(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    rows = csv_rows(run(capsys, "groups", str(folder), "--format", "csv"))
    assert opened(rows) == expected(folder)
    formula = next(r for r in rows if r["path"].endswith("=draft.txt"))
    assert formula["path"].startswith("'")  # guarded: no spreadsheet runs it; the bytes say it
    reference = str(folder / NAMES["plain"])
    assert opened(csv_rows(run(capsys, "scan", reference, str(folder), "--format", "csv"))) == (
        expected(folder)
    )
    records = run(capsys, "groups", str(folder), "--records", "lines", "--format", "csv")
    assert opened(csv_rows(records)) == expected(folder)


def test_workbooks_read_back_as_the_files(capsys, folder: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "out"  # beside the folder searched
    out.mkdir()
    for name, argv in (
        ("groups.xlsx", ["groups", str(folder)]),
        ("lines.xlsx", ["groups", str(folder), "--records", "lines"]),
    ):
        run(capsys, *argv, "-q", "-o", str(out / name))
        (sheet,) = read_workbook(out / name)
        header = sheet.row(1)
        rows = [dict(zip(header, sheet.row(n), strict=False)) for n in range(2, 6)]
        assert opened(rows) == expected(folder)


def test_the_report_gives_the_bytes_of_a_name_it_cannot_show_as_it_is(
    capsys: pytest.CaptureFixture[str], folder: Path, tmp_path: Path
) -> None:
    target = tmp_path / "pair.html"
    byte, spelt = folder / NAMES["byte"], folder / NAMES["spelt"]
    assert main(["report", str(byte), str(spelt), "-o", str(target)]) == 0
    page = read_report(target.read_text(encoding="utf-8"))
    assert [Path(p).name for p in page.row("Path")] == ["caf\\xff.txt"] * 2  # alike as text
    left, right = page.row("Path as bytes (hexadecimal)")
    assert right == "" and opened([{"path": "", "path_bytes": left}]) == {"byte": byte.absolute()}
    plain = tmp_path / "plain.html"
    assert main(["report", str(folder / NAMES["plain"]), str(spelt), "-o", str(plain)]) == 0
    assert not any(r[0] == "Path as bytes (hexadecimal)" for r in read_report(
        plain.read_text(encoding="utf-8")).rows)  # fmt: skip

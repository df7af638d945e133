"""`simfind scan` and `simfind groups` with documents: the format field, --text-only, skip lines."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from simfind.cli import main
from tests.places import TESTS
from tests.texts import ZH_DOCS

DOCUMENTS = TESTS / "data" / "documents"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "mixed"
    root.mkdir()
    for name in ("zh.docx", "zh.pdf", "zh.odt", "zh.html", "en.epub", "zh.doc"):
        shutil.copyfile(DOCUMENTS / name, root / name)
    shutil.copyfile(DOCUMENTS / "en-encrypted.pdf", root / "locked.pdf")
    for index, text in enumerate(ZH_DOCS[:3]):
        (root / f"笔记{index}.txt").write_text(text, encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_and_csv_say_what_each_text_was_taken_from(capsys, folder: Path) -> None:
    code, out, err = run(capsys, "scan", str(folder / "zh.docx"), str(folder), "--format", "json")
    assert code == 0
    rows = json.loads(out)
    formats = {Path(r["path"]).name: r["format"] for r in rows}
    assert formats == {
        "zh.docx": "docx",
        "zh.pdf": "pdf",
        "zh.odt": "odt",
        "zh.html": "html",
        "en.epub": "epub",
        "笔记0.txt": "text",
        "笔记1.txt": "text",
        "笔记2.txt": "text",
    }
    assert list(rows[0]).index("format") == list(rows[0]).index("encoding") + 1
    assert "zh.doc: legacy Word format: save it as .docx" in err
    assert "locked.pdf: password-protected or encrypted (PDF)" in err
    code, out, _ = run(capsys, "scan", str(folder / "zh.docx"), str(folder), "--format", "csv")
    records = list(csv.DictReader(io.StringIO(out)))
    assert {Path(r["path"]).name: r["format"] for r in records} == formats


def test_the_table_shows_the_format(capsys, folder: Path) -> None:
    code, out, _ = run(capsys, "scan", str(folder / "zh.pdf"), str(folder), "--format", "table")
    assert code == 0
    header, first = out.splitlines()[:2]
    assert "FORMAT" in header
    assert first.split()[-2] == "pdf"  # the reference: no encoding to show
    assert first.endswith("zh.pdf")


def test_text_only_in_scan_and_groups(capsys, folder: Path) -> None:
    code, out, err = run(
        capsys, "scan", str(folder / "笔记0.txt"), str(folder), "--text-only", "--format", "json"
    )
    assert code == 0
    assert {r["format"] for r in json.loads(out)} == {"text"}
    assert "zh.docx: a document (Word), which --text-only leaves out" in err
    # The PDF's text (its footer line read first) lies 15-19 bits
    # from the other formats' with the fingerprints of issue 17.
    loose = ("--max-distance", "24")
    code, out, err = run(capsys, "groups", str(folder), *loose, "--format", "json")
    assert code == 0
    members = [m for group in json.loads(out)["groups"] for m in group["members"]]
    assert {"docx", "pdf", "odt"} <= {m["format"] for m in members}
    (folder / "副本.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    code, out, err = run(capsys, "groups", str(folder), *loose, "--text-only", "--format", "json")
    members = [m for group in json.loads(out)["groups"] for m in group["members"]]
    assert members and all(m["format"] == "text" for m in members)


def test_a_document_reference_that_cannot_be_read_finds_its_copies(capsys, folder: Path) -> None:
    code, out, err = run(capsys, "scan", str(folder / "locked.pdf"), str(folder), "--format", "csv")
    assert code == 0, err
    assert "the reference is no text (password-protected or encrypted" in err.splitlines()[-1]
    assert out.splitlines()[1].split(",")[0].endswith("locked.pdf")  # itself, the reference
    code, _, err = run(capsys, "scan", str(folder / "locked.pdf"), str(folder), "--text-only")
    assert code == 2  # plain text files alone asked for: refused, as it was
    assert "is a document (PDF); --text-only reads plain text only" in err

"""A Word part parsed whole (ooxml._tree_lines) gives the lines the streaming reader
(ooxml._paragraphs) gives: on the documents LibreOffice made, and on markup that
tests each rule (rows, text boxes and their fallback copies, notes, stray text)."""

from __future__ import annotations

import zipfile

import pytest

from simfind.core.text.documents import extract, ooxml
from simfind.core.text.documents.guards import Budget, Limits, iter_xml, parse_xml
from tests.places import TESTS

DOCUMENTS = TESTS / "data" / "documents"
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def both(xml: bytes, notes: bool = False) -> tuple[list[str], list[str]]:
    budget = Budget(Limits())
    streamed = list(
        ooxml._paragraphs(iter_xml(xml, "docx", budget, ooxml._WORD.read), ooxml._WORD, notes)
    )
    whole = ooxml._tree_lines(parse_xml(xml, "docx"), ooxml._WORD, budget, notes)
    return streamed, whole


@pytest.mark.parametrize("name", ["zh.docx", "en.docx"])
def test_every_part_of_real_documents_reads_alike(name: str) -> None:
    with zipfile.ZipFile(DOCUMENTS / name) as package:
        parts = [n for n in package.namelist() if n.startswith("word/") and n.endswith(".xml")]
        for part in parts:
            xml = package.read(part)
            notes = "footnotes" in part or "endnotes" in part
            streamed, whole = both(xml, notes)
            assert whole == streamed, part


def test_rows_boxes_fallbacks_notes_and_stray_text_read_alike() -> None:
    def p(text: str, inner: str = "") -> str:
        return f"<w:p><w:r><w:t>{text}</w:t>{inner}</w:r></w:p>"

    box = f"<w:txbxContent>{p('in the box')}{p('box two')}</w:txbxContent>"
    anchored = (
        "<w:p><w:r><mc:AlternateContent><mc:Choice>"
        f"{box}</mc:Choice><mc:Fallback>{p('fallback copy')}</mc:Fallback>"
        "</mc:AlternateContent></w:r><w:r><w:t>after the box</w:t><w:tab/>"
        '<w:sym w:char="263A"/><w:noBreakHyphen/><w:br/><w:t>end</w:t></w:r></w:p>'
    )
    nested_table = f"<w:tbl><w:tr><w:tc>{p('x')}</w:tc><w:tc>{p('y')}</w:tc></w:tr></w:tbl>"
    row = f"<w:tr><w:tc>{p('a')}{p('b')}</w:tc><w:tc>{p('')}{nested_table}{p('c')}</w:tc></w:tr>"
    body = (
        f"<w:t>stray before</w:t>{p('first')}<w:tbl>{row}</w:tbl>{anchored}"
        f"<w:p><w:t>direct</w:t><w:p><w:r><w:t>nested</w:t></w:r></w:p><w:t>more</w:t></w:p>"
        f"<w:r><w:t>stray after</w:t></w:r>{p('last')}"
    )
    xml = f'<w:document xmlns:w="{W}" xmlns:mc="{MC}"><w:body>{body}</w:body></w:document>'
    streamed, whole = both(xml.encode())
    assert whole == streamed
    assert "fallback copy" not in "".join(whole) and "in the box" in whole
    notes = (
        f'<w:footnotes xmlns:w="{W}"><w:footnote w:type="separator">{p("---")}</w:footnote>'
        f'<w:footnote w:id="1">{p("a note")}</w:footnote></w:footnotes>'
    )
    streamed, whole = both(notes.encode(), notes=True)
    assert whole == streamed == ["a note"]
    fallback_root = f'<mc:Fallback xmlns:mc="{MC}" xmlns:w="{W}">{p("gone")}</mc:Fallback>'
    assert both(fallback_root.encode()) == ([], [])


def test_a_part_past_the_whole_size_streams_and_reads_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = (DOCUMENTS / "zh.docx").read_bytes()
    whole = extract("zh.docx", data)
    monkeypatch.setattr(ooxml, "WHOLE_PART_BYTES", 0)
    called: list[bool] = []

    def whole_read(*args: object) -> list[str]:
        called.append(True)
        return []

    monkeypatch.setattr(ooxml, "_tree_lines", whole_read)
    streamed = extract("zh.docx", data)
    assert not called
    assert whole is not None and streamed is not None and whole.text == streamed.text

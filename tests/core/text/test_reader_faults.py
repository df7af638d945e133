"""A reader's fault skips its document and never ends a run (issue 28, hostile files 3)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.base.errors import NotTextError, SkipCause, SkipReason
from simfind.core.text.documents import extract, rtf

WORD = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def docx_with_symbol(code: str) -> bytes:
    document = (
        f'<?xml version="1.0"?><w:document xmlns:w="{WORD}"><w:body><w:p><w:r>'
        f'<w:t>before the symbol</w:t><w:sym w:font="Wingdings" w:char="{code}"/>'
        "<w:t> after it</w:t></w:r></w:p></w:body></w:document>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", document)
    return buffer.getvalue()


@pytest.mark.parametrize("number", ["1114112", "65536", "-99999"])
def test_an_rtf_unicode_escape_naming_no_character_is_left_out(number: str) -> None:
    found = extract("odd.rtf", rb"{\rtf1\ansi\uc0\u" + number.encode() + rb" hello world}")
    assert found is not None and found.text == "hello world"


@pytest.mark.parametrize("code", ["FFFFFFFFFFFFFFFFFFFFFFFF", "110000", "zz"])
def test_a_word_symbol_naming_no_character_is_left_out(code: str) -> None:
    found = extract("odd.docx", docx_with_symbol(code))
    assert found is not None and found.text == "before the symbol after it"


def test_a_word_symbol_is_read() -> None:
    found = extract("sym.docx", docx_with_symbol("F04A"))
    assert found is not None and found.text == "before the symbol\uf04a after it"


@pytest.fixture
def broken_rtf_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader with a bug of a kind not yet met: it raises what no reader is meant to."""

    def read_rtf(data: bytes, budget: object) -> str:
        raise KeyError("a bug")

    monkeypatch.setattr(rtf, "read_rtf", read_rtf)


def test_any_exception_of_a_reader_is_the_documents_skip_reason(broken_rtf_reader: None) -> None:
    with pytest.raises(NotTextError) as caught:
        extract("a.rtf", rb"{\rtf1 hello}")
    assert caught.value.reason is SkipReason.ERROR
    detail = caught.value.detail
    assert detail is not None and detail.cause is SkipCause.EXCEPTION
    assert (detail.error, detail.format) == ("KeyError: 'a bug'", "rtf")


def test_a_reader_fault_ends_no_command(
    broken_rtf_reader: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "letter.rtf").write_bytes(rb"{\rtf1 dear friend, the meeting is on monday}")
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text("the meeting is on monday at ten\n", encoding="utf-8")
    assert main(["scan", str(folder / "a.txt"), str(folder), "--jobs", "1"]) == 0
    _, err = capsys.readouterr()
    assert "letter.rtf: unexpected error (KeyError: 'a bug')" in err
    # As the reference: a usage error in one line, not a traceback.
    assert main(["scan", str(folder / "letter.rtf"), str(folder), "--jobs", "1"]) == 2
    _, err = capsys.readouterr()
    assert "Traceback" not in err and "letter.rtf" in err and "KeyError" in err
    arguments = ["groups", str(folder), "--records", "lines", "--jobs", "1", "--format", "csv"]
    assert main(arguments) == 0
    out, err = capsys.readouterr()
    assert "a.txt" in out and "b.txt" in out
    assert "letter.rtf" in err and "Traceback" not in err

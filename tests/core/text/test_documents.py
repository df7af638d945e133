"""Documents made by real office software (tests/data/documents): their text, in reading order."""

from __future__ import annotations

import pytest

from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.compare.verify import comparable, similarity
from simfind.core.text.documents import DocumentFormat, detect, extract
from simfind.core.text.features import FeatureSettings
from tests.places import TESTS

DOCUMENTS = TESTS / "data" / "documents"
FORMATS = {
    ".docx": DocumentFormat.DOCX,
    ".odt": DocumentFormat.ODT,
    ".pdf": DocumentFormat.PDF,
    ".html": DocumentFormat.HTML,
    ".epub": DocumentFormat.EPUB,
    ".rtf": DocumentFormat.RTF,
}
SLIDES = {
    ".pptx": DocumentFormat.PPTX,
    ".odp": DocumentFormat.ODP,
    ".pdf": DocumentFormat.PDF,
}
#: What each source (zh.txt, en.txt) holds: its body, a table row, the footnote,
#: the text box, the page header, and the review comment that must stay out.
ZH = {
    "body": "城东图书馆在老纺织厂的旧址上改建而成，去年春天正式开放。原来的厂房很高，"
    "屋顶上有一排排天窗，改成阅览室以后，白天几乎不用开灯。",
    "row": "借出图书 十二万册",
    "note": "统计时间截至十二月三十一日",
    "box": "节假日照常开放",
    "header": "城东图书馆年度报告",
    "comment": "审阅意见",
}
EN = {
    "body": "A wheel that wobbles from side to side usually has a loose spoke; tightening it "
    "is straightforward, but uneven tension can make things considerably worse",
    "row": "Brakes month ten",
    "note": "Also called Allen keys",
    "box": "Safety first",
    "header": "Bicycle Maintenance Notes",
    "comment": "torque figures",
}


def text_of(name: str) -> str:
    found = extract(name, (DOCUMENTS / name).read_bytes())
    assert found is not None
    return found.text


@pytest.mark.parametrize("suffix", list(FORMATS))
@pytest.mark.parametrize(("lang", "facts"), [("zh", ZH), ("en", EN)])
def test_every_format_gives_body_tables_notes_and_boxes_but_not_comments(
    suffix: str, lang: str, facts: dict[str, str]
) -> None:
    found = extract(f"{lang}{suffix}", (DOCUMENTS / f"{lang}{suffix}").read_bytes())
    assert found is not None
    assert found.format is FORMATS[suffix]
    text = found.text
    # A paragraph is one line: PDF lines are joined (no space inside Chinese, none
    # left from hyphenation), Word's and OpenDocument's runs too.
    assert any(facts["body"] in line for line in text.splitlines()), text
    for part in ("row", "note", "box"):
        assert facts[part] in text, (part, text)
    assert facts["comment"] not in text
    if suffix not in (".html", ".epub"):  # pandoc's pages have no page header
        assert facts["header"] in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_all_formats_of_one_text_read_alike(lang: str) -> None:
    settings = FeatureSettings()
    word = comparable(text_of(f"{lang}.docx"), settings)
    for suffix in FORMATS:
        other = comparable(text_of(f"{lang}{suffix}"), settings)
        assert similarity(word, other, settings) > 0.9, suffix


def test_pdf_page_furniture_appears_once_and_page_numbers_not_at_all() -> None:
    zh, en = text_of("zh.pdf"), text_of("en.pdf")
    assert zh.count(ZH["header"]) == 1
    assert en.count(EN["header"]) == 1
    assert "第 1 页" not in zh and "第 2 页" not in zh
    assert "Page 1" not in en and "Page 2" not in en


def test_pdf_hyphenation_is_joined() -> None:
    # LibreOffice hyphenated the English PDF (A6 pages): PDFium marks the breaks.
    text = text_of("en.pdf")
    for word in ("usually", "straightforward", "considerably", "outlast"):
        assert word in text
    assert "\ufffe" not in text
    # A real hyphen at the end of a page stays ("high-pitched" runs over a footnote).
    assert "high-" in text


def test_slides_read_in_order_without_speaker_notes() -> None:
    for suffix, kind in SLIDES.items():
        found = extract(f"zh-slides{suffix}", (DOCUMENTS / f"zh-slides{suffix}").read_bytes())
        assert found is not None and found.format is kind
        lines = found.text.splitlines()
        first = lines.index("城东图书馆在老纺织厂的旧址上改建而成，去年春天正式开放。")
        later = lines.index("图书馆也遇到过不少困难。")
        assert first < later
        assert ZH["comment"] not in found.text


def test_web_pages_lose_scripts_and_styles() -> None:
    for lang in ("zh", "en"):
        text = text_of(f"{lang}.html")
        assert "tracking" not in text and "not text" not in text
        assert "hidden-style-rule" not in text


@pytest.mark.parametrize("name", ["zh.doc", "en.doc"])
def test_legacy_word_files_are_skipped_with_advice(name: str) -> None:
    with pytest.raises(NotTextError) as caught:
        extract(name, (DOCUMENTS / name).read_bytes())
    assert caught.value.reason is SkipReason.LEGACY_FORMAT
    assert caught.value.detail == SkipDetail(SkipCause.OLD_FORMAT, format="doc")


@pytest.mark.parametrize("name", ["en-encrypted.pdf", "en-encrypted.docx"])
def test_password_protected_documents_are_skipped_as_encrypted(name: str) -> None:
    with pytest.raises(NotTextError) as caught:
        extract(name, (DOCUMENTS / name).read_bytes())
    assert caught.value.reason is SkipReason.ENCRYPTED


def test_the_bytes_decide_the_format_not_the_name() -> None:
    pdf = (DOCUMENTS / "en.pdf").read_bytes()
    assert detect("renamed.txt", pdf) is DocumentFormat.PDF
    assert detect("report.docx", (DOCUMENTS / "en.odt").read_bytes()) is DocumentFormat.ODT
    # Text that merely mentions a PDF header, or looks like nothing, stays text.
    assert detect("writer.py", b'out.write(b"%PDF-1.4")\n') is None
    assert detect("notes.txt", "纯文本".encode()) is None
    assert detect("empty.docx", b"") is None
    with pytest.raises(NotTextError) as caught:
        detect("report.docx", b"this is not a zip file at all")
    assert caught.value.reason is SkipReason.CORRUPT

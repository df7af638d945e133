"""The readers one by one, on inputs written the way other software writes them."""

from __future__ import annotations

import io
import zipfile

import pytest

from simfind.core.text.documents import DocumentFormat, extract
from simfind.core.text.documents.guards import Budget, Limits
from simfind.core.text.documents.html import decode_html, html_lines
from simfind.core.text.documents.rtf import read_rtf


def rtf(body: str) -> str:
    return read_rtf(body.encode("latin-1"), Budget(Limits()))


def test_rtf_from_word_in_gbk_bytes() -> None:
    # Chinese Word and WordPad write \'hh bytes in the document's ANSI code page (936).
    word = "中文文档，测试。"
    escaped = "".join(f"\\'{b:02x}" for b in word.encode("gbk"))
    text = rtf(
        r"{\rtf1\ansi\ansicpg936\deff0{\fonttbl{\f0\fnil\fcharset134 \'cb\'ce\'cc\'e5;}}"
        rf"\f0\fs24 {escaped}\par}}"
    )
    assert text == word


def test_rtf_big5_font_charset_and_a_trail_byte_written_as_a_character() -> None:
    # Big5 "許" is A5 5C: its second byte is a backslash, written escaped as \\.
    word = "許可證"
    raw = word.encode("big5")
    escaped = ""
    for byte in raw:
        escaped += "\\\\" if byte == 0x5C else f"\\'{byte:02x}" if byte > 0x7F else chr(byte)
    assert raw[1] == 0x5C
    text = rtf(
        r"{\rtf1\ansi\ansicpg1252{\fonttbl{\f1\fnil\fcharset136 PMingLiU;}}"
        + rf"\f1 {escaped}\par}}"
    )
    assert text == word


def test_rtf_unicode_with_fallbacks_headers_footnotes_and_boxes() -> None:
    text = rtf(
        r"{\rtf1\ansi{\fonttbl{\f0 Arial;}}"
        r"{\header \pard Running head\par}"
        r"{\footer \pard Page {\field{\*\fldinst PAGE}{\fldrslt 3}}\par}"
        r"\pard Before \uc2\u20013\'3f\'3f\u25991\'3f\'3f after"
        r"{\super\chftn{\*\footnote \pard\plain A note.\par}}.\par"
        r"\pard{\*\annotation A comment.}{\*\atnauthor Someone} Body goes on.\par"
        r"{\shp{\*\shpinst{\sp{\sn shapeType}{\sv 202}}{\shptxt \pard Boxed text\par}}"
        r"{\shprslt Boxed text fallback}}"
        r"\pard Cell one\cell Cell two\cell\row"
        r"\pard Escapes: \{braces\} and \\ backslash, a\~space, \bin3 {}} done\par}"
    )
    lines = text.splitlines()
    assert lines[0] == "Running head"
    assert "Before 中文 after." in lines
    assert "Boxed text" in lines
    assert "Cell one Cell two" in lines
    assert any(
        line.startswith("Escapes: {braces} and \\ backslash, a\u00a0space,") for line in lines
    )
    assert lines[-2:] == ["A note.", "Page 3"]
    assert "comment" not in text and "Someone" not in text and "fallback" not in text


def test_rtf_that_never_closes_or_nests_deeply_still_reads() -> None:
    assert rtf(r"{\rtf1 unclosed \par text") == "unclosed\ntext"
    assert rtf(r"{\rtf1 " + "{" * 50_000 + "deep" + "}" * 50_000 + "}") == "deep"


def test_html_declared_charset_is_honoured() -> None:
    page = (
        '<html><head><meta charset="gb2312"><title>标题</title></head>'
        "<body><p>简体中文网页</p></body></html>"
    )
    assert decode_html(page.encode("gbk")) == page
    legacy = '<meta http-equiv="Content-Type" content="text/html; charset=big5"><p>繁體中文網頁</p>'
    assert decode_html(legacy.encode("big5")) == legacy
    assert decode_html(b"\xef\xbb\xbf<p>\xe4\xb8\xad</p>") == "<p>中</p>"


def test_html_without_a_declaration_is_detected() -> None:
    page = (
        "<html><body><p>"
        + "这是一个没有声明编码的旧网页，用国标码保存。" * 5
        + "</p></body></html>"
    )
    assert decode_html(page.encode("gbk")) == page


def test_html_text_as_a_browser_shows_it() -> None:
    lines = html_lines(
        "<html><head><title>not shown</title><style>p{}</style></head><body>"
        "<script>var x = 1;</script><h1>Title</h1>"
        "<p>中文段落在源码里\n换行了，English text\nwraps with a space.</p>"
        "<div hidden>hidden text</div><noscript>enable js</noscript>"
        "<ul><li>one</li><li>two <b>bold</b></li></ul>"
        "<table><tr><td>a</td><td>b</td></tr><tr><td>中</td>\n<td>文</td></tr></table>"
        "<pre>line 1\nline 2</pre>first<br>second</body></html>"
    )
    assert [line for line in lines if line] == [
        "Title",
        "中文段落在源码里换行了，English text wraps with a space.",
        "one",
        "two bold",
        "a b",
        "中 文",
        "line 1",
        "line 2",
        "first",
        "second",
    ]


def test_html5_blocks_end_the_paragraph_they_begin_in() -> None:
    # libxml2 knows HTML 4's elements, not <details> or <section>, and nests them in the
    # <p>; a browser (and HTML5's parser, as lexbor was) ends the paragraph before them.
    # Rust's COPYRIGHT.html read "Notices: LICENSE-APACHE" as one line.
    lines = html_lines(
        "<p><b>Notices:</b> <details><summary><code>LICENSE-APACHE</code></summary>"
        "<pre>text\nof it</pre></details> after</p><p>next</p>"
        "<div>a <section>b</section> c</div><script>x()</script><p hidden>no</p>tail"
    )
    assert [line for line in lines if line] == [
        "Notices:",
        "LICENSE-APACHE",
        "text",
        "of it",
        "after",
        "next",
        "a b",  # as before: a block ends the line after it, not before
        "c",
        "tail",
    ]


def zipped(members: dict[str, bytes | str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def epub(spine: list[str], chapters: dict[str, str], nav: bool = True) -> bytes:
    items = "".join(
        f'<item id="{name}" href="text/{name}.xhtml" media-type="application/xhtml+xml"/>'
        for name in chapters
    )
    if nav:
        items += (
            '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
        )
    refs = "".join(f'<itemref idref="{name}"/>' for name in spine)
    members: dict[str, bytes | str] = {
        "mimetype": "application/epub+zip",
        "META-INF/container.xml": '<?xml version="1.0"?><container version="1.0" '
        'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
        '<rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/>'
        "</rootfiles></container>",
        "OEBPS/book.opf": '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" '
        f'version="3.0"><manifest>{items}</manifest><spine>{refs}'
        + ('<itemref idref="nav"/>' if nav else "")
        + "</spine></package>",
        "OEBPS/nav.xhtml": "<html><body><nav><ol><li>Contents</li></ol></nav></body></html>",
    }
    for name, text in chapters.items():
        members[f"OEBPS/text/{name}.xhtml"] = (
            f'<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
            f"<head><title>{name}</title></head><body><p>{text}</p></body></html>"
        )
    return zipped(members)


def test_epub_chapters_follow_the_spine_not_the_manifest() -> None:
    book = epub(["c2", "c1"], {"c1": "第一章的内容", "c2": "第二章排在前面"})
    found = extract("book.epub", book)
    assert found is not None and found.format is DocumentFormat.EPUB
    assert found.text.splitlines() == ["第二章排在前面", "第一章的内容"]  # no "Contents"


@pytest.mark.parametrize("suffix", [".docx", ".odt", ".pptx", ".odp", ".epub", ".pdf", ".rtf"])
def test_a_document_that_is_not_what_its_name_says_is_damaged(suffix: str) -> None:
    from simfind.core.base.errors import NotTextError, SkipReason

    with pytest.raises(NotTextError) as caught:
        extract(f"file{suffix}", b"\x89PNG\r\n\x1a\n" + bytes(200))
    assert caught.value.reason is SkipReason.CORRUPT

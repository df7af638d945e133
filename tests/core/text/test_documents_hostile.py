"""Hostile documents, built here at run time: each is refused with its own reason, fast.

Bombs are built against small caps (``Limits``) so that the tests stay quick:
what is checked is that the reader stops at the cap before inflating past it.
"""

from __future__ import annotations

import contextlib
import io
import random
import struct
import threading
import time
import zipfile
import zlib
from collections.abc import Iterator

import pytest
from lxml import etree

from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.text.documents import ExtractionCancelled, Limits, extract
from tests.places import TESTS

DOCUMENTS = TESTS / "data" / "documents"
MiB = 1024 * 1024

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE d [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:body><w:p><w:r><w:t>&secret;</w:t></w:r></w:p></w:body></w:document>"""

WORD_XML = (
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/'
    'wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>{}</w:t></w:r></w:p></w:body></w:document>'
)


def refused(name: str, data: bytes, limits: Limits | None = None) -> NotTextError:
    with pytest.raises(NotTextError) as caught:
        extract(name, data, limits or Limits())
    return caught.value


def docx(document: bytes | str, extra: dict[str, bytes] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", document)
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_part_declared_larger_than_the_cap_is_not_inflated() -> None:
    # 8 MiB of one character: deflate packs it about 1,000:1.
    bomb = docx(WORD_XML.format("a" * (8 * MiB)))
    assert len(bomb) < 64 * 1024
    error = refused("bomb.docx", bomb, Limits(max_part_bytes=4 * MiB))
    assert error.reason is SkipReason.ZIP_BOMB
    assert error.detail == SkipDetail(
        SkipCause.PART_TOO_LARGE, size=error.detail.size, limit=4 * MiB, format="docx"
    )
    assert error.detail.size > 8 * MiB
    # Under the default caps the same part is refused for its compression ratio.
    assert refused("bomb.docx", bomb).reason is SkipReason.ZIP_BOMB


def test_a_part_that_lies_about_its_size_stops_at_the_declared_size() -> None:
    honest = docx(WORD_XML.format("b" * (2 * MiB)))
    # Rewrite the declared (uncompressed) size of word/document.xml to 1,000 bytes.
    liar = bytearray(honest)
    name = b"word/document.xml"
    local = liar.index(b"PK\x03\x04" + liar[4:6], liar.index(b"PK\x03\x04", 1))
    assert liar[local + 30 : local + 30 + len(name)] == name
    struct.pack_into("<I", liar, local + 22, 1000)
    central = liar.index(b"PK\x01\x02" + liar[4:4], liar.index(b"PK\x01\x02") + 1)
    assert liar[central + 46 : central + 46 + len(name)] == name
    struct.pack_into("<I", liar, central + 24, 1000)
    started = time.monotonic()
    error = refused("liar.docx", bytes(liar))
    assert error.reason in (SkipReason.CORRUPT, SkipReason.ZIP_BOMB)
    assert time.monotonic() - started < 5


def test_too_many_members_is_a_zip_bomb() -> None:
    members = {f"word/media/part{i}.xml": b"<x/>" for i in range(60)}
    error = refused("many.docx", docx(WORD_XML.format("text"), members), Limits(max_members=50))
    assert error.reason is SkipReason.ZIP_BOMB
    assert error.detail == SkipDetail(SkipCause.TOO_MANY_PARTS, size=62, limit=50, format="docx")


def test_a_zip_listing_too_many_members_is_refused_before_any_zip_reader_parses_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A million members: zipfile took 15 s and 660 MB to list them, twice, before the cap.
    members = {f"m{i}": b"" for i in range(300)}
    data = docx(WORD_XML.format("text"), members)
    commented = data[:-2] + (40_000).to_bytes(2, "little") + b"c" * 40_000  # a long comment
    opened: list[object] = []
    real = zipfile.ZipFile
    monkeypatch.setattr(zipfile, "ZipFile", lambda *a, **k: opened.append(a) or real(*a, **k))
    for bomb in (data, commented):
        error = refused("many.docx", bomb, Limits(max_members=100))
        assert error.detail == SkipDetail(
            SkipCause.TOO_MANY_PARTS, size=302, limit=100, format="docx"
        )
    assert opened == []
    found = extract("many.docx", commented, Limits(max_members=400))
    assert found is not None and found.text == "text"


def test_all_parts_together_are_capped() -> None:
    chapters = {f"word/footnotes{i}.xml": WORD_XML.format("c" * 200_000).encode() for i in range(4)}
    rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="r{i}" Type="http://x/footnotes" Target="footnotes{i}.xml"/>'
            for i in range(4)
        )
        + "</Relationships>"
    )
    document = docx(
        WORD_XML.format("body"), {**chapters, "word/_rels/document.xml.rels": rels.encode()}
    )
    error = refused("total.docx", document, Limits(max_total_bytes=500_000))
    assert error.reason is SkipReason.ZIP_BOMB
    assert error.detail is not None and error.detail.cause is SkipCause.UNPACKED_TOO_LARGE
    assert error.detail.size > error.detail.limit == 500_000


@pytest.mark.parametrize("xml", [BILLION_LAUGHS, EXTERNAL_ENTITY])
def test_entity_declarations_are_refused_not_expanded(xml: bytes) -> None:
    started = time.monotonic()
    error = refused("laughs.docx", docx(xml))
    assert error.reason is SkipReason.XML_BOMB
    assert time.monotonic() - started < 2


def test_entities_in_an_odt_or_an_epub_package_are_refused_too() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr("content.xml", BILLION_LAUGHS)
    assert refused("laughs.odt", buffer.getvalue()).reason is SkipReason.XML_BOMB
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/epub+zip")
        archive.writestr("META-INF/container.xml", EXTERNAL_ENTITY)
    assert refused("laughs.epub", buffer.getvalue()).reason is SkipReason.XML_BOMB


def test_an_encrypted_zip_member_is_encrypted() -> None:
    data = bytearray(docx(WORD_XML.format("secret text")))
    # Set the "encrypted" flag of every member, as a zip tool with a password does.
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (start := data.find(signature, start)) >= 0:
            flags = struct.unpack_from("<H", data, start + offset)[0]
            struct.pack_into("<H", data, start + offset, flags | 1)
            start += 4
    assert refused("locked.docx", bytes(data)).reason is SkipReason.ENCRYPTED


def test_a_password_protected_odt_is_encrypted() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text")
        archive.writestr(
            "META-INF/manifest.xml",
            "<manifest:manifest "
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            '<manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/>'
            "</manifest:file-entry></manifest:manifest>",
        )
        archive.writestr("content.xml", bytes(range(256)) * 4)
    assert refused("locked.odt", buffer.getvalue()).reason is SkipReason.ENCRYPTED


def test_an_epub_with_drm_is_encrypted() -> None:
    from tests.core.text.test_document_readers import epub

    book = bytearray(epub(["c1"], {"c1": "text"}))
    with zipfile.ZipFile(io.BytesIO(bytes(book))) as archive:
        members = {n: archive.read(n) for n in archive.namelist()}
    members["META-INF/encryption.xml"] = (
        b'<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
        b'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData>'
        b'<enc:CipherReference URI="OEBPS/text/c1.xhtml"/></enc:CipherData></enc:EncryptedData>'
        b"</encryption>"
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    assert refused("drm.epub", buffer.getvalue()).reason is SkipReason.ENCRYPTED


# A minimal PDF writer: pages with given content streams, Helvetica, optional images.
def pdf(streams: list[bytes], image: bool = False) -> bytes:
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(len(streams)))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {len(streams)} >>".encode())
    font = 3 + 2 * len(streams)
    picture = font + 1
    for index, stream in enumerate(streams):
        xobject = f"/XObject << /Im1 {picture} 0 R >>" if image else ""
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << "
            f"/F1 {font} 0 R >> {xobject} >> /Contents {4 + 2 * index} 0 R >>".encode()
        )
        body = zlib.compress(stream)
        objects.append(
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream"
        )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    pixels = bytes(range(256)) * 64
    objects.append(
        b"<< /Type /XObject /Subtype /Image /Width 128 /Height 128 /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Length %d >>\nstream\n" % len(pixels) + pixels + b"\nendstream"
    )
    return assembled(objects)


def assembled(objects: list[bytes]) -> bytes:
    """A PDF file of these objects (numbered from 1; the first is the catalog)."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def text_page(words: str, objects: int = 1) -> bytes:
    line = f"BT /F1 12 Tf 72 720 Td ({words}) Tj ET\n".encode()
    return line * objects


def test_the_pdf_writer_here_makes_readable_pdfs() -> None:
    found = extract("plain.pdf", pdf([text_page("Hello from page one"), text_page("And two")]))
    assert found is not None
    assert "Hello from page one" in found.text and "And two" in found.text


def test_a_scanned_pdf_has_no_text_layer() -> None:
    scan = pdf([b"q 400 0 0 600 100 100 cm /Im1 Do Q\n"] * 3, image=True)
    error = refused("scan.pdf", scan)
    assert error.reason is SkipReason.NO_TEXT_LAYER
    assert error.detail == SkipDetail(SkipCause.SCANNED_PAGES, size=3, format="pdf")


def test_a_pdf_that_takes_too_long_is_abandoned_between_pages() -> None:
    # 40 pages of 20,000 text objects each: PDFium needs a noticeable time per page.
    slow = pdf([text_page("slow", 20_000)] * 40)
    started = time.monotonic()
    error = refused("slow.pdf", slow, Limits(seconds=0.2))
    elapsed = time.monotonic() - started
    assert error.reason is SkipReason.TIMED_OUT
    assert error.detail == SkipDetail(SkipCause.OVER_BUDGET, limit=200, format="pdf")
    assert elapsed < 10  # far less than reading all 40 pages; no wall-clock promise


def test_a_cancel_ends_an_extraction_at_the_next_page() -> None:
    slow = pdf([text_page("slow", 20_000)] * 40)
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    try:
        # Reading all 40 pages takes about a second: the cancel comes long before the end.
        with pytest.raises(ExtractionCancelled):
            extract("slow.pdf", slow, cancel=cancel)
    finally:
        timer.cancel()


def test_text_past_the_cap_is_refused() -> None:
    error = refused("en.docx", (DOCUMENTS / "en.docx").read_bytes(), Limits(max_chars=1000))
    assert error.reason is SkipReason.TEXT_TOO_LARGE
    assert error.detail == SkipDetail(SkipCause.TEXT_OVER_LIMIT, limit=1000, format="docx")


@pytest.mark.parametrize(
    "name", ["zh.docx", "zh.odt", "zh-slides.pptx", "zh-slides.odp", "zh.epub", "zh.pdf"]
)
def test_a_truncated_document_is_damaged_never_a_crash(name: str) -> None:
    data = (DOCUMENTS / name).read_bytes()
    for cut in (len(data) // 3, len(data) // 2, len(data) - 40):
        try:
            found = extract(name, data[:cut])
        except NotTextError as error:
            assert error.reason is SkipReason.CORRUPT, (name, cut, error)
        else:
            # PDFium repairs what it can: the readable part of a PDF is kept.
            assert name.endswith(".pdf") and found is not None, (name, cut)


def test_garbage_after_a_valid_magic_is_damaged() -> None:
    for name, head in (("x.pdf", b"%PDF-1.7\n"), ("x.docx", b"PK\x03\x04"), ("x.rtf", b"{\\rtf1")):
        data = head + bytes((i * 7919) % 251 for i in range(5000))
        try:
            found = extract(name, data)
        except NotTextError as error:
            assert error.reason is SkipReason.CORRUPT
        else:
            assert found is not None  # RTF reads whatever text there is


def test_a_pdf_page_that_would_inflate_to_a_huge_content_stream_is_refused_before_pdfium() -> None:
    # 600,000 text objects on one page: 22 MB of content in a 100 KB file. PDFium would
    # take seconds and hundreds of MB in one call that no budget can interrupt.
    bomb = pdf([text_page("many", 600_000)])
    assert len(bomb) < 200_000
    started = time.monotonic()
    error = refused("bomb.pdf", bomb)
    assert error.reason is SkipReason.ZIP_BOMB
    assert error.detail is not None
    assert error.detail.cause is SkipCause.PAGE_CONTENT_TOO_LARGE
    assert error.detail.size > error.detail.limit
    assert time.monotonic() - started < 5


def test_damaged_copies_of_every_real_document_never_crash_the_reader() -> None:
    # Bytes overwritten, cut, spliced: each copy is read, or refused with a reason.
    # (A longer run of this found a zip name that was not UTF-8 escaping as an error.)
    rng = random.Random(14)
    for path in sorted(DOCUMENTS.iterdir()):
        if path.suffix in (".py", ".txt"):
            continue
        data = path.read_bytes()
        for _ in range(6):
            damaged = bytearray(data)
            at = rng.randrange(len(damaged))
            if rng.random() < 0.5:
                damaged[at : at + 64] = rng.randbytes(64)
            else:
                del damaged[at:]
            with contextlib.suppress(NotTextError):
                extract(path.name, bytes(damaged), Limits(seconds=5))


def test_a_page_nested_past_a_browsers_depth_is_read_in_linear_time() -> None:
    # lexbor's parse grows with the square of the nesting: 100,000 nested elements took
    # 27 s in one call no budget could stop; 20,000 then 20,000 scripts inside, 80 s.
    deep = "<html><body>" + "<div>" * 100_000 + "deep text" + "</div>" * 100_000 + "</body></html>"
    scripts = "<div>" * 20_000 + "shown" + "<script>hidden()</script>" * 20_000
    started = time.monotonic()
    for page, text in ((deep, "deep text"), (scripts, "shown")):
        found = extract("deep.html", page.encode(), Limits(seconds=5))
        assert found is not None and found.text == text
    assert time.monotonic() - started < 10  # generous: the point is not quadratic


def test_every_word_of_a_deep_page_is_kept_in_order() -> None:
    from simfind.core.text.documents.html import MAX_DEPTH, _flattened

    words = [f"w{index}" for index in range(3 * MAX_DEPTH)]
    page = "".join(f"<div><span>{word}</span> " for word in words) + "</div>" * len(words)
    flat = _flattened(page, None)
    assert flat.count("<div>") == MAX_DEPTH
    found = extract("deep.html", page.encode())
    assert found is not None and found.text.split() == words


def test_a_page_of_ordinary_depth_is_parsed_as_written() -> None:
    from simfind.core.text.documents.html import _flattened

    page = (DOCUMENTS / "zh.html").read_text("utf-8")
    assert _flattened(page, None) is page
    many = "<ul>" + "<li><p>item<br>" * 5000 + "</ul>"  # end tags left out: no nesting
    assert _flattened(many, None) is many


def lzw(data: bytes) -> bytes:
    """LZW as PDF writes it (codes of 9 to 12 bits, early change); PDFium reads it."""
    codes: list[tuple[int, int]] = [(256, 9)]
    table = {bytes([i]): i for i in range(256)}
    width, word = 9, b""
    for byte in data:
        longer = word + bytes([byte])
        if longer in table:
            word = longer
            continue
        codes.append((table[word], width))
        table[longer] = len(table) + 2
        if len(table) + 2 >= 1 << width:
            if width == 12:
                codes.append((256, width))
                table = {bytes([i]): i for i in range(256)}
                width = 9
            else:
                width += 1
        word = bytes([byte])
    codes += [(table[word], width), (257, width)]
    value = bits = 0
    out = bytearray()
    for code, size in codes:
        value, bits = (value << size) | code, bits + size
        while bits >= 8:
            bits -= 8
            out.append((value >> bits) & 0xFF)
    return bytes(out + (bytes([(value << (8 - bits)) & 0xFF]) if bits else b""))


def run_length(data: bytes) -> bytes:
    out = bytearray()
    for at in range(0, len(data), 128):
        piece = data[at : at + 128]
        if piece == piece[:1] * len(piece) and len(piece) > 1:
            out += bytes([257 - len(piece)]) + piece[:1]
        else:
            out += bytes([len(piece) - 1]) + piece
    return bytes(out + b"\x80")


def one_page(head: bytes, body: bytes, contents: bytes = b"/Contents", form: bool = False) -> bytes:
    """A one-page PDF whose content stream has this dictionary (after /Length) and body;
    with ``form``, that stream is a form the page's content draws."""
    page_content = 4
    resources = b"/Font << /F1 5 0 R >>"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"]
    if form:
        resources += b" /XObject << /Fm1 6 0 R >>"
        page_content = 7
    objects.append(
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << "
        + resources
        + b" >> "
        + contents
        + b" %d 0 R >>" % page_content
    )
    form_head = b" /Type /XObject /Subtype /Form /BBox [0 0 595 842]" if form else b""
    stream = b" >>\nstream\n" + body + b"\nendstream"
    objects.append(b"<< /Length %d " % len(body) + head + form_head + stream)
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    if form:
        objects.append(b"<< >>")  # unused
        draw = b"q /Fm1 Do Q\n"
        objects.append(b"<< /Length %d >>\nstream\n" % len(draw) + draw + b"\nendstream")
    return assembled(objects)


ENCODINGS = {
    "flate, a key that images have": (b"/Filter /FlateDecode /N 1", zlib.compress),
    "flate, its name escaped": (b"/Filter /Fl#61teDecode", zlib.compress),
    "hex then flate": (
        b"/Filter [/ASCIIHexDecode /FlateDecode]",
        lambda raw: zlib.compress(raw, 9).hex().encode() + b">",
    ),
    "base 85 then flate": (
        b"/Filter [/ASCII85Decode /FlateDecode]",
        lambda raw: __import__("base64").a85encode(zlib.compress(raw, 9)) + b"~>",
    ),
    "lzw": (b"/Filter /LZWDecode", lzw),
    "run length": (b"/Filter /RunLengthDecode", run_length),
}


@pytest.mark.parametrize("encoding", list(ENCODINGS))
def test_page_content_is_counted_whatever_its_dictionary_and_filters(
    encoding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The cap lowered to 256 KiB, so that a bomb made here in Python is quick to make.
    from simfind.core.text.documents import pdf as reader

    monkeypatch.setattr(reader, "MAX_STREAM_CONTENT", 256 * 1024)
    head, encode = ENCODINGS[encoding]
    words = b"".join(
        b"BT /F1 12 Tf 72 %d Td (line %d of the page) Tj ET\n" % (800 - 20 * i, i)
        for i in range(30)
    )
    found = extract("fine.pdf", one_page(head, encode(words)))  # PDFium reads each encoding
    assert found is not None and "line 29 of the page" in found.text, encoding
    error = refused("bomb.pdf", one_page(head, encode(text_page("many", 10_000))))
    assert error.detail is not None and error.detail.cause is SkipCause.PAGE_CONTENT_TOO_LARGE
    assert error.detail.limit == 256 * 1024 and error.detail.size > error.detail.limit


def test_a_form_a_page_draws_and_an_escaped_contents_key_are_page_content() -> None:
    bomb = zlib.compress(text_page("many", 600_000), 9)
    for page in (
        one_page(b"/Filter /FlateDecode", bomb, form=True),
        one_page(b"/Filter /FlateDecode /N 3", bomb, contents=b"/C#6Fntents"),
    ):
        error = refused("bomb.pdf", page)
        assert error.detail is not None and error.detail.cause is SkipCause.PAGE_CONTENT_TOO_LARGE


def test_a_word_part_is_read_as_it_is_parsed_and_what_is_read_is_freed() -> None:
    # 58 MiB of legal XML in 1.5 M paragraphs held 1.4 GB as a whole tree; read as it is
    # parsed, 190 MB, and the budget is checked while it is parsed.
    from simfind.core.text.documents.guards import Budget, iter_xml
    from simfind.core.text.documents.ooxml import _WORD, _paragraphs

    namespace = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    body = "".join(f"<w:p><w:r><w:t>line {i}</w:t></w:r></w:p>" for i in range(10_000))
    cells = "".join(f"<w:tc><w:p><w:r><w:t>{c}</w:t></w:r></w:p></w:tc>" for c in "ab")
    xml = (
        f'<w:document xmlns:w="{namespace}"><w:body>{body}<w:tbl><w:tr>{cells}</w:tr></w:tbl>'
        "<w:p><w:r><w:t>last</w:t></w:r></w:p></w:body></w:document>"
    )
    trees: list[etree._ElementTree] = []

    def events() -> Iterator[tuple[str, etree._Element]]:
        for event, element in iter_xml(xml.encode(), "docx", Budget(Limits()), _WORD.read):
            if not trees:
                trees.append(element.getroottree())
            yield event, element

    lines = list(_paragraphs(events(), _WORD))
    assert lines == [f"line {i}" for i in range(10_000)] + ["a b", "last"]
    assert len(trees[0].getroot()[0]) <= 2  # the body: what was read is gone
    with pytest.raises(NotTextError) as caught:
        list(_paragraphs(iter_xml(xml.encode(), "docx", Budget(Limits(seconds=0))), _WORD))
    assert caught.value.reason is SkipReason.TIMED_OUT

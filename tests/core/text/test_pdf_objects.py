"""The PDF reader's shortcuts give what the slower ways gave: the page-content guard
finds objects ("N G obj") backwards, in C, as a forward regular expression found them
(the same numbers and ends, in order); characters' boxes and sizes read through bare
ctypes prototypes are pypdfium2's own."""

from __future__ import annotations

import random
import re

from simfind.core.text.documents.pdf import _object_keywords
from tests.places import TESTS

DOCUMENTS = TESTS / "data" / "documents"
#: The forward search the guard used: tried at every byte of the file.
FORWARD = re.compile(rb"(\d{1,10})\s+\d{1,5}\s+obj(?![A-Za-z])")


def forward(data: bytes) -> list[tuple[int, int]]:
    return [(int(match.group(1)), match.end()) for match in FORWARD.finditer(data)]


def test_the_objects_of_real_pdfs_are_found_as_a_forward_search_finds_them() -> None:
    for path in sorted(DOCUMENTS.glob("*.pdf")):
        data = path.read_bytes()
        found = _object_keywords(data)
        assert found == forward(data), path.name
        assert len(found) > 5, path.name  # pages, fonts, contents


def test_objects_among_digits_space_and_letters_are_found_as_forwards() -> None:
    # Numbers too long for either field, white space of every kind, "endobj", "objx",
    # bytes above ASCII: short strings of them, every way round.
    pieces = [b"0", b"7", b"12345", b"123456", b"12345678901", b" ", b"\n", b"\r\n", b"\t"]
    pieces += [b"\x0b", b"\x0c", b"obj", b"endobj", b"objx", b"o", b"j", b"Z", b"\xe9", b"%"]
    rng = random.Random(32)
    for _ in range(20_000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 24)))
        assert _object_keywords(data) == forward(data), data
    assert _object_keywords(b"12345678901 0 obj") == [(2345678901, 17)]
    assert _object_keywords(b"1 123456 obj 3 0 objx 4 0\r\nobj") == [(4, 30)]


def test_character_boxes_and_sizes_are_pypdfium2s_own() -> None:
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from simfind.core.text.documents.pdf import _Boxes

    for name in ("zh.pdf", "en.pdf"):
        document = pdfium.PdfDocument((DOCUMENTS / name).read_bytes())
        try:
            textpage = document[0].get_textpage()
            boxes = _Boxes(textpage)
            count = textpage.count_chars()
            assert count > 100
            for index in range(0, count, 7):
                assert boxes(index) == textpage.get_charbox(index), (name, index)
                size = pdfium_c.FPDFText_GetFontSize(textpage, index)
                assert boxes.size(index) == size > 0, (name, index)
        finally:
            document.close()

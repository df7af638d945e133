"""PDF: the text layer, read by PDFium (pypdfium2), page by page.

PDFium gives each page's text in content order, line by line, and marks the
hyphens it finds at line ends (U+FFFE); it knows nothing of paragraphs. Here:

* Hyphenated words are joined; lines are joined into paragraphs from their
  geometry: a paragraph ends where a line stops short of the right margin, where
  the next line is indented, set in another size, or further down than the usual
  line pitch. Chinese lines join without a space, Latin ones with one.
* Page furniture cannot dominate the features: page numbers at the top or bottom
  of a page are dropped, and a top or bottom line repeated on several pages (a
  running header or footer, digits aside) is kept once, where it first appears.
* A PDF with pages but no text is a scan: skipped as "no text layer"; one that
  needs a password to open is skipped as encrypted.

PDFium is not thread-safe: one document at a time per process (a lock). The
budget is checked between pages, but a single PDFium call cannot be interrupted:
a 170 KB PDF whose one page holds a million text objects (58 MB of content once
inflated) takes PDFium about 4 s and 800 MB to load. So before PDFium sees a
page, its content is decoded here, counting only: every stream a page's
/Contents names, every form and Type 3 glyph procedure, found among all the
objects written in the file and inside object streams, whatever else their
dictionaries say, through each filter of their chain (Flate, LZW, run length,
ASCII hex and base 85). A stream past 16 MiB, or more than 16 MiB plus 1 MiB a
page in all, is refused as a decompression bomb (a real 600-page book holds
9 MB; images and fonts do not count).
"""

from __future__ import annotations

import base64
import binascii
import ctypes
import re
import statistics
import threading
import zlib
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from simfind.core.base.errors import SkipCause, SkipReason
from simfind.core.text.documents.guards import Budget, TextSink, damaged, encrypted, refusal

_LOCK = threading.Lock()
_HYPHEN_MARKS = "\ufffe\x02"
_SOFT_HYPHEN = "\ufffe"
_CJK = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
)
_CJK_CHAR = re.compile(f"[{_CJK}]")
#: A line that is only a page number: "7", "- 7 -", "Page 7", "Page 7 of 9", "第 7 页", "vii".
_PAGE_NUMBER = re.compile(
    r"^[\s\-–—.·|(\[]*(?:page|p\.|seite|第)?\s*(?:\d{1,5}|[ivxlcdm]{1,8})\s*"
    r"(?:(?:of|/|von|共)\s*\d{1,5}\s*)?(?:页|頁)?[\s\-–—.·|)\]]*$",
    re.IGNORECASE,
)
_DIGITS = re.compile(r"\d+")
#: Glyphs without a Unicode meaning (private use: bullets and icons from symbol fonts).
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
#: What a line may start with before its text: space, bullets, private-use glyphs.
_LEAD = re.compile("[\\s\u2022\u25e6\u25aa\u25cf\u2023\u2043\ue000-\uf8ff]*")
#: How many lines at the top and at the bottom of a page may be furniture.
_EDGE_LINES = 2
MiB = 1024 * 1024
#: Content (page descriptions, not images or fonts) one stream, and the whole
#: document per page, may inflate to before PDFium is asked to read it.
MAX_STREAM_CONTENT = 16 * MiB
CONTENT_PER_PAGE = 1 * MiB
_STREAM_START = re.compile(rb"(?<!end)stream\r?\n")
#: "N G obj" read backwards ("jbo G N", digits reversed): a search for a pattern that
#: begins with a literal skips ahead in C, where "N G obj" forwards was tried at every byte.
_OBJECT_REVERSED = re.compile(rb"jbo\s+\d{1,5}\s+(\d{1,10})")
_LETTERS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_NAME_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")
#: White space and comments, where PDF allows them between tokens.
_GAP = rb"(?:\s|%[^\r\n]*[\r\n])*"
_CONTENTS = re.compile(rb"/Contents" + _GAP + rb"(\[[^\]]*\]|\d+\s+\d+\s+R)")
_CHAR_PROCS = re.compile(rb"/CharProcs" + _GAP + rb"<<([^>]*)>>")
_REFERENCE = re.compile(rb"(\d+)\s+\d+\s+R")
_FORM = re.compile(rb"/Subtype" + _GAP + rb"/Form(?![A-Za-z])")
_OBJECT_STREAM = re.compile(rb"/Type" + _GAP + rb"/ObjStm(?![A-Za-z])")
_FILTERS = re.compile(rb"/Filter" + _GAP + rb"(\[[^\]]*\]|/[A-Za-z0-9]+)")
_FILTER_NAME = re.compile(rb"/([A-Za-z0-9]+)")
_LENGTH = re.compile(rb"/Length" + _GAP + rb"(\d+)(?!\s+\d+\s+R)")
_MAX_FURNITURE_CHARS = 120


@dataclass
class _Line:
    text: str
    left: float
    right: float
    top: float  # of its first character (PDF y grows upwards)
    bottom: float  # baseline of its last character
    first_bottom: float
    size: float
    bullet: bool = False


def _bare(function: Any, result: type, *arguments: type) -> Any:
    """A PDFium function called with plain addresses and numbers: pypdfium2's own
    prototype converts each pointer argument on every call, at twice the cost."""
    address = ctypes.cast(function, ctypes.c_void_p).value
    return ctypes.CFUNCTYPE(result, *arguments)(address or 0)


_CHAR_BOX = _bare(
    pdfium_c.FPDFText_GetCharBox,
    ctypes.c_int,
    ctypes.c_void_p,
    ctypes.c_int,
    *(ctypes.c_void_p,) * 4,
)
_FONT_SIZE = _bare(pdfium_c.FPDFText_GetFontSize, ctypes.c_double, ctypes.c_void_p, ctypes.c_int)


class _Boxes:
    """Characters' boxes (left, bottom, right, top) straight from PDFium, into buffers
    made once per page: what PdfTextPage.get_charbox gives, at a sixth of the cost."""

    def __init__(self, textpage: pdfium.PdfTextPage) -> None:
        self.raw = ctypes.cast(textpage.raw, ctypes.c_void_p).value
        self.left, self.right = ctypes.c_double(), ctypes.c_double()
        self.bottom, self.top = ctypes.c_double(), ctypes.c_double()
        self.out = tuple(
            ctypes.addressof(v) for v in (self.left, self.right, self.bottom, self.top)
        )

    def __call__(self, index: int) -> tuple[float, float, float, float]:
        if not _CHAR_BOX(self.raw, index, *self.out):
            raise pdfium.PdfiumError("Failed to get charbox.")
        return self.left.value, self.bottom.value, self.right.value, self.top.value

    def size(self, index: int) -> float:
        return float(_FONT_SIZE(self.raw, index))


def _page_lines(textpage: pdfium.PdfTextPage) -> list[_Line]:
    text = textpage.get_text_range()
    if not text.strip():
        return []
    aligned = len(text) == textpage.count_chars()
    box = _Boxes(textpage)
    lines: list[_Line] = []
    start = 0
    lead_match, private = _LEAD.match, _PRIVATE_USE.sub
    for segment in text.split("\r\n"):
        end = start + len(segment)
        lead = lead_match(segment)
        first = start + (lead.end() if lead else 0)
        last = start + len(segment.rstrip()) - 1
        if last >= first:
            if aligned:
                left, first_bottom, _, top = box(first)
                _, bottom, right, _ = box(last)
                size = box.size(first)
            else:
                left = right = top = bottom = first_bottom = size = 0.0
            body = segment[first - start : last + 1 - start]
            if "\ufffe" in body or "\x02" in body:
                body = _join_hyphens(box, text, first, last + 1, aligned)
            body = private("", body)
            bullet = bool(segment[: first - start].strip())
            lines.append(_Line(body, left, right, top, bottom, first_bottom, size, bullet))
        start = end + 2
    return lines


def _join_hyphens(box: _Boxes, text: str, start: int, end: int, aligned: bool) -> str:
    """The line's text with PDFium's end-of-line hyphen marks resolved.

    A mark followed by the next visual line continues the word; PDFium also puts
    one where a hyphen ends a page's text before a footnote, and there the hyphen
    is kept and the lines are kept apart.
    """
    segment = text[start:end]
    if not any(mark in segment for mark in _HYPHEN_MARKS):
        return segment
    out: list[str] = []
    for offset, char in enumerate(segment):
        if char not in _HYPHEN_MARKS:
            out.append(char)
            continue
        index = start + offset
        if aligned and start < index < end - 1:
            _, before, _, before_top = box(index - 1)
            _, after, _, _ = box(index + 1)
            if before - after > 2.5 * max(1.0, before_top - before):
                out.append("-\n")
                continue
        if offset == len(segment) - 1:
            out.append(_SOFT_HYPHEN)  # the word goes on at the start of the next line
    return "".join(out)


def _normalised(text: str) -> str:
    return _DIGITS.sub("#", "".join(text.split())).casefold()


def _edges(lines: list[_Line]) -> set[int]:
    """Indices of the lines nearest the top and the bottom of the page."""
    if not lines:
        return set()
    by_height = sorted(range(len(lines)), key=lambda i: -lines[i].top)
    return set(by_height[:_EDGE_LINES]) | set(by_height[-_EDGE_LINES:])


def _remove_furniture(pages: list[list[_Line]]) -> list[list[_Line]]:
    """Page numbers out; running headers and footers kept only where they first appear."""
    edges = [_edges(lines) for lines in pages]
    seen_on: dict[str, int] = {}
    for lines, edge in zip(pages, edges, strict=True):
        for key in {_normalised(lines[i].text) for i in edge}:
            seen_on[key] = seen_on.get(key, 0) + 1
    repeats = 2 if len(pages) <= 4 else 3
    kept_once: set[str] = set()
    cleaned: list[list[_Line]] = []
    for lines, edge in zip(pages, edges, strict=True):
        keep: list[_Line] = []
        for index, line in enumerate(lines):
            if index in edge and len(line.text) <= _MAX_FURNITURE_CHARS:
                if _PAGE_NUMBER.match(line.text):
                    continue
                key = _normalised(line.text)
                if seen_on.get(key, 0) >= repeats:
                    if key in kept_once:
                        continue
                    kept_once.add(key)
            keep.append(line)
        cleaned.append(keep)
    return cleaned


def _typical(values: list[float], default: float) -> float:
    return statistics.median(values) if values else default


def _joins(
    previous: _Line, line: _Line, pitch: float, right_margin: float, left_margin: float
) -> bool:
    """Whether ``line`` continues the paragraph that ``previous`` is part of."""
    if previous.size <= 0 or line.size <= 0 or line.bullet:
        return False  # no geometry, or a list item of its own
    size = max(previous.size, line.size)
    step = previous.bottom - line.first_bottom
    if abs(step) < 0.5 * size and line.left >= previous.right - 0.5 * size:
        return True  # the same visual line, broken where the baseline moved (a superscript)
    if abs(previous.size - line.size) > 0.15 * size:
        return False
    if step <= 0 or step > 1.4 * pitch or step > 3 * size:
        return False
    if right_margin - previous.right > _width(_first_word(line.text), size) + 0.5 * size:
        return False  # the next line's first word would have fitted: a paragraph ended
    # Not indented: at the page's left margin, or no further right than the line above
    # (a wrapped list item or a first line indented by hand).
    return line.left <= max(left_margin, previous.left) + 0.8 * size


def _first_word(text: str) -> str:
    if _CJK_CHAR.match(text[:1]):
        return text[:1]
    return text.split(maxsplit=1)[0] if text.strip() else ""


def _width(text: str, size: float) -> float:
    """About how wide ``text`` is set in ``size`` points (CJK square, Latin half as wide)."""
    wide = len(_CJK_CHAR.findall(text))
    return size * (wide + 0.55 * (len(text) - wide))


def _glue(left: str, right: str, same_line: bool = False) -> str:
    if left.endswith(_SOFT_HYPHEN):
        return left[:-1] + right
    if left.endswith("-") and right[:1].islower():
        return left + right  # a hyphen PDFium did not mark: keep it, no space
    if same_line or _CJK_CHAR.match(left[-1:]) or _CJK_CHAR.match(right[:1]):
        return left + right
    return f"{left} {right}"


def _paragraphs(pages: list[list[_Line]]) -> list[str]:
    paragraphs: list[str] = []
    previous: _Line | None = None
    current = ""
    for lines in pages:
        steps = [a.bottom - b.first_bottom for a, b in pairwise(lines)]
        pitch = _typical([s for s in steps if s > 0], 12.0)
        rights = sorted(line.right for line in lines)
        right_margin = rights[int(0.9 * (len(rights) - 1))] if rights else 0.0
        left_margin = min((line.left for line in lines), default=0.0)
        for line in lines:
            if (
                previous is not None
                and current
                and _joins(previous, line, pitch, right_margin, left_margin)
            ):
                same = abs(previous.bottom - line.first_bottom) < 0.5 * line.size
                current = _glue(current, line.text, same)
            else:
                if current:
                    paragraphs.append(current.replace(_SOFT_HYPHEN, "-"))
                current = line.text
            previous = line
    if current:
        paragraphs.append(current.replace(_SOFT_HYPHEN, "-"))
    return paragraphs


def _inflate(raw: bytes, cap: int) -> bytes:
    """A Flate stream inflated, at most ``cap`` + 1 bytes of it."""
    inflater = zlib.decompressobj()
    try:
        return inflater.decompress(raw, cap + 1)
    except zlib.error:
        return b""  # PDFium will judge a broken stream


def _unhex(raw: bytes) -> bytes:
    end = raw.find(b">")
    digits = re.sub(rb"[^0-9A-Fa-f]", b"", raw if end < 0 else raw[:end])
    return binascii.unhexlify(digits + b"0" * (len(digits) % 2))


def _unbase85(raw: bytes) -> bytes:
    body = raw.strip()
    body = body[2:] if body.startswith(b"<~") else body
    end = body.find(b"~>")
    try:
        return base64.a85decode(body if end < 0 else body[:end], ignorechars=b" \t\n\r\f\v\x00")
    except ValueError:
        return raw


def _run_length(raw: bytes, cap: int) -> bytes:
    out = bytearray()
    at = 0
    while at < len(raw) and len(out) <= cap:
        length = raw[at]
        if length < 128:
            out += raw[at + 1 : at + 2 + length]
            at += 2 + length
        elif length > 128:
            out += raw[at + 1 : at + 2] * (257 - length)
            at += 2
        else:
            break
    return bytes(out)


def _unlzw(raw: bytes, cap: int) -> bytes:
    """LZW as PDF writes it: codes of 9 to 12 bits, most significant first, early change."""
    table = [bytes([i]) for i in range(256)] + [b"", b""]
    out = bytearray()
    width, buffer, held = 9, 0, 0
    previous = b""
    for byte in raw:
        buffer = (buffer << 8) | byte
        held += 8
        while held >= width:
            held -= width
            code = (buffer >> held) & ((1 << width) - 1)
            buffer &= (1 << held) - 1
            if code == 256:
                table, width, previous = table[:258], 9, b""
                continue
            if code == 257:
                return bytes(out)
            if code < len(table) and code != 256:
                entry = table[code]
                if previous:
                    table.append(previous + entry[:1])
            elif code == len(table) and previous:
                entry = previous + previous[:1]
                table.append(entry)
            else:
                return bytes(out)  # damaged: PDFium will judge
            out += entry
            if len(out) > cap:
                return bytes(out)
            previous = entry
            if len(table) + 1 >= 1 << width and width < 12:
                width += 1
    return bytes(out)


def _decoded(raw: bytes, head: bytes, cap: int) -> bytes:
    """A stream's bytes through its filters, at most about ``cap`` of them; a filter
    that is not for page descriptions (an image's, encryption) stops the decoding."""
    found = _FILTERS.search(head)
    for name in _FILTER_NAME.findall(found.group(1)) if found else []:
        if len(raw) > cap:
            break
        if name in (b"FlateDecode", b"Fl"):
            raw = _inflate(raw, cap)
        elif name in (b"ASCIIHexDecode", b"AHx"):
            raw = _unhex(raw)
        elif name in (b"ASCII85Decode", b"A85"):
            raw = _unbase85(raw)
        elif name in (b"LZWDecode", b"LZW"):
            raw = _unlzw(raw, cap)
        elif name in (b"RunLengthDecode", b"RL"):
            raw = _run_length(raw, cap)
        else:
            break
    return raw


@dataclass
class _Object:
    number: int
    head: bytes  # its dictionary (or value), names unescaped
    stream: bytes | None  # its stream's raw bytes


def _unescaped(head: bytes) -> bytes:
    if b"#" not in head:
        return head
    return _NAME_ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), head)


def _object_keywords(data: bytes) -> list[tuple[int, int]]:
    """(N, the end of "obj") of every "N G obj" in order, where N has 1 to 10 digits, G 1
    to 5, white space stands between them and no letter follows: what a forward search
    for that pattern finds, found backwards."""
    backwards = data[::-1]
    size = len(data)
    found = []
    for match in _OBJECT_REVERSED.finditer(backwards):
        at = match.start()
        if at and backwards[at - 1] in _LETTERS:
            continue  # "objx": not the keyword
        found.append((int(match.group(1)[::-1]), size - at))
    found.reverse()
    return found


def _objects(data: bytes, budget: Budget) -> list[_Object]:
    """Every object written in the file, found by its "N G obj" (whatever the cross
    reference table says, and every version of an object updated since)."""
    found: list[_Object] = []
    for count, (number, start) in enumerate(_object_keywords(data)):
        if count % 1024 == 1023:
            budget.check()
        close = data.find(b"endobj", start)
        close = len(data) if close < 0 else close
        opened = _STREAM_START.search(data, start, close)
        if opened is None:
            found.append(_Object(number, _unescaped(data[start:close]), None))
            continue
        head = _unescaped(data[start : opened.start()])
        length = _LENGTH.search(head)
        end = -1
        if length is not None:  # the declared length, where "endstream" follows it
            end = opened.end() + int(length.group(1))
            if not data[end : end + 32].lstrip().startswith(b"endstream"):
                end = -1
        if end < 0:
            end = data.find(b"endstream", opened.end())
            end = len(data) if end < 0 else end
        found.append(_Object(number, head, data[opened.end() : end]))
    return found


def _content_numbers(heads: list[bytes], arrays: dict[int, bytes]) -> set[int]:
    """Objects that pages draw from: their /Contents and Type 3 glyph procedures."""
    numbers: set[int] = set()
    for head in heads:
        for match in _CONTENTS.finditer(head):
            refs = [int(n) for n in _REFERENCE.findall(match.group(1))]
            for number in refs:  # an array of streams may itself be an object
                numbers.update(int(n) for n in _REFERENCE.findall(arrays.get(number, b"")))
            numbers.update(refs)
        for match in _CHAR_PROCS.finditer(head):
            numbers.update(int(n) for n in _REFERENCE.findall(match.group(1)))
    return numbers


def _check_content_size(data: bytes, pages: int, budget: Budget) -> None:
    """Refuse a PDF whose page content would decode to far more than pages hold.

    Page content is every stream a page's /Contents names, every form (drawn by a
    page, or by another form) and every glyph procedure of a Type 3 font, found in
    the objects and inside object streams, whatever else their dictionaries say,
    decoded through each filter of their chain.
    """
    allowed = MAX_STREAM_CONTENT + CONTENT_PER_PAGE * pages
    objects = _objects(data, budget)
    heads = [o.head for o in objects]
    for item in objects:
        if item.stream is not None and _OBJECT_STREAM.search(item.head):
            budget.check()  # objects packed in a stream: page dictionaries among them
            heads.append(_unescaped(_decoded(item.stream, item.head, MAX_STREAM_CONTENT)))
    arrays = {o.number: o.head for o in objects if o.stream is None}
    contents = _content_numbers(heads, arrays)
    total = 0
    for item in objects:
        if item.stream is None:
            continue
        if item.number not in contents and not _FORM.search(item.head):
            continue
        budget.check()
        size = len(_decoded(item.stream, item.head, MAX_STREAM_CONTENT))
        total += size
        if size > MAX_STREAM_CONTENT or total > allowed:
            over = size if size > MAX_STREAM_CONTENT else total
            limit = MAX_STREAM_CONTENT if size > MAX_STREAM_CONTENT else allowed
            raise refusal(SkipReason.ZIP_BOMB, SkipCause.PAGE_CONTENT_TOO_LARGE, "pdf", over, limit)


def _has_images(page: pdfium.PdfPage) -> bool:
    return any(True for _ in page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,), max_depth=2))


def read_pdf(data: bytes, budget: Budget) -> str:
    pages: list[list[_Line]] = []
    scanned = 0
    with _LOCK:
        try:
            document = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise encrypted("pdf") from exc
            raise damaged("pdf") from exc
        try:
            count = len(document)
            _check_content_size(data, count, budget)
            broken = 0
            for number in range(count):
                budget.check()
                try:
                    page = document[number]
                except pdfium.PdfiumError:
                    broken += 1
                    continue
                try:
                    textpage = page.get_textpage()
                    try:
                        lines = _page_lines(textpage)
                    finally:
                        textpage.close()
                    if not lines and _has_images(page):
                        scanned += 1
                    pages.append(lines)
                finally:
                    page.close()
        except pdfium.PdfiumError as exc:
            raise damaged("pdf") from exc
        finally:
            document.close()
    if count and broken == count:
        raise damaged("pdf")
    if scanned and not any(pages):
        raise refusal(SkipReason.NO_TEXT_LAYER, SkipCause.SCANNED_PAGES, "pdf", size=count)
    budget.check()
    sink = TextSink(budget)
    for paragraph in _paragraphs(_remove_furniture(pages)):
        sink.add(paragraph)
    return sink.text()

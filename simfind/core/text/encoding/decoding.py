"""Bytes to text: BOM, strict UTF-8, then chardet; binary files are recognised, not decoded:
archives, images and the like by their first bytes (sniff), before any encoding is tried."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import numpy as np

from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion
from simfind.core.text.encoding.cjk_frequent import SIMPLIFIED, TRADITIONAL
from simfind.core.text.encoding.sniff import container

#: How much of a file chardet looks at; detection cost grows with the sample.
DETECT_SAMPLE_BYTES = 64 * 1024

_BOMS: tuple[tuple[bytes, str], ...] = (
    # UTF-32 first: its little-endian BOM begins with UTF-16's.
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# chardet names a subset; decode with the superset so no character is lost.
_SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "big5": "big5hkscs",
    "shift_jis": "cp932",
    "euc-kr": "cp949",
    "ascii": "utf-8",
    "iso-8859-1": "cp1252",
}

# Control bytes that never appear in text (tab, newlines, form feed and ESC excluded).
_CONTROL_BYTES = bytes(b for b in range(32) if b not in b"\t\n\r\x0b\x0c\x1b")
_MAX_CONTROL_RATIO = 0.02
# UTF-16 without a BOM: code units in the blocks real text is made of (ASCII, Latin,
# punctuation, CJK, kana, hangul, full-width forms); binary data rarely stays inside them.
_UTF16_TEXT_BLOCKS = (
    (0x09, 0x0D),
    (0x20, 0x7E),
    (0xA0, 0x24F),
    (0x2000, 0x206F),
    (0x3000, 0x30FF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xFF00, 0xFFEF),
)
_UTF16_MIN_TEXT_SHARE = 0.95
_MAX_REPLACEMENT_RATIO = 0.02

# East Asian text that is mostly ASCII (a translation catalogue, a .properties file)
# gives chardet too few bytes to go on: a Big5 file came back as hp-roman8. These
# encodings are tried first, strictly, and one is taken only when what it decodes
# reads as its language (see _guess_cjk).
_HAN = re.compile("[\u4e00-\u9fff]")
_KANA = re.compile("[\u3041-\u30ff]")
#: Japanese: kana needed, and their share of the kana and Han characters.
_MIN_KANA = 2
_MIN_KANA_SHARE = 0.2
#: Distinct Han characters needed before a Chinese guess is trusted.
_MIN_HAN = 4
#: Share of the distinct Han characters that must be among the language's most frequent.
_MIN_FREQUENT_SHARE = 0.6
#: Korean: common hangul syllables needed, and the share of the two-byte units in the
#: KS X 1001 core (its punctuation and the 2,350 common hangul syllables).
_MIN_HANGUL = 4
_MIN_KOREAN_CORE_SHARE = 0.9
_KOREAN_UNITS = re.compile(rb"([\xa1-\xa3\xb0-\xc8][\xa1-\xfe])|[\x81-\xfe][\x41-\xfe]")


#: The version of a text that came from memory: no file, so zeros.
_FROM_MEMORY = FileVersion(0, 0)


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str
    #: What the open file said when it was read (zeros for text that came from memory).
    version: FileVersion = _FROM_MEMORY
    #: What the text was taken from: "text" for a text file, else the document's
    #: format ("docx", "pdf", ...; see simfind.core.text.documents).
    format: str = "text"
    #: The file's bytes hashed (xxh3, 128 bits), so that byte-identical files are known
    #: apart from files with the same text; empty for text that came from memory.
    digest: bytes = b""


def _guess_utf16(sample: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when the sample reads as text in one of them."""
    if len(sample) < 4:
        return None
    even = sample[: len(sample) // 2 * 2]
    best, best_share = None, 0.0
    for name, dtype in (("utf-16-le", "<u2"), ("utf-16-be", ">u2")):
        units = np.frombuffer(even, dtype=dtype)
        inside = np.zeros(len(units), dtype=bool)
        for low, high in _UTF16_TEXT_BLOCKS:
            inside |= (units >= low) & (units <= high)
        share = float(inside.mean())
        if share > best_share:
            best, best_share = name, share
    return best if best_share >= _UTF16_MIN_TEXT_SHARE else None


def _decodes(sample: bytes, codec: str) -> str | None:
    """The sample decoded strictly (a character cut at its end is allowed), or None."""
    try:
        return codecs.getincrementaldecoder(codec)("strict").decode(sample, final=False)
    except UnicodeDecodeError:
        return None


def _guess_cjk(sample: bytes) -> str | None:
    """The East Asian encoding the sample is written in, when the evidence is clear.

    Each candidate must decode the sample without an error. Japanese: kana make up
    a fair share of the letters. Chinese: most distinct Han characters are among
    the language's most frequent (Korean or Latin bytes read as Big5 or GBK give
    rare ones). Korean: two-byte units in the common hangul block. Anything less
    is left to chardet.
    """
    for name, codec in (("cp932", "cp932"), ("euc-jp", "euc-jp")):
        text = _decodes(sample, codec)
        if text is None:
            continue
        kana = len(_KANA.findall(text))
        if kana >= _MIN_KANA and kana >= _MIN_KANA_SHARE * (kana + len(_HAN.findall(text))):
            return name
    best: tuple[float, str] | None = None
    for name, codec, frequent in (
        ("gb18030", "gb18030", SIMPLIFIED),
        ("big5", "big5hkscs", TRADITIONAL),
    ):
        text = _decodes(sample, codec)
        if text is None:
            continue
        han = set(_HAN.findall(text))
        if len(han) < _MIN_HAN:
            continue
        share = len(han & frequent) / len(han)
        if share >= _MIN_FREQUENT_SHARE and (best is None or share > best[0]):
            best = (share, name)
    if best is not None:
        return best[1]
    if _decodes(sample, "cp949") is not None:
        units = _KOREAN_UNITS.findall(sample)
        hangul = sum(1 for unit in units if unit and unit[0] >= 0xB0)
        core = sum(1 for unit in units if unit)
        if hangul >= _MIN_HANGUL and core >= _MIN_KOREAN_CORE_SHARE * len(units):
            return "euc-kr"
    return None


def decode_bytes(data: bytes) -> DecodedText:
    """Decode a file's bytes, or raise NotTextError for binary or undecodable data."""
    if not data:
        return DecodedText("", "ascii")
    kind = container(data)
    if kind is not None:
        raise NotTextError(SkipReason.BINARY, SkipDetail(SkipCause.CONTAINER, format=kind))
    for bom, name in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            encoding = "utf-8" if name == "utf-8-sig" else name
            return DecodedText(body.decode(encoding, errors="replace"), name)
    has_nul = b"\x00" in data
    if not has_nul:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            return DecodedText(text, "ascii" if data.isascii() else "utf-8")
    # Text in UTF-16 has NUL bytes wherever it has ASCII (newlines, spaces, digits).
    utf16 = _guess_utf16(data[:DETECT_SAMPLE_BYTES]) if has_nul else None
    if utf16 is not None:
        return DecodedText(data.decode(utf16, errors="replace"), utf16)
    sample = data[:DETECT_SAMPLE_BYTES]
    name = "" if has_nul else _guess_cjk(sample) or ""
    if not name:
        import chardet  # only here: most files are UTF-8, and importing it costs a rescan 0.03 s

        name = (chardet.detect(sample).get("encoding") or "").lower()
    if not name:
        raise NotTextError(SkipReason.BINARY, SkipDetail(SkipCause.NO_ENCODING_FITS))
    if has_nul and not name.startswith(("utf-16", "utf-32")):
        raise NotTextError(SkipReason.BINARY, SkipDetail(SkipCause.NUL_BYTES))
    codec = _SUPERSETS.get(name, name)
    try:
        text = data.decode(codec, errors="replace")
    except LookupError as exc:
        detail = SkipDetail(SkipCause.UNKNOWN_ENCODING, encoding=name)
        raise NotTextError(SkipReason.UNDECODABLE, detail) from exc
    if text.count("\ufffd") > _MAX_REPLACEMENT_RATIO * len(text) + 1:
        detail = SkipDetail(SkipCause.INVALID_BYTES, encoding=name)
        raise NotTextError(SkipReason.UNDECODABLE, detail)
    if not name.startswith(("utf-16", "utf-32")):
        sample = data[:DETECT_SAMPLE_BYTES]
        controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
        if controls > _MAX_CONTROL_RATIO * len(sample):
            raise NotTextError(SkipReason.BINARY, SkipDetail(SkipCause.CONTROL_BYTES))
    return DecodedText(text, name)

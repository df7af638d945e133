"""Bytes to text: BOM, strict UTF-8, then chardet; binary files are recognised, not decoded."""

from __future__ import annotations

import codecs
import errno
import os
import stat
from dataclasses import dataclass

import chardet
import numpy as np

from simfind.core.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.paths import file_identity

#: Files larger than this are skipped before a byte is read.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
#: How much of a file chardet looks at; detection cost grows with the sample.
DETECT_SAMPLE_BYTES = 64 * 1024
#: Files whose size the system reports as 0 (procfs, sysfs) are read up to this much.
UNSIZED_READ_BYTES = 1024 * 1024

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
# Why a file could not be opened, by error number; any other number: unreadable.
_OPEN_FAILURES = {errno.ENOENT: SkipReason.VANISHED, errno.ELOOP: SkipReason.SYMLINK_LOOP}


@dataclass(frozen=True)
class DecodedText:
    text: str
    encoding: str
    #: What the open file said when it was read (0 for text that came from memory).
    size: int = 0
    mtime_ns: int = 0
    ino: int = 0  # see paths.file_identity
    ctime_ns: int = 0


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


def decode_bytes(data: bytes) -> DecodedText:
    """Decode a file's bytes, or raise NotTextError for binary or undecodable data."""
    if not data:
        return DecodedText("", "ascii")
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
    detected = chardet.detect(data[:DETECT_SAMPLE_BYTES])
    name = (detected.get("encoding") or "").lower()
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


def read_text(path: str | os.PathLike[str], max_bytes: int = DEFAULT_MAX_BYTES) -> DecodedText:
    """Read one regular file as text without ever blocking on a FIFO or device.

    The size cap is checked on the open file before anything is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        reason = _OPEN_FAILURES.get(exc.errno or 0, SkipReason.UNREADABLE)
        raise NotTextError(reason, SkipDetail.of_os_error(exc)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotTextError(SkipReason.NOT_REGULAR)
        if info.st_size > max_bytes:
            detail = SkipDetail(SkipCause.OVER_LIMIT, size=info.st_size, limit=max_bytes)
            raise NotTextError(SkipReason.TOO_LARGE, detail)
        # What fstat says is there and one byte more (a file that grew shows it); for
        # files whose size the system does not give (procfs) up to UNSIZED_READ_BYTES.
        data = read_open_file(fd, min(max_bytes, info.st_size or UNSIZED_READ_BYTES) + 1)
        after = os.fstat(fd)
    except OSError as exc:
        raise NotTextError(SkipReason.UNREADABLE, SkipDetail.of_os_error(exc)) from exc
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        detail = SkipDetail(SkipCause.GREW_PAST_LIMIT, limit=max_bytes)
        raise NotTextError(SkipReason.TOO_LARGE, detail)
    if (after.st_size, after.st_mtime_ns) != (info.st_size, info.st_mtime_ns):
        raise NotTextError(SkipReason.CHANGED, SkipDetail(SkipCause.WRITTEN_WHILE_READ))
    decoded = decode_bytes(data)
    ino, ctime_ns = file_identity(info)
    return DecodedText(
        decoded.text, decoded.encoding, info.st_size, info.st_mtime_ns, ino, ctime_ns
    )


def read_open_file(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes of an open file; OSError (EAGAIN) where a non-blocking read
    finds nothing to read yet, as /proc/kmsg does (a buffered read then returns None)."""
    with os.fdopen(fd, "rb", closefd=False) as stream:
        data = stream.read(limit)
    if data is None:
        raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
    return data

"""Files that are never text, told by their first bytes: archives, compressed streams,
images, audio and video, executables, databases.

Their bytes can pass for text: a zip of stored (uncompressed) members is mostly its
members' text, and a decoder guessing at it found UTF-16. So a file whose first bytes
are one of these signatures (its "magic number") is binary before any encoding is
tried. Documents read for their text (Word, OpenDocument and EPUB are zips, PDF has its
own signature) are told apart before this (documents.formats.detect); only what is
left is sniffed here. Each signature is checked with the bytes that make it safe:
"BZh" alone starts English text too, so bzip2 needs its block's magic as well.
"""

from __future__ import annotations

#: Bytes of a file's start that ``container`` needs to tell every kind it knows (a tar's
#: signature lies at 257, an ISO 9660 image's at 32,769).
HEAD_BYTES = 32 * 1024 + 8

#: (signature at the file's start, kind); the longer signatures of a shared start first.
_STARTS: tuple[tuple[bytes, str], ...] = (
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),  # an empty zip
    (b"PK\x07\x08", "zip"),  # a spanned zip
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
    (b"\x04\x22\x4d\x18", "lz4"),
    (b"Rar!\x1a\x07", "rar"),
    (b"MSCF\x00\x00\x00\x00", "cab"),
    (b"!<arch>\n", "ar"),  # .deb, .a
    (b"\xed\xab\xee\xdb", "rpm"),
    (b"xar!", "xar"),  # .pkg
    (b"\x7fELF", "elf"),
    (b"\xca\xfe\xba\xbe", "java-class"),  # also a universal Mach-O binary
    (b"\xfe\xed\xfa\xce", "mach-o"),
    (b"\xfe\xed\xfa\xcf", "mach-o"),
    (b"\xce\xfa\xed\xfe", "mach-o"),
    (b"\xcf\xfa\xed\xfe", "mach-o"),
    (b"\x00asm", "wasm"),
    (b"dex\n", "dex"),
    (b"SQLite format 3\x00", "sqlite"),
    (b"PAR1", "parquet"),
    (b"\x93NUMPY", "npy"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ole"),  # .xls, .msg, .msi (.doc and .ppt: documents)
    (b"%PDF-", "pdf"),  # read for its text unless only plain text files are
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
    (b"II*\x00", "tiff"),
    (b"MM\x00*", "tiff"),
    (b"8BPS", "psd"),
    (b"\x00\x00\x01\x00", "ico"),
    (b"\xff\x0a", "jpeg-xl"),
    (b"\x00\x00\x00\x0cJXL \r\n\x87\n", "jpeg-xl"),
    (b"OggS", "ogg"),
    (b"fLaC", "flac"),
    (b"\x1aE\xdf\xa3", "matroska"),  # .mkv, .webm
    (b"FLV\x01", "flv"),
    (b"\x30\x26\xb2\x75\x8e\x66\xcf\x11", "asf"),  # .wmv, .wma
    (b"MThd\x00\x00\x00\x06", "midi"),
    (b"wOFF", "woff"),
    (b"wOF2", "woff2"),
    (b"OTTO", "otf"),
    (b"\x00\x01\x00\x00\x00", "ttf"),
)
#: The second four bytes of a RIFF file's form type.
_RIFF_FORMS = {b"WAVE": "wav", b"AVI ": "avi", b"WEBP": "webp"}
#: ISO base media (the "ftyp" box at 4): the brands that are images, else video or audio.
_IMAGE_BRANDS = {
    b"avif": "avif",
    b"avis": "avif",
    b"heic": "heif",
    b"heix": "heif",
    b"mif1": "heif",
}
#: bzip2's compression levels, and ID3's versions (an MP3's tag), as their byte.
_LEVELS = frozenset(bytes([b]) for b in b"123456789")
_ID3_VERSIONS = frozenset({b"\x02", b"\x03", b"\x04"})
#: The bmp header's size of its info block, for the versions of the format in use.
_BMP_INFO_SIZES = frozenset({12, 40, 52, 56, 64, 108, 124})


#: _STARTS by their first byte: a file's first byte picks the few signatures to try.
_BY_FIRST: dict[int, tuple[tuple[bytes, str], ...]] = {}
for _signature, _kind in _STARTS:
    _BY_FIRST[_signature[0]] = (*_BY_FIRST.get(_signature[0], ()), (_signature, _kind))


def container(head: bytes) -> str | None:
    """The kind of file these first bytes begin (zip, gzip, png, mp4, ...), or None for
    bytes that may be text. ``head``: the file's start, HEAD_BYTES of it where it has them."""
    if not head:
        return None
    for signature, kind in _BY_FIRST.get(head[0], ()):
        if head.startswith(signature):
            return kind
    return _structured(head)


def _structured(head: bytes) -> str | None:
    """The kinds whose signature is not a plain prefix: a second field, an offset."""
    level, block = head[3:4], head[4:10]
    # A level 1-9, then a block's magic, or the end-of-stream one of an empty stream.
    if head.startswith(b"BZh") and level in _LEVELS and block in (b"1AY&SY", b"\x17rE8P\x90"):
        return "bzip2"
    if head.startswith(b"RIFF") and head[8:12] in _RIFF_FORMS:
        return _RIFF_FORMS[head[8:12]]
    if head[4:8] == b"ftyp":
        return _IMAGE_BRANDS.get(head[8:12], "mp4")
    if head.startswith(b"ID3") and head[3:4] in _ID3_VERSIONS and head[4:5] == b"\x00":
        return "mp3"
    if len(head) >= 2 and head[0] == 0xFF and head[1] in (0xFB, 0xF3, 0xF2):
        return "mp3"  # an MPEG audio frame's sync word, layer III
    if head[257:262] == b"ustar":
        return "tar"
    if head[32769:32774] == b"CD001":
        return "iso"
    if head.startswith(b"MZ") and len(head) >= 64:
        offset = int.from_bytes(head[60:64], "little")
        if head[offset : offset + 4] == b"PE\x00\x00":
            return "exe"
    bmp_info = int.from_bytes(head[14:18], "little") if len(head) >= 18 else 0
    if head.startswith(b"BM") and head[6:10] == bytes(4) and bmp_info in _BMP_INFO_SIZES:
        return "bmp"
    return None


__all__ = ["HEAD_BYTES", "container"]

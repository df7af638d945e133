"""A file as text: read once under a size cap, as a document's text or as decoded bytes."""

from __future__ import annotations

import errno
import os
import stat
import threading
from collections import OrderedDict
from dataclasses import replace

import xxhash

from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason
from simfind.core.base.paths import FileVersion
from simfind.core.text.documents import Cancel, Limits, extract
from simfind.core.text.documents.formats import DocumentFormat, detect
from simfind.core.text.encoding.decoding import DecodedText, decode_bytes
from simfind.core.text.encoding.sniff import HEAD_BYTES, container

#: Files whose size the system reports as 0 (procfs, sysfs) are read up to this much.
UNSIZED_READ_BYTES = 1024 * 1024
#: Kinds of file (sniff.container) that may be documents read for their text: a zip may be
#: Word, OpenDocument or EPUB, an OLE file old Word, a PDF a PDF. Any other kind is known
#: to be no text from its first bytes, and the rest of it is never read.
_MAYBE_DOCUMENTS = frozenset({"zip", "ole", "pdf"})
# Why a file could not be opened, by error number; any other number: unreadable.
_OPEN_FAILURES = {errno.ENOENT: SkipReason.VANISHED, errno.ELOOP: SkipReason.SYMLINK_LOOP}


class _RecentDocuments:
    """The texts of the documents this process extracted last, by file identity, size
    and modification time: a scan reads its nearest candidates a second time to verify
    them, and a second PDF extraction would cost as much as the first. Bounded by the
    characters held; plain text files are not kept (decoding them again is cheap)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self.entries: OrderedDict[tuple[int, ...], DecodedText] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[int, ...]) -> DecodedText | None:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
            return found

    def put(self, key: tuple[int, ...], decoded: DecodedText) -> None:
        if len(decoded.text) > self.budget // 4:
            return
        with self.lock:
            if key in self.entries:
                return
            self.entries[key] = decoded
            self.held += len(decoded.text)
            while self.held > self.budget:
                _, dropped = self.entries.popitem(last=False)
                self.held -= len(dropped.text)

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.held = 0


#: Characters of extracted document text kept per process.
RECENT_DOCUMENT_CHARS = 32 * 1024 * 1024
_EXTRACTED = _RecentDocuments(RECENT_DOCUMENT_CHARS)


def forget_documents() -> None:
    """Drop the extracted texts this process keeps (for measurements of a first read)."""
    _EXTRACTED.clear()


def read_text(
    path: str | os.PathLike[str],
    max_bytes: int = DEFAULT_MAX_BYTES,
    documents: bool = True,
    cancel: Cancel | None = None,
) -> DecodedText:
    """Read one regular file as text without ever blocking on a FIFO or device.

    The size cap is checked on the open file before anything is read. With
    ``documents``, a Word, PDF, OpenDocument, web page, EPUB or RTF file gives the
    text extracted from it (its text capped at ``max_bytes`` characters);
    ``cancel`` ends such an extraction early (ExtractionCancelled).
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
        key = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, max_bytes)
        if documents:
            known = _EXTRACTED.get(key)
            if known is not None:
                return known
        # What fstat says is there and one byte more (a file that grew shows it); for
        # files whose size the system does not give (procfs) up to UNSIZED_READ_BYTES.
        wanted = min(max_bytes, info.st_size or UNSIZED_READ_BYTES) + 1
        data = read_open_file(fd, min(wanted, HEAD_BYTES))
        if len(data) == HEAD_BYTES < wanted:  # more to come: the first bytes may say enough
            kind = container(data)
            if kind is not None and kind not in _MAYBE_DOCUMENTS:
                raise NotTextError(SkipReason.BINARY, SkipDetail(SkipCause.CONTAINER, format=kind))
            os.lseek(fd, 0, os.SEEK_SET)  # read again whole: no copy of a large file made
            data = read_open_file(fd, wanted)
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
    version = FileVersion.of_stat(info)
    digest = xxhash.xxh3_128_digest(data)
    if documents:
        name = os.path.basename(path)  # noqa: PTH119 (a Path per file costs a scan 5 %)
        try:
            found = extract(name, data, Limits(max_chars=max_bytes), cancel)
        except NotTextError as exc:  # a document with no text to give (a scanned PDF)
            exc.read = (version, digest)
            raise
        if found is not None:
            form = found.format.value
            decoded = DecodedText(found.text, found.encoding, version, form, digest)
            _EXTRACTED.put(key, decoded)
            return decoded
    try:
        decoded = decode_bytes(data)
    except NotTextError as exc:
        why = exc.detail
        form = "" if documents or why is None else _document_left_out(path, data)
        if why is not None and form:
            exc = NotTextError(exc.reason, replace(why, format=form))
        exc.read = (version, digest)  # read whole: its bytes are known all the same
        raise exc from None
    return DecodedText(decoded.text, decoded.encoding, version, digest=digest)


def _document_left_out(path: str | os.PathLike[str], data: bytes) -> str:
    """The format of a document read as plain text (documents=False), whose bytes are no
    text: the skip's detail names it, so that the user learns why ("" if no document)."""
    try:
        found = detect(os.path.basename(path), data)  # noqa: PTH119
    except NotTextError as exc:  # a document never readable (an old .doc): still a document
        return exc.detail.format if exc.detail is not None else ""
    return "" if found is None or found is DocumentFormat.HTML else found.value  # HTML: read


def read_open_file(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes of an open file; OSError (EAGAIN) where a non-blocking read
    finds nothing to read yet, as /proc/kmsg does (a buffered read then returns None)."""
    with os.fdopen(fd, "rb", closefd=False) as stream:
        data = stream.read(limit)
    if data is None:
        raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
    return data

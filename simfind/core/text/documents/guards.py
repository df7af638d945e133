"""What every document reader needs: a time budget, caps on unpacking, safe XML.

Every document is hostile until proven otherwise. A zip member is inflated only
after its declared size, its compression ratio and the archive's member count
pass the caps, and then in chunks that stop at the cap (the declared size can
lie). XML is parsed without entity expansion, DTD loading or network access,
and a part that declares entities is refused outright. The budget is checked
between pages, parts and chunks, so a slow document gives up with a reason and a
cancel is seen within one page or part.
"""

from __future__ import annotations

import io
import time
import zipfile
import zlib
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from simfind.core.base.errors import NotTextError, SkipCause, SkipDetail, SkipReason

if TYPE_CHECKING:
    from lxml import etree

MiB = 1024 * 1024

#: A document's text is refused past this many characters (a 64 MiB text file holds
#: at most as many).
DEFAULT_MAX_CHARS = 64 * MiB
#: Seconds one document may take to read; real ones take well under a second
#: (bench_documents: a 600-page PDF in about 2 s on a busy laptop core).
DEFAULT_SECONDS = 30.0


def refusal(
    reason: SkipReason, cause: SkipCause, kind: str, size: int = 0, limit: int = 0
) -> NotTextError:
    """The error that skips a document, its parameters as numbers and the format's name."""
    return NotTextError(reason, SkipDetail(cause, size=size, limit=limit, format=kind))


def damaged(kind: str) -> NotTextError:
    return refusal(SkipReason.CORRUPT, SkipCause.DAMAGED, kind)


def encrypted(kind: str) -> NotTextError:
    return refusal(SkipReason.ENCRYPTED, SkipCause.PASSWORD, kind)


class Cancel(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class Limits:
    """How far a reader may go with one document."""

    max_chars: int = DEFAULT_MAX_CHARS
    seconds: float = DEFAULT_SECONDS
    #: Zip containers (.docx, .odt, .epub, ...): members in the archive, bytes one
    #: part may inflate to, bytes all parts read may inflate to, and the compression
    #: ratio a part above one MiB may have (deflate cannot pass about 1,030:1; XML
    #: from office software compresses 5-50:1).
    max_members: int = 20_000
    max_part_bytes: int = 64 * MiB
    max_total_bytes: int = 256 * MiB
    max_ratio: int = 200


class ExtractionCancelled(Exception):  # noqa: N818 (a signal, not an error)
    """The caller's cancel token was set while a document was read."""


class Budget:
    """The deadline and cancel token of one document's extraction."""

    def __init__(self, limits: Limits, cancel: Cancel | None = None, kind: str = "") -> None:
        self.limits = limits
        self.cancel = cancel
        self.kind = kind
        self.started = time.monotonic()
        self.deadline = self.started + limits.seconds

    def check(self) -> None:
        """Raise when the caller cancelled or the time is up."""
        if self.cancel is not None and self.cancel.is_set():
            raise ExtractionCancelled
        if time.monotonic() > self.deadline:
            milliseconds = round(self.limits.seconds * 1000)
            raise refusal(
                SkipReason.TIMED_OUT, SkipCause.OVER_BUDGET, self.kind, limit=milliseconds
            )


class TextSink:
    """A document's paragraphs, one per line, refused past the character cap."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.lines: list[str] = []
        self.chars = 0

    def add(self, paragraph: str) -> None:
        paragraph = paragraph.strip()
        if not paragraph:
            return
        self.chars += len(paragraph) + 1
        if self.chars > self.budget.limits.max_chars:
            limit = self.budget.limits.max_chars
            raise refusal(
                SkipReason.TEXT_TOO_LARGE, SkipCause.TEXT_OVER_LIMIT, self.budget.kind, limit=limit
            )
        self.lines.append(paragraph)
        if len(self.lines) % 2048 == 0:
            self.budget.check()

    def add_all(self, paragraphs: Iterable[str]) -> None:
        """``add`` of each, at once: the same lines kept, the same refusal."""
        kept = [line for line in map(str.strip, paragraphs) if line]
        chars = self.chars + sum(map(len, kept)) + len(kept)
        if chars > self.budget.limits.max_chars:
            for line in kept:  # refused where add would refuse
                self.add(line)
        self.chars = chars
        self.lines.extend(kept)
        self.budget.check()

    def text(self) -> str:
        return "\n".join(self.lines)


_CHUNK = MiB


_CENTRAL_ENTRY = b"PK\x01\x02"
_END_RECORD = b"PK\x05\x06"
#: The end record and the longest comment it may carry.
_END_SEARCH = 22 + 65_535


def check_member_count(data: bytes, kind: str, limit: int) -> None:
    """Refuse a zip whose central directory lists more than ``limit`` members, counted
    before any zip reader parses it (zipfile took 9 s and 620 MB to list a million):
    the signatures of its entries between the directory's start and its end record."""
    end = data.rfind(_END_RECORD, max(0, len(data) - _END_SEARCH))
    if end < 0:
        return  # no zip a reader can open: it says so itself
    size = int.from_bytes(data[end + 12 : end + 16], "little")
    start = end - size if 0 < size <= end else 0  # ZIP64 (size 0xFFFFFFFF): all of it
    count = data.count(_CENTRAL_ENTRY, start, end)
    if count > limit:
        raise refusal(SkipReason.ZIP_BOMB, SkipCause.TOO_MANY_PARTS, kind, size=count, limit=limit)


class SafeZip:
    """Read parts of a zip container under the caps of ``Limits``."""

    def __init__(self, data: bytes, kind: str, budget: Budget) -> None:
        self.kind = kind
        self.budget = budget
        self.inflated = 0
        check_member_count(data, kind, budget.limits.max_members)
        try:
            self.archive = zipfile.ZipFile(io.BytesIO(data))
            members = self.archive.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
            raise damaged(kind) from exc
        if len(members) > budget.limits.max_members:
            raise refusal(
                SkipReason.ZIP_BOMB,
                SkipCause.TOO_MANY_PARTS,
                kind,
                size=len(members),
                limit=budget.limits.max_members,
            )
        self.members = {info.filename: info for info in members}

    def __contains__(self, name: str) -> bool:
        return name in self.members

    def names(self) -> list[str]:
        return list(self.members)

    def read(self, name: str) -> bytes:
        """A part's bytes; KeyError when absent, NotTextError when hostile or broken."""
        info = self.members[name]
        limits = self.budget.limits
        if info.flag_bits & 0x1:
            raise encrypted(self.kind)
        if info.file_size > limits.max_part_bytes:
            raise self._bomb(SkipCause.PART_TOO_LARGE, info.file_size, limits.max_part_bytes)
        if info.file_size > MiB and info.file_size > limits.max_ratio * max(1, info.compress_size):
            ratio = info.file_size // max(1, info.compress_size)
            raise self._bomb(SkipCause.COMPRESSION_RATIO, ratio, limits.max_ratio)
        if self.inflated + info.file_size > limits.max_total_bytes:
            total = self.inflated + info.file_size
            raise self._bomb(SkipCause.UNPACKED_TOO_LARGE, total, limits.max_total_bytes)
        self.budget.check()
        chunks: list[bytes] = []
        size = 0
        try:
            with self.archive.open(info) as stream:
                while chunk := stream.read(_CHUNK):
                    size += len(chunk)
                    if size > info.file_size or size > limits.max_part_bytes:
                        cap = min(info.file_size, limits.max_part_bytes)
                        raise self._bomb(SkipCause.PART_TOO_LARGE, size, cap)
                    chunks.append(chunk)
                    self.budget.check()
        except NotTextError:
            raise
        except ExtractionCancelled:
            raise
        except (
            zipfile.BadZipFile,
            zlib.error,
            NotImplementedError,
            OSError,
            EOFError,
            ValueError,
        ) as exc:
            raise damaged(self.kind) from exc
        except RuntimeError as exc:  # zipfile: "File ... is encrypted, password required"
            raise encrypted(self.kind) from exc
        self.inflated += size
        return b"".join(chunks)

    def _bomb(self, cause: SkipCause, size: int, limit: int) -> NotTextError:
        return refusal(SkipReason.ZIP_BOMB, cause, self.kind, size=size, limit=limit)

    def read_xml(self, name: str) -> etree._Element:
        return parse_xml(self.read(name), self.kind)

    def iter_xml(
        self, name: str, tags: Collection[str] | None = None
    ) -> Iterator[tuple[str, etree._Element]]:
        return iter_xml(self.read(name), self.kind, self.budget, tags)


#: A document type declaration stands before the root element, in the first bytes.
_PROLOG_BYTES = 64 * 1024


#: How every XML part is parsed: no entity expanded, no DTD or network read, no huge tree.
_SAFE_PARSING = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}


def _parser() -> etree.XMLParser:
    # One per call: an lxml parser must not be shared between threads. lxml loads
    # with the first document that needs it.
    from lxml import etree

    return etree.XMLParser(**_SAFE_PARSING)


def _entities(kind: str) -> NotTextError:
    return refusal(SkipReason.XML_BOMB, SkipCause.ENTITY_DECLARATIONS, kind)


def _refuse_declared_entities(data: bytes, kind: str) -> None:
    doctype = data.find(b"<!DOCTYPE", 0, _PROLOG_BYTES)
    if doctype >= 0 and data.find(b"<!ENTITY", doctype) >= 0:
        raise _entities(kind)  # refused before any parsing


def _has_entities(tree: etree._ElementTree) -> bool:
    dtd = tree.docinfo.internalDTD
    return dtd is not None and any(True for _ in dtd.iterentities())


def iter_xml(
    data: bytes, kind: str, budget: Budget, tags: Collection[str] | None = None
) -> Iterator[tuple[str, etree._Element]]:
    """An XML part's ("start" | "end", element) events as it is parsed (of the elements
    named ``tags`` only, where given), the budget checked as it goes; the caller clears
    what it has read, so memory stays small. Entity declarations are refused as
    parse_xml refuses them."""
    _refuse_declared_entities(data, kind)
    from lxml import etree

    events = etree.iterparse(
        io.BytesIO(data),
        events=("start", "end"),
        tag=list(tags) if tags is not None else None,
        **_SAFE_PARSING,
    )
    try:
        for count, (event, element) in enumerate(events):
            if count == 0 and _has_entities(element.getroottree()):
                raise _entities(kind)
            if count % 4096 == 4095:
                budget.check()
            yield event, element
    except etree.XMLSyntaxError as exc:
        raise damaged(kind) from exc


def parse_xml(data: bytes, kind: str) -> etree._Element:
    """An XML part's root; entity declarations (billion laughs, external entities) refused."""
    _refuse_declared_entities(data, kind)
    from lxml import etree

    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        raise damaged(kind) from exc
    if _has_entities(root.getroottree()):
        raise _entities(kind)
    return root

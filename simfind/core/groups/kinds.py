"""What a group is, and what each member is to its centre: identical, the same text, or a
near-duplicate.

* **identical**: every member's bytes are the centre's (the same hash of all its bytes);
* **same text**: not all the same bytes, but every member's text, as simfind reads it
  (decoded from its encoding, taken out of its document, Unicode-normalised, case folded,
  white space collapsed, Traditional Chinese read as Simplified unless told otherwise),
  has the centre's words in the centre's order: its similarity to the centre is exactly
  1 (100 %). A text in UTF-8 and in GBK, a .docx and the .txt saved from it, a file with
  CRLF line endings and its LF copy are the same text;
* **near-duplicate**: any other group, whose members are only similar to the centre.

A member's figures (similarity, distance) are always to the centre. A member with the
bytes of another member that is not the centre names that member (``identical_to``),
so that "identical" is never read as "identical to the centre".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Generic, TypeVar

from simfind.core.scan.match import Match


class GroupKind(str, Enum):
    IDENTICAL = "identical"
    SAME_TEXT = "same-text"
    NEAR_DUPLICATE = "near-duplicate"


T = TypeVar("T")


class _OfFile(Generic[T]):
    """A member's fact of its file, read from its match."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, member: Member, owner: type | None = None) -> T:
        return getattr(member.match, self.name)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Member:
    """A file of a group (``match``, as the search read it, never changed by the group)
    and its own figures to the group's centre: its ``similarity`` (exact, or the
    fingerprints' ``estimated`` one), the exact one with nothing discounted (``alone``)
    and ``distance`` (bits); whether it ``is_centre``,
    is ``identical`` to the centre, or ``identical_to`` another member (kinds.relate)."""

    match: Match
    similarity: float | None = None
    distance: int = 0
    is_centre: bool = False
    identical: bool = False
    identical_to: Path | None = None
    #: Its similarity is the fingerprints' estimate (a catalogued file whose drive is
    #: away and whose text the catalogue does not hold), not the exact measure.
    estimated: bool = False
    #: Its exact similarity to the centre with nothing discounted (the folder's shared
    #: text counted, as the two files compared alone are: shared_text.py); None where
    #: the folder shares no text, or the figure is not exact.
    alone: float | None = None

    @property
    def similar(self) -> bool:
        """Whether it is similar to the centre (the centre is, to itself)."""
        return self.similarity is not None

    @property
    def is_reference(self) -> bool:
        """Whether the others are measured against it, as a scan's Match says of its
        reference: the window and the tables read either by this name."""
        return self.is_centre

    # Which file it is, as its match says (read only: the file's facts are the match's).
    path = _OfFile[Path]()
    rel = _OfFile[str]()
    size = _OfFile[int]()
    mtime_ns = _OfFile[int]()
    encoding = _OfFile[str]()
    fingerprint = _OfFile[int]()
    format = _OfFile[str]()
    ino = _OfFile[int]()
    ctime_ns = _OfFile[int]()
    dev = _OfFile[int]()
    digest = _OfFile["bytes | None"]()
    links = _OfFile["tuple[Path, ...]"]()
    by_bytes = _OfFile[bool]()
    catalogue = _OfFile["Path | None"]()


def relate(members: Sequence[Member]) -> list[Member]:
    """The members with what each is to the centre (``members[0]``): ``identical`` to it,
    or ``identical_to`` another member."""
    centre = members[0].match
    first: dict[bytes, Match] = {}
    counts: dict[bytes, int] = {}
    for member in members:
        digest = member.match.digest
        if digest:
            first.setdefault(digest, member.match)
            counts[digest] = counts.get(digest, 0) + 1
    related = [replace(members[0], identical=False, identical_to=None)]
    for member in members[1:]:
        match = member.match
        digest = match.digest
        identical = bool(digest) and digest == centre.digest
        twin_path = None
        if digest and not identical and counts[digest] > 1:
            twin = first[digest]
            if twin is match:  # the first with these bytes names the next one
                twin = next(
                    m.match for m in members if m.match is not match and m.match.digest == digest
                )
            twin_path = twin.path
        if identical != member.identical or twin_path != member.identical_to:
            member = replace(member, identical=identical, identical_to=twin_path)
        related.append(member)
    return related


def kind_of(members: Sequence[Member]) -> GroupKind:
    """What a group is, from what its members are to its centre (``relate``)."""
    rest = members[1:]
    if all(m.identical for m in rest):
        return GroupKind.IDENTICAL
    # An estimate (a catalogued file whose drive is away) never says the texts are the same.
    if all(m.identical or (m.similarity == 1.0 and not m.estimated) for m in rest):
        return GroupKind.SAME_TEXT
    return GroupKind.NEAR_DUPLICATE


__all__ = ["GroupKind", "Member", "kind_of", "relate"]

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
from enum import Enum

from simfind.core.scan.match import Match


class GroupKind(str, Enum):
    IDENTICAL = "identical"
    SAME_TEXT = "same-text"
    NEAR_DUPLICATE = "near-duplicate"


def relate(members: Sequence[Match]) -> None:
    """Set what each member is to the centre (``members[0]``): ``identical`` to it, or
    ``identical_to`` another member."""
    centre = members[0]
    centre.identical, centre.identical_to = False, None
    first: dict[bytes, Match] = {}
    counts: dict[bytes, int] = {}
    for match in members:
        if match.digest:
            first.setdefault(match.digest, match)
            counts[match.digest] = counts.get(match.digest, 0) + 1
    for match in members[1:]:
        digest = match.digest
        match.identical = bool(digest) and digest == centre.digest
        match.identical_to = None
        if digest and not match.identical and counts[digest] > 1:
            twin = first[digest]
            if twin is match:  # the first with these bytes names the next one
                twin = next(m for m in members if m is not match and m.digest == digest)
            match.identical_to = twin.path


def kind_of(members: Sequence[Match]) -> GroupKind:
    """What a group is, from what its members are to its centre (``relate``)."""
    rest = members[1:]
    if all(m.identical for m in rest):
        return GroupKind.IDENTICAL
    # An estimate (a catalogued file whose drive is away) never says the texts are the same.
    if all(m.identical or (m.similarity == 1.0 and not m.estimated) for m in rest):
        return GroupKind.SAME_TEXT
    return GroupKind.NEAR_DUPLICATE


__all__ = ["GroupKind", "kind_of", "relate"]

"""A grouping's answer, kept for the same question about the same files: a second search
for groups of an unchanged folder compares nothing again.

The grouping (linkage/streaming.stream_groups) depends on the question (the folders, the
reading and grouping settings, what identical files are looked for, the code that
answers) and on the files it groups: each one's path, version (size, times, inode) and
fingerprint, the copies that follow each, the pairs the ignore list keeps apart and the
folder's boilerplate. The answer is kept in the cache's table of answers
(core/cache/scans, beside a scan's and the identical files'), under the question, with
a digest of those files; another file, one changed, gone or come, another copy or pair
kept apart, and the digest differs: the files are grouped again, as any search groups
them. Everything else a search does (the walk, the fingerprints from the cache, the
identical files, the records) is done as always; only the candidate search and the
exact comparisons are spared.

The answer: the groups (each member's row, similarity and distance), each member's
figure to its centre with the folder's shared text counted (shared_text.py, by pair of
rows: compared once more after grouping, so kept too), the figures the result reports
(radius, candidates, comparisons) and what a regrouping at another threshold needs
(linkage/grouping.Compared), as NumPy arrays (read back without pickle).
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.index.candidates import Collapsed
from simfind.core.linkage.grouping import Compared, FileGroup, Grouping, GroupingOptions, Member
from simfind.core.linkage.verified import VerifiedPairs
from simfind.core.scan.identical import IdenticalOptions
from simfind.core.scan.match import Match
from simfind.core.scan.memo import code_version
from simfind.core.scan.options import ScanOptions

#: Names the answer's form: change it when pack() or the digest changes.
FORM = "groups2"

_OPTIONAL = ("weights", "row_weights")


def memo_key(
    folders: Sequence[os.PathLike[str] | str],
    references: Sequence[os.PathLike[str] | str],
    options: ScanOptions,
    grouping: GroupingOptions,
    identical: IdenticalOptions,
) -> str:
    """The question, as text: the folders and reference folders, the settings (the
    number of workers and the files left out aside: they change no group) and the code."""
    asked = replace(options, jobs=1, walk=replace(options.walk, leave_out=frozenset()))
    question = (
        FORM,
        code_version(),
        [os.fspath(folder) for folder in folders],
        [os.fspath(folder) for folder in references],
        repr(asked),
        repr(grouping),
        repr(identical),
    )
    data = repr(question).encode("utf-8", "surrogateescape")
    return f"{FORM}:{hashlib.blake2b(data, digest_size=20).hexdigest()}"


def files_digest(
    found: Sequence[Match],
    twins: Mapping[int, Sequence[Match]],
    apart: Sequence[tuple[int, int]],
    common: Boilerplate,
) -> bytes:
    """The files grouped, in their rows' order: each one's path, version and fingerprint;
    the copies that follow each row; the pairs of rows kept apart; the boilerplate."""
    digest = hashlib.blake2b(digest_size=32)

    def version(match: Match) -> str:
        return f"{match.size}\0{match.mtime_ns}\0{match.ino}\0{match.ctime_ns}"

    lines = [f"{os.fspath(m.path)}\0{version(m)}\0{m.fingerprint:x}" for m in found]
    digest.update("\n".join(lines).encode("utf-8", "surrogateescape"))
    for row in sorted(twins):
        copies = "\0".join(f"{os.fspath(c.path)}\0{version(c)}" for c in twins[row])
        digest.update(f"\n{row}\0{copies}".encode("utf-8", "surrogateescape"))
    digest.update(repr(sorted(apart)).encode())
    digest.update(common.values.tobytes())
    digest.update(repr(common.texts).encode("utf-8", "surrogateescape"))
    return digest.digest()


#: A member's figure with nothing discounted, by (centre's row, member's row).
Alone = dict[tuple[int, int], float]


def pack(outcome: Grouping, alone: Alone | None = None) -> bytes:
    """A finished grouping's answer as NumPy arrays (``outcome.found`` must be set), and
    the members' figures with nothing discounted (``alone``)."""
    found = outcome.found
    assert found is not None
    members = [member for group in outcome.groups for member in group.members]
    similarity = [np.nan if m.similarity is None else m.similarity for m in members]
    keys, values = found.verified.arrays()
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "figures": np.array(
            [outcome.radius, outcome.distinct, outcome.candidates, outcome.compared], np.int64
        ),
        "sizes": np.array([len(group.members) for group in outcome.groups], np.int64),
        "rows": np.array([m.row for m in members], np.int64),
        "similarity": np.array(similarity, np.float64),
        "distance": np.array([m.distance for m in members], np.int64),
        "unique": found.nodes.unique,
        "inverse": found.nodes.inverse,
        "first": found.nodes.first,
        "counts": found.nodes.counts,
        "i": found.i,
        "j": found.j,
        "keys": keys,
        "values": values,
        "alone_pairs": np.array(list(alone or {}), np.int64).reshape(-1, 2),
        "alone": np.array(list((alone or {}).values()), np.float64),
    }
    for name in _OPTIONAL:
        held = getattr(found.nodes, name)
        if held is not None:
            arrays[name] = held
    out = io.BytesIO()
    np.savez(out, allow_pickle=False, **arrays)
    return out.getvalue()


def unpack(payload: bytes, fingerprints: npt.NDArray[np.uint64]) -> tuple[Grouping, Alone] | None:
    """The grouping packed, over the rows of ``fingerprints``, and its members' figures
    with nothing discounted; None when it cannot be read or does not fit them."""
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as held:
            arrays = {name: held[name] for name in held.files}
        radius, distinct, candidates, compared = (int(v) for v in arrays["figures"].tolist())
        rows = arrays["rows"].tolist()
        similarity = arrays["similarity"].tolist()
        distance = arrays["distance"].tolist()
        sizes = arrays["sizes"].tolist()
        if not len(rows) == len(similarity) == len(distance) == sum(sizes):
            return None
        if any(not 0 <= row < len(fingerprints) for row in rows):
            return None
        groups, at = [], 0
        for size in sizes:
            members = [
                Member(
                    rows[k], None if similarity[k] != similarity[k] else similarity[k], distance[k]
                )
                for k in range(at, at + size)
            ]
            groups.append(FileGroup(members))
            at += size
        nodes = Collapsed(
            arrays["unique"],
            arrays["inverse"],
            arrays["first"],
            arrays["counts"],
            *(arrays.get(name) for name in _OPTIONAL),
        )
        if len(nodes.inverse) != len(fingerprints):
            return None
        verified = VerifiedPairs(arrays["keys"], arrays["values"])
        pairs, figures = arrays["alone_pairs"].tolist(), arrays["alone"].tolist()
        if len(pairs) != len(figures):
            return None
        alone = {(int(a), int(b)): float(f) for (a, b), f in zip(pairs, figures, strict=True)}
    except (ValueError, TypeError, KeyError, OSError, EOFError):
        return None
    found = Compared(fingerprints, nodes, arrays["i"], arrays["j"], verified)
    return Grouping(groups, radius, distinct, candidates, compared, False, found), alone


def recall(
    cache: FingerprintCache | None, key: str, digest: bytes, fingerprints: npt.NDArray[np.uint64]
) -> tuple[Grouping, Alone] | None:
    """The grouping kept for this question, if it holds for these files."""
    if cache is None:
        return None
    kept = cache.lookup_scan(key)
    if kept is None or kept[0] != digest:
        return None
    outcome = unpack(kept[1], fingerprints)
    if outcome is None:
        cache.forget_scan(key)
    return outcome


def keep(
    cache: FingerprintCache | None,
    key: str,
    digest: bytes,
    outcome: Grouping,
    alone: Alone | None = None,
) -> None:
    """Keep a finished grouping's answer (not a cancelled one: it is part of an answer)."""
    if cache is None or not cache.writable or outcome.cancelled or outcome.found is None:
        return
    cache.store_scan(key, digest, pack(outcome, alone))


__all__ = ["Alone", "files_digest", "keep", "memo_key", "pack", "recall", "unpack"]

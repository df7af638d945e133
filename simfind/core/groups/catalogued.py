"""Catalogues in a search for groups: their files taken part as the folders' do, and each
pair with a catalogued file compared exactly where both texts are at hand (the file on
its drive again, or its text in the catalogue), else estimated from their sketches
(scanning.estimate); a group's member whose figure is an estimate says so."""

from __future__ import annotations

import contextlib
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.base.errors import NotTextError
from simfind.core.cache.catalogue_store import looks_like_catalogue, open_catalogue
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.containment import compare
from simfind.core.compare.verify import Comparable, comparable
from simfind.core.groups.group import Group
from simfind.core.linkage.verified import ComparedBatches, Pair, PairComparer
from simfind.core.scan.catalogued import catalogued, estimate, on_its_drive
from simfind.core.scan.fingerprinting import fingerprint_and_sample
from simfind.core.scan.match import Match, walked_match
from simfind.core.scan.options import ScanOptions
from simfind.core.text.reading import read_text

#: Pairs with a catalogued file compared together, in this process.
_BATCH = 32


def split_sources(sources: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """The folders given, and the catalogues given among them (files)."""
    folders = [s for s in sources if not looks_like_catalogue(s)]
    return folders, [Path(os.path.abspath(s)) for s in sources if looks_like_catalogue(s)]


@dataclass
class Catalogued:
    """The catalogues' files as a search for groups sees them."""

    matches: list[Match] = field(default_factory=list)
    #: The files whose drive is away, and of them those whose text was kept (compressed).
    away: set[Path] = field(default_factory=set)
    texts: dict[Path, bytes] = field(default_factory=dict)
    #: Pairs compared by their sketches' estimate alone (no exact comparison), so far.
    estimates: int = 0

    @property
    def estimated(self) -> set[Path]:
        """The files only an estimate compares: away, and no text kept."""
        return self.away - self.texts.keys()


def load_catalogues(paths: Sequence[Path], options: ScanOptions) -> Catalogued:
    """Every file of the catalogues, checked (CatalogueError for the first that is not
    usable), as a Match with its sketch, at its remembered path."""
    loaded = Catalogued()
    for path in paths:
        with open_catalogue(path) as catalogue:
            roots = [os.fspath(root) + os.sep for root in catalogue.about.roots]
            for item in catalogued(catalogue, options):
                entry = item.entry
                match = walked_match(
                    entry,
                    item.encoding,
                    item.fingerprint,
                    format=item.format,
                    sketch=item.sketch,
                    sample=item.sample,
                    digest=item.digest,
                    catalogue=path,
                )
                loaded.matches.append(match)
                if not on_its_drive(match):
                    loaded.away.add(match.path)
            if catalogue.about.with_texts:
                for root, rel, blob in catalogue.texts():
                    place = Path(roots[root] + (rel if os.sep == "/" else rel.replace("/", os.sep)))
                    if place in loaded.away:
                        loaded.texts[place] = blob
    return loaded


def catalogue_comparer(
    on_disk: PairComparer,
    found: Sequence[Match],
    loaded: Catalogued,
    options: ScanOptions,
    common: Boilerplate = boilerplate.NONE,
) -> PairComparer:
    """Pairs of files on disk by ``on_disk``; pairs with a catalogued file away here."""
    away = {row for row, m in enumerate(found) if m.path in loaded.away}
    forms: dict[int, Comparable | None] = {}
    sketches: dict[int, bytes | None] = {}

    def text_of(row: int) -> str | None:
        match = found[row]
        blob = loaded.texts.get(match.path)
        if blob is not None:
            return zlib.decompress(blob).decode("utf-8", "surrogatepass")
        if row in away:
            return None
        with contextlib.suppress(NotTextError, OSError):
            documents = not options.text_only
            return read_text(match.path, options.max_bytes, documents).text
        return None

    def form_of(row: int) -> Comparable | None:
        if row not in forms:
            text = text_of(row)
            forms[row] = None if text is None else comparable(text, options.features)
        return forms[row]

    def sketch_of(row: int) -> bytes | None:
        match = found[row]
        if match.sketch is not None:
            return match.sketch
        if row not in sketches:  # a file on disk, fingerprinted without its sketch
            sketches[row] = None
            text = text_of(row)
            if text is not None:
                from simfind.core.text.encoding.decoding import DecodedText

                with contextlib.suppress(NotTextError):
                    decoded = DecodedText(text, "")
                    sketches[row] = fingerprint_and_sample(decoded, options.features)[1]
        return sketches[row]

    def one(pair: Pair) -> float | None:
        a, b = pair
        if same_bytes(found[a], found[b]):  # known by their hashes, with no text at hand
            return 1.0
        left, right = form_of(a), form_of(b)
        if left is not None and right is not None:
            return compare(left, right, common).similarity
        first, second = sketch_of(a), sketch_of(b)
        if first is None or second is None:
            return None
        loaded.estimates += 1
        return estimate(first, second)

    def comparer(pairs: list[Pair]) -> ComparedBatches:
        plain = [p for p in pairs if p[0] not in away and p[1] not in away]
        if plain:
            yield from on_disk(plain)
        rest = [p for p in pairs if p[0] in away or p[1] in away]
        for start in range(0, len(rest), _BATCH):
            batch = rest[start : start + _BATCH]
            yield batch, [one(pair) for pair in batch]

    return comparer


def same_bytes(first: Match, second: Match) -> bool:
    """Whether two files are known to hold the same bytes: the same hash of all of them
    (a catalogued file's, kept when catalogued, and a file's here)."""
    return bool(first.digest) and first.digest == second.digest


def mark_estimates(groups: Sequence[Group], loaded: Catalogued) -> None:
    """Each member whose figure to its centre is an estimate says so (never one with the
    centre's bytes: that figure is exact)."""
    estimated = loaded.estimated
    if not estimated:
        return
    for group in groups:
        centre = group.members[0]
        for member in group.members[1:]:
            away = centre.path in estimated or member.path in estimated
            member.estimated = away and not same_bytes(centre, member)

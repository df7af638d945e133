"""A scan's files from a catalogue, and their figures: exact where the file is on its
drive again at its remembered root (unchanged) or its text is in the catalogue, else the
fingerprints' estimate, marked as such (``Match.estimated``).

The estimate is the sketches' (sketch.resemblance, an estimate of the share of word
shingles the two texts have in common, J), as the exact measure's kind of ratio,
2J / (1 + J): the same 2M / (|A| + |B|) form, of shingles rather than of matched words.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem, TextAwayError
from simfind.core.cache.catalogue_store import Catalogue, open_catalogue
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.containment import Exact, compare
from simfind.core.compare.verify import Comparable, comparables
from simfind.core.fingerprint.sketch import resemblance, unpack
from simfind.core.scan.fingerprinting import Fingerprinted
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import Match, VerifiedBatches, Verifier, batches
from simfind.core.scan.walk import FileEntry
from simfind.core.text.encoding.decoding import DecodedText
from simfind.core.text.reading import read_text

_SLASH = os.sep == "/"


def catalogued(catalogue: Catalogue, options: ScanOptions) -> Iterator[Fingerprinted]:
    """Each catalogued file as the fingerprinting hands it on, at its remembered path."""
    about = catalogue.about
    if about.settings != options.job.cache_key() or about.bits != options.features.bits:
        raise CatalogueError(CatalogueProblem.SETTINGS, catalogue.path, about.settings)
    roots = [os.fspath(root) + os.sep for root in about.roots]
    for entry in catalogue.entries():
        o = entry.outcome
        assert o.fingerprint is not None
        rel = entry.rel if _SLASH else entry.rel.replace("/", os.sep)
        version = o.version
        file = FileEntry(
            Path(roots[entry.root] + rel),
            entry.rel,
            version.size,
            version.mtime_ns,
            0,  # no device: a catalogued file is never the reference by its inode
            version.ino,
            version.ctime_ns,
        )
        yield Fingerprinted(
            file, o.fingerprint, o.encoding, True, o.format, o.sketch, o.sample, o.digest
        )


def on_its_drive(match: Match) -> bool:
    """Whether a catalogued file is where it was catalogued, as it was (size and time:
    another mount of the drive gives other inodes and status-change times)."""
    return _as_catalogued(match.path, match.size, match.mtime_ns)


def _as_catalogued(path: Path, size: int, mtime_ns: int) -> bool:
    try:
        info = path.stat()
    except OSError:
        return False
    return info.st_size == size and info.st_mtime_ns == mtime_ns


def catalogued_text(
    catalogue: Path, path: Path, size: int, mtime_ns: int, max_bytes: int, documents: bool
) -> DecodedText:
    """A catalogued file's text, for its diff: the file's own where it is on its drive as
    catalogued, else the text its catalogue kept (--with-texts); TextAwayError where neither
    is at hand, CatalogueError where the catalogue cannot be used."""
    if _as_catalogued(path, size, mtime_ns):
        return read_text(path, max_bytes, documents)
    text = os.fspath(path)
    with open_catalogue(catalogue) as opened:
        if opened.about.with_texts:
            for index, root in enumerate(opened.about.roots):
                prefix = os.fspath(root) + os.sep
                if text.startswith(prefix):
                    rel = text[len(prefix) :]
                    kept = opened.text(index, rel if _SLASH else rel.replace(os.sep, "/"))
                    if kept is not None:
                        return DecodedText(kept, "")
    raise TextAwayError(path, catalogue)


def estimate(reference_sketch: bytes, sketch: bytes | None) -> float:
    """The fingerprints' estimate of the exact similarity (the module's note)."""
    if not sketch or not reference_sketch:
        return 0.0
    jaccard = float(resemblance(unpack(reference_sketch), unpack(sketch)[np.newaxis, :])[0])
    return 2 * jaccard / (1 + jaccard)


def catalogue_verifier(
    catalogue: Catalogue,
    reference: Comparable,
    reference_sketch: bytes,
    options: ScanOptions,
    on_disk: Verifier,
    common: Boilerplate = boilerplate.NONE,
) -> Verifier:
    """Candidates from a catalogue compared: those on their drive by ``on_disk`` (the
    scan's own verifier), those whose text is kept with it, the rest estimated."""
    roots = {os.fspath(root) + os.sep: i for i, root in enumerate(catalogue.about.roots)}

    def place(match: Match) -> tuple[int, str]:
        text = os.fspath(match.path)
        for prefix, index in roots.items():
            if text.startswith(prefix):
                return index, match.rel
        raise AssertionError(f"not from the catalogue: {text}")

    def verify(candidates: list[Match]) -> VerifiedBatches:
        present = [m for m in candidates if on_its_drive(m)]
        here = {id(m) for m in present}
        away = [m for m in candidates if id(m) not in here]
        if present:
            yield from on_disk(present)
        for batch in batches(away):
            values: list[Exact | float | None] = []
            for match in batch:
                if match.identical:  # the reference's bytes, by their hash: exactly the same
                    values.append(Exact(1.0, 1.0, 1.0, 1.0))
                    continue
                text = catalogue.text(*place(match)) if catalogue.about.with_texts else None
                if text is None:
                    match.estimated = True
                    values.append(estimate(reference_sketch, match.sketch))
                else:
                    form = comparables([text], options.features)[0]
                    values.append(compare(reference, form, common))
            yield batch, values

    return verify

"""Rank a folder's files against the reference: distance filters, exact similarity orders."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from simfind.core.features import FeatureSettings
from simfind.core.simhash import distances, to_array
from simfind.core.verify import DEFAULT_THRESHOLD, Comparable, similarity


class CancelToken(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class RankOptions:
    #: The nearest files by distance, always verified exactly.
    verify_top: int = 32
    #: Files within this distance are verified too (None: 3/16 of the bits).
    verify_radius: int | None = None
    #: The verdict: verified similarity from which a file is called similar.
    threshold: float = DEFAULT_THRESHOLD

    def radius(self, bits: int) -> int:
        return self.verify_radius if self.verify_radius is not None else bits * 3 // 16


@dataclass
class Match:
    """One text file of the folder, compared with the reference."""

    path: Path
    rel: str
    size: int
    mtime_ns: int
    encoding: str
    fingerprint: int
    distance: int = 0
    similarity: float | None = None
    similar: bool = False
    is_reference: bool = False


def rank_matches(
    matches: list[Match],
    reference_fingerprint: int,
    reference: Comparable,
    settings: FeatureSettings,
    options: RankOptions,
    load: Callable[[Match], Comparable | None],
    cancel: CancelToken | None = None,
) -> None:
    """Set distances, verify the nearest candidates, and sort ``matches`` in place.

    Verified candidates come first, most similar first (distance breaks ties);
    the rest follow by distance. ``load`` gives a match's text in comparable
    form (None when it can no longer be read).
    """
    if not matches:
        return
    fingerprints = to_array([m.fingerprint for m in matches], settings.bits)
    dist = distances(reference_fingerprint, fingerprints)
    for match, value in zip(matches, dist.tolist(), strict=True):
        match.distance = value
    nearest = np.argsort(dist, kind="stable")[: options.verify_top]
    within = np.flatnonzero(dist <= options.radius(settings.bits))
    for index in sorted(set(nearest.tolist()) | set(within.tolist()), key=lambda i: dist[i]):
        if cancel is not None and cancel.is_set():
            break
        match = matches[index]
        if match.is_reference:
            match.similarity = 1.0
        else:
            other = load(match)
            if other is None:
                continue
            match.similarity = similarity(reference, other, settings)
        match.similar = match.similarity >= options.threshold
    matches.sort(key=rank_key)


def rank_key(match: Match) -> tuple[int, float, int, int, str]:
    return (
        0 if match.similarity is not None else 1,
        -(match.similarity or 0.0),
        match.distance,
        0 if match.is_reference else 1,
        match.rel,
    )

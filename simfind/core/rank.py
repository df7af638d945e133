"""Rank a folder's files against the reference: distance filters, exact similarity orders."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from simfind.core.features import FeatureSettings
from simfind.core.simhash import distances, to_array
from simfind.core.verify import DEFAULT_THRESHOLD

#: Candidates verified per call of ``verify`` (and per task, when it uses a pool).
VERIFY_BATCH = 8


class CancelToken(Protocol):
    def is_set(self) -> bool: ...


@dataclass(frozen=True)
class RankOptions:
    #: The nearest files by distance, always verified exactly.
    verify_top: int = 200
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
    settings: FeatureSettings,
    options: RankOptions,
    verify: Callable[[list[Match]], list[float | None]],
    cancel: CancelToken | None = None,
) -> None:
    """Set distances, verify the nearest candidates, and sort ``matches`` in place.

    Verified candidates come first, most similar first (distance breaks ties);
    the rest follow by distance. ``verify`` gives the exact similarity of a
    batch of candidates to the reference (None for one that can no longer be
    read); it may farm the work out to other processes.
    """
    if not matches:
        return
    fingerprints = to_array([m.fingerprint for m in matches], settings.bits)
    dist = distances(reference_fingerprint, fingerprints)
    for match, value in zip(matches, dist.tolist(), strict=True):
        match.distance = value
    nearest = np.argsort(dist, kind="stable")[: options.verify_top]
    within = np.flatnonzero(dist <= options.radius(settings.bits))
    chosen = sorted(set(nearest.tolist()) | set(within.tolist()), key=lambda i: dist[i])
    candidates = [matches[i] for i in chosen if not matches[i].is_reference]
    for match in matches:
        if match.is_reference:
            match.similarity, match.similar = 1.0, True
    for start in range(0, len(candidates), VERIFY_BATCH):
        if cancel is not None and cancel.is_set():
            break
        batch = candidates[start : start + VERIFY_BATCH]
        for match, value in zip(batch, verify(batch), strict=True):
            match.similarity = value
            match.similar = value is not None and value >= options.threshold
    matches.sort(key=rank_key)


def rank_key(match: Match) -> tuple[int, float, int, int, str]:
    return (
        0 if match.similarity is not None else 1,
        -(match.similarity or 0.0),
        match.distance,
        0 if match.is_reference else 1,
        match.rel,
    )

"""Versions in order: near-duplicate files ordered by their modified time, each linked
to the earlier version it most resembles.

Order: by modified time; files saved at the same moment (to the nanosecond) by what
their names say (naming.name_rank: drafts, then v2, v3, then "final", then copies
"(1)"), then by path. Each version after the first is linked to the earlier version
whose text is most like its own, by the exact similarity the tables show
(verify.shares, with the folder's boilerplate): the one it was most likely edited
from. Between equally like earlier versions, the latest. A version like no earlier one
(below the threshold) starts a chain of its own. So the versions make a forest: one
tree per chain, branching where two versions grew from one. A version no later version
grew from is the newest of its chain (``newest``): with a branch there are several.
Each link carries the step's size in words (steps.step_size).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from simfind.core.base.defaults import DEFAULT_THRESHOLD
from simfind.core.compare import boilerplate as common
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.verify import Comparable, Shares, comparable, shares
from simfind.core.text.features import FeatureSettings, folded_texts
from simfind.core.versions.naming import name_rank
from simfind.core.versions.steps import StepSize, step_size


@dataclass(frozen=True)
class Draft:
    """One file to place among versions: where it is, when it was last modified, its text."""

    path: Path
    mtime_ns: int
    text: str


@dataclass(frozen=True)
class Version:
    """One file placed among versions (``order``: its place in time, from 0)."""

    order: int
    path: Path
    mtime_ns: int
    #: The earlier version it grew from (its ``order``), None for the first of a chain.
    parent: int | None
    #: The exact similarity to that version, and the step from it; None for a first.
    similarity: float | None
    step: StepSize | None
    #: No later version grew from it.
    newest: bool
    #: Its chain (0, 1, ... in the order of their first versions) and its depth in it.
    chain: int
    depth: int
    #: Its modified time is another version's too: placed by its name, then its path.
    tied: bool
    #: The similarity to the earlier version with nothing discounted (the folder's shared
    #: text counted, as the two files compared alone read), and whether the figure is an
    #: estimate (blocks.WORK_LIMIT); None and False for a first.
    alone: float | None = None
    estimated: bool = False


@dataclass(frozen=True)
class Versions:
    """Versions in time order (``versions[i].order == i``)."""

    versions: tuple[Version, ...]

    @property
    def chains(self) -> int:
        return len({v.chain for v in self.versions})

    def children(self, order: int) -> list[Version]:
        """The versions that grew from this one, oldest first."""
        return [v for v in self.versions if v.parent == order]

    def roots(self) -> list[Version]:
        return [v for v in self.versions if v.parent is None]

    def newest(self) -> list[Version]:
        return [v for v in self.versions if v.newest]

    def walk(self) -> list[Version]:
        """Depth first, each version before the ones that grew from it, oldest first:
        the order a tree shows them in."""
        shown: list[Version] = []
        stack = list(reversed(self.roots()))
        while stack:
            version = stack.pop()
            shown.append(version)
            stack.extend(reversed(self.children(version.order)))
        return shown


#: Two versions of the same text.
_SAME = Shares(1.0, 1.0, 1.0, alone=1.0)


def time_order(drafts: Sequence[Draft]) -> list[int]:
    """The drafts' indexes in version order (see the module)."""
    return sorted(
        range(len(drafts)),
        key=lambda i: (drafts[i].mtime_ns, name_rank(drafts[i].path), str(drafts[i].path)),
    )


def order_versions(
    drafts: Sequence[Draft],
    settings: FeatureSettings,
    boilerplate: Boilerplate = common.NONE,
    threshold: float = DEFAULT_THRESHOLD,
    cancelled: Callable[[], bool] = lambda: False,
) -> Versions:
    """The drafts as versions (see the module). ``cancelled`` is asked between versions;
    once it says yes, the versions not yet linked start chains of their own."""
    ordered = [drafts[i] for i in time_order(drafts)]
    forms: list[Comparable] = [comparable(d.text, settings) for d in ordered]
    # A step's words as the versions were compared (Traditional Chinese as Simplified).
    folded = folded_texts([d.text for d in ordered], settings)
    parents: list[int | None] = []
    likeness: list[Shares | None] = []
    for index, draft in enumerate(ordered):
        best: tuple[Shares, int] | None = None
        for earlier in range(index if not cancelled() else 0):
            if ordered[earlier].text == draft.text:
                found = _SAME
            else:
                found = shares(forms[earlier], forms[index], boilerplate)
            if found.similarity >= threshold and (
                best is None or found.similarity >= best[0].similarity
            ):
                best = (found, earlier)
        parents.append(None if best is None else best[1])
        likeness.append(None if best is None else best[0])
    has_child = {p for p in parents if p is not None}
    chains: list[int] = []
    depths: list[int] = []
    roots = 0
    for parent in parents:
        if parent is None:
            chains.append(roots)
            depths.append(0)
            roots += 1
        else:
            chains.append(chains[parent])
            depths.append(depths[parent] + 1)
    times = [d.mtime_ns for d in ordered]
    versions = []
    for index, draft in enumerate(ordered):
        parent, found_of = parents[index], likeness[index]
        versions.append(
            Version(
                order=index,
                path=draft.path,
                mtime_ns=draft.mtime_ns,
                parent=parent,
                similarity=None if found_of is None else found_of.similarity,
                step=None if parent is None else step_size(folded[parent], folded[index]),
                newest=index not in has_child,
                chain=chains[index],
                depth=depths[index],
                tied=times.count(draft.mtime_ns) > 1,
                alone=None if found_of is None else found_of.alone,
                estimated=found_of is not None and found_of.estimated,
            )
        )
    return Versions(tuple(versions))


__all__ = ["Draft", "Version", "Versions", "order_versions", "time_order"]

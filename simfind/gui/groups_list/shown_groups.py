"""Groups made ready for the groups list: each group's items, the sort's keys and order.

``prepare_groups`` is what showing a new list of groups costs, apart from
telling the view: at 25,000 groups of 97,000 files it took 130 ms (the groups'
lists, each group's sort key, the order, a ``Shown`` for each group), so the
pages run it on a pool thread (gui.aside) and the model takes its answer in
one change (``GroupsModel.take_prepared``). No Qt object is touched here.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import numpy as np
from PySide6.QtCore import Qt

T = TypeVar("T")
#: From this many groups, a result's are made ready to show on a pool thread (gui.aside).
SHOW_ASIDE_FROM = 2_000
#: From this many groups, each column's sort keys are worked out with them (30-80 ms a column
#: at 25,000 groups), so that a first click on a header only sorts.
SORT_KEYS_FROM = 2_000


@dataclass(slots=True)
class Shown(Generic[T]):
    """A group as the list shows it."""

    members: list[T]  # the items shown, the centre first where it is shown
    measured: bool  # the centre is among them: figures to it hold
    number: int  # the group's place in the list as given (GroupsModel's _all)


@dataclass
class PreparedGroups:
    """Groups ready to show: ``whole[n]`` shows ``groups[n]``, ``order`` the order sorted."""

    columns: Any  # an ItemColumns
    groups: list[list[Any]]
    sorted_by: tuple[int, Qt.SortOrder] | None
    order: list[int]
    whole: list[Shown[Any]]
    shown: list[Shown[Any]]  # whole in the order sorted
    lengths: np.typing.NDArray[np.int64]  # each group's items, as given
    keys: dict[int, list[Any]] = field(default_factory=dict)  # each column's that sorts


def prepare_groups(
    groups: Sequence[Sequence[Any]],
    columns: Any,
    sorted_by: tuple[int, Qt.SortOrder] | None,
    column_count: int = 0,
) -> PreparedGroups:
    """These groups (each centre first) made ready to show, sorted as ``sorted_by`` says:
    stable, ties in the order given either way (as ``GroupsModel.sort`` orders them). Where
    there are ``SORT_KEYS_FROM`` groups, the keys of every column of ``column_count`` that
    sorts are worked out too (then a first click on a header only sorts)."""
    given = [list(g) for g in groups]
    order = list(range(len(given)))
    wanted = range(column_count) if len(given) >= SORT_KEYS_FROM else ()
    keys: dict[int, list[Any]] = {}
    for column in {*wanted, *([sorted_by[0]] if sorted_by is not None else [])}:
        sort_key = columns.sort_key(column)
        if sort_key is not None:
            keys[column] = [sort_key(members) for members in given]
    if sorted_by is not None and sorted_by[0] in keys:
        order = sorted_order(keys[sorted_by[0]], sorted_by[1] == Qt.SortOrder.DescendingOrder)
    whole = [Shown(members, True, number) for number, members in enumerate(given)]
    lengths = np.fromiter(map(len, given), dtype=np.int64, count=len(given))
    shown = [whole[number] for number in order]
    return PreparedGroups(columns, given, sorted_by, order, whole, shown, lengths, keys)


def places_in(given: Sequence[Sequence[Any]], groups: Sequence[Sequence[Any]]) -> list[int]:
    """Where each of ``groups`` is among ``given``, by its items (the same objects, or
    members of the same matches, in the same order), or -1. Every item's identity compared
    at once in NumPy (tuples of 25,000 groups' items' ids took 200 ms; a loop over the
    groups, 40-60 ms)."""
    if not groups or not given:
        return [-1] * len(groups)
    given_ids, given_starts = _ids(given)
    ids, starts = _ids(groups)
    firsts = given_ids[given_starts[:-1]]
    by_first = np.argsort(firsts, kind="stable")
    ranked = firsts[by_first]
    if (
        (np.diff(given_starts) == 0).any()
        or (np.diff(starts) == 0).any()
        or (ranked[1:] == ranked[:-1]).any()
    ):  # an empty group, or two sharing a first item: by all their items
        whole = {tuple(map(item_id, members)): at for at, members in enumerate(given)}
        return [whole.get(tuple(map(item_id, group)), -1) for group in groups]
    near = np.minimum(np.searchsorted(ranked, ids[starts[:-1]]), len(ranked) - 1)
    at = by_first[near]
    sizes = np.diff(starts)
    found = (ranked[near] == ids[starts[:-1]]) & (np.diff(given_starts)[at] == sizes)
    # Each item beside the item in its place in the group found (where one was).
    offsets = np.arange(len(ids)) - np.repeat(starts[:-1], sizes)
    beside = np.where(np.repeat(found, sizes), given_starts[at].repeat(sizes) + offsets, 0)
    same = np.logical_and.reduceat(given_ids[beside] == ids, starts[:-1]) & found
    places: list[int] = np.where(same, at, -1).tolist()
    return places


def item_id(item: Any) -> int:
    """Which file an item is: a group member's match (a member made again with more of its
    figures, as the search's end gives them, is the same file), else the item itself."""
    return id(getattr(item, "match", item))


def _ids(groups: Sequence[Sequence[Any]]) -> tuple[np.typing.NDArray[np.int64], ...]:
    """The ids of the groups' items one after another, and where each group starts (and
    the end)."""
    sizes = np.fromiter(map(len, groups), dtype=np.int64, count=len(groups))
    starts = np.zeros(len(groups) + 1, dtype=np.int64)
    np.cumsum(sizes, out=starts[1:])
    ids = np.fromiter(
        map(item_id, itertools.chain.from_iterable(groups)), np.int64, int(starts[-1])
    )
    return ids, starts


def sorted_order(keys: list[Any], descending: bool) -> list[int]:
    """The places of ``keys`` in the order of their values, stable either way: what
    ``sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)`` gives. Numbers
    are sorted by NumPy (Python's sort of 25,000 groups' keys took 6 ms)."""
    values = np.asarray(keys)
    if values.ndim != 1 or values.dtype.kind not in "if" or np.isnan(values).any():
        return sorted(range(len(keys)), key=keys.__getitem__, reverse=descending)
    found: list[int] = np.argsort(-values if descending else values, kind="stable").tolist()
    return found


__all__ = [
    "SHOW_ASIDE_FROM",
    "PreparedGroups",
    "Shown",
    "places_in",
    "prepare_groups",
    "sorted_order",
]

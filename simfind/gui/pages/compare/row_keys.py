"""What the results table sorts and filters by, for every row at once (NumPy arrays).

A table of 100,000 files sorted with a Python key per row, or filtered with a
Python test per row, froze the window for 0.2-2 s on each click or keystroke
(bench_gui_rows). Here each row's values are taken once, as the rows arrive, in
arrays; a sort is one stable ``argsort`` of keys computed for all rows at once,
and a filter one vectorised test. The keys are the ones ``results_model._placed``
gives a row, so the order is the one Python's stable sort over those keys gives.

Rows are numbered in the order they came (``add``); everything here is in that order.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from simfind.core.base.paths import time_keys
from simfind.core.scan.rank import Match
from simfind.gui.work.tasks import Job, ahead

Array = npt.NDArray[Any]

# The values every numeric key is made from, per row.
_FIELDS = ("distance", "similarity", "verified", "reference", "size", "mtime", "holds", "held")
# Text columns whose ranks are kept until rows are added (and worked out aside).
_KEPT_RANKS = ("name", "folder")
# Keys blank (placed last) for the rows not compared exactly.
VERIFIED_KINDS = frozenset({"similarity", "holds", "held"})
NUMERIC_KINDS = frozenset({"distance", "similarity", "holds", "held", "size", "modified"})


def _name_of(rel: str) -> str:
    """``PurePath(rel).name``: the walk joins the parts of ``rel`` with "/", and a name
    holds no separator, so the last part is the name."""
    return rel.rpartition("/")[2]


class RowKeys:
    """Per row: its numbers, name, folder, encoding, format and filter text, in arrays."""

    def __init__(self) -> None:
        self.count = 0
        self._chunks: dict[str, list[Array]] = {f: [] for f in _FIELDS}
        self._names: list[Array] = []
        self._texts: list[Array] = []
        # Columns with few distinct values: a code per row, and the values by code.
        self._codes: dict[str, list[Array]] = {
            "folder": [],
            "encoding": [],
            "format": [],
        }
        self._values: dict[str, dict[str, int]] = {"folder": {}, "encoding": {}, "format": {}}
        self._folder_keys: list[str] = []  # by code: the folder's text as sorted
        self._keys: dict[tuple[str, bool], Array] = {}
        self._ranks: dict[str, Array] = {}  # by _KEPT_RANKS kind, until rows are added
        self._ranking: Job[None] | None = None

    # -- rows coming in --------------------------------------------------------------
    def add(self, matches: Sequence[Match], texts: Sequence[str]) -> None:
        """Rows at the end: the matches and what a typed filter is looked for in."""
        self._wait()
        chunks = self._chunks
        chunks["distance"].append(np.array([m.distance for m in matches], np.int64))
        chunks["reference"].append(np.array([m.is_reference for m in matches], bool))
        chunks["size"].append(np.array([m.size for m in matches], np.int64))
        chunks["mtime"].append(time_keys([m.mtime_ns for m in matches]))
        self._verified_chunks(matches)
        self._names.append(np.array([_name_of(m.rel).casefold() for m in matches], np.str_))
        self._texts.append(np.array(texts, np.str_))
        self._code("folder", [m.rel.rpartition("/")[0] for m in matches])
        self._code("encoding", [m.encoding for m in matches])
        self._code("format", [m.format for m in matches])
        self.count += len(matches)
        self._changed()
        self._ranks = {}

    def _verified_chunks(self, matches: Sequence[Match]) -> None:
        chunks = self._chunks
        similarity = [m.similarity for m in matches]
        chunks["verified"].append(np.array([s is not None for s in similarity], bool))
        chunks["similarity"].append(np.array([-1.0 if s is None else s for s in similarity]))
        for field, shares in (
            ("holds", [m.reference_in_file for m in matches]),
            ("held", [m.file_in_reference for m in matches]),
        ):
            chunks[field].append(np.array([-1.0 if s is None else s for s in shares]))

    def _code(self, column: str, values: list[str]) -> None:
        codes = self._values[column]
        for value in set(values).difference(codes):
            codes[value] = len(codes)
            if column == "folder":
                self._folder_keys.append(_folder_key(value))
        self._codes[column].append(np.array([codes[v] for v in values], np.int64))

    def update(self, row: int, match: Match) -> None:
        """The exact comparison's figures of a row changed (the scan's final word)."""
        for field, value in (
            ("verified", match.similarity is not None),
            ("similarity", -1.0 if match.similarity is None else match.similarity),
            ("holds", -1.0 if match.reference_in_file is None else match.reference_in_file),
            ("held", -1.0 if match.file_in_reference is None else match.file_in_reference),
        ):
            self._array(field)[row] = value
        self._changed()

    def _changed(self) -> None:
        self._keys = {}

    # -- the arrays ------------------------------------------------------------------
    def _array(self, field: str) -> Array:
        return _joined(self._chunks[field])

    def distances(self) -> Array:
        return self._array("distance")

    def formats(self) -> Array:
        return _joined(self._codes["format"])

    def format_code(self, name: str) -> int:
        """The code of a format (-1: no row has it)."""
        return self._values["format"].get(name, -1)

    def text_hits(self, text: str) -> Array:
        """The rows whose filter text holds ``text``."""
        texts = _joined(self._texts)
        return np.strings.find(texts, text) >= 0

    # -- sort keys -------------------------------------------------------------------
    def key(self, kind: str, descending: bool, document_format: Callable[[str], str]) -> Array:
        """Every row's sort key for a column (``kind``), as ``results_model._placed``
        gives it: the reference first, the rows not compared last, in either order."""
        found = self._keys.get((kind, descending))
        if found is None:
            if kind in NUMERIC_KINDS:
                found = self._numeric(kind, descending)
            else:
                found = self._textual(kind, descending, document_format)
            self._keys[(kind, descending)] = found
        return found

    def _places(self, blank_last: bool, descending: bool) -> Array:
        place = np.where(self._array("reference"), 0, 1)
        if blank_last:
            place = np.where(place == 1, np.where(self._array("verified"), 1, 2), 0)
        return 2 - place if descending else place

    def _numeric(self, kind: str, descending: bool) -> Array:
        # The same operations, in the same order, as results_model: the same floats.
        a = self._array
        distance, similarity = a("distance"), a("similarity")
        place = self._places(kind in VERIFIED_KINDS, descending)
        if kind == "distance":
            offset = np.where(a("reference"), 0.0, 5.0)
            value = distance * 10.0 + offset - 2.0 * similarity
            span = 1e4
        elif kind == "similarity":
            value, span = similarity * 1e6 - distance, 1e7
        elif kind in ("holds", "held"):
            value, span = a(kind) * 1e6 + similarity * 1e3 - distance, 1e7
        elif kind == "size":
            value, span = a("size"), 1e15
        else:
            value, span = a("mtime"), 1e20
        return place * span + value

    def _textual(self, kind: str, descending: bool, document_format: Callable[[str], str]) -> Array:
        """(place, text) as one integer: the place, then the text's rank among all."""
        self._wait()
        ranks = self._ranks.get(kind)
        if ranks is None:
            ranks = self._rank(kind, document_format)
            if kind in _KEPT_RANKS:  # the others are few to rank, and the format's words vary
                self._ranks[kind] = ranks
        place = self._places(False, descending)
        return place * (int(ranks.max(initial=0)) + 1) + ranks

    def _rank(self, kind: str, document_format: Callable[[str], str] = str) -> Array:
        """Each row's text's rank among all (equal texts rank the same)."""
        if kind == "name":
            _, ranks = np.unique(_joined(self._names), return_inverse=True)
            return ranks.astype(np.int64)
        values = self._values[kind]
        if kind == "folder":
            texts = self._folder_keys
        elif kind == "format":
            texts = [document_format(v).casefold() for v in values]
        else:
            texts = list(values)
        # Equal texts rank the same (two folders may fold to one text).
        order = {text: rank for rank, text in enumerate(sorted(set(texts)))}
        by_code = np.array([order[t] for t in texts], np.int64)
        return by_code[_joined(self._codes[kind])]

    def rank_aside(self) -> None:
        """Rank the names and the folders on another thread, ready for a click on either
        (NumPy sorts the names without holding the interpreter; the folders' Python gives
        it to the window every few milliseconds)."""
        if self._ranking is not None or all(kind in self._ranks for kind in _KEPT_RANKS):
            return
        _joined(self._names), _joined(self._codes["folder"])  # whole before the thread reads

        def work() -> None:
            for kind in _KEPT_RANKS:
                if kind not in self._ranks:
                    self._ranks[kind] = self._rank(kind)

        self._ranking = ahead(work)

    def _wait(self) -> None:
        if self._ranking is not None:
            ranking, self._ranking = self._ranking, None
            ranking.wait()


def _joined(chunks: list[Array]) -> Array:
    """The chunks as one array (kept so: the next call finds it whole)."""
    if len(chunks) != 1:
        whole = np.concatenate(chunks) if chunks else np.zeros(0, np.int64)
        chunks[:] = [whole]
    return chunks[0]


def _folder_key(head: str) -> str:
    """``str(PurePath(rel).parent).casefold()`` of a ``rel`` whose folder part is ``head``:
    the walk joins names with "/", and a path shows them joined with the system's
    separator (PurePath for each new folder took most of the time of a batch of rows)."""
    return head.replace("/", os.sep).casefold() if head else "."


__all__ = ["NUMERIC_KINDS", "VERIFIED_KINDS", "RowKeys"]

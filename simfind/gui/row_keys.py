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
import threading
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from simfind.core.scan.rank import Match

# The values every numeric key is made from, per row.
_FIELDS = ("distance", "similarity", "verified", "reference", "size", "mtime", "holds", "held")
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
        self._chunks: dict[str, list[npt.NDArray[np.generic]]] = {f: [] for f in _FIELDS}
        self._names: list[npt.NDArray[np.str_]] = []
        self._texts: list[npt.NDArray[np.str_]] = []
        # Columns with few distinct values: a code per row, and the values by code.
        self._codes: dict[str, list[npt.NDArray[np.int64]]] = {
            "folder": [],
            "encoding": [],
            "format": [],
        }
        self._values: dict[str, dict[str, int]] = {"folder": {}, "encoding": {}, "format": {}}
        self._folder_keys: list[str] = []  # by code: the folder's text as sorted
        self._keys: dict[tuple[str, bool], npt.NDArray[np.generic]] = {}
        self._name_ranks: npt.NDArray[np.int64] | None = None
        self._ranking: threading.Thread | None = None

    # -- rows coming in --------------------------------------------------------------
    def add(self, matches: Sequence[Match], texts: Sequence[str]) -> None:
        """Rows at the end: the matches and what a typed filter is looked for in."""
        self._wait()
        chunks = self._chunks
        chunks["distance"].append(np.array([m.distance for m in matches], np.int64))
        chunks["reference"].append(np.array([m.is_reference for m in matches], bool))
        chunks["size"].append(np.array([m.size for m in matches], np.int64))
        chunks["mtime"].append(np.array([m.mtime_ns for m in matches], np.int64))
        self._verified_chunks(matches)
        self._names.append(np.array([_name_of(m.rel).casefold() for m in matches], np.str_))
        self._texts.append(np.array(texts, np.str_))
        self._code("folder", [m.rel.rpartition("/")[0] for m in matches])
        self._code("encoding", [m.encoding for m in matches])
        self._code("format", [m.format for m in matches])
        self.count += len(matches)
        self._changed()
        self._name_ranks = None

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
    def _array(self, field: str) -> npt.NDArray[np.generic]:
        return _joined(self._chunks[field])

    def distances(self) -> npt.NDArray[np.int64]:
        return self._array("distance")  # type: ignore[return-value]

    def formats(self) -> npt.NDArray[np.int64]:
        return _joined(self._codes["format"])  # type: ignore[return-value]

    def format_code(self, name: str) -> int:
        """The code of a format (-1: no row has it)."""
        return self._values["format"].get(name, -1)

    def text_hits(self, text: str) -> npt.NDArray[np.bool_]:
        """The rows whose filter text holds ``text``."""
        texts = _joined(self._texts)
        return np.strings.find(texts, text) >= 0  # type: ignore[no-any-return]

    # -- sort keys -------------------------------------------------------------------
    def key(
        self, kind: str, descending: bool, document_format: Callable[[str], str]
    ) -> npt.NDArray[np.generic]:
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

    def _places(self, blank_last: bool, descending: bool) -> npt.NDArray[np.int64]:
        place = np.where(self._array("reference"), 0, 1)
        if blank_last:
            place = np.where(place == 1, np.where(self._array("verified"), 1, 2), 0)
        return 2 - place if descending else place

    def _numeric(self, kind: str, descending: bool) -> npt.NDArray[np.float64]:
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
        return place * span + value  # type: ignore[no-any-return]

    def _textual(
        self, kind: str, descending: bool, document_format: Callable[[str], str]
    ) -> npt.NDArray[np.int64]:
        """(place, text) as one integer: the place, then the text's rank among all."""
        if kind == "name":
            ranks = self.name_ranks()
        else:
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
            ranks = by_code[_joined(self._codes[kind])]
        place = self._places(False, descending)
        return place * (int(ranks.max(initial=0)) + 1) + ranks  # type: ignore[no-any-return]

    def name_ranks(self) -> npt.NDArray[np.int64]:
        """Each row's name's rank among all names (equal names rank the same)."""
        self._wait()
        if self._name_ranks is None:
            self._rank_names()
        assert self._name_ranks is not None
        return self._name_ranks

    def rank_names_aside(self) -> None:
        """Rank the names on another thread, ready for a click on Name (NumPy sorts text
        without holding the interpreter, so the window goes on meanwhile)."""
        if self._name_ranks is None and self._ranking is None:
            names = _joined(self._names)
            self._ranking = threading.Thread(target=self._rank_names, args=(names,), daemon=True)
            self._ranking.start()

    def _rank_names(self, names: npt.NDArray[np.str_] | None = None) -> None:
        if names is None:
            names = _joined(self._names)
        self._name_ranks = np.unique(names, return_inverse=True)[1].astype(np.int64)

    def _wait(self) -> None:
        if self._ranking is not None:
            self._ranking.join()
            self._ranking = None


def _joined(chunks: list[npt.NDArray[np.generic]]) -> npt.NDArray[np.generic]:
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

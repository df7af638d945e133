"""The window's side of the ignore list: entries added and removed off the GUI thread.

Not Duplicates takes effect in the view at once; the entries are written to the
store on a pool thread. Until a write is done they are pending: a search started
meanwhile is handed them beside what it reads from the store, so that a pair set
apart a moment before a new scan never groups again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from simfind.core.ignore.files import side_of
from simfind.core.ignore.pairs import IgnoredPair, IgnoreList, Side
from simfind.core.ignore.store import IgnoreStore, IgnoreStoreError, StoreNotice
from simfind.core.scan.rank import Match
from simfind.gui.work.tasks import TaskRunner

# Two files said not to be duplicates, as the view knows them (path, hash where known).
FilePair = tuple[tuple[Path, bytes | None], tuple[Path, bytes | None]]


def pairs_of(files: Iterable[tuple[Match, Match]]) -> list[FilePair]:
    return [((a.path, a.digest), (b.path, b.digest)) for a, b in files]


def known_pairs(pairs: Sequence[FilePair]) -> list[IgnoredPair]:
    """The entries of the pairs whose two contents are known already (no file read)."""
    return [IgnoredPair.of(Side(da, pa), Side(db, pb)) for (pa, da), (pb, db) in pairs if da and db]


def _entries_of(pairs: Sequence[FilePair]) -> list[IgnoredPair]:
    """Each pair's entry, a content not known yet hashed now (a pair whose file cannot be
    read is left out)."""
    found = []
    for (pa, da), (pb, db) in pairs:
        a, b = side_of(pa, da), side_of(pb, db)
        if a is not None and b is not None:
            found.append(IgnoredPair.of(a, b))
    return found


class IgnoreKeeper(QObject):
    """Adds and removes entries of the user's ignore list, off the GUI thread."""

    # Entries were added or removed (the dialog shows them anew).
    changed = Signal()
    # The list was damaged and set aside (a new one started), or could not be read or
    # written (nothing was changed).
    noticed = Signal(StoreNotice)

    def __init__(
        self, tasks: TaskRunner, folder: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.folder = folder  # the user's data folder where None
        self._pending: list[IgnoredPair] = []

    def store(self) -> IgnoreStore:
        """A store for one job (a thread of its own), its notices heard here."""
        return IgnoreStore(self.folder, on_notice=self.noticed.emit)

    def pending(self) -> IgnoreList:
        """Entries added whose write is not done yet."""
        return IgnoreList(self._pending)

    def add(self, pairs: Sequence[FilePair], on_stored: Callable[[IgnoreList], None]) -> None:
        """Write these pairs' entries; ``on_stored`` takes those stored (their contents
        hashed where the view did not know them)."""
        known = known_pairs(pairs)
        self._pending += known

        def work() -> list[IgnoredPair]:
            return self.store().add(_entries_of(pairs))

        def done(stored: list[IgnoredPair]) -> None:
            self._forget(known)
            on_stored(IgnoreList(stored))
            self.changed.emit()

        self.tasks.run(work, done, lambda error: self._failed(error, known))

    def remove(self, ids: Sequence[int], on_removed: Callable[[int], None]) -> None:
        """Take the entries with these ids off the list (``on_removed``: how many were)."""
        self._change(lambda: self.store().remove(ids), on_removed)

    def clear(self, on_removed: Callable[[int], None]) -> None:
        self._change(lambda: self.store().clear(), on_removed)

    def _change(self, work: Callable[[], int], on_done: Callable[[int], None]) -> None:
        def done(count: int) -> None:
            on_done(count)
            self.changed.emit()

        self.tasks.run(work, done, lambda error: self._failed(error, []))

    def load(self, on_loaded: Callable[[list[IgnoredPair]], None]) -> None:
        self.tasks.run(lambda: self.store().entries(), on_loaded, lambda e: self._failed(e, []))

    def _forget(self, pairs: list[IgnoredPair]) -> None:
        keys = {pair.key for pair in pairs}
        self._pending = [p for p in self._pending if p.key not in keys]

    def _failed(self, error: Exception, pending: list[IgnoredPair]) -> None:
        self._forget(pending)
        if not isinstance(error, IgnoreStoreError):
            raise error
        self.noticed.emit(error.notice)


def read_for_search(store: IgnoreStore, pending: IgnoreList) -> IgnoreList:
    """What a search keeps apart: the store's entries and those not yet written (a list
    that cannot be read: those alone, the store's notice heard)."""
    try:
        return store.load().with_pairs(pending.entries)
    except IgnoreStoreError as error:
        if store.on_notice is not None:
            store.on_notice(error.notice)
        return pending


__all__ = ["FilePair", "IgnoreKeeper", "known_pairs", "pairs_of", "read_for_search"]

"""A rescan that asks the same question of an unchanged folder gets the stored answer;
anything changed is a new question."""

from __future__ import annotations

import os
import sqlite3
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from simfind.core.base.errors import CacheProblem, SkipReason
from simfind.core.cache.files import FILE_NAME
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.cache.scans import KEPT_SCANS
from simfind.core.scan import memo as scan_memo
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions, ScanResult
from simfind.core.scan.rank import Match, Ranking, RankOptions
from simfind.core.scan.scanner import scan
from simfind.core.scan.walk import WalkOptions
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    for index, text in enumerate(ZH_DOCS + EN_DOCS):
        (root / ("sub" if index % 2 else ".") / f"doc{index}.txt").write_text(text, "utf-8")
    (root / "code.py").write_text(CODE, encoding="utf-8")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 8)
    (root / "link").symlink_to(root / "code.py")
    return root


def answer(result: ScanResult) -> list[tuple[Any, ...]]:
    """Everything a scan answers, file by file, in its order; and what it skipped."""
    rows: list[tuple[Any, ...]] = [
        (
            m.path,
            m.rel,
            m.size,
            m.mtime_ns,
            m.encoding,
            m.fingerprint,
            m.distance,
            m.similarity,
            m.similar,
            m.is_reference,
            m.format,
            m.reference_in_file,
            m.file_in_reference,
        )
        for m in result.matches
    ]
    rows += [(s.path, s.rel, s.reason, s.detail) for s in result.skipped]
    return rows


class Spy:
    """Counts the cache's folder lookups: a scan answered from its memo makes none."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lookups = 0
        real = FingerprintCache.lookup_folder

        def counting(cache: FingerprintCache, *args: Any, **kwargs: Any) -> Any:
            self.lookups += 1
            return real(cache, *args, **kwargs)

        monkeypatch.setattr(FingerprintCache, "lookup_folder", counting)


def scan_with(cache: FingerprintCache, reference: Path, folder: Path, **options: Any) -> ScanResult:
    return scan(reference, folder, ScanOptions(**options), ScanContext(cache=cache))


def test_the_same_question_of_an_unchanged_folder_gets_the_same_answer_at_once(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(monkeypatch)
    reference = folder / "doc0.txt"
    with FingerprintCache(tmp_path / "cache") as cache:
        first = scan_with(cache, reference, folder)
        assert spy.lookups == 1
        again = scan_with(cache, reference, folder, jobs=2)  # workers change no answer
        assert spy.lookups == 1  # answered without looking a file up
        assert cache.warnings == []
    assert first.compared > 3 and any(s.reason is SkipReason.BINARY for s in first.skipped)
    assert answer(again) == answer(first)
    assert again.bytes_read == 0 and not again.cancelled
    uncached = scan(reference, folder)  # and it is the answer a scan without a cache gives
    assert answer(again) == answer(uncached)


@pytest.mark.parametrize(
    "change", ["touch a file", "add a file", "remove a file", "touch the reference"]
)
def test_a_changed_folder_is_scanned_again(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str
) -> None:
    spy = Spy(monkeypatch)
    reference = folder / "doc0.txt"
    with FingerprintCache(tmp_path / "cache") as cache:
        scan_with(cache, reference, folder)
        if change == "touch a file":
            (folder / "sub" / "doc1.txt").write_text(ZH_DOCS[1] + "又改了一句。", "utf-8")
        elif change == "add a file":
            (folder / "sub" / "new.txt").write_text(EN_DOCS[0], encoding="utf-8")
        elif change == "remove a file":
            (folder / "code.py").unlink()
        else:
            reference.write_text(ZH_DOCS[0] + "再加一句。", encoding="utf-8")
        again = scan_with(cache, reference, folder)
        assert spy.lookups == 2
        stored = scan_with(cache, reference, folder)  # the new answer, kept in turn
        assert spy.lookups == 2
    assert answer(again) == answer(scan(reference, folder))
    assert answer(stored) == answer(again)


def test_another_question_is_not_answered_by_the_last_one(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(monkeypatch)
    with FingerprintCache(tmp_path / "cache") as cache:
        scan_with(cache, folder / "doc0.txt", folder)
        scan_with(cache, folder / "doc2.txt", folder)  # another reference
        scan_with(cache, folder / "doc0.txt", folder, rank=RankOptions(threshold=0.9))
        contained = RankOptions(ranking=Ranking.CONTAINMENT)
        scan_with(cache, folder / "doc0.txt", folder, rank=contained)
        assert spy.lookups == 4
        scan_with(cache, folder / "doc2.txt", folder)  # each is kept
        assert spy.lookups == 4


def test_a_cancelled_scan_is_no_answer(folder: Path, tmp_path: Path) -> None:
    with FingerprintCache(tmp_path / "cache") as cache:
        cancel = threading.Event()
        # Cancelled once the files are being read: after the walk, before any answer.
        context = ScanContext(progress=lambda _: cancel.set(), cancel=cancel, cache=cache)
        assert scan(folder / "doc0.txt", folder, ScanOptions(), context).cancelled
    with closing(sqlite3.connect(tmp_path / "cache" / FILE_NAME)) as db, db:
        assert db.execute("SELECT count(*) FROM scans").fetchone()[0] == 0


def test_only_the_most_recent_answers_are_kept(folder: Path, tmp_path: Path) -> None:
    references = sorted(folder.rglob("doc*.txt"))
    assert len(references) > KEPT_SCANS
    with FingerprintCache(tmp_path / "cache") as cache:
        for reference in references:
            scan_with(cache, reference, folder)
    with closing(sqlite3.connect(tmp_path / "cache" / FILE_NAME)) as db, db:
        assert db.execute("SELECT count(*) FROM scans").fetchone()[0] == KEPT_SCANS


def test_a_stored_answer_that_cannot_be_read_is_dropped_and_the_scan_made_afresh(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = folder / "doc0.txt"
    with FingerprintCache(tmp_path / "cache") as cache:
        first = scan_with(cache, reference, folder)
    for garbage in (b"not zlib", scan_memo.zlib.compress(b'{"bits": 128}'), b""):
        with closing(sqlite3.connect(tmp_path / "cache" / FILE_NAME)) as db, db:
            db.execute("UPDATE scans SET payload = ?", (garbage,))
        spy = Spy(monkeypatch)
        with FingerprintCache(tmp_path / "cache") as cache:
            again = scan_with(cache, reference, folder)
            problems = [w.problem for w in cache.warnings]
        assert spy.lookups == 1  # scanned
        assert problems == [CacheProblem.ROWS_DAMAGED]
        assert answer(again) == answer(first)
        with FingerprintCache(tmp_path / "cache") as cache:  # and the answer stored anew
            scan_with(cache, reference, folder)
            assert cache.warnings == []


def test_an_answer_whose_values_make_no_sense_is_not_taken(folder: Path) -> None:
    result = scan(folder / "doc0.txt", folder)
    entries = [m for m in result.matches]
    walked = [_entry(m) for m in entries]
    fresh = ScanResult(
        result.reference, result.directory, result.bits, result.reference_fingerprint
    )
    assert scan_memo.unpack(scan_memo.pack(result), fresh, walked) is not None
    assert answer(fresh) == answer(result)
    result.matches[0].distance = "far"  # type: ignore[assignment]
    fresh = ScanResult(
        result.reference, result.directory, result.bits, result.reference_fingerprint
    )
    assert scan_memo.unpack(scan_memo.pack(result), fresh, walked) is None
    fewer = ScanResult(
        result.reference, result.directory, result.bits, result.reference_fingerprint
    )
    assert scan_memo.unpack(scan_memo.pack(result), fewer, walked[1:]) is None


def _entry(match: Match) -> Any:
    from simfind.core.scan.walk import FileEntry

    return FileEntry(
        match.path, match.rel, match.size, match.mtime_ns, 0, match.ino, match.ctime_ns
    )


def test_another_build_of_simfind_asks_another_question(tmp_path: Path) -> None:
    package = tmp_path / "simfind"
    (package / "core").mkdir(parents=True)
    module = package / "core" / "rank.py"
    module.write_text("RANK = 1\n", encoding="utf-8")
    built = scan_memo.code_version(package)
    assert scan_memo.code_version(package) == built
    scan_memo.code_version.cache_clear()
    module.write_text("RANK = 2\n", encoding="utf-8")
    os.utime(module, ns=(0, module.stat().st_mtime_ns + 1_000_000_000))
    assert scan_memo.code_version(package) != built
    assert scan_memo.code_version() != built  # the real package is another build again


def test_an_output_written_anew_between_rescans_asks_no_new_question(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command line leaves its output file out of the walk, by inode; each run writes
    # it anew (another inode). Inside the folder or not, the rescan is the same question.
    spy = Spy(monkeypatch)
    reference = folder / "doc0.txt"
    answers = []
    with FingerprintCache(tmp_path / "cache") as cache:
        for output in (tmp_path / "out.json", folder / "out.json"):
            for _ in range(3):
                replaced = output.with_suffix(".new")
                replaced.write_text("[]", encoding="utf-8")
                replaced.replace(output)
                info = output.stat()
                walk = WalkOptions(leave_out=frozenset({(info.st_dev, info.st_ino)}))
                answers.append(answer(scan_with(cache, reference, folder, walk=walk)))
        assert spy.lookups == 1  # the first scan; then the stored answer, each time
    assert all(a == answers[0] for a in answers)
    assert all(row[1] != "out.json" for row in answers[0])

"""Scanning real folders: ranking, skips, the reference, cancel, pools, no writes."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from simfind.core.base.errors import InputError, InputProblem, SkipReason
from simfind.core.runs import jobs as pool
from simfind.core.runs import progress
from simfind.core.runs.jobs import make_pool
from simfind.core.runs.progress import Progress
from simfind.core.runs.worker_pool import WORKER_NICENESS
from simfind.core.scan import fingerprinting
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.rank import RankOptions, rank_key
from simfind.core.scan.scanner import scan
from simfind.core.scan.walk import WalkOptions, walk
from tests.texts import CODE, EN_DOCS, ZH_DOCS

scan_core = importlib.import_module("simfind.core.scan.scanner")


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    (folder / "sub").mkdir(parents=True)
    for index, text in enumerate(ZH_DOCS):
        if index != 3:  # document 3 is present only as an edited copy, in GBK
            (folder / f"zh{index}.txt").write_text(text, encoding="utf-8")
    for index, text in enumerate(EN_DOCS):
        (folder / "sub" / f"en{index}.md").write_text(text, encoding="utf-8")
    (folder / "parse.py").write_text(CODE, encoding="utf-8")
    edited = ZH_DOCS[3].replace("明显降温", "大幅降温").replace("三天左右", "四天左右")
    (folder / "sub" / "weather_gbk.txt").write_bytes(edited.encode("gbk"))
    (folder / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(300))
    (folder / "empty.txt").write_bytes(b"")
    return folder


def reference_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "reference.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_near_duplicate_ranks_first_and_is_called_similar(
    tmp_path: Path, corpus: Path, untouched
) -> None:
    check = untouched(corpus)
    result = scan(reference_file(tmp_path, ZH_DOCS[3]), corpus)
    check()
    best = result.matches[0]
    assert best.rel == "sub/weather_gbk.txt"
    assert best.encoding == "gb18030"
    assert best.similar and best.similarity is not None and best.similarity > 0.9
    assert not any(m.similar for m in result.matches[1:])
    assert len(result.matches) == len(ZH_DOCS) - 1 + len(EN_DOCS) + 2
    reasons = {s.rel: s.reason for s in result.skipped}
    assert reasons == {"image.png": SkipReason.BINARY, "empty.txt": SkipReason.EMPTY}


def test_reference_inside_the_folder_is_listed_first_and_marked(corpus: Path) -> None:
    result = scan(corpus / "parse.py", corpus)
    first = result.matches[0]
    assert first.is_reference and first.distance == 0 and first.similarity == 1.0
    assert sum(m.is_reference for m in result.matches) == 1


def test_rows_carry_distance_and_exact_similarity(tmp_path: Path, corpus: Path) -> None:
    result = scan(
        reference_file(tmp_path, EN_DOCS[2]), corpus, ScanOptions(rank=RankOptions(verify_top=3))
    )
    verified = [m for m in result.matches if m.similarity is not None]
    assert len(verified) >= 3
    # Verified rows come first, best first; the rest follow by distance.
    sims = [m.similarity for m in verified]
    assert sims == sorted(sims, reverse=True)
    rest = [m.distance for m in result.matches[len(verified) :]]
    assert rest == sorted(rest)


def test_include_and_exclude_patterns(tmp_path: Path, corpus: Path) -> None:
    options = ScanOptions(walk=WalkOptions(include=("*.txt",), exclude=("sub/",)))
    result = scan(reference_file(tmp_path, ZH_DOCS[0]), corpus, options)
    expected = sorted(f"zh{i}.txt" for i in range(len(ZH_DOCS)) if i != 3)
    assert sorted(m.rel for m in result.matches) == expected


def problem(action) -> InputError:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as caught:
        action()
    return caught.value


def test_unusable_reference_and_folder_raise_input_errors(tmp_path: Path, corpus: Path) -> None:
    missing = problem(lambda: scan(tmp_path / "missing.txt", corpus))
    assert (missing.problem, missing.path) == (
        InputProblem.REFERENCE_MISSING,
        tmp_path / "missing.txt",
    )
    empty = problem(lambda: scan(corpus / "empty.txt", corpus))
    assert (empty.problem, empty.reason) == (InputProblem.REFERENCE_NOT_TEXT, SkipReason.EMPTY)
    assert problem(lambda: scan(corpus / "parse.py", tmp_path / "nowhere")).problem is (
        InputProblem.FOLDER_MISSING
    )
    assert problem(lambda: scan(corpus / "parse.py", corpus / "parse.py")).problem is (
        InputProblem.NOT_A_FOLDER
    )


def test_cancel_stops_early_and_keeps_what_was_found(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(200):
        (folder / f"f{index:03}.txt").write_text(f"{EN_DOCS[index % 3]} {index}", encoding="utf-8")
    cancel = threading.Event()
    seen: list[Progress] = []

    def on_progress(progress: Progress) -> None:
        seen.append(progress)
        if progress.files_done >= 20:
            cancel.set()

    interval = progress.PROGRESS_INTERVAL
    try:
        progress.PROGRESS_INTERVAL = 0.0
        result = scan(folder / "f000.txt", folder, ScanOptions(), ScanContext(on_progress, cancel))
    finally:
        progress.PROGRESS_INTERVAL = interval
    assert result.cancelled
    assert 20 <= len(result.matches) < 200
    assert seen[0].files_total == 200


def test_progress_tells_reading_from_verifying(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0.0)
    for index in range(20):
        (corpus / f"copy{index}.txt").write_text(f"{ZH_DOCS[index % 3]} {index}", "utf-8")
    seen: list[Progress] = []
    options = ScanOptions(rank=RankOptions(verify_top=17, verify_radius=0))
    result = scan(reference_file(tmp_path, ZH_DOCS[0]), corpus, options, ScanContext(seen.append))
    stages = [p.stage for p in seen]
    reading = [p for p in seen if p.stage == "reading"]
    verifying = [p for p in seen if p.stage == "verifying"]
    assert stages == ["reading"] * len(reading) + ["verifying"] * len(verifying)
    everything = len(result.matches) + len(result.skipped)
    assert reading[-1].files_done == reading[-1].files_total == everything
    verified = [m for m in result.matches if m.similarity is not None]
    assert 17 <= len(verified) < len(result.matches)
    assert {p.files_total for p in verifying} == {len(verified)}
    done = [p.files_done for p in verifying]
    assert done[0] == 0 and done[-1] == len(verified) and done == sorted(done)
    assert verifying[-1].bytes_done == verifying[-1].bytes_total == sum(m.size for m in verified)


def test_progress_comes_a_few_times_a_second(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for index in range(300):
        (folder / f"f{index:03}.txt").write_text(f"{EN_DOCS[index % 3]} {index}", "utf-8")
    real_read = fingerprinting.read_text

    def slow_disk(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.003)
        return real_read(path, *args, **kwargs)

    monkeypatch.setattr(fingerprinting, "read_text", slow_disk)
    calls: list[Progress] = []
    started = time.monotonic()
    scan(folder / "f000.txt", folder, ScanOptions(), ScanContext(calls.append))
    elapsed = time.monotonic() - started
    reading = [p for p in calls if p.stage == "reading"]
    assert elapsed > 0.9  # 300 files at 3 ms or more each
    # One call per PROGRESS_INTERVAL, plus the first and the last of each stage.
    assert len(calls) <= elapsed / progress.PROGRESS_INTERVAL + 4
    assert reading[-1].files_done == 300 and len(reading) >= 3


def test_cancel_stops_the_walk_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "deep"
    for index in range(300):
        sub = folder / f"d{index % 30:02}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"f{index:03}.txt").write_text(f"{EN_DOCS[index % 3]} {index}", encoding="utf-8")
    walked: list[object] = []
    cancel = threading.Event()

    def counting_walk(*args: Any, **kwargs: Any) -> Iterator[object]:
        for found in walk(*args, **kwargs):
            walked.append(found)
            if len(walked) == 10:
                cancel.set()
            yield found

    monkeypatch.setattr(importlib.import_module("simfind.core.scan.folders"), "walk", counting_walk)
    result = scan(folder / "d00" / "f000.txt", folder, ScanOptions(), ScanContext(cancel=cancel))
    assert result.cancelled
    assert len(walked) == 10
    assert result.matches == []


def test_a_process_pool_gives_the_same_answer(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = reference_file(tmp_path, ZH_DOCS[3])
    inline = scan(reference, corpus)
    with make_pool(2) as workers:
        pooled = scan(reference, corpus, ScanOptions(jobs=2), ScanContext(executor=workers))
    # No pool given: with a lot to verify, the scan starts one of its own for that.
    pools: list[Any] = []
    monkeypatch.setattr(pool, "SMALL_SCAN_BYTES", 0)
    monkeypatch.setattr(scan_core, "make_pool", lambda jobs: pools.append(jobs) or make_pool(jobs))
    own = scan(reference, corpus, ScanOptions(jobs=2))
    assert pools == [2]
    as_rows = lambda r: [(m.rel, m.fingerprint, m.distance, m.similarity) for m in r.matches]  # noqa: E731
    assert as_rows(pooled) == as_rows(inline) == as_rows(own)
    assert [s.rel for s in pooled.skipped] == [s.rel for s in inline.skipped]


POOLED_SCAN = """
import sys
from pathlib import Path
from simfind.core.scan.context import ScanContext
from simfind.core.runs.jobs import make_pool
from simfind.core.scan.scanner import scan

if __name__ == "__main__":
    reference, folder = Path(sys.argv[1]), Path(sys.argv[2])
    with make_pool(2) as pool:
        result = scan(reference, folder, context=ScanContext(executor=pool))
    print(result.matches[0].rel, result.matches[0].similar)
    print(sorted(name for name in ("jieba", "rjieba") if name in sys.modules))
"""


def test_a_pool_does_all_the_reading_and_segmenting(tmp_path: Path, corpus: Path) -> None:
    # A window's process keeps its GIL for the window: the Chinese reference is
    # read and cut by jieba in the pool, which never loads the segmenter here.
    script = tmp_path / "pooled_scan.py"
    script.write_text(POOLED_SCAN, encoding="utf-8")
    reference = reference_file(tmp_path, ZH_DOCS[3])
    done = subprocess.run(
        [sys.executable, str(script), str(reference), str(corpus)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.splitlines() == ["sub/weather_gbk.txt True", "[]"]
    with make_pool(1) as workers:
        context = ScanContext(executor=workers)
        missing = problem(lambda: scan(tmp_path / "missing.txt", corpus, context=context))
        # Read in the pool, the reference's problem comes back whole.
        blank = corpus / "blank.txt"
        blank.write_text(" \n\t\n", encoding="utf-8")
        empty = problem(lambda: scan(blank, corpus, context=context))
        # A reference that is no text comes back from the pool as such: its copies are found.
        copies = scan(corpus / "image.png", corpus, context=context)
    assert missing.problem is InputProblem.REFERENCE_MISSING
    assert (empty.problem, empty.reason, empty.path) == (
        InputProblem.REFERENCE_NOT_TEXT,
        SkipReason.EMPTY,
        blank,
    )
    assert empty.detail is not None
    assert copies.by_bytes and [m.rel for m in copies.matches] == ["image.png"]


@pytest.mark.skipif(not hasattr(os, "nice"), reason="Unix nice levels")
def test_pool_workers_yield_the_cpu_to_the_window() -> None:
    ours = os.nice(0)
    with make_pool(1, background=True) as workers:
        theirs = workers.submit(os.nice, 0).result()
    with make_pool(1) as workers:  # the command line's: as fast as its parent
        plain = workers.submit(os.nice, 0).result()
    assert (theirs, plain) == (min(19, ours + WORKER_NICENESS), ours)


def test_cancel_while_the_pool_is_busy_with_the_reference(tmp_path: Path, corpus: Path) -> None:
    cancel = threading.Event()
    with make_pool(1) as workers:
        busy = workers.submit(time.sleep, 3)  # the reference waits behind this
        threading.Timer(0.2, cancel.set).start()
        context = ScanContext(cancel=cancel, executor=workers)
        result = scan(reference_file(tmp_path, ZH_DOCS[0]), corpus, context=context)
        assert not busy.done()  # the scan did not wait for the pool to get to it
    assert result.cancelled and result.matches == [] and result.skipped == []


def test_cancel_while_verifying_keeps_the_verified(
    tmp_path: Path, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "PROGRESS_INTERVAL", 0.0)
    for index in range(40):
        (corpus / f"copy{index}.txt").write_text(f"{ZH_DOCS[index % 3]} {index}", "utf-8")
    cancel = threading.Event()

    def on_progress(progress: Progress) -> None:
        if progress.stage == "verifying" and progress.files_done > 0:
            cancel.set()

    result = scan(
        reference_file(tmp_path, ZH_DOCS[0]),
        corpus,
        ScanOptions(),
        ScanContext(on_progress, cancel),
    )
    assert result.cancelled
    verified = [m for m in result.matches if m.similarity is not None]
    assert 0 < len(verified) < len(result.matches) - 10
    assert result.matches[: len(verified)] == sorted(verified, key=rank_key)


def test_matches_stream_out_while_scanning(tmp_path: Path, corpus: Path) -> None:
    batches: list[list] = []
    result = scan(reference_file(tmp_path, ZH_DOCS[0]), corpus, on_matches=batches.append)
    streamed = [m for batch in batches for m in batch]
    assert sorted(m.rel for m in streamed) == sorted(m.rel for m in result.matches)
    final = {m.rel: m.distance for m in result.matches}
    assert all(m.distance == final[m.rel] and m.similarity is None for m in streamed)


def _identical_folder(tmp_path: Path) -> tuple[Path, Path]:
    from tests.texts import ZH_DOCS

    text = "\n".join([ZH_DOCS[0], ZH_DOCS[1]]) + "\n"
    reference = tmp_path / "note.txt"
    reference.write_text(text, encoding="utf-8")
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "copy.txt").write_bytes(reference.read_bytes())
    (folder / "gbk.txt").write_bytes(text.encode("gbk"))
    (folder / "crlf.txt").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    (folder / "other.txt").write_text(ZH_DOCS[3], encoding="utf-8")
    return reference, folder


def _check_identical(result: Any) -> None:
    found = {m.rel: m for m in result.matches}
    assert found["copy.txt"].identical and found["copy.txt"].similarity == 1.0
    for rel in ("gbk.txt", "crlf.txt"):
        assert not found[rel].identical and found[rel].similarity == 1.0
    assert not found["other.txt"].identical


def test_a_byte_identical_copy_is_told_apart_from_the_same_text(tmp_path: Path) -> None:
    """Identical is not similar: the same bytes, against the same text in other bytes
    (another encoding, other line endings), both 100 % similar; read, then from the
    fingerprint cache, then from the stored answer."""
    from simfind.core.cache.fingerprints import FingerprintCache
    from simfind.core.scan.context import ScanContext

    reference, folder = _identical_folder(tmp_path)
    _check_identical(scan(reference, folder, ScanOptions()))
    with FingerprintCache(tmp_path / "cache") as cache:
        for _ in range(2):
            _check_identical(scan(reference, folder, ScanOptions(), ScanContext(cache=cache)))


def test_identical_files_from_the_fingerprint_cache(
    tmp_path: Path, without_stored_answers: None
) -> None:
    from simfind.core.cache.fingerprints import FingerprintCache
    from simfind.core.scan.context import ScanContext

    reference, folder = _identical_folder(tmp_path)
    with FingerprintCache(tmp_path / "cache") as cache:
        for _ in range(2):
            result = scan(reference, folder, ScanOptions(), ScanContext(cache=cache))
            _check_identical(result)
        assert result.bytes_read == 0  # the second scan read no file

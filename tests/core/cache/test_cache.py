"""The SQLite fingerprint cache: rescans read nothing, changes are seen, damage is survived."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from dataclasses import replace
from pathlib import Path

import pytest

from simfind.core.base.errors import CacheProblem
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.text import reading as textio
from simfind.core.text.features import FeatureSettings
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS + EN_DOCS):
        (root / f"doc{index}.txt").write_text(text, encoding="utf-8")
    (root / "code.py").write_text(CODE, encoding="utf-8")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 8)
    return root


def counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every file the engine opens for its contents."""
    opened: list[str] = []
    original = textio.read_text

    def spy(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        opened.append(os.fspath(path))
        return original(path, *args, **kwargs)

    monkeypatch.setattr("simfind.core.scan.fingerprinting.read_text", spy)
    return opened


def rows(result):  # type: ignore[no-untyped-def]
    return [(m.rel, m.fingerprint, m.distance, m.encoding) for m in result.matches]


@pytest.mark.usefixtures("without_stored_answers")
def test_second_scan_of_an_unchanged_folder_reads_no_file(
    folder: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch, untouched
) -> None:
    check = untouched(folder)
    reference = folder / "doc0.txt"
    with FingerprintCache() as cache:
        first = scan(reference, folder, context=ScanContext(cache=cache))
    opened = counting_reads(monkeypatch)
    with FingerprintCache() as cache:
        second = scan(reference, folder, context=ScanContext(cache=cache))
    assert opened == []  # binary files too: their skip reason is remembered
    assert rows(second) == rows(first)
    as_skips = lambda r: [(s.rel, s.reason, s.detail) for s in r.skipped]  # noqa: E731
    assert as_skips(second) == as_skips(first)  # details too: the cache keeps them typed
    assert any(s.detail is not None for s in first.skipped)
    assert second.bytes_read == 0 < first.bytes_read
    check()
    assert not any(p.name.endswith(".sqlite3") for p in folder.rglob("*"))
    assert (private_cache / "fingerprints.sqlite3").exists()


def test_a_changed_file_is_read_again(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reference = folder / "doc0.txt"
    with FingerprintCache() as cache:
        scan(reference, folder, context=ScanContext(cache=cache))
    changed = folder / "doc1.txt"
    changed.write_text(ZH_DOCS[1] + "新增的一句话。", encoding="utf-8")
    os.utime(changed, ns=(changed.stat().st_atime_ns, changed.stat().st_mtime_ns + 10**9))
    opened = counting_reads(monkeypatch)
    with FingerprintCache() as cache:
        result = scan(reference, folder, context=ScanContext(cache=cache))
    assert [Path(p).name for p in opened] == ["doc1.txt"]
    fresh = scan(reference, folder)  # no cache at all
    assert rows(result) == rows(fresh)


def test_settings_are_part_of_the_key(folder: Path) -> None:
    reference = folder / "doc0.txt"
    with FingerprintCache() as cache:
        narrow = scan(
            reference,
            folder,
            ScanOptions(features=FeatureSettings(bits=64)),
            ScanContext(cache=cache),
        )
        wide = scan(
            reference,
            folder,
            ScanOptions(features=FeatureSettings(bits=128)),
            context=ScanContext(cache=cache),
        )
    assert {m.fingerprint.bit_length() <= 64 for m in narrow.matches} == {True}
    assert any(m.fingerprint.bit_length() > 64 for m in wide.matches)


@pytest.mark.parametrize(
    "damage",
    [b"this is not a database at all" * 100, b"SQLite format 3\x00" + bytes(4000)],
)
def test_a_corrupt_cache_is_set_aside_with_a_warning(
    folder: Path, private_cache: Path, damage: bytes
) -> None:
    (private_cache / "fingerprints.sqlite3").write_bytes(damage)
    with FingerprintCache() as cache:
        assert cache.warnings and cache.warnings[0].problem is CacheProblem.DAMAGED
        assert cache.warnings[0].path is not None and cache.warnings[0].path.exists()
        result = scan(folder / "doc0.txt", folder, context=ScanContext(cache=cache))
    assert result.matches
    assert list(private_cache.glob("fingerprints.sqlite3.broken-*"))


def test_a_foreign_sqlite_file_is_not_ours(private_cache: Path) -> None:
    with closing(sqlite3.connect(private_cache / "fingerprints.sqlite3")) as other, other:
        other.execute("CREATE TABLE notes (text TEXT)")
    with FingerprintCache() as cache:
        assert [w.problem for w in cache.warnings] == [CacheProblem.FOREIGN]
        assert cache.entries() == 0


def test_two_processes_scanning_at_once_share_the_cache(folder: Path, private_cache: Path) -> None:
    script = (
        "import sys; from pathlib import Path\n"
        "from simfind.core.cache.fingerprints import FingerprintCache\n"
        "from simfind.core.scan.context import ScanContext\n"
        "from simfind.core.scan.scanner import scan\n"
        "for _ in range(5):\n"
        "    with FingerprintCache() as c:\n"
        "        r = scan(Path(sys.argv[1]) / 'doc0.txt', Path(sys.argv[1]),\n"
        "                 context=ScanContext(cache=c))\n"
        "print(len(r.matches))"
    )
    env = {**os.environ, "SIMFIND_CACHE_DIR": str(private_cache)}
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(folder)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert {out.strip() for out, _ in outputs} == {str(len(ZH_DOCS) + len(EN_DOCS) + 1)}
    with FingerprintCache() as cache:
        assert cache.entries() == len(ZH_DOCS) + len(EN_DOCS) + 2


def test_cache_command_shows_and_clears(folder: Path, private_cache: Path, capsys) -> None:
    from simfind.cli import main

    assert main(["scan", str(folder / "doc0.txt"), str(folder), "--format", "json"]) == 0
    capsys.readouterr()
    assert main(["cache", "info"]) == 0
    info = capsys.readouterr().out
    assert str(private_cache) in info and "entries:  " in info
    assert main(["cache", "clear"]) == 0
    with FingerprintCache() as cache:
        assert cache.entries() == 0


def test_no_cache_leaves_no_cache(folder: Path, private_cache: Path, capsys) -> None:
    from simfind.cli import main

    assert main(["scan", str(folder / "doc0.txt"), str(folder), "--no-cache", "-q"]) == 0
    assert not (private_cache / "fingerprints.sqlite3").exists()


def test_a_path_has_one_key_however_it_is_written(tmp_path: Path) -> None:
    plain = tmp_path / "a" / "b.txt"
    for spelling in (f"{tmp_path}/a/./b.txt", f"{tmp_path}//a/b.txt", f"{tmp_path}/a/../a/b.txt"):
        assert FingerprintCache.key(spelling) == FingerprintCache.key(plain)
    assert FingerprintCache.key(plain) == os.fsencode(str(plain))


# The fingerprints table as main wrote it before issues 17 and 19 met: schema 2; schema 3
# with the documents' format column; schema 4 (issue 19) with inode and ctime too (no
# sketch, no prepared texts).
_OLD_TABLE = """
CREATE TABLE fingerprints (
    path BLOB NOT NULL, settings TEXT NOT NULL, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, fingerprint TEXT, encoding TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''{extra},
    PRIMARY KEY (path, settings)
) WITHOUT ROWID;
"""


@pytest.mark.parametrize("version", [2, 3, 4, 5, 6, 7])
def test_an_older_cache_is_dropped_not_misread(folder: Path, tmp_path: Path, version: int) -> None:
    """Its fingerprints were made by other features: a scan must not take them."""
    from simfind.core.cache.files import FILE_NAME
    from simfind.core.cache.schema import APPLICATION_ID, SCHEMA_VERSION
    from simfind.core.scan.fingerprinting import Job

    store = tmp_path / "old-cache"
    store.mkdir()
    db = sqlite3.connect(store / FILE_NAME)
    extra = {
        2: "",
        3: ", format TEXT NOT NULL DEFAULT 'text'",
        4: ", format TEXT NOT NULL DEFAULT 'text', ino INTEGER NOT NULL DEFAULT 0,"
        " ctime_ns INTEGER NOT NULL DEFAULT 0",
        # 5 had no excerpt samples: its rows would leave every file out of that index.
        5: ", format TEXT NOT NULL DEFAULT 'text', ino INTEGER NOT NULL DEFAULT 0,"
        " ctime_ns INTEGER NOT NULL DEFAULT 0, sketch BLOB",
        # 6 and 7 had no digest of the bytes: no file could be told identical.
        6: ", format TEXT NOT NULL DEFAULT 'text', ino INTEGER NOT NULL DEFAULT 0,"
        " ctime_ns INTEGER NOT NULL DEFAULT 0, sketch BLOB, sample BLOB",
        7: ", format TEXT NOT NULL DEFAULT 'text', ino INTEGER NOT NULL DEFAULT 0,"
        " ctime_ns INTEGER NOT NULL DEFAULT 0, sketch BLOB, sample BLOB",
    }[version]
    db.executescript(_OLD_TABLE.format(extra=extra))
    target = folder / "doc1.txt"
    info = target.stat()
    # Under today's key, so that only the schema number can keep it out.
    key = Job(FeatureSettings()).cache_key()
    db.execute(
        "INSERT INTO fingerprints (path, settings, size, mtime_ns, fingerprint, encoding)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (os.fsencode(target), key, info.st_size, info.st_mtime_ns, "abc", "utf-8"),
    )
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
    with FingerprintCache(store) as cache:
        result = scan(folder / "doc0.txt", folder, context=ScanContext(cache=cache))
        assert cache.warnings == []
    found = {m.rel: m for m in result.matches}
    assert found["doc1.txt"].fingerprint != 0xABC
    db = sqlite3.connect(store / FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
    assert db.execute("SELECT count(*) FROM fingerprints").fetchone()[0] > 1
    nulls = "SELECT count(*) FROM fingerprints WHERE digest IS NULL AND fingerprint IS NOT NULL"
    assert db.execute(nulls).fetchone()[0] == 0
    db.close()


def test_a_version_7_cache_is_made_anew_with_digests_and_this_measures_prepared_texts(
    folder: Path, tmp_path: Path
) -> None:
    """Version 7's rows had no digest of the bytes and prepared texts of the measure before
    issue 27: a scan reads every file again and stores both anew."""
    from simfind.core.cache.files import FILE_NAME
    from simfind.core.cache.schema import SCHEMA_VERSION

    store = tmp_path / "cache"
    with FingerprintCache(store) as cache:
        scan(folder / "doc0.txt", folder, context=ScanContext(cache=cache))
    with closing(sqlite3.connect(store / FILE_NAME)) as db, db:  # as version 7 left it
        db.execute("ALTER TABLE fingerprints DROP COLUMN digest")
        db.execute("PRAGMA user_version = 7")
    db.close()
    with FingerprintCache(store) as cache:
        assert cache.entries() == 0
        again = scan(folder / "doc0.txt", folder, context=ScanContext(cache=cache))
        assert cache.warnings == [] and again.bytes_read > 0
    nulls = "SELECT count(*) FROM fingerprints WHERE digest IS NULL AND fingerprint IS NOT NULL"
    with closing(sqlite3.connect(store / FILE_NAME)) as db, db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 9
        assert db.execute(nulls).fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM scans").fetchone()[0] == 1
    db.close()


def test_a_lookup_without_sketches_finds_the_rest_the_same(
    folder: Path, private_cache: Path
) -> None:
    with FingerprintCache() as cache:
        scan(folder / "doc0.txt", folder, context=ScanContext(cache=cache))
        key = ScanOptions().job.cache_key()
        whole = cache.lookup_folder(folder, key, 128)
        light = cache.lookup_folder(folder, key, 128, sketches=False)
    assert whole.keys() == light.keys() and len(whole) > 3
    assert any(o.sketch for o in whole.values())
    assert all(o.sketch is None for o in light.values())
    for rel, outcome in light.items():
        assert replace(outcome, sketch=whole[rel].sketch) == whole[rel]

"""A hostile machine and the fingerprint cache: a full disk, damage, locks, a read-only file.

Nothing that happens to the cache stops a scan: each case is a typed warning,
the scan's rows are those of a scan without a cache, and a healthy cache is
never set aside. Real files, real SQLite, real processes; where permissions
matter, the command runs as nobody (setpriv), and a full disk is a real small
tmpfs (root only).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from simfind.core.base.errors import CacheProblem, SkipReason
from simfind.core.cache import store as cache_store
from simfind.core.cache.files import FILE_NAME
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from tests.texts import CODE, EN_DOCS, ZH_DOCS

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and mounts")


def make_folder(root: Path, files: int = 12) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    texts = ZH_DOCS + EN_DOCS + [CODE]
    for index in range(files):
        (root / f"doc{index:03}.txt").write_text(f"{texts[index % len(texts)]} {index}", "utf-8")
    return root


def rows(result) -> list[tuple[str, int, str]]:  # type: ignore[no-untyped-def]
    return sorted((m.rel, m.fingerprint, m.encoding) for m in result.matches)


def cli(*args: str, cache: Path, prefix: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """`simfind ARGS` in a fresh process, with its cache in ``cache``."""
    return subprocess.run(
        [*prefix, sys.executable, "-m", "simfind", *args],
        capture_output=True,
        text=True,
        timeout=180,
        env=dict(os.environ, SIMFIND_CACHE_DIR=str(cache)),
        check=False,
    )


def scan_rows(done: subprocess.CompletedProcess[str]) -> list[tuple[str, int]]:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return sorted((Path(r["path"]).name, r["distance"]) for r in json.loads(done.stdout))


def corrupt_middle_page(database: Path) -> None:
    """Overwrite the middle one of the tree pages of an SQLite file (the header page stays
    intact), as a bad sector would; a tree page, so that SQLite can tell (garbage in an
    overflow page of a long text is only found by decoding it: rows dropped, tested apart)."""
    data = database.read_bytes()
    page_size = int.from_bytes(data[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = len(data) // page_size
    assert pages >= 4, pages
    tree = [n for n in range(1, pages) if data[n * page_size] in (0x02, 0x05, 0x0A, 0x0D)]
    assert len(tree) >= 3, tree
    middle = tree[len(tree) // 2]
    with database.open("r+b") as handle:
        handle.seek(middle * page_size)
        handle.write(bytes([0xA5]) * page_size)


# -- 1. a full disk ------------------------------------------------------------------


@contextlib.contextmanager
def small_filesystem(where: Path, size: str, read_only: bool = False) -> Iterator[Path]:
    """A real tmpfs of ``size`` mounted at ``where`` (root only), read-only if asked."""
    where.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small filesystem needs root")
    options = f"size={size}" + (",ro" if read_only else "")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path, leave: int = 0) -> None:
    """Write into ``folder`` until its filesystem has only ``leave`` bytes left (about)."""
    headroom = folder / "headroom"
    headroom.write_bytes(bytes(leave))
    with contextlib.suppress(OSError), (folder / "filler").open("ab", buffering=0) as handle:
        for size in (65536, 4096, 1):
            with contextlib.suppress(OSError):
                while True:
                    handle.write(bytes(size))
    headroom.unlink()


@posix_only
def test_a_full_disk_is_a_warning_and_the_scan_goes_on(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    reference = str(folder / "doc000.txt")
    with small_filesystem(tmp_path / "disk", "2m") as disk:
        cache = disk / "cache"
        scan_rows(cli("scan", reference, str(folder), "--format", "json", cache=cache))
        make_folder(folder, 300)  # more to remember than the disk will have room for
        plain = cli("scan", reference, str(folder), "--format", "json", "--no-cache", cache=cache)
        expected = scan_rows(plain)
        # Room to open the cache but not to save; then not a byte left; then a later run.
        for leave in (48 * 1024, 0, 0):
            fill(disk, leave)
            done = cli("scan", reference, str(folder), "--format", "json", cache=cache)
            assert scan_rows(done) == expected
            assert "Fingerprints are not saved this time" in done.stderr, done.stderr
            assert not list(cache.glob(f"{FILE_NAME}.broken-*"))  # a full disk is not damage


# -- 2. damage -----------------------------------------------------------------------


def test_a_corrupt_page_sets_the_cache_aside_and_cache_commands_work(
    tmp_path: Path, private_cache: Path
) -> None:
    folder = make_folder(tmp_path / "docs", 400)
    reference = str(folder / "doc000.txt")
    # Another reference than the scan that fills the cache: that scan's stored answer
    # would answer the same question without reading the damaged fingerprints.
    other = str(folder / "doc001.txt")
    database = private_cache / FILE_NAME
    expected = scan_rows(cli("scan", other, str(folder), "--format", "json", "--no-cache",
                             cache=private_cache))  # fmt: skip
    commands = (
        ["cache", "clear"],
        ["cache", "info"],
        ["scan", other, str(folder), "--format", "json"],
    )
    for command in commands:  # each on a freshly damaged cache
        scan_rows(cli("scan", reference, str(folder), "--format", "json", cache=private_cache))
        corrupt_middle_page(database)
        done = cli(*command, cache=private_cache)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        if command[0] == "scan":
            assert scan_rows(done) == expected
            assert "The fingerprint cache was damaged" in done.stderr
    info = cli("cache", "info", cache=private_cache)
    assert info.returncode == 0, info.stderr
    aside = list(private_cache.glob(f"{FILE_NAME}.broken-*"))
    assert aside and f"set aside: {len(aside)} file" in info.stdout, info.stdout
    cleared = cli("cache", "clear", cache=private_cache)
    assert cleared.returncode == 0, cleared.stderr
    assert not list(private_cache.glob(f"{FILE_NAME}*"))
    assert "set aside: 0 files" in cli("cache", "info", cache=private_cache).stdout


def forget_answers(cache: Path) -> None:
    """Delete the stored scan answers (scan_memo): the same question would be answered
    from them, without reading the rows a test damaged."""
    with closing(sqlite3.connect(cache / FILE_NAME)) as db, db:
        db.execute("DELETE FROM scans")
    db.close()


def test_rows_that_make_no_sense_are_dropped(tmp_path: Path, private_cache: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    (folder / "blob.bin").write_bytes(bytes(range(256)) * 8)
    reference = folder / "doc000.txt"
    with FingerprintCache() as cache:
        first = scan(reference, folder, context=ScanContext(cache=cache))
    with closing(sqlite3.connect(private_cache / FILE_NAME)) as db, db:
        where = "WHERE CAST(path AS TEXT) LIKE ?"
        db.execute(f"UPDATE fingerprints SET fingerprint = 'not hex' {where}", ("%doc001%",))
        db.execute(f"UPDATE fingerprints SET encoding = 'no-such-reason' {where}", ("%blob%",))
    forget_answers(private_cache)
    with FingerprintCache() as cache:
        second = scan(reference, folder, context=ScanContext(cache=cache))
        seen = list(cache.warnings)
    assert rows(second) == rows(first)
    assert [(w.problem, w.count) for w in seen] == [(CacheProblem.ROWS_DAMAGED, 2)]
    assert {s.rel: s.reason for s in second.skipped} == {"blob.bin": SkipReason.BINARY}
    forget_answers(private_cache)
    with FingerprintCache() as cache:  # the rows were written anew
        scan(reference, folder, context=ScanContext(cache=cache))
        assert cache.warnings == []


def test_prepared_texts_that_make_no_sense_are_dropped(tmp_path: Path, private_cache: Path) -> None:
    """Garbage in a prepared text (a bad sector in a long text's overflow page) is
    found by decoding it: the row is dropped and the file compared again."""
    folder = make_folder(tmp_path / "docs")
    reference = folder / "doc000.txt"
    with FingerprintCache() as cache:
        first = scan(reference, folder, context=ScanContext(cache=cache))
    with closing(sqlite3.connect(private_cache / FILE_NAME)) as db, db:
        count = db.execute("SELECT count(*) FROM prepared").fetchone()[0]
        assert count > 3
        db.execute(
            "UPDATE prepared SET normalized = CAST(x'a5a5ff' AS TEXT) WHERE path IN "
            "(SELECT path FROM prepared ORDER BY path LIMIT 2)"
        )
        db.execute("UPDATE prepared SET words = 'text, not bytes' WHERE path IN "
                   "(SELECT path FROM prepared ORDER BY path DESC LIMIT 1)")  # fmt: skip
        db.execute("UPDATE prepared SET words = x'0102030405' WHERE path IN "
                   "(SELECT path FROM prepared ORDER BY path DESC LIMIT 1 OFFSET 1)")  # fmt: skip
    forget_answers(private_cache)
    with FingerprintCache() as cache:
        second = scan(reference, folder, context=ScanContext(cache=cache))
        seen = list(cache.warnings)
    assert rows(second) == rows(first)
    assert [(w.problem, w.count) for w in seen] == [(CacheProblem.ROWS_DAMAGED, 4)]
    forget_answers(private_cache)
    with FingerprintCache() as cache:  # the rows were written anew
        assert rows(scan(reference, folder, context=ScanContext(cache=cache))) == rows(first)
        assert cache.warnings == []


# -- 3. locks and read-only files ----------------------------------------------------

HOLDER = """
import sqlite3, sys
from simfind.core.cache.schema import _SCHEMA, APPLICATION_ID, SCHEMA_VERSION
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA journal_mode = WAL")
db.execute("BEGIN IMMEDIATE")  # a simfind process making the cache, slowly
for statement in _SCHEMA:
    db.execute(statement)
db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
db.execute("INSERT INTO fingerprints (path, settings, size, mtime_ns, fingerprint, encoding) "
           "VALUES (x'2f6d61726b', 's', 1, 2, 'ff', 'ascii')")
print("holding", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
print(db.execute("SELECT count(*) FROM fingerprints").fetchone()[0], flush=True)
"""


def test_a_cache_another_process_is_making_is_waited_for_never_set_aside(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Locking is not damage: the old code set a cache aside after 10 s of "database is
    # locked" and deleted the holder's -wal and -shm files.
    monkeypatch.setattr(cache_store, "LOCK_WAIT", 1.0)
    folder = make_folder(tmp_path / "docs")
    database = private_cache / FILE_NAME
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(database)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "holding"
        with FingerprintCache() as cache:
            result = scan(folder / "doc000.txt", folder, context=ScanContext(cache=cache))
            seen = list(cache.warnings)
        assert not list(private_cache.glob(f"{FILE_NAME}.broken-*"))
        assert rows(result) == rows(scan(folder / "doc000.txt", folder))
        assert [w.problem for w in seen] == [CacheProblem.BUSY]
        out, _ = holder.communicate("go\n", timeout=60)
    finally:
        if holder.poll() is None:
            holder.kill()
    assert holder.returncode == 0 and out.split() == ["1"]
    assert not list(private_cache.glob(f"{FILE_NAME}.broken-*"))
    with FingerprintCache() as cache:  # the same file, now ours too
        scan(folder / "doc000.txt", folder, context=ScanContext(cache=cache))
        assert cache.entries() == 12 + 1 and cache.warnings == []  # the holder's row too


def as_nobody() -> list[str]:
    if os.geteuid() != 0:
        pytest.skip("needs root, to become nobody")
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("setpriv is needed to drop root's powers")
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder that another user can enter (pytest's tmp_path is root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="simfind-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@posix_only
@pytest.mark.parametrize("folder_writable", [True, False])
def test_a_read_only_cache_is_read_never_renamed(open_tmp: Path, folder_writable: bool) -> None:
    prefix = tuple(as_nobody())
    folder = make_folder(open_tmp / "docs")
    reference = str(folder / "doc000.txt")
    cache = open_tmp / "cache"
    expected = scan_rows(cli("scan", reference, str(folder), "--format", "json", cache=cache))
    (folder / "new.txt").write_text(EN_DOCS[2], encoding="utf-8")  # something to save
    expected = scan_rows(cli("scan", reference, str(folder), "--format", "json", "--no-cache",
                             cache=cache))  # fmt: skip
    database = cache / FILE_NAME
    database.chmod(0o644)  # root's, so nobody cannot write it
    if folder_writable:
        shutil.chown(cache, user=65534, group=65534)
    else:
        cache.chmod(0o755)
    before = database.stat()
    done = cli("scan", reference, str(folder), "--format", "json", cache=cache, prefix=prefix)
    assert scan_rows(done) == expected
    assert "cannot be written; fingerprints are read but not saved" in done.stderr
    after = database.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )
    assert not list(cache.glob(f"{FILE_NAME}.broken-*"))


# -- 4. stale fingerprints -----------------------------------------------------------


def test_two_files_swapped_with_mv_are_read_again(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    first, second = folder / "a.txt", folder / "b.txt"
    texts = [EN_DOCS[0][:300], EN_DOCS[1][:300]]
    assert len(texts[0]) == len(texts[1])
    for path, text in zip((first, second), texts, strict=True):
        path.write_text(text, encoding="ascii")
        os.utime(path, ns=(10**18, 10**18))  # the same size and the same time
    with FingerprintCache() as cache:
        result = scan(first, folder, context=ScanContext(cache=cache))
    before = {m.rel: m.fingerprint for m in result.matches}
    first.rename(folder / "swap")
    second.rename(first)
    (folder / "swap").rename(second)
    with FingerprintCache() as cache:
        result = scan(first, folder, context=ScanContext(cache=cache))
    after = {m.rel: m.fingerprint for m in result.matches}
    assert after == {"a.txt": before["b.txt"], "b.txt": before["a.txt"]}


def test_prepared_texts_of_two_files_swapped_with_mv_are_not_reused(tmp_path: Path) -> None:
    """The exact comparison's cached texts follow the file, not its name and time."""
    folder = tmp_path / "docs"
    folder.mkdir()
    first, second = folder / "a.txt", folder / "b.txt"
    texts = [EN_DOCS[0][:300], EN_DOCS[1][:300]]
    for path, text in zip((first, second), texts, strict=True):
        path.write_text(text, encoding="ascii")
        os.utime(path, ns=(10**18, 10**18))  # the same size and the same time
    reference = tmp_path / "reference.txt"
    reference.write_text(texts[0][:250] + " and a different end", encoding="ascii")

    def similarities() -> dict[str, float | None]:
        with FingerprintCache() as cache:
            result = scan(reference, folder, context=ScanContext(cache=cache))
        return {m.rel: m.similarity for m in result.matches}

    before = similarities()
    assert before["a.txt"] is not None and before["b.txt"] is not None
    assert before["a.txt"] > before["b.txt"]
    first.rename(folder / "swap")
    second.rename(first)
    (folder / "swap").rename(second)
    assert similarities() == {"a.txt": before["b.txt"], "b.txt": before["a.txt"]}


def test_a_cached_fingerprint_does_not_bypass_the_size_limit(tmp_path: Path) -> None:
    folder = make_folder(tmp_path / "docs")
    large = folder / "large.txt"
    large.write_text(EN_DOCS[0] * 40, encoding="ascii")
    with FingerprintCache() as cache:
        scan(folder / "doc000.txt", folder, context=ScanContext(cache=cache))
        limited = scan(
            folder / "doc000.txt",
            folder,
            ScanOptions(max_bytes=large.stat().st_size - 1),
            ScanContext(cache=cache),
        )
    assert "large.txt" not in {m.rel for m in limited.matches}
    assert {s.rel: s.reason for s in limited.skipped} == {"large.txt": SkipReason.TOO_LARGE}


# -- 5. the cache inside the scanned folder ------------------------------------------


def test_the_walk_leaves_simfinds_own_cache_out_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = make_folder(tmp_path / "home")
    own = home / "simfind-cache"  # e.g. ~/Library/Caches/simfind, not hidden
    monkeypatch.setenv("SIMFIND_CACHE_DIR", str(own))
    with FingerprintCache() as cache:
        for _ in range(2):
            result = scan(home / "doc000.txt", home, context=ScanContext(cache=cache))
    assert not any(m.rel.startswith("simfind-cache") for m in result.matches)
    assert {s.rel: s.reason for s in result.skipped} == {"simfind-cache": SkipReason.OWN_CACHE}
    plain = scan(home / "doc000.txt", home)  # with no cache open: still simfind's folder
    assert {s.rel: s.reason for s in plain.skipped} == {"simfind-cache": SkipReason.OWN_CACHE}


@posix_only
@pytest.mark.parametrize("what", ["a file", "a link to /dev/null"])
def test_a_cache_folder_that_is_no_folder_is_said_in_one_line(tmp_path: Path, what: str) -> None:
    # `cache info` ended in a FileExistsError traceback; `cache clear` said it cleared
    # 0 fingerprints from .../afile/fingerprints.sqlite3 and exited 0.
    place = tmp_path / "afile"
    if what == "a file":
        place.write_text("not a cache\n", "utf-8")
    else:
        place.symlink_to(os.devnull)
    for command in (["cache", "info"], ["cache", "clear"]):
        done = cli(*command, cache=place)
        assert done.returncode == 1 and done.stdout == "", done
        assert done.stderr.strip().splitlines() == [
            f"simfind: the cache in {place} "
            + ("cannot be used" if command[1] == "info" else "could not be cleared")
            + ": it is not a folder"
        ]
    folder = make_folder(tmp_path / "docs")
    done = cli("scan", str(folder / "doc000.txt"), str(folder), "--format", "json", cache=place)
    assert len(scan_rows(done)) == 12
    said = "the cache cannot be opened (a part of the path is not a folder)"
    assert f"{said}: {place}" in done.stderr
    assert place.is_symlink() or place.read_text("utf-8") == "not a cache\n"


@posix_only
def test_a_read_only_cache_folder_is_said_to_be_one(tmp_path: Path) -> None:
    # It was blamed on "another simfind process", after waiting for its lock.
    folder = make_folder(tmp_path / "docs")
    with small_filesystem(tmp_path / "ro", "1m", read_only=True) as cache:
        done = cli("scan", str(folder / "doc000.txt"), str(folder), "--format", "json", cache=cache)
        assert len(scan_rows(done)) == 12
        assert "the cache cannot be opened (the disk is read-only)" in done.stderr
        assert "another simfind process" not in done.stderr

"""Files dated anywhere a file system keeps a time (1601 to 9999 and beyond, before 1970
too) are scanned, grouped, ordered as versions, cached, exported and shown as any other.

The times are set with os.utime on the test's own file system where it keeps them (ext4:
1901 to 2446), else on a tmpfs (/dev/shm: any year), else the test is skipped, saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from simfind.core.base.paths import FileVersion
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.cache.outcomes import CachedOutcome
from tests.places import ROOT
from tests.texts import EN_DOCS

ROOT = ROOT


def utc_ns(stamp: str) -> int:
    """Nanoseconds since the epoch of a UTC time, of any year (NumPy's calendar)."""
    return int(np.datetime64(stamp, "s").astype(np.int64)) * 1_000_000_000


#: Each file's time: noon UTC, so that no local offset moves its day.
TIMES = {
    "camera.txt": utc_ns(
        "2293-06-15T12:00:00"
    ),  # past int64 nanoseconds (2262-04-11): ext4 keeps it
    "archive.txt": utc_ns("10001-06-15T12:00:00"),  # past datetime's 9999: tmpfs, xfs
    "old.txt": utc_ns("1650-06-15T12:00:00"),  # before ext4's 1901, after NTFS's 1601
    "sixties.txt": utc_ns("1960-06-15T12:00:00") + 123_456_789,  # before 1970: negative
    "now.txt": utc_ns("2024-06-15T12:00:00"),
}
YEARS = {"camera.txt": "2293", "archive.txt": "10001", "old.txt": "1650", "sixties.txt": "1960"}


def keeps_time(folder: Path, ns: int) -> bool:
    """Whether the file system of ``folder`` keeps a file's modification time ``ns``."""
    probe = folder / ".probe"
    probe.write_bytes(b"")
    try:
        os.utime(probe, ns=(ns, ns))
        return probe.stat().st_mtime_ns == ns
    except (OSError, OverflowError):
        return False
    finally:
        probe.unlink()


@pytest.fixture
def dated(tmp_path: Path) -> Iterator[Path]:
    """A folder of near-duplicates with every time of TIMES, where some file system keeps them."""
    places = [tmp_path]
    shared = None
    if Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK):
        shared = Path(tempfile.mkdtemp(prefix="simfind-times-", dir="/dev/shm"))
        places.append(shared)
    try:
        where = next((p for p in places if all(keeps_time(p, ns) for ns in TIMES.values())), None)
        if where is None:
            tried = ", ".join(map(str, places))
            pytest.skip(f"no file system here keeps the years 1650 and 10001 (tried {tried})")
        folder = where / "dated"
        folder.mkdir()
        for index, (name, ns) in enumerate(TIMES.items()):
            (folder / name).write_text(f"{EN_DOCS[0]} edit {index}", encoding="utf-8")
            os.utime(folder / name, ns=(ns, ns))
        yield folder
    finally:
        if shared is not None:
            shutil.rmtree(shared)


def simfind(*args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    if cache is not None:
        env["SIMFIND_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [sys.executable, "-m", "simfind", *args, *(["--no-cache"] if cache is None else [])],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def modified_by_name(rows: list[dict[str, object]]) -> dict[str, str]:
    return {str(r["path"]).rpartition("/")[2]: str(r["modified"]) for r in rows}


@pytest.mark.parametrize("cached", [False, True])
def test_scan_groups_and_versions_take_every_time(
    dated: Path, tmp_path: Path, cached: bool
) -> None:
    # A time past 2262 stopped all three: SQLite's INTEGER overflowed in the cache, and
    # with --no-cache the int64 nanoseconds of the table of times.
    cache = tmp_path / "cache" if cached else None
    reference = dated / "now.txt"
    for _ in range(2 if cached else 1):  # the second time from the cache
        scan = simfind("scan", str(reference), str(dated), "--format", "json", cache=cache)
        assert scan.returncode == 0, scan.stderr
        times = modified_by_name(json.loads(scan.stdout))
        for name, year in YEARS.items():
            assert times[name].startswith(f"{year}-06-15T"), times
        groups = simfind("groups", str(dated), "--format", "json", cache=cache)
        assert groups.returncode == 0, groups.stderr
        members = [m for g in json.loads(groups.stdout)["groups"] for m in g["members"]]
        assert modified_by_name(members) == times
        versions = simfind("versions", str(dated), "--format", "json", cache=cache)
        assert versions.returncode == 0, versions.stderr
        chain = [v for g in json.loads(versions.stdout) for v in g["versions"]]
        # Oldest first, by the times themselves: 1650, 1960, 2024, 2293, 10001.
        assert [str(v["path"]).rpartition("/")[2] for v in chain] == sorted(
            TIMES, key=TIMES.__getitem__
        )
        table = simfind("versions", str(dated), cache=cache)
        assert table.returncode == 0 and "10001-06-15 " in table.stdout, table.stderr


def test_the_cache_keeps_a_wide_time_exactly(dated: Path, tmp_path: Path) -> None:
    wide = FileVersion(10, TIMES["archive.txt"] + 7, 12, TIMES["camera.txt"] + 3)
    with FingerprintCache(tmp_path / "cache") as cache:
        cache.store("s", [(dated / "archive.txt", CachedOutcome(wide, 0xABC, "utf-8"))])
        assert not cache.warnings
    with FingerprintCache(tmp_path / "cache") as cache:
        found = cache.lookup_folder(dated, "s")
    assert found["archive.txt"].version == wide


def test_exports_and_the_report_show_every_time(dated: Path, tmp_path: Path) -> None:
    # A year past 9999 stopped `report` (datetime's range) and the workbook.
    reference = str(dated / "now.txt")
    csv_done = simfind("scan", reference, str(dated), "-o", str(tmp_path / "out.csv"))
    assert csv_done.returncode == 0, csv_done.stderr
    text = (tmp_path / "out.csv").read_text(encoding="utf-8-sig")
    assert ",10001-06-15T" in text and ",1650-06-15T" in text  # as it is, no formula guard
    for command in (["scan", reference], ["groups"]):
        book = tmp_path / f"{command[0]}.xlsx"
        done = simfind(*command, str(dated), "-o", str(book))
        assert done.returncode == 0, done.stderr
        with zipfile.ZipFile(book) as opened:
            strings = opened.read("xl/worksheets/sheet1.xml").decode("utf-8")
        # Excel has no date before 1900 or after 9999: those two as text, the rest as dates.
        assert "10001-06-15T" in strings and "1650-06-15T" in strings
        assert "2293-06-15" not in strings and "1960-06-15" not in strings
    report = simfind("report", str(dated / "archive.txt"), str(dated / "old.txt"),
                     "-o", str(tmp_path / "report.html"))  # fmt: skip
    assert report.returncode == 0, report.stderr
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "10001-06-15T" in html and "1650-06-15T" in html


def test_times_show_and_sort_beyond_every_calendar_limit() -> None:
    from simfind.core.base.paths import format_time, short_time, time_key, time_keys

    extremes = [-(2**63) * 10**9, TIMES["old.txt"], -1, 0, TIMES["camera.txt"], (2**63 - 1) * 10**9]
    shown = [format_time(ns) for ns in extremes]
    assert shown[0].startswith("-292277") and shown[-1].startswith("292277")
    assert short_time(TIMES["archive.txt"])[:12] == "10001-06-15 "
    keys = [time_key(ns) for ns in extremes]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert list(time_keys(extremes)) == keys
    assert all(-(2**63) <= k < 2**63 for k in keys)
    assert time_key(TIMES["now.txt"]) == TIMES["now.txt"]  # exact where it fits

"""Files are written whole: through a temporary file beside them, never half."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import TextIO

import pytest

from simfind.core.base.paths import format_time, format_times
from simfind.core.report.export import save_csv, write_atomically, write_csv, write_json


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("old", encoding="utf-8")

    def fail(stream: TextIO) -> None:
        stream.write("half")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, fail)
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_file_gets_the_permissions_a_plain_open_gives(tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text("x", encoding="utf-8")
    target = tmp_path / "rows.csv"
    save_csv(target, [{"path": "a.txt", "distance": 1}])
    assert stat.S_IMODE(target.stat().st_mode) == stat.S_IMODE(plain.stat().st_mode)
    assert target.read_bytes().startswith(b"\xef\xbb\xbfpath,distance")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.csv", "rows.csv"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_replaced_file_keeps_its_permissions_where_chmod_takes_no_descriptor(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows before Python 3.13: os.chmod(descriptor) raises TypeError, and every -o
    # over an existing file failed.
    real = os.chmod

    def chmod_by_name(path: object, mode: int, **options: bool) -> None:
        if isinstance(path, int):
            raise TypeError("chmod: path should be string, bytes or os.PathLike, not int")
        real(path, mode, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "chmod", chmod_by_name)
    monkeypatch.setattr(os, "supports_fd", os.supports_fd - {real})
    target = tmp_path / "rows.csv"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    save_csv(target, [{"path": "a.txt", "distance": 1}])
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_bytes().startswith(b"\xef\xbb\xbfpath,distance")


@pytest.mark.skipif(not hasattr(time, "tzset"), reason="time zones are switched with tzset")
def test_times_formatted_together_read_as_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # Daylight saving on the hour, on the half hour, and an offset of 5:45.
    zones = ("UTC", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns")
    moments = [0, 1_700_000_000, 1_679_792_399, 1_679_792_400, 1_698_541_200, 2_000_000_000]
    stamps = [s * 10**9 + n for s in moments for n in (0, 999_999_999)]
    for zone in zones:
        monkeypatch.setenv("TZ", zone)
        time.tzset()
        assert format_times(stamps) == [format_time(s) for s in stamps], zone
    monkeypatch.delenv("TZ")
    time.tzset()


def test_json_has_one_row_to_a_line_and_reads_back() -> None:
    items = [{"path": "a\nb", "n": 1}, {"path": "路径", "n": None}]
    out = io.StringIO()
    write_json(items, out)
    assert json.loads(out.getvalue()) == items
    assert len(out.getvalue().splitlines()) == 4
    empty = io.StringIO()
    write_json([], empty)
    assert json.loads(empty.getvalue()) == []


def test_a_guarded_cell_reads_back_as_its_value() -> None:
    """A ' goes before a cell a spreadsheet would run, and before one that starts with a '
    of its own: dropping one leading ' always gives the value back, and no two values
    share a cell."""
    values = ["=1+1", "'=1+1", "'plain", "plain", "-3", "@home", "''", "'"]
    stream = io.StringIO()
    write_csv([{"record": v} for v in values], stream, ["record"])
    cells = [row["record"] for row in csv.DictReader(io.StringIO(stream.getvalue()))]
    assert cells[:4] == ["'=1+1", "''=1+1", "''plain", "plain"]
    assert [c[1:] if c.startswith("'") else c for c in cells] == values

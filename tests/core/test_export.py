"""Files are written whole: through a temporary file beside them, never half."""

from __future__ import annotations

import stat
import sys
from pathlib import Path
from typing import TextIO

import pytest

from simfind.core.export import save_csv, write_atomically


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

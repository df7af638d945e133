"""A path written so that it reads back exactly (paths.path_fields and path_from_fields), and
shown so that it reads as it is spelt (shown.shown_text)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from simfind.core.base import paths
from simfind.core.base.paths import display_path, path_fields, path_from_fields
from simfind.core.base.shown import shown_path, shown_text

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="names of bytes: POSIX")


@posix_only
def test_a_byte_and_the_four_characters_that_spell_it_show_alike_and_read_back_apart() -> None:
    byte = os.fsdecode(b"caf\xff.txt")
    spelt = "caf\\xff.txt"
    assert display_path(byte) == display_path(spelt) == "caf\\xff.txt"  # the ambiguity
    written = [json.loads(json.dumps(path_fields(name))) for name in (byte, spelt)]
    assert written[0] == {"path": "caf\\xff.txt", "path_bytes": b"caf\xff.txt".hex()}
    assert written[1] == {"path": "caf\\xff.txt"}  # said exactly by its text
    assert [path_from_fields(f) for f in written] == [Path(byte), Path(spelt)]
    assert os.fsencode(path_from_fields(written[0])) == b"caf\xff.txt"
    assert shown_path(os.fsdecode(b"\x1b\xff\xe2\x80\xae.txt")) == "\\x1b\\xff\\u202e.txt"


def test_names_a_spreadsheet_would_run_carry_their_bytes() -> None:
    for name in ("=SUM(A1).txt", "-rf", "+1.md", "@home/notes", "\tx", "\nx", "'quoted"):
        fields = path_fields(name)
        assert fields["path"] == name and bytes.fromhex(fields["path_bytes"]) == name.encode()
        # In CSV the cell reads "'=SUM(A1).txt": the bytes say what it was.
        assert path_from_fields({"path": "'" + name, "path_bytes": fields["path_bytes"]}) == Path(
            name
        )
    assert path_from_fields({"path": "plain.txt", "path_bytes": ""}) == Path("plain.txt")  # CSV
    assert path_fields("文档 notes/a\u202eb.txt") == {"path": "文档 notes/a\u202eb.txt"}
    with pytest.raises(ValueError):
        path_from_fields({"path": "x", "path_bytes": "not hex"})


def test_on_windows_a_lone_surrogate_is_its_code_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows names are UTF-16 and may hold a lone surrogate: written as \\ud800 for people,
    and as WTF-8 (UTF-8 that encodes the lone surrogate too) in path_bytes."""
    monkeypatch.setattr(paths, "_WINDOWS", True)
    name = "C:\\docs\\a\ud800b\udcff.txt"
    assert display_path(name) == "C:\\docs\\a\\ud800b\\udcff.txt"
    fields = path_fields(name)
    assert bytes.fromhex(fields["path_bytes"]) == b"C:\\docs\\a\xed\xa0\x80b\xed\xb3\xbf.txt"
    assert path_from_fields(fields) == Path(name)


def test_shown_text_escapes_what_would_reorder_hide_or_break_a_name() -> None:
    assert shown_text("contract_\u202etxt.exe") == "contract_\\u202etxt.exe"
    assert shown_text("a\u2066b\u2069\u200f") == "a\\u2066b\\u2069\\u200f"
    assert shown_text("evil\x1b]0;owned\x07\x9b") == "evil\\x1b]0;owned\\x07\\x9b"
    assert shown_text("two\nlines\r\tand\u2028more") == "two\\nlines\\r\\tand\\u2028more"
    assert shown_text("文档 café ☕ \u00a0 notes.txt") == "文档 café ☕ \u00a0 notes.txt"

"""Bytes to text on real files: encodings, BOMs, binary, size cap, special files."""

from __future__ import annotations

import codecs
import os
import re
import sys
import threading
from pathlib import Path

import pytest

from simfind.core.base.errors import NotTextError, SkipReason
from simfind.core.compare.verify import comparable, similarity
from simfind.core.text.encoding.decoding import decode_bytes
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS

ZH = ZH_DOCS[0]


@pytest.mark.parametrize(
    ("text", "encoding", "reported"),
    [
        (EN_DOCS[0], "ascii", "ascii"),
        (ZH, "utf-8", "utf-8"),
        (ZH, "gbk", "gb18030"),
        (ZH, "gb18030", "gb18030"),
        ("繁體中文的文件，用來測試編碼偵測是否正確。" * 8, "big5", "big5"),
        ("これは日本語の文章です。文字コードの判定を確かめます。" * 8, "shift_jis", "cp932"),
        (ZH, "utf-16-le", "utf-16-le"),
        (ZH, "utf-16-be", "utf-16-be"),
        (
            "Le garçon a mangé une crème brûlée près de la fenêtre. Il était très content. " * 3,
            "cp1252",
            "windows-1252",
        ),
    ],
)
def test_decodes_real_files_and_names_the_encoding(
    tmp_path: Path, text: str, encoding: str, reported: str
) -> None:
    path = tmp_path / "doc.txt"
    path.write_bytes(text.encode(encoding))
    decoded = read_text(path)
    assert decoded.text == text
    assert decoded.encoding == reported


@pytest.mark.parametrize(
    ("bom", "codec", "name"),
    [
        (codecs.BOM_UTF8, "utf-8", "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
        (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32-le"),
    ],
)
def test_bom_decides_and_is_dropped(tmp_path: Path, bom: bytes, codec: str, name: str) -> None:
    path = tmp_path / "bom.txt"
    path.write_bytes(bom + ZH.encode(codec))
    decoded = read_text(path)
    assert decoded.text == ZH
    assert decoded.encoding == name


def test_utf16_ascii_without_bom_is_text_despite_nul_bytes(tmp_path: Path) -> None:
    path = tmp_path / "u16.txt"
    path.write_bytes(EN_DOCS[1].encode("utf-16-le"))
    assert read_text(path).text == EN_DOCS[1]


@pytest.mark.parametrize(
    "payload",
    [
        bytes(range(256)) * 40,  # every byte value, NULs included
        b"\x89PNG\r\n\x1a\n" + bytes([0, 0, 0, 13]) + b"IHDR" + bytes(200),
        bytes((i * 131 + 7) % 256 for i in range(4096)).replace(b"\x00", b"\x01"),  # no NUL
    ],
)
def test_binary_is_recognised_not_decoded(tmp_path: Path, payload: bytes) -> None:
    path = tmp_path / "blob.bin"
    path.write_bytes(payload)
    with pytest.raises(NotTextError) as caught:
        read_text(path)
    assert caught.value.reason in (SkipReason.BINARY, SkipReason.UNDECODABLE)


def test_empty_file_is_empty_text(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert read_text(path).text == ""


def test_size_cap_is_checked_before_reading(tmp_path: Path) -> None:
    # A sparse 3 GiB file: reading it would take seconds and gigabytes; the cap answers at once.
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(3 * 1024**3)
    with pytest.raises(NotTextError) as caught:
        read_text(path, max_bytes=1024 * 1024)
    assert caught.value.reason is SkipReason.TOO_LARGE


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def attempt() -> None:
        try:
            read_text(fifo)
        except NotTextError as exc:
            outcome.append(exc)

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert not worker.is_alive(), "reading a FIFO blocked"
    assert isinstance(outcome[0], NotTextError)
    assert outcome[0].reason is SkipReason.NOT_REGULAR


@pytest.mark.skipif(sys.platform != "linux", reason="needs /dev/zero")
def test_device_is_refused() -> None:
    with pytest.raises(NotTextError) as caught:
        read_text("/dev/zero")
    assert caught.value.reason is SkipReason.NOT_REGULAR


def test_missing_file_is_reported_as_vanished(tmp_path: Path) -> None:
    with pytest.raises(NotTextError) as caught:
        read_text(tmp_path / "gone.txt")
    assert caught.value.reason is SkipReason.VANISHED


def test_symlink_loop_is_reported(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(NotTextError) as caught:
        read_text(tmp_path / "a")
    assert caught.value.reason is SkipReason.SYMLINK_LOOP


def test_mostly_invalid_utf8_with_one_encoding_guess_is_not_garbage() -> None:
    # Valid GB18030 that is not UTF-8 must not come back full of replacement characters.
    decoded = decode_bytes(ZH.encode("gb18030"))
    assert "\ufffd" not in decoded.text


ENCODINGS_DATA = TESTS / "data" / "encodings"


@pytest.mark.parametrize(
    ("name", "encoding", "reported"),
    [
        ("zh-TW.datetimebox.ftl", "big5", "big5"),
        ("zh-TW.containers.ftl", "big5", "big5"),
        ("zh_Hant.sessions.po", "big5", "big5"),
        ("zh-CN.datetimebox.ftl", "gbk", "gb18030"),
        ("zh-CN.downloadUtils.ftl", "gbk", "gb18030"),
        ("ja.mozMessageBar.ftl", "shift_jis", "cp932"),
        ("ja.wizard.ftl", "euc-jp", "euc-jp"),
        ("ko.payments.ftl", "euc-kr", "euc-kr"),
    ],
)
def test_mostly_ascii_east_asian_files_are_not_read_as_latin(
    tmp_path: Path, name: str, encoding: str, reported: str
) -> None:
    # Real translation files, a few per cent of their bytes non-ASCII: chardet alone
    # named several of them macturkish, cp850 or iso8859-15.
    text = (ENCODINGS_DATA / name).read_text(encoding="utf-8")
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    decoded = read_text(path)
    assert decoded.text == text
    assert decoded.encoding == reported


@pytest.mark.parametrize(
    ("name", "encoding"),
    [("fr.aboutTabCrashed.ftl", "cp1252"), ("de.safeMode.ftl", "latin-1")],
)
def test_mostly_ascii_latin_files_stay_latin(tmp_path: Path, name: str, encoding: str) -> None:
    text = (ENCODINGS_DATA / name).read_text(encoding="utf-8")
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    assert read_text(path).text == text


def test_a_big5_file_is_as_similar_to_its_utf8_twin_as_the_text_says(tmp_path: Path) -> None:
    settings = FeatureSettings()
    text = (ENCODINGS_DATA / "zh-TW.containers.ftl").read_text(encoding="utf-8")
    (tmp_path / "big5.ftl").write_bytes(text.encode("big5"))
    (tmp_path / "utf8.ftl").write_bytes(text.encode("utf-8"))
    big5, utf8 = (
        comparable(read_text(tmp_path / name).text, settings) for name in ("big5.ftl", "utf8.ftl")
    )
    assert similarity(big5, utf8, settings) == 1.0


def test_latin_bytes_that_happen_to_decode_as_big5_are_not_chinese() -> None:
    # "Ä" followed by a letter is a valid Big5 character; four of them are not Chinese.
    data = "Änderungen: Änderung Äpfel Ärger\n".encode("latin-1") * 3
    assert not re.search("[\u4e00-\u9fff]", decode_bytes(data).text)

"""A text given as it is stands where a reference file would (GivenText), and two files
compare without a folder (compare.pair): real files, figures checked against difflib."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from benchmarks import judge
from simfind.core.base.errors import InputError, InputProblem
from simfind.core.compare.pair import compare_two
from simfind.core.scan.scanner import scan
from simfind.core.text.given import GivenText, TextSource
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS

DOCUMENTS = TESTS / "data" / "documents"
EDITED = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every entry below the folder with its size and modification time."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            info = (Path(root) / name).stat()
            found[os.path.relpath(Path(root) / name, folder)] = (info.st_size, info.st_mtime_ns)
    return found


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / f"文章{index}.txt").write_text(text, encoding="utf-8")
    (root / "文章1-修订.txt").write_bytes(EDITED.encode("gbk"))
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    return root


def test_a_pasted_text_is_the_reference_of_a_scan(folder: Path) -> None:
    before = listing(folder)
    result = scan(GivenText.typed(ZH_DOCS[1]), folder)
    assert listing(folder) == before  # nothing written into the folder scanned
    assert isinstance(result.reference, GivenText)
    assert not any(m.is_reference for m in result.matches)  # no file is the reference
    by_name = {m.path.name: m for m in result.matches}
    assert len(by_name) == len(ZH_DOCS) + 2
    same = by_name["文章1.txt"]
    assert result.matches[0] is same and same.similarity == 1.0 and same.distance == 0
    assert same.identical  # the file holds the pasted text's UTF-8 bytes, byte for byte
    edited = by_name["文章1-修订.txt"]
    assert edited.encoding == "gb18030" and not edited.identical
    assert edited.similarity is not None
    assert abs(edited.similarity - judge.ratio(ZH_DOCS[1], EDITED)) <= 0.01
    assert result.matches[1] is edited and edited.similar
    other = by_name["文章3.txt"]
    assert other.similarity is None or other.similarity < 0.2


def test_stdin_bytes_are_decoded_as_a_file_is() -> None:
    given = GivenText.from_bytes(EDITED.encode("gbk"))
    assert given.text == EDITED and given.encoding == "gb18030"
    assert given.source is TextSource.STDIN
    assert GivenText.from_bytes(b"\xef\xbb\xbfhello").text == "hello"  # a BOM, as for files
    for blank in (b"", b" \n\t\n"):
        with pytest.raises(InputError) as caught:
            GivenText.from_bytes(blank)
        assert caught.value.problem is InputProblem.REFERENCE_TEXT_EMPTY
    with pytest.raises(InputError) as caught:
        GivenText.from_bytes(bytes(range(256)) * 8)
    assert caught.value.problem is InputProblem.REFERENCE_NOT_TEXT and caught.value.path is None
    with pytest.raises(InputError) as caught:
        GivenText.typed("   \n")
    assert caught.value.problem is InputProblem.REFERENCE_TEXT_EMPTY


def test_two_files_in_two_encodings_are_the_same_text(tmp_path: Path) -> None:
    utf8, gbk = tmp_path / "原文.txt", tmp_path / "原文-gbk.txt"
    utf8.write_text(ZH_DOCS[0], encoding="utf-8")
    gbk.write_bytes(ZH_DOCS[0].encode("gbk"))
    found = compare_two(utf8, gbk)
    assert found.same_text and not found.identical
    assert found.shares.similarity == 1.0 and found.distance == 0
    assert (found.left.encoding, found.right.encoding) == ("utf-8", "gb18030")
    assert compare_two(utf8, utf8).identical


def test_two_files_edited_match_difflib(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(ZH_DOCS[1], encoding="utf-8")
    second.write_bytes(EDITED.encode("gbk"))
    found = compare_two(first, second)
    assert not found.same_text and found.distance is not None and found.distance > 0
    assert abs(found.shares.similarity - judge.ratio(ZH_DOCS[1], EDITED)) <= 0.01
    assert 0.8 < found.shares.first_in_second < 1.0


def test_a_document_and_its_text(tmp_path: Path) -> None:
    docx, txt = DOCUMENTS / "zh.docx", DOCUMENTS / "zh.txt"
    found = compare_two(docx, txt)
    assert found.left.format == "docx" and found.right.format == "text"
    # The engine's measure (word pairs and chunk triples) against difflib's word ratio:
    # 90.7 against 92.5 for this pair (the .docx adds its title and table cells).
    expected = judge.ratio(found.left.text, found.right.text)
    assert abs(found.shares.similarity - expected) <= 0.02
    assert found.shares.similarity > 0.8


def test_a_file_that_cannot_be_compared_is_named(tmp_path: Path) -> None:
    text = tmp_path / "a.txt"
    text.write_text(EN_DOCS[0], encoding="utf-8")
    with pytest.raises(InputError) as caught:
        compare_two(text, tmp_path / "missing.txt")
    assert caught.value.problem is InputProblem.INPUT_MISSING
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(InputError) as caught:
        compare_two(binary, text)
    assert caught.value.problem is InputProblem.FILE_NOT_TEXT and caught.value.path == binary

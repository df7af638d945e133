"""Documents everywhere the text goes: the scan, the reference, the cache, the plain-text switch."""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from simfind.core.base.errors import SkipReason
from simfind.core.cache.fingerprints import FingerprintCache
from simfind.core.groups.folder_groups import find_groups
from simfind.core.scan import fingerprinting
from simfind.core.scan.context import ScanContext
from simfind.core.scan.options import ScanOptions
from simfind.core.scan.scanner import scan
from simfind.core.scan.walk import WalkOptions
from simfind.core.text.documents import extract
from tests.core.text.test_documents_hostile import pdf, text_page
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS

DOCUMENTS = TESTS / "data" / "documents"
#: The text documents (as opposed to slides) and what each is called in the results.
TEXT_FORMATS = {
    ".docx": "docx",
    ".odt": "odt",
    ".pdf": "pdf",
    ".html": "html",
    ".epub": "epub",
    ".rtf": "rtf",
}
SLIDE_FORMATS = {".pptx": "pptx", ".odp": "odp", ".pdf": "pdf"}


@pytest.fixture
def office(tmp_path: Path) -> Path:
    """Every real document in both languages, beside unrelated plain texts and hostile files."""
    root = tmp_path / "office"
    root.mkdir()
    for path in DOCUMENTS.iterdir():
        if path.suffix not in (".py", ".txt") and "encrypted" not in path.name:
            shutil.copyfile(path, root / path.name)
    shutil.copyfile(DOCUMENTS / "en-encrypted.pdf", root / "locked.pdf")
    for index, text in enumerate(ZH_DOCS):
        (root / f"笔记{index}.txt").write_text(text, encoding="utf-8")
    for index, text in enumerate(EN_DOCS):
        (root / f"note{index}.md").write_text(text, encoding="utf-8")
    return root


def family(name: str) -> str:
    """Documents made from the same source: "zh", "en", "zh-slides", "en-slides"."""
    return name.rsplit(".", 1)[0]


@pytest.mark.parametrize(
    "reference",
    [
        "zh.docx",
        "en.odt",
        "zh.pdf",
        "en.html",
        "zh.epub",
        "en.rtf",
        "zh-slides.pptx",
        "en-slides.odp",
    ],
)
def test_each_documents_near_duplicate_in_another_format_ranks_first(
    office: Path, reference: str
) -> None:
    result = scan(office / reference, office)
    others = [m for m in result.matches if not m.is_reference]
    best = others[0]
    assert family(best.rel) == family(reference), [m.rel for m in others[:4]]
    assert best.similar
    # Every other document of the same source ranks above every unrelated file.
    same = [m for m in others if family(m.rel) == family(reference)]
    assert others[: len(same)] == same
    expected = len(TEXT_FORMATS if "slides" not in reference else SLIDE_FORMATS) - 1
    assert len(same) == expected


def test_the_format_of_every_file_is_reported_and_hostile_ones_are_skipped(office: Path) -> None:
    result = scan(office / "zh.docx", office)
    formats = {m.rel: m.format for m in result.matches}
    for suffix, name in TEXT_FORMATS.items():
        assert formats[f"zh{suffix}"] == name
    assert formats["zh-slides.pptx"] == "pptx" and formats["en-slides.odp"] == "odp"
    assert formats["笔记0.txt"] == "text" and formats["note0.md"] == "text"
    skipped = {s.rel: (s.reason, s.detail) for s in result.skipped}
    assert skipped["zh.doc"][0] is SkipReason.LEGACY_FORMAT
    assert skipped["locked.pdf"][0] is SkipReason.ENCRYPTED
    assert skipped["locked.pdf"][1] is not None and skipped["locked.pdf"][1].format == "pdf"


def test_a_word_reference_finds_its_pdf_export(tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    shutil.copyfile(DOCUMENTS / "zh.pdf", folder / "年度报告.pdf")
    shutil.copyfile(DOCUMENTS / "en.pdf", folder / "bicycle.pdf")
    for index, text in enumerate(ZH_DOCS):
        (folder / f"其他{index}.txt").write_text(text, encoding="utf-8")
    result = scan(DOCUMENTS / "zh.docx", folder)
    assert result.matches[0].rel == "年度报告.pdf"
    assert result.matches[0].similar and result.matches[0].format == "pdf"


def test_plain_text_only_reads_no_document(office: Path) -> None:
    result = scan(office / "笔记0.txt", office, ScanOptions(text_only=True))
    formats = {m.rel: m.format for m in result.matches}
    assert set(formats.values()) == {"text"}
    # A web page is then compared with its tags, as any text file.
    assert "zh.html" in formats
    skipped = {s.rel: s.reason for s in result.skipped}
    assert skipped["zh.docx"] is SkipReason.BINARY
    assert skipped["zh.pdf"] is SkipReason.BINARY
    (office / "副本.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    groups = find_groups(office, ScanOptions(text_only=True))
    members = [m for g in groups.groups for m in g.members]
    assert members and all(m.format == "text" for m in members)


def test_include_and_exclude_choose_documents_as_any_file(office: Path) -> None:
    only_pdf = ScanOptions(walk=WalkOptions(include=("*.pdf",)))
    result = scan(office / "zh.docx", office, only_pdf)
    assert {m.rel for m in result.matches} == {"zh.pdf", "en.pdf", "zh-slides.pdf", "en-slides.pdf"}
    no_pdf = ScanOptions(walk=WalkOptions(exclude=("*.pdf",)))
    result = scan(office / "zh.docx", office, no_pdf)
    assert not any(m.rel.endswith(".pdf") for m in result.matches)


def counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files fingerprinting reads (verification reads its few candidates anew)."""
    seen: list[str] = []
    original = fingerprinting.read_text

    def spy(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(Path(path).name)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(fingerprinting, "read_text", spy)
    return seen


@pytest.mark.usefixtures("without_stored_answers")
def test_an_unchanged_document_is_not_extracted_again(
    office: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = DOCUMENTS / "en.txt"
    seen = counting_reads(monkeypatch)
    with FingerprintCache() as cache:
        first = scan(reference, office, context=ScanContext(cache=cache))
    assert "zh.pdf" in seen and "zh.docx" in seen
    seen.clear()
    with FingerprintCache() as cache:
        again = scan(reference, office, context=ScanContext(cache=cache))
    assert seen == []  # every document's fingerprint, and every refusal, came from the cache
    assert {m.rel: m.format for m in again.matches} == {m.rel: m.format for m in first.matches}
    assert {(s.rel, s.reason) for s in again.skipped} == {(s.rel, s.reason) for s in first.skipped}
    # How files become text is part of the key: plain-text-only fingerprints are their own.
    with FingerprintCache() as cache:
        text_only = scan(reference, office, ScanOptions(text_only=True), ScanContext(cache=cache))
    assert {m.format for m in text_only.matches} == {"text"}
    assert "zh.html" in seen  # read again, as text this time
    seen.clear()
    with FingerprintCache() as cache:
        scan(reference, office, context=ScanContext(cache=cache))
    assert seen == []  # and the documents' own entries are still there


def test_the_cache_key_names_how_files_became_text() -> None:
    job = ScanOptions().job
    assert job.cache_key() != ScanOptions(text_only=True).job.cache_key()
    assert job.cache_key().startswith(job.settings.key())


def test_cancel_ends_a_scan_inside_a_slow_document(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "slow"
    folder.mkdir()
    slow = pdf([text_page("slow", 20_000)] * 40)
    (folder / "a-note.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "slow.pdf").write_bytes(slow)
    started = time.monotonic()
    assert extract("slow.pdf", slow) is not None
    whole = time.monotonic() - started  # what reading the document takes here, now

    cancel = threading.Event()
    original = fingerprinting.read_text

    def read(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if os.fspath(path).endswith(".pdf"):
            threading.Timer(0.05, cancel.set).start()  # cancel once the PDF is being read
        return original(path, *args, **kwargs)

    monkeypatch.setattr(fingerprinting, "read_text", read)
    result = scan(folder / "a-note.txt", folder, context=ScanContext(cancel=cancel))
    assert result.cancelled
    assert "slow.pdf" not in {m.rel for m in result.matches}
    assert "slow.pdf" not in {s.rel for s in result.skipped}  # not a skip: the scan stopped
    assert result.elapsed < whole  # the document was left half read


def test_batches_of_documents_are_smaller_than_batches_of_text(tmp_path: Path) -> None:
    from simfind.core.scan.walk import FileEntry

    def entries(suffix: str) -> list[tuple[int, FileEntry]]:
        return [
            (i, FileEntry(tmp_path / f"f{i}{suffix}", f"f{i}{suffix}", 256 * 1024, 0, 0, i))
            for i in range(64)
        ]

    job = ScanOptions().job
    text_batches = list(fingerprinting._batches(entries(".txt"), job))
    pdf_batches = list(fingerprinting._batches(entries(".pdf"), job))
    assert len(pdf_batches) == 8 * len(text_batches)
    assert len(list(fingerprinting._batches(entries(".pdf"), ScanOptions(text_only=True).job))) == 4


def test_verification_does_not_extract_a_document_a_second_time(
    office: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from simfind.core.text import reading as textio

    extracted: list[str] = []
    original = textio.extract

    def spy(name, data, *args, **kwargs):  # type: ignore[no-untyped-def]
        found = original(name, data, *args, **kwargs)
        if found is not None:
            extracted.append(name)
        return found

    monkeypatch.setattr(textio, "extract", spy)
    result = scan(office / "note0.md", office)
    verified = [m for m in result.matches if m.similarity is not None and m.format != "text"]
    assert len(verified) >= 10  # every document was read a second time, to verify it
    assert len(extracted) == len(set(extracted))  # and extracted only once

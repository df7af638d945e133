"""In Chinese, no English sentence reaches the user: every error and notice path, worded.

Paths, file names, encoding names, numbers, "simfind" and an unexpected
exception's own text are data and may stay as they are; what may not is a run
of two or more English words.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from simfind.core.base.errors import (
    CacheProblem,
    CacheWarning,
    DiffNotice,
    DiffNoticeKind,
    InputError,
    InputProblem,
    LineEnding,
    OsFailure,
    SkipCause,
    SkipDetail,
    SkipReason,
)
from simfind.core.base.paths import display_path
from simfind.gui.base import i18n
from simfind.gui.base.wording import words
from simfind.gui.scan.worker import UnexpectedError
from simfind.gui.shell.main_window import MainWindow
from simfind.gui.shell.skipped_dialog import SkippedDialog
from tests.texts import EN_DOCS, ZH_DOCS

ALWAYS_ALLOWED = ("simfind", "CRLF", "LF", "NUL", "KiB", "MiB", "GiB", "gb18030", "utf-8")
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[\s,;:()\-]+[A-Za-z][A-Za-z'’]*)+")
BOOM = "RuntimeError: disk on fire"


def english_in(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Runs of two or more English words left once the data is taken out."""
    for token in sorted({*allowed, *ALWAYS_ALLOWED}, key=len, reverse=True):
        text = text.replace(token, " ")
    return ENGLISH_RUN.findall(text)


def assert_chinese(text: str, allowed: Iterable[str] = ()) -> None:
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text), text
    assert english_in(text, allowed) == [], text


def scanning(window: MainWindow) -> bool:
    return window.scans.running


@pytest.fixture
def chinese(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    assert i18n.apply_language("zh_CN") == "zh_CN"
    yield
    i18n.apply_language("en")


@pytest.fixture(autouse=True)
def english_afterwards(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Tests here that switch the window to Chinese leave the application in English."""
    yield
    i18n.apply_language("en")


# -- every typed outcome, worded ------------------------------------------------------------

OS_ERRORS = [errno.EACCES, errno.ENOENT, errno.ELOOP, errno.EISDIR, errno.ENOSPC, errno.EROFS]
OS_ERRORS += [errno.EIO, errno.ENOTDIR, errno.EPERM, errno.ENAMETOOLONG, errno.EMFILE]


def details() -> list[SkipDetail]:
    examples = {
        SkipCause.UNKNOWN_ENCODING: SkipDetail(SkipCause.UNKNOWN_ENCODING, encoding="x-mac-thai"),
        SkipCause.INVALID_BYTES: SkipDetail(SkipCause.INVALID_BYTES, encoding="gb18030"),
        SkipCause.OVER_LIMIT: SkipDetail(SkipCause.OVER_LIMIT, size=3 << 30, limit=64 << 20),
        SkipCause.GREW_PAST_LIMIT: SkipDetail(SkipCause.GREW_PAST_LIMIT, limit=64 << 20),
        SkipCause.EXCEPTION: SkipDetail(SkipCause.EXCEPTION, error=BOOM),
    }
    found = [examples.get(cause, SkipDetail(cause)) for cause in SkipCause]
    found.remove(SkipDetail(SkipCause.OS_ERROR))
    found += [SkipDetail(SkipCause.OS_ERROR, os_error=OsFailure(e, "English")) for e in OS_ERRORS]
    return found


def test_every_skip_reason_with_every_detail(chinese: None) -> None:
    for reason in SkipReason:
        assert_chinese(words.skip_text(reason, None))
        for detail in details():
            assert_chinese(words.skip_text(reason, detail), ["x-mac-thai", BOOM])


def test_every_input_problem(chinese: None, tmp_path: Path) -> None:
    path = tmp_path / "资料" / "report.txt"
    binary = SkipDetail(SkipCause.NUL_BYTES)
    for problem in InputProblem:
        for os_error in (None, OsFailure(errno.EACCES, "Permission denied")):
            error = InputError(
                problem, path, os_error, SkipReason.BINARY, binary, limit=64, text="[z-a]"
            )
            assert_chinese(words.input_problem(error), [str(path), "[z-a]"])
    not_text = InputError(InputProblem.REFERENCE_NOT_TEXT, path, reason=SkipReason.EMPTY)
    assert "内容为空" in words.input_problem(not_text)


def test_every_diff_notice(chinese: None) -> None:
    notices = [
        DiffNotice(DiffNoticeKind.LINE_ENDINGS_DIFFER, left=LineEnding.CRLF, right=LineEnding.LF),
        DiffNotice(DiffNoticeKind.LINE_ENDINGS_DIFFER, left=LineEnding.MIXED, right=LineEnding.LF),
        DiffNotice(DiffNoticeKind.TOO_LARGE_TO_ALIGN),
        DiffNotice(DiffNoticeKind.LONG_LINES_PLAIN, count=1, limit=20_000),
        DiffNotice(DiffNoticeKind.LONG_LINES_PLAIN, count=3, limit=20_000),
    ]
    assert {n.kind for n in notices} == set(DiffNoticeKind)
    for notice in notices:
        assert_chinese(words.diff_notice(notice))
    assert_chinese(words.unchanged_lines(1))


def test_every_cache_warning(chinese: None, tmp_path: Path) -> None:
    aside = tmp_path / "fingerprints.sqlite3.broken-1"
    warnings = [
        CacheWarning(CacheProblem.DAMAGED, aside, error="file is not a database"),
        CacheWarning(CacheProblem.FOREIGN, aside, error="not a simfind cache"),
        CacheWarning(
            CacheProblem.UNAVAILABLE,
            os_error=OsFailure(errno.EROFS, "Read-only file system"),
            error="[Errno 30] Read-only file system: '/x'",
        ),
        CacheWarning(CacheProblem.UNAVAILABLE, error="database is locked"),
        CacheWarning(CacheProblem.DAMAGED_IN_USE, aside, error="database disk image is malformed"),
        CacheWarning(CacheProblem.BUSY, aside),
        CacheWarning(CacheProblem.READ_ONLY, aside),
        CacheWarning(
            CacheProblem.NOT_SAVED,
            aside,
            OsFailure(errno.ENOSPC, "database or disk is full"),
            "database or disk is full",
        ),
        CacheWarning(CacheProblem.NOT_SAVED, aside, error="disk I/O error"),
        CacheWarning(CacheProblem.ROWS_DAMAGED, aside, count=1),
        CacheWarning(CacheProblem.ROWS_DAMAGED, aside, count=7),
    ]
    assert {w.problem for w in warnings} == set(CacheProblem)
    for warning in warnings:
        assert_chinese(words.cache_warning(warning), [str(aside)])


def test_the_scan_failed_path(chinese: None, qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    message = window.status.failed(UnexpectedError(BOOM, "Traceback ..."))
    assert_chinese(message, [BOOM])
    assert_chinese(window.summary_label.text(), [BOOM])


# -- the window, driven as a user would -----------------------------------------------------


def dialogs(window: MainWindow) -> list[QMessageBox]:
    return [box for box in window.findChildren(QMessageBox) if box.isVisible()]


def close_dialogs(window: MainWindow) -> None:
    for box in dialogs(window):
        box.close()


@pytest.fixture
def odd_folder(tmp_path: Path) -> Path:
    root = tmp_path / "资料 docs"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS[:3]):
        (root / f"文章{index}.txt").write_text(text, encoding="utf-8")
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 4)
    (root / "link").symlink_to(root / "note.md")
    return root


def test_the_window_speaks_chinese_on_every_path(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path, private_cache: Path, monkeypatch
) -> None:
    allowed = [
        str(tmp_path),
        display_path(tmp_path),
        "blob.bin",
        "blank.txt",
        "empty.txt",
        "link",
        "note.md",
    ]
    allowed += [str(private_cache), BOOM]
    warnings: list[str] = []
    monkeypatch.setattr(
        "simfind.gui.pages.compare.page.QMessageBox.warning", lambda *args: warnings.append(args[2])
    )

    def scan(reference: Path) -> None:
        window.compare.reference_field.set_path(str(reference))
        window.compare.folder_field.set_path(str(odd_folder))
        with qtbot.waitSignal(window.page().finished, timeout=60_000):
            window.start_scan()

    # A reference with no words (a binary one finds its copies): refused, with a dialog.
    blank = tmp_path / "blank.txt"
    blank.write_text("  \n\n", encoding="utf-8")

    def scan_a_blank_reference() -> QMessageBox:
        (private_cache / "fingerprints.sqlite3").write_bytes(b"not a database at all" * 100)
        scan(blank)  # read in the window's pool
        qtbot.waitUntil(lambda: bool(dialogs(window)), timeout=10_000)
        (box,) = dialogs(window)
        return box

    # In English: a scan with files skipped, then one that fails; then Chinese is chosen.
    scan(odd_folder / "文章0.txt")
    assert window.skipped_button.isVisible()
    scan_a_blank_reference().close()
    window.set_language("zh_CN")
    assert_chinese(window.summary_label.text(), allowed)
    if window.skipped_button.isVisible():
        assert_chinese(window.skipped_button.text())

    # In Chinese: the summary, the skipped files and their reasons.
    scan(odd_folder / "文章0.txt")
    assert_chinese(window.summary_label.text())
    assert_chinese(window.skipped_button.text())
    window.show_skipped()
    (listing,) = [d for d in window.findChildren(SkippedDialog) if d.isVisible()]
    assert_chinese(listing.windowTitle())
    assert len(listing.rows) == 3
    for _, why in listing.rows:
        assert_chinese(why, allowed)
    headers = listing.list.headerItem()
    assert_chinese(headers.text(0) + headers.text(1))
    listing.close()

    # A damaged cache, and a reference with no words.
    box = scan_a_blank_reference()
    assert_chinese(window.statusBar().currentMessage(), allowed)
    assert "内容为空" in box.text() and "没有可比较的词语或字符" in box.text()
    assert_chinese(box.text(), allowed)
    close_dialogs(window)
    assert_chinese(window.summary_label.text(), allowed)
    window.set_language("en")
    window.set_language("zh_CN")
    assert_chinese(window.summary_label.text(), allowed)

    # Inputs the window refuses before it starts.
    for reference, folder in (
        ("", str(odd_folder)),
        (str(odd_folder / "文章0.txt"), ""),
        (str(odd_folder / "missing.txt"), str(odd_folder)),
        (str(odd_folder), str(odd_folder)),
        (str(odd_folder / "文章0.txt"), str(odd_folder / "nowhere")),
        (str(odd_folder / "文章0.txt"), str(odd_folder / "note.md")),
    ):
        window.compare.reference_field.set_path(reference)
        window.compare.folder_field.set_path(folder)
        window.start_scan()
        assert not scanning(window)
    assert len(warnings) == 6
    for warning in warnings:
        assert_chinese(warning, allowed)

    # A scan that an unexpected error stops.
    def broken_scan(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("simfind.gui.scan.worker.scan", broken_scan)
    window.compare.reference_field.set_path(str(odd_folder / "文章0.txt"))
    window.compare.folder_field.set_path(str(odd_folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    qtbot.waitUntil(lambda: bool(dialogs(window)), timeout=10_000)
    (box,) = dialogs(window)
    assert_chinese(box.text(), allowed)
    assert_chinese(window.summary_label.text(), allowed)
    close_dialogs(window)


def test_export_and_diff_failures_in_chinese(  # type: ignore[no-untyped-def]
    qtbot, window: MainWindow, odd_folder: Path, tmp_path: Path, monkeypatch
) -> None:
    allowed = [str(tmp_path), display_path(tmp_path), "blob.bin", "文章1.txt", "out.csv"]
    allowed += ["other.csv"]
    window.compare.reference_field.set_path(str(odd_folder / "文章0.txt"))
    window.compare.folder_field.set_path(str(odd_folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    window.set_language("zh_CN")

    warnings: list[str] = []
    monkeypatch.setattr(
        "simfind.gui.pages.compare.page.QMessageBox.warning", lambda *args: warnings.append(args[2])
    )
    assert (
        window.compare.export_to(str(odd_folder / "note.md" / "out.csv")) is False
    )  # inside the folder
    (tmp_path / "out.csv").mkdir()
    assert window.compare.export_to(str(tmp_path / "out.csv")) is False  # a folder of that name
    assert len(warnings) == 2

    def full_disk(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("simfind.gui.pages.compare.page.save_table", full_disk)
    with qtbot.waitSignal(
        window.tasks.finished, check_params_cb=lambda _: len(warnings) == 3, timeout=10_000
    ):
        assert window.compare.export_to(str(tmp_path / "other.csv"))  # fails while writing
    for warning in warnings:
        assert_chinese(warning, allowed)

    (odd_folder / "文章1.txt").write_bytes(bytes(range(256)) * 10)  # binary since the scan
    for row in range(window.compare.model.rowCount()):
        if window.compare.model.match_at(row).path.name == "文章1.txt":
            window.compare.table.selectRow(row)
    qtbot.waitUntil(lambda: window.compare.diff_view.open_button.isVisible(), timeout=10_000)
    assert_chinese(window.compare.diff_view.notice.text(), allowed)


def test_shared_passages_in_chinese(qtbot, window: MainWindow, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.gui.diff.test_diff_view import passages_folder, select

    folder = passages_folder(tmp_path)
    window.set_language("zh_CN")
    window.compare.reference_field.set_path(str(folder / "talk.txt"))
    window.compare.folder_field.set_path(str(folder))
    with qtbot.waitSignal(window.page().finished, timeout=60_000):
        window.start_scan()
    label = window.compare.diff_view.passages_label
    for name in ("unrelated.txt", "newsletter.txt"):
        select(qtbot, window, name)
        text = re.sub(r"<[^>]+>", "", label.text())
        assert_chinese(text)
        assert_chinese(label.toolTip())
    select(qtbot, window, "newsletter.txt")
    assert "2 处共同段落" in label.text() and "参考文件的" in label.text()
    assert label.text().startswith("相似度 ")
    monkeypatch.setattr("simfind.core.compare.passages.MAX_CHARS", 100)  # too long to search
    select(qtbot, window, "unrelated.txt")
    assert_chinese(re.sub(r"<[^>]+>", "", label.text()))
    assert "太大" in label.text()

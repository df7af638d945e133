"""The command line on real consoles: code pages, no console at all, progress, plain words."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.cli.base.terminal import duration, progress_printer, progress_text
from simfind.core.runs.progress import Progress
from tests.texts import EN_DOCS, ZH_DOCS


@pytest.fixture
def emoji_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "笔记😀.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "笔记.txt").write_text(ZH_DOCS[0] + "再见。", encoding="utf-8")
    (folder / "other.md").write_text(EN_DOCS[0], encoding="utf-8")
    return folder


def simfind(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "simfind", *args],
        capture_output=True,
        timeout=120,
        env=dict(os.environ, **(env or {})),
        check=False,
    )


@pytest.mark.parametrize("fmt", ["csv", "table", "json"])
def test_a_chinese_console_never_crashes_on_a_name_it_cannot_show(
    emoji_folder: Path, fmt: str
) -> None:
    done = simfind(
        "scan",
        str(emoji_folder / "笔记.txt"),
        str(emoji_folder),
        "--format",
        fmt,
        env={"PYTHONIOENCODING": "cp936"},
    )
    assert done.returncode == 0, done.stderr.decode("cp936", "replace")
    out = done.stdout.decode("cp936")  # strictly: every byte is the console's
    if fmt == "json":
        paths = [row["path"] for row in json.loads(out)]
        assert any(p.endswith("笔记😀.txt") for p in paths)  # \u escapes, read back whole
    else:
        assert "笔记" in out and "\\U0001f600" in out
    if fmt == "csv":
        assert len(list(csv.reader(io.StringIO(out)))) == 4


NO_STREAMS = "import sys; sys.stdout = sys.stderr = None; from simfind.cli import main; "


def test_no_console_at_all_as_in_a_windowed_executable(emoji_folder: Path, tmp_path: Path) -> None:
    """A windowed executable on Windows has no sys.stdout and no sys.stderr."""
    target = tmp_path / "out.csv"
    reference, folder = str(emoji_folder / "笔记.txt"), str(emoji_folder)
    for argv, status in (
        (["scan", reference, folder, "-o", str(target)], 0),
        (["scan", reference, folder], 0),
        (["scan", reference, str(tmp_path / "missing")], 2),
        (["scan", reference], 2),
        (["--version"], 0),
    ):
        code = NO_STREAMS + f"sys.exit(main({argv!r}))"
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == status, (argv, done.stderr)
        assert done.stdout == done.stderr == ""
    assert "笔记😀.txt" in target.read_text(encoding="utf-8-sig")


def test_a_number_that_is_not_one_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["scan", "a", "b", "--top", "abc"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--top: must be a whole number, not 'abc'" in err
    assert "_positive" not in err


def test_progress_on_a_terminal_shows_percentage_and_time_left() -> None:
    progress = Progress(
        files_done=385,
        files_total=2689,
        bytes_done=40_000_000,
        bytes_total=160_000_000,
        current="a.txt",
        elapsed=10.0,
    )
    text = progress_text(progress)
    assert "385 of 2,689 files" in text and "14%" in text
    assert "about 30 s left" in text  # a quarter of the bytes in 10 s
    verifying = Progress(50, 200, 1, 4, "", 1.0, stage="verifying")
    assert "50 of 200  25%" in progress_text(verifying)
    searching = Progress(420, 1000, 0, 0, "", 30.0, stage="searching")
    assert progress_text(searching) == "finding pairs of similar fingerprints  42%"
    assert duration(59) == "59 s" and duration(600) == "10 min" and duration(7300) == "2 h 2 min"
    stream = io.StringIO()
    show, clear = progress_printer(stream)
    show(Progress(1, 2, 10, 20, "x", 0.1))
    clear()
    assert stream.getvalue().startswith("\r\033[K") and "50%" in stream.getvalue()


def test_groups_counts_in_english_plurals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "only.txt").write_text(EN_DOCS[0], encoding="utf-8")
    assert main(["groups", str(tmp_path), "--format", "json"]) == 0
    assert "among 1 file (1 read as text);" in capsys.readouterr().err


def test_a_workbook_is_a_real_workbook_and_csv_says_what_it_is(
    emoji_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import zipfile

    target = tmp_path / "result.xlsx"
    reference = str(emoji_folder / "笔记.txt")
    assert main(["scan", reference, str(emoji_folder), "-o", str(target)]) == 0
    with zipfile.ZipFile(target) as book:  # not CSV in disguise
        sheet = book.read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert "<t>path</t>" in sheet and "笔记😀.txt" in sheet
    assert main(["scan", reference, str(emoji_folder), "--format", "xlsx"]) == 2
    assert "--output" in capsys.readouterr().err
    help_text = subprocess.run(
        [sys.executable, "-m", "simfind", "scan", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "These columns are for programs" in help_text
    assert "piped, it is plain UTF-8" in help_text
    piped = simfind("scan", reference, str(emoji_folder), "--format", "csv")
    assert not piped.stdout.startswith(b"\xef\xbb\xbf")  # as the help says


def test_groups_write_workbooks_too(emoji_folder: Path, tmp_path: Path) -> None:
    import zipfile

    target = tmp_path / "groups.xlsx"
    assert main(["groups", str(emoji_folder), "-q", "-o", str(target)]) == 0
    with zipfile.ZipFile(target) as book:
        sheet = book.read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert "<t>group</t>" in sheet and "<t>centre</t>" in sheet


def test_scan_never_writes_a_table_under_a_parquet_name(
    emoji_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "result.parquet"
    reference = str(emoji_folder / "笔记.txt")
    assert main(["scan", reference, str(emoji_folder), "-o", str(target)]) == 2
    assert not target.exists() and "no Parquet" in capsys.readouterr().err

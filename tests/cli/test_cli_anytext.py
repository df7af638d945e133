"""``simfind scan - DIR`` reads the reference from standard input; ``simfind diff A B``
prints two files' diff and figures, with diff(1)'s exit statuses. Real files, a real
process for the pipe, figures checked against difflib."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from benchmarks import judge
from simfind.cli import main
from tests.cli.test_output_schemas import valid
from tests.places import ROOT
from tests.texts import EN_DOCS, ZH_DOCS

ROOT = ROOT
DOCUMENTS = ROOT / "tests" / "data" / "documents"
EDITED = ZH_DOCS[1].replace("最重要的", "最关键的").replace("几个月", "半年")


def simfind(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "simfind", *argv],
        input=stdin,
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
    )


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / f"文章{index}.txt").write_text(text, encoding="utf-8")
    (root / "note.md").write_text(EN_DOCS[0], encoding="utf-8")
    return root


def test_scan_reads_the_reference_from_stdin(folder: Path) -> None:
    before = sorted(p.name for p in folder.iterdir())
    done = simfind("scan", "-", str(folder), "--format", "json", "--no-cache",
                   stdin=EDITED.encode("gbk"))  # fmt: skip
    assert done.returncode == 0, done.stderr.decode()
    rows = valid("scan", done.stdout.decode("utf-8"))
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing written there
    assert len(rows) == len(ZH_DOCS) + 1
    assert not any(row["reference"] for row in rows)  # no file is the reference
    assert rows[0]["path"].endswith("文章1.txt") and rows[0]["similar"]
    assert abs(rows[0]["similarity"] - judge.ratio(ZH_DOCS[1], EDITED)) <= 0.01
    csv_done = simfind("scan", "-", str(folder), "--format", "csv", "--no-cache",
                       stdin=EDITED.encode("gbk"))  # fmt: skip
    first = csv_done.stdout.decode("utf-8").splitlines()[1].split(",")
    assert first[0].endswith("文章1.txt") and first[7] == "false"  # "reference"


def test_an_empty_stdin_is_a_clear_error(folder: Path) -> None:
    done = simfind("scan", "-", str(folder), stdin=b"")
    assert done.returncode == 2
    said = done.stderr.decode()
    assert "<stdin>" in said and "is empty" in said and "Traceback" not in said
    binary = simfind("scan", "-", str(folder), stdin=bytes(range(256)) * 8)
    assert binary.returncode == 2 and "<stdin>" in binary.stderr.decode()


def test_diff_of_one_text_in_two_encodings_is_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    utf8, gbk = tmp_path / "原文.txt", tmp_path / "原文-gbk.txt"
    utf8.write_text(ZH_DOCS[0], encoding="utf-8")
    gbk.write_bytes(ZH_DOCS[0].encode("gbk"))
    assert main(["diff", str(utf8), str(gbk)]) == 0
    out = capsys.readouterr().out
    assert "similarity 100.0 %" in out and "same text" in out
    assert "@@" not in out


def test_diff_of_an_edited_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(ZH_DOCS[1] + "\n" + EN_DOCS[0] + "\n", encoding="utf-8")
    second.write_bytes((EDITED + "\n" + EN_DOCS[0] + "\n").encode("gbk"))
    assert main(["diff", str(first), str(second)]) == 1
    out = capsys.readouterr().out
    assert f"--- {first}" in out and f"+++ {second}" in out
    assert f"-{ZH_DOCS[1]}" in out and f"+{EDITED}" in out
    assert main(["diff", str(first), str(second), "--format", "json"]) == 1
    found = valid("diff", capsys.readouterr().out)
    expected = judge.ratio(ZH_DOCS[1] + EN_DOCS[0], EDITED + EN_DOCS[0])
    assert abs(found["similarity"] - expected) <= 0.01
    assert found["right"]["encoding"] == "gb18030" and not found["same_text"]
    assert f"similarity {found['similarity'] * 100:.1f} %" in out  # the line agrees
    assert 0 < found["distance"] <= 128 and found["diff"].startswith("---")


def test_diff_reads_documents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(DOCUMENTS / "zh.docx"), str(DOCUMENTS / "zh.txt"), "--format",
                 "json"]) == 1  # fmt: skip
    found = json.loads(capsys.readouterr().out)
    assert found["left"]["format"] == "docx" and found["left"]["encoding"] == ""
    assert found["similarity"] > 0.8


def test_diff_errors_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "a.txt"
    text.write_text(EN_DOCS[0], encoding="utf-8")
    assert main(["diff", str(text), str(tmp_path / "missing.txt")]) == 2
    assert "This file or folder was not found" in capsys.readouterr().err
    binary = tmp_path / "blob.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    assert main(["diff", str(binary), str(text)]) == 2
    assert "This file cannot be compared as text." in capsys.readouterr().err


def run_text(argv: list[str | bytes], **options: Any) -> subprocess.CompletedProcess[str]:
    """A command run to its end, its output as text (``options``: its standard input)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    return subprocess.run(
        argv, capture_output=True, text=True, env=env, timeout=120, check=False, **options
    )


def _closed_stdin() -> None:
    os.close(0)  # as `simfind scan - DIR <&-` leaves it


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX descriptors")
@pytest.mark.parametrize("records", [False, True])
@pytest.mark.parametrize("how", ["closed", "write-only"])
def test_an_unusable_stdin_is_a_usage_error_in_one_line(
    folder: Path, tmp_path: Path, how: str, records: bool
) -> None:
    # Closed: AttributeError ('NoneType' has no 'buffer'), exit 1, "unexpected error";
    # open for writing only: OSError (EBADF), the same.
    argv: list[str | bytes] = [sys.executable, "-m", "simfind", "scan", "-", str(folder)]
    argv.append("--no-cache")
    argv += ["--records", "lines"] if records else []
    with (tmp_path / "sink").open("wb") as sink:
        done = run_text(
            argv,
            stdin=sink if how == "write-only" else None,
            preexec_fn=_closed_stdin if how == "closed" else None,
        )
    assert done.returncode == 2, done.stderr
    said = {
        "closed": "simfind: standard input (<stdin>) is closed: ",
        "write-only": "simfind: standard input (<stdin>) cannot be read: Bad file descriptor: ",
    }[how]
    hint = "pipe the text to compare with into 'simfind scan -'"
    assert done.stderr.splitlines() == [said + hint]


@pytest.mark.skipif(sys.platform == "win32", reason="arguments are UTF-16 there")
@pytest.mark.parametrize("flag", [["--text"], []])
def test_a_query_argument_that_is_not_utf8_is_a_usage_error(folder: Path, flag: list[str]) -> None:
    # UnicodeEncodeError from the script folding, exit 1.
    query = "地方政府 ".encode() + b"\xff"  # 0xFF alone: never UTF-8
    done = run_text(
        [sys.executable, "-m", "simfind", "scan", query, str(folder), "--records", "lines", *flag]
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "simfind: The text to look for is not valid UTF-8. "
        "Give it in the system's encoding, or in a file."
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="names are UTF-16 there")
def test_a_query_file_whose_name_is_not_utf8_is_read(folder: Path, tmp_path: Path) -> None:
    name = tmp_path / os.fsdecode(b"query-\xff.txt")
    name.write_text(ZH_DOCS[1], encoding="utf-8")
    done = simfind("scan", str(name), str(folder), "--records", "lines", "--format", "json")
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout)

"""What the command line tells its user, run as a user runs it: the summary line, the
columns, the words for a problem, the exit statuses and the log (issue 29, items 8-11)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.places import ROOT, TESTS
from tests.texts import EN_DOCS

ROOT = ROOT


def simfind(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The real command in a process of its own, on this checkout's code."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "simfind", *map(str, args)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=env,
        cwd=cwd,
        check=False,
    )


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    """A reference, a folder with its copy, a light edit of it (a word: punctuation is no
    word, and a file whose words are all the same is the same text), an unrelated file and a
    binary one."""
    folder = tmp_path / "docs"
    folder.mkdir()
    (tmp_path / "ref.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "copy.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "edited.txt").write_text(EN_DOCS[0].replace("evening", "morning"), encoding="utf-8")
    (folder / "other.txt").write_text(EN_DOCS[1], encoding="utf-8")
    (folder / "blob.bin").write_bytes(bytes(range(256)) * 4)
    return folder


# -- item 8: a scan says what it found, and when it found nothing ----------------------------


def test_a_scan_of_an_empty_folder_says_so_and_keeps_stdout_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "ref.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (tmp_path / "empty").mkdir()
    for fmt, out in (("csv", "path,distance,"), ("json", "[]"), ("table", "DIST")):
        done = simfind("scan", "ref.txt", "empty", "--format", fmt, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(out)
        assert "simfind" not in done.stdout
        assert done.stderr == "simfind: no text files found in empty\n"
    done = simfind("groups", "empty", "--format", "csv", cwd=tmp_path)
    assert done.stderr == "simfind: no files found in empty\n"  # files of any kind looked for
    done = simfind("groups", "empty", "--format", "csv", "--text-only", cwd=tmp_path)
    assert done.stderr == "simfind: no text files found in empty\n"


def test_every_scan_ends_with_the_summary_groups_gives(docs: Path) -> None:
    done = simfind("scan", "ref.txt", "docs", "--format", "json", cwd=docs.parent)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 3  # stdout: the rows alone
    last = done.stderr.splitlines()[-1]
    assert last.startswith("simfind: 2 similar among 3 text files, 1 file skipped; ")
    assert "exact comparisons (128-bit fingerprints, similar from 0.5)" in last
    grouped = simfind("groups", "docs", "--format", "csv", cwd=docs.parent)
    last = grouped.stderr.splitlines()[-1]
    # The binary file is looked at too (by its bytes): no skip.
    assert last.startswith("simfind: 1 group of 2 files among 4 files (3 read as text); ")
    grouped = simfind("groups", "docs", "--format", "csv", "--text-only", cwd=docs.parent)
    last = grouped.stderr.splitlines()[-1]
    assert last.startswith("simfind: 1 group of 2 files among 3 text files, 1 file skipped; ")
    quiet = simfind("scan", "ref.txt", "docs", "-q", "--format", "csv", cwd=docs.parent)
    assert quiet.stderr == ""


# -- item 9: every cell under its header --------------------------------------------------


def _under_headers(table: str) -> None:
    """Each row's format, encoding and path stand in their headers' columns."""
    header, *lines = table.splitlines()
    fmt, encoding, path = (header.index(name) for name in ("FORMAT", "ENCODING", "PATH"))
    rows = [line for line in lines if not line.startswith("group ")]
    assert rows
    for row in rows:
        assert row[fmt - 2 : fmt] == row[encoding - 2 : encoding] == row[path - 2 : path] == "  "
        assert row[fmt:encoding].strip() in ("text", "docx"), row
        assert row[encoding:path].strip() in ("", "ascii", "utf-8", "windows-1252"), row
        assert row[path:].startswith("docs/"), row


def test_table_rows_sit_under_their_headers_whatever_their_width(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    documents = TESTS / "data" / "documents"
    (folder / "en.docx").write_bytes((documents / "en.docx").read_bytes())
    (folder / "en.txt").write_bytes((documents / "en.txt").read_bytes())
    text = EN_DOCS[2].replace("the ", "\u201cthe\u201d caf\u00e9 ") + " \u20ac"
    (folder / "bees.txt").write_bytes(text.encode("cp1252"))
    (folder / "bees-copy.txt").write_bytes((text + " Fin.").encode("cp1252"))
    (tmp_path / "ref.txt").write_bytes(text.encode("cp1252"))
    scanned = simfind("scan", "ref.txt", "docs", "--format", "table", cwd=tmp_path)
    assert "windows-1252" in scanned.stdout and "docx" in scanned.stdout, scanned.stderr
    _under_headers(scanned.stdout)
    grouped = simfind("groups", "docs", "--format", "table", cwd=tmp_path)
    assert grouped.stdout.count("group ") == 2, grouped.stdout + grouped.stderr
    assert "windows-1252" in grouped.stdout and "docx" in grouped.stdout
    _under_headers(grouped.stdout)


# -- item 10: problems in plain words, every exit status documented ---------------------


def test_a_missing_csv_column_is_named_with_the_columns_there_are(tmp_path: Path) -> None:
    (tmp_path / "sayings.csv").write_text("author,quote\nKong,Learn and practise\n", "utf-8")
    for command in (["groups", "sayings.csv"], ["scan", "practise", "sayings.csv"]):
        done = simfind(*command, "--records", "csv:nope", cwd=tmp_path)
        assert done.returncode == 2
        assert done.stderr == (
            "simfind: no column 'nope' in sayings.csv (its columns: author, quote)\n"
        )


def test_text_only_says_it_leaves_documents_out(tmp_path: Path) -> None:
    documents = TESTS / "data" / "documents"
    (tmp_path / "report.pdf").write_bytes((documents / "en.pdf").read_bytes())
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "notes.txt").write_bytes((documents / "en.txt").read_bytes())
    (folder / "report.docx").write_bytes((documents / "en.docx").read_bytes())
    done = simfind("scan", "report.pdf", "docs", "--text-only", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "simfind: report.pdf is a document (PDF); --text-only reads plain text only\n"
    )
    done = simfind("scan", "docs/notes.txt", "docs", "--text-only", "--format", "csv", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (
        "simfind: skipped docs/report.docx: a document (Word), which --text-only leaves out\n"
        in done.stderr
    )


def test_every_exit_status_is_documented_and_a_write_failure_is_1(docs: Path) -> None:
    helped = simfind("--help").stdout
    statuses = helped[helped.index("exit status:") :]
    for line in ("0    done", "1    not done: a file could not be written", "2    a usage error"):
        assert f"\n  {line}" in statuses
    assert "130  interrupted" in statuses
    assert "exit status:" in simfind("scan", "--help").stdout
    assert "exit status:" in simfind("groups", "--help").stdout
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here to fail a write")
    done = simfind("scan", "ref.txt", "docs", "-o", "/dev/full", cwd=docs.parent)
    assert done.returncode == 1
    assert "simfind: cannot write /dev/full: No space left on device" in done.stderr


# -- item 11: a log for a report, only when asked for ------------------------------------


def test_verbose_logs_each_stage_and_each_file_on_stderr_only(docs: Path) -> None:
    plain = simfind("scan", "ref.txt", "docs", "--format", "csv", "--no-cache", cwd=docs.parent)
    assert "ms]" not in plain.stderr  # no log without -v
    stages = simfind(
        "scan", "ref.txt", "docs", "--format", "csv", "--no-cache", "-v", cwd=docs.parent
    )
    assert stages.stdout == plain.stdout  # the rows as they were
    for said in ("cli.logs: simfind ", "core.scan: walk: ", "core.scan: exact comparisons: "):
        assert said in stages.stderr
    assert " ms] core.scan: scan: 3 files in " in stages.stderr
    assert "read: copy.txt" not in stages.stderr  # each file with -vv
    files = simfind("groups", "docs", "--format", "csv", "-vv", cwd=docs.parent)
    assert "core.fingerprinting: read: copy.txt (text, ascii, " in files.stderr
    assert "core.fingerprinting: read, skipped: blob.bin (binary: " in files.stderr
    assert "core.groups: groups: " in files.stderr
    again = simfind("scan", "ref.txt", "docs", "--format", "csv", "--debug", cwd=docs.parent)
    assert "core.fingerprinting: cached: copy.txt (text, ascii, " in again.stderr
    assert "core.scan: compared: edited.txt (similarity " in again.stderr


BUG = """
import sys
import simfind.core.scan.scanner as scanner

def broken(*args, **kwargs):
    raise RuntimeError("a bug in the scan")

scanner.scan = broken  # the command looks it up there when it runs
from simfind.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_an_unexpected_error_is_one_line_and_debug_adds_its_traceback(docs: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    argv = [sys.executable, "-c", BUG, "scan", "ref.txt", "docs", "--no-cache"]

    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*argv, *extra], capture_output=True, text=True, env=env, cwd=docs.parent, timeout=120
        )

    done = run()
    assert done.returncode == 1
    assert done.stderr == (
        "simfind: unexpected error: RuntimeError: a bug in the scan "
        "(run it again with --debug for the traceback to report)\n"
    )
    debugged = run("--debug")
    assert debugged.returncode == 1
    assert "Traceback (most recent call last)" in debugged.stderr
    assert ", in broken\n" in debugged.stderr  # where it was raised
    assert "simfind: unexpected error: RuntimeError: a bug in the scan\n" in debugged.stderr


def test_the_core_says_nothing_unless_asked(docs: Path) -> None:
    """Used as a library (as the window uses it), the core prints and logs nothing."""
    code = (
        "from pathlib import Path\n"
        "from simfind.core.scan.scanner import scan\n"
        "from simfind.core.groups.folder_groups import find_groups\n"
        "from simfind.core.scan.options import ScanOptions\n"
        "scan(Path('ref.txt'), Path('docs'))\n"
        "find_groups([Path('docs')], ScanOptions())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        cwd=docs.parent,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert (done.stdout, done.stderr) == ("", "")


def test_help_states_the_thresholds_the_commands_use(tmp_path: Path) -> None:
    """The defaults `groups --help` names are those a run applies (it once said 0.6)."""
    from simfind.core.base.defaults import DEFAULT_THRESHOLD, NAME_THRESHOLD, RECORD_THRESHOLD

    helped = " ".join(simfind("groups", "--help").stdout.split())
    assert f"THRESHOLD ({DEFAULT_THRESHOLD} by default" in helped
    assert f"THRESHOLD is {RECORD_THRESHOLD} by default, {NAME_THRESHOLD} for identifiers" in helped
    assert "0.6" not in helped
    # And a file 0.55 like the reference, between the files' default and the old 0.6, is similar.
    words = [f"w{i}" for i in range(200)]
    (tmp_path / "a.txt").write_text(" ".join(words), encoding="utf-8")
    changed = words[:110] + [f"x{i}" for i in range(90)]
    (tmp_path / "b.txt").write_text(" ".join(changed), encoding="utf-8")
    done = simfind("scan", tmp_path / "a.txt", tmp_path, "--format", "json", "--no-cache")
    row = next(r for r in json.loads(done.stdout) if r["path"].endswith("b.txt"))
    assert DEFAULT_THRESHOLD <= row["similarity"] < 0.6 and row["similar"] is True

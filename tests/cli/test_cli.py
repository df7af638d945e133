"""`simfind scan`: output formats, filters, exit status and messages."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from simfind.cli import main
from tests.texts import CODE, EN_DOCS, ZH_DOCS


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / f"文档{index}.txt").write_text(text, encoding="utf-8")
    (root / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "=danger.txt").write_text(EN_DOCS[1] + " formula", encoding="utf-8")
    (root / "tool.py").write_text(CODE, encoding="utf-8")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 4)
    (root / "blank.md").write_text("  \n\n", encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_has_the_documented_keys_and_order(capsys, folder: Path) -> None:
    code, out, err = run(capsys, "scan", str(folder / "文档2.txt"), str(folder), "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert {"path", "distance", "similarity", "similar", "size", "encoding", "reference"} <= set(
        rows[0]
    )
    assert rows[0]["reference"] is True and rows[0]["path"].endswith("文档2.txt")
    assert len(rows) == len(ZH_DOCS) + 3
    assert "blob.bin: binary" in err


def test_csv_is_spreadsheet_safe_with_a_header(capsys, folder: Path) -> None:
    code, out, _ = run(capsys, "scan", str(folder / "notes.md"), str(folder), "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows and set(rows[0]) >= {"path", "distance", "similarity", "similar"}
    danger = [r for r in rows if "danger" in r["path"]]
    assert danger  # the file name itself is harmless inside a longer path
    for record in rows:
        for cell in record.values():
            assert not cell.startswith(("=", "+", "-", "@")), cell


def test_formula_cells_are_defused(tmp_path: Path, capsys) -> None:
    from simfind.core.report.export import safe_cell

    assert safe_cell("=HYPERLINK(1)") == "'=HYPERLINK(1)"
    assert safe_cell("-2+3") == "'-2+3"
    assert safe_cell("normal.txt") == "normal.txt"
    assert safe_cell(5) == "5"


def test_output_file_csv_has_bom_and_chinese(tmp_path: Path, folder: Path, capsys) -> None:
    target = tmp_path / "out.csv"
    code, out, _ = run(capsys, "scan", str(folder / "文档0.txt"), str(folder), "-o", str(target))
    assert code == 0 and out == ""
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    assert "文档0.txt" in raw.decode("utf-8-sig")


def test_top_and_max_distance_filter_rows(capsys, folder: Path) -> None:
    _, out, _ = run(
        capsys, "scan", str(folder / "tool.py"), str(folder), "--format", "json", "--top", "2"
    )
    assert len(json.loads(out)) == 2
    _, out, _ = run(
        capsys,
        "scan",
        str(folder / "tool.py"),
        str(folder),
        "--format",
        "json",
        "--max-distance",
        "0",
    )
    rows = json.loads(out)
    assert [r["distance"] for r in rows] == [0] * len(rows) and rows[0]["reference"]


def test_table_lists_distance_similarity_and_path(capsys, folder: Path) -> None:
    _, out, _ = run(
        capsys, "scan", str(folder / "文档1.txt"), str(folder), "--format", "table", "--bits", "128"
    )
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["DIST", "SIM%"]
    assert "R" in lines[1].split() and lines[1].endswith("文档1.txt")


def test_an_output_named_inside_the_scanned_folder_is_written_and_left_out(
    capsys, folder: Path
) -> None:
    # The user named it: written there (it was refused), and never scanned as a file of
    # the folder, on this run or the next.
    before = sorted(p.name for p in folder.iterdir())
    target = folder / "r.csv"
    for _ in range(2):
        code, _, err = run(capsys, "scan", str(folder / "notes.md"), str(folder), "-o", str(target))
        assert code == 0, err
        rows = list(csv.DictReader(io.StringIO(target.read_text("utf-8-sig"))))
        assert rows and all(Path(r["path"]).name != "r.csv" for r in rows)
    assert sorted(p.name for p in folder.iterdir()) == sorted([*before, "r.csv"])
    code, _, err = run(capsys, "groups", str(folder), "-o", str(target), "--format", "csv")
    assert code == 0, err
    assert "r.csv" not in target.read_text("utf-8-sig")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["scan", "{folder}/missing.txt", "{folder}"], "The reference file was not found"),
        (["scan", "{folder}/blank.md", "{folder}"], "cannot be compared as text."),
        (["scan", "{folder}/notes.md", "{folder}/nope"], "The folder was not found"),
        (["scan", "{folder}/notes.md", "{folder}", "--bits", "32"], "invalid choice"),
        (["scan", "{folder}/notes.md", "{folder}", "--top", "0"], "at least 1"),
    ],
)
def test_usage_errors_exit_2_with_one_clear_line(
    capsys, folder: Path, args: list[str], message: str
) -> None:
    try:
        code = main([a.format(folder=folder) for a in args])
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_real_command_line_entry_point(folder: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "simfind",
            "scan",
            str(folder / "notes.md"),
            str(folder),
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["reference"] is True
    help_text = subprocess.run(
        [sys.executable, "-m", "simfind", "scan", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "REFERENCE lies inside DIRECTORY" in help_text


def test_install_desktop_from_the_console_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    assert main(["--install-desktop"]) == 0
    entry = tmp_path / "share" / "applications" / "io.github.simfind.Simfind.desktop"
    assert "Exec=" in entry.read_text(encoding="utf-8")
    assert main(["--uninstall-desktop"]) == 0
    assert not entry.exists()
    assert main(["--install-desktop", "cache", "info"]) == 2
    assert "goes alone" in capsys.readouterr().err


def test_rows_by_rank_or_by_distance(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    args = ("scan", str(folder / "文档2.txt"), str(folder), "--format", "json")
    _, out, _ = run(capsys, *args)
    ranked = json.loads(out)
    verified = [r for r in ranked if r["similarity"] is not None]
    assert ranked[: len(verified)] == verified  # verified files first...
    assert [r["similarity"] for r in verified] == sorted(
        (r["similarity"] for r in verified), reverse=True
    )  # ...best similarity first
    _, out, _ = run(capsys, *args, "--sort", "distance")
    by_distance = json.loads(out)
    keys = [
        (r["distance"], 1.0 if r["similarity"] is None else -r["similarity"]) for r in by_distance
    ]
    assert keys == sorted(keys)
    assert sorted(r["path"] for r in by_distance) == sorted(r["path"] for r in ranked)


def test_paths_are_shown_under_the_folder_as_given(
    capsys, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder.parent)
    code, out, err = run(capsys, "scan", "docs/notes.md", "docs", "--format", "json")
    assert code == 0
    paths = {r["path"] for r in json.loads(out)}
    assert str(Path("docs") / "notes.md") in paths
    assert all(p.startswith("docs") for p in paths)
    assert f"skipped {Path('docs') / 'blob.bin'}: binary" in err
    (folder / "notes copy.md").write_text(EN_DOCS[0], encoding="utf-8")
    code, out, _ = run(capsys, "groups", "docs", "--format", "json")
    assert code == 0
    grouped = [member for group in json.loads(out)["groups"] for member in group["members"]]
    assert grouped and all(r["path"].startswith("docs") for r in grouped)

"""`simfind groups --records` and `simfind scan --records`: rows, formats, exit status."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from simfind.cli import main
from tests.core.records.test_record_search import COPY, QUOTES, VARIANT, VERSE


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def quotes(tmp_path: Path) -> Path:
    path = tmp_path / "quotes.txt"
    path.write_text("\n".join(QUOTES) + "\n", encoding="utf-8")
    return path


def test_groups_of_lines_as_a_table(capsys, quotes: Path) -> None:
    code, out, err = run(capsys, "groups", str(quotes), "--records", "lines", "--format", "table")
    assert code == 0
    assert out.count("\ngroup ") + out.startswith("group ") == 3
    assert f"{quotes}:1 " in out and f"{quotes}:7 " in out
    assert "学而时习之，不亦悦乎" in out
    assert "3 groups of 6 records among 10 records (lines) of 1 file" in err


def test_a_record_in_two_groups_is_counted_once(capsys, tmp_path: Path) -> None:
    poems = tmp_path / "poems.txt"
    lines = [VERSE, "飞流直下三千尺，疑是银河落九天。", VARIANT, "举头望明月，低头思故乡。", COPY]
    poems.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "groups", str(poems), "--records", "lines", "--format", "json")
    assert code == 0
    groups = json.loads(out)
    assert sorted(sorted(m["line"] for m in g["members"]) for g in groups) == [[1, 3], [1, 5]]
    assert "2 groups of 3 records among 5 records (lines)" in err


def test_groups_of_lines_as_csv_and_json(capsys, quotes: Path) -> None:
    _, out, _ = run(capsys, "groups", str(quotes), "--records", "lines", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {row["line"] for row in rows if row["group"] == "1"} in ({"1", "7"}, {"2", "10"},
                                                                    {"3", "9"})  # fmt: skip
    assert set(rows[0]) == {
        "group", "path", "line", "record", "kind", "places", "similarity", "distance", "centre",
        "encoding", "fingerprint", "path_bytes",
    }  # fmt: skip
    _, out, _ = run(capsys, "groups", str(quotes), "--records", "lines", "--format", "json")
    groups = json.loads(out)
    assert len(groups) == 3 and all(group["records"] == 2 for group in groups)
    assert groups[0]["members"][0]["centre"] is True and groups[0]["members"][0]["line"] >= 1


def test_identifiers_of_a_folder(capsys, tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def load_settings():\n    pass\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("\n\ndef load_setings():\n    pass\n", encoding="utf-8")
    code, out, _ = run(capsys, "groups", str(tmp_path), "--records", "identifiers",
                       "--format", "table")  # fmt: skip
    assert code == 0
    assert "load_settings  (function)" in out and f"{tmp_path / 'b.py'}:3" in out


def test_a_missing_csv_column_is_a_usage_error(capsys, tmp_path: Path) -> None:
    table = tmp_path / "t.csv"
    table.write_text("who,text\nme,hello there\n", encoding="utf-8")
    code, out, err = run(capsys, "groups", str(table), "--records", "csv:quote")
    assert code == 2 and out == ""
    assert err.strip() == (f"simfind: no column 'quote' in {table} (its columns: who, text)")


def test_an_unknown_kind_of_record_is_a_usage_error(capsys, quotes: Path) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["groups", str(quotes), "--records", "words"])
    assert caught.value.code == 2
    assert "'words' is not a kind of record" in capsys.readouterr().err


def test_scan_records_with_a_text_or_a_file(capsys, tmp_path: Path, quotes: Path) -> None:
    code, out, _ = run(capsys, "scan", "Stay hungry, stay foolish", "--records", "lines",
                       str(quotes), "--format", "json", "--top", "2")  # fmt: skip
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 2 and rows[0]["line"] == 5 and rows[0]["similar"] is True
    assert rows[0]["path"] == str(quotes)
    query = tmp_path / "query.txt"
    query.write_text("Talk is cheap; show me the code\n", encoding="utf-8")
    _, out, _ = run(capsys, "scan", str(query), "--records", "lines", str(quotes),
                    "--format", "csv", "--similar-only")  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [row["line"] for row in rows] == ["11"]
    # --text: the argument is the text, although a file has that name.
    _, out, _ = run(capsys, "scan", str(query), "--text", "--records", "lines", str(quotes),
                    "--format", "csv", "--similar-only")  # fmt: skip
    assert list(csv.DictReader(io.StringIO(out))) == []


def test_scan_records_refuses_an_empty_query(capsys, quotes: Path) -> None:
    code, _, err = run(capsys, "scan", " ", "--records", "lines", str(quotes))
    assert code == 2
    assert "has no words to compare" in err


def test_records_write_workbooks_and_no_parquet(
    capsys: pytest.CaptureFixture[str], quotes: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import zipfile

    out = tmp_path_factory.mktemp("out")  # simfind never writes into the folder searched
    book_path = out / "records.xlsx"
    assert main(["groups", str(quotes), "--records", "lines", "-q", "-o", str(book_path)]) == 0
    with zipfile.ZipFile(book_path) as book:  # a real workbook, not CSV under that name
        sheet = book.read("xl/worksheets/sheet1.xml").decode("utf-8")
    assert "<t>record</t>" in sheet and "<t>centre</t>" in sheet and "学而时习之" in sheet
    scanned = out / "ranked.xlsx"
    argv = ["scan", QUOTES[0], "--records", "lines", str(quotes), "-q", "-o", str(scanned)]
    assert main(argv) == 0
    with zipfile.ZipFile(scanned) as book:
        assert "<t>similar</t>" in book.read("xl/worksheets/sheet1.xml").decode("utf-8")
    capsys.readouterr()
    assert main(["groups", str(quotes), "--records", "lines", "--format", "xlsx"]) == 2
    assert "--output" in capsys.readouterr().err
    for command in (["groups", str(quotes)], ["scan", QUOTES[0], str(quotes)]):
        target = out / "records.parquet"
        assert main([*command, "--records", "lines", "-o", str(target)]) == 2
        assert not target.exists() and "no Parquet" in capsys.readouterr().err


def test_the_file_the_query_came_from_is_never_written(
    capsys: pytest.CaptureFixture[str], quotes: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    query = tmp_path_factory.mktemp("query") / "query.txt"
    query.write_text(QUOTES[0] + "\n", encoding="utf-8")
    code = main(["scan", str(query), "--records", "lines", str(quotes), "-o", str(query)])
    assert code == 2 and "is the reference file" in capsys.readouterr().err
    assert query.read_text(encoding="utf-8") == QUOTES[0] + "\n"


def long_lines(folder: Path) -> tuple[Path, list[str]]:
    """A file of two lines of 40,000 characters alike up to the last word, past the 32,767
    characters an Excel cell holds, and a short line."""
    words = QUOTES[0].split()
    common = " ".join(words[k % len(words)] + str(k % 97) for k in range(5_000))
    lines = [common + " alpha", common + " omega", "a short line of its own"]
    path = folder / "long.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, lines[:2]


def test_a_record_longer_than_a_cell_is_said_and_kept_whole(
    capsys: pytest.CaptureFixture[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    from tests.workbook_read import read_workbook

    path, lines = long_lines(tmp_path_factory.mktemp("in"))
    assert all(len(line) > 40_000 for line in lines)
    book = tmp_path_factory.mktemp("out") / "records.xlsx"
    code, _, err = run(capsys, "groups", str(path), "--records", "lines", "-q", "-o", str(book))
    assert code == 0
    assert "warning: 2 cells longer than the 32,767 characters an Excel cell holds" in err
    assert "column record" in err and 'written whole on sheet "Whole values"' in err
    results, whole = read_workbook(book)
    header = results.row(1)
    records = [results.row(n)[header.index("record")] for n in (2, 3)]
    assert records[0] == records[1] and len(records[0]) == 32_767  # alike in their cells...
    assert all("Whole values" in results.notes[f"D{n}"] for n in (2, 3))
    assert sorted("".join(whole.row(n)[4:]) for n in (2, 3)) == sorted(lines)  # ...apart whole

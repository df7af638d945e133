"""`simfind catalogue`: a catalogue of a drive, scanned while the drive is away, updated,
merged, and refused whole when damaged, foreign or of a later format (core.catalogue).

Real folders on disk, "unplugged" by renaming or deleting them; figures checked against
difflib's ratio of the two texts' words, not against simfind's own."""

from __future__ import annotations

import difflib
import json
import os
import random
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from simfind.cli import main
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cache.catalogue_store import open_catalogue
from simfind.core.catalogue.making import make_catalogue, update_catalogue
from simfind.core.scan.options import ScanOptions
from tests.places import TESTS
from tests.texts import EN_DOCS, ZH_DOCS

DATA = TESTS / "data"


def _prose(seed: int, words: int = 600) -> str:
    """A text of real English words (the test corpus's), shuffled by ``seed``."""
    pool = re.findall(r"[A-Za-z]+", " ".join(EN_DOCS))
    rng = random.Random(seed)
    return " ".join(rng.choice(pool) for _ in range(words))


def _edited(text: str, every: int) -> str:
    """The text with every ``every``-th word replaced."""
    words = text.split()
    return " ".join("changed" if i % every == 0 else w for i, w in enumerate(words))


def _ratio(a: str, b: str) -> float:
    """difflib's ratio of the two texts' words, case-folded: the independent measure."""
    left = re.findall(r"\w+", a.casefold())
    right = re.findall(r"\w+", b.casefold())
    return difflib.SequenceMatcher(None, left, right, autojunk=False).ratio()


@pytest.fixture
def drive(tmp_path: Path) -> Path:
    """A backup drive's folder: unrelated texts, Chinese ones, a binary file, and the
    original of the reference deep below."""
    root = tmp_path / "backup drive"
    (root / "2023" / "thesis").mkdir(parents=True)
    for index in range(12):
        (root / "2023" / f"note {index}.txt").write_text(_prose(index), encoding="utf-8")
    for index, text in enumerate(ZH_DOCS):
        (root / f"文档{index}.txt").write_text(text, encoding="utf-8")
    (root / "2023" / "thesis" / "chapter 1.txt").write_text(_prose(100, 900), encoding="utf-8")
    (root / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)) * 8)
    return root


@pytest.fixture
def reference(tmp_path: Path) -> Path:
    """A new file on this machine: chapter 1 edited a little."""
    path = tmp_path / "here" / "chapter 1 (edited).txt"
    path.parent.mkdir()
    path.write_text(_edited(_prose(100, 900), 25), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _valid(name: str, output: str) -> Any:
    """The JSON output, once its published schema found nothing wrong with it."""
    schema_path = DATA.parent.parent / "resources" / "schemas" / f"{name}.schema.json"
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    parsed = json.loads(output)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(parsed)]
    assert errors == []
    return parsed


def _scan_json(capsys: pytest.CaptureFixture[str], reference: Path, where: Path) -> list[dict]:
    code, out, err = run(capsys, "scan", str(reference), str(where), "--format", "json")
    assert code == 0, err
    rows: list[dict] = _valid("scan", out)
    return rows


def test_a_catalogue_is_scanned_with_its_drive_removed(capsys, tmp_path, drive, reference) -> None:
    catalogue = tmp_path / "backup.simcat"
    code, _, err = run(capsys, "catalogue", str(drive), "-o", str(catalogue), "--no-cache")
    assert code == 0, err
    texts = 12 + len(ZH_DOCS) + 1  # the photo is no text: not catalogued
    assert f"catalogued {texts} text files" in err
    original = (drive / "2023" / "thesis" / "chapter 1.txt").read_text(encoding="utf-8")
    remembered = os.fspath(drive / "2023" / "thesis" / "chapter 1.txt")
    drive.rename(tmp_path / "unplugged")  # the drive is away

    rows = _scan_json(capsys, reference, catalogue)
    best = rows[0]
    assert best["path"] == remembered  # where it lies on the drive, not under the catalogue
    assert best["catalogue"] == os.fspath(catalogue)
    assert best["estimated"] is True and best["similar"] is True
    exact = _ratio(reference.read_text(encoding="utf-8"), original)
    assert abs(best["similarity"] - exact) < 0.1, (best["similarity"], exact)
    assert best["reference_in_file"] is None  # an estimate says no containment
    others = [r for r in rows[1:] if r["similarity"] is not None]
    assert others and all(r["similarity"] < 0.5 and r["estimated"] for r in others)

    argv = ("scan", str(reference), str(catalogue), "--top", "1", "--format", "table")
    code, out, err = run(capsys, *argv)
    assert code == 0
    assert "~" in out.splitlines()[1]  # the table marks the estimate
    assert "; 0 exact comparisons" in err and "1 figure (marked ~) is an estimate" in err

    # The drive back where it was: the exact figure, from the file itself, as a scan of
    # the folder gives it (and near difflib's: the measure weighs a folder's common text).
    (tmp_path / "unplugged").rename(drive)
    back = _scan_json(capsys, reference, catalogue)[0]
    assert back["path"] == remembered and back["estimated"] is False
    assert back["similarity"] == _scan_json(capsys, reference, drive)[0]["similarity"]
    assert back["similarity"] == pytest.approx(exact, abs=0.02)


def test_with_texts_the_figures_are_exact_while_the_drive_is_away(
    capsys, tmp_path, drive, reference
) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue), "--with-texts")[0] == 0
    on_disk = _scan_json(capsys, reference, drive)
    shutil.rmtree(drive)  # the drive is gone altogether
    away = _scan_json(capsys, reference, catalogue)
    assert not any(r["estimated"] for r in away)
    figures = {r["path"]: r["similarity"] for r in away}
    assert len(figures) == len(on_disk)
    for row in on_disk:  # the folder written as an absolute path: the remembered paths
        assert figures[row["path"]] == row["similarity"]
    original = _prose(100, 900)
    assert away[0]["similarity"] == pytest.approx(
        _ratio(reference.read_text(encoding="utf-8"), original), abs=0.02
    )


def test_update_reads_only_what_changed(tmp_path, drive, reference) -> None:
    catalogue = tmp_path / "backup.simcat"
    options = ScanOptions()
    made = make_catalogue([drive], catalogue, options)
    texts = 12 + len(ZH_DOCS) + 1
    assert (made.files, made.read) == (texts, texts)
    (drive / "2023" / "note 3.txt").write_text(_prose(1003), encoding="utf-8")  # changed
    os.utime(drive / "2023" / "note 3.txt", ns=(1, 2))
    (drive / "2023" / "note 4.txt").unlink()  # gone
    (drive / "new.txt").write_text(_prose(2000), encoding="utf-8")  # new
    updated = update_catalogue(catalogue, options)
    assert (updated.files, updated.read, updated.removed) == (texts, 2, 1)
    with open_catalogue(catalogue) as opened:
        rels = {entry.rel: entry.outcome.version.size for entry in opened.entries()}
    assert "2023/note 4.txt" not in rels and "new.txt" in rels
    assert rels["2023/note 3.txt"] == (drive / "2023" / "note 3.txt").stat().st_size
    again = update_catalogue(catalogue, options)
    assert again.read == 0  # nothing changed: nothing read


def test_update_with_the_drive_away_leaves_the_catalogue_as_it_was(capsys, tmp_path, drive) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    before = catalogue.read_bytes()
    drive.rename(tmp_path / "elsewhere")
    code, out, err = run(capsys, "catalogue", "--update", str(catalogue))
    assert code == 2 and out == ""
    assert "is not there (is its drive plugged in?)" in err and "Traceback" not in err
    assert catalogue.read_bytes() == before


def test_merged_catalogues_hold_both_drives(capsys, tmp_path, drive, reference) -> None:
    other = tmp_path / "usb stick"
    other.mkdir()
    (other / "copy.txt").write_text(_edited(_prose(100, 900), 40), encoding="utf-8")
    first, second, both = (tmp_path / f"{n}.simcat" for n in ("a", "b", "both"))
    assert run(capsys, "catalogue", str(drive), "-o", str(first))[0] == 0
    assert run(capsys, "catalogue", str(other), "-o", str(second))[0] == 0
    code, _, err = run(capsys, "catalogue", "--merge", str(first), str(second), "-o", str(both))
    assert code == 0 and f"catalogued {12 + len(ZH_DOCS) + 2} text files" in err
    shutil.rmtree(drive)
    shutil.rmtree(other)
    similar = [r["path"] for r in _scan_json(capsys, reference, both) if r["similar"]]
    assert sorted(similar) == sorted(
        [os.fspath(drive / "2023" / "thesis" / "chapter 1.txt"), os.fspath(other / "copy.txt")]
    )


def _truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(7).randbytes(20000))


def _foreign(path: Path) -> None:
    path.unlink()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
        db.execute("INSERT INTO contacts VALUES ('someone')")
    db.close()


def _later(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()


def _nonsense_row(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE files SET fingerprint = 'not hex'")
    db.close()


@pytest.mark.parametrize(
    ("damage", "problem", "words"),
    [
        (_truncated, CatalogueProblem.DAMAGED, "This catalogue is damaged and cannot be used"),
        (_random_bytes, CatalogueProblem.DAMAGED, "This catalogue is damaged and cannot be used"),
        (_foreign, CatalogueProblem.FOREIGN, "is an SQLite database, but not a simfind catalogue"),
        (_later, CatalogueProblem.NEWER, "This catalogue was made by a later simfind (format 99)"),
        (_nonsense_row, CatalogueProblem.DAMAGED, "This catalogue is damaged and cannot be used"),
    ],
)
def test_a_damaged_or_foreign_catalogue_is_one_clear_message(
    capsys, tmp_path, drive, reference, damage, problem, words
) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    damage(catalogue)
    with pytest.raises(CatalogueError) as raised, open_catalogue(catalogue) as opened:
        list(opened.entries())
    assert raised.value.problem is problem
    for argv in (
        ("scan", str(reference), str(catalogue)),
        ("catalogue", "--update", str(catalogue)),
    ):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == ""
        lines = err.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], err


def test_a_scan_with_other_settings_is_refused(capsys, tmp_path, drive, reference) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue), "--bits", "64")[0] == 0
    code, _, err = run(capsys, "scan", str(reference), str(catalogue))
    assert code == 2 and "was made with other settings" in err
    assert run(capsys, "scan", str(reference), str(catalogue), "--bits", "64")[0] == 0


def test_a_failed_write_keeps_the_catalogue_that_was_there(tmp_path, drive) -> None:
    catalogue = tmp_path / "backup.simcat"
    make_catalogue([drive], catalogue, ScanOptions())
    before = catalogue.read_bytes()
    with pytest.raises(CatalogueError) as raised:
        make_catalogue([drive], tmp_path / "no such folder" / "x.simcat", ScanOptions())
    assert raised.value.problem is CatalogueProblem.UNWRITABLE
    assert catalogue.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".partial")] == []


def _valid_groups(output: str) -> dict:
    """The groups' result file, once its published schema found nothing wrong with it."""
    result: dict = _valid("groups", output)
    return result


def test_groups_of_a_new_folder_and_a_catalogue_say_which_are_catalogued(
    capsys, tmp_path, drive, reference
) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    (reference.parent / "unrelated.txt").write_text(_prose(5000), encoding="utf-8")
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    exact = _ratio(reference.read_text(encoding="utf-8"), original.read_text(encoding="utf-8"))
    shutil.rmtree(drive)

    argv = ("groups", str(reference.parent), str(catalogue))
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0, err
    groups = _valid_groups(out)["groups"]
    assert len(groups) == 1 and groups[0]["kind"] == "near-duplicate"  # never "same text"
    members = {m["path"]: m for m in groups[0]["members"]}
    assert set(members) == {os.fspath(original), os.fspath(reference)}
    assert members[os.fspath(original)]["catalogue"] == os.fspath(catalogue)
    assert "catalogue" not in members[os.fspath(reference)]
    other = next(m for m in groups[0]["members"] if not m["centre"])
    assert other["estimated"] is True
    assert abs(other["similarity"] - exact) < 0.1
    assert "1 figure (marked ~) is an estimate" in err

    code, out, _ = run(capsys, *argv, "--format", "table")
    assert code == 0
    assert "group 1 (near-duplicates): 2 files (1 in a catalogue)" in out
    assert "~" in out and f"(in the catalogue {catalogue})" in out


def test_groups_with_texts_are_exact_while_the_drive_is_away(
    capsys, tmp_path, drive, reference
) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue), "--with-texts")[0] == 0
    shutil.copy(reference, drive / "new copy.txt")
    on_disk = json.loads(run(capsys, "groups", str(drive), "--format", "json")[1])["groups"]
    figure = next(m["similarity"] for m in on_disk[0]["members"] if not m["centre"])
    (drive / "new copy.txt").unlink()
    shutil.rmtree(drive, ignore_errors=False)
    code, out, err = run(
        capsys, "groups", str(reference.parent), str(catalogue), "--format", "json"
    )
    assert code == 0, err
    members = _valid_groups(out)["groups"][0]["members"]
    assert [m["catalogue"] for m in members if "catalogue" in m] == [os.fspath(catalogue)]
    assert not any(m.get("estimated") for m in members) and "estimate" not in err
    other = next(m for m in members if not m["centre"])
    assert other["similarity"] == pytest.approx(figure, abs=0.002)


def test_a_catalogued_file_is_never_cleaned_up(capsys, tmp_path, drive, reference) -> None:
    """A catalogue's file, its drive plugged in, is kept as a reference folder's is: the
    new copy is the one moved (undone like any move), never the drive's."""
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    os.utime(original, ns=(10**18, 10**18))  # older: "keep newest" would move it
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    result = tmp_path / "result.json"
    argv = ("groups", str(reference.parent), str(catalogue), "--format", "json")
    assert run(capsys, *argv, "-o", str(result))[0] == 0
    moved = tmp_path / "moved"
    moved.mkdir()
    code, _, err = run(capsys, "clean", str(result), "--move-to", str(moved), "--yes")
    assert code == 0, err
    assert original.is_file()
    assert [p.name for p in moved.rglob("*.txt")] == [reference.name]


def test_an_estimated_figure_moves_nothing(capsys, tmp_path, drive, reference) -> None:
    """With the drive away, two new copies are grouped with the drive's file, some by
    estimates alone: no file whose figure is an estimate is moved (a verdict that moves a
    file is never an estimate; which file is the centre decides which figures are)."""
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    shutil.rmtree(drive)
    second = reference.with_name("chapter 1 (second edit).txt")
    words = _prose(100, 900).split()  # edited elsewhere: the drive's file is the closest to both
    edited = ["altered" if i % 25 == 12 else w for i, w in enumerate(words)]
    second.write_text(" ".join(edited), encoding="utf-8")
    result = tmp_path / "result.json"
    argv = ("groups", str(reference.parent), str(catalogue), "--format", "json")
    assert run(capsys, *argv, "-o", str(result))[0] == 0
    members = json.loads(result.read_text(encoding="utf-8"))["groups"][0]["members"]
    assert len(members) == 3 and any(m.get("estimated") for m in members)
    moved = tmp_path / "moved"
    moved.mkdir()
    run(capsys, "clean", str(result), "--move-to", str(moved), "--yes")
    gone = {p.name for p in moved.rglob("*.txt")}
    assert not any(Path(m["path"]).name in gone for m in members if m.get("estimated"))


def test_a_copy_of_a_catalogued_file_is_identical_with_its_drive_away(
    capsys, tmp_path, drive
) -> None:
    """A new folder's file byte for byte the same as one on the drive is identical, 100 %
    exactly, by the hash the catalogue kept: no text needed, no estimate made."""
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    new = tmp_path / "new"
    new.mkdir()
    copy = new / "chapter one.txt"
    shutil.copy(original, copy)
    (new / "unrelated.txt").write_text(_prose(5000), encoding="utf-8")
    assert copy.read_bytes() == original.read_bytes()  # the independent measure: the bytes
    shutil.rmtree(drive)

    code, out, err = run(capsys, "groups", str(new), str(catalogue), "--format", "json")
    assert code == 0, err
    groups = _valid_groups(out)["groups"]
    assert len(groups) == 1 and groups[0]["kind"] == "identical"
    members = {m["path"]: m for m in groups[0]["members"]}
    assert set(members) == {os.fspath(original), os.fspath(copy)}
    assert not any(m.get("estimated") for m in members.values())
    other = next(m for m in members.values() if not m["centre"])
    assert other["similarity"] == 1.0 and other["identical"] is True
    assert "estimate" not in err

    rows = _scan_json(capsys, copy, catalogue)
    assert rows[0]["path"] == os.fspath(original)
    assert rows[0]["estimated"] is False and rows[0]["similarity"] == 1.0


def test_the_groups_summary_counts_estimates_apart_from_exact_comparisons(
    capsys, tmp_path, drive, reference
) -> None:
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    shutil.rmtree(drive)
    code, out, err = run(
        capsys, "groups", str(reference.parent), str(catalogue), "--format", "json"
    )
    assert code == 0, err
    members = _valid_groups(out)["groups"][0]["members"]
    assert len(members) == 2 and sum(1 for m in members if m.get("estimated")) == 1
    # The one pair compared holds the drive's file, whose drive is away: an estimate.
    assert "; 0 exact comparisons, 1 estimate from fingerprints (" in err


def test_groups_identical_refuses_a_catalogue_and_says_why(capsys, tmp_path, drive) -> None:
    """--identical compares files of every kind by their bytes; a catalogue keeps text
    files' hashes alone: one clear line, and the plain groups finds the copies."""
    catalogue = tmp_path / "backup.simcat"
    assert run(capsys, "catalogue", str(drive), "-o", str(catalogue))[0] == 0
    new = tmp_path / "new"
    new.mkdir()
    original = drive / "2023" / "thesis" / "chapter 1.txt"
    shutil.copy(original, new / "chapter one.txt")
    shutil.copy(drive / "photo.jpg", new / "photo copy.jpg")  # no text: not catalogued
    code, out, err = run(capsys, "groups", "--identical", str(new), str(catalogue))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--identical" in err and str(catalogue) in err
    assert "only its drive's text files" in err and "not a folder" not in err
    code, out, err = run(capsys, "groups", str(new), str(catalogue), "--format", "json")
    assert code == 0, err
    groups = json.loads(out)["groups"]
    assert [g["kind"] for g in groups] == ["identical"]
    assert (new / "chapter one.txt").read_bytes() == original.read_bytes()

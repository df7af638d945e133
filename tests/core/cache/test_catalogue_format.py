"""A catalogue's format: format 2 keeps each file's sketch, excerpt sample, fingerprint
and change time in fewer bytes and gives every one back exactly; a catalogue of format
1 is still read, and a scan against it says what a scan against format 2 says.

Real files (tests/data) in a real catalogue; the sizes measured on the files written."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.cache.catalogue_errors import CatalogueError, CatalogueProblem
from simfind.core.cache.catalogue_store import FORMAT_VERSION, open_catalogue
from simfind.core.catalogue.making import make_catalogue
from simfind.core.fingerprint.sketch import EMPTY
from simfind.core.scan.options import ScanOptions
from tests.core.cache.catalogue_v1 import write_v1
from tests.places import TESTS

DATA = TESTS / "data"


@pytest.fixture
def drive(tmp_path: Path) -> Path:
    """A drive of real texts: versions of two documents, releases' manuals, sayings."""
    root = tmp_path / "drive"
    for name in ("versions", "releases", "sayings", "zh_manual", "zh_scripts", "encodings"):
        shutil.copytree(DATA / name, root / name)
    return root


def _both(drive: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The drive's catalogue, and the same catalogue written in format 1."""
    current, old = tmp_path / "now.simcat", tmp_path / "old.simcat"
    make_catalogue([drive], current, ScanOptions())
    write_v1(current, old)
    return current, old


def test_format_2_gives_back_every_sketch_and_sample_in_fewer_bytes(drive, tmp_path) -> None:
    current, old = _both(drive, tmp_path)
    with open_catalogue(current) as now, open_catalogue(old) as before:
        assert (now.version, before.version) == (FORMAT_VERSION, 1) == (2, 1)
        packed, plain = list(now.entries()), list(before.entries())
    assert len(packed) > 20 and packed == plain  # every column back, exactly
    # Short texts among them: sketches with unfilled places, samples kept as they are.
    assert any(e.outcome.sketch and e.outcome.sketch.endswith(EMPTY.tobytes()) for e in packed)
    assert any(e.outcome.sample and len(e.outcome.sample) >= 400 for e in packed)

    def columns(path: Path) -> int:
        with sqlite3.connect(path) as db:
            query = "SELECT sum(length(sketch) + length(sample) + length(fingerprint)) FROM files"
            total: int = db.execute(query).fetchone()[0]
        return total

    assert columns(current) < 0.8 * columns(old)


def test_a_format_1_catalogue_is_scanned_as_format_2_is(capsys, drive, tmp_path) -> None:
    current, old = _both(drive, tmp_path)
    reference = tmp_path / "bicycle notes (mine).txt"
    text = (DATA / "versions" / "bicycle notes_v3.txt").read_text(encoding="utf-8")
    reference.write_text(text.replace("the", "a"), encoding="utf-8")
    drive.rename(tmp_path / "unplugged")  # estimates only: from the sketches
    found = {}
    for catalogue in (current, old):
        argv = ["scan", str(reference), str(catalogue), "--format", "json", "--top", "40"]
        assert main(argv) == 0
        rows = json.loads(capsys.readouterr().out)
        found[catalogue] = [(r["path"], r["similarity"], r["estimated"]) for r in rows]
    assert found[current] == found[old]
    best = found[current][0]
    assert "bicycle notes" in best[0] and best[2] is True and best[1] > 0.5


def test_a_packed_column_that_makes_no_sense_is_a_damaged_catalogue(drive, tmp_path) -> None:
    current, _ = _both(drive, tmp_path)
    with sqlite3.connect(current) as db:
        db.execute("UPDATE files SET sample = x'01ff00' WHERE rowid = 1")
    with open_catalogue(current) as catalogue, pytest.raises(CatalogueError) as raised:
        list(catalogue.entries())
    assert raised.value.problem is CatalogueProblem.DAMAGED

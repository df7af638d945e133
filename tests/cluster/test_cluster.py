"""simfind.cluster on a local Dask cluster of two worker processes: the desktop's answers."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("dask.dataframe")
pytest.importorskip("distributed")
pytest.importorskip("pyarrow")

import dask.dataframe as dd
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from distributed import Client

from simfind.cli import main
from simfind.cluster import sources
from simfind.cluster.connect import connect
from simfind.cluster.fingerprints import REASON, fingerprints, lane_columns
from simfind.cluster.pipeline import ClusterOptions, StageProgress, candidate_pairs, find_groups
from simfind.core.base.errors import SkipReason
from simfind.core.groups.folder_groups import GroupsResult
from simfind.core.groups.folder_groups import find_groups as desktop_groups
from simfind.core.index import pigeonhole as index
from simfind.core.runs.jobs import default_jobs
from simfind.core.scan.fingerprinting import Job, fingerprint_file
from simfind.core.scan.options import ScanOptions
from simfind.core.text.features import FeatureSettings
from simfind.core.text.reading import read_text
from tests.core.index.test_index import planted
from tests.texts import CODE, EN_DOCS, ZH_DOCS

DOCUMENTS = Path(__file__).resolve().parents[1] / "data" / "documents"


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with connect(workers=2, dashboard=None) as cluster_client:
        yield cluster_client


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few files per task, so that even a small folder is many partitions."""
    monkeypatch.setattr(sources, "FOLDER_PART_FILES", 3)


def _edit(text: str, times: int) -> str:
    """One word (or character) added per time, in the middle."""
    for _ in range(times):
        if text.isascii():
            words = text.split(" ")
            text = " ".join([*words[: len(words) // 2], "indeed", *words[len(words) // 2 :]])
        else:
            text = text[: len(text) // 2] + "的" + text[len(text) // 2 + 1 :]
    return text


def near_duplicates(root: Path) -> Path:
    """Documents, their edited copies (distances 1 to 6), re-encoded copies, and non-text."""
    (root / "edited").mkdir(parents=True)
    for number, text in enumerate(ZH_DOCS + EN_DOCS):
        (root / f"doc{number:02d}.txt").write_text(text, encoding="utf-8")
        (root / "edited" / f"doc{number:02d}.txt").write_text(_edit(text, 1), encoding="utf-8")
    (root / "edited" / "doc02-twice.txt").write_text(_edit(ZH_DOCS[2], 2), encoding="utf-8")
    (root / "gbk.txt").write_bytes(ZH_DOCS[0].encode("gbk"))
    (root / "utf16.txt").write_text(EN_DOCS[0], encoding="utf-16")
    (root / "code.py").write_text(CODE, encoding="utf-8")
    (root / "copy of code.py").write_text(CODE, encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    (root / "binary.bin").write_bytes(bytes(range(256)) * 8)
    # Documents made by LibreOffice and pandoc, each beside another format of the same text.
    (root / "office").mkdir()
    for name in ("zh.docx", "zh.pdf", "en.odt", "en.html"):
        shutil.copyfile(DOCUMENTS / name, root / "office" / name)
    return root


def described(
    result: GroupsResult,
) -> list[list[tuple[str, float | None, int, bool, str, str, int]]]:
    """Everything the desktop shows of its groups, in its order."""
    return [
        [
            (m.rel, m.similarity, m.distance, m.is_reference, m.encoding, m.format, m.size)
            for m in group.members
        ]
        for group in result.groups
    ]


@pytest.mark.parametrize(("bits", "slices"), [(64, 1), (128, 2)])
def test_candidate_pairs_are_the_cores(client: Client, bits: int, slices: int) -> None:
    """Every pair within the distance, through the identical fingerprints' representatives
    (128 bits in two slices of the key space)."""
    rng = np.random.default_rng(bits)
    rows = planted(rng, 3000, bits, 3 * bits // 64 + 1)
    rows[100:130] = rows[7]  # a set of identical fingerprints, collapsed before the tables
    lanes = lane_columns(bits)
    frame = pd.DataFrame(
        {lane: rows[:, k] for k, lane in enumerate(lanes)},
        index=pd.Index(np.arange(len(rows)), name="row"),
    )
    pairs = candidate_pairs(
        client,
        dd.from_pandas(frame, npartitions=3),
        len(rows),
        bits,
        3 * bits // 64,
        slices=slices,
    ).compute()
    i, j, d = index.near_pairs(rows, 3 * bits // 64)
    assert (pairs["i"] < pairs["j"]).all()
    assert not pairs.duplicated(["i", "j"]).any()
    expected = set(zip(i.tolist(), j.tolist(), d.tolist(), strict=True))
    found = set(zip(pairs["i"], pairs["j"], pairs["distance"], strict=True))
    assert found <= expected
    # What is left out are the pairs of a collapsed member: its representative has them.
    rep = {b: a for a, b, dist in found if dist == 0}
    assert set(range(100, 130)) <= set(rep)
    through = {
        (min(rep.get(a, a), rep.get(b, b)), max(rep.get(a, a), rep.get(b, b)), dist)
        for a, b, dist in expected
        if rep.get(a, a) != rep.get(b, b)
    }
    assert through <= found
    assert index.groups(len(rows), pairs["i"].to_numpy(), pairs["j"].to_numpy()) == index.groups(
        len(rows), i, j
    )


@pytest.mark.parametrize("bits", [64, 128])
def test_fingerprints_are_the_desktops(client: Client, tmp_path: Path, bits: int) -> None:
    folder = near_duplicates(tmp_path / "docs")
    settings = FeatureSettings(bits=bits)
    frame = fingerprints(sources.folder_source(folder), Job(settings)).compute()
    assert len(frame) == 29
    for name, *lanes in frame[["name", *lane_columns(bits)]][frame[REASON] == ""].itertuples(
        index=False
    ):
        value = sum(int(v) << (64 * k) for k, v in enumerate(lanes))
        assert value == fingerprint_file(folder / name, settings)[0], name
    skipped = frame[frame[REASON] != ""]
    assert dict(zip(skipped["name"], skipped[REASON], strict=True)) == {
        "binary.bin": "binary",
        "empty.txt": "empty",
    }


@pytest.mark.parametrize(("bits", "slices"), [(64, 2), (128, None)])
def test_groups_of_a_folder_equal_the_desktops(
    client: Client, tmp_path: Path, untouched, bits: int, slices: int | None
) -> None:
    """With the join in one piece, or in slices of the key space run one after another."""
    folder = near_duplicates(tmp_path / "docs")
    check = untouched(folder)
    settings = FeatureSettings(bits=bits)
    stages: list[StageProgress] = []
    options = ClusterOptions(features=settings, slices=slices)
    result = find_groups(folder, client, options, stages.append)
    check()
    expected = desktop_groups(folder, ScanOptions(features=settings))
    assert described(result) == described(expected)
    # The cluster reads text files alone; the desktop looks at every file, the binary and
    # the empty one by their bytes (no skips: they took part), its text files the same.
    assert result.files == expected.text_files == 27 and expected.files == 29
    assert [(s.rel, s.reason) for s in result.skipped] == [
        ("binary.bin", SkipReason.BINARY),
        ("empty.txt", SkipReason.EMPTY),
    ]
    assert expected.skipped == []
    # Not a trivial answer: copies, re-encoded copies and edits at several distances.
    assert len(result.groups) >= 6
    assert len({m.distance for g in result.groups for m in g.members}) >= 3
    assert {m.format for g in result.groups for m in g.members} >= {"docx", "pdf", "odt", "html"}
    finished = [s.stage for s in stages if s.done == s.total]
    assert [stage for k, stage in enumerate(finished) if finished[k - 1 : k] != [stage]] == [
        "fingerprinting",
        "joining",  # the collapse, then the tables (their number known after the collapse)
        "verifying",
    ]


def test_a_parquet_source_gives_the_groups_of_the_same_texts(
    client: Client, tmp_path: Path
) -> None:
    folder = near_duplicates(tmp_path / "docs")
    expected = desktop_groups(folder, ScanOptions())
    names, texts = [], []
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix != ".bin":
            names.append(path.relative_to(folder).as_posix())
            texts.append(read_text(path).text)
    dataset = tmp_path / "corpus.parquet"
    dataset.mkdir()
    half = len(names) // 2
    # Two files, the second with two row groups: three parts.
    pq.write_table(pa.table({"id": names[:half], "text": texts[:half]}), dataset / "a.parquet")
    pq.write_table(
        pa.table({"id": names[half:], "text": texts[half:]}),
        dataset / "b.parquet",
        row_group_size=5,
    )
    assert len(sources.parquet_source(str(dataset)).parts) == 1 + -(-(len(names) - half) // 5)

    result = find_groups(dataset, client)
    shown = [
        [(m.rel, m.similarity, m.distance, m.is_reference) for m in g.members]
        for g in result.groups
    ]
    assert shown == [
        [(m.rel, m.similarity, m.distance, m.is_reference) for m in g.members]
        for g in expected.groups
    ]
    assert result.files == expected.text_files  # the desktop looks at the .bin file too
    assert [(s.rel, s.reason.value) for s in result.skipped] == [("empty.txt", "empty")]


@pytest.mark.usefixtures("small_parts")
def test_a_killed_worker_loses_and_duplicates_nothing(client: Client, tmp_path: Path) -> None:
    folder = near_duplicates(tmp_path / "docs")
    expected = desktop_groups(folder, ScanOptions())
    pids = client.run(os.getpid)
    killed: list[tuple[int, StageProgress]] = []

    def kill_once(progress: StageProgress) -> None:
        """Mid-join, kill the worker that holds the most finished results."""
        if killed or progress.stage != "joining" or not 1 <= progress.done < progress.total:
            return
        holdings = client.has_what()
        victim = max(holdings, key=lambda worker: len(holdings[worker]))
        os.kill(pids[victim], signal.SIGKILL)
        killed.append((pids[victim], progress))

    result = find_groups(folder, client, progress=kill_once)
    assert killed, "the run ended before a worker could be killed"
    assert described(result) == described(expected)
    client.wait_for_workers(2, timeout=60)
    assert killed[0][0] not in client.run(os.getpid).values()


def test_the_command_line_on_a_scheduler_prints_the_desktops_groups(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = near_duplicates(tmp_path / "docs")
    assert main(["groups", str(folder), "--format", "csv", "-q"]) == 0
    desktop = capsys.readouterr().out
    address = client.scheduler.address
    assert main(["groups", str(folder), "--format", "csv", "-q", "--dask", address]) == 0
    assert capsys.readouterr().out == desktop
    assert desktop.count("\n") > 10

    target = tmp_path / "groups.parquet"
    assert main(["groups", str(folder), "--dask", address, "-o", str(target)]) == 0
    err = capsys.readouterr().err
    assert f"on {address}" in err and "skipped" in err and "among 27 text files" in err
    table = pq.read_table(target).to_pylist()
    lines = desktop.splitlines()
    at = lines[0].split(",").index("path")
    assert [str(row["path"]) for row in table] == [line.split(",")[at] for line in lines[1:]]
    assert list(table[0]) == lines[0].split(",")


def test_the_command_line_names_what_is_wrong(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = client.scheduler.address
    dataset = tmp_path / "corpus.parquet"
    pq.write_table(pa.table({"key": ["a"], "body": ["some text"]}), dataset)
    assert main(["groups", str(dataset), "--dask", address]) == 2
    assert "has no column id, text (it has key, body;" in capsys.readouterr().err
    assert (
        main(
            [
                "groups",
                str(dataset),
                "--dask",
                address,
                "--id-column",
                "key",
                "--text-column",
                "body",
                "-q",
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert main(["groups", str(tmp_path / "absent.parquet"), "--dask", address]) == 2
    assert "Parquet dataset not found" in capsys.readouterr().err
    assert main(["groups", str(tmp_path), "-o", str(tmp_path.parent / "x.parquet")]) == 2
    assert "--format parquet goes with --dask" in capsys.readouterr().err


def test_a_dataset_that_cannot_be_read_is_refused_in_one_line_before_a_cluster_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each ended in an ArrowInvalid or ValueError traceback, or read integers as nothing
    # ("0 files among 6"); no cluster is started to say so (no address here: a local one).
    damaged = tmp_path / "damaged.parquet"
    pq.write_table(pa.table({"id": ["a", "b"], "text": ["some text", "other text"]}), damaged)
    damaged.write_bytes(damaged.read_bytes()[:-12])
    numbers = tmp_path / "numbers.parquet"
    pq.write_table(pa.table({"id": list("abcdef"), "text": [1, 2, 3, 4, 5, 6]}), numbers)
    (tmp_path / "notes.parquet").write_text("id,text\na,some text\n", "utf-8")
    cases = {
        "damaged.parquet": f"cannot read {damaged} as Parquet: ",
        "notes.parquet": f"cannot read {tmp_path / 'notes.parquet'} as Parquet: ",
        "numbers.parquet": f"the column text of {numbers} holds int64, not text",
    }
    for name, words in cases.items():
        assert main(["groups", str(tmp_path / name), "--dask", "-j", "1"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"simfind: {words}") and err.count("\n") == 1, err
    good = tmp_path / "good.parquet"
    pq.write_table(pa.table({"id": ["a"], "text": ["some text"]}), good)
    assert main(["groups", str(good), "--dask", "1"]) == 2  # a worker count is not an address
    err = capsys.readouterr().err
    assert (
        err.startswith("simfind: cannot reach the Dask scheduler at 1: ") and "Traceback" not in err
    )


def test_a_local_cluster_says_how_many_workers_it_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = tmp_path / "one.parquet"
    pq.write_table(pa.table({"id": ["a"], "text": ["some text"]}), dataset)
    assert main(["groups", str(dataset), "--dask"]) == 0  # "of None worker processes" before
    count = default_jobs()
    said = f"simfind: on a local cluster of {count} worker process{'es' if count > 1 else ''};"
    assert capsys.readouterr().err.startswith(said)


def test_an_id_on_several_rows_names_each_row_apart(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dataset = tmp_path / "sayings.parquet"
    text = "a bird in the hand is worth two in the bush, as the saying goes"
    pq.write_table(pa.table({"id": ["x", "x", "y"], "text": [text, text, "other words"]}), dataset)
    address = client.scheduler.address
    assert main(["groups", str(dataset), "--dask", address, "--format", "csv", "-q"]) == 0
    header, *lines = capsys.readouterr().out.splitlines()
    paths = [line.split(",")[header.split(",").index("path")] for line in lines]
    assert paths == [f"{dataset / 'x'} (row 0)", f"{dataset / 'x'} (row 1)"]


def test_a_folder_without_near_duplicates(client: Client, tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text(ZH_DOCS[0], encoding="utf-8")
    (folder / "b.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "c.bin").write_bytes(bytes(range(256)))
    result = find_groups(folder, client)
    assert (result.files, result.groups) == (2, [])
    assert [(s.rel, s.reason.value) for s in result.skipped] == [("c.bin", "binary")]
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = find_groups(empty, client)
    assert (nothing.files, nothing.groups) == (0, [])


def test_the_boilerplate_and_its_groups_equal_the_desktops(client: Client, tmp_path: Path) -> None:
    """Bokeh's modules share a licence header and section banners: found on the cluster
    from the documents' samples as the desktop finds it, and discounted alike."""
    import bokeh

    modules = sorted(Path(bokeh.__file__).parent.glob("models/*.py"))[:16]
    folder = tmp_path / "modules"
    folder.mkdir()
    for module in modules:
        shutil.copy(module, folder / module.name)
    shutil.copy(modules[3], folder / "copy.py")  # a near-duplicate beside them
    (folder / "copy.py").write_text(
        (folder / "copy.py").read_text(encoding="utf-8").replace("import", "from x import"),
        encoding="utf-8",
    )
    result = find_groups(folder, client, ClusterOptions())
    expected = desktop_groups(folder, ScanOptions())
    assert not expected.boilerplate.empty
    assert np.array_equal(result.boilerplate.values, expected.boilerplate.values)
    assert described(result) == described(expected)
    assert any({"copy.py", modules[3].name} <= {m.rel for m in g.members} for g in result.groups)


def test_the_cluster_reads_traditional_as_simplified_unless_told(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The option travels to the workers: a Big5 Traditional copy of a real document is in
    its original's group on the cluster as on the desktop, and in none with
    --no-fold-scripts."""
    data = Path(__file__).resolve().parents[1] / "data"
    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(data / "zh_scripts" / "faq-what-is-debian.big5.txt", folder)
    for name in ("faq-what-is-debian.txt", "backup-bookworm.txt", "routing-bookworm.txt"):
        shutil.copy(data / "zh_manual" / name, folder)
    address = client.scheduler.address
    for flags, grouped in (([], True), (["--no-fold-scripts"], False)):
        argv = ["groups", str(folder), "--threshold", "0.8", "--format", "csv", "-q", *flags]
        assert main(argv) == 0
        desktop = capsys.readouterr().out
        assert main([*argv, "--dask", address]) == 0
        assert capsys.readouterr().out == desktop
        assert ("faq-what-is-debian.big5.txt" in desktop) is grouped


def test_files_dated_past_2262_and_before_1970_are_grouped_with_their_times(
    client: Client, tmp_path: Path
) -> None:
    # The fingerprints' frame held each time as int64 nanoseconds: a file dated past
    # 2262-04-11 (ext4 keeps times to 2446) stopped its part, and the run.
    folder = near_duplicates(tmp_path / "docs")
    dates = {"doc00.txt": 10_223_372_036_854_775_808 + 5, "edited/doc00.txt": -315_532_800 * 10**9}
    for name, ns in dates.items():
        os.utime(folder / name, ns=(ns, ns))
        if (folder / name).stat().st_mtime_ns != ns:
            pytest.skip(f"the file system of {tmp_path} does not keep {ns} ns")
    result = find_groups(folder, client, ClusterOptions())
    times = {m.rel: m.mtime_ns for group in result.groups for m in group.members}
    assert {rel: times[rel] for rel in dates} == dates
    assert described(result) == described(desktop_groups(folder, ScanOptions()))

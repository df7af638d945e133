"""Careless options: `-o` targets written as what they are or refused before any scanning,
and option values that are refused in one line (exit 2) instead of crashing or hanging."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.runs import jobs as pool
from simfind.core.scan import fingerprinting
from tests.texts import EN_DOCS, ZH_DOCS

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX devices, FIFOs and mounts")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS[:3] + EN_DOCS):
        (root / f"doc{index}.txt").write_text(text, encoding="utf-8")
    return root


def run(
    *argv: str, cache: Path | None = None, prefix: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if cache is not None:
        env["SIMFIND_CACHE_DIR"] = str(cache)
    return subprocess.run(
        [*prefix, sys.executable, "-m", "simfind", *argv],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        check=False,
    )


def refused(done: subprocess.CompletedProcess[str], words: str) -> None:
    """Exit 2 with one line that says ``words``, and no traceback."""
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if not line.startswith("(see")]
    assert len(lines) == 1 and words in lines[0], done.stderr


# -- 9. -o replaces nothing it should not ----------------------------------------------


@posix_only
def test_a_device_a_fifo_and_a_link_are_written_through(folder: Path, tmp_path: Path) -> None:
    reference = str(folder / "doc0.txt")
    if os.geteuid() == 0:  # a device node of our own: /dev/null's twin
        null = tmp_path / "null"
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        done = run("scan", reference, str(folder), "-o", str(null))
        assert done.returncode == 0, done.stderr
        assert stat.S_ISCHR(null.stat().st_mode)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    done = run("scan", reference, str(folder), "-o", str(fifo), "--format", "csv")
    reader.join(60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert b"doc0.txt" in received[0]
    real = tmp_path / "results" / "real.csv"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    done = run("scan", reference, str(folder), "-o", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and "doc0.txt" in real.read_text(encoding="utf-8-sig")
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.csv"]  # no temporary left


def test_the_reference_is_never_overwritten(folder: Path, tmp_path: Path) -> None:
    reference = folder / "doc0.txt"
    outside = tmp_path / "reference.txt"
    shutil.copy(reference, outside)
    before = outside.read_bytes()
    alias = tmp_path / "alias.txt"
    alias.symlink_to(outside)
    for target in (outside, alias):
        done = run("scan", str(outside), str(folder), "-o", str(target))
        refused(done, "is the reference file")
    assert outside.read_bytes() == before and alias.is_symlink()


@posix_only
def test_an_output_named_through_a_bind_mount_of_the_folder_is_left_out(
    folder: Path, tmp_path: Path
) -> None:
    alias = tmp_path / "alias"
    alias.mkdir()
    if os.geteuid() != 0:
        pytest.skip("a bind mount needs root")
    mounted = subprocess.run(["mount", "--bind", str(folder), str(alias)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot bind-mount here: {mounted.stderr!r}")
    try:
        for _ in range(2):  # the second finds the first's output in the folder, by its inode
            done = run("scan", str(folder / "doc0.txt"), str(folder), "-o", str(alias / "out.csv"))
            assert done.returncode == 0, done.stderr
            assert (folder / "out.csv").exists()
            assert "out.csv" not in (folder / "out.csv").read_text("utf-8-sig")
    finally:
        subprocess.run(["umount", "-l", str(alias)], check=False)


# -- 10. target problems come first, in one line -------------------------------------------


@pytest.fixture
def open_tmp() -> Iterator[Path]:
    """A temporary folder that another user can enter (pytest's tmp_path is root's only)."""
    folder = Path(tempfile.mkdtemp(prefix="simfind-test-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def nobody() -> tuple[str, ...]:
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv, to run as nobody")
    return ("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups")


def test_target_problems_are_found_before_scanning(open_tmp: Path) -> None:
    prefix = nobody()
    folder = open_tmp / "docs"
    folder.mkdir()
    (folder / "a.txt").write_text(EN_DOCS[0], encoding="utf-8")
    locked = open_tmp / "locked"
    locked.mkdir(mode=0o755)  # root's: nobody cannot write in it
    cache = open_tmp / "cache"
    cache.mkdir()
    shutil.chown(cache, 65534, 65534)
    scan = ("scan", str(folder / "a.txt"), str(folder))
    for target, words in (
        (locked / "out.csv", "cannot be written"),
        (open_tmp, "is a folder"),
        (open_tmp / "missing" / "out.csv", "--output: The folder to write into was not found"),
    ):
        done = run(*scan, "-o", str(target), cache=cache, prefix=prefix)
        refused(done, words)
        assert not any(cache.iterdir())  # refused before the scan opened its cache
    refused(run(*scan, "-o", "", cache=cache, prefix=prefix), "empty path")
    piped = run(*scan, "-o", "/dev/stdout", "--format", "json", cache=cache, prefix=prefix)
    assert piped.returncode == 0, piped.stderr
    assert '"path"' in piped.stdout


@posix_only
def test_a_disk_full_while_writing_is_one_line(folder: Path, tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)])
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    try:
        with contextlib.suppress(OSError), (disk / "filler").open("wb", buffering=0) as handle:
            while True:
                handle.write(bytes(1024))
        done = run("scan", str(folder / "doc0.txt"), str(folder), "-o", str(disk / "out.csv"))
        assert done.returncode == 1, done.stderr
        assert done.stderr.strip().splitlines()[-1].startswith("simfind: cannot write ")
        assert "Traceback" not in done.stderr
        assert sorted(p.name for p in disk.iterdir()) == ["filler"]
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


# -- 11. option values -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--max-size", "99999999999999999"], "must be at most"),
        (["--include", "\\"], "is not a valid file pattern"),
        (["--include", "!"], "is not a valid file pattern"),
        (["--exclude", "[z-a]"], "is not a valid file pattern"),
    ],
)
@pytest.mark.parametrize("command", ["scan", "groups"])
def test_bad_option_values_exit_2_in_one_line(
    folder: Path, capsys: pytest.CaptureFixture[str], command: str, extra: list[str], words: str
) -> None:
    where = [str(folder / "doc0.txt"), str(folder)] if command == "scan" else [str(folder)]
    try:
        code = main([command, *where, *extra])
    except SystemExit as exc:  # argparse's own refusals
        code = exc.code
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("(see")]
    assert code == 2, err
    assert len(lines) == 1 and words in lines[0], err


def test_an_empty_folder_argument_is_not_the_current_folder(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(folder)
    with pytest.raises(SystemExit) as caught:
        main(["scan", str(folder / "doc0.txt"), ""])
    assert caught.value.code == 2
    assert "empty path" in capsys.readouterr().err


def test_a_backtracking_pattern_on_a_long_name_is_quick(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / ("a" * 250)).write_text(EN_DOCS[0], encoding="utf-8")
    (folder / "a-a-a-a-a-ab").write_text(EN_DOCS[1], encoding="utf-8")
    # Python's backtracking regular expressions took over a minute on the long name.
    pattern = "*a*a*a*a*a*a*b"
    done = run("scan", str(folder / "a-a-a-a-a-ab"), str(folder), "--include", pattern)
    assert done.returncode == 0, done.stderr
    assert "a-a-a-a-a-ab" in done.stdout and "a" * 250 not in done.stdout


def test_jobs_are_capped_at_what_the_machine_has(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pool, "SMALL_SCAN_BYTES", 0)  # a pool of its own even here
    started: list[int] = []

    def counting(jobs: int, background: bool = False):  # type: ignore[no-untyped-def]
        started.append(jobs)
        return pool.make_pool(jobs, background)

    monkeypatch.setattr(fingerprinting, "make_pool", counting)
    assert main(["scan", str(folder / "doc0.txt"), str(folder), "--jobs", "1000"]) == 0
    err = capsys.readouterr().err
    assert started and max(started) <= pool.default_jobs()
    assert f"using {max(started)} worker process" in err and "not 1000" in err


# -- 12. odd files and odd names --------------------------------------------------------------


@posix_only
def test_a_read_that_finds_nothing_yet_is_an_error_not_a_crash(tmp_path: Path) -> None:
    # /proc/kmsg is a regular file whose non-blocking read finds nothing (EAGAIN): a
    # buffered read then returns None, and the exact comparison died of a TypeError.
    # A FIFO with a writer and no data reads the same way (reading /proc/kmsg as root
    # would take the kernel's messages from whoever else reads them).
    from simfind.core.text.reading import read_open_file

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY)
    try:
        with pytest.raises(OSError) as caught:
            read_open_file(reader, 1024)
        assert caught.value.errno == errno.EAGAIN
    finally:
        os.close(writer)
        os.close(reader)


@posix_only
def test_escape_sequences_in_names_reach_the_terminal_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    evil = "evil\x1b]0;owned\x07\x1b[31mred\u202etxt.exe"
    (folder / f"{evil}.txt").write_text(EN_DOCS[0], encoding="utf-8")
    (folder / f"{evil}.bin").write_bytes(bytes(range(256)))
    done = run("scan", str(folder / f"{evil}.txt"), str(folder), "--format", "table")
    assert done.returncode == 0, done.stderr
    for text in (done.stdout, done.stderr):
        assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "evil\\x1b]0;owned\\x07\\x1b[31mred\\u202etxt.exe.txt" in done.stdout
    assert "evil\\x1b]0;owned\\x07" in done.stderr  # the skipped binary file


@pytest.mark.parametrize("pattern", ["[[", "*.[tx", "a[!]b", "\\[[x"])
def test_a_bracket_no_bracket_closes_is_refused_not_an_empty_scan(
    folder: Path, capsys: pytest.CaptureFixture[str], pattern: str
) -> None:
    code = main(["scan", str(folder / "doc0.txt"), str(folder), "--include", pattern])
    err = capsys.readouterr().err
    assert code == 2, err
    assert (
        f"This is not a valid file pattern: {pattern} (.gitignore syntax" in err
        and "no text files found" not in err
    )


@pytest.mark.parametrize("pattern", ["[[]", "\\[[]x]", "*.[tm][xd]*", "[]]", "\\["])
def test_a_closed_or_escaped_bracket_is_a_pattern(folder: Path, pattern: str) -> None:
    done = run("scan", str(folder / "doc0.txt"), str(folder), "--include", pattern, "-q")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("records", [[], ["--records", "lines"]])
def test_scan_refuses_a_distance_beyond_the_fingerprint_bits(
    folder: Path, capsys: pytest.CaptureFixture[str], records: list[str]
) -> None:
    where = [str(folder / "doc0.txt"), str(folder)]
    assert main(["scan", *where, *records, "--max-distance", "200"]) == 2
    assert "--max-distance: The maximum distance can be at most 128." in capsys.readouterr().err
    assert main(["scan", *where, *records, "--bits", "64", "--max-distance", "65"]) == 2
    assert "--max-distance: The maximum distance can be at most 64." in capsys.readouterr().err
    assert main(["scan", *where, *records, "--max-distance", "128", "-q"]) == 0


def test_scan_help_lists_every_json_key(capsys: pytest.CaptureFixture[str]) -> None:
    from simfind.core.report.export import COLUMNS

    with pytest.raises(SystemExit):
        main(["scan", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for key in COLUMNS:
        assert f"{key} " in shown or f"{key}," in shown, key

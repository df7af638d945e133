"""What a scan loads: only what the scan needs (imports are a small folder's biggest fixed cost)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from simfind.core.runs.runtime import THRESHOLDS

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import gc, json, os, sys
from simfind.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules),
                  "blas": os.environ.get("OPENBLAS_NUM_THREADS"),
                  "gc": [gc.get_threshold(), gc.get_freeze_count()]}))
"""


def _scan_modules(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> dict:
    folder = tmp_path / "folder"
    folder.mkdir(parents=True)
    (folder / "a.txt").write_text("the quick brown fox jumps over the lazy dog\n" * 20)
    (folder / "b.txt").write_text("the quick brown fox jumps over the lazy cat\n" * 20)
    command = [sys.executable, "-c", PROBE, "scan", str(folder / "a.txt"), str(folder)]
    command += ["--jobs", "1", "--no-cache", "-q", "--format", "csv", "-o", str(tmp_path / "o.csv")]
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, cwd=ROOT, env=env or dict(os.environ)
    )
    result: dict = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["code"] == 0
    return result


def test_a_scan_loads_neither_groups_nor_records_nor_the_cluster(tmp_path: Path) -> None:
    modules = set(_scan_modules(tmp_path)["modules"])
    assert "simfind.core.scan.scanner" in modules  # the probe did scan
    for unneeded in (
        "simfind.core.groups.folder_groups",
        "simfind.core.linkage.grouping",
        "simfind.core.records.search",
        "simfind.core.index.candidates",
        "simfind.cli.cluster",
        "rjieba",  # no CJK in the folder: the segmenter's dictionary is never loaded
        "chardet",  # UTF-8 text needs no guessing
        "pathspec",  # no --include or --exclude
        "numpy.ma",  # np.unique imports it; arrays.sorted_distinct does not
        "multiprocessing",  # one process: no pool is made
        "rapidfuzz",  # no short text: no edit distance
        "faiss",  # no groups: no search for pairs
        "pygments.lexer",  # no records of code
        "secrets",
    ):
        assert unneeded not in modules, unneeded


def test_numpy_starts_no_blas_threads_unless_asked(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert _scan_modules(tmp_path, env=env)["blas"] == "1"
    asked = _scan_modules(tmp_path / "again", env=dict(env, OPENBLAS_NUM_THREADS="3"))
    assert asked["blas"] == "3"  # a value the user set is kept


def test_the_command_line_collects_garbage_in_large_passes(tmp_path: Path) -> None:
    thresholds, frozen = _scan_modules(tmp_path)["gc"]
    assert tuple(thresholds) == THRESHOLDS
    assert frozen > 10_000  # what was loaded before the scan: set aside for good


def test_the_version_is_told_without_loading_the_engine() -> None:
    probe = (
        "import sys; from simfind.cli import main; code = main(['--version']); "
        "print(code, sorted(m for m in ('numpy', 'simfind.cli.entry') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    from simfind import __version__

    assert done.stdout.splitlines() == [f"simfind {__version__}", "0 []"]


def test_a_scan_of_utf8_text_loads_no_lock_library(tmp_path: Path) -> None:
    # The cache's lock is flock itself on POSIX: importing portalocker reads its package
    # metadata (importlib.metadata), 70 ms of every command's start. On Linux the memory
    # free for workers is read from /proc/meminfo, not through psutil (20 ms).
    if sys.platform == "win32":
        return
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.txt").write_text("the quick brown fox jumps over the lazy dog\n" * 20)
    (folder / "b.txt").write_text("the quick brown fox jumps over the lazy cat\n" * 20)
    command = [sys.executable, "-c", PROBE, "scan", str(folder / "a.txt"), str(folder)]
    command += ["--jobs", "1", "-q", "--format", "csv", "-o", str(tmp_path / "o.csv")]
    env = dict(os.environ, SIMFIND_CACHE_DIR=str(tmp_path / "cache"))
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    modules = set(json.loads(done.stdout.strip().splitlines()[-1])["modules"])
    assert "simfind.core.cache.fingerprints" in modules  # the cache was used
    assert "portalocker" not in modules and "importlib.metadata" not in modules
    assert sys.platform != "linux" or "psutil" not in modules


def test_the_memory_free_for_workers_is_what_psutil_says() -> None:
    import psutil

    from simfind.core.runs.jobs import available_memory

    ours, theirs = available_memory(), psutil.virtual_memory().available
    assert ours is not None and abs(ours - theirs) <= 0.1 * theirs  # memory moves meanwhile


def test_english_words_load_no_qt_and_chinese_words_only_qtcore(tmp_path: Path) -> None:
    """The command line's words are the window's catalogues: read through QtCore's
    QTranslator for Chinese, and for English (the source language) with nothing loaded."""
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.txt").write_text("the quick brown fox jumps over the lazy dog\n" * 20)
    (folder / "blob.bin").write_bytes(bytes(range(256)) * 4)  # a skip to word
    command = [sys.executable, "-c", PROBE, "scan", str(folder / "a.txt"), str(folder)]
    command += ["--jobs", "1", "--no-cache", "--format", "csv", "-o", str(tmp_path / "o.csv")]
    locale = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "SIMFIND_LANG")
    clean = {k: v for k, v in os.environ.items() if k not in locale}
    loaded = {}
    for language in ("C", "zh_CN.UTF-8"):
        env = dict(clean, LANG=language, PYTHONIOENCODING="utf-8")
        done = subprocess.run(
            command, capture_output=True, encoding="utf-8", check=True, cwd=ROOT, env=env
        )
        modules = json.loads(done.stdout.strip().splitlines()[-1])["modules"]
        loaded[language] = {m for m in modules if m.startswith(("PySide6", "shiboken6"))}
        assert "blob.bin" in done.stderr
    assert loaded["C"] == set()
    assert "PySide6.QtCore" in loaded["zh_CN.UTF-8"]
    assert not {"PySide6.QtGui", "PySide6.QtWidgets"} & loaded["zh_CN.UTF-8"]

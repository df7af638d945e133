"""`simfind groups` where faiss fails: at its import in any way, or in a search (a real
process whose faiss is broken before simfind starts): NumPy's scan, the same groups."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

#: faiss broken before simfind loads it: at its import, or in every search.
BROKEN_IMPORT = """
import sys

class Broken:  # as a wheel built against another NumPy: not an ImportError
    def find_spec(self, name, path=None, target=None):
        if name == "faiss":
            raise RuntimeError("module compiled against ABI version 0x1000009")
        return None

sys.meta_path.insert(0, Broken())
from simfind.cli import main
sys.exit(main())
"""
BROKEN_SEARCH = """
import sys
import faiss

def out_of_memory(*args):
    raise MemoryError

faiss.hamming_range_search = out_of_memory
from simfind.cli import main
sys.exit(main())
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 triples of near-duplicates: enough files for the compiled search to be used."""
    root = tmp_path_factory.mktemp("compiled") / "docs"
    root.mkdir()
    rng = random.Random(2)
    words = ["".join(rng.choice("abcdefghij") for _ in range(5)) for _ in range(400)]
    for index in range(120):
        own = random.Random(index // 3)
        text = [own.choice(words) for _ in range(150)]
        for _ in range(index % 3):
            text[rng.randrange(150)] = rng.choice(words)
        (root / f"f{index:03}.txt").write_text(" ".join(text), encoding="utf-8")
    return root


def groups(folder: Path, script: str | None) -> subprocess.CompletedProcess[str]:
    start = ["-c", script] if script is not None else ["-m", "simfind"]
    return subprocess.run(
        [sys.executable, *start, "groups", str(folder), "--format", "json", "--no-cache", "-v"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )


@pytest.mark.parametrize(
    ("script", "said"),
    [
        (BROKEN_IMPORT, "faiss cannot be used (RuntimeError"),
        pytest.param(
            BROKEN_SEARCH,
            "(MemoryError",
            marks=pytest.mark.skipif(
                importlib.util.find_spec("faiss") is None,
                reason="faiss comes with the large-folders extra",
            ),
        ),
    ],
)
def test_groups_fall_back_to_numpy_on_any_faiss_failure(
    folder: Path, script: str, said: str
) -> None:
    # A RuntimeError at the import or a MemoryError in the search ended `groups`, exit 1.
    usual = groups(folder, None)
    assert usual.returncode == 0, usual.stderr
    assert "faiss cannot" not in usual.stderr and "faiss failed" not in usual.stderr
    broken = groups(folder, script)
    assert broken.returncode == 0, broken.stderr
    assert said in broken.stderr  # -v says so
    # The same groups (a result file's: its time of writing may differ by a second).
    assert json.loads(broken.stdout)["groups"] == json.loads(usual.stdout)["groups"]
    assert len(json.loads(usual.stdout)["groups"]) == 40

"""Shared fixtures: real files on disk, and a way to prove a folder was left untouched."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tests read the command line's and the window's English whatever the machine's locale
# (tests/cli/test_cli_language.py sets its own).
os.environ["SIMFIND_LANG"] = "en"


def snapshot(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry below ``folder`` with its mode, size and mtime (links not followed)."""
    state: dict[str, tuple[int, int, int]] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)  # noqa: PTH118 (os.walk yields strings)
            info = os.lstat(path)
            state[os.path.relpath(path, folder)] = (info.st_mode, info.st_size, info.st_mtime_ns)
    return state


@pytest.fixture
def untouched() -> Callable[[Path], Callable[[], None]]:
    """Call with a folder before the action; call the result after to assert nothing changed."""

    def take(folder: Path) -> Callable[[], None]:
        before = snapshot(folder)

        def check() -> None:
            assert snapshot(folder) == before

        return check

    return take


@pytest.fixture(autouse=True)
def private_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """Each test gets its own fingerprint cache folder, never the user's."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("SIMFIND_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def private_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets its own data folder (the log of moved files), never the user's."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("SIMFIND_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def freedesktop_trash(tmp_path: Path) -> Iterator[Path]:
    """A real freedesktop.org trash under a temporary home; yields its folder.

    send2trash reads XDG_DATA_HOME once, when it is first imported, so its module
    is reloaded with the temporary home and again afterwards with the real one.
    """
    import importlib

    import send2trash.plat_other

    home = tmp_path / "home"
    data = home / ".local" / "share"
    data.mkdir(parents=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(home))
        patch.setenv("XDG_DATA_HOME", str(data))
        importlib.reload(send2trash.plat_other)
        try:
            yield data / "Trash"
        finally:
            patch.undo()
            importlib.reload(send2trash.plat_other)


@pytest.fixture
def without_stored_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """No scan is answered from a stored answer (scan_memo): a test of the fingerprint
    cache asks it, not the answer of the same question stored by the scan before."""
    from simfind.core.cache.fingerprints import FingerprintCache

    monkeypatch.setattr(FingerprintCache, "lookup_scan", lambda self, key: None)

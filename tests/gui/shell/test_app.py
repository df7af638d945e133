"""The app around the window: data files, icon, About, the self-test, the desktop entry."""

from __future__ import annotations

import configparser
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QIcon

from simfind import __version__
from simfind.cli import main
from simfind.core.text.documents.formats import DocumentFormat
from simfind.gui.base.resources import APP_ID, icon_path, resource, translations_dir
from simfind.gui.shell import desktop
from simfind.gui.shell.about import AboutDialog
from simfind.gui.shell.main_window import MainWindow
from tests.places import ROOT


def run_app(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """The simfind-gui script's main(), in a fresh process."""
    code = "import sys; from simfind.cli import gui_main; sys.exit(gui_main())"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=180,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env or {})),
        check=False,
    )


def test_data_files_are_found_through_the_package() -> None:
    for size in desktop.ICON_SIZES:
        assert icon_path(size).is_file()
    assert icon_path().read_text(encoding="utf-8").lstrip().startswith("<?xml")
    for name in ("simfind.ico", "simfind.icns"):
        assert resource("icons", name).stat().st_size > 1000
    assert (translations_dir() / "simfind_zh_CN.qm").is_file()
    assert not QIcon(str(icon_path())).isNull()


#: The MIME type a file manager gives each document format simfind reads.
OOXML = "application/vnd.openxmlformats-officedocument"
DOCUMENT_TYPES = {
    DocumentFormat.DOCX: f"{OOXML}.wordprocessingml.document",
    DocumentFormat.PPTX: f"{OOXML}.presentationml.presentation",
    DocumentFormat.ODT: "application/vnd.oasis.opendocument.text",
    DocumentFormat.ODP: "application/vnd.oasis.opendocument.presentation",
    DocumentFormat.PDF: "application/pdf",
    DocumentFormat.HTML: "text/html",
    DocumentFormat.EPUB: "application/epub+zip",
    DocumentFormat.RTF: "application/rtf",
}


def test_desktop_entry_and_metainfo_agree_with_the_package() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(resource(f"{APP_ID}.desktop"), encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Icon"] == APP_ID
    assert section["Exec"] == "simfind-gui %F"  # files and folders, as many as chosen
    types = section["MimeType"].rstrip(";").split(";")
    assert {"text/plain", "text/markdown", "text/x-python", "inode/directory"} <= set(types)
    assert {DOCUMENT_TYPES[kind] for kind in DocumentFormat if kind is not kind.TEXT} <= set(types)
    assert len(types) == len(set(types))
    info = ET.parse(resource(f"{APP_ID}.metainfo.xml")).getroot()
    assert info.findtext("id") == APP_ID
    assert info.findtext("project_license") == "MIT"
    assert info.find("launchable").text == f"{APP_ID}.desktop"  # type: ignore[union-attr]
    newest = info.find("releases/release")
    assert newest is not None and newest.get("version") == __version__


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils absent")
def test_desktop_entry_is_valid() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(resource(f"{APP_ID}.desktop"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream absent")
def test_appstream_data_is_valid_and_complete() -> None:
    metainfo = resource(f"{APP_ID}.metainfo.xml")
    done = subprocess.run(
        ["appstreamcli", "validate", "--pedantic", "--no-net", str(metainfo)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    # Nothing worse than a note: the ID's capitals (kept: the desktop entry, settings and
    # the installed icons are named by it), and <developer> where appstream is older than 1.0.
    problems = [line for line in done.stdout.splitlines() if line[:2] in ("E:", "W:")]
    assert problems == [], done.stdout
    root = ET.parse(metainfo).getroot()
    assert root.find("developer/name") is not None
    assert {u.get("type") for u in root.iter("url")} >= {"homepage", "bugtracker"}
    images = [i.text or "" for i in root.iter("image")]
    assert images, "no screenshots"
    for image in images:  # each one a screenshot of this repository
        assert (ROOT / image.split("/main/", 1)[1]).is_file()


def test_window_has_the_icon_and_about_tells_version_and_licence(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    assert not window.windowIcon().isNull()
    window.show_about()
    dialogs = [d for d in window.findChildren(AboutDialog) if d.isVisible()]
    assert len(dialogs) == 1
    text = dialogs[0].text.text()
    assert f"simfind {__version__}" in text
    assert "MIT" in text and "https://" in text
    dialogs[0].close()


def test_install_desktop_writes_only_below_xdg_data_home(tmp_path: Path) -> None:
    data_home = tmp_path / "share"
    done = run_app("--install-desktop", env={"XDG_DATA_HOME": str(data_home)})
    assert done.returncode == 0, done.stderr
    entry = data_home / "applications" / f"{APP_ID}.desktop"
    assert entry.is_file()
    exec_line = next(line for line in entry.read_text().splitlines() if line.startswith("Exec="))
    assert exec_line.endswith(" %F") and "simfind" in exec_line
    for size in desktop.ICON_SIZES:
        assert (
            data_home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        ).is_file()
    assert (data_home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    assert (data_home / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["share"]

    done = run_app("--uninstall-desktop", env={"XDG_DATA_HOME": str(data_home)})
    assert done.returncode == 0, done.stderr
    assert not [p for p in data_home.rglob("*") if p.is_file()]


def test_exec_line_quotes_awkward_paths(tmp_path: Path) -> None:
    desktop.install(tmp_path, ['/opt/my apps/simfind "new"/simfind-gui'])
    text = (tmp_path / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    assert 'Exec="/opt/my apps/simfind \\\\"new\\\\"/simfind-gui" %F' in text.splitlines()


def test_a_bundle_is_launched_by_its_windowed_program(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "simfind"))
    assert desktop.launcher() == [str(tmp_path / "simfind"), "gui"]
    (tmp_path / "simfind-gui").write_bytes(b"")
    assert desktop.launcher() == [str(tmp_path / "simfind-gui")]


def test_self_test_passes(tmp_path: Path) -> None:
    done = run_app("--self-test", env={"TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("simfind self-test: OK")
    assert list(tmp_path.iterdir()) == []  # its temporary folder is gone


def test_app_flags_take_no_other_argument() -> None:
    done = run_app("--self-test", "extra")
    assert done.returncode == 2
    assert "takes no other argument" in done.stderr


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name == "nt", reason="POSIX signals")
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_mid_scan_closes_the_app_cleanly(tmp_path: Path, number: int) -> None:
    # A closing window cancels the scan and waits for it: this hung while the
    # scan thread's end was a signal queued to the waiting GUI thread.
    folder = tmp_path / "folder"
    folder.mkdir()
    for index in range(6000):
        (folder / f"f{index:04}.txt").write_text(f"note {index}: " + "lorem ipsum " * 300)
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        SIMFIND_CACHE_DIR=str(tmp_path / "cache"),
    )
    code = "import sys; from simfind.cli import gui_main; sys.exit(gui_main())"
    app = subprocess.Popen(
        [sys.executable, "-c", code, str(folder / "f0001.txt"), str(folder), "--scan"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # so that a hung app and its workers can all be killed
    )
    children = Path(f"/proc/{app.pid}/task/{app.pid}/children")
    try:
        deadline = time.monotonic() + 120
        while len(children.read_text().split()) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # the pool's workers are up: the scan is starting
        workers = children.read_text().split()
        time.sleep(0.5)
        app.send_signal(number)
        _, stderr = app.communicate(timeout=60)
    finally:
        if app.poll() is None:
            os.killpg(app.pid, signal.SIGKILL)
            app.communicate()
    assert app.returncode == 0, stderr
    assert "Traceback" not in stderr and "QThread" not in stderr and "leaked" not in stderr
    # Workers and the resource tracker go with the app (the tracker a moment after).
    left = lambda: [pid for pid in workers if Path(f"/proc/{pid}").exists()]  # noqa: E731
    deadline = time.monotonic() + 30
    while left() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(workers) >= 2 and not left()
    assert sorted(p.name for p in folder.iterdir()) == [f"f{i:04}.txt" for i in range(6000)]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["notes/a.txt"], ("notes/a.txt", "notes")),
        (["notes"], (None, "notes")),
        (["notes/a.txt", "other"], ("notes/a.txt", "other")),
        (["other", "notes/a.txt"], ("notes/a.txt", "other")),
        ([], (None, None)),
    ],
)
def test_open_with_a_file_a_folder_or_both(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    given: list[str],
    expected: tuple[str | None, str | None],
) -> None:
    """What a file manager's "Open with simfind" passes: a file, a folder, or one of each."""
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.txt").write_text("text", encoding="utf-8")
    (tmp_path / "other").mkdir()
    opened: list[tuple[Path | None, Path | None]] = []

    def window(reference: Path | None, folder: Path | None, scan: bool, result: Path | None) -> int:
        assert result is None  # neither is a result file
        opened.append((reference, folder))
        return 0

    monkeypatch.setattr("simfind.gui.shell.app.run_gui", window)
    assert main(["gui", *(str(tmp_path / p) for p in given)]) == 0
    want = tuple(None if p is None else tmp_path / p for p in expected)
    assert opened == [want]


def test_more_paths_than_a_file_and_a_folder_are_said_unused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("text", encoding="utf-8")
    opened: list[tuple[Path | None, Path | None]] = []
    monkeypatch.setattr(
        "simfind.gui.shell.app.run_gui", lambda r, f, s, result: opened.append((r, f)) or 0
    )
    assert main(["gui", str(tmp_path / "a.txt"), str(tmp_path / "b.txt")]) == 0
    assert opened == [(tmp_path / "a.txt", tmp_path)]
    assert f"not used (one file and one folder at most): {tmp_path / 'b.txt'}" in (
        capsys.readouterr().err
    )


def test_about_lists_each_components_licence(qtbot, window: MainWindow) -> None:  # type: ignore[no-untyped-def]
    about = window.show_about()
    licences = about.show_licences()
    with qtbot.waitSignal(licences.loaded, timeout=20_000):
        pass  # read off the GUI thread
    names = [
        licences.components.topLevelItem(row).text(0)
        for row in range(licences.components.topLevelItemCount())
    ]
    assert {"numpy", "PySide6_Essentials", "shiboken6", "pypdfium2"} <= set(names)
    licences.show_component("PySide6_Essentials")
    shown = licences.text.toPlainText()
    assert "LGPL" in shown and "GNU LESSER GENERAL PUBLIC LICENSE" in shown
    licences.show_component("pypdfium2")
    assert "pdfium" in licences.text.toPlainText().lower()
    licences.close()
    about.close()

"""``simfind clean``: a saved result cleaned up with no window, in real processes on real
files, a real trash (freedesktop, under a temporary XDG_DATA_HOME), a real terminal (a pty)
where one is asked; and ``--undo`` putting every byte back."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simfind.cli import main
from simfind.core.results.document import VERSION
from tests.cli.test_output_schemas import valid
from tests.core.cleanup.test_lacking import CHAPTER, EDITED, difflib_lacking
from tests.texts import CODE, EN_DOCS, ZH_DOCS

POSIX = os.name == "posix"


def tree_bytes(folder: Path) -> dict[str, tuple[bytes | None, int, int]]:
    """Every entry below ``folder``: a file with its bytes, mode and modified time, a folder
    with its mode (its time is the system's: it changes as names come and go)."""
    found: dict[str, tuple[bytes | None, int, int]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        if stat.S_ISREG(info.st_mode):
            entry = (path.read_bytes(), info.st_mode, info.st_mtime_ns)
        else:
            entry = (None, info.st_mode, 0)
        found[os.fspath(path.relative_to(folder))] = entry
    return found


def aged(path: Path, seconds_ago: int) -> Path:
    now = time.time()
    os.utime(path, (now - seconds_ago, now - seconds_ago))
    return path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Notes in three copies (the newest: notes.md) and an edit; code and its copy."""
    root = tmp_path / "文档 docs"
    (root / "old").mkdir(parents=True)
    (root / "old" / "notes copy.md").write_text(EN_DOCS[0], encoding="utf-8")
    aged(root / "old" / "notes copy.md", 3000)
    (root / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "notes 2.md").write_text(EN_DOCS[0], encoding="utf-8")
    aged(root / "notes 2.md", 2000)
    (root / "tool.py").write_text(CODE, encoding="utf-8")
    (root / "tool copy.py").write_text(CODE, encoding="utf-8")
    aged(root / "tool copy.py", 1000)
    (root / "其他.txt").write_text(ZH_DOCS[2], encoding="utf-8")
    return root


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def result_of(capsys: pytest.CaptureFixture[str], folder: Path, target: Path) -> Path:
    code, _, err = run(capsys, "groups", str(folder), "--format", "json", "-q", "-o", str(target))
    assert code == 0, err
    return target


def simfind(
    env: dict[str, str], *argv: str, **kwargs: object
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "simfind", *argv],
        capture_output=True,
        env=env,
        timeout=120,
        check=False,
        **kwargs,
    )


def process_env(tmp_path: Path) -> dict[str, str]:
    """A process's environment: its own data and cache folders, a real trash below a home
    of its own (freedesktop: $XDG_DATA_HOME/Trash)."""
    home = tmp_path / "home"
    (home / ".local" / "share").mkdir(parents=True, exist_ok=True)
    return dict(
        os.environ,
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        SIMFIND_DATA_DIR=str(tmp_path / "data"),
        SIMFIND_CACHE_DIR=str(tmp_path / "cache"),
    )


def test_a_dry_run_changes_nothing(
    capsys, folder: Path, tmp_path: Path, private_data: Path
) -> None:  # type: ignore[no-untyped-def]
    target = result_of(capsys, folder, tmp_path / "result.json")
    before = tree_bytes(folder)
    argv = ("clean", str(target), "--keep", "newest", "--trash", "--dry-run")
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    assert tree_bytes(folder) == before
    assert not (private_data / "moves.csv").exists()  # nothing logged: nothing done
    assert "dry run: would trash 3 files" in err and "nothing changed" in err
    assert out.count("would trash") == 3
    code, out, err = run(capsys, *argv, "--format", "json")
    assert code == 0 and tree_bytes(folder) == before
    report = valid("clean", out)
    assert report["dry_run"] is True and report["operation"] is None  # type: ignore[call-overload]
    planned = {
        Path(f["path"]).name: Path(f["kept"]["path"]).name
        for f in report["files"]  # type: ignore[call-overload]
        if f["outcome"] == "planned"
    }
    assert planned == {
        "notes copy.md": "notes.md",
        "notes 2.md": "notes.md",
        "tool copy.py": "tool.py",
    }


def test_a_reopened_result_leaves_the_edited_and_the_deleted(  # type: ignore[no-untyped-def]
    capsys, folder: Path, tmp_path: Path, freedesktop_trash: Path
) -> None:
    target = result_of(capsys, folder, tmp_path / "result.json")
    edited = folder / "notes 2.md"
    with edited.open("a", encoding="utf-8") as out:
        out.write("A line written after the result was saved.\n")
    (folder / "tool copy.py").unlink()
    edited_bytes = edited.read_bytes()
    code, out, err = run(capsys, "clean", str(target), "--trash", "--yes", "--format", "json")
    assert code == 1, err  # some were left
    report = valid("clean", out)
    outcomes = {Path(f["path"]).name: f["outcome"] for f in report["files"]}  # type: ignore[call-overload]
    assert outcomes == {
        "notes copy.md": "done",
        "notes 2.md": "changed",
        "tool copy.py": "vanished",
    }
    assert edited.read_bytes() == edited_bytes  # never moved
    assert (folder / "notes.md").exists() and (folder / "tool.py").exists()
    assert [p.name for p in (freedesktop_trash / "files").iterdir()] == ["notes copy.md"]
    assert report["done"] == 1 and report["left"] == 2  # type: ignore[call-overload]


def test_clean_refuses_a_file_changed_since_and_lists_it(  # type: ignore[no-untyped-def]
    capsys, folder: Path, tmp_path: Path, freedesktop_trash: Path
) -> None:
    target = result_of(capsys, folder, tmp_path / "result.json")
    # The same size and modified time, other bytes: only its hash tells.
    copy = folder / "tool copy.py"
    times = copy.stat()
    copy.write_text(CODE.replace("def", "DEF", 1), encoding="utf-8")
    os.utime(copy, ns=(times.st_atime_ns, times.st_mtime_ns))
    changed = copy.read_bytes()
    code, out, err = run(capsys, "clean", str(target), "--keep", "newest", "--trash", "--yes")
    assert code == 1
    left = [line for line in out.splitlines() if line.startswith("left")]
    assert len(left) == 1 and "tool copy.py" in left[0] and "changed since the result" in left[0]
    assert copy.read_bytes() == changed
    assert "1 file left" in err


def test_undo_puts_every_byte_back_after_a_move(  # type: ignore[no-untyped-def]
    capsys, folder: Path, tmp_path: Path, private_data: Path
) -> None:
    target = result_of(capsys, folder, tmp_path / "result.json")
    before = tree_bytes(folder)
    away = tmp_path / "duplicates"
    away.mkdir()
    code, _, err = run(capsys, "clean", str(target), "--move-to", str(away), "--yes")
    assert code == 0, err
    assert len(list(away.rglob("*.*"))) == 3 and tree_bytes(folder) != before
    journal = (private_data / "moves.csv").read_text(encoding="utf-8-sig")
    assert journal.count(",move,done,") == 3  # the window's journal
    (operation,) = [line.split()[-1] for line in err.splitlines() if "--undo" in line]
    code, _, err = run(capsys, "clean", "--undo", operation)
    assert code == 0, err
    assert tree_bytes(folder) == before
    assert not list(away.rglob("*.*"))  # and the folders the move made are gone again
    assert list(away.iterdir()) == []
    # Undone: a second undo says so, and changes nothing.
    code, _, err = run(capsys, "clean", "--undo", operation)
    assert code == 2 and f"no operation {operation}" in err


@pytest.mark.skipif(not POSIX, reason="hard links and permission bits: POSIX here")
def test_undo_of_links_gives_back_bytes_permissions_and_times(  # type: ignore[no-untyped-def]
    capsys, folder: Path, tmp_path: Path
) -> None:
    (folder / "old" / "notes copy.md").chmod(0o640)
    target = result_of(capsys, folder, tmp_path / "result.json")
    before = tree_bytes(folder)
    code, out, err = run(capsys, "clean", str(target), "--only-identical", "--link", "--yes")
    assert code == 0, err
    kept = (folder / "notes.md").stat()
    assert (folder / "old" / "notes copy.md").stat().st_ino == kept.st_ino
    assert (folder / "tool copy.py").stat().st_ino == (folder / "tool.py").stat().st_ino
    (operation,) = [line.split()[-1] for line in err.splitlines() if "--undo" in line]
    log = Path(os.environ["SIMFIND_DATA_DIR"]) / "operations" / f"{operation}.json"
    assert log.is_file()
    code, out, err = run(capsys, "clean", "--undo", str(log), "--format", "json")
    assert code == 0, err
    assert valid("clean", out)["done"] == 3  # type: ignore[call-overload]
    assert tree_bytes(folder) == before  # bytes, permission bits, modified times
    inodes = {p.stat().st_ino for p in folder.rglob("*.md")}
    assert len(inodes) == 3  # independent files again


def test_only_identical_leaves_the_same_text_and_the_near_duplicate(  # type: ignore[no-untyped-def]
    capsys, folder: Path, tmp_path: Path
) -> None:
    # In the notes' group beside their copies: their text in UTF-16, and an edit of them.
    (folder / "notes utf-16.md").write_text(EN_DOCS[0], encoding="utf-16")
    (folder / "notes edited.md").write_text(EN_DOCS[0] + " One sentence more.", encoding="utf-8")
    aged(folder / "notes utf-16.md", 500)
    aged(folder / "notes edited.md", 400)
    target = result_of(capsys, folder, tmp_path / "result.json")

    def planned(*argv: str) -> set[str]:
        code, out, err = run(capsys, "clean", str(target), "--trash", "--dry-run", *argv)
        assert code == 0, err
        files = valid("clean", out)["files"]  # type: ignore[call-overload]
        return {Path(f["path"]).name for f in files if f["outcome"] == "planned"}

    copies = {"notes copy.md", "notes 2.md", "tool copy.py"}
    assert planned("--format", "json") == copies | {"notes utf-16.md", "notes edited.md"}
    assert planned("--format", "json", "--only-identical") == copies


def test_the_pipe_from_groups_to_clean_trashes_for_real(folder: Path, tmp_path: Path) -> None:
    env = process_env(tmp_path)
    groups = subprocess.Popen(
        [sys.executable, "-m", "simfind", "groups", str(folder), "--format", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    done = simfind(env, "clean", "-", "--keep", "newest", "--trash", "--yes", stdin=groups.stdout)
    assert groups.stdout is not None
    groups.stdout.close()
    assert groups.wait(timeout=60) == 0
    assert done.returncode == 0, done.stderr
    trash = Path(env["XDG_DATA_HOME"]) / "Trash"
    trashed = sorted(p.name for p in (trash / "files").iterdir())
    assert trashed == ["notes 2.md", "notes copy.md", "tool copy.py"]
    assert len(list((trash / "info").glob("*.trashinfo"))) == 3
    assert sorted(p.name for p in folder.rglob("*.*")) == ["notes.md", "tool.py", "其他.txt"]
    assert b"trashed 3 files" in done.stderr


def test_without_a_terminal_nothing_moves_unasked(folder: Path, tmp_path: Path) -> None:
    env = process_env(tmp_path)
    target = tmp_path / "result.json"
    made = simfind(env, "groups", str(folder), "--format", "json", "-o", str(target))
    assert made.returncode == 0
    before = tree_bytes(folder)
    # A process of its own session has no terminal: none to ask on.
    done = simfind(env, "clean", str(target), "--trash", start_new_session=True)
    assert done.returncode == 2 and b"add --yes" in done.stderr
    assert tree_bytes(folder) == before


@pytest.mark.skipif(not POSIX, reason="a pseudo-terminal: POSIX")
@pytest.mark.parametrize(("answer", "status"), [(b"n\n", 1), (b"y\n", 0)])
def test_on_a_terminal_it_asks_first(folder: Path, tmp_path: Path, answer, status) -> None:  # type: ignore[no-untyped-def]
    import pty

    env = process_env(tmp_path)
    target = tmp_path / "result.json"
    assert (
        simfind(env, "groups", str(folder), "--format", "json", "-o", str(target)).returncode == 0
    )
    before = tree_bytes(folder)
    control, terminal = pty.openpty()
    with open(target, "rb") as result:  # noqa: PTH123
        # The result comes down a pipe (standard input); the question goes to the terminal.
        process = subprocess.Popen(
            [sys.executable, "-m", "simfind", "clean", "-", "--trash"],
            stdin=result,
            stdout=subprocess.PIPE,
            stderr=terminal,
            env=env,
            start_new_session=True,
            preexec_fn=lambda: __import__("fcntl").ioctl(2, __import__("termios").TIOCSCTTY, 0),
        )
    os.close(terminal)
    shown = b""
    while b"[y/N]" not in shown:
        shown += os.read(control, 4096)
    assert b"move 3 files" in shown and b"keeping the newest file of each group" in shown
    os.write(control, answer)
    out, _ = process.communicate(timeout=60)
    os.close(control)
    assert process.returncode == status
    if status:
        assert tree_bytes(folder) == before
    else:
        assert sorted(p.name for p in folder.rglob("*.*")) == ["notes.md", "tool.py", "其他.txt"]
        assert out.count(b"trashed") == 3


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda text: text[: len(text) // 2], "The file is damaged: it breaks off at line"),
        (lambda text: text.replace(f'"version": {VERSION}', '"version": 99', 1), "newer simfind"),
        (lambda text: '{"compilerOptions": {"strict": true}}', "is not a simfind result"),
        (lambda text: json.dumps(json.loads(text)["groups"]), "from an older simfind"),
    ],
)
def test_a_result_that_cannot_be_used_is_one_message(
    capsys, folder, tmp_path, change, said
) -> None:  # type: ignore[no-untyped-def]
    target = result_of(capsys, folder, tmp_path / "result.json")
    target.write_text(change(target.read_text(encoding="utf-8")), encoding="utf-8")
    kept = target.read_bytes()
    before = tree_bytes(folder)
    code, out, err = run(capsys, "clean", str(target), "--trash", "--yes")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and said in err, err
    assert tree_bytes(folder) == before and target.read_bytes() == kept


def test_ignored_pairs_are_honoured(
    capsys, folder: Path, tmp_path: Path, freedesktop_trash
) -> None:  # type: ignore[no-untyped-def]
    target = result_of(capsys, folder, tmp_path / "result.json")
    # Said after the result was saved: the code's two files are not duplicates.
    code, _, err = run(
        capsys, "ignore", "add", str(folder / "tool.py"), str(folder / "tool copy.py")
    )
    assert code == 0, err
    code, _, err = run(capsys, "clean", str(target), "--trash", "--yes")
    assert code == 0, err
    assert (folder / "tool copy.py").exists() and "set apart from their groups" in err
    assert not (folder / "notes 2.md").exists()
    code, _, err = run(capsys, "clean", str(target), "--trash", "--yes", "--no-ignore-list")
    assert not (folder / "tool copy.py").exists()


def test_reference_folders_are_never_touched(capsys, tmp_path: Path, freedesktop_trash) -> None:  # type: ignore[no-untyped-def]
    work, archive = tmp_path / "work", tmp_path / "archive"
    work.mkdir()
    archive.mkdir()
    (archive / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    aged(archive / "notes.md", 5000)
    (work / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (work / "notes again.md").write_text(EN_DOCS[0], encoding="utf-8")
    found = find_result(work, archive)
    target = tmp_path / "result.json"
    target.write_text(found, encoding="utf-8")
    before = tree_bytes(archive)
    # Keep the newest: a file in the reference folder is kept whatever the rule says.
    code, out, err = run(capsys, "clean", str(target), "--keep", "newest", "--link", "--yes")
    assert tree_bytes(archive) == before
    assert (archive / "notes.md").stat().st_nlink == 1  # never linked to unless asked
    assert code == 1 and "reference" in out.lower()
    code, out, err = run(capsys, "clean", str(target), "--keep", "oldest", "--trash", "--yes")
    assert code == 0, err
    assert tree_bytes(archive) == before and not list(work.iterdir())


def find_result(folder: Path, reference: Path) -> str:
    """The result file of a search of ``folder`` beside the reference folder ``reference``."""
    import io

    from simfind.core.groups.folder_groups import find_groups
    from simfind.core.results.writing import group_objects, header, write_result
    from simfind.core.scan.options import ScanOptions

    result = find_groups(folder, ScanOptions(), reference_folders=[reference])
    stream = io.StringIO()
    write_result(stream, header(result), group_objects(result.groups, result.bits))
    return stream.getvalue()


def test_keep_in_a_folder_and_bad_options(capsys, folder: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    target = result_of(capsys, folder, tmp_path / "result.json")
    code, out, err = run(
        capsys, "clean", str(target), "--keep", f"in:{folder / 'old'}", "--trash", "--dry-run"
    )
    assert code == 0, err
    assert "1 group without a file in" in err  # the code's group: left as it is
    would = [line for line in out.splitlines() if line.startswith("would trash")]
    assert len(would) == 2 and all("notes" in line for line in would)
    for argv, said in [
        ([str(target)], "say what to do"),
        ([str(target), "--trash", "--keep", "biggest"], "is no rule"),
        ([str(target), "--move-to", str(tmp_path / "nowhere")], "is not a folder"),
        (["--undo", "20990101-000000-000000"], "no operation"),
    ]:
        try:
            code, out, err = run(capsys, "clean", *argv)
        except SystemExit as exit:  # argparse's own refusal
            code, err = int(str(exit.code)), capsys.readouterr().err
        assert code == 2 and said in err, (argv, err)
    shutil.rmtree(folder)  # every file gone: each left, listed
    code, out, err = run(capsys, "clean", str(target), "--trash", "--yes")
    assert code == 1 and out.count("gone since the result") == 3


def test_every_outcome_of_the_clean_up_has_words() -> None:
    from simfind.cli.clean.words import outcome
    from simfind.core.cleanup.moves import FileMove, Outcome

    said = {
        found: outcome(FileMove(Path("a.txt"), None, found, 1))
        for found in Outcome
        if found is not Outcome.DONE
    }
    assert all(said.values()) and len(set(said.values())) == len(said)


def test_a_marked_version_with_text_the_kept_file_lacks_is_named_before_a_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    root = tmp_path / "faq"
    root.mkdir()
    tail = "\n\n".join(EN_DOCS)
    final = root / "faq-ch01 final.txt"
    final.write_text(EDITED + tail, encoding="utf-8")
    aged(final, 1000)
    saved = root / "faq-ch01.txt"  # saved last, without the edits
    saved.write_text(CHAPTER + tail, encoding="utf-8")
    target = result_of(capsys, root, tmp_path / "result.json")
    code, _, err = run(capsys, "clean", str(target), "--keep", "newest", "--trash", "--dry-run")
    assert code == 0, err
    words = difflib_lacking(EDITED + tail, CHAPTER + tail)
    assert f"{final} holds text the file kept for it lacks: {words} words not in {saved}" in err
    assert final.exists()

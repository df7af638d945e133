"""The one check of the inputs: each problem named, with its path and error number."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simfind.core.base.errors import InputError, InputProblem
from simfind.core.scan.inputs import check_inputs, check_output
from tests.core.scan.test_hostile import without_root_powers


def problem_of(reference: Path | None, folder: Path | None) -> InputError:
    with pytest.raises(InputError) as caught:
        check_inputs(reference, folder)
    return caught.value


@pytest.fixture
def place(tmp_path: Path) -> Path:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("some words", encoding="utf-8")
    return tmp_path


def test_usable_inputs_pass(place: Path) -> None:
    check_inputs(place / "file.txt", place / "folder")


def test_each_problem_is_named_with_its_path(place: Path) -> None:
    file, folder = place / "file.txt", place / "folder"
    cases = [
        (None, folder, InputProblem.NO_REFERENCE, None),
        (file, None, InputProblem.NO_FOLDER, None),
        (file, place / "nowhere", InputProblem.FOLDER_MISSING, place / "nowhere"),
        (file, file, InputProblem.NOT_A_FOLDER, file),
        (place / "missing.txt", folder, InputProblem.REFERENCE_MISSING, place / "missing.txt"),
        (folder, folder, InputProblem.REFERENCE_IS_FOLDER, folder),
    ]
    for reference, where, expected, path in cases:
        error = problem_of(reference, where)
        assert (error.problem, error.path) == (expected, path)


def test_a_path_through_a_file_is_an_os_error_with_its_number(place: Path) -> None:
    error = problem_of(place / "file.txt" / "inside.txt", place / "folder")
    assert error.problem is InputProblem.REFERENCE_UNREADABLE
    assert error.os_error is not None and error.os_error.errno == errno.ENOTDIR


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_pipe_is_not_a_reference(place: Path) -> None:
    os.mkfifo(place / "pipe")
    assert problem_of(place / "pipe", place / "folder").problem is InputProblem.REFERENCE_NOT_A_FILE


def test_output_inside_the_folder_is_fine_nowhere_is_not(place: Path) -> None:
    with pytest.raises(InputError) as caught:
        check_output(place / "no" / "r.csv")
    problem = (caught.value.problem, caught.value.path)
    assert problem == (InputProblem.OUTPUT_FOLDER_MISSING, place / "no")
    check_output(place / "folder" / "r.csv")  # the user named it: written, left out of scans
    check_output(place / "r.csv")


UNREADABLE_FOLDER = """
import sys
from pathlib import Path
from simfind.core.base.errors import InputError
from simfind.core.scan.scanner import scan
try:
    scan(Path(sys.argv[1]), Path(sys.argv[2]))
except InputError as error:
    print(error.problem.value, error.os_error.errno)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_folder_that_cannot_be_listed(place: Path) -> None:
    locked = place / "folder"
    locked.chmod(0o000)
    try:
        done = subprocess.run(
            [
                *without_root_powers(),
                sys.executable,
                "-c",
                UNREADABLE_FOLDER,
                str(place / "file.txt"),
                str(locked),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    finally:
        locked.chmod(0o755)
    assert done.stdout.split() == [InputProblem.FOLDER_UNREADABLE.value, str(errno.EACCES)]

"""`simfind completion SHELL`: scripts made from the parser; bash's run here for real."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BASH_COMPLETE = """
source "$1"
function=$(complete -p simfind | sed 's/.* -F \\([^ ]*\\).*/\\1/')
shift
COMP_WORDS=("$@")
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
COMP_LINE="${COMP_WORDS[*]}"
COMP_POINT=${#COMP_LINE}
"$function" simfind "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
printf '%s\\n' "${COMPREPLY[@]}"
"""


def script(shell: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "simfind", "completion", shell],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash here")
def test_bash_completes_commands_options_choices_and_folders(tmp_path: Path) -> None:
    completion = tmp_path / "simfind.bash"
    completion.write_text(script("bash"), encoding="utf-8")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")

    def complete(*words: str) -> list[str]:
        done = subprocess.run(
            ["bash", "-c", BASH_COMPLETE, "bash", str(completion), "simfind", *words],
            capture_output=True,
            text=True,
            check=True,
            cwd=tmp_path,
        )
        return done.stdout.split()

    assert complete("sc") == ["scan"]
    assert complete("groups", "--rec") == ["--records"]
    assert complete("scan", "--format", "") == ["table", "csv", "json", "xlsx"]
    assert complete("completion", "") == ["bash", "zsh", "fish", "powershell", "tcsh"]
    # scan's second path is a folder: only folders are offered; the reference, any file.
    assert complete("scan", "notes.txt", "not") == ["notes"]
    assert sorted(complete("scan", "not")) == ["notes", "notes.txt"]


@pytest.mark.parametrize("shell", ["zsh", "fish", "powershell"])
def test_every_shell_gets_every_command_and_option(shell: str) -> None:
    text = script(shell)
    for word in ("scan", "groups", "cache", "completion", "--records", "--threshold", "--dask"):
        assert word in text, (shell, word)

"""Signals and processes: `simfind scan` and the window end cleanly, and their workers with them.

Real processes, real signals. A worker "stalled" in a long batch is simulated by a
script that wraps the fingerprinting (spawned workers import the script too): for
a file containing STALL it blocks SIGINT, as a long C call would, and sleeps.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.texts import EN_DOCS, ZH_DOCS

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc; POSIX signals"
)

STALLING_CLI = """
import os, signal, sys, time
import simfind.core.scan.fingerprinting as fingerprinting
import simfind.core.runs.jobs as pool

pool.SMALL_SCAN_BYTES = 0  # a pool of its own even for a small folder
_real = fingerprinting.fingerprint_all

def _stalling(texts, settings):  # a batch of texts, fingerprinted in one pass
    if any("STALL" in text for text in texts):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # as a long C call would
        with open(os.environ["STALL_MARK"], "w"):
            pass
        time.sleep(600)
    return _real(texts, settings)

fingerprinting.fingerprint_all = _stalling

if __name__ == "__main__":
    from simfind.cli import main
    sys.exit(main())
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    for index in range(40):
        (root / f"doc{index:02}.txt").write_text(EN_DOCS[index % 3] + f" {index}", "utf-8")
    (root / "stall.txt").write_text("STALL " + ZH_DOCS[0], encoding="utf-8")
    return root


def interruptible() -> None:
    """In a child before it starts: Ctrl+C acts as in a terminal's foreground job (a shell
    that runs the tests in the background leaves SIGINT ignored, and children inherit it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(pid: int) -> set[int]:
    """The direct children of a process (pool workers and the resource tracker)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found.update(int(c) for c in (task / "children").read_text().split())
    return found


def alive(pids: set[int]) -> set[int]:
    """Those of ``pids`` still running (zombies are dead)."""
    left = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.add(pid)
    return left


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def launch(
    command: list[str],
    launched: list[subprocess.Popen[str]],
    env: dict[str, str] | None = None,
    stdout: int = subprocess.PIPE,
) -> subprocess.Popen[str]:
    """A command in a process group of its own, as a terminal's job, that Ctrl+C stops."""
    process = subprocess.Popen(
        command,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
        preexec_fn=interruptible,
    )
    launched.append(process)
    return process


@pytest.fixture
def launched() -> Iterator[list[subprocess.Popen[str]]]:
    """Processes started by a test; anything left of them is killed at the end."""
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        with contextlib.suppress(ProcessLookupError):  # the group: orphans too, on a failure
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()


def stalled(
    tmp_path: Path, script_text: str, arguments: list[str], launched: list[subprocess.Popen[str]]
) -> subprocess.Popen[str]:
    """A command run through a stalling script (STALLING_CLI and its kin), once something
    reached the stalling file."""
    script = tmp_path / "stalling_cli.py"
    script.write_text(script_text, encoding="utf-8")
    mark = tmp_path / "stalled"
    env = dict(os.environ, STALL_MARK=str(mark), SIMFIND_CACHE_DIR=str(tmp_path / "cache"))
    process = subprocess.Popen(
        [sys.executable, str(script), *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's job
        preexec_fn=interruptible,
    )
    launched.append(process)
    assert wait_for(mark.exists, 120), "nothing reached the stalling file"
    return process


def stalled_scan(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]]
) -> tuple[subprocess.Popen[str], set[int]]:
    """`simfind scan` with a worker stalled in a batch; its children."""
    arguments = ["scan", str(folder / "doc00.txt"), str(folder), "--jobs", "2", "--format", "json"]
    process = stalled(tmp_path, STALLING_CLI, arguments, launched)
    family = children(process.pid)
    assert len(family) >= 2  # workers and the resource tracker
    return process, family


@pytest.mark.parametrize("number", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_with_the_command_however_it_ends(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]], number: int
) -> None:
    process, family = stalled_scan(tmp_path, folder, launched)
    process.send_signal(number)
    _, stderr = process.communicate(timeout=60)
    assert wait_for(lambda: not alive(family), 15), f"orphans left: {alive(family)}"
    if number == signal.SIGTERM:
        assert process.returncode == 128 + signal.SIGTERM, stderr
        assert "Traceback" not in stderr, stderr
    else:
        assert process.returncode == -signal.SIGKILL


def test_ctrl_c_does_not_wait_for_a_running_batch(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]], untouched
) -> None:
    check = untouched(folder)
    process, family = stalled_scan(tmp_path, folder, launched)
    os.killpg(process.pid, signal.SIGINT)  # a terminal's Ctrl+C goes to the whole group
    # The stalled batch would take 600 s; generous, not a latency figure (bench_stress).
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1:] == ["simfind: interrupted"], stderr
    assert "Traceback" not in stderr, stderr
    assert wait_for(lambda: not alive(family), 15), f"orphans left: {alive(family)}"
    check()


def test_ctrl_c_while_the_workers_start_prints_no_traceback(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]]
) -> None:
    env = dict(os.environ, SIMFIND_CACHE_DIR=str(tmp_path / "cache"))
    (folder / "stall.txt").unlink()
    for index in range(9):  # 9 MB: enough for the scan to start a pool of its own
        (folder / f"big{index}.txt").write_text(f"lorem {index} ipsum dolor " * 60_000, "utf-8")
    command = [sys.executable, "-m", "simfind", "scan", str(folder / "doc00.txt"), str(folder)]
    for _ in range(2):
        process = launch([*command, "--jobs", "2", "--format", "json"], launched, env)
        # The moment the workers exist they are still importing: Ctrl+C then.
        assert wait_for(lambda: len(children(process.pid)) >= 2, 120)  # noqa: B023
        family = children(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
        assert process.returncode in (0, 130), stderr
        assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
        assert wait_for(lambda: not alive(family), 15)  # noqa: B023


def test_ctrl_c_in_the_windows_terminal_mid_scan_closes_it_cleanly(
    tmp_path: Path, launched: list[subprocess.Popen[str]]
) -> None:
    # Ctrl+C reaches the workers too: their KeyboardInterrupt came back through a
    # future into the scan thread, and Qt aborted (exit -11, 6 of 6 times).
    folder = tmp_path / "folder"
    folder.mkdir()
    for index in range(3000):
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
        start_new_session=True,
        preexec_fn=interruptible,
    )
    launched.append(app)
    assert wait_for(lambda: len(children(app.pid)) >= 2, 120)
    family = children(app.pid)
    time.sleep(1.0)  # the scan is under way in the workers
    os.killpg(app.pid, signal.SIGINT)
    _, stderr = app.communicate(timeout=60)
    assert app.returncode == 0, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "QThread" not in stderr, stderr
    assert wait_for(lambda: not alive(family), 15), f"orphans left: {alive(family)}"


WATCHED_POOL = """
import os, sys, threading, time
from simfind.core.runs.jobs import make_pool

if __name__ == "__main__":
    made = []
    # Started by a thread that is not the main one: no parent-death signal, the watchdog only.
    threading.Thread(target=lambda: made.append(make_pool(2))).start()
    while not made:
        time.sleep(0.01)
    pool = made[0]
    busy = [pool.submit(time.sleep, 600) for _ in range(2)]
    time.sleep(0.5)
    print(" ".join(str(p) for p in pool._processes), flush=True)
    time.sleep(600)
"""


def test_workers_without_a_death_signal_end_with_their_parent(
    tmp_path: Path, launched: list[subprocess.Popen[str]]
) -> None:
    script = tmp_path / "watched_pool.py"
    script.write_text(WATCHED_POOL, encoding="utf-8")
    parent = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=interruptible,
    )
    launched.append(parent)
    assert parent.stdout is not None
    workers = {int(pid) for pid in parent.stdout.readline().split()}
    assert len(workers) == 2 and alive(workers) == workers
    parent.kill()
    parent.wait(timeout=60)
    assert wait_for(lambda: not alive(workers), 15), f"orphans left: {alive(workers)}"


MASK_OF_A_NEW_PROCESS = """
import multiprocessing
from simfind.core.runs.worker_pool import _starting_workers

def report(connection):
    status = open("/proc/self/status").read()
    blocked = int(status.split("SigBlk:")[1].split()[0], 16)
    connection.send(bool(blocked & (1 << 1)))  # SIGINT is signal 2

if __name__ == "__main__":
    context = multiprocessing.get_context("spawn")
    reader, writer = context.Pipe(duplex=False)  # a pipe: no resource tracker yet
    with _starting_workers():
        process = context.Process(target=report, args=(writer,))
        process.start()  # the first process: the resource tracker starts now too
    print(reader.recv())
    process.join()
"""


def test_the_first_worker_starts_with_ctrl_c_blocked(tmp_path: Path) -> None:
    # Starting the resource tracker unblocked SIGINT: the workers started after it then
    # took a Ctrl+C while still importing (a traceback each, under load).
    script = tmp_path / "mask.py"
    script.write_text(MASK_OF_A_NEW_PROCESS, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]


SIGTERM_WHILE_LOADING = """
import builtins, os, signal, sys
real_import = builtins.__import__

def importing(name, *args, **kwargs):
    if name == "simfind.cli.entry":
        os.kill(os.getpid(), signal.SIGTERM)  # as `kill PID` while the modules load
    return real_import(name, *args, **kwargs)

builtins.__import__ = importing
from simfind.cli import main
sys.exit(main(["scan", "a", "b"]))
"""


def test_sigterm_while_the_command_loads_is_an_interrupt(tmp_path: Path) -> None:
    # It ended the process silently, killed by the signal (-15), before the handlers were set.
    done = subprocess.run(
        [sys.executable, "-c", SIGTERM_WHILE_LOADING],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 128 + signal.SIGTERM, done.stderr
    assert done.stderr.splitlines() == ["simfind: interrupted"]


def test_a_one_worker_scan_reads_a_large_file_in_a_worker(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]]
) -> None:
    # With --jobs 1 every file was read in the command's own process: a 60 MB Chinese
    # file held it in C calls for 2.7-3.4 s after Ctrl+C (bench_stress --big-file).
    # Here the "large" file stalls in a C call that holds the GIL (as cutting a long text
    # does): in the command's own process, nothing runs until it returns.
    stalling = STALLING_CLI.replace(
        "pool.SMALL_SCAN_BYTES = 0", "pool.LARGE_FILE_BYTES = 300  # stall.txt is larger"
    ).replace("time.sleep(600)", "__import__('ctypes').PyDLL(None).sleep(600)")
    arguments = ["scan", str(folder / "doc00.txt"), str(folder), "--jobs", "1", "--format", "json"]
    process = stalled(tmp_path, stalling, arguments, launched)
    os.killpg(process.pid, signal.SIGINT)
    try:
        _, stderr = process.communicate(timeout=30)  # generous: not a latency figure
    except subprocess.TimeoutExpired:
        pytest.fail("Ctrl+C waited for the large file")
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr, stderr


def test_waking_a_pool_whose_manager_closed_its_pipe_does_nothing() -> None:
    # At exit Python wakes every pool's manager thread; one that saw its workers killed
    # may close that pipe between the check and the write (Python 3.11). Here the pipe
    # is closed under the wake-up, as the race leaves it.
    from simfind.core.runs.jobs import make_pool

    pool = make_pool(1)
    try:
        wakeup = pool._executor_manager_thread_wakeup  # type: ignore[attr-defined]
        wakeup._writer.close()
        wakeup.wakeup()  # what the exit hook calls: no "Exception ignored ..."
    finally:
        pool.terminate()


POOL_WITH_A_TASK_HALF_WRITTEN = """
import os, signal, time
from simfind.core.runs.worker_pool import WorkerPool

def size(data):
    return len(data)

if __name__ == "__main__":
    pool = WorkerPool(1)
    for worker in list(pool._processes.values()):
        os.kill(worker.pid, signal.SIGSTOP)  # it reads no more tasks
    futures = [pool.submit(size, b"x" * 1_500_000) for _ in range(3)]
    time.sleep(1)  # the queue's feeder thread waits to write the rest of the first
    pool.terminate()
    print("terminated", flush=True)
"""


def test_a_pool_ends_with_a_task_half_written_into_its_pipe(tmp_path: Path) -> None:
    # A SIGTERM during `groups --records` once left the command alive 753 s: a thread
    # writing a 1.5 MB task into a pipe no worker read, the exit waiting for it.
    script = tmp_path / "half_written.py"
    script.write_text(POOL_WITH_A_TASK_HALF_WRITTEN, encoding="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, timeout=60
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the process did not end: its exit waits for the stuck writer")
    assert done.returncode == 0 and done.stdout.split() == ["terminated"], done.stderr


POOL_WITH_A_RESULT_HALF_WRITTEN = """
import gc, os, struct, time
from multiprocessing.queues import SimpleQueue
from simfind.core.runs.worker_pool import WorkerPool

def answer_in_part(mark):
    # As a worker killed while it sends a large answer leaves the pipe: the length of a
    # message, and only the start of it.
    results = next(o for o in gc.get_objects() if isinstance(o, SimpleQueue))
    os.write(results._writer.fileno(), struct.pack("!i", 1_000_000) + b"x" * 1000)
    open(mark, "w").close()
    time.sleep(600)

if __name__ == "__main__":
    import sys
    pool = WorkerPool(1)
    pool.submit(answer_in_part, sys.argv[1])
    while not os.path.exists(sys.argv[1]):
        time.sleep(0.01)
    time.sleep(0.5)  # the pool's manager thread waits for the rest of the answer
    pool.terminate()
    print("terminated", flush=True)
"""


def test_a_pool_ends_with_an_answer_half_written_into_its_pipe(tmp_path: Path) -> None:
    # Ctrl+C in the window's terminal mid-scan left the window's process alive, about
    # 1 run in 15 on a loaded machine: a worker killed while sending its answer, the
    # pool's manager thread waiting for the rest, the exit waiting for that thread.
    script = tmp_path / "half_answered.py"
    script.write_text(POOL_WITH_A_RESULT_HALF_WRITTEN, encoding="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, str(script), str(tmp_path / "mark")],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the process did not end: its exit waits for the pool's manager thread")
    assert done.returncode == 0 and done.stdout.split() == ["terminated"], done.stderr
    assert "Traceback" not in done.stderr, done.stderr


STALLING_RECORDS_CLI = """
import os, sys, time
import simfind.core.runs.jobs as pool
import simfind.core.records.collect as record_collect

pool.SMALL_SCAN_BYTES = 0  # a pool of its own even for a small folder
_real = record_collect.read_records

def _stalling(batch, *args):  # a batch of files, read for their records
    if any("stall" in str(path) for _, path in batch):
        with open(os.environ["STALL_MARK"], "w"):
            pass
        time.sleep(600)
    return _real(batch, *args)

record_collect.read_records = _stalling

if __name__ == "__main__":
    from simfind.cli import main
    sys.exit(main())
"""


def test_sigterm_while_records_are_read_does_not_wait_for_a_running_batch(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]]
) -> None:
    # The pool was shut down politely: a stop waited for the batches being read (up to
    # 3.6 s into a run of `groups --records lines`; here a batch of 600 s).
    arguments = ["groups", str(folder), "--records", "lines", "--jobs", "2"]
    process = stalled(tmp_path, STALLING_RECORDS_CLI, arguments, launched)
    family = children(process.pid)
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert time.monotonic() - started < 20, "waited for the running batch"  # generous
    assert wait_for(lambda: not alive(family), 15), f"orphans left: {alive(family)}"


UNUSED_POOL = """
import sys
from simfind.core.runs.worker_pool import WorkerPool

if __name__ == "__main__":
    pool = WorkerPool(2)  # its workers start now; it is given no work
    print(" ".join(str(p) for p in pool._processes), flush=True)
    pool.finish(sys.argv[1] == "completed")
"""


@pytest.mark.parametrize("how", ["completed", "stopped"])
def test_a_pool_never_given_work_ends_with_its_process(
    tmp_path: Path, launched: list[subprocess.Popen[str]], how: str
) -> None:
    # Shut down before any task, its workers were never told to go (the manager thread that
    # tells them starts with the first task): the interpreter's exit waited for them.
    script = tmp_path / "unused_pool.py"
    script.write_text(UNUSED_POOL, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, str(script), how],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    launched.append(process)
    assert process.stdout is not None
    workers = {int(pid) for pid in process.stdout.readline().split()}
    assert len(workers) == 2
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the process did not end: its exit waits for its idle workers {workers}")
    assert process.returncode == 0 and "Traceback" not in stderr, stderr
    assert not alive(workers)


@pytest.mark.slow
def test_records_of_a_log_of_one_line_repeated_end_the_command(
    tmp_path: Path, launched: list[subprocess.Popen[str]]
) -> None:
    # `groups FILE --records lines` on a log: its own pool for 50,000 records or more,
    # nothing submitted to it for so few distinct ones; the output came, the exit never.
    log = tmp_path / "service.log"
    lines = ["2024-05-01 INFO heartbeat ok\n"] * 60_000
    for index in range(0, 60_000, 1000):
        lines[index] = f"2024-05-01 WARN disk {index} nearly full on volume {index % 7}\n"
    log.write_text("".join(lines), encoding="utf-8")
    command = [sys.executable, "-m", "simfind", "groups", str(log), "--records", "lines"]
    process = subprocess.Popen(
        [*command, "--jobs", "2", "--no-cache", "--format", "json", "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    launched.append(process)
    try:
        out, stderr = process.communicate(timeout=240)
    except subprocess.TimeoutExpired:
        pytest.fail("the output came, but the process never ended")
    assert process.returncode == 0, stderr
    groups = json.loads(out)
    assert max(len(g["members"]) for g in groups) >= 59_000


def group_left(pgid: int) -> set[int]:
    """Live processes of a process group (a command's workers, its resource tracker)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == pgid and fields[0] != "Z":
                    found.add(int(entry.name))
    return found


#: `simfind` with a pool of its own for any folder; SIGTERM sent to itself at a moment
#: an interrupt can come ("made": right after a pool is made, before its caller's
#: ``try``; "shutdown": while a finished pool waits for its workers to go; "stuck": at
#: the end, with a thread the exit waits for that never ends).
INTERRUPTED_AT = """
import os, signal, sys, threading, time

if __name__ == "__main__":
    import simfind.core.runs.jobs as jobs
    import simfind.core.groups.folder_groups as folder_groups
    import simfind.core.scan.fingerprinting as fingerprinting
    from simfind.core.runs import worker_pool

    where = sys.argv.pop(1)
    jobs.SMALL_SCAN_BYTES = 0

    def terminate(after=0.0):
        threading.Timer(after, os.kill, (os.getpid(), signal.SIGTERM)).start()

    if where == "made":
        real_make = jobs.make_pool

        def making(*args, **kwargs):
            pool = real_make(*args, **kwargs)
            time.sleep(3)  # its workers started, waiting for work
            os.kill(os.getpid(), signal.SIGTERM)
            return pool

        fingerprinting.make_pool = folder_groups.make_pool = making
    elif where == "shutdown":
        real_finish = worker_pool.WorkerPool.finish

        def finishing(self, completed):
            if completed:
                terminate(0.05)
            return real_finish(self, completed)

        worker_pool.WorkerPool.finish = finishing
    else:
        real_groups = folder_groups.find_groups

        def stuck_groups(*args, **kwargs):
            threading.Thread(target=time.sleep, args=(600,)).start()  # joined at exit
            found = real_groups(*args, **kwargs)
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)
            return found

        folder_groups.find_groups = stuck_groups
        import simfind.cli.commands as commands
        commands.find_groups = stuck_groups
    from simfind.cli import main
    sys.exit(main())
"""


def run_interrupted(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]], script: str, *args: str
) -> tuple[subprocess.Popen[str], str, float]:
    path = tmp_path / "interrupted_at.py"
    path.write_text(script, encoding="utf-8")
    env = dict(os.environ, SIMFIND_CACHE_DIR=str(tmp_path / "cache"))
    command = [sys.executable, str(path), *args, "groups", str(folder), "--jobs", "2"]
    process = launch(command, launched, env, subprocess.DEVNULL)
    started = time.monotonic()
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the interrupted command never ended (processes {group_left(process.pid)})")
    return process, stderr, time.monotonic() - started


@pytest.mark.parametrize("moment", ["made", "shutdown", "stuck"])
def test_an_interrupt_at_any_moment_ends_the_command(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]], moment: str
) -> None:
    # A SIGTERM between a pool's start and its caller's `finally` left its workers waiting
    # for work and the exit joining them for ever; whatever else the exit waits for, an
    # interrupted command ends within moments of its last line.
    (folder / "stall.txt").unlink()
    process, stderr, _ = run_interrupted(tmp_path, folder, launched, INTERRUPTED_AT, moment)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert stderr.splitlines() == ["simfind: interrupted"]
    assert wait_for(lambda: not group_left(process.pid), 5), group_left(process.pid)


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.8, 1.6, 2.4, 3.2])
def test_sigterm_or_ctrl_c_at_several_moments_of_groups_ends_it(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]], delay: float
) -> None:
    (folder / "stall.txt").unlink()
    for index in range(12):  # files large enough for a pool of their own: 9 MB
        (folder / f"big{index}.txt").write_text(f"lorem {index} ipsum " * 40_000, "utf-8")
    for number in (signal.SIGTERM, signal.SIGINT):
        command = [sys.executable, "-m", "simfind", "groups", str(folder), "--no-cache"]
        process = launch([*command, "--jobs", "2"], launched, None, subprocess.DEVNULL)
        time.sleep(delay)
        if number == signal.SIGINT:
            os.killpg(process.pid, number)  # a terminal's Ctrl+C: the whole group
        else:
            process.send_signal(number)  # `timeout`, `kill PID`
        try:
            _, stderr = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{number!r} at {delay} s: never ended ({group_left(process.pid)})")
        # 0: it had finished; -N: the signal came as the interpreter started or ended,
        # before its handlers were set or after they were taken down (its default action).
        if process.returncode not in (0, -number):
            assert process.returncode == 128 + number, stderr
            assert stderr.splitlines()[-1:] == ["simfind: interrupted"], stderr
        assert "Traceback" not in stderr, stderr
        assert wait_for(lambda: not group_left(process.pid), 5), group_left(process.pid)  # noqa: B023


def test_sighup_to_the_group_ends_groups_as_sigterm_does(
    tmp_path: Path, folder: Path, launched: list[subprocess.Popen[str]]
) -> None:
    # A terminal closed: exit 129, then the resource tracker (killed by the SIGHUP too) was
    # started again and printed a warning and five KeyError tracebacks (23 lines).
    arguments = ["groups", str(folder), "--jobs", "2", "--format", "json"]
    process = stalled(tmp_path, STALLING_CLI, arguments, launched)
    os.killpg(process.pid, signal.SIGHUP)
    _, stderr = process.communicate(timeout=60)  # its end of stderr closed by all of the group
    assert process.returncode == 128 + signal.SIGHUP, stderr
    assert stderr.splitlines() == ["simfind: interrupted"]
    assert wait_for(lambda: not group_left(process.pid), 5), group_left(process.pid)
